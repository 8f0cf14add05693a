// The site layout in real Chromium: colour mode (toggle, strict, no flash), the sidebar filled
// in from the shared navigation file, version and language selectors, menus, the
// reading-progress bar and the table of contents.
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { contentPage, serveProject, versionedProject, type ServedProject } from './site-project.js';

interface Context {
  site: ServedProject;
  strict: ServedProject;
  languages: ServedProject;
  context: BrowserContext;
  close: () => Promise<void>;
}

const layout = suite<Context>('site layout in Chromium');

layout.before(async (context) => {
  context.site = await serveProject(versionedProject({ appearance: { readingProgress: true } }));
  context.strict = await serveProject(versionedProject({ appearance: { default: 'dark', strict: true } }));
  context.languages = await serveProject({
    'docs.json': JSON.stringify({
      name: 'Languages',
      navigation: {
        languages: [
          { language: 'en', default: true, groups: [{ group: 'Start', pages: ['en/index', 'en/setup', 'en/extra'] }] },
          { language: 'fr', groups: [{ group: 'Début', pages: ['fr/index', 'fr/setup'] }] },
        ],
      },
    }),
    'en/index.mdx': contentPage('Welcome', 'English home.'),
    'en/setup.mdx': contentPage('Setup', 'English setup.'),
    'en/extra.mdx': contentPage('Extra', 'Only in English.'),
    'fr/index.mdx': contentPage('Bienvenue', 'Accueil.'),
    'fr/setup.mdx': contentPage('Installation', 'Installation en français.'),
  });
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

layout.after(async (context) => {
  await context.close?.();
  await context.site?.close();
  await context.strict?.close();
  await context.languages?.close();
});

/** Opens a page recording `data-theme` on `<html>` when `<body>` first appears: before anything is painted. */
async function open(context: Context, url: string, options?: { colorScheme?: 'light' | 'dark' }): Promise<{ page: Page; errors: string[] }> {
  const page = await context.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.emulateMedia({ colorScheme: options?.colorScheme ?? 'light' });
  // A string, not a function: the test's compiler would wrap named functions in a helper the page lacks.
  await page.addInitScript({
    content:
      'const observer = new MutationObserver(() => { if (!document.body) return; window.firstMode = document.documentElement.getAttribute("data-theme"); observer.disconnect(); });' +
      'observer.observe(document, { childList: true, subtree: true });',
  });
  await page.goto(url);
  await page.waitForLoadState('load');
  return { page, errors };
}

const firstMode = (page: Page) => page.evaluate(() => (window as unknown as { firstMode: string | null }).firstMode);

layout('should follow the system mode, toggle it, and keep the choice across reloads without a flash', async (context) => {
  const { page, errors } = await open(context, `${context.site.base}/v2/quickstart`, { colorScheme: 'dark' });
  assert.is(await firstMode(page), 'dark', 'system dark before the first paint');
  const toggle = page.locator('[data-dg-theme-toggle]');
  assert.is(await toggle.getAttribute('aria-pressed'), 'true');
  await toggle.click();
  assert.is(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), 'light');
  assert.is(await toggle.getAttribute('aria-pressed'), 'false');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.is(background, 'rgb(255, 255, 255)', 'the light colours apply');
  await page.reload();
  await page.waitForLoadState('load');
  assert.is(await firstMode(page), 'light', 'the stored choice is applied before the first paint');
  assert.equal(errors, []);
  await page.close();
});

layout('should force the default mode and hide the toggle with appearance.strict', async (context) => {
  const { page } = await open(context, `${context.strict.base}/`);
  await page.evaluate(() => localStorage.setItem('docsgen:appearance', 'light'));
  await page.reload();
  await page.waitForLoadState('load');
  assert.is(await firstMode(page), 'dark');
  assert.is(await page.locator('[data-dg-theme-toggle]').count(), 0);
  assert.is(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
  await page.close();
});

layout('should mark the current page, render top-level groups in full and fill nested groups from one shared navigation file', async (context) => {
  const requests: string[] = [];
  const html = await (await fetch(`${context.site.base}/v2/quickstart`)).text();
  // The page holds the entries of every top-level group (so the sidebar does not move after
  // load), and only the first entry of a closed nested group.
  const sidebar = html.slice(html.indexOf('dg-sidebar'));
  assert.match(sidebar, '>Beta<');
  assert.match(sidebar, '>Gamma<', 'the placeholder of the closed nested group');
  const page = await context.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  // The page's version has its own part of the file (`navigation-<hash>.versions.0.json`).
  const isNavigationFile = (path: string) => /^\/_docsgen\/navigation-[0-9a-f]+(\.[a-z]+\.\d+)*\.json$/.test(path);
  // The closed group's first entry is in the page already: wait for the file itself, not for it.
  const navigationFile = page.waitForResponse((response) => isNavigationFile(new URL(response.url()).pathname));
  await page.goto(`${context.site.base}/v2/quickstart`);
  const current = page.locator('.dg-sidebar a[aria-current="page"]');
  assert.is(await current.count(), 1);
  assert.is((await current.textContent())?.trim(), 'Quickstart');
  // The Reference group is a top-level section: open, with its entries.
  await page.locator('.dg-sidebar a', { hasText: 'Beta' }).waitFor();
  assert.is(await page.locator('details[data-dg-group]', { hasText: 'Reference' }).first().evaluate((details) => (details as HTMLDetailsElement).open), true);
  assert.is(await page.locator('.dg-sidebar a', { hasText: 'Alpha' }).getAttribute('href'), '/v2/ref/alpha');
  // A nested group stays closed until opened.
  assert.is(await page.locator('.dg-sidebar a', { hasText: 'Gamma' }).isVisible(), false);
  await page.locator('summary', { hasText: 'Nested' }).click();
  await page.locator('.dg-sidebar a', { hasText: 'Gamma' }).waitFor();
  await navigationFile;
  const fetched = requests.filter(isNavigationFile);
  assert.is(fetched.length, 1, 'the navigation file is fetched once');
  // Its version's part: v1's groups are not in it.
  assert.match(fetched[0]!, /\.versions\.\d+\.json$/);
  const part = await (await fetch(`${context.site.base}${fetched[0]}`)).text();
  assert.match(part, 'Gamma');
  assert.not.match(part, '/v1/', 'no group of another version');
  await page.locator('.dg-sidebar a', { hasText: 'Gamma' }).click();
  await page.waitForURL(`${context.site.base}/v2/ref/gamma`);
  assert.is((await page.locator('.dg-sidebar a[aria-current="page"]').textContent())?.trim(), 'Gamma');
  assert.equal(errors, []);
  await page.close();
});

layout('should render a window of a long group around the current page and fill in the rest, keeping the way to the page open', async (context) => {
  // 80 pages in one group, the current page inside a subgroup in the middle of it.
  const pages = Array.from({ length: 80 }, (_, index) => `long/page-${String(index).padStart(2, '0')}`);
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'Long',
      navigation: { groups: [{ group: 'Long', pages: [...pages.slice(0, 50), { group: 'Inner', pages: ['long/inner-a', 'long/inner-b'] }, ...pages.slice(50)] }] },
    }),
    'long/inner-a.mdx': contentPage('Inner A', 'In the subgroup.'),
    'long/inner-b.mdx': contentPage('Inner B', 'In the subgroup too.'),
  };
  for (const slug of pages) files[`${slug}.mdx`] = contentPage(`Entry ${slug.slice(-2)}`, 'A page.');
  const site = await serveProject(files);
  const page = await context.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.setViewportSize({ width: 1280, height: 700 });
    // Without scripts, the page holds a window of the group only.
    const html = await (await fetch(`${site.base}/long/inner-b`)).text();
    const served = html.slice(html.indexOf('dg-sidebar'));
    assert.is((served.match(/class="dg-nav-link"/g) ?? []).length, 31, 'a window of 30 entries, one a subgroup with two pages');
    assert.match(served, 'data-partial');
    await page.goto(`${site.base}/long/inner-b`);
    await page.waitForFunction(() => !document.querySelector('[data-partial]'));
    const links = page.locator('.dg-sidebar a.dg-nav-link');
    assert.is(await links.count(), 82, 'the whole group once filled in');
    assert.is((await page.locator('.dg-sidebar a[aria-current="page"]').textContent())?.trim(), 'Inner B');
    assert.is(await page.locator('details[data-dg-group]', { hasText: 'Inner' }).last().evaluate((details) => (details as HTMLDetailsElement).open), true);
    // The current entry is still in view after the entries above it came in.
    const inView = await page.evaluate(() => {
      const current = document.querySelector('.dg-sidebar a[aria-current="page"]')!.getBoundingClientRect();
      const sidebar = document.querySelector('.dg-sidebar-wrap')!.getBoundingClientRect();
      return current.top >= sidebar.top && current.bottom <= sidebar.bottom;
    });
    assert.ok(inView, 'the current entry is in view');
    assert.equal(errors, []);
  } finally {
    await page.close();
    await site.close();
  }
});

