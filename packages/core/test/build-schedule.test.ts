import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BuildCache, type CachedPage, type PageFacts } from '../src/build-cache.js';
import { CardCache } from '../src/build-card-cache.js';
import type { BuiltPage } from '../src/build-render.js';
import { earlyWorkerCount, schedulePages, type SchedulePagesOptions } from '../src/build-schedule.js';
import { countPageFiles } from '../src/discover.js';
import { createSite } from '../src/index.js';
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

schedule.run();
