// Tailwind CSS in pages, in real Chromium: the computed styles of utility classes (spacing,
// radius, grid, an arbitrary value, the site's colours, `dark:` after the toggle, a responsive
// variant at phone width, `group-hover:`), docsgen's own components unchanged by a Tailwind
// class on the page, the frame page mode, and a class added on save styled without a restart.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevInBrowser, stopDevInBrowser, type DevInBrowser } from './dev-in-browser.js';

const tailwind = suite<DevInBrowser>('Tailwind CSS in Chromium');

// The same docsgen components, once alone and once on a page that also uses Tailwind classes.
const components = `<Note>A note with a [link](/) and \`code\`.</Note>

<Card title="A card" icon="rocket" href="/">Card text.</Card>

| Field | Meaning |
| --- | --- |
| \`name\` | Site name |

\`\`\`bash
npm install docsgen
\`\`\`

<Accordion title="Details">Hidden text.</Accordion>
`;

const landing = `---
title: Welcome
mode: custom
---

export const Tile = ({ title }) => (
  <a className="group block p-6 rounded-xl border border-gray-200" href="/plain">
    <span className="tile-title group-hover:underline">{title}</span>
  </a>
);

<div id="button" className="px-6 py-3 rounded-full bg-black text-white dark:bg-white dark:text-black max-w-[320px]">Get started</div>

<div id="grid" className="grid sm:grid-cols-2 gap-4">
  <Tile title="One" />
  <Tile title="Two" />
</div>

<p id="brand" className="text-primary">Brand colour</p>
`;

const files: Record<string, string> = {
  'docs.json': JSON.stringify({ name: 'Tailwind', colors: { primary: '#166E3F', light: '#26BD6C', dark: '#166E3F' }, navigation: { pages: ['index', 'plain', 'styled', 'frame', 'live'] } }),
  'index.mdx': landing,
  'plain.mdx': `---\ntitle: Components\n---\n\n<div id="compared">\n\n${components}\n</div>\n`,
  'styled.mdx': `---\ntitle: Components\n---\n\n<div id="compared">\n\n${components}\n</div>\n\n<p className="p-2 rounded-full hidden">Tailwind here too.</p>\n`,
  'frame.mdx': '---\ntitle: Frame page\ndescription: Not shown.\nmode: frame\n---\n\n<div id="framed" className="max-w-3xl mx-auto px-4 py-16">Framed content</div>\n\n<p id="unframed">A paragraph without classes.</p>\n',
  'live.mdx': '---\ntitle: Live\n---\n\n<div id="live" className="p-2">Edit me</div>\n',
};

tailwind.before(async (context) => {
  await startDevInBrowser(context, 'docsgen-tailwind-', files);
});

tailwind.after(async (context) => {
  await stopDevInBrowser(context);
});

async function open(context: { context: BrowserContext; base: string }, path: string, width: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await context.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme });
  await page.goto(`${context.base}${path}`, { waitUntil: 'load' });
  return page;
}

const style = (page: Page, selector: string, property: string): Promise<string> =>
  page.locator(selector).first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

tailwind('should style utility classes: padding, radius, grid, an arbitrary value and the site colour', async (context) => {
  const page = await open(context, '/', 1440);
  assert.is(await style(page, '#button', 'padding-left'), '24px');
  assert.is(await style(page, '#button', 'padding-top'), '12px');
  assert.ok(Number.parseFloat(await style(page, '#button', 'border-top-left-radius')) > 1000, 'rounded-full');
  assert.is(await style(page, '#button', 'max-width'), '320px');
  assert.is(await style(page, '#button', 'background-color'), 'rgb(0, 0, 0)');
  assert.is(await style(page, '#grid', 'display'), 'grid');
  assert.is(await style(page, '#grid', 'column-gap'), '16px');
  assert.is((await style(page, '#grid', 'grid-template-columns')).split(' ').length, 2, 'two columns from sm: up');
  assert.is(await style(page, '#grid a', 'border-top-left-radius'), '12px');
  assert.is(await style(page, '#grid a', 'padding-left'), '24px');
  assert.is(await style(page, '#brand', 'color'), 'rgb(22, 110, 63)');
  // A link with classes is styled by them, not the browser's blue underline.
  assert.is(await style(page, '#grid a', 'text-decoration-line'), 'none');
  await page.locator('#grid a').first().hover();
  assert.is(await style(page, '#grid a .tile-title', 'text-decoration-line'), 'underline', 'group-hover: applies on hovering the group');
  assert.is(await style(page, '#grid a:nth-child(2) .tile-title', 'text-decoration-line'), 'none');
  await page.close();
});

tailwind('should lay a responsive grid out in one column at phone width', async (context) => {
  const page = await open(context, '/', 390);
  assert.is((await style(page, '#grid', 'grid-template-columns')).split(' ').length, 1);
  await page.close();
});

