// Icon fallbacks and the platform's newer components in real Chromium, served by the dev
// server: every fallback rule draws a glyph with a non-empty box, and `<GitHub.Repo>` fills in
// its figures from GitHub's API (answered here by the test, never the network).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { serveProject, type ServedProject } from './site-project.js';

const icons = [
  // [name as written, what docsgen draws, the rule]
  ['GitHub', 'fontawesome/github', 'any case, and a brand under Lucide'],
  ['slack', 'fontawesome/slack', 'a brand under Lucide'],
  ['chart-mixed', 'fontawesome/chart-simple', 'a Font Awesome Pro name'],
  ['waveform', 'lucide/audio-waveform', 'a Font Awesome Pro name'],
  ['circle-1', 'tabler/circle-number-1', 'a numbered Pro shape'],
  ['bars', 'fontawesome/bars', 'another library\'s name'],
  ['no-such-icon-xyz', 'lucide/circle-dashed', 'the placeholder'],
] as const;

const files = {
  'docs.json': JSON.stringify({
    name: 'Icons and components',
    icons: { library: 'lucide' },
    navigation: { groups: [{ group: 'Start', icon: 'phone-arrow-up-right', pages: ['index', 'repo'] }] },
  }),
  'index.mdx': `---\ntitle: Icons\n---\n\n${icons.map(([name]) => `<Icon icon="${name}" size={24} />`).join('\n\n')}\n\n<Icon icon="rocket" size={24} />\n\n<Card title="Plain card" icon="book">x</Card>\n\n<Card title="Coloured card" icon="gauge" color="#0e7490">y</Card>\n\n<Callout icon="flag" color="#b45309">A callout with its own icon.</Callout>\n\n<Columns cols={2}>\n  <Tile href="/repo" title="Tile title" description="Short description">\n    <img src="/images/preview.svg" alt="Preview" />\n  </Tile>\n</Columns>\n`,
  'images/preview.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450"><rect width="800" height="450" fill="#94a3b8"/></svg>',
  'repo.mdx': '---\ntitle: Repositories\n---\n\n<GitHub.Repo repo="acme/widgets" />\n\n<GitHub.Repo repo="https://github.com/acme/widgets" variant="flat" />\n\n<GitHub.Repo repo="acme/gone" />\n',
};

const browser = suite<{ project: ServedProject; context: BrowserContext; close: () => Promise<void> }>('icons and components in Chromium');

browser.before(async (context) => {
  context.project = await serveProject(files);
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

browser.after(async (context) => {
  await context.close?.();
  await context.project?.close();
});

async function open(context: { context: BrowserContext; project: ServedProject }, slug: string, prepare?: (page: Page) => Promise<void>): Promise<{ page: Page; errors: string[] }> {
  const page = await context.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await prepare?.(page);
  await page.goto(`${context.project.base}/${slug}`);
  await page.waitForLoadState('load');
  return { page, errors };
}

/** The rendered box of an icon and of the shapes inside it (`getBBox`, in its own units). */
async function boxes(page: Page, selector: string): Promise<{ width: number; height: number; shapes: number; drawnWidth: number; drawnHeight: number; drawn: string | null }> {
  return page.locator(selector).first().evaluate((svg: SVGSVGElement) => {
    const box = svg.getBoundingClientRect();
    const inner = svg.getBBox();
    return {
      width: box.width,
      height: box.height,
      shapes: svg.querySelectorAll('path, circle, rect, line, polyline, polygon, ellipse').length,
      drawnWidth: inner.width,
      drawnHeight: inner.height,
      drawn: svg.getAttribute('data-icon-drawn'),
    };
  });
}

browser('should draw an icon for every fallback rule, with a box and shapes that are not empty', async (context) => {
  const { page, errors } = await open(context, '');
  const rocket = await boxes(page, '.dg-content svg[data-icon="rocket"]');
  for (const [name, drawn, rule] of icons) {
    const icon = await boxes(page, `.dg-content svg[data-icon="${name.toLowerCase()}"]`);
    assert.is(icon.drawn, drawn, `${name}: ${rule}`);
    assert.is(icon.width, 24, `${name} is 24px wide`);
    assert.is(icon.height, rocket.height, `${name} has the height of any icon`);
    assert.ok(icon.shapes > 0, `${name} has shapes`);
    assert.ok(icon.drawnWidth > 0 && icon.drawnHeight > 0, `${name}'s shapes cover an area (${icon.drawnWidth}x${icon.drawnHeight})`);
  }
  // The navigation draws a Pro name with its closest free icon too.
  const nav = await boxes(page, 'nav svg[data-icon="phone-arrow-up-right"]');
  assert.is(nav.drawn, 'lucide/phone-outgoing');
  assert.ok(nav.width > 0 && nav.drawnWidth > 0, 'the sidebar icon is drawn');
  assert.equal(errors, []);
  await page.close();
});

browser('should draw card icons in the accent colour or the card\'s `color`, and a callout\'s own icon in its `color`', async (context) => {
  const { page, errors } = await open(context, '');
  const colourOf = (selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).color);
  const accent = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--dg-accent)';
    document.body.append(probe);
    return getComputedStyle(probe).color;
  });
  const text = await colourOf('.dg-card:has-text("Plain card") .dg-card-title');
  assert.is.not(accent, text, 'the accent is not the text colour');
  assert.is(await colourOf('.dg-card:has-text("Plain card") svg.dg-card-icon'), accent);
  assert.is(await colourOf('.dg-card:has-text("Coloured card") svg.dg-card-icon'), 'rgb(14, 116, 144)');
  assert.is(await colourOf('.dg-callout[data-type="callout"] svg.dg-callout-icon'), 'rgb(180, 83, 9)');
  assert.equal(errors, []);
  await page.close();
});

