import type { DocsgenMessage, KeptIncludes } from '@docsgen/config';
import { writeWhole } from '@docsgen/util/write-whole';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { isSiteFile, type DiscoveredPages, type PageFile } from './discover.js';
import { ignoreFileName } from './project-ignore.js';
import type { Frontmatter } from './frontmatter.js';
import type { PageBodyFacts, PageInfo } from './pages.js';
import { docsgenCodeKey } from './version.js';

// What a dev server keeps between loads of one project. A change to docs.json reloads the
// whole site; the pages' frontmatter and the API specs it read a moment ago are, for the most
// part, unchanged. Each entry is kept with the size and modification time of the files it was
// read from, and used again only while they are the same and nobody said the files changed
// (`forget`, which the dev server calls with every path its watcher reports).
//
// What a load made of those, where its other inputs are the same, is kept too: the pages found
// (while no page, site file or folder appeared or went), each page's metadata (while its
// frontmatter and folder label are the same), and the parts `keep` is asked for (the page
// compiler, while its settings are the same). A reload after a docs.json edit then does the
// work that edit calls for, not the whole project's again.
//
// The pages' part can also be kept in a file (`SiteLoadCacheOptions.file`): a dev server started
// again then reads only the pages that changed since (on a 1,000-page project, reading and
// parsing every page is a good part of the time to the first page).

/** What `loadProject` takes of a page file: its frontmatter, problems with it, and what the body says of the page. */
export interface KeptPageSource {
  data: Frontmatter;
  messages: DocsgenMessage[];
  body: PageBodyFacts;
}

