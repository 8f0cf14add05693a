import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AdapterName } from './adapters.js';
import type { BuildCache, CachedPage, PageFacts, PageFiles } from './build-cache.js';
import type { CardCache } from './build-card-cache.js';
import { renderBuiltPage, type BuiltPage } from './build-render.js';
import { createPageQueue, drainPageQueue } from './page-queue.js';
import type { Site } from './site.js';

// The build's page scheduler: which pages come from the cache and which render, in what order,
// on which thread. Each page is handed to `takePage` once, cached or rendered, as it is ready.

/** What a worker thread needs to load the project as the build did. */
export interface WorkerData {
  root: string;
  siteUrl: string | undefined;
  /** The build's adapter: pages link the site's own `/mcp` when it runs functions. */
  adapter: AdapterName;
  cardFolder: string | undefined;
  compileCache: boolean;
  navigationCache: string | undefined;
}

export interface SchedulePagesOptions {
  /** The pages to build, in the order they are read from the cache and rendered. */
  slugs: readonly string[];
  /** The build's page cache (default: none, every page renders). */
  cache?: BuildCache | null | undefined;
  /** The build's social cards: a page whose card is not at hand renders again. */
  cards: CardCache;
  /** The card hash of each page that has a card (`planCards`). */
  cardHashes: ReadonlyMap<string, string>;
  /** Threads rendering pages, this one included (`0` or `1`: this thread only). */
  threads: number;
  /**
   * `threads` is the default, not chosen: when this thread would render the rest sooner than a
   * worker could start, no worker starts (default: `false`, `threads` as given).
   */
  isThreadsDefault?: boolean | undefined;
  /** What worker threads load the project with. */
  workerData: WorkerData;
  /**
   * Takes a page, cached or rendered; `files` are the cache's copies of a rendered page's
   * files (kept just now). Returns what the build read from it, stored in the cache.
   */
  takePage(page: BuiltPage | CachedPage, files?: PageFiles): PageFacts;
  /** Called as pages finish, with how many are done and how many of those came from the cache. */
  onProgress(done: number, cached: number): void;
}

const batchSize = 8;
const youngGenerationMb = 96;
// Pages a build with a cache starts rendering on this thread while it reads the cached ones.
const earlyRenderCount = 4;

/** The number of threads rendering when a build sets none: one per core, at most 8. */
export function defaultThreads(): number {
  return Math.min(8, availableParallelism());
}

/**
 * Builds every page: those in the cache (with their card at hand) are taken from it, the rest
 * render across worker threads and this one. With a cache, the first few pages to render start
 * at once, between reads. Every render settles before an error is thrown, so nothing is handed
 * on once the build has given up. Returns how many pages came from the cache.
 */
export async function schedulePages(site: Site, options: SchedulePagesOptions): Promise<number> {
  const { cache, cards, cardHashes } = options;
  let done = 0;
  const renderHere = async (slug: string): Promise<BuiltPage> => {
    // This thread, which has the site loaded already, renders too: one worker fewer to load.
    const page = await renderBuiltPage(site, slug, { cardFolder: cards.folder });
    site.release(slug);
    return page;
  };
  const misses: string[] = [];
  // Cached pages are read in the given order, letting Pagefind's process index them while the
  // rest are read. The index waits for every page before one still to render, so the first few
  // pages to render (a rebuild after an edit has only those) start at once, between reads.
  const earlyRenders = new Map<string, Promise<BuiltPage>>();
  let yielded = performance.now();
  for (const slug of options.slugs) {
    const hit = cache?.read(slug);
    if (hit && cards.has(cardHashes.get(slug))) {
      options.takePage(hit);
      done += 1;
    } else {
      misses.push(slug);
      if (cache && earlyRenders.size < earlyRenderCount) {
        const pending = renderHere(slug);
        // Awaited below; a failure is thrown there, not reported as unhandled here.
        pending.catch(() => undefined);
        earlyRenders.set(slug, pending);
      }
    }
    if (performance.now() - yielded > 20) {
      await new Promise((resolvePromise) => setImmediate(resolvePromise));
      yielded = performance.now();
    }
  }
  const cached = done;
  options.onProgress(done, cached);

  let rest = misses.filter((slug) => !earlyRenders.has(slug));
  let threads = Math.min(options.threads, Math.ceil(rest.length / (batchSize * 2)));
  const rendered: BuiltPage[] = [];
  if (threads > 1 && options.isThreadsDefault) {
    // A worker loads the project again before its first page, and its first page loads the
    // highlighter: about as long as this thread took to get here and through its own first
    // page. When the next pages of a first batch say this thread renders the rest in less than
    // twice that, a worker would join at the end, if at all, for the CPU and memory of a second
    // copy of the site (Figma's 54 operations: 0.8 s of pages, 2.6 s to start a worker).
    const times: number[] = [];
    try {
      for (const slug of rest.slice(0, batchSize)) {
        const started = performance.now();
        rendered.push(await renderHere(slug));
        times.push(performance.now() - started);
      }
    } catch (error) {
      await Promise.allSettled(earlyRenders.values());
      throw error;
    }
    rest = rest.slice(rendered.length);
    const laterMs = times.slice(1).reduce((sum, ms) => sum + ms, 0);
    // This thread's life up to and through its first page (`performance.now()` counts from its start).
    const startupMs = performance.now() - laterMs;
    const msPerPage = times.length > 1 ? laterMs / (times.length - 1) : Infinity;
    if (rest.length * msPerPage < 2 * startupMs) threads = 1;
  }
  const workerFile = new URL('./build-worker.js', import.meta.url);
  const takeRendered = (rendered: BuiltPage): void => {
    const page = cards.take(rendered);
    const kept = cache?.keepFiles(page);
    const facts = options.takePage(page, kept);
    if (kept) cache?.write(page, kept, facts);
    done += 1;
    options.onProgress(done, cached);
  };
  for (const page of rendered) takeRendered(page);
  // The workers start now, not after the early pages.
  const settled = await Promise.allSettled([
    ...[...earlyRenders.values()].map(async (pending) => takeRendered(await pending)),
    threads > 1 && existsSync(workerFile)
      ? renderInWorkers({
          workerFile,
          workerData: options.workerData,
          slugs: rest,
          workers: threads - 1,
          takeRendered,
          renderHere,
          keepSchemaFiles: (files) => {
            for (const file of files) site.api.keepSchemaFile(file.name, file.content);
          },
        })
      : (async () => {
          for (const slug of rest) takeRendered(await renderHere(slug));
        })(),
  ]);
  const failure = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return cached;
}

