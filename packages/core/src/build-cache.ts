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
interface KeptFile {
  bytes: number;
  mtime: string;
}

/**
 * A page from the cache: the rendered page but its HTML and Markdown twin, which are placed in
 * the output as they are, from `htmlFile` and `markdownFile`.
 */
export interface CachedPage extends Omit<BuiltPage, 'html' | 'markdown'> {
  htmlFile: string;
  htmlBytes: number;
  markdownFile: string;
  markdownBytes: number;
  facts: PageFacts;
}

type CacheEntry = Omit<CachedPage, 'htmlFile' | 'htmlBytes' | 'markdownFile' | 'markdownBytes'> & { html: KeptFile; markdown: KeptFile };

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
    return { ...rest, htmlFile, htmlBytes: html.bytes, markdownFile, markdownBytes: markdown.bytes };
  }

  /** Stores a page that rendered without errors, with what the build read from its HTML. */
  write(page: BuiltPage, facts: PageFacts): void {
    if (page.messages.some((message) => message.fatal) || page.dependencies.length === 0) return;
    const name = this.#entryName(page.slug);
    mkdirSync(this.#folder, { recursive: true });
    const { html, markdown, ...rest } = page;
    const entry: CacheEntry = {
      ...rest,
      html: keep(join(this.#folder, `${name}.html`), html),
      markdown: keep(join(this.#folder, `${name}.md`), markdown),
      facts,
    };
    writeWhole(join(this.#folder, `${name}.json`), JSON.stringify(entry));
    this.#used.add(name);
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
