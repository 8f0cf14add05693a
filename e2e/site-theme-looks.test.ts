// Each theme in real Chromium: its stylesheet is the one the page loads, and a style only that
// theme has is what the browser computes. The platform's aliases load the theme they stand for;
// an unknown name loads `base`.
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { contentPage, serveProject, showcaseProject, type ServedProject } from './site-project.js';

const looks = suite<{ context: BrowserContext; close: () => Promise<void> }>('theme looks in Chromium');

looks.before(async (context) => {
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

looks.after(async (context) => {
  await context.close?.();
});

/** A docs.json with one tab holding a long group, so the sidebar scrolls. */
function longProject(theme: string): Record<string, string> {
  const slugs = Array.from({ length: 40 }, (_, index) => `guides/page-${index + 1}`);
  return {
    ...showcaseProject(theme),
    'docs.json': JSON.stringify({
      name: 'Acme Docs',
      theme,
      colors: { primary: '#0d9373', light: '#07c983', dark: '#0d9373' },
      navigation: {
        tabs: [
          { tab: 'Guides', groups: [{ group: 'Get started', pages: ['index', 'quickstart'] }, { group: 'Long group', pages: slugs }] },
          { tab: 'API reference', groups: [{ group: 'Endpoints', pages: ['api/users'] }] },
        ],
      },
    }),
    ...Object.fromEntries(slugs.map((slug, index) => [`${slug}.mdx`, contentPage(`Page ${index + 1}`, 'A page of a long group.')])),
  };
}

/**
 * Opens `slug` of a served project and checks that the page is in `theme` and that its
 * stylesheet, and no other theme's, was loaded.
 */
async function openThemed(page: Page, site: ServedProject, slug: string, theme: string): Promise<void> {
  const stylesheets: string[] = [];
  const listener = (response: { url: () => string; status: () => number }) => {
    if (/\/theme-[\w-]+\.css$/.test(response.url())) stylesheets.push(`${response.status()} ${response.url().replace(site.base, '')}`);
  };
  page.on('response', listener);
  await page.goto(`${site.base}/${slug}`);
  await page.waitForLoadState('load');
  page.off('response', listener);
  assert.is(await page.evaluate(() => document.documentElement.dataset.dgTheme), theme);
  assert.equal(stylesheets, [`200 /_docsgen/theme-${theme}.css`]);
}

/** The computed style `property` of the first element matching `selector`, or of its pseudo-element. */
function styleOf(page: Page, selector: string, property: string, pseudo?: string): Promise<string> {
  return page.evaluate(([selector, property, pseudo]) => getComputedStyle(document.querySelector(selector)!, pseudo || null).getPropertyValue(property!), [selector, property, pseudo ?? ''] as const);
}

function boxOf(page: Page, selector: string): Promise<{ top: number; left: number; right: number; bottom: number; width: number; height: number }> {
  return page.locator(selector).first().evaluate((node) => node.getBoundingClientRect().toJSON() as DOMRect);
}

/** Runs `check` on a page of `files` served by the dev server, in a fresh tab. */
async function withPage(context: BrowserContext, files: Record<string, string>, check: (page: Page, site: ServedProject) => Promise<void>): Promise<void> {
  const site = await serveProject(files);
  const page = await context.newPage();
  try {
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await check(page, site);
  } finally {
    await page.close();
    await site.close();
  }
}

looks('should draw maple as an app shell: the sidebar down the whole window with the logo at its top, the header beside it', async (context) => {
  await withPage(context.context, longProject('maple'), async (page, site) => {
    await openThemed(page, site, 'guides/page-20', 'maple');
    const sidebar = await boxOf(page, '.dg-sidebar-wrap');
    const header = await boxOf(page, '.dg-header');
    const logo = await boxOf(page, '.dg-logo');
    assert.equal([sidebar.top, sidebar.height], [0, 900], 'the sidebar runs from the top of the window to its bottom');
    assert.ok(Math.abs(header.left - sidebar.right) < 1, `header starts at ${header.left}, sidebar ends at ${sidebar.right}`);
    assert.ok(logo.left >= 0 && logo.right <= sidebar.right + 1 && logo.top === 0, 'the logo sits at the top of the sidebar');
    // The page scrolls under the header; the shell stays where it is.
    await page.mouse.move(800, 600);
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 1000);
    assert.equal([(await boxOf(page, '.dg-sidebar-wrap')).top, (await boxOf(page, '.dg-header')).top, (await boxOf(page, '.dg-logo')).top], [0, 0, 0]);
    // A phone gets the ordinary header and the sidebar as a drawer behind the menu button.
    await page.setViewportSize({ width: 390, height: 844 });
    assert.is((await boxOf(page, '.dg-header')).left, 0);
    assert.is(await styleOf(page, '.dg-sidebar-wrap', 'visibility'), 'hidden');
    await page.locator('.dg-nav-toggle').click();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.dg-sidebar-wrap')!).visibility === 'visible');
    assert.is((await boxOf(page, '.dg-sidebar-wrap')).left, 0);
  });
});

looks('should set linden in a monospace face, with Markdown heading marks and its own terminal colours in dark mode', async (context) => {
  await withPage(context.context, showcaseProject('linden'), async (page, site) => {
    await openThemed(page, site, 'quickstart', 'linden');
    // Every glyph of a monospace face is as wide as the next.
    const widths = await page.evaluate(() => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      const style = getComputedStyle(document.querySelector('.dg-prose p')!);
      canvas.font = `${style.fontSize} ${style.fontFamily}`;
      return ['iiiiiiiiii', 'MMMMMMMMMM'].map((text) => canvas.measureText(text).width);
    });
    assert.is(widths[0], widths[1]);
    assert.match(await styleOf(page, '.dg-prose h2', 'content', '::before'), '##');
    // The current page is a selection bar: the text colour as its background.
    assert.is(await styleOf(page, '.dg-nav-link[aria-current="page"]', 'background-color'), await styleOf(page, 'body', 'color'));
    assert.is(await styleOf(page, 'body', 'background-color'), 'rgb(253, 252, 248)');
    await page.locator('[data-dg-theme-toggle]').first().click();
    assert.is(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), 'dark');
    assert.is(await styleOf(page, 'body', 'background-color'), 'rgb(21, 20, 19)');
  });
});

