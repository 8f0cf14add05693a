import type { DocsgenMessage } from '@docsgen/config';
import * as pagefind from 'pagefind';
import { concurrency, startSearchIndex } from './search-indexer.js';
import { excludeSelectors } from './searchable-document.js';
import type { BuildSearchIndexOptions, PagefindIndexResult, SearchIndexer, SearchIndexResult, SearchPage, StartSearchIndexOptions } from './search-types.js';

// Pagefind's Node API runs one background process per Node process, started by the first
// `createIndex` and stopped by `close()` for everyone. A `SearchService` is one owner's hold on
// that process (a build, a dev server): closing it ends its own hold, and the process stops
// once no open service is still making an index. Two dev servers, or a dev server and a build,
// in one Node process then never close the process under each other's index. An index in parts
// (`StartSearchIndexOptions.processes`) runs further processes, stopped with the first.

/** Services making an index now (the shared process stays up while there is one). */
const busy = new Set<SearchService>();
/** Services closed while making an index: the process stops when the last of those finishes. */
let isCloseWanted = false;

/** Makes search indexes with Pagefind; create one per owner (a build, a dev server) and close it when done. */
export interface SearchService {
  /**
   * Starts an index of `pages`, in this order, for pages handed over as they render
   * (`SearchIndexer#add`); `finish` writes it.
   */
  startIndex(pages: readonly SearchPage[], options?: StartSearchIndexOptions | null): SearchIndexer;
  /**
   * The index of `pages`, from each page's rendered document (`undefined`: leave the page out),
   * asked for a few at a time. When Pagefind cannot start (its platform binary is missing): no
   * files and a fatal `search-index-failed` message saying how to fix it.
   */
  buildIndex(
    pages: readonly SearchPage[],
    document: (slug: string) => string | undefined | Promise<string | undefined>,
    options?: BuildSearchIndexOptions | null,
  ): Promise<SearchIndexResult>;
  /**
   * Ends this service's hold on Pagefind's process (stopped once no other service is making an
   * index; started again by the next index of any service). Indexes of this service still being
   * made finish first.
   */
  close(): Promise<void>;
}

/** A new `SearchService`; it starts Pagefind's process only when an index needs it. */
export function createSearchService(): SearchService {
  let building = 0;
  let isClosing = false;
  const service: SearchService = {
    startIndex(pages, options) {
      // An index after `close` holds the process again.
      isClosing = false;
      building += 1;
      busy.add(service);
      return startSearchIndex(pages, options, {
        createIndex: createPagefindIndex,
        async finished() {
          building -= 1;
          if (building > 0) return;
          busy.delete(service);
          if (isClosing || isCloseWanted) await release();
        },
      });
    },
    async buildIndex(pages, document, options) {
      const shares = options?.shares ?? undefined;
      const indexer = service.startIndex(pages, shares ? { shares, document } : undefined);
      const signal = options?.signal ?? undefined;
      // Pages go to Pagefind's process a few at a time: one by one, it waits on each round trip.
      let next = 0;
      const feed = async (): Promise<void> => {
        while (next < indexer.slugs.length && !signal?.aborted) {
          const slug = indexer.slugs[next++] as string;
          indexer.add(slug, await document(slug));
          await indexer.drained();
        }
      };
      await Promise.all(Array.from({ length: concurrency }, feed));
      return indexer.finish({ discard: signal?.aborted === true });
    },
    async close() {
      isClosing = true;
      if (building === 0) await release();
    },
  };
  return service;
}

/** Stops Pagefind's process, unless a service is making an index: then the last one to finish stops it. */
async function release(): Promise<void> {
  if (busy.size > 0) {
    isCloseWanted = true;
    return;
  }
  isCloseWanted = false;
  await pagefind.close();
  for (const instance of instances.values()) await instance.then((module) => module.close());
}

// Further Pagefind processes, by number (1 and up). The API's process belongs to its module, so
// each comes from another instance of the module: the same file loaded under another URL.
const instances = new Map<number, Promise<typeof pagefind>>();

/** The Pagefind API of process `number` (0: the module's own). */
function pagefindProcess(number: number): Promise<typeof pagefind> {
  if (number === 0) return Promise.resolve(pagefind);
  let instance = instances.get(number);
  // A module that does not load again (a bundle moved away from it) leaves its indexes to the
  // first process: they are indexes of their own all the same, written one after another.
  if (!instance) instances.set(number, (instance = loadAgain(number).catch(() => pagefind)));
  return instance;
}

async function loadAgain(number: number): Promise<typeof pagefind> {
  return (await import(`${import.meta.resolve('pagefind')}?process=${number}`)) as typeof pagefind;
}

/**
 * A new index in Pagefind's process `number` (started now if it is not running; default: the
 * first); `undefined` when it cannot start (reported).
 */
function createPagefindIndex(messages: DocsgenMessage[], number = 0): Promise<PagefindIndexResult | undefined> {
  return pagefindProcess(number).then((module) => module.createIndex({ excludeSelectors })).then(
    (result) => {
      if (!result.index) messages.push(serviceMessage(result.errors.join('; ')));
      return result;
    },
    (error: unknown) => {
      messages.push(serviceMessage(error));
      return undefined;
    },
  );
}

function serviceMessage(error: unknown): DocsgenMessage {
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  return {
    reason: 'Cannot build the search index: the Pagefind indexer did not start',
    ruleId: 'search-index-failed',
    source: '@docsgen/search',
    fatal: true,
    actual: error instanceof Error ? error.message : String(error),
    note: `Pagefind runs a platform binary from the optional dependency \`@pagefind/${platform}\`. Reinstall dependencies with optional ones included (\`npm install\` / \`pnpm install\`, without \`--no-optional\` or \`--omit=optional\`), or set \`PAGEFIND_BINARY_PATH\` to a Pagefind binary.`,
  };
}