layout('should switch versions to the same page, or to the first page of a version without it', async (context) => {
  const { page } = await open(context, `${context.site.base}/v2/quickstart`);
  const menu = page.locator('.dg-header-bar summary[aria-label^="Version"]');
  await menu.click();
  await page.locator('.dg-header-bar .dg-menu-item', { hasText: 'v1' }).click();
  await page.waitForURL(`${context.site.base}/v1/quickstart`);
  assert.is(await page.locator('.dg-header-bar summary[aria-label^="Version"]').getAttribute('aria-label'), 'Version: v1');
  await page.goto(`${context.site.base}/v2/only-v2`);
  await page.locator('.dg-header-bar summary[aria-label^="Version"]').click();
  await page.locator('.dg-header-bar .dg-menu-item', { hasText: 'v1' }).click();
  await page.waitForURL(`${context.site.base}/v1/index`);
  await page.close();
});

layout('should switch languages to the same page, or to the first page of a language without it', async (context) => {
  const { page } = await open(context, `${context.languages.base}/en/setup`);
  assert.is(await page.evaluate(() => document.documentElement.lang), 'en');
  await page.locator('.dg-header-bar summary[aria-label^="Language"]').click();
  await page.locator('.dg-header-bar .dg-menu-item', { hasText: 'Français' }).click();
  await page.waitForURL(`${context.languages.base}/fr/setup`);
  assert.is(await page.evaluate(() => document.documentElement.lang), 'fr');
  await page.goto(`${context.languages.base}/en/extra`);
  await page.locator('.dg-header-bar summary[aria-label^="Language"]').click();
  await page.locator('.dg-header-bar .dg-menu-item', { hasText: 'Français' }).click();
  await page.waitForURL(`${context.languages.base}/fr/index`);
  await page.close();
});