export interface SiteLoadCacheOptions {
  /**
   * JSON file to keep the pages' part in across processes: read on the first page asked for,
   * written by `save` (default: none, kept in memory only).
   */
  file?: string | null | undefined;
}

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
  readonly #pages = new Map<string, Kept<KeptPageSource>>();
  #specs: (Kept<unknown> & { key: string }) | undefined;
  readonly #repositories = new Map<string, Promise<unknown>>();
  readonly #file: string | undefined;
  #isFileRead = false;
  /** Pages read since the file was read or written: `save` has something to write. */
  #isChanged = false;
  /** Pages whose kept entry came from the file: it went through JSON already. */
  readonly #fromFile = new Set<string>();
  /** Pages asked for in this process: only they are written (a deleted page's entry goes). */
  readonly #asked = new Set<string>();
  /** The pages `discoverPages` found under a root: kept while no forgotten path could change what it finds. */
  #discovered: { root: string; value: DiscoveredPages; known: Set<string> } | undefined;
  /** The metadata `describePage` made of each kept page source, with what else it was made from. */
  readonly #described = new WeakMap<KeptPageSource, { file: PageFile; folderLabel: string | undefined; page: PageInfo }>();
  /** What `keep` made, by name, with the inputs and the stamps of the files it was made from. */
  readonly #made = new Map<string, Kept<unknown> & { inputs: unknown }>();
  /** docs.json's included files as parsed by loads before (`LoadConfigOptions.includes`): parsed again only when their text changes. */
  readonly configIncludes: KeptIncludes = new Map();
  /** Work held back until `save`, by name: the last one asked for each. */
  readonly #later = new Map<string, () => void>();
  /** Names of `once` work that ran, or waits to. */
  readonly #once = new Set<string>();

  constructor(options?: SiteLoadCacheOptions | null) {
    this.#file = options?.file ?? undefined;
  }

  /** Forgets what was read from `files` (absolute paths; a folder's path forgets what is under it). */
  forget(files: Iterable<string>): void {
    for (const file of files) {
      if (this.#discovered && changesDiscovery(this.#discovered, file)) this.#discovered = undefined;
      this.#pages.delete(file);
      const isForgotten = (path: string): boolean => path === file || path.startsWith(`${file}/`) || path.startsWith(`${file}\\`);
      for (const [name, kept] of this.#made) if ([...kept.stamps.keys()].some(isForgotten)) this.#made.delete(name);
      // `.mintignore` may leave a spec out, or in.
      if (this.#specs && ([...this.#specs.stamps.keys()].some(isForgotten) || basename(file) === ignoreFileName)) this.#specs = undefined;
      for (const path of this.#pages.keys()) if (isForgotten(path)) this.#pages.delete(path);
    }
  }

  /**
   * The pages and site files under `root` (`discoverPages`, run with `discover`): kept while
   * every path forgotten since is a page or site file it found that is still a file, or a file
   * that is neither a page nor a site file (docs.json, an image). A folder, a page that appeared
   * or went, or anything in doubt finds them again.
   */
  async discovery(root: string, discover: () => Promise<DiscoveredPages>): Promise<DiscoveredPages> {
    if (this.#discovered?.root === root) return this.#discovered.value;
    const value = await discover();
    this.#discovered = { root, value, known: new Set([...value.pages.map((page) => page.file), ...value.siteFiles.map((path) => join(root, path))]) };
    return value;
  }

  /**
   * The metadata of a page (`describe`, `describePage`) from its kept source: the one made
   * before while the source, the page file and its folder label are the same.
   */
  describedPage(file: PageFile, source: KeptPageSource, folderLabel: string | undefined, describe: () => PageInfo): PageInfo {
    const kept = this.#described.get(source);
    if (kept && kept.folderLabel === folderLabel && isDeepStrictEqual(kept.file, file)) return kept.page;
    const page = describe();
    this.#described.set(source, { file, folderLabel, page });
    return page;
  }

  /**
   * What `make` gives for `inputs`: the value made before under `name` while the inputs are
   * deeply equal to those it was made from (functions and class instances by identity), the
   * `files` it read (absolute) are unchanged and not forgotten, and `isReusable` (default: yes)
   * says the value may serve again (not one with messages that point into a file that changed);
   * else made now. For the parts of a site that depend on nothing else: the page compiler and
   * its settings, the folders' `_meta.json`, the navigation model of the same navigation.
   */
  keep<T>(name: string, inputs: unknown, make: () => T, options?: { files?: readonly string[] | undefined; isReusable?: ((value: T) => boolean) | undefined } | null): T {
    const kept = this.#made.get(name);
    const files = options?.files ?? [];
    if (kept && isDeepStrictEqual(kept.inputs, inputs) && isDeepStrictEqual([...kept.stamps.keys()], files) && isCurrent(kept.stamps) && (options?.isReusable?.(kept.value as T) ?? true)) return kept.value as T;
    this.#made.delete(name);
    const stamps = new Map(files.map((file) => [file, stampOf(file)]));
    const value = make();
    // Kept only when no file changed while it was made.
    if (isCurrent(stamps)) this.#made.set(name, { inputs, value, stamps });
    return value;
  }

  /**
   * Holds `task` until `save`, which a dev server calls a second after each load, off the path
   * of what waits for it: the last one for each `name` runs. For docs.json's cache entry
   * (`LoadConfigOptions.cache.defer`), and, `once` in the cache's life, the parse of the
   * includes a start took from that entry, so that the first docs.json edit finds them parsed.
   */
  later(name: string, task: () => void, options?: { once?: boolean | undefined } | null): void {
    if (options?.once) {
      if (this.#once.has(name)) return;
      this.#once.add(name);
    }
    this.#later.set(name, task);
  }

  /** A page file's frontmatter and what its body says: kept, or read with `read` (which may throw: nothing is kept then). */
  pageSource(file: string, read: (file: string) => KeptPageSource): KeptPageSource {
    this.#readFile();
    this.#asked.add(file);
    const kept = this.#pages.get(file);
    if (kept && isCurrent(kept.stamps)) return kept.value;
    const stamp = stampOf(file);
    const value = read(file);
    // Kept only when the file did not change while it was read.
    if (stamp !== 'missing' && stampOf(file) === stamp) this.#pages.set(file, { stamps: new Map([[file, stamp]]), value });
    else this.#pages.delete(file);
    this.#fromFile.delete(file);
    this.#isChanged = true;
    return value;
  }

  /**
   * Does the work held back (`later`), then writes the pages' part to the options'
   * `file`, when pages were read since it was last read or written. Only what survives JSON as it is goes in (a frontmatter date, say, does not).
   * A file that cannot be written costs the next start time, nothing else.
   */
  save(): void {
    const tasks = [...this.#later.values()];
    this.#later.clear();
    for (const task of tasks) task();
    if (!this.#file || !this.#isChanged) return;
    this.#isChanged = false;
    const pages: Record<string, { stamp: Stamp; value: KeptPageSource }> = {};
    for (const [file, kept] of this.#pages) {
      const stamp = kept.stamps.get(file);
      if (stamp === undefined || !this.#asked.has(file)) continue;
      if (!this.#fromFile.has(file) && !isDeepStrictEqual(JSON.parse(JSON.stringify(kept.value)), kept.value)) continue;
      pages[file] = { stamp, value: kept.value };
    }
    try {
      mkdirSync(dirname(this.#file), { recursive: true });
      // Keyed by docsgen's version and code: another docsgen reads the pages anew.
      writeWhole(this.#file, JSON.stringify({ key: docsgenCodeKey(), pages }));
    } catch {
      // Read-only project, full disk: the next start reads every page.
    }
  }

  /** Takes the pages kept in the options' `file` (once, and only what is still current is used). */
  #readFile(): void {
    if (this.#isFileRead || !this.#file) return;
    this.#isFileRead = true;
    let kept: { key?: unknown; pages?: unknown };
    try {
      kept = JSON.parse(readFileSync(this.#file, 'utf8')) as typeof kept;
    } catch {
      return;
    }
    if (kept.key !== docsgenCodeKey() || typeof kept.pages !== 'object' || kept.pages === null) return;
    for (const [file, entry] of Object.entries(kept.pages as Record<string, { stamp?: unknown; value?: KeptPageSource }>)) {
      if (typeof entry?.stamp !== 'string' || !isKeptPageSource(entry.value) || this.#pages.has(file)) continue;
      this.#pages.set(file, { stamps: new Map([[file, entry.stamp]]), value: entry.value });
      this.#fromFile.add(file);
    }
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

function isKeptPageSource(value: unknown): value is KeptPageSource {
  if (typeof value !== 'object' || value === null) return false;
  const { data, messages, body } = value as Partial<KeptPageSource>;
  return typeof data === 'object' && data !== null && Array.isArray(messages) && typeof body === 'object' && body !== null && typeof body.hasUpdates === 'boolean';
}

/** A name `discoverPages` may take for a page (`pageExtension` of discover.ts). */
const pageExtension = /\.(mdx|md)$/i;

/**
 * Whether a change at `path` may change what `discoverPages` finds: a folder (that appeared or
 * changed), a page or site file that appeared or went, a path that is gone and held what it
 * found, or one it reported (an unreadable folder).
 */
function changesDiscovery(discovered: { root: string; value: DiscoveredPages; known: Set<string> }, path: string): boolean {
  let isFile = false;
  try {
    if (!statSync(path).isFile()) return true;
    isFile = true;
  } catch {
    // Gone.
  }
  if (discovered.known.has(path)) return !isFile;
  const fromRoot = relative(discovered.root, path).split(sep).join('/');
  if (pageExtension.test(fromRoot) || isSiteFile(fromRoot) || fromRoot === ignoreFileName) return true;
  if (isFile) return false;
  const inside = `${path}${sep}`;
  return [...discovered.known].some((file) => file.startsWith(inside)) || discovered.value.messages.some((message) => message.file === path || message.file?.startsWith(inside));
}

function stampOf(file: string): Stamp {
  try {
    // No error made for a missing file (`_meta.json` of most folders).
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats) return 'missing';
    return `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
  } catch {
    return 'missing';
  }
}

function isCurrent(stamps: ReadonlyMap<string, Stamp>): boolean {
  for (const [file, stamp] of stamps) if (stampOf(file) !== stamp) return false;
  return true;
}