browser('should show a tile\'s preview at a fixed height, the image without an inner margin', async (context) => {
  const { page, errors } = await open(context, '');
  const preview = page.locator('.dg-tile-preview').first();
  const style = await preview.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { height: computed.height, padding: computed.padding, pattern: computed.backgroundImage };
  });
  assert.is(style.height, '160px');
  assert.is(style.padding, '0px');
  assert.match(style.pattern, 'radial-gradient', 'the dotted pattern');
  const image = await page.locator('.dg-tile-preview img').boundingBox();
  assert.ok(image && image.height > 0 && image.height <= 160, `the image fits the preview (${image?.height})`);
  // A reader clicks the tile and lands on its page.
  await page.locator('a.dg-tile').click();
  await page.waitForURL(/\/repo$/);
  assert.equal(errors, []);
  await page.close();
});

browser('should fill GitHub repository cards from the API once per repository, and keep a card whose request fails', async (context) => {
  const asked: string[] = [];
  const { page, errors } = await open(context, 'repo', async (page) => {
    await page.route('https://api.github.com/**', async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      if (route.request().url().endsWith('/acme/gone')) return route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not Found"}' });
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: JSON.stringify({ full_name: 'acme/widgets', description: 'Widgets for <everyone>', stargazers_count: 12345, forks_count: 678 }),
      });
    });
  });
  const cards = page.locator('a.dg-github-repo');
  assert.is(await cards.count(), 3);
  await page.waitForSelector('[data-github-repo="acme/widgets"][data-github-loaded="true"]');
  await page.waitForSelector('[data-github-repo="acme/gone"][data-github-loaded="false"]');
  const first = cards.nth(0);
  assert.is(await first.getAttribute('href'), 'https://github.com/acme/widgets');
  assert.is(await first.locator('.dg-github-repo-description').innerText(), 'Widgets for <everyone>', 'the description is text, not markup');
  assert.ok(await first.locator('.dg-github-repo-description').isVisible());
  assert.match(await first.locator('[data-github-stars]').innerText(), /^12\.3K/);
  assert.match(await first.locator('[data-github-forks]').innerText(), /^678/);
  assert.match((await cards.nth(1).getAttribute('class')) ?? '', 'dg-github-repo-flat');
  assert.match(await cards.nth(1).locator('[data-github-stars]').innerText(), /^12\.3K/, 'the same repository by URL');
  assert.equal(asked.sort(), ['/repos/acme/gone', '/repos/acme/widgets'], 'one request per repository');
  // The failed card still names and links its repository, without empty figures.
  const gone = cards.nth(2);
  assert.is(await gone.locator('.dg-github-repo-name').innerText(), 'gone');
  assert.not.ok(await gone.locator('.dg-github-repo-description').isVisible());
  assert.not.ok(await gone.locator('.dg-github-repo-stats').isVisible());
  // Keyboard: the card is a link a reader reaches with Tab.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  let focused = '';
  for (let step = 0; step < 60 && focused !== 'acme/widgets'; step += 1) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.getAttribute('data-github-repo') ?? '');
  }
  assert.is(focused, 'acme/widgets');
  assert.equal(errors.filter((error) => !/404/.test(error)), []);
  await page.close();
});

browser.run();
