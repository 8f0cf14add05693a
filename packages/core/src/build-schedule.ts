import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AdapterName } from './adapters.js';
import type { BuildCache, CachedPage, PageFacts, PageFiles } from './build-cache.js';
import type { CardCache } from './build-card-cache.js';
import { renderBuiltPage, type BuiltPage } from './build-render.js';
import { countPageFiles } from './discover.js';
import { createPageQueue, drainPageQueue, type PageQueue } from './page-queue.js';
import type { Site } from './site.js';

// The build's page scheduler: which pages come from the cache and which render, in what order,
// on which thread. Each page is handed to `takePage` once, cached or rendered, as it is ready.

/** What a worker thread needs to load the project as the build did: the options this thread's `createSite` had. */
export interface WorkerData {
  root: string;
  siteUrl: string | undefined;
  /** The build's adapter, when given (else docsgen.config's): pages link the site's own `/mcp` when it runs functions. */
  adapter: AdapterName | undefined;
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
   * Worker threads started before the site was loaded (`RenderWorkers`), loading the project
   * meanwhile: used before any other is started, and ended when fewer are needed (default: none).
   */
  workers?: RenderWorkers | null | undefined;
  /**
   * Takes a page, cached or rendered; `files` are the cache's copies of a rendered page's
   * files (kept just now). Returns what the build read from it, stored in the cache.
   */
  takePage(page: BuiltPage | CachedPage, files?: PageFiles): PageFacts;
  /** Called as pages finish, with how many are done and how many of those came from the cache. */
  onProgress(done: number, cached: number): void;
}

