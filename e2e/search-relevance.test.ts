// Search relevance over docsgen's own docs (docs/), in real Chromium through the dialog a reader
// uses: for each query, the page that answers it must be among the first three pages shown.
// The index is the dev server's (built in memory on the first query), as in `docsgen dev`.
import { createSite } from '@docsgen/core';
import { createDevServer, type DevServer } from '@docsgen/dev-server';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { relevanceQueries as expectations } from './search-relevance-queries.js';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));


interface Context {
  server: DevServer;
  base: string;
  context: BrowserContext;
  close: () => Promise<void>;
}

const relevance = suite<Context>('search relevance over docs/');

relevance.before(async (context) => {
  context.server = createDevServer({ site: await createSite(docs), liveReload: false });
  await new Promise<void>((resolve) => context.server.server.listen(0, '127.0.0.1', resolve));
  context.base = `http://127.0.0.1:${(context.server.server.address() as AddressInfo).port}`;
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

relevance.after(async (context) => {
  await context.close?.();
  await context.server?.close();
});

relevance('should show the page that answers each of 20 queries among the first three', async (context) => {
  const page = await context.context.newPage();
  await page.goto(`${context.base}/quickstart`);
  await page.keyboard.press('Control+k');
  const input = page.locator('dialog[open] input[role=combobox]');
  await input.waitFor();
  const misses: string[] = [];
  for (const [query, expected] of expectations) {
    await input.fill('');
    await input.fill(query);
    // The first query waits for the dev server to index the site.
    await page.waitForFunction((query) => document.querySelector('dialog[open] .dg-search-results')?.getAttribute('data-query') === query, query, { timeout: 120_000 });
    const top = await page.locator('dialog[open] a.dg-search-result').evaluateAll((links) => links.slice(0, 3).map((link) => (link as HTMLAnchorElement).pathname));
    if (!top.includes(expected)) misses.push(`${query} → ${expected}; got ${top.join(', ')}`);
  }
  assert.equal(misses, []);
  await page.close();
});

relevance('should find nothing for a nonsense word', async (context) => {
  const page = await context.context.newPage();
  await page.goto(`${context.base}/quickstart`);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('zzzxqv');
  const status = page.locator('dialog[open] .dg-search-status');
  await page.waitForFunction(() => document.querySelector('dialog[open] .dg-search-status')?.textContent === 'No results for “zzzxqv”');
  assert.is(await status.innerText(), 'No results for “zzzxqv”');
  assert.is(await page.locator('dialog[open] [role=option]').count(), 0);
  await page.close();
});

relevance.run();
