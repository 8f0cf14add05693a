// `api.playground.display: "simple"` (the platform's spelling; Prefect's docs use it) in real
// Chromium: no Try it form, a copyable endpoint on the method bar, and the request shown once.
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevInBrowser, stopDevInBrowser, type DevInBrowser } from './dev-in-browser.js';

const spec = {
  openapi: '3.0.0',
  info: { title: 'Flows', version: '1' },
  servers: [{ url: 'https://api.example.com/v1' }],
  paths: { '/flows/{id}': { get: { summary: 'Read flow', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'The flow' } } } } },
};

type Context = DevInBrowser & { page: Page };
const browser = suite<Context>('simple API playground in Chromium');

browser.before(async (context) => {
  await startDevInBrowser(context, 'docsgen-api-simple-', {
    'docs.json': JSON.stringify({ name: 'Flows', api: { openapi: 'openapi.json', playground: { display: 'simple' } }, navigation: { pages: ['index', 'read-flow'] } }),
    'openapi.json': JSON.stringify(spec),
    'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
    'read-flow.mdx': '---\nopenapi: GET /flows/{id}\n---\n',
  });
  await context.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: context.base });
  context.page = await context.context.newPage();
});

browser.after(async (context) => {
  await stopDevInBrowser(context);
});

browser('should copy the endpoint with the method bar\'s button, with no Try it and the request shown once', async ({ page, base }) => {
  await page.goto(`${base}/read-flow`);
  const bar = page.locator('.dg-api-endpoint');
  await bar.waitFor();
  assert.is(await page.getByRole('button', { name: 'Try it' }).count(), 0);
  await bar.getByRole('button', { name: 'Copy' }).click();
  await page.waitForSelector('.dg-api-copy[data-copied]');
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), 'https://api.example.com/v1/flows/{id}');
  assert.is(await bar.getByRole('button').textContent(), 'Copied');
  // The generated cURL sample is in the side column only.
  assert.is(await page.locator('.dg-playground-simple').count(), 0);
  assert.ok((await page.locator('pre', { hasText: 'curl --request GET' }).count()) >= 1);
});

browser.run();
