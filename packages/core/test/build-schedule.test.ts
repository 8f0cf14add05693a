import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BuildCache, type CachedPage, type PageFacts } from '../src/build-cache.js';
import { CardCache } from '../src/build-card-cache.js';
import type { BuiltPage } from '../src/build-render.js';
import { earlyWorkerCount, RenderWorker, schedulePages, type SchedulePagesOptions, type WorkerData } from '../src/build-schedule.js';
import { countPageFiles } from '../src/discover.js';
import { createSite } from '../src/index.js';
import { createPageQueue } from '../src/page-queue.js';
import { writeTempProject } from './temp-project.js';

const schedule = suite('build page scheduler');

function project(): string {
  const files: Record<string, string> = { 'docs.json': JSON.stringify({ name: 'Scheduled', navigation: { pages: ['index'] } }), 'index.mdx': '# Home\n' };
  for (let index = 0; index < 10; index += 1) files[`page-${index}.mdx`] = `# Page ${index}\n\nText ${index}.\n`;
  return writeTempProject(files, 'docsgen-schedule-');
}

function options(root: string, slugs: string[], cache: BuildCache | undefined, taken: Array<BuiltPage | CachedPage>, progress: Array<[number, number]>): SchedulePagesOptions {
  return {
    slugs,
    cache,
    cards: new CardCache({ folder: undefined }),
    cardHashes: new Map(),
    threads: 1,
    workerData: { root, siteUrl: undefined, adapter: undefined, cardFolder: undefined, compileCache: false, navigationCache: undefined },
    takePage: (page): PageFacts => {
      taken.push(page);
      return { searchHash: undefined, usesApi: false, apiViewers: [], usesIslands: false };
    },
    onProgress: (done, cached) => progress.push([done, cached]),
  };
}

schedule('should hand every page over once, rendered on this thread, and report progress', async () => {
  const root = project();
  const site = await createSite(root, { mode: 'build' });
  const slugs = [...site.pages.keys()].sort();
  const taken: Array<BuiltPage | CachedPage> = [];
  const progress: Array<[number, number]> = [];
  const cached = await schedulePages(site, options(root, slugs, undefined, taken, progress));
  assert.is(cached, 0);
  assert.equal(taken.map((page) => page.slug), slugs, 'in the order given');
  assert.ok(taken.every((page) => 'html' in page && page.html.includes('<html')));
  assert.equal(progress.at(-1), [slugs.length, 0]);
  assert.equal(progress[0], [0, 0], 'progress starts once the cache is read');
  rmSync(root, { recursive: true, force: true });
});

schedule('should take unchanged pages from the cache and render only the others', async () => {
  const root = project();
  const folder = join(root, '.docsgen', 'cache', 'build');
  const site = await createSite(root, { mode: 'build' });
  const slugs = [...site.pages.keys()].sort();
  const cacheOf = () => new BuildCache({ root, folder, siteKey: 'key', knownHashes: new Map() });
  const first = cacheOf();
  await schedulePages(site, options(root, slugs, first, [], []));
  first.save();
  const taken: Array<BuiltPage | CachedPage> = [];
  const progress: Array<[number, number]> = [];
  const cached = await schedulePages(await createSite(root, { mode: 'build' }), options(root, slugs, cacheOf(), taken, progress));
  assert.is(cached, slugs.length);
  assert.ok(taken.every((page) => 'files' in page), 'every page came from the cache');
  assert.equal(progress, [[slugs.length, slugs.length]]);
  rmSync(root, { recursive: true, force: true });
});

schedule('should count page files as discovery finds them, no further than asked', () => {
  const files: Record<string, string> = { 'docs.json': '{}', 'README.md': '# Not a page\n', 'notes.txt': 'text' };
  for (let index = 0; index < 5; index += 1) files[`guides/page-${index}.mdx`] = '# Page\n';
  for (let index = 0; index < 3; index += 1) files[`api/op-${index}.md`] = '# Op\n';
  // Never pages: snippets, dependencies, dot-folders.
  for (const folder of ['snippets', 'node_modules/pkg', '.docsgen/cache', 'guides/node_modules']) files[`${folder}/x.mdx`] = '# X\n';
  const root = writeTempProject(files, 'docsgen-count-');
  assert.is(countPageFiles(root, 100), 8);
  assert.is(countPageFiles(root, 4), 4, 'stops at the number asked for');
  assert.is(countPageFiles(join(root, 'missing'), 10), 0);
  rmSync(root, { recursive: true, force: true });
});