interface RenderInWorkersOptions {
  workerFile: URL;
  workerData: WorkerData;
  slugs: readonly string[];
  /** Worker threads to start. */
  workers: number;
  takeRendered(page: BuiltPage): void;
  /** Renders a page on this thread. */
  renderHere(slug: string): Promise<BuiltPage>;
  /** Takes the API schema files the first worker makes. */
  keepSchemaFiles(files: Array<{ name: string; content: string }>): void;
}

/** What a worker thread sends: it is ready, a batch of rendered pages, the schema files asked of it, or it is done. */
type WorkerMessage = 'ready' | 'done' | BuiltPage[] | { schemaFiles: Array<{ name: string; content: string }> };

// Pages in flight per thread (`PageQueue.lanes`).
const lanes = 2;

/** Renders `slugs` across worker threads and this thread, each taking small batches from a shared queue as it frees up. */
async function renderInWorkers(options: RenderInWorkersOptions): Promise<void> {
  const { slugs, takeRendered } = options;
  const queue = createPageQueue(slugs, batchSize, lanes);
  // Batches for this thread, between the workers' messages.
  const runHere = (): Promise<void> =>
    drainPageQueue(queue, async (batch) => {
      for (const slug of batch) takeRendered(await options.renderHere(slug));
      // Let the workers' finished batches in before the next one.
      await new Promise<void>((resolvePromise) => setImmediate(resolvePromise));
    });
  // The API specs' schema files (Stripe's: about 2 s of drawing) are the first worker's first
  // job, made while this thread renders pages, instead of at the end, after every page.
  const runWorker = (_: unknown, workerIndex: number): Promise<void> =>
    new Promise((resolvePromise, reject) => {
      // A young generation of 96 MB (V8's default is 16 to 32 MB): rendering makes many
      // short-lived objects (syntax trees, tokens), and collecting them less often cut a cold
      // 1,000-page build's CPU time by about a tenth. This thread's heap is set when Node starts.
      const worker = new Worker(options.workerFile, { workerData: options.workerData, resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } });
      let finished = false;
      worker.on('message', (message: WorkerMessage) => {
        if (message === 'ready') {
          if (workerIndex === 0) worker.postMessage('schema-files');
          worker.postMessage(queue);
        } else if (message === 'done') finished = true;
        else if (Array.isArray(message)) for (const page of message) takeRendered(page);
        else options.keepSchemaFiles(message.schemaFiles);
      });
      worker.once('error', reject);
      worker.once('exit', (code) => {
        if (finished) resolvePromise();
        else reject(new Error(`a worker thread stopped with exit code ${code}`));
      });
    });
  await Promise.all([...Array.from({ length: options.workers }, runWorker), runHere()]);
}