looks('should keep aspen\'s group labels in view while their entries scroll, and fill the current tab with the brand colour', async (context) => {
  await withPage(context.context, longProject('aspen'), async (page, site) => {
    await page.setViewportSize({ width: 1440, height: 600 });
    await openThemed(page, site, 'guides/page-1', 'aspen');
    assert.is(await styleOf(page, '.dg-section-tab[aria-current="true"]', 'background-color'), 'rgb(13, 147, 115)');
    const label = page.locator('.dg-nav-group[data-depth="0"] > details > summary', { hasText: 'Long group' });
    const sidebarTop = (await boxOf(page, '.dg-sidebar-wrap')).top;
    const before = await label.evaluate((node) => node.getBoundingClientRect().top);
    await page.mouse.move(120, 400);
    await page.mouse.wheel(0, 900);
    await page.waitForFunction(() => document.querySelector('.dg-sidebar-wrap')!.scrollTop > 600);
    const after = await label.evaluate((node) => node.getBoundingClientRect().top);
    assert.ok(before > sidebarTop + 50, `the label starts lower down (${before})`);
    assert.ok(Math.abs(after - sidebarTop) < 1, `the label stays at the sidebar's top (${after}, sidebar at ${sidebarTop})`);
    // The entries under it did scroll away.
    assert.ok((await page.locator('.dg-nav-link', { hasText: /^Page 1$/ }).evaluate((node) => node.getBoundingClientRect().bottom)) < sidebarTop + 1);
  });
});

looks('should draw luma without rules, the current page after a dot, the column centred between sidebar and contents', async (context) => {
  await withPage(context.context, showcaseProject('luma'), async (page, site) => {
    await openThemed(page, site, 'quickstart', 'luma');
    assert.is(await styleOf(page, '.dg-header', 'border-bottom-width'), '0px');
    assert.is(await styleOf(page, '.dg-toc-list', 'border-left-width'), '0px');
    const dot = await page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('.dg-nav-link[aria-current="page"]')!, '::before');
      return [style.width, style.height, style.borderRadius, style.backgroundColor];
    });
    const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--dg-accent').trim());
    assert.equal(dot, ['6px', '6px', '999px', hexToRgb(accent)]);
    assert.is(await styleOf(page, '.dg-title', 'font-weight'), '500');
    const article = await boxOf(page, '.dg-article');
    const main = await boxOf(page, 'main.dg-content');
    const toc = await boxOf(page, '.dg-toc-wrap');
    const left = article.left - main.left;
    const right = toc.left - article.right;
    assert.ok(Math.abs(left - right) < 24, `centred: ${left}px on the left, ${right}px to the contents`);
    await page.locator('[data-dg-theme-toggle]').first().click();
    assert.is(await styleOf(page, 'body', 'background-color'), 'rgb(15, 15, 17)');
  });
});

looks('should load the theme each older theme and platform alias stands for, with its own look', async (context) => {
  const cases: Array<[input: string, theme: string, selector: string, property: string, expected: string | RegExp]> = [
    ['base', 'base', '.dg-section-tab[aria-current="true"]', 'border-bottom-width', '2px'],
    ['mint', 'base', '.dg-nav-link[aria-current="page"]', 'border-radius', '8px'],
    ['pith', 'pith', '.dg-nav-group[data-depth="0"] > details > summary', 'text-transform', 'uppercase'],
    ['willow', 'base', '.dg-nav-link[aria-current="page"]', 'border-radius', '8px'],
    ['pip', 'pip', '.dg-nav-link[aria-current="page"]', 'border-radius', /^9\d\dpx$/],
    ['almond', 'base', '.dg-section-tab[aria-current="true"]', 'border-bottom-width', '2px'],
    ['readable', 'readable', 'body', 'font-size', '18px'],
    ['sequoia', 'base', '.dg-nav-link[aria-current="page"]', 'border-radius', '8px'],
    ['theme-e', 'theme-e', '.dg-header-bar', 'background-color', 'rgb(13, 147, 115)'],
    ['palm', 'base', '.dg-section-tab[aria-current="true"]', 'border-bottom-width', '2px'],
    ['corporate-blue', 'base', '.dg-section-tab[aria-current="true"]', 'border-bottom-width', '2px'],
  ];
  for (const [input, theme, selector, property, expected] of cases) {
    await withPage(context.context, showcaseProject(input), async (page, site) => {
      await openThemed(page, site, 'quickstart', theme);
      const value = await styleOf(page, selector, property);
      if (typeof expected === 'string') assert.is(value, expected, `${input}: ${selector} ${property}`);
      else assert.match(value, expected, `${input}: ${selector} ${property}`);
    });
  }
});

/** `#0d9373` → `rgb(13, 147, 115)` */
function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${value >> 16}, ${(value >> 8) & 255}, ${value & 255})`;
}

looks.run();
