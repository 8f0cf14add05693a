// Every theme in real Chromium, light and dark: axe-core finds no serious or critical
// violation, and a screenshot of each is saved under test-output/screenshots/ to look at.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { serveProject, showcaseProject } from './site-project.js';

const themes = ['base', 'pith', 'pip', 'readable', 'theme-e', 'maple', 'linden', 'aspen', 'luma'];
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const screenshots = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

const look = suite<{ context: BrowserContext; close: () => Promise<void> }>('themes in Chromium');

look.before(async (context) => {
  mkdirSync(screenshots, { recursive: true });
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

look.after(async (context) => {
  await context.close?.();
});

for (const theme of themes) {
  look(`should render ${theme} without serious accessibility problems in light and dark mode`, async (context) => {
    const site = await serveProject(showcaseProject(theme));
    const page = await context.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) errors.push(`${response.status()} ${response.url()}`);
    });
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      for (const mode of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: mode });
        for (const slug of ['quickstart', 'guides/cards']) {
          await page.goto(`${site.base}/${slug}`);
          await page.waitForLoadState('load');
          assert.is(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), mode);
          assert.is(await page.evaluate(() => document.documentElement.dataset.dgTheme), theme);
          // Open every group, so the entries filled in from the navigation file are checked too.
          await page.waitForFunction(() => {
            const groups = Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-dg-group]'));
            for (const group of groups) group.open = true;
            return groups.every((group) => group.hasAttribute('data-loaded') && !group.querySelector('.dg-nav-placeholder'));
          });
          if (slug === 'quickstart') await page.screenshot({ path: `${screenshots}${theme}-${mode}.png` });
          await page.addScriptTag({ path: axePath });
          const violations = await page.evaluate(async () => {
            const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
            const result = await axe.run(document, { resultTypes: ['violations'] });
            return result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
          });
          const summary = violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
          assert.equal(summary, [], `${theme} ${mode} /${slug}`);
        }
      }
      assert.equal(errors, []);
    } finally {
      await page.close();
      await site.close();
    }
  });
}

look('should show the light or the dark variant of an image marked with display utility classes, as the colour mode is', async (context) => {
  const svg = (fill: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="${fill}"/></svg>`;
  const site = await serveProject({
    'docs.json': JSON.stringify({ name: 'Modes', navigation: { pages: ['index'] } }),
    'index.mdx': [
      '---', 'title: Modes', '---', '',
      '<img className="block dark:hidden" src="/images/light.svg" alt="Light" />',
      '<img className="hidden dark:block" src="/images/dark.svg" alt="Dark" />',
      '',
      '<div className="dark:hidden">Only in light mode</div>',
      '',
    ].join('\n'),
    'images/light.svg': svg('#fff'),
    'images/dark.svg': svg('#000'),
  });
  const page = await context.context.newPage();
  const shown = () => page.evaluate(() => Array.from(document.querySelectorAll('.dg-prose :is(img, div)')).filter((node) => getComputedStyle(node).display !== 'none').map((node) => node.getAttribute('alt') ?? node.textContent));
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${site.base}/`);
    assert.equal(await shown(), ['Light', 'Only in light mode']);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${site.base}/`);
    assert.equal(await shown(), ['Dark']);
    // The reader's own choice wins over the system's, both ways.
    await page.locator('[data-dg-theme-toggle]').first().click();
    assert.is(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), 'light');
    assert.equal(await shown(), ['Light', 'Only in light mode']);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('[data-dg-theme-toggle]').first().click();
    assert.equal(await shown(), ['Dark']);
  } finally {
    await page.close();
    await site.close();
  }
});

look('should space a card grid\'s rows as its columns: the cards keep no margins of their own there', async (context) => {
  const site = await serveProject({
    'docs.json': JSON.stringify({ name: 'Grid', navigation: { pages: ['index'] } }),
    'index.mdx': ['---', 'title: Grid', '---', '', '<CardGroup cols={2}>', ...['A', 'B', 'C', 'D'].map((title) => `  <Card title="${title}" type="note">Text.</Card>`), '</CardGroup>', ''].join('\n'),
  });
  const page = await context.context.newPage();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${site.base}/`);
    const boxes = await page.locator('.dg-card-group > .dg-card').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON() as DOMRect));
    assert.is(boxes.length, 4);
    const columnGap = boxes[1]!.left - boxes[0]!.right;
    const rowGap = boxes[2]!.top - boxes[0]!.bottom;
    assert.ok(columnGap > 0);
    assert.ok(Math.abs(rowGap - columnGap) < 1, `rows ${rowGap}px apart, columns ${columnGap}px`);
  } finally {
    await page.close();
    await site.close();
  }
});

look('should put a code group\'s copy button in its tab bar, over neither the tabs nor the code', async (context) => {
  const long = `curl --request POST 'https://api.example.com/${'very/'.repeat(30)}long' --header 'Content-Type: application/json'`;
  const tabs = ['cURL', 'JavaScript', 'Python', 'Go', 'Ruby', 'PHP'];
  const site = await serveProject({
    'docs.json': JSON.stringify({ name: 'Groups', navigation: { pages: ['index'] } }),
    'index.mdx': ['---', 'title: Groups', '---', '', '<CodeGroup>', ...tabs.flatMap((tab) => [`\`\`\`bash ${tab}`, long, '```', '']), '</CodeGroup>', ''].join('\n'),
  });
  const page = await context.context.newPage();
  try {
    // Narrow, so the tabs and the first line are both wider than the group.
    await page.setViewportSize({ width: 420, height: 800 });
    await page.goto(`${site.base}/`);
    const group = page.locator('.dg-code-group').first();
    const box = async (selector: string) => (await group.locator(selector).first().boundingBox())!;
    const button = await box('.dg-tab-panel:not([hidden]) .dg-code-copy');
    const list = await box('.dg-tabs-list');
    const code = await box('.dg-tab-panel:not([hidden]) pre');
    assert.ok(button.width > 0 && button.height > 0, 'the button is shown');
    assert.ok(list.x + list.width <= button.x + 0.5, `the tab bar ends (${list.x + list.width}) before the button (${button.x})`);
    assert.ok(button.y + button.height <= code.y + 0.5, `the button (bottom ${button.y + button.height}) is above the code (${code.y})`);
  } finally {
    await page.close();
    await site.close();
  }
});

look.run();
