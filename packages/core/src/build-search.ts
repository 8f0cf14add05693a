import type { SearchService } from '@docsgen/search';
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

  constructor(service: SearchService, indexer: SearchIndexer, keptFolder?: string | undefined) {
    this.#service = service;
    this.indexer = indexer;
    this.kept = keptFolder ? new KeptOutputFiles(keptFolder) : undefined;
  }

  /** Every page is in: the index is written from now on. */
  finish(): void {
    this.#index ??= this.indexer.finish();
  }

  /** The index's files, once written; closes Pagefind's process. */
  async end(): Promise<Awaited<ReturnType<SearchIndexer['finish']>>> {
    const index = await (this.#index ??= this.indexer.finish());
    await this.#service.close();
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
  if (search.kept) for (const file of files) writer.linkFrom(file.path, file.content.length, search.kept.keep(file.path, file.content));
  else await writer.writeAll(files);
  return index;
}
