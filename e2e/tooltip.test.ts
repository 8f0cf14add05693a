// Tooltips as a reader meets them in real Chromium: shown on hover and on keyboard focus,
// hidden with Escape, and on a phone (390 px) neither widening the page while hidden nor
// running off the screen when shown at the end of a line (Runpod's docs put one there on
// several pages, and the page could be panned sideways by 70 px).
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevInBrowser, stopDevInBrowser, type DevInBrowser } from './dev-in-browser.js';

const page = `---
title: Tooltips
---

Serverless workers scale to zero when idle, billed by the second.

<p style={{ textAlign: "right" }}>At the end of a line: <Tooltip tip="A worker is a container that runs your handler; idle workers cost nothing." headline="Worker" cta="Read more" href="/">workers</Tooltip></p>

<Tooltip tip="Shown from the start of a line.">Start</Tooltip> of a line.
`;

type Context = DevInBrowser & { page: Page };
const browser = suite<Context>('tooltips, in Chromium');

browser.before(async (context) => {
  await startDevInBrowser(context, 'docsgen-tooltips-', {
    'docs.json': JSON.stringify({ name: 'Tips', navigation: { groups: [{ group: 'Start', pages: ['index'] }] } }),
    'index.mdx': page,
  });
  context.page = await context.context.newPage();
});

browser.after(async (context) => {
  await stopDevInBrowser(context);
});

const shown = (page: Page, text: string) => page.locator('.dg-tooltip', { hasText: text }).locator('.dg-tooltip-content');
const box = async (page: Page, text: string) => (await shown(page, text).boundingBox())!;

browser('should show a tooltip on hover and hide it with Escape', async ({ page, base }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${base}/`);
  assert.not.ok(await shown(page, 'workers').isVisible());
  await page.locator('.dg-tooltip-trigger', { hasText: 'workers' }).hover();
  await shown(page, 'workers').waitFor({ state: 'visible' });
  assert.match(await shown(page, 'workers').innerText(), 'idle workers cost nothing');
  await page.keyboard.press('Escape');
  await shown(page, 'workers').waitFor({ state: 'hidden' });
});

browser('should keep a phone page as wide as the screen, and a tooltip shown at its edge on it', async ({ page, base }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/`);
  const widths = () => page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  const [scroll, client] = await widths();
  assert.ok(scroll <= client, `page ${scroll} px wide on a ${client} px screen`);
  // Focused from the keyboard, as a reader without a mouse shows it.
  await page.locator('.dg-tooltip-trigger', { hasText: 'workers' }).focus();
  await shown(page, 'workers').waitFor({ state: 'visible' });
  const right = await box(page, 'workers');
  assert.ok(right.x >= 0 && right.x + right.width <= client, `tooltip from ${right.x} to ${right.x + right.width}`);
  await page.locator('.dg-tooltip-trigger', { hasText: 'Start' }).focus();
  await shown(page, 'Start').waitFor({ state: 'visible' });
  const left = await box(page, 'Start');
  assert.ok(left.x >= 0 && left.x + left.width <= client, `tooltip from ${left.x} to ${left.x + left.width}`);
});

browser.run();