schedule('should start workers before loading only for projects with pages enough to keep them busy', () => {
  const projectOf = (count: number): string => {
    const files: Record<string, string> = { 'docs.json': '{}' };
    for (let index = 0; index < count; index += 1) files[`pages/page-${index}.mdx`] = '# Page\n';
    return writeTempProject(files, 'docsgen-early-');
  };
  const small = projectOf(31);
  const medium = projectOf(40);
  const large = projectOf(500);
  assert.is(earlyWorkerCount(small, 2), 0, 'a few dozen pages render on this thread before a worker would be ready');
  assert.is(earlyWorkerCount(medium, 2), 1);
  assert.is(earlyWorkerCount(medium, 1), 0, 'one thread: no worker');
  assert.is(earlyWorkerCount(medium, 8), 2, 'no more workers than 16 pages each');
  assert.is(earlyWorkerCount(large, 8), 7);
  for (const root of [small, medium, large]) rmSync(root, { recursive: true, force: true });
});

schedule('should end a worker job on the worker saying it is done, not when its thread has exited', async () => {
  // A stand-in for the compiled worker: two pages, `done`, then its thread lingers 300 ms and
  // marks the shared flag just before it ends.
  const root = writeTempProject({
    'worker.mjs': [
      "import { parentPort, workerData } from 'node:worker_threads';",
      'const exiting = new Int32Array(workerData.exiting);',
      "parentPort.on('message', () => {",
      "  parentPort.postMessage([{ slug: 'a' }]);",
      "  parentPort.postMessage([{ slug: 'b' }]);",
      "  parentPort.postMessage('done');",
      '  parentPort.close();',
      '  setTimeout(() => Atomics.store(exiting, 0, 1), 300);',
      '});',
      "parentPort.postMessage('ready');",
    ].join('\n'),
  }, 'docsgen-worker-');
  const exiting = new SharedArrayBuffer(4);
  const worker = new RenderWorker(new URL(`file://${join(root, 'worker.mjs')}`), { exiting } as unknown as WorkerData);
  const taken: string[] = [];
  await worker.run({ queue: createPageQueue(['a', 'b'], 8, 2), hasSchemaFiles: false, takeRendered: (page) => taken.push(page.slug), keepSchemaFiles: () => undefined });
  assert.equal(taken, ['a', 'b'], 'every page sent before `done` is taken');
  assert.is(Atomics.load(new Int32Array(exiting), 0), 0, 'the job ended while the thread was still there');
  rmSync(root, { recursive: true, force: true });
});

schedule('should send each page from a worker as soon as it is rendered, not a batch at a time', async () => {
  // The compiled worker (`npm run build`): from TypeScript sources a build has no workers.
  const file = new URL('../dist/build-worker.js', import.meta.url);
  assert.ok(existsSync(file), 'packages/core/dist/build-worker.js is built');
  const files: Record<string, string> = { 'docs.json': JSON.stringify({ name: 'Batches', navigation: { pages: ['index'] } }), 'index.mdx': '# Home\n' };
  const slugs = Array.from({ length: 40 }, (_, index) => `page-${index}`);
  for (const slug of slugs) files[`${slug}.mdx`] = `# ${slug}\n\nText.\n`;
  const root = writeTempProject(files, 'docsgen-batches-');
  const workerData: WorkerData = { root, siteUrl: undefined, adapter: undefined, cardFolder: undefined, compileCache: false, navigationCache: undefined };
  const worker = new Worker(file, { workerData });
  const sizes: number[] = [];
  // Batches of 5 pages: 40 pages for 2 lanes of one thread.
  const queue = createPageQueue(slugs, 8, 2, 1);
  await new Promise<void>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (message: unknown) => {
      if (message === 'ready') worker.postMessage(queue);
      else if (message === 'done') resolve();
      else if (Array.isArray(message)) sizes.push(message.length);
    });
  });
  await worker.terminate();
  assert.is(sizes.length, slugs.length, `one message a page, not ${sizes.join(', ')}`);
  assert.ok(sizes.every((size) => size === 1));
  rmSync(root, { recursive: true, force: true });
});

schedule.run();
