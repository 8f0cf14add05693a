#!/usr/bin/env node
// Pages wider than a phone's screen (not a test: prints what it finds). Builds each project
// folder, serves the output with `docsgen preview`'s server and opens pages in real Chromium at
// 390x844: a page whose document is wider than the screen lets the reader pan it sideways. For
// each such page it prints its width and the outermost elements past the screen's edge that no
// scrolling box holds, then the count per project and in all.
//
//   node bench/phone-width.mjs DIR [DIR …] [--pages 12] [--width 390]
//
// Each DIR is a project with a docs.json (a public repository brought with the `fetch` tool and
// extracted outside this repository). The home page and `--pages` others are opened, the same
// ones for the same build (every nth page in path order).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPreviewServer } from '@docsgen/dev-server';
import { chromium } from 'playwright-core';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repo, 'packages', 'cli', 'bin', 'docsgen.js');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { pages: { type: 'string', default: '12' }, width: { type: 'string', default: '390' } },
});
if (positionals.length === 0) {
  console.error('usage: node bench/phone-width.mjs DIR [DIR …] [--pages 12] [--width 390]');
  process.exit(2);
}
const sample = Number(values.pages);
const width = Number(values.width);

/** The site paths of the HTML pages in `out`, in path order. */
function pagePaths(out) {
  const paths = [];
  const walk = (folder) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        if (name !== '_docsgen' && name !== '_pagefind') walk(path);
      } else if (name.endsWith('.html') && name !== '404.html') {
        const slug = relative(out, path).slice(0, -'.html'.length).split('\\').join('/');
        paths.push(slug === 'index' ? '/' : `/${slug.replace(/\/index$/, '')}`);
      }
    }
  };
  walk(out);
  return paths;
}

/** In the page: its width, and the outermost elements past the right edge that no scrolling box holds. */
function measure() {
  const screen = document.documentElement.clientWidth;
  const wide = document.documentElement.scrollWidth;
  if (wide <= screen + 1) return { wide, culprits: [] };
  const isScrollBox = (element) => /(auto|scroll|hidden|clip)/.test(getComputedStyle(element).overflowX);
  const culprits = [];
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.right <= screen + 1) continue;
    let held = false;
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (isScrollBox(parent)) held = true;
    }
    const parent = element.parentElement;
    const isOutermost = !parent || parent === document.body || parent.getBoundingClientRect().right <= screen + 1;
    if (!held && isOutermost) culprits.push(`${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} (to ${Math.round(box.right)} px)`);
  }
  return { wide, culprits: culprits.slice(0, 3) };
}

const browser = await chromium.launch({ executablePath: process.env.DOCSGEN_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const newPage = () => browser.newPage({ viewport: { width, height: 844 } });
let page = await newPage();
let opened = 0;
let wideCount = 0;
for (const folder of positionals.map((each) => resolve(each))) {
  const out = mkdtempSync(join(tmpdir(), 'docsgen-phone-width-'));
  const built = spawnSync(process.execPath, [cli, 'build', folder, '--out', out], { encoding: 'utf8' });
  if (built.status !== 0) {
    console.log(`${folder}: build failed (exit ${built.status})`);
    rmSync(out, { recursive: true, force: true });
    continue;
  }
  const preview = createPreviewServer({ folder: out });
  await new Promise((done) => preview.server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${preview.server.address().port}`;
  const all = pagePaths(out);
  const step = Math.max(1, Math.floor(all.length / sample));
  const paths = ['/', ...all.filter((path, index) => path !== '/' && index % step === 0).slice(0, sample)];
  let wide = 0;
  let checked = 0;
  for (const path of paths) {
    try {
      // Not `load`: a page's images and embeds from other sites may never answer on a machine
      // without their network; the layout is there once the stylesheets are.
      await page.goto(base + path, { waitUntil: 'domcontentloaded', timeout: 30_000 });
      await page.waitForLoadState('load', { timeout: 3_000 }).catch(() => {});
    } catch (error) {
      console.log(`  ${path}: cannot open (${error.message.split('\n')[0]})`);
      // A page that crashed its tab (or closed it) takes the tab with it: the next one gets a new tab.
      if (page.isClosed()) page = await newPage();
      continue;
    }
    checked += 1;
    opened += 1;
    const result = await page.evaluate(measure).catch(() => null);
    if (!result) {
      checked -= 1;
      opened -= 1;
      console.log(`  ${path}: the page closed before it could be measured`);
      if (page.isClosed()) page = await newPage();
      continue;
    }
    if (result.culprits.length > 0 || result.wide > width + 1) {
      wide += 1;
      console.log(`  ${path}: ${result.wide} px wide: ${result.culprits.join(', ') || 'no single element (positioned content)'}`);
    }
  }
  wideCount += wide;
  console.log(`${folder}: ${wide} of ${checked} pages wider than ${width} px${checked < paths.length ? ` (${paths.length - checked} could not be opened)` : ''}`);
  await preview.close();
  rmSync(out, { recursive: true, force: true });
}
await browser.close();
console.log(`all: ${wideCount} of ${opened} pages wider than ${width} px`);
