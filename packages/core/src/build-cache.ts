import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltPage } from './build-render.js';
import { hashSource } from './modules.js';

// Bumped whenever what a cache entry holds, or how it is keyed, changes.
const formatVersion = 1;

/**
 * The build's disk cache of rendered pages, one JSON file per page under
 * `<root>/.docsgen/cache/build/`. An entry is keyed by the site key (everything every page
 * depends on: docsgen's version, docs.json, the manifest, the site URL) and the slug, and is
 * used only while every project file the page depended on still has the same content hash.
 * Entries a build did not use are deleted at its end, so the cache holds one build's pages.
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
  read(slug: string): BuiltPage | undefined {
    const name = this.#entryName(slug);
    let entry: BuiltPage;
    try {
      entry = JSON.parse(readFileSync(join(this.#folder, name), 'utf8')) as BuiltPage;
    } catch {
      return undefined;
    }
    if (entry.slug !== slug || !Array.isArray(entry.dependencies) || entry.dependencies.length === 0) return undefined;
    for (const dependency of entry.dependencies) {
      if (this.#hashOf(dependency.file) !== dependency.hash) return undefined;
    }
    this.#used.add(name);
    return entry;
  }

  /** Stores a page that rendered without errors. */
  write(page: BuiltPage): void {
    if (page.messages.some((message) => message.fatal) || page.dependencies.length === 0) return;
    const name = this.#entryName(page.slug);
    mkdirSync(this.#folder, { recursive: true });
    writeFileSync(join(this.#folder, name), JSON.stringify(page));
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
    for (const name of names) if (name.endsWith('.json') && !this.#used.has(name)) rmSync(join(this.#folder, name), { force: true });
  }

  #entryName(slug: string): string {
    return `${createHash('sha256').update(`${formatVersion}\0${this.#siteKey}\0${slug}`).digest('hex').slice(0, 40)}.json`;
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
