// A worker thread of `buildSite`: loads the project once, then renders batches of the pages the
// main thread sends (with their social cards), taken from a queue all threads share, until none
// is left. Asked for them first, it also makes the API specs' schema files, which the main
// thread would otherwise make at the end.
import { parentPort, workerData } from 'node:worker_threads';
import { renderBuiltPage } from './build-render.js';
import type { WorkerData } from './build-schedule.js';
import { drainPageQueue, type PageQueue } from './page-queue.js';
import { createSite, type Site } from './site.js';

const { root, siteUrl, adapter, cardFolder, compileCache, navigationCache } = workerData as WorkerData;
const port = parentPort;
if (port) {
  const site = await createSite(root, { mode: 'build', siteUrl, adapter, compileCache, navigationCache });
  port.on('message', (message: 'schema-files' | PageQueue) => {
    if (message === 'schema-files') {
      port.postMessage({ schemaFiles: site.api.schemaFiles().map((file) => ({ name: file.name, content: file.content() })) });
      return;
    }
    void renderQueue(site, message).then(() => {
      port.postMessage('done');
      port.close();
    });
  });
  port.postMessage('ready');
}

/**
 * Renders batches of the queue's pages until none is left, taking each batch from the counter
 * the threads share: this thread never waits for the main one, busy with a page of its own,
 * to hand it the next batch.
 */
async function renderQueue(site: Site, queue: PageQueue): Promise<void> {
  await drainPageQueue(queue, async (slugs) => {
    for (const slug of slugs) {
      const page = await renderBuiltPage(site, slug, { cardFolder });
      site.release(slug);
      // Each page as soon as it is rendered: a batch's pages sent together waited for its
      // slowest (a page loading grammars while the other lane renders), and the search index,
      // which takes pages in order, waited with them.
      // Card bytes are copied, not transferred: a Buffer may be a slice of a pool other Buffers share.
      port!.postMessage([page]);
    }
  });
}
