// Live reload in real Chromium: edit files on disk while the page is open.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevInBrowser, stopDevInBrowser, type DevInBrowser } from './dev-in-browser.js';

const live = suite<DevInBrowser>('live reload in Chromium');

live.before(async (context) => {
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Live', navigation: { pages: ['index'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nVersion one.\n',
  };
  await startDevInBrowser(context, 'docsgen-live-browser-', files);
});

live.after(async (context) => {
  await stopDevInBrowser(context);
});

live('should update a page in place, show a broken page and recover, and reload fully on docs.json', async (context) => {
  const page = await context.context.newPage();
  await page.goto(`${context.base}/`);
  await page.waitForFunction(() => document.body.textContent?.includes('Version one.'));
  // A marker on the window survives an in-place update but not a full reload.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  // Wait until the page is listening before editing.
  for (let waited = 0; context.session.listeners < 1 && waited < 5000; waited += 25) await new Promise((r) => setTimeout(r, 25));

  writeFileSync(join(context.root, 'index.mdx'), '---\ntitle: Home\n---\n\nVersion two.\n');
  await page.waitForFunction(() => document.body.textContent?.includes('Version two.'), undefined, { timeout: 5000 });
  assert.is(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 42, 'updated in place, not reloaded');

  writeFileSync(join(context.root, 'index.mdx'), '---\ntitle: Home\n---\n\nValue: {1 +} <script>window.hacked = 1</script>\n');
  await page.waitForFunction(() => document.body.textContent?.includes('[mdx-syntax]'), undefined, { timeout: 5000 });
  // The overlay covers the window and shows the place, the message and the code frame as text.
  const overlay = page.locator('.dg-overlay[role="alertdialog"]');
  assert.ok(await overlay.isVisible(), 'the error overlay is shown');
  const box = await overlay.boundingBox();
  const viewport = page.viewportSize();
  assert.ok(box && viewport && box.width >= viewport.width - 1 && box.height >= viewport.height - 1, 'it covers the window');
  assert.match((await page.locator('.dg-overlay-where').first().textContent()) ?? '', /^index\.mdx:5:\d+/);
  assert.match((await page.locator('.dg-overlay-frame').first().textContent()) ?? '', /> 5 \| Value: \{1 \+\} <script>window\.hacked = 1<\/script>\n\s+\| +\^/);
  assert.is(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked), undefined, 'quoted source never runs');
  writeFileSync(join(context.root, 'index.mdx'), '---\ntitle: Home\n---\n\nVersion three.\n');
  await page.waitForFunction(() => document.body.textContent?.includes('Version three.'), undefined, { timeout: 5000 });

  writeFileSync(join(context.root, 'docs.json'), JSON.stringify({ name: 'Renamed', navigation: { pages: ['index'] } }));
  await page.waitForFunction(() => document.title.includes('Renamed'), undefined, { timeout: 5000 });
  assert.is(await page.evaluate(() => (window as unknown as { marker?: number }).marker), undefined, 'a full reload');
  await page.close();
});

live('should reload a page with interactive components, so an edited component runs its new code', async (context) => {
  const counter = (step: number) =>
    `export const Counter = () => {\n  const [count, setCount] = useState(0);\n  return <button type="button" class="counter" onClick={() => setCount(count + ${step})}>Count {count}</button>;\n};\n`;
  mkdirSync(join(context.root, 'snippets'), { recursive: true });
  writeFileSync(join(context.root, 'snippets', 'counter.jsx'), counter(1));
  writeFileSync(join(context.root, 'counting.mdx'), "---\ntitle: Counting\n---\nimport { Counter } from '/snippets/counter.jsx';\n\n<Counter />\n");
  // The new page exists for the server once its watcher has seen the file.
  for (let waited = 0; waited < 10_000 && (await fetch(`${context.base}/counting`)).status !== 200; waited += 50) await new Promise((r) => setTimeout(r, 50));
  const page = await context.context.newPage();
  await page.goto(`${context.base}/counting`);
  await page.waitForSelector('docsgen-island[data-hydrated]');
  await page.click('button.counter');
  assert.is(await page.textContent('button.counter'), 'Count 1');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
  for (let waited = 0; context.session.listeners < 1 && waited < 5000; waited += 25) await new Promise((r) => setTimeout(r, 25));

  writeFileSync(join(context.root, 'snippets', 'counter.jsx'), counter(10));
  await page.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined, undefined, { timeout: 5000 });
  await page.waitForSelector('docsgen-island[data-hydrated]');
  await page.click('button.counter');
  assert.is(await page.textContent('button.counter'), 'Count 10', 'the new code runs');
  await page.close();
});

live.run();
