// docsgen's own docs (docs/) in real Chromium, served by the dev server: the home page leads a
// reader to the main guides, the component gallery shows each component working beside its
// source, and no page asks for a file that is not there (the favicon was a 404 on every page).
// Screenshots go to test-output/screenshots/.
import { createSite } from '@docsgen/core';
import { createDevServer, type DevServer } from '@docsgen/dev-server';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const screenshots = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));

interface Context {
  server: DevServer;
  base: string;
  context: BrowserContext;
  close: () => Promise<void>;
}

const own = suite<Context>("docsgen's own docs in Chromium");

own.before(async (context) => {
  context.server = createDevServer({ site: await createSite(docs), liveReload: false });
  await new Promise<void>((resolve) => context.server.server.listen(0, '127.0.0.1', resolve));
  context.base = `http://127.0.0.1:${(context.server.server.address() as AddressInfo).port}`;
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
  mkdirSync(screenshots, { recursive: true });
});

own.after(async (context) => {
  await context.close?.();
  await context.server?.close();
});

async function open(context: Context, path: string): Promise<{ page: Page; missing: string[]; errors: string[] }> {
  const page = await context.context.newPage();
  const missing: string[] = [];
  const errors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) missing.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${context.base}${path}`);
  await page.waitForLoadState('load');
  return { page, missing, errors };
}

own('should lead from the home page to the main guides, with a favicon and nothing missing', async (context) => {
  const { page, missing, errors } = await open(context, '/');
  assert.is(await page.locator('h1').innerText(), 'Documentation sites from docs.json, built on your machine');
  const text = await page.locator('main').innerText();
  assert.not.match(text, /are next|Status/, 'no stale status lines');
  const cards = await page.locator('.dg-card').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  for (const guide of ['/quickstart', '/guides/writing-pages', '/guides/navigation', '/reference/component-gallery', '/guides/api-reference', '/guides/deploy', '/guides/search']) {
    assert.ok(cards.includes(guide), `a card leads to ${guide}`);
  }
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  assert.ok(icon);
  const favicon = await page.request.get(new URL(icon!, context.base).href);
  assert.is(favicon.status(), 200);
  assert.match(favicon.headers()['content-type'] ?? '', 'image/svg+xml');
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.waitForURL(/\/quickstart$/);
  assert.is(await page.locator('h1').innerText(), 'Quickstart');
  assert.equal(missing, []);
  assert.equal(errors, []);
  await page.close();
});

own('should show each component of the gallery working beside its source', async (context) => {
  const { page, missing, errors } = await open(context, '/reference/component-gallery');
  await page.setViewportSize({ width: 1440, height: 900 });
  const rows = page.locator('.gallery-row');
  assert.ok((await rows.count()) >= 15, `${await rows.count()} examples`);
  for (let index = 0; index < (await rows.count()); index += 1) {
    const row = rows.nth(index);
    const preview = (await row.locator('.gallery-preview').boundingBox())!;
    const source = (await row.locator('.gallery-source').boundingBox())!;
    assert.ok(preview.x + preview.width <= source.x, `example ${index + 1}: the rendering is beside its source`);
    assert.ok((await row.locator('.gallery-source pre').count()) === 1, `example ${index + 1} has its source`);
    assert.ok((await row.locator('.gallery-preview').innerText()).trim() !== '', `example ${index + 1} renders something`);
  }
  // The previews are the real components: a reader can use them.
  const tabs = rows.filter({ has: page.locator('.dg-tabs') }).first().locator('.gallery-preview');
  await tabs.getByRole('tab', { name: 'pnpm' }).click();
  assert.match(await tabs.locator('[role=tabpanel]:visible').innerText(), /pnpm add docsgen/);
  const accordion = rows.filter({ has: page.locator('details') }).first().locator('.gallery-preview details').first();
  await accordion.locator('summary').click();
  assert.ok(await accordion.evaluate((node) => (node as HTMLDetailsElement).open));
  assert.ok(await page.locator('.gallery-preview .dg-callout').count() >= 7);
  assert.ok(await page.locator('.gallery-preview .katex').count() >= 2);
  await page.setViewportSize({ width: 390, height: 844 });
  const narrow = rows.first();
  const top = (await narrow.locator('.gallery-preview').boundingBox())!;
  const below = (await narrow.locator('.gallery-source').boundingBox())!;
  assert.ok(below.y >= top.y + top.height, 'on a phone the source comes below the rendering');
  assert.equal(missing, []);
  assert.equal(errors, []);
  await page.close();
});

own('should look right at 1440x900 and 390x844 in both modes, with no serious accessibility violations', async (context) => {
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  for (const path of ['/', '/reference/component-gallery']) {
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await context.context.newPage();
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height });
        await page.goto(`${context.base}${path}`);
        await page.waitForLoadState('load');
        await page.screenshot({ path: `${screenshots}own-docs-${path === '/' ? 'home' : 'gallery'}-${width}-${scheme}.png` });
        await page.addScriptTag({ content: axe });
        // The whole page: sidebar, code blocks and badges included.
        const violations = (await page.evaluate(
          `axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ') + ' ' + (n.any[0] ? n.any[0].message : '')).slice(0, 3).join(', ')))`,
        )) as string[];
        assert.equal(violations, [], `${path} ${width} ${scheme}`);
        await page.close();
      }
    }
  }
});

own.run();
