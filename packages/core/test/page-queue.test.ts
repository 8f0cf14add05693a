import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { batchOf, createPageQueue, drainPageQueue } from '../src/page-queue.js';

const queue = suite('page queue');

queue('should hand every page out once, in order within a batch, across lanes and drains', async () => {
  const slugs = Array.from({ length: 300 }, (_, index) => `page-${index}`);
  const pages = createPageQueue(slugs, 8, 2, 2);
  const batches: string[][] = [];
  // Two drains stand for two threads: they share the counter.
  const drain = (): Promise<void> =>
    drainPageQueue(pages, async (batch) => {
      batches.push([...batch]);
      await new Promise((resolve) => setImmediate(resolve));
    });
  await Promise.all([drain(), drain()]);
  assert.equal(batches.flat().sort(), [...slugs].sort(), 'every page once');
  for (const batch of batches) assert.equal(batch, slugs.slice(slugs.indexOf(batch[0]!), slugs.indexOf(batch[0]!) + batch.length), 'a batch is a run of the queue');
  assert.ok(batches.every((batch) => batch.length >= 1 && batch.length <= 8));
  assert.is(batches[0]!.length, 8, 'full batches while many pages are left');
  assert.is(batches.at(-1)!.length, 1, 'single pages at the end');
});

queue('should take smaller batches only once the pages left are few for the threads and lanes', () => {
  const shape = { batchSize: 8, lanes: 2, threads: 2 };
  assert.is(batchOf(shape, 1000), 8);
  assert.is(batchOf(shape, 128), 8, 'four full batches per lane and thread');
  assert.is(batchOf(shape, 64), 4);
  assert.is(batchOf(shape, 20), 1);
  assert.is(batchOf(shape, 1), 1);
  assert.is(batchOf({ ...shape, threads: 1 }, 64), 8, 'one thread: fewer lanes to share them');
});

queue.run();
