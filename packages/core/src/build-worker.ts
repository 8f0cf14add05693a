// A worker thread of `buildSite`: loads the project once, then renders the batches of pages the
// main thread sends (with their social cards) until it is told to stop. Asked for them, it also
// makes the API specs' schema files, which the main thread would otherwise make at the end.
import { parentPort, workerData } from 'node:worker_threads';
import { renderBuiltPage } from './build-render.js';
import type { WorkerData } from './build-schedule.js';
import { createSite } from './site.js';

const { root, siteUrl, adapter, cardFolder, compileCache, navigationCache } = workerData as {
  root: string;
  siteUrl: string | undefined;
  adapter: WorkerData['adapter'];
  cardFolder?: string | undefined;
  compileCache: boolean;
  navigationCache?: string | undefined;
};
const port = parentPort;
if (port) {
  const site = await createSite(root, { mode: 'build', siteUrl, adapter, compileCache, navigationCache });
  // The main thread keeps two batches queued here, so this thread never waits for it between
  // batches; they are rendered one after the other.
  const queue: Array<string[] | 'schema-files' | null> = [];
  let running = false;
  const drain = async (): Promise<void> => {
    running = true;
    for (let slugs = queue.shift(); slugs !== undefined; slugs = queue.shift()) {
      if (slugs === null) {
        port.close();
        return;
      }
      if (slugs === 'schema-files') {
        port.postMessage({ schemaFiles: site.api.schemaFiles().map((file) => ({ name: file.name, content: file.content() })) });
        continue;
      }
      const pages = [];
      for (const slug of slugs) {
        pages.push(await renderBuiltPage(site, slug, { cardFolder }));
        site.release(slug);
      }
      // Card bytes are copied, not transferred: a Buffer may be a slice of a pool other Buffers share.
      port.postMessage(pages);
    }
    running = false;
  };
  port.on('message', (slugs: string[] | 'schema-files' | null) => {
    queue.push(slugs);
    if (!running) void drain();
  });
  port.postMessage('ready');
}
