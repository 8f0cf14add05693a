import type { DocsgenMessage } from '@docsgen/config';
import type { PagefindIndex } from 'pagefind';
import type { StoredSearchRecords } from './search-store.js';

/** One page to index: what the index knows of it besides its rendered document. */
export interface SearchPage {
  /** The page's slug: how `SearchIndexer#add` and the result's `slugs` name it. */
  slug: string;
  /** The page's root-relative URL, as the site publishes it (its search results link there). */
  url: string;
  /** Frontmatter keywords: extra, weighted terms, not shown in excerpts (default: none). */
  keywords?: readonly string[] | undefined;
  /** The page's version and language in the navigation: the filters `version` and `language` (default: none). */
  version?: string | undefined;
  language?: string | undefined;
  /** The page's source file, named in messages about it (default: none). */
  file?: string | undefined;
}

/** One file of the search index, relative to `searchFolder`. */
export interface SearchIndexFile {
  path: string;
  content: Uint8Array;
}

/** What an index made: its files, the pages in it, and what went wrong. */
export interface SearchIndexResult {
  /** The index files, sorted by path; empty when the index could not be made. */
  files: SearchIndexFile[];
  /** Slugs of the pages indexed, in the order they were added. */
  slugs: string[];
  messages: DocsgenMessage[];
}

/** Options of `SearchService#buildIndex`. */
export interface BuildSearchIndexOptions {
  /**
   * Each page's share of the last index made with this holder, kept in memory (a dev server
   * indexing again after an edit): only pages whose searchable text is new go to Pagefind.
   * Default: none, every page goes to Pagefind.
   */
  shares?: SearchShares | null | undefined;
  /**
   * Stops the index: no more pages are asked for and nothing is written; the result has no
   * files (a server that closes does not wait for every page). Default: none.
   */
  signal?: AbortSignal | null | undefined;
}

/** An index being built while pages are rendered (`startSearchIndex`). */
export interface SearchIndexer {
  /** The slugs to index, in the order they are indexed (`listIndexablePages`). */
  slugs: readonly string[];
  /**
   * Hands over one page's rendered document (`undefined`: leave it out), in any order: pages
   * are indexed in `slugs` order, each as soon as every page before it has been handed over,
   * so the index is the same whatever order pages are rendered in. Other slugs are ignored.
   * A page handed over before (a cached page) may come as the hash this returned then, with a
   * way to read its document should the index need it.
   *
   * @returns
   *   The hash of the page's searchable document, with a store (`undefined` otherwise, or for
   *   a slug not indexed).
   */
  add(slug: string, page: string | undefined | KnownPage): string | undefined;
  /** Resolves when fewer than a few pages wait for Pagefind (lets a producer keep pace). */
  drained(): Promise<void>;
  /**
   * Waits for every page, then writes the index; pages never handed over are left out. With
   * `discard`, waits only for the pages Pagefind has and writes nothing (no files).
   */
  finish(options?: { discard?: boolean | undefined } | null): Promise<SearchIndexResult>;
}

/** Where an index keeps each page's share for the next one, in memory (`BuildSearchIndexOptions.shares`). */
export interface SearchShares {
  current?: StoredSearchRecords | undefined;
}

/** A page the index was handed before: the hash `SearchIndexer#add` returned then, and its rendered document. */
export interface KnownPage {
  hash: string;
  html: () => string | undefined;
}

/** Options of `startSearchIndex`. */
export interface StartSearchIndexOptions {
  /**
   * Folder of the stored index (`.docsgen/cache/search` in a build). When every page's
   * searchable document is the one the stored index was made from, its files are used and
   * Pagefind does not run; when some are new, Pagefind indexes those pages alone and the index
   * is put together from their share and the stored share of the others. The new index is
   * stored there (default: no store).
   */
  storeFolder?: string | null | undefined;
  /** Pages' shares kept in memory instead of in `storeFolder` (see `BuildSearchIndexOptions.shares`). */
  shares?: SearchShares | null | undefined;
  /**
   * A page's rendered document again, for a page whose share was to come from the store but
   * cannot (the store could not be read, or Pagefind's new output cannot be split): the page then
   * goes to Pagefind. Without it, neither `storeFolder` nor `shares` is used.
   */
  document?: ((slug: string) => string | undefined | Promise<string | undefined>) | null | undefined;
  /**
   * Pages in one round at least, with `document` (internal, for tests: default 100; a round is
   * also at least an eighth of the pages, and there are no rounds when one would take them all).
   */
  roundSize?: number | null | undefined;
  /**
   * Pages the producer renders after the last page of the index (pages it does not index),
   * while Pagefind writes the index. Without a store, pages go to Pagefind in rounds only when
   * these are fewer than a tenth of the index's pages: more cover Pagefind's writing (default: `0`).
   */
  pagesAfter?: number | null | undefined;
  /**
   * Called with files of the index as soon as they are most likely final, so a build can write
   * them while pages still render instead of after the last one: a round's page fragments once
   * its shares check out, and (without a store) Pagefind's fragments and client files once it
   * has written them. The finished index (`SearchIndexer#finish`) is what counts: a file given
   * here can be missing from it or differ (a fragment's name lengthened by a collision with a
   * page of a later round, a round that fell back to one index), and is then the caller's to
   * replace or delete. Default: none.
   */
  onFiles?: ((files: SearchIndexFile[]) => void) | null | undefined;
  /**
   * Pagefind processes the index is made in (Pagefind handles one request at a time, in one
   * thread). Rounds take turns among them, so a round is not written behind the one before. An
   * index without a store made in one go, with `document`, goes to one process per language,
   * languages with the most pages first, so that Pagefind writes their files on as many cores at
   * once; with pages of one language, or pages that cannot be told apart by language, it is made
   * in one. Default: one per core, at most 4.
   */
  processes?: number | null | undefined;
}

/** A Pagefind index from Pagefind's process, or `undefined` when it could not start (reported in `messages`). */
export type PagefindIndexResult = { index?: PagefindIndex | undefined; errors: string[] };

/** What an indexer needs from the service that owns it (`SearchService`). */
export interface IndexerHost {
  /**
   * A new Pagefind index in Pagefind's process `process` (default: the first; each number is a
   * process of its own); `undefined` (with a message) when the process cannot start.
   */
  createIndex(messages: DocsgenMessage[], process?: number): Promise<PagefindIndexResult | undefined>;
  /** Called once the index is finished (written or discarded). */
  finished(): Promise<void>;
}
