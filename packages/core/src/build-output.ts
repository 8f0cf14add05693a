import { type DocsgenMessage } from '@docsgen/config';
import { isInside } from '@docsgen/util/is-inside';
import { closeSync, constants, copyFileSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { Worker } from 'node:worker_threads';
import { OutputLinker } from './kept-output-files.js';

// The build's output writer: every file of the output is reserved here (path and size), written
// or linked into a staging folder beside the output folder, and swapped in as a whole at the end,
// so readers never see a half-written site and a failed build leaves the previous one as it was.

export interface OutputWriterOptions {
  /** The output folder the staging folder replaces (absolute). */
  outDir: string;
  /** Folder the replaced output goes to, deleted by the next build (default: none, deleted at once). */
  trash?: string | null | undefined;
  /** Process id naming the staging folder (default: `process.pid`). */
  pid?: number | null | undefined;
}

export interface CopyTreeOptions {
  /** The folder nothing may leave (real paths are checked against it). */
  within: string;
  /** The folder copied. */
  from: string;
  /** The output path it is copied to (posix, `''` for the output's root). */
  prefix: string;
  /** Leaves entries out, given the path from `from` and whether it is a folder (default: none left out). */
  include?: ((path: string, isDirectory: boolean) => boolean) | null | undefined;
  /** Where warnings (a link out of the project) go. */
  messages: DocsgenMessage[];
}

const source = '@docsgen/core';

/** Writes a build's output into a staging folder, then swaps it in for `outDir`. */
export class OutputWriter {
  /** The staging folder (`.<outDir>.docsgen-<pid>` beside the output folder). */
  readonly staging: string;
  /** Every output path written (posix) with its size in bytes, in the order written. */
  readonly written = new Map<string, number>();
  readonly #outDir: string;
  readonly #trash: string | undefined;
  readonly #folders = new Set<string>();
  // Cached pages and the search index's files are linked into the output, not written again
  // (a tenth of the time for 1,000 pages).
  readonly #linker = new OutputLinker();

  constructor(options: OutputWriterOptions) {
    this.#outDir = options.outDir;
    this.#trash = options.trash ?? undefined;
    this.staging = stagingFolder(options.outDir, options.pid ?? process.pid);
  }

  /**
   * Starts an empty staging folder, and deletes what builds killed mid-way (`kill -9`) left
   * beside the output folder: their staging folders, named by a process that no longer runs.
   */
  open(): void {
    removeStaleStaging(this.#outDir);
    rmSync(this.staging, { recursive: true, force: true });
  }

  /**
   * The staging file for `path`, counted as `bytes`. A file written twice is replaced, not
   * written into: it may be a link to a cache entry.
   */
  reserveFile(path: string, bytes: number): string {
    const file = join(this.staging, path);
    const folder = dirname(file);
    if (!this.#folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.#folders.add(folder);
    }
    if (this.written.has(path)) rmSync(file, { force: true });
    this.written.set(path, bytes);
    return file;
  }

  write(path: string, content: string | Uint8Array): void {
    writeFileSync(this.reserveFile(path, typeof content === 'string' ? Buffer.byteLength(content) : content.length), content);
  }

  /**
   * Writes `parts` to `path` one after another as they come, so that a large output (every
   * page's twin, in llms-full.txt) is never held whole; counted as the bytes written.
   */
  async writeParts(path: string, parts: AsyncIterable<string>): Promise<void> {
    const handle = openSync(this.reserveFile(path, 0), 'w');
    let bytes = 0;
    try {
      for await (const part of parts) bytes += writeSync(handle, part);
    } finally {
      closeSync(handle);
      this.written.set(path, bytes);
    }
  }

  /**
   * Writes `files` on libuv's threads, a few at a time, while this thread goes on (a thousand
   * small files written one by one cost it half a second); their paths are reserved now, in
   * this order.
   */
  async writeAll(files: Iterable<{ path: string; content: string | Uint8Array }>): Promise<void> {
    const pending = [...files].map(({ path, content }) => ({ file: this.reserveFile(path, typeof content === 'string' ? Buffer.byteLength(content) : content.length), content }));
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < pending.length) {
        const { file, content } = pending[next++]!;
        await writeFile(file, content);
      }
    };
    await Promise.all(Array.from({ length: Math.min(writeLanes, pending.length) }, lane));
  }

  /** Deletes the file written at `path`, which is then no longer part of the output. */
  remove(path: string): void {
    if (!this.written.delete(path)) return;
    rmSync(join(this.staging, path), { force: true });
  }

  /** Puts the file `from` (a cache entry, never written into) at `path`, linked when it can be. */
  linkFrom(path: string, bytes: number, from: string): void {
    this.#linker.place(from, this.reserveFile(path, bytes));
  }

  /** The text of a file written at `path`, `undefined` when there is none. */
  read(path: string): string | undefined {
    try {
      return readFileSync(join(this.staging, path), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** Total size of the files written. */
  get bytes(): number {
    let bytes = 0;
    for (const size of this.written.values()) bytes += size;
    return bytes;
  }

  /**
   * Copies the regular files of `from` to `prefix`, in name order. Dotfiles are skipped, and
   * anything whose real path leaves `within` (a symlink pointing out of the project is reported,
   * never published).
   */
  copyTree(options: CopyTreeOptions): void {
    this.#copyTree(options, realpathSync(options.within), options.from, '');
  }

  #copyTree(options: CopyTreeOptions, realWithin: string, from: string, base: string): void {
    const { within, include, messages, prefix } = options;
    let entries;
    try {
      entries = readdirSync(from, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.')) continue;
      const relativePath = base === '' ? entry.name : `${base}/${entry.name}`;
      // A plain file left out needs no look at the disk (pages, in a walk of the whole project).
      if (include && entry.isFile() && !include(relativePath, false)) continue;
      const path = join(from, entry.name);
      let real: string;
      try {
        real = realpathSync(path);
      } catch {
        continue;
      }
      if (!isInside(realWithin, real)) {
        if (include && !include(relativePath, statSync(real).isDirectory())) continue;
        messages.push({
          reason: `Not publishing \`${relative(within, path)}\`: it is a link to a file outside the project`,
          ruleId: 'build-link-outside',
          source,
          fatal: false,
          file: path,
        });
        continue;
      }
      const stats = lstatSync(real);
      if (include && !include(relativePath, stats.isDirectory())) continue;
      if (stats.isDirectory()) this.#copyTree(options, realWithin, path, relativePath);
      // A copy-on-write clone where the filesystem has them (APFS, Btrfs, XFS): a project's
      // videos and images cost no time or space until one side changes; a copy elsewhere.
      else if (stats.isFile()) copyFileSync(real, this.reserveFile(prefix === '' ? relativePath : `${prefix}/${relativePath}`, stats.size), constants.COPYFILE_FICLONE);
    }
  }

  /** Deletes the staging folder: the previous output stays as it was. */
  discard(): void {
    rmSync(this.staging, { recursive: true, force: true });
  }

  /** Replaces the output folder with the staging folder: two renames, so readers never see a half-written site. */
  swapIn(): void {
    const outDir = this.#outDir;
    if (!existsSync(outDir)) {
      mkdirSync(dirname(outDir), { recursive: true });
      renameSync(this.staging, outDir);
      return;
    }
    if (this.#trash) {
      try {
        mkdirSync(this.#trash, { recursive: true });
        if (statSync(this.#trash).dev === statSync(outDir).dev) {
          renameSync(outDir, join(this.#trash, `${Date.now()}-${process.pid}`));
          renameSync(this.staging, outDir);
          return;
        }
      } catch {
        // The old output is deleted here instead, below.
      }
    }
    const old = join(dirname(outDir), `.${basename(outDir)}.docsgen-old-${process.pid}`);
    rmSync(old, { recursive: true, force: true });
    renameSync(outDir, old);
    renameSync(this.staging, outDir);
    rmSync(old, { recursive: true, force: true });
  }
}

// Files `OutputWriter#writeAll` writes at once.
const writeLanes = 16;

/** The staging folder of the build process `pid` writing `outDir`. */
export function stagingFolder(outDir: string, pid: number): string {
  return join(dirname(outDir), `.${basename(outDir)}.docsgen-${pid}`);
}

/**
 * Deletes the staging folders (and old outputs being deleted) that builds of `outDir` left
 * when they were killed: those named by a process id that no longer runs. A running build's
 * folders, this process's included, are left alone.
 */
export function removeStaleStaging(outDir: string, isRunning: (pid: number) => boolean = isProcessRunning): string[] {
  const parent = dirname(outDir);
  const prefix = `.${basename(outDir)}.docsgen-`;
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = /^(?:old-)?([1-9]\d{0,9})$/.exec(name.slice(prefix.length))?.[1];
    if (pid === undefined || Number(pid) === process.pid || isRunning(Number(pid))) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Whether a process with this id runs (one of another user counts: it cannot be signalled, but it is there). */
function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Deletes what earlier builds put in the trash folder (oldest output first) on a thread of its
 * own: deleting thousands of files one request at a time costs the build's thread tens of
 * milliseconds, and waits on it between requests. `stop` ends it when the build is done: a
 * build waits for the deletion only when it has few files left to delete (at most
 * `trashLeftOver`); more (a large output, after a quick build) are left for the next build.
 * `undefined` when the trash is empty. Never throws, and `stop` never rejects.
 */
export function emptyTrash(trash: string): { stop(): Promise<void> } | undefined {
  let worker: Worker;
  try {
    // Listed now: the output this build replaces goes there too, when it ends.
    const names = readdirSync(trash);
    if (names.length === 0) return undefined;
    worker = new Worker(trashWorkerCode, { eval: true, workerData: names.sort().map((name) => join(trash, name)) });
  } catch {
    return undefined;
  }
  // A file that cannot be deleted (permissions) stops the worker; it is tried again next time.
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolvePromise) => worker.once('exit', () => resolvePromise()));
  // How many files the trash holds, once the worker has counted them.
  const counted = new Promise<number>((resolvePromise) => {
    worker.once('message', (count: number) => resolvePromise(count));
    void exited.then(() => resolvePromise(0));
  });
  return {
    stop: async () => {
      if ((await counted) > trashLeftOver) await worker.terminate();
      await exited;
    },
  };
}

const trashLeftOver = 200;

// Counts the files of the outputs given (for `stop`), then deletes them.
const trashWorkerCode = `
const { readdirSync, rmSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
let count = 0;
for (const folder of workerData) {
  try {
    count += readdirSync(folder, { recursive: true }).length;
  } catch {}
}
parentPort.postMessage(count);
for (const folder of workerData) rmSync(folder, { recursive: true, force: true });
`;
