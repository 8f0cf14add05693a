import { statSync } from 'node:fs';
import type { ParsedPageSource } from './frontmatter.js';

// What a dev server keeps between loads of one project. A change to docs.json reloads the
// whole site; the pages' frontmatter and the API specs it read a moment ago are, for the most
// part, unchanged. Each entry is kept with the size and modification time of the files it was
// read from, and used again only while they are the same and nobody said the files changed
// (`forget`, which the dev server calls with every path its watcher reports).

/** A file's size and modification time, or `missing`. */
type Stamp = string;

interface Kept<T> {
  stamps: Map<string, Stamp>;
  value: T;
}

/**
 * What earlier loads of a project read, for the next load to take again where its files are
 * unchanged (`SiteOptions.loadCache`): each page's frontmatter, and what the API specs gave.
 * For a dev server, which loads a project again after docs.json changes; a build loads once.
 */
export class SiteLoadCache {
  readonly #pages = new Map<string, Kept<ParsedPageSource>>();
  #specs: (Kept<unknown> & { key: string }) | undefined;
  readonly #repositories = new Map<string, Promise<unknown>>();

  /** Forgets what was read from `files` (absolute paths; a folder's path forgets what is under it). */
  forget(files: Iterable<string>): void {
    for (const file of files) {
      this.#pages.delete(file);
      if (this.#specs && [...this.#specs.stamps.keys()].some((path) => path === file || path.startsWith(`${file}/`) || path.startsWith(`${file}\\`))) this.#specs = undefined;
      for (const path of this.#pages.keys()) if (path.startsWith(`${file}/`) || path.startsWith(`${file}\\`)) this.#pages.delete(path);
    }
  }

  /** A page file's frontmatter and body: kept, or read with `read` (which may throw: nothing is kept then). */
  pageSource(file: string, read: (file: string) => ParsedPageSource): ParsedPageSource {
    const kept = this.#pages.get(file);
    if (kept && isCurrent(kept.stamps)) return kept.value;
    const stamp = stampOf(file);
    const value = read(file);
    // Kept only when the file did not change while it was read.
    if (stamp !== 'missing' && stampOf(file) === stamp) this.#pages.set(file, { stamps: new Map([[file, stamp]]), value });
    else this.#pages.delete(file);
    return value;
  }

  /**
   * What version control says of the project at `root` (`load`), asked once: a dev server's
   * watcher does not look into `.git`, and each ask starts processes (tens of milliseconds of
   * this process's time, each reload).
   */
  repository<T>(root: string, load: (root: string) => Promise<T>): Promise<T> {
    let kept = this.#repositories.get(root) as Promise<T> | undefined;
    if (!kept) {
      kept = load(root);
      this.#repositories.set(root, kept);
    }
    return kept;
  }

  /**
   * What the API specs gave for `key` (what the result depends on besides files): kept while
   * the key and every file in `files` of the kept result are the same; else `read` gives it,
   * and it is kept when `filesOf` names its files (`undefined`: not to be kept).
   */
  async specs<T>(key: string, read: () => Promise<T>, filesOf: (value: T) => string[] | undefined): Promise<T> {
    const kept = this.#specs;
    if (kept && kept.key === key && isCurrent(kept.stamps)) return kept.value as T;
    this.#specs = undefined;
    const value = await read();
    const files = filesOf(value);
    if (files) this.#specs = { key, value, stamps: new Map(files.map((file) => [file, stampOf(file)])) };
    return value;
  }
}

function stampOf(file: string): Stamp {
  try {
    const stats = statSync(file);
    return `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
  } catch {
    return 'missing';
  }
}

function isCurrent(stamps: ReadonlyMap<string, Stamp>): boolean {
  for (const [file, stamp] of stamps) if (stampOf(file) !== stamp) return false;
  return true;
}