layout('should open a group\'s first page when the reader expands a group with drilldown', async (context) => {
  const site = await serveProject({
    'docs.json': JSON.stringify({
      name: 'Drilldown',
      interaction: { drilldown: true },
      navigation: {
        groups: [
          {
            group: 'Guides',
            pages: [
              'index',
              { group: 'Deploy', pages: ['deploy/first', 'deploy/second', { group: 'Advanced', pages: ['deploy/advanced'] }] },
              // A group's own `drilldown` wins over the site's (DeepL's docs.json writes it).
              { group: 'Setup', drilldown: false, pages: ['setup/one', { group: 'More', pages: ['setup/more'] }] },
            ],
          },
        ],
      },
    }),
    'index.mdx': contentPage('Home', 'Start here.'),
    'deploy/first.mdx': contentPage('First deploy', 'Deploying.'),
    'deploy/second.mdx': contentPage('Second deploy', 'Again.'),
    'deploy/advanced.mdx': contentPage('Advanced deploy', 'Deeper.'),
    'setup/one.mdx': contentPage('Setup one', 'Setting up.'),
    'setup/more.mdx': contentPage('More setup', 'More.'),
  });
  const page = await context.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const deploy = () => page.locator('summary', { hasText: 'Deploy' }).locator('xpath=..');
  try {
    await page.goto(`${site.base}/`);
    // A click on the closed group's heading opens its first page, with the group open there.
    await page.locator('summary', { hasText: 'Deploy' }).click();
    await page.waitForURL(`${site.base}/deploy/first`);
    assert.is((await page.locator('.dg-sidebar a[aria-current="page"]').textContent())?.trim(), 'First deploy');
    assert.is(await deploy().evaluate((details) => (details as HTMLDetailsElement).open), true);
    // A nested group: Enter on its focused heading does the same.
    await page.locator('summary', { hasText: 'Advanced' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.base}/deploy/advanced`);
    // Closing an open group only closes it.
    await page.locator('summary', { hasText: 'Deploy' }).click();
    assert.is(await deploy().evaluate((details) => (details as HTMLDetailsElement).open), false);
    assert.is(new URL(page.url()).pathname, '/deploy/advanced');
    // `drilldown: false` on the group: it only expands.
    await page.locator('summary', { hasText: 'Setup' }).click();
    await page.locator('.dg-sidebar a', { hasText: 'Setup one' }).waitFor();
    assert.is(new URL(page.url()).pathname, '/deploy/advanced');
    // A group inside it came from the shared navigation file, and drills down as the site says.
    await page.locator('summary', { hasText: 'More' }).click();
    await page.waitForURL(`${site.base}/setup/more`);
    assert.equal(errors, []);
  } finally {
    await page.close();
    await site.close();
  }
});

layout('should close menus with Escape and give focus back to their button', async (context) => {
  const { page } = await open(context, `${context.site.base}/v2/quickstart`);
  const summary = page.locator('.dg-header-bar summary[aria-label^="Version"]');
  await summary.focus();
  await page.keyboard.press('Enter');
  assert.is(await page.locator('.dg-header-bar details.dg-variant-menu').getAttribute('open'), '');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  assert.is(await page.locator('.dg-header-bar details.dg-variant-menu').getAttribute('open'), null);
  assert.is(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Version: v2');
  // The skip link is the first stop and leads to the content.
  await page.goto(`${context.site.base}/v2/quickstart`);
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
  await page.keyboard.press('Enter');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'dg-main');
  await page.close();
});

layout('should grow the reading-progress bar and move the table of contents as the reader scrolls', async (context) => {
  const { page } = await open(context, `${context.site.base}/v2/quickstart`);
  const width = () => page.locator('.dg-progress-bar').evaluate((bar) => bar.getBoundingClientRect().width);
  const height = await page.locator('.dg-progress-bar').evaluate((bar) => bar.getBoundingClientRect().height);
  assert.is(height, 2);
  assert.is(await width(), 0);
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2));
  await page.waitForFunction(() => (document.querySelector('.dg-progress-bar')?.getBoundingClientRect().width ?? 0) > 0);
  const half = await width();
  const viewport = page.viewportSize()?.width ?? 0;
  assert.ok(half > viewport * 0.3 && half < viewport * 0.7, `half way: ${half} of ${viewport}`);
  await page.evaluate(() => document.getElementById('deploy')?.scrollIntoView());
  await page.waitForFunction(() => document.querySelector('.dg-toc-link[aria-current="true"]')?.getAttribute('href') === '#deploy');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => Math.round(document.querySelector('.dg-progress-bar')?.getBoundingClientRect().width ?? 0) === document.documentElement.clientWidth);
  await page.close();
});

layout.run();
