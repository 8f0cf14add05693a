// Full-text search in real Chromium, in `docsgen dev` (index built in memory on the first
// query) and in a built site served by `docsgen preview` (index written by the build): Ctrl+K
// opens the dialog, a query shows the expected section first, Enter lands on its heading.
import type { BrowserContext } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { contentPage, previewBuild, serveProject, type PreviewedBuild, type ServedProject } from './site-project.js';

interface Context {
  dev: ServedProject;
  versioned: ServedProject;
  preview: PreviewedBuild;
  context: BrowserContext;
  close: () => Promise<void>;
}

const files: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Search test',
    search: { prompt: 'Find anything…' },
    navigation: {
      groups: [
        { group: 'Start', pages: ['index', 'guides/warp', 'guides/other', 'secret'] },
        { group: 'Many', pages: Array.from({ length: 7 }, (_, index) => `many/page-${index + 1}`) },
      ],
    },
  }),
  // Seven pages with the same word, each a different number of times: more than the dialog loads at once.
  ...Object.fromEntries(
    Array.from({ length: 7 }, (_, index) => [
      `many/page-${index + 1}.mdx`,
      `${contentPage(`Many ${index + 1}`, 'One of many.')}\n## Zephyrion\n\n${'The zephyrion hums. '.repeat(7 - index)}\n`,
    ]),
  ),
  'index.mdx': contentPage('Introduction', 'The home page.'),
  'guides/warp.mdx': `${contentPage('Warp drive', 'Going fast.')}\n## Calibrate the flux capacitor\n\nThe quasarbeam must be aligned before the quasarbeam fires: quasarbeam alignment comes first.\n`,
  'guides/other.mdx': `${contentPage('Other', 'Something else.')}\n## Mentions\n\nA passing mention of the quasarbeam.\n`,
  // Hidden pages are not searched, however often they say the word.
  'secret.mdx': '---\ntitle: Secret\nhidden: true\n---\n\nquasarbeam quasarbeam quasarbeam quasarbeam quasarbeam quasarbeam.\n',
};

const search = suite<Context>('search in Chromium');