const batchSize = 8;
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
  const started = options.workers ?? undefined;
  // Workers started early have loaded the project, or are loading it, already: no first batch
  // here decides whether one pays.
  if (threads > 1 && options.isThreadsDefault && !started?.size) {
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
  const workerFile = renderWorkerFile;
  const takeRendered = (rendered: BuiltPage): void => {
    const page = cards.take(rendered);
    const kept = cache?.keepFiles(page);
    const facts = options.takePage(page, kept);
    if (kept) cache?.write(page, kept, facts);
    done += 1;
    options.onProgress(done, cached);
  };
  for (const page of rendered) takeRendered(page);
  const useWorkers = threads > 1 && existsSync(workerFile);
  // Workers started early and not needed stop now, not at the end of the build.
  const early = started?.take(useWorkers ? threads - 1 : 0) ?? [];
  // The workers start now, not after the early pages.
  const settled = await Promise.allSettled([
    ...[...earlyRenders.values()].map(async (pending) => takeRendered(await pending)),
    useWorkers
      ? renderInWorkers({
          workers: [...early, ...Array.from({ length: threads - 1 - early.length }, () => new RenderWorker(workerFile, options.workerData))],
          slugs: rest,
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
  /** The worker threads, started (and loading the project) or ready. */
  workers: readonly RenderWorker[];
  slugs: readonly string[];
  takeRendered(page: BuiltPage): void;
  /** Renders a page on this thread. */
  renderHere(slug: string): Promise<BuiltPage>;
  /** Takes the API schema files the first worker makes. */
  keepSchemaFiles(files: Array<{ name: string; content: string }>): void;
}

// Pages in flight per thread (`PageQueue.lanes`).
const lanes = 2;

/**
 * Renders `slugs` across worker threads and this thread, each taking small batches from a
 * shared queue as it frees up. A worker still loading the project when this thread has taken
 * the last batch is ended: it would only load the project to find nothing left.
 */
async function renderInWorkers(options: RenderInWorkersOptions): Promise<void> {
  const { slugs, takeRendered } = options;
  const queue = createPageQueue(slugs, batchSize, lanes, options.workers.length + 1);
  // Batches for this thread, between the workers' messages.
  const runHere = async (): Promise<void> => {
    await drainPageQueue(queue, async (batch) => {
      for (const slug of batch) takeRendered(await options.renderHere(slug));
      // Let the workers' finished batches in before the next one.
      await new Promise<void>((resolvePromise) => setImmediate(resolvePromise));
    });
    await Promise.all(options.workers.map((worker) => worker.endUnlessWorking()));
  };
  // The API specs' schema files (Stripe's: about 2 s of drawing) are the first worker's first
  // job, made while this thread renders pages, instead of at the end, after every page.
  const jobs = options.workers.map((worker, index) => worker.run({ queue, hasSchemaFiles: index === 0, takeRendered, keepSchemaFiles: options.keepSchemaFiles }));
  await Promise.all([...jobs, runHere()]);
}

/** What a worker thread sends: it is ready, a batch of rendered pages, the schema files asked of it, or it is done. */
type WorkerMessage = 'ready' | 'done' | BuiltPage[] | { schemaFiles: Array<{ name: string; content: string }> };

/** A worker's work: the queue it takes batches from, and where what it sends goes. */
interface WorkerJob {
  queue: PageQueue;
  /** The worker makes the API specs' schema files first. */
  hasSchemaFiles: boolean;
  takeRendered(page: BuiltPage): void;
  keepSchemaFiles(files: Array<{ name: string; content: string }>): void;
}

// The compiled worker (absent when this module runs from its TypeScript source: no workers then).
const renderWorkerFile = new URL('./build-worker.js', import.meta.url);
// A young generation of 96 MB (V8's default is 16 to 32 MB): rendering makes many short-lived
// objects (syntax trees, tokens), and collecting them less often cut a cold 1,000-page build's
// CPU time by about a tenth. This thread's heap is set when Node starts.
const youngGenerationMb = 96;

/**
 * One worker thread of the build: it loads the project as soon as it starts, then renders
 * batches from the queue of the job it is given (`run`), once both are there.
 */
export class RenderWorker {
  readonly #worker: Worker;
  #isReady = false;
  #job: WorkerJob | undefined;
  // The job was sent: the worker takes batches until the queue is empty, then says it is done.
  #isWorking = false;
  #isDone = false;
  #isEnded = false;
  #failure: Error | undefined;
  #exitCode: number | undefined;
  #settle: { resolve: () => void; reject: (error: Error) => void } | undefined;

  constructor(file: URL, workerData: WorkerData) {
    this.#worker = new Worker(file, { workerData, resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } });
    this.#worker.on('message', (message: WorkerMessage) => this.#receive(message));
    this.#worker.once('error', (error) => {
      this.#failure ??= error;
    });
    this.#worker.once('exit', (code) => {
      this.#exitCode = code;
      this.#conclude();
    });
  }

  /** Renders from `job.queue` once the project is loaded; resolves when the worker is done, or was ended before it took any batch. */
  run(job: WorkerJob): Promise<void> {
    this.#job = job;
    const done = new Promise<void>((resolve, reject) => (this.#settle = { resolve, reject }));
    if (this.#exitCode !== undefined) this.#conclude();
    else if (this.#isReady) this.#start();
    return done;
  }

  /** Ends the worker unless it has taken its job (a worker with a job finishes it). */
  async endUnlessWorking(): Promise<void> {
    if (this.#isWorking || this.#exitCode !== undefined) return;
    this.#isEnded = true;
    await this.#worker.terminate();
  }

  #receive(message: WorkerMessage): void {
    if (message === 'ready') {
      this.#isReady = true;
      if (this.#job) this.#start();
    } else if (message === 'done') {
      // Every page it rendered came before this message: the job is done now, not when the
      // thread has torn itself down (up to 150 ms later, which the build waited for).
      this.#isDone = true;
      this.#conclude();
    } else if (Array.isArray(message)) for (const page of message) this.#job?.takeRendered(page);
    else this.#job?.keepSchemaFiles(message.schemaFiles);
  }

  #start(): void {
    const job = this.#job as WorkerJob;
    if (this.#isWorking || this.#isEnded) return;
    this.#isWorking = true;
    if (job.hasSchemaFiles) this.#worker.postMessage('schema-files');
    this.#worker.postMessage(job.queue);
  }

  #conclude(): void {
    const settle = this.#settle;
    if (!settle) return;
    this.#settle = undefined;
    if (this.#isDone || (this.#isEnded && !this.#isWorking)) settle.resolve();
    else settle.reject(this.#failure ?? new Error(`a worker thread stopped with exit code ${this.#exitCode}`));
  }
}

/**
 * Worker threads started before the build has loaded the site, so that each loads the project
 * while this thread does (a worker takes about as long to load it as this thread: two seconds
 * of a cold 1,000-page build). `schedulePages` takes those it needs and ends the others; `end`
 * ends those never taken (a build that stopped early).
 */
export class RenderWorkers {
  #idle: RenderWorker[];

  constructor(count: number, workerData: WorkerData) {
    this.#idle = existsSync(renderWorkerFile) ? Array.from({ length: count }, () => new RenderWorker(renderWorkerFile, workerData)) : [];
  }

  /** Workers started and not yet taken. */
  get size(): number {
    return this.#idle.length;
  }

  /** Takes up to `count` of the workers; the others are ended. */
  take(count: number): RenderWorker[] {
    const idle = this.#take();
    void this.end(idle.slice(count));
    return idle.slice(0, count);
  }

  /** Ends the workers not taken. */
  async end(workers: readonly RenderWorker[] = this.#take()): Promise<void> {
    await Promise.all(workers.map((worker) => worker.endUnlessWorking()));
  }

  #take(): RenderWorker[] {
    const idle = this.#idle;
    this.#idle = [];
    return idle;
  }
}

/**
 * How many worker threads a build of the project at `root` starts before it loads the site, for
 * `threads` threads in all: none unless it has enough page files for a worker to join while
 * there are pages left (`earlyWorkerPages`), and no more than its page files keep busy.
 */
export function earlyWorkerCount(root: string, threads: number): number {
  if (threads < 2) return 0;
  const pages = countPageFiles(root, threads * batchSize * 2);
  return pages < earlyWorkerPages ? 0 : Math.min(threads, Math.ceil(pages / (batchSize * 2))) - 1;
}

// A worker loads the project in about the time this thread renders a few dozen pages of a
// cold build: with fewer page files than this, no worker starts before the site is loaded
// (`schedulePages` may still start one, once it knows what is left to render).
const earlyWorkerPages = 4 * batchSize;