tailwind('should apply dark: classes with docsgen dark mode, after the toggle and from the stored choice', async (context) => {
  const page = await open(context, '/', 1440, 'light');
  assert.is(await style(page, '#button', 'background-color'), 'rgb(0, 0, 0)');
  await page.locator('[data-dg-theme-toggle]').first().click();
  assert.is(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
  assert.is(await style(page, '#button', 'background-color'), 'rgb(255, 255, 255)');
  assert.is(await style(page, '#button', 'color'), 'rgb(0, 0, 0)');
  // The choice is stored: a reload in a light system keeps the page dark.
  await page.reload({ waitUntil: 'load' });
  assert.is(await style(page, '#button', 'background-color'), 'rgb(255, 255, 255)');
  await page.locator('[data-dg-theme-toggle]').first().click();
  assert.is(await style(page, '#button', 'background-color'), 'rgb(0, 0, 0)');
  await page.close();
});

tailwind('should leave docsgen components as they are on a page with Tailwind classes (no Preflight)', async (context) => {
  for (const [width, scheme] of [[1440, 'light'], [390, 'dark']] as const) {
    const plain = await open(context, '/plain', width, scheme);
    const styled = await open(context, '/styled', width, scheme);
    assert.is(await plain.locator('link[href$="tailwind.css"]').count(), 0, 'the plain page has no Tailwind stylesheet');
    assert.is(await styled.locator('link[href$="tailwind.css"]').count(), 1, 'the other page has');
    const [before, after] = [await plain.locator('#compared').screenshot(), await styled.locator('#compared').screenshot()];
    assert.ok(before.equals(after), `the components look the same at ${width} ${scheme}`);
    await plain.close();
    await styled.close();
  }
});

tailwind('should keep the sidebar and hide the title block and table of contents in frame mode', async (context) => {
  const page = await open(context, '/frame', 1440);
  assert.ok(await page.locator('#dg-sidebar .dg-sidebar').isVisible(), 'the sidebar is shown');
  assert.is(await page.locator('.dg-page-header, .dg-title, .dg-contextual, .dg-toc-wrap, .dg-pager').count(), 0, 'no title, description, copy menu, table of contents or pager');
  assert.is(await page.locator('.dg-description').count(), 0);
  const sidebar = (await page.locator('#dg-sidebar').boundingBox())!;
  const framed = (await page.locator('#framed').boundingBox())!;
  assert.ok(framed.x > sidebar.x + sidebar.width + 32, `the content is not flush against the sidebar (${framed.x} vs ${sidebar.x + sidebar.width})`);
  assert.is(framed.width, 768, 'max-w-3xl');
  const paragraph = (await page.locator('#unframed').boundingBox())!;
  assert.ok(paragraph.x >= sidebar.x + sidebar.width + 24, `a paragraph keeps a gutter beside the sidebar (${paragraph.x} vs ${sidebar.x + sidebar.width})`);
  await page.close();
});

tailwind('should style a class added on save without a restart', async (context) => {
  const page = await open(context, '/live', 1440);
  assert.is(await style(page, '#live', 'padding-left'), '8px');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
  for (let waited = 0; context.session.listeners < 1 && waited < 5000; waited += 25) await new Promise((r) => setTimeout(r, 25));
  writeFileSync(join(context.root, 'live.mdx'), '---\ntitle: Live\n---\n\n<div id="live" className="p-2 bg-[#ff0000] pl-[37px]">Edit me</div>\n');
  await page.waitForFunction(() => getComputedStyle(document.getElementById('live')!).paddingLeft === '37px', undefined, { timeout: 10_000 });
  assert.is(await style(page, '#live', 'background-color'), 'rgb(255, 0, 0)');
  assert.is(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 7, 'updated in place, without a reload');
  await page.close();
});

tailwind('should write the stylesheet in a build and print its size', (context) => {
  const out = mkdtempSync(join(tmpdir(), 'docsgen-tailwind-out-'));
  try {
    const bin = fileURLToPath(new URL('../node_modules/.bin/docsgen', import.meta.url));
    const result = spawnSync(bin, ['build', context.root, '--out', join(out, 'dist'), '--no-cache'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.is(result.status, 0, result.stdout + result.stderr);
    const css = readFileSync(join(out, 'dist', '_docsgen', 'tailwind.css'), 'utf8');
    const size = /^Tailwind CSS: ([\d.]+) (B|KB) for (\d+) class names \(_docsgen\/tailwind\.css\)$/m.exec(result.stdout);
    assert.ok(size, result.stdout);
    assert.ok(Math.abs(Number(size![1]) * (size![2] === 'KB' ? 1024 : 1) - Buffer.byteLength(css)) < 60, `the printed size is the file's (${size![0]} vs ${Buffer.byteLength(css)} B)`);
    assert.match(css, /\.max-w-\\\[320px\\\]/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

tailwind.run();
