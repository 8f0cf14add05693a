import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltPage } from './build-render.js';
import { hashSource } from './modules.js';

// Bumped whenever what a cache entry holds, or how it is keyed, changes.
const formatVersion = 2;

/** What the build read from a page's HTML when it rendered it, kept so a cached page's HTML need not be read. */
export interface PageFacts {
  /** The hash of the page's searchable document (`undefined`: the page is not indexed, or there is no search store). */
  searchHash: string | undefined;
  /** Whether the page links the API reference's stylesheet, and the embeddable API viewers' script. */
  usesApi: boolean;
  usesApiViewer: boolean;
}

/** A page from the cache: the rendered page but its HTML, which is copied from `htmlFile` as it is. */
export interface CachedPage extends Omit<BuiltPage, 'html'> {
  htmlFile: string;
  htmlBytes: number;
  facts: PageFacts;
}

/**
 * The build's disk cache of rendered pages, two files per page under
 * `<root>/.docsgen/cache/build/`: the HTML document, copied into the output as it is, and a JSON
 * file with the rest. An entry is keyed by the site key (everything every page depends on:
 * docsgen's version, docs.json, the manifest, the site URL) and the slug, and is used only
 * while every project file the page depended on still has the same content hash. Entries a
 * build did not use are deleted at its end, so the cache holds one build's pages.
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
    let entry: CachedPage;
    try {
      entry = JSON.parse(readFileSync(join(this.#folder, `${name}.json`), 'utf8')) as CachedPage;
      entry.htmlFile = join(this.#folder, `${name}.html`);
      // The JSON is written after the HTML: an HTML file of another size is not this entry's.
      if (statSync(entry.htmlFile).size !== entry.htmlBytes) return undefined;
    } catch {
      return undefined;
    }
    if (entry.slug !== slug || !Array.isArray(entry.dependencies) || entry.dependencies.length === 0 || typeof entry.facts !== 'object') return undefined;
    for (const dependency of entry.dependencies) {
      if (this.#hashOf(dependency.file) !== dependency.hash) return undefined;
    }
    this.#used.add(name);
    return entry;
  }

  /** Stores a page that rendered without errors, with what the build read from its HTML. */
  write(page: BuiltPage, facts: PageFacts): void {
    if (page.messages.some((message) => message.fatal) || page.dependencies.length === 0) return;
    const name = this.#entryName(page.slug);
    mkdirSync(this.#folder, { recursive: true });
    const html = Buffer.from(page.html);
    writeFileSync(join(this.#folder, `${name}.html`), html);
    const { html: _html, ...rest } = page;
    writeFileSync(join(this.#folder, `${name}.json`), JSON.stringify({ ...rest, htmlBytes: html.length, facts }));
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
    for (const name of names) if (!this.#used.has(name.replace(/\.(json|html)$/, ''))) rmSync(join(this.#folder, name), { force: true });
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

/** Hashes everything every page of a build depends on into one key. */
export function hashSiteKey(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
