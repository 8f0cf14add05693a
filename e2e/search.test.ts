// Full-text search in real Chromium, in `docsgen dev` (index built in memory on the first
// query) and in a built site served by `docsgen preview` (index written by the build): Ctrl+K
// opens the dialog, a query shows pages with their best sections under each, Enter lands on the
// page or its heading. Screenshots go to test-output/screenshots/.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { contentPage, previewBuild, serveProject, type PreviewedBuild, type ServedProject } from './site-project.js';

const screenshots = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));

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
        { group: 'Start', pages: ['index', 'guides/warp', 'guides/other', 'secret', 'guides/zephyrion'] },
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
  // Its title names the word once; seven other pages say it more often in their text.
  'guides/zephyrion.mdx': '---\ntitle: Zephyrion setup\n---\n\nHow to set one up.\n\n## Parts\n\nA zephyrion has parts.\n',
  // Hidden pages are not searched, however often they say the word.
  'secret.mdx': '---\ntitle: Secret\nhidden: true\n---\n\nquasarbeam quasarbeam quasarbeam quasarbeam quasarbeam quasarbeam.\n',
};

const search = suite<Context>('search in Chromium');

search.before(async (context) => {
  context.dev = await serveProject(files);
  context.versioned = await serveProject({
    'docs.json': JSON.stringify({
      name: 'Versions',
      // Spanish pages: the version menu reads "Versión: v1", so search must not rely on English words.
      navigation: { languages: [{ language: 'es', default: true, versions: [{ version: 'v2', default: true, pages: ['index', 'v2/engine'] }, { version: 'v1', pages: ['v1/index', 'v1/engine'] }] }] },
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
  mkdirSync(screenshots, { recursive: true });
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
  await page.keyboard.type('quasarbeam');
  await page.waitForSelector('dialog[open] .dg-search-results[data-query="quasarbeam"]');
  // The page first, then its best section under it.
  const first = dialog.locator('[role=option]').first();
  assert.is(await first.getAttribute('aria-selected'), 'true');
  assert.is(await first.getAttribute('class'), 'dg-search-result');
  assert.is(await first.locator('.dg-search-title').innerText(), 'Warp drive');
  const section = dialog.locator('[role=option]').nth(1);
  assert.is(await section.getAttribute('class'), 'dg-search-result-section');
  assert.is(await section.locator('.dg-search-title').innerText(), 'Calibrate the flux capacitor');
  assert.match(await section.locator('.dg-search-excerpt').innerHTML(), /<mark>quasarbeam<\/mark>/);
  const pages = await dialog.locator('a.dg-search-result').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
  assert.equal(pages, ['/guides/warp', '/guides/other'], 'one row per page; hidden pages are not results');

  // Arrows move the selection; Escape closes; Enter follows the selected result.
  await page.keyboard.press('ArrowDown');
  assert.is(await first.getAttribute('aria-selected'), 'false');
  assert.is(await section.getAttribute('aria-selected'), 'true');
  await page.keyboard.press('Escape');
  await page.locator('dialog.dg-search-dialog:not([open])').waitFor({ state: 'attached' });
  await page.locator('[data-dg-search]').click();
  await dialog.waitFor();
  await page.keyboard.press('ArrowDown');
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

search('should load five pages of results first, then five more on request, with the title match first', async (context) => {
  const page = await context.context.newPage();
  await page.goto(`${context.dev.base}/`);
  await page.locator('[data-dg-search]').click();
  await page.waitForFunction(() => document.activeElement?.matches('dialog[open] input[role=combobox]'));
  await page.keyboard.type('zephyrion');
  const results = page.locator('dialog[open] .dg-search-result');
  const more = page.locator('dialog[open] .dg-search-more');
  // The list of the whole word: a prefix typed before it ("zephyrio") lists the same pages, and
  // its list, expanded below, would then be replaced by the whole word's.
  await page.waitForSelector('dialog[open] .dg-search-results[data-query="zephyrion"] .dg-search-more');
  assert.is(await results.count(), 5);
  assert.is(await page.locator('dialog[open] .dg-search-status').innerText(), '8 matching pages');
  assert.is(await more.innerText(), 'Show more results (3 more)');
  // Seven pages say the word more often than "Zephyrion setup" does; its title puts it first.
  assert.is(await results.first().locator('.dg-search-title').innerText(), 'Zephyrion setup');
  // The last option (up from the first) is "more"; Enter loads the rest and selects the first new one.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('dialog[open] .dg-search-result').length === 8);
  assert.is(await more.count(), 0, 'nothing more to load');
  const selected = page.locator('dialog[open] [aria-selected=true]');
  assert.is(await selected.getAttribute('class'), 'dg-search-result');
  assert.is(await selected.evaluate((link) => (link as HTMLAnchorElement).pathname), await results.nth(5).evaluate((link) => (link as HTMLAnchorElement).pathname));
  const titles = await results.locator('.dg-search-title').allInnerTexts();
  assert.equal(new Set(titles).size, 8, 'eight different pages');
  await page.close();
});

search('should keep every key typed straight after Ctrl+K, even while the dialog loads', async (context) => {
  const page = await context.context.newPage();
  await page.goto(`${context.dev.base}/guides/other`);
  await page.waitForLoadState('load');
  // The dialog's script takes a while to come, as on a slow connection.
  await page.route('**/_docsgen/search.js', async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.keyboard.press('Control+k');
  await page.keyboard.type('quasarbeam', { delay: 20 });
  const input = page.locator('dialog[open] input[role=combobox]');
  await input.waitFor();
  await page.waitForSelector('dialog[open] .dg-search-results[data-query="quasarbeam"]');
  assert.is(await input.inputValue(), 'quasarbeam');
  // Opened again (script loaded): the first key still lands, and replaces the last query.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('warp');
  await page.waitForSelector('dialog[open] .dg-search-results[data-query="warp"]');
  assert.is(await input.inputValue(), 'warp');
  await page.close();
});

search('should offer pages before a query, recent ones once opened, and close with its button', async (context) => {
  const page = await context.context.newPage();
  await page.goto(`${context.dev.base}/`);
  // Earlier tests opened pages from search in this browser profile.
  await page.evaluate(() => localStorage.removeItem('docsgen:search:recent'));
  await page.locator('[data-dg-search]').click();
  const dialog = page.locator('dialog[open]');
  await dialog.waitFor();
  // The parts of the dialog: a search icon, a close button, the keys to use.
  assert.ok(await dialog.locator('.dg-search-field svg.dg-search-icon').isVisible());
  assert.equal(await dialog.locator('.dg-search-footer').innerText().then((text) => text.replace(/\s+/g, ' ').trim()), '↑↓ to move ↵ to open Esc to close');
  assert.is(await dialog.locator('.dg-search-heading').innerText(), 'PAGES');
  assert.equal(await dialog.locator('.dg-search-suggestion .dg-search-title').allInnerTexts(), ['Warp drive', 'Other', 'Zephyrion setup', 'Many 1', 'Many 2', 'Many 3']);
  await dialog.getByRole('button', { name: 'Close search' }).click();
  await page.locator('dialog.dg-search-dialog:not([open])').waitFor({ state: 'attached' });

  await page.locator('[data-dg-search]').click();
  await page.keyboard.type('flux capacitor');
  await page.waitForSelector('dialog[open] .dg-search-results[data-query="flux capacitor"]');
  await page.locator('dialog[open] a.dg-search-result-section').first().click();
  await page.waitForURL(/\/guides\/warp#/);
  await page.locator('[data-dg-search]').click();
  await dialog.waitFor();
  assert.is(await dialog.locator('.dg-search-heading').innerText(), 'RECENT PAGES');
  assert.equal(await dialog.locator('.dg-search-suggestion .dg-search-title').allInnerTexts(), ['Warp drive']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/guides\/warp$/);
  await page.close();
});

search('should find nothing for a nonsense word, though Pagefind returns a page for it', async (context) => {
  // Pagefind matches `zzzxqv` with the `-z` of a shell script (as on the hosted platform's docs):
  // the dialog drops a page whose highlighted words are not the query's.
  const site = await serveProject({
    'docs.json': JSON.stringify({ name: 'Nonsense', navigation: { groups: [{ group: 'Start', pages: ['index', 'script'] }] } }),
    'index.mdx': contentPage('Introduction', 'The home page.'),
    'script.mdx': '---\ntitle: Script\n---\n\nText.\n\n```bash\nif [ -z "$files" ]; then echo none; fi\n```\n\nif [ -z "$x" ]; then echo; fi\n',
  });
  try {
    const page = await context.context.newPage();
    await page.goto(`${site.base}/`);
    const raw = await page.evaluate(`import('/_docsgen/search/pagefind.js').then((pagefind) => pagefind.search('zzzxqv')).then((search) => search.results.length)`);
    assert.is(raw, 1, 'Pagefind alone returns a page');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('zzzxqv');
    await page.waitForSelector('dialog[open] .dg-search-results[data-query="zzzxqv"]');
    assert.is(await page.locator('dialog[open] .dg-search-status').innerText(), 'No results for “zzzxqv”');
    assert.is(await page.locator('dialog[open] [role=option]').count(), 0);
    // A real word of the page still finds it.
    await page.locator('dialog[open] input').fill('echo');
    await page.waitForSelector('dialog[open] .dg-search-results[data-query="echo"]');
    assert.is(await page.locator('dialog[open] a.dg-search-result .dg-search-title').innerText(), 'Script');
    await page.close();
  } finally {
    await site.close();
  }
});

search('should look right at 1440x900 and 390x844 in both modes, with no serious accessibility violations', async (context) => {
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const page: Page = await context.context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      await page.goto(`${context.preview.base}/`);
      await page.locator('[data-dg-search]').click();
      await page.keyboard.type('quasarbeam');
      await page.waitForSelector('dialog[open] .dg-search-results[data-query="quasarbeam"]');
      await page.screenshot({ path: `${screenshots}search-${width}-${scheme}.png` });
      await page.addScriptTag({ content: axe });
      const violations = (await page.evaluate(
        `axe.run(document.querySelector('dialog[open]'), { resultTypes: ['violations'] }).then((result) => result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ') + ' ' + (n.any[0] ? n.any[0].message : '')).join(', ')))`,
      )) as string[];
      assert.equal(violations, [], `${width} ${scheme}`);
      await page.close();
    }
  }
});

search('should load the search index again on the next query after it failed to load', async (context) => {
  const page = await context.context.newPage();
  // The first request for Pagefind's script fails, as it does when a dev server cannot index the site.
  // It fails once the whole query is typed: every keystroke until then waits for the same load
  // (on a slow machine a keystroke after the failure would already ask again).
  const requested: string[] = [];
  let typed!: () => void;
  const typing = new Promise<void>((resolve) => (typed = resolve));
  await page.route('**/_docsgen/search/pagefind.js*', async (route) => {
    requested.push(new URL(route.request().url()).search);
    if (requested.length > 1) return route.continue();
    await typing;
    await route.fulfill({ status: 503, contentType: 'text/plain', body: '503 Search Unavailable' });
  });
  await page.goto(`${context.dev.base}/`);
  await page.locator('[data-dg-search]').click();
  await page.waitForFunction(() => document.activeElement?.matches('dialog[open] input[role=combobox]'));
  await page.keyboard.type('quasarbeam');
  typed();
  const status = page.locator('dialog[open] .dg-search-status');
  await page.waitForFunction(() => /^Search is unavailable/.test(document.querySelector('dialog[open] .dg-search-status')?.textContent ?? ''));
  assert.is(await page.locator('dialog[open] [role=option]').count(), 0);
  // The next query asks again, under another URL (the failed one stays failed in the page).
  await page.keyboard.press('Backspace');
  await page.waitForSelector('dialog[open] .dg-search-results[data-query="quasarbea"]');
  assert.match(await status.innerText(), /matching page/);
  assert.equal(requested, ['', '?attempt=2']);
  await page.close();
});

search('should search the version selected in the header only, on a translated page too', async (context) => {
  for (const [path, expected] of [['/v1/engine', 'Engine one'], ['/v2/engine', 'Engine two']]) {
    const page = await context.context.newPage();
    await page.goto(`${context.versioned.base}${path}`);
    assert.match((await page.locator('.dg-header-bar summary[data-variant="version"]').getAttribute('aria-label')) ?? '', /^Versión: /);
    await page.locator('[data-dg-search]').click();
    await page.waitForFunction(() => document.activeElement?.matches('dialog[open] input[role=combobox]'));
    await page.keyboard.type('hyperdrive');
    await page.waitForSelector('dialog[open] .dg-search-results[data-query="hyperdrive"]');
    const titles = await page.locator('dialog[open] .dg-search-result .dg-search-title').allInnerTexts();
    assert.equal([...new Set(titles)], [expected], path);
    await page.close();
  }
});

search.run();
