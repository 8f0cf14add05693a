import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import type { BuiltPage } from './build-render.js';
import { absentHash, hashSource } from './modules.js';
import { writeNew, writeWhole } from '@docsgen/util/write-whole';

// Bumped whenever what a cache entry holds, or how it is keyed, changes.
const formatVersion = 7;
const manifestName = 'entries.json';

/** What the build learnt of a page when it rendered it, kept so a cached page's HTML need not be read. */
export interface PageFacts {
  /** The hash of the page's searchable document (`undefined`: the page is not indexed, or there is no search store). */
  searchHash: string | undefined;
  /** Whether the page links the API reference's stylesheet (an operation or a viewer). */
  usesApi: boolean;
  /** The embeddable API viewers the page shows (`viewer-a`): their script and bundles are published. */
  apiViewers: string[];
  /** Whether the page has interactive components (it loads Preact and the islands loader). */
  usesIslands: boolean;
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
 * The build's disk cache of rendered pages, under `<root>/.docsgen/cache/build/`: per page its
 * HTML document and Markdown twin (`<name>.html`, `<name>.md`), which a build links into its
 * output (or copies, across file systems), and one manifest, `entries.json`, with the rest of
 * every page's entry. An entry is keyed by the site key (everything every page depends on:
 * docsgen's version, docs.json, the manifest, the site URL) and the slug, and is used only
 * while every project file the page depended on still has the same content hash. `save` ends
 * a build: the manifest then holds the entries it read or wrote, and the other entries' files
 * are deleted, so the cache holds one build's pages. One manifest, not a file per page: a
 * build of 1,000 pages creates a thousand files fewer, and reads one.
 *
 * An output file linked to an entry shares its content, so an entry's files are never written
 * in place (a new file replaces the old one), and an entry whose files changed size or
 * modification time since they were written (someone edited the output in place, or a build
 * stopped halfway wrote the page again) is not used.
 */
export class BuildCache {
  readonly #folder: string;
  readonly #root: string;
  readonly #siteKey: string;
  readonly #fileHashes = new Map<string, string | undefined>();
  /** The last build's entries by name, read with the first lookup. */
  #stored: Map<string, CacheEntry> | undefined;
  /** The entries this build read or wrote: the next manifest. */
  readonly #used = new Map<string, CacheEntry>();
  #isFolderMade = false;

  /**
   * `knownHashes`: content hashes (`hashSource`) of project files already read, by posix path
   * relative to the root (the pages, read by `createSite`); other files are read when a page
   * depends on them.
   */
  constructor(options: { root: string; folder: string; siteKey: string; knownHashes?: ReadonlyMap<string, string> | undefined }) {
    this.#root = options.root;
    this.#folder = options.folder;
    this.#siteKey = options.siteKey;
    for (const [file, hash] of options.knownHashes ?? []) this.#fileHashes.set(file, hash);
  }

  /** The cached render of `slug`, when nothing it depends on changed. */
  read(slug: string): CachedPage | undefined {
    const name = this.#entryName(slug);
    const entry = this.#readManifest().get(name);
    if (typeof entry !== 'object' || entry === null || entry.slug !== slug) return undefined;
    if (!Array.isArray(entry.dependencies) || entry.dependencies.length === 0 || typeof entry.facts !== 'object') return undefined;
    const htmlFile = join(this.#folder, `${name}.html`);
    const markdownFile = join(this.#folder, `${name}.md`);
    if (!isKept(htmlFile, entry.html) || !isKept(markdownFile, entry.markdown)) return undefined;
    for (const dependency of entry.dependencies) {
      const hash = this.#hashOf(dependency.file);
      // A file the page imports and that was missing (`absentHash`) must still be missing.
      if (dependency.hash === absentHash ? hash !== undefined : hash !== dependency.hash) return undefined;
    }
    this.#used.set(name, entry);
    const { html, markdown, ...rest } = entry;
    return { ...rest, files: { htmlFile, markdownFile, html, markdown } };
  }

  /**
   * Writes a rendered page's HTML and twin into the cache, for the build to place in its output
   * (`undefined`: the page is not cached, because it has errors or depends on no file, or the
   * cache cannot be written). `write` records the rest once the build has read the HTML.
   */
  keepFiles(page: BuiltPage): PageFiles | undefined {
    if (page.messages.some((message) => message.fatal) || page.dependencies.length === 0) return undefined;
    const name = this.#entryName(page.slug);
    const htmlFile = join(this.#folder, `${name}.html`);
    const markdownFile = join(this.#folder, `${name}.md`);
    try {
      if (!this.#isFolderMade) mkdirSync(this.#folder, { recursive: true });
      this.#isFolderMade = true;
      return { htmlFile, markdownFile, html: keep(htmlFile, page.html), markdown: keep(markdownFile, page.markdown) };
    } catch {
      return undefined;
    }
  }

  /** Records a page whose files `keepFiles` kept, with what the build learnt of it (stored by `save`). */
  write(page: BuiltPage, files: PageFiles, facts: PageFacts): void {
    const { html: _html, markdown: _markdown, ...rest } = page;
    this.#used.set(this.#entryName(page.slug), { ...rest, html: files.html, markdown: files.markdown, facts });
  }

  /**
   * Ends the build's use of the cache: the manifest becomes the entries this build read or
   * wrote, and every other file is deleted. Best effort: a cache that cannot be written costs
   * the next build time. Call it once the pages are rendered, whether the build failed or not.
   */
  save(): void {
    try {
      mkdirSync(this.#folder, { recursive: true });
      writeWhole(join(this.#folder, manifestName), JSON.stringify({ formatVersion, entries: [...this.#used] }));
    } catch {
      return;
    }
    let names: string[];
    try {
      names = readdirSync(this.#folder);
    } catch {
      return;
    }
    for (const name of names) {
      if (name !== manifestName && !this.#used.has(name.replace(/\.(html|md)$/, ''))) rmSync(join(this.#folder, name), { force: true });
    }
  }

  #readManifest(): Map<string, CacheEntry> {
    if (this.#stored) return this.#stored;
    this.#stored = new Map();
    try {
      const manifest = JSON.parse(readFileSync(join(this.#folder, manifestName), 'utf8')) as { formatVersion?: unknown; entries?: unknown };
      if (manifest.formatVersion === formatVersion && Array.isArray(manifest.entries)) {
        for (const item of manifest.entries as unknown[]) {
          if (Array.isArray(item) && typeof item[0] === 'string') this.#stored.set(item[0], item[1] as CacheEntry);
        }
      }
    } catch {
      // No manifest (or an unreadable one): every page renders.
    }
    return this.#stored;
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
  // The size and time are recorded once the file is whole: a half-written one is never used.
  writeNew(file, content);
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
