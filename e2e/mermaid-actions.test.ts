// Mermaid zoom and pan in real Chromium: a project's diagrams rendered by the site model, with
// the renderer's CSS, the mermaid bundle and mermaid-loader.js, served on a real port.
import { createSite, type Site } from '@docsgen/core';
import { rendererAssets } from '@docsgen/renderer';
import { createReadStream, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';

const assets: Record<string, [string, string]> = {
  '/assets/content.css': [rendererAssets.contentCss, 'text/css'],
  '/assets/mermaid.min.js': [rendererAssets.mermaidJs, 'text/javascript'],
  '/assets/mermaid-loader.js': [rendererAssets.mermaidLoaderJs, 'text/javascript'],
};

// Six boxes top to bottom: several hundred pixels tall. Two side by side: about 50px.
const tall = 'graph TD\n  A --> B\n  B --> C\n  C --> D\n  D --> E\n  E --> F';
const small = 'graph LR\n  A --> B';

const pages: Record<string, string> = {
  tall: `# Tall\n\n\`\`\`mermaid\n${tall}\n\`\`\`\n`,
  'tall-top-left': `# Tall\n\n\`\`\`mermaid placement=top-left\n${tall}\n\`\`\`\n`,
  small: `# Small\n\n\`\`\`mermaid\n${small}\n\`\`\`\n`,
  'small-actions': `# Small\n\n<Mermaid actions chart={${JSON.stringify(small)}} />\n`,
  'tall-no-actions': `# Tall\n\n<Mermaid actions={false} placement="top-left" chart={${JSON.stringify(tall)}} />\n`,
};

const browser = suite<{ site: Site; server: Server; base: string; context: BrowserContext; close: () => Promise<void> }>('Mermaid zoom and pan in Chromium');

browser.before(async (context) => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-mermaid-'));
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Test', navigation: { pages: Object.keys(pages) } }));
  for (const [slug, text] of Object.entries(pages)) writeFileSync(join(root, `${slug}.mdx`), text);
  context.site = await createSite(root);
  context.server = createServer(async (request, response) => {
    const url = request.url ?? '/';
    const asset = assets[url];
    if (asset) {
      response.writeHead(200, { 'Content-Type': asset[1] });
      createReadStream(asset[0]).pipe(response);
      return;
    }
    const page = await context.site.render(url.slice(1));
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en" data-theme="light"><head><meta charset="utf-8"><title>t</title>' +
        '<link rel="stylesheet" href="/assets/content.css"></head>' +
        `<body><main class="dg-content" style="max-width:760px;margin:2rem auto">${page.html}</main>` +
        '<script src="/assets/mermaid.min.js" defer></script><script src="/assets/mermaid-loader.js" defer></script></body></html>',
    );
  });
  await new Promise<void>((resolve) => context.server.listen(0, '127.0.0.1', resolve));
  context.base = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}`;
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

browser.after(async (context) => {
  await context.close();
  await new Promise((resolve) => context.server.close(resolve));
});

/** Open a page and wait until its diagram is drawn (and, when it gets them, its controls added). */
async function open(context: { base: string; context: BrowserContext }, slug: string): Promise<Page> {
  const page = await context.context.newPage();
  await page.goto(`${context.base}/${slug}`);
  await page.waitForSelector('pre.mermaid[data-drawn] > svg');
  return page;
}

/** The horizontal scale of the SVG's computed transform (1 when none). */
const scaleOf = (page: Page) =>
  page.evaluate(() => {
    const transform = getComputedStyle(document.querySelector('pre.mermaid > svg')!).transform;
    return transform === 'none' ? 1 : new DOMMatrixReadOnly(transform).a;
  });

browser('should show labelled controls on a tall diagram; zoom in scales the SVG, reset restores it', async (context) => {
  const page = await open(context, 'tall');
  const height = await page.evaluate(() => document.querySelector('pre.mermaid > svg')!.getBoundingClientRect().height);
  assert.ok(height > 120, `diagram is ${height}px tall`);
  const bar = page.locator('pre.mermaid .dg-mermaid-actions');
  assert.is(await bar.getAttribute('data-placement'), 'bottom-right');
  assert.equal(await bar.locator('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label'))), ['Zoom in', 'Zoom out', 'Reset zoom']);
  // In the bottom-right corner of the diagram's box.
  const box = (await page.locator('pre.mermaid').boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  assert.ok(barBox.x + barBox.width > box.x + box.width - 20 && barBox.y + barBox.height > box.y + box.height - 20, 'bar is bottom-right');

  // Wait for the 0.1s transition to end before reading the computed scale.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.waitForFunction(() => getComputedStyle(document.querySelector('pre.mermaid > svg')!).transform.startsWith('matrix(1.25,'));
  assert.is(await scaleOf(page), 1.25);
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await page.waitForFunction(() => getComputedStyle(document.querySelector('pre.mermaid > svg')!).transform === 'none');
  assert.is(await scaleOf(page), 1);
  await page.close();
});

browser('should zoom with the keyboard on the buttons, clamped to 0.5-4, and pan by dragging', async (context) => {
  const page = await open(context, 'tall');
  await page.getByRole('button', { name: 'Zoom out' }).focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Enter');
  assert.is(await page.locator('pre.mermaid').getAttribute('data-scale'), '0.5');
  await page.getByRole('button', { name: 'Zoom in' }).focus();
  for (let i = 0; i < 12; i++) await page.keyboard.press('Space');
  assert.is(await page.locator('pre.mermaid').getAttribute('data-scale'), '4');

  await page.getByRole('button', { name: 'Reset zoom' }).click();
  const box = (await page.locator('pre.mermaid').boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, box.y + 70, { steps: 4 });
  await page.mouse.up();
  assert.match((await page.locator('pre.mermaid > svg').getAttribute('style')) ?? '', /translate\(50px, 30px\) scale\(1\)/);
  await page.close();
});

browser('should keep one set of controls and the zoom when the colour mode changes and the diagram is drawn again', async (context) => {
  const page = await open(context, 'tall');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const before = await page.locator('pre.mermaid > svg').evaluate((svg) => svg.outerHTML);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await page.waitForFunction((old) => {
    const svg = document.querySelector('pre.mermaid[data-drawn] > svg');
    return svg !== null && svg.outerHTML !== old;
  }, before);
  assert.is(await page.locator('.dg-mermaid-actions').count(), 1);
  assert.is(await page.locator('pre.mermaid').getAttribute('data-scale'), '1.25');
  assert.match((await page.locator('pre.mermaid > svg').getAttribute('style')) ?? '', /scale\(1\.25\)/);
  await page.close();
});

browser('should put the controls in the corner `placement` names', async (context) => {
  const page = await open(context, 'tall-top-left');
  const bar = page.locator('pre.mermaid .dg-mermaid-actions');
  assert.is(await bar.getAttribute('data-placement'), 'top-left');
  const box = (await page.locator('pre.mermaid').boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  assert.ok(barBox.x < box.x + 20 && barBox.y < box.y + 20, 'bar is top-left');
  await page.close();
});

browser('should show no controls on a diagram under 120px unless `actions` is set', async (context) => {
  const page = await open(context, 'small');
  const height = await page.evaluate(() => document.querySelector('pre.mermaid > svg')!.getBoundingClientRect().height);
  assert.ok(height < 120, `diagram is ${height}px tall`);
  assert.is(await page.locator('.dg-mermaid-actions').count(), 0);
  assert.is(await page.locator('pre.mermaid').getAttribute('tabindex'), null);
  await page.close();

  const forced = await open(context, 'small-actions');
  assert.is(await forced.locator('.dg-mermaid-actions button').count(), 3);
  await forced.close();
});

browser('should show no controls when `actions={false}`, however tall the diagram', async (context) => {
  const page = await open(context, 'tall-no-actions');
  const height = await page.evaluate(() => document.querySelector('pre.mermaid > svg')!.getBoundingClientRect().height);
  assert.ok(height > 120, `diagram is ${height}px tall`);
  assert.is(await page.locator('.dg-mermaid-actions').count(), 0);
  await page.close();
});

browser.run();
