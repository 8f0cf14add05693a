// The content components' client behaviour in real Chromium: pages of the every-component
// fixture rendered by the site model, with the renderer's CSS and client script, served on a
// real port.
import { createSite, type Site } from '@docsgen/core';
import { clientStringsScript, rendererAssets, uiStrings } from '@docsgen/renderer';
import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';

const fixture = fileURLToPath(new URL('../fixtures/every-component/', import.meta.url));
const assets: Record<string, [string, string]> = {
  '/assets/content.css': [rendererAssets.contentCss, 'text/css'],
  '/assets/katex.min.css': [rendererAssets.katexCss, 'text/css'],
  '/assets/client.js': [rendererAssets.clientJs, 'text/javascript'],
};

const browser = suite<{ site: Site; server: Server; base: string; context: BrowserContext; close: () => Promise<void> }>('content components in Chromium');

browser.before(async (context) => {
  context.site = await createSite(fixture);
  context.server = createServer(async (request, response) => {
    const url = request.url ?? '/';
    // The test's own tiny server: KaTeX fonts and fixture images by file name only.
    const font = /^\/assets\/fonts\/([\w.-]+)$/.exec(url)?.[1];
    const image = /^\/images\/([\w.-]+)$/.exec(url)?.[1];
    const asset = assets[url] ?? (font ? [join(rendererAssets.katexFonts, font), 'font/woff2'] : image ? [join(fixture, 'images', image), 'image/png'] : undefined);
    if (asset) {
      const stream = createReadStream(asset[0]);
      stream.on('open', () => {
        response.writeHead(200, { 'Content-Type': asset[1] });
        stream.pipe(response);
      });
      stream.on('error', () => response.writeHead(404).end());
      return;
    }
    const page = await context.site.render(url.slice(1));
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>' +
        '<link rel="stylesheet" href="/assets/content.css"><link rel="stylesheet" href="/assets/katex.min.css">' +
        // The client's labels, as the site layout writes them.
        clientStringsScript(uiStrings('en')) +
        `</head><body><main class="dg-content" style="max-width:760px;margin:2rem auto">${page.html}</main>` +
        '<script src="/assets/client.js" defer></script></body></html>',
    );
  });
  await new Promise<void>((resolve) => context.server.listen(0, '127.0.0.1', resolve));
  context.base = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}`;
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

browser.after(async (context) => {
  await context.close?.();
  await new Promise((resolve) => context.server?.close(resolve));
});

async function open(context: { context: BrowserContext; base: string }, slug: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`${context.base}/${slug}`);
  await page.waitForLoadState('load');
  return { page, errors };
}

browser('should load every page without script errors', async (context) => {
  for (const slug of context.site.pages.keys()) {
    const { page, errors } = await open(context, slug);
    assert.equal(errors, [], slug);
    await page.close();
  }
});

browser('should open a linked card from anywhere on it, and a link inside it from the link', async (context) => {
  // ClickHouse's install page: a card with an href whose text has a link of its own. A link in
  // a link is cut in pieces by the browser; the card stays one box and both links work.
  const { page } = await open(context, 'layout');
  const card = page.locator('.dg-card', { hasText: 'Linked card' });
  assert.is(await card.count(), 1, 'one card, not pieces');
  assert.is(await page.locator('a a').count(), 0, 'no link inside a link');
  assert.match((await card.innerText()) ?? '', /Linked card[\s\S]*Opens the callouts, or the code blocks from here\./);
  // A click on the card's text, away from both links' text, opens the card's link.
  const box = (await card.boundingBox())!;
  await page.mouse.click(box.x + box.width - 12, box.y + box.height - 8);
  await page.waitForURL(/\/callouts$/);
  await page.goBack();
  await page.locator('.dg-card', { hasText: 'Linked card' }).getByRole('link', { name: 'the code blocks' }).click();
  await page.waitForURL(/\/code$/);
  await page.goBack();
  // By keyboard: the card's link is its title.
  await page.locator('.dg-card', { hasText: 'Linked card' }).getByRole('link', { name: 'Linked card' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/callouts$/);
  await page.close();
});

browser('should switch tabs by click and by arrow key', async (context) => {
  const { page } = await open(context, 'interactive');
  const tabs = page.locator('[data-dg-tabs]').first();
  const panels = tabs.locator('[role="tabpanel"]');
  assert.ok(await panels.nth(0).isVisible(), 'the first panel shows first');
  assert.not.ok(await panels.nth(1).isVisible());
  await tabs.locator('[role="tab"]', { hasText: 'pnpm' }).click();
  assert.ok(await panels.nth(1).isVisible(), 'clicking a tab shows its panel');
  assert.not.ok(await panels.nth(0).isVisible());
  await page.keyboard.press('ArrowLeft');
  assert.ok(await panels.nth(0).isVisible(), 'the arrow key moves back');
  await page.close();
});

browser('should sync a choice across tabs and code groups, and remember it on other pages', async (context) => {
  const { page } = await open(context, 'interactive');
  const sets = page.locator('[data-dg-tabs]');
  assert.ok((await sets.count()) >= 2, 'tabs and a code group on the page');
  const visibleText = async (index: number) => (await sets.nth(index).locator('[role="tabpanel"]:visible').textContent())?.trim();
  assert.match((await visibleText(1)) ?? '', 'npm i docsgen');
  await sets.nth(0).locator('[role="tab"]', { hasText: 'pnpm' }).click();
  assert.match((await visibleText(0)) ?? '', 'Install with pnpm.');
  assert.match((await visibleText(1)) ?? '', 'pnpm add docsgen', 'the code group follows the tabs');
  await page.close();

  const other = await open(context, 'code');
  const group = other.page.locator('[data-dg-tabs]').first();
  assert.match((await group.locator('[role="tabpanel"]:visible').textContent()) ?? '', 'pnpm add docsgen', 'the choice is remembered on another page');
  await other.page.close();
});

browser('should open and close an accordion', async (context) => {
  const { page } = await open(context, 'interactive');
  const second = page.locator('details', { hasText: 'Second question' }).first();
  assert.not.ok(await second.evaluate((element) => (element as HTMLDetailsElement).open));
  await second.locator('summary').first().click();
  assert.ok(await second.evaluate((element) => (element as HTMLDetailsElement).open));
  await page.close();
});

browser('should copy a code block with its button', async (context) => {
  await context.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { page } = await open(context, 'code');
  const button = page.getByRole('button', { name: 'Copy code' }).first();
  await button.click();
  await page.waitForFunction(() => document.querySelector('button[data-copied]') !== null);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.is(copied.trim(), 'const a = 1;\nconst b = 2;\nconsole.log(a + b);');
  // It says so, in its text and its name, then goes back.
  const done = page.locator('button[data-copied]');
  assert.is((await done.textContent())?.trim(), 'Copied');
  assert.is(await done.getAttribute('aria-label'), 'Copied');
  await page.waitForFunction(() => document.querySelector('button[data-copied]') === null, undefined, { timeout: 5000 });
  assert.is(await page.locator('.dg-code-copy').first().getAttribute('aria-label'), 'Copy code');
  await page.close();
});

browser.run();