search.before(async (context) => {
  context.dev = await serveProject(files);
  context.versioned = await serveProject({
    'docs.json': JSON.stringify({
      name: 'Versions',
      navigation: { versions: [{ version: 'v2', default: true, pages: ['index', 'v2/engine'] }, { version: 'v1', pages: ['v1/index', 'v1/engine'] }] },
    }),
    'index.mdx': contentPage('Home', 'New.'),
    'v2/engine.mdx': '---\ntitle: Engine two\n---\n\nThe hyperdrive of version two.\n',
    'v1/index.mdx': contentPage('Old home', 'Old.'),
    'v1/engine.mdx': '---\ntitle: Engine one\n---\n\nThe hyperdrive of version one.\n',
  });
  context.preview = await previewBuild(context.dev.root);
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

search.after(async (context) => {
  await context.close?.();
  await context.dev?.close();
  await context.versioned?.close();
  await context.preview?.close();
});

async function searchAndFollow(context: Context, base: string): Promise<void> {
  const page = await context.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${base}/`);
  await page.waitForLoadState('load');
  assert.is(await page.locator('dialog.dg-search-dialog').count(), 0, 'the dialog is not on the page before it is opened');
  await page.keyboard.press('Control+k');
  const dialog = page.locator('dialog.dg-search-dialog[open]');
  await dialog.waitFor();
  assert.is(await dialog.getAttribute('aria-modal'), 'true');
  const input = dialog.locator('input[role=combobox]');
  assert.is(await input.getAttribute('placeholder'), 'Find anything…');
  await page.waitForFunction(() => document.activeElement?.matches('dialog[open] input[role=combobox]'));
  await page.keyboard.type('quasarbeam');
  const first = dialog.locator('[role=option]').first();
  await first.waitFor();
  assert.is(await first.getAttribute('aria-selected'), 'true');
  assert.is(await first.locator('.dg-search-title').innerText(), 'Warp drive › Calibrate the flux capacitor');
  assert.match(await first.locator('.dg-search-excerpt').innerHTML(), /<mark>quasarbeam<\/mark>/);
  const urls = await dialog.locator('[role=option] a').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
  assert.not.ok(urls.includes('/secret'), 'hidden pages are not results');
  assert.ok(urls.includes('/guides/other'), 'the other page that mentions it is a result');

  // Arrows move the selection; Escape closes; Enter follows the selected result.
  await page.keyboard.press('ArrowDown');
  assert.is(await first.getAttribute('aria-selected'), 'false');
  await page.keyboard.press('ArrowUp');
  assert.is(await first.getAttribute('aria-selected'), 'true');
  await page.keyboard.press('Escape');
  await page.locator('dialog.dg-search-dialog:not([open])').waitFor({ state: 'attached' });
  await page.locator('[data-dg-search]').click();
  await dialog.waitFor();
  await first.waitFor();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/guides\/warp#calibrate-the-flux-capacitor$/);
  await page.waitForLoadState('load');
  const heading = page.locator('#calibrate-the-flux-capacitor');
  assert.match(await heading.innerText(), /^Calibrate the flux capacitor/);
  assert.ok(await heading.evaluate((node) => node.getBoundingClientRect().top < innerHeight), 'the heading is scrolled into view');
  assert.equal(errors, []);
  await page.close();
}

search('should find a section in `docsgen dev` and land on its heading', async (context) => {
  await searchAndFollow(context, context.dev.base);
});

search('should find a section in a built site served by `docsgen preview` and land on its heading', async (context) => {
  await searchAndFollow(context, context.preview.base);
});

search('should load five pages of results first, then five more on request', async (context) => {
  const page = await context.context.newPage();
  await page.goto(`${context.dev.base}/`);
  await page.locator('[data-dg-search]').click();
  await page.waitForFunction(() => document.activeElement?.matches('dialog[open] input[role=combobox]'));
  await page.keyboard.type('zephyrion');
  const results = page.locator('dialog[open] .dg-search-result');
  const more = page.locator('dialog[open] .dg-search-more');
  await more.waitFor();
  assert.is(await results.count(), 5);
  assert.is(await page.locator('dialog[open] .dg-search-status').innerText(), '7 matching pages');
  assert.match(await more.innerText(), /2 more pages/);
  // The last option (up from the first) is "more"; Enter loads the rest and selects the first new one.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('dialog[open] .dg-search-result').length === 7);
  assert.is(await more.count(), 0, 'nothing more to load');
  assert.is(await page.locator('dialog[open] [aria-selected=true]').getAttribute('id'), 'dg-search-option-5');
  const titles = await results.locator('.dg-search-title').allInnerTexts();
  assert.equal(new Set(titles.map((title) => title.split(' › ')[0])).size, 7, 'seven different pages');
  await page.close();
});

search('should load the search index again on the next query after it failed to load', async (context) => {
  const page = await context.context.newPage();
  // The first request for Pagefind's script fails, as it does when a dev server cannot index the site.
  const requested: string[] = [];
  await page.route('**/_docsgen/search/pagefind.js*', async (route) => {
    requested.push(new URL(route.request().url()).search);
    if (requested.length === 1) await route.fulfill({ status: 503, contentType: 'text/plain', body: '503 Search Unavailable' });
    else await route.continue();
  });
  await page.goto(`${context.dev.base}/`);
  await page.locator('[data-dg-search]').click();
  await page.waitForFunction(() => document.activeElement?.matches('dialog[open] input[role=combobox]'));
  await page.keyboard.type('quasarbeam');
  const status = page.locator('dialog[open] .dg-search-status');
  await page.waitForFunction(() => /^Search is unavailable/.test(document.querySelector('dialog[open] .dg-search-status')?.textContent ?? ''));
  assert.is(await page.locator('dialog[open] [role=option]').count(), 0);
  // The next query asks again, under another URL (the failed one stays failed in the page).
  await page.keyboard.press('Backspace');
  await page.locator('dialog[open] [role=option]').first().waitFor();
  assert.match(await status.innerText(), /matching page/);
  assert.equal(requested, ['', '?attempt=2']);
  await page.close();
});

search('should search the version selected in the header only', async (context) => {
  for (const [path, expected] of [['/v1/engine', 'Engine one'], ['/v2/engine', 'Engine two']]) {
    const page = await context.context.newPage();
    await page.goto(`${context.versioned.base}${path}`);
    await page.locator('[data-dg-search]').click();
    await page.waitForFunction(() => document.activeElement?.matches('dialog[open] input[role=combobox]'));
    await page.keyboard.type('hyperdrive');
    const options = page.locator('dialog[open] [role=option]');
    await options.first().waitFor();
    const titles = await options.locator('.dg-search-title').allInnerTexts();
    assert.equal([...new Set(titles)], [expected], path);
    await page.close();
  }
});

search.run();
