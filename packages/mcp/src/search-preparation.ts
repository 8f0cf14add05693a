import { createPageSearch, type PageSearch } from './page-search.js';
import type { McpSource } from './types.js';

/** The search index as far as it is made. */
export interface SearchState {
  /** The index: every page when `isComplete`, else the pages read so far. */
  search: PageSearch;
  /** Pages indexed so far. */
  indexedPages: number;
  /** Pages to index (`undefined` until the source has listed them). */
  totalPages: number | undefined;
  /** Whether every page is indexed. */
  isComplete: boolean;
}

/** A search index made in the background, page by page. */
export interface SearchPreparation {
  /** Starts making the index, if not started yet; the returned promise settles when it is made. */
  start(): Promise<void>;
  /**
   * Starts making the index if needed and waits for it, at most `timeoutMs`: the index then, made
   * or in part.
   *
   * @throws
   *   What made the index fail (the source's `pages()` failing).
   */
  wait(timeoutMs: number): Promise<SearchState>;
  /** Stops making the index after the page being read (the site changed: a new index is made). */
  stop(): void;
}

// Reading a page's Markdown from a live site renders it (tens of milliseconds): the index gives
// the event loop back this often so `read_page` and `list_pages` answer while it is made.
const sliceMs = 10;

/**
 * The search index over `source`, made page by page in navigation order when first asked
 * (`start`, or the first `wait`), yielding to other work every few milliseconds. A page whose
 * Markdown cannot be read is indexed by its title and description.
 */
export function prepareSearch(source: McpSource): SearchPreparation {
  const search = createPageSearch();
  let totalPages: number | undefined;
  let isComplete = false;
  let running: Promise<void> | undefined;
  let isStopped = false;

  async function run(): Promise<void> {
    const pages = await source.pages();
    totalPages = pages.length;
    let slice = performance.now();
    for (const page of pages) {
      if (isStopped) return;
      let markdown: string | undefined;
      try {
        markdown = await source.markdown(page.path);
      } catch {
        // read_page reports the page's problem; the index still finds it by title.
      }
      search.add({ page, markdown: markdown ?? '' });
      if (performance.now() - slice > sliceMs) {
        await nextTurn();
        slice = performance.now();
      }
    }
    isComplete = true;
  }

  const start = (): Promise<void> => (running ??= run());
  const state = (): SearchState => ({ search, indexedPages: search.size, totalPages, isComplete });
  return {
    start,
    stop() {
      isStopped = true;
    },
    async wait(timeoutMs) {
      const made = start();
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([made, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      } finally {
        clearTimeout(timer);
      }
      return state();
    },
  };
}

/** Resolves after pending I/O and timers had their turn (`setImmediate` where there is one, as in Node). */
function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  return new Promise((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));
}
