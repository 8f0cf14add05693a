import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import type { BuiltPage } from './build-render.js';
import { hashSource } from './modules.js';
import { writeWhole } from './write-whole.js';

// Bumped whenever what a cache entry holds, or how it is keyed, changes.
const formatVersion = 3;

/** What the build read from a page's HTML when it rendered it, kept so a cached page's HTML need not be read. */
export interface PageFacts {
  /** The hash of the page's searchable document (`undefined`: the page is not indexed, or there is no search store). */
  searchHash: string | undefined;
  /** Whether the page links the API reference's stylesheet, and the embeddable API viewers' script. */
  usesApi: boolean;
  usesApiViewer: boolean;
}

/** One file of a cache entry as it was written: its size and modification time (nanoseconds). */
export interface KeptFile {
  bytes: number;
  mtime: string;
}

/** A page's HTML and Markdown twin as files of the cache, placed in the output as they are. */
export interface PageFiles {
  htmlFile: string;
  markdownFile: string;
  html: KeptFile;
  markdown: KeptFile;
}

/** A page from the cache: the rendered page but its HTML and Markdown twin, which are `files`. */
export interface CachedPage extends Omit<BuiltPage, 'html' | 'markdown'> {
  files: PageFiles;
  facts: PageFacts;
}

type CacheEntry = Omit<CachedPage, 'files'> & Pick<PageFiles, 'html' | 'markdown'>;

/**
 * The build's disk cache of rendered pages, three files per page under
 * `<root>/.docsgen/cache/build/`: the HTML document and the Markdown twin, which a build links
 * into its output (or copies, across file systems), and a JSON file with the rest. An entry is
 * keyed by the site key (everything every page depends on: docsgen's version, docs.json, the
 * manifest, the site URL) and the slug, and is used only while every project file the page
 * depended on still has the same content hash. Entries a build did not use are deleted at its
 * end, so the cache holds one build's pages.
 *
 * An output file linked to an entry shares its content, so an entry's files are never written
 * in place (a new file replaces the old one), and an entry whose files changed size or
 * modification time since they were written (someone edited the output in place) is not used.
 */
export class BuildCache {
  readonly #folder: string;
  readonly #root: string;
  readonly #siteKey: string;
  readonly #fileHashes = new Map<string, string | undefined>();
  readonly #used = new Set<string>();

  constructor(options: { root: string; folder: string; siteKey: string }) {
    this.#root = options.root;
    this.#folder = options.folder;
    this.#siteKey = options.siteKey;
  }

  /** The cached render of `slug`, when nothing it depends on changed. */
  read(slug: string): CachedPage | undefined {
    const name = this.#entryName(slug);
    const htmlFile = join(this.#folder, `${name}.html`);
    const markdownFile = join(this.#folder, `${name}.md`);
    let entry: CacheEntry;
    try {
      entry = JSON.parse(readFileSync(join(this.#folder, `${name}.json`), 'utf8')) as CacheEntry;
      // The JSON is written after the other two: files of another size or time are not this entry's.
      if (!isKept(htmlFile, entry.html) || !isKept(markdownFile, entry.markdown)) return undefined;
    } catch {
      return undefined;
    }
    if (entry.slug !== slug || !Array.isArray(entry.dependencies) || entry.dependencies.length === 0 || typeof entry.facts !== 'object') return undefined;
    for (const dependency of entry.dependencies) {
      if (this.#hashOf(dependency.file) !== dependency.hash) return undefined;
    }
    this.#used.add(name);
    const { html, markdown, ...rest } = entry;
    return { ...rest, files: { htmlFile, markdownFile, html, markdown } };
  }

  /**
   * Writes a rendered page's HTML and twin into the cache, for the build to place in its output
   * (`undefined`: the page is not cached, because it has errors or depends on no file, or the
   * cache cannot be written). `write` stores the rest once the build has read the HTML.
   */
  keepFiles(page: BuiltPage): PageFiles | undefined {
    if (page.messages.some((message) => message.fatal) || page.dependencies.length === 0) return undefined;
    const name = this.#entryName(page.slug);
    const htmlFile = join(this.#folder, `${name}.html`);
    const markdownFile = join(this.#folder, `${name}.md`);
    try {
      mkdirSync(this.#folder, { recursive: true });
      return { htmlFile, markdownFile, html: keep(htmlFile, page.html), markdown: keep(markdownFile, page.markdown) };
    } catch {
      return undefined;
    }
  }

  /** Stores a page whose files `keepFiles` kept, with what the build read from its HTML. */
  write(page: BuiltPage, files: PageFiles, facts: PageFacts): void {
    const name = this.#entryName(page.slug);
    const { html: _html, markdown: _markdown, ...rest } = page;
    const entry: CacheEntry = { ...rest, html: files.html, markdown: files.markdown, facts };
    try {
      writeWhole(join(this.#folder, `${name}.json`), JSON.stringify(entry));
      this.#used.add(name);
    } catch {
      // Best effort: a page the cache does not hold renders again next time.
    }
  }

  /** Deletes entries this build did not read or write. */
  prune(): void {
    let names: string[];
    try {
      names = readdirSync(this.#folder);
    } catch {
      return;
    }
    for (const name of names) if (!this.#used.has(name.replace(/\.(json|html|md)$/, ''))) rmSync(join(this.#folder, name), { force: true });
  }

  #entryName(slug: string): string {
    return createHash('sha256').update(`${formatVersion}\0${this.#siteKey}\0${slug}`).digest('hex').slice(0, 40);
  }

  #hashOf(relativeFile: string): string | undefined {
    if (this.#fileHashes.has(relativeFile)) return this.#fileHashes.get(relativeFile);
    const file = join(this.#root, relativeFile);
    let hash: string | undefined;
    try {
      hash = hashSource(file, readFileSync(file, 'utf8'));
    } catch {
      hash = undefined;
    }
    this.#fileHashes.set(relativeFile, hash);
    return hash;
  }
}

/** Writes a new file (never into the old one, which an output folder may share) and says what it was. */
function keep(file: string, content: string): KeptFile {
  writeWhole(file, content);
  const stats = statSync(file, { bigint: true });
  return { bytes: Number(stats.size), mtime: String(stats.mtimeNs) };
}

function isKept(file: string, kept: KeptFile | undefined): boolean {
  let stats: BigIntStats;
  try {
    stats = statSync(file, { bigint: true });
  } catch {
    return false;
  }
  return typeof kept === 'object' && kept !== null && Number(stats.size) === kept.bytes && String(stats.mtimeNs) === kept.mtime;
}

/** Hashes everything every page of a build depends on into one key. */
export function hashSiteKey(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
