import type { SearchIndexFile, SearchService } from '@docsgen/search';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputWriter } from './build-output.js';
import { KeptOutputFiles } from './kept-output-files.js';
import { searchFolder, type SearchIndexer } from './search-index.js';
import type { Site } from './site.js';

// The build's part of full-text search: the index made while pages render, finished and its
// files written once every page is in, with Pagefind's process closed on every path.

/**
 * The build's search index, finished on every path and its search service closed, or Pagefind's
 * process would keep Node alive. Its files are linked from copies kept across builds when caching.
 */
export class SearchRun {
  readonly indexer: SearchIndexer;
  readonly kept: KeptOutputFiles | undefined;
  readonly #service: SearchService;
  #index: ReturnType<SearchIndexer['finish']> | undefined;
  // Files of the index written before it was finished (`writeEarly`), by output path, and the
  // writes still under way. Once one failed, every file is written again at the end.
  readonly #early = new Map<string, Uint8Array>();
  readonly #earlyWrites: Array<Promise<void>> = [];
  #hasEarlyFailed = false;
  #isEnded = false;

  constructor(service: SearchService, indexer: SearchIndexer, keptFolder?: string | undefined) {
    this.#service = service;
    this.indexer = indexer;
    this.kept = keptFolder ? new KeptOutputFiles(keptFolder) : undefined;
  }

  /**
   * Writes files of the index that are most likely final (`StartSearchIndexOptions.onFiles`)
   * while pages still render: a thousand fragments written after the last page kept the end of
   * a build waiting (0.36 s on the 1,000-page corpus). Linked from the kept copies when caching,
   * like the rest (`writeSearchIndex`).
   */
  writeEarly(writer: OutputWriter, files: readonly SearchIndexFile[]): void {
    const early = this.#early;
    if (this.#isEnded) return;
    const pending: SearchIndexFile[] = [];
    for (const file of files) {
      const path = `${searchFolder}/${file.path}`;
      if (early.has(path)) continue;
      try {
        if (this.kept) writer.linkFrom(path, file.content.length, this.kept.keep(path, file.content));
        else pending.push({ path, content: file.content });
        early.set(path, file.content);
      } catch {
        // Written at the end, where a failure is reported.
      }
    }
    if (pending.length > 0) {
      this.#earlyWrites.push(writer.writeAll(pending).catch(() => {
        this.#hasEarlyFailed = true;
      }));
    }
  }

  /**
   * The files `writeEarly` put in the output by path, once `end` has been awaited, and whether
   * they were all written whole (not when a write failed).
   */
  get writtenEarly(): { files: ReadonlyMap<string, Uint8Array>; isWhole: boolean } {
    return { files: this.#early, isWhole: !this.#hasEarlyFailed };
  }

  /** Every page is in: the index is written from now on. */
  finish(): void {
    this.#index ??= this.indexer.finish();
  }

  /** The index's files, once written; closes Pagefind's process. Files written early are written by then. */
  async end(): Promise<Awaited<ReturnType<SearchIndexer['finish']>>> {
    const index = await (this.#index ??= this.indexer.finish());
    await this.#service.close();
    // The index gives no more files once finished; none is written into the output after this.
    this.#isEnded = true;
    await Promise.all(this.#earlyWrites);
    return index;
  }
}

/** A page written into the staging folder, for the search index: its HTML, or the home page's `index.html`. */
export function writtenPage(writer: OutputWriter, site: Site, slug: string): string | undefined {
  for (const name of [`${slug}.html`, ...(slug === site.homeSlug ? ['index.html'] : [])]) {
    const html = writer.read(name);
    if (html !== undefined) return html;
  }
  return undefined;
}

/** The indexer of a site without search: it takes nothing and writes no file. */
export const noSearchIndex: SearchIndexer = {
  slugs: [],
  add: () => undefined,
  drained: async () => undefined,
  finish: async () => ({ files: [], slugs: [], messages: [] }),
};

/** Writes the search index's files once the index is made (linked from the copies kept across builds when caching); returns the index. */
export async function writeSearchIndex(writer: OutputWriter, search: SearchRun): Promise<Awaited<ReturnType<SearchIndexer['finish']>>> {
  const index = await search.end();
  const files = index.files.map((file) => ({ path: `${searchFolder}/${file.path}`, content: file.content }));
  // Files written early stay when the index has them as they are; the others are replaced or deleted.
  const early = search.writtenEarly;
  const paths = new Set(files.map((file) => file.path));
  for (const path of early.files.keys()) if (!paths.has(path)) writer.remove(path);
  const rest = early.isWhole ? files.filter((file) => !isSameBytes(early.files.get(file.path), file.content)) : files;
  if (search.kept) for (const file of rest) writer.linkFrom(file.path, file.content.length, search.kept.keep(file.path, file.content));
  else await writer.writeAll(rest);
  return index;
}

function isSameBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
  return a !== undefined && Buffer.compare(a, b) === 0;
}

/**
 * Whether the search index's files go into the output before the project's own files: always,
 * unless the project has a folder where they go (`_docsgen`), whose files must not win.
 */
export function isSearchIndexFirst(root: string): boolean {
  return !existsSync(join(root, searchFolder.split('/')[0]!));
}
