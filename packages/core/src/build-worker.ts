// A worker thread of `buildSite`: loads the project once, then renders the batches of pages the
// main thread sends (with their social cards) until it is told to stop.
import { parentPort, workerData } from 'node:worker_threads';
import { renderBuiltPage } from './build-render.js';
import { createSite } from './site.js';

const { root, siteUrl, cardFolder } = workerData as { root: string; siteUrl: string | undefined; cardFolder?: string | undefined };
const port = parentPort;
if (port) {
  const site = await createSite(root, { mode: 'build', siteUrl });
  port.on('message', async (slugs: string[] | null) => {
    if (slugs === null) {
      port.close();
      return;
    }
    const pages = [];
    for (const slug of slugs) {
      pages.push(await renderBuiltPage(site, slug, { cardFolder }));
      site.release(slug);
    }
    // Card bytes are copied, not transferred: a Buffer may be a slice of a pool other Buffers share.
    port.postMessage(pages);
  });
  port.postMessage('ready');
}
