// Heading anchors as the hosted platform makes them, followed the way a reader follows them in
// real Chromium: ids from its documented rules (`Config.json options` → `config-json-options`),
// an old GitHub-style link (`#configjson-options`) still landing on its heading, a link to a
// heading in a tab not chosen or in a closed accordion showing it first, and headings written
// as JSX (`<h2>`, the platform's `<Heading>`) with their self-link unless `noAnchor`.
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevInBrowser, stopDevInBrowser, type DevInBrowser } from './dev-in-browser.js';

const filler = Array.from({ length: 40 }, (_, index) => `Paragraph ${index + 1} of text that fills the page.`).join('\n\n');
const page = `---
title: Anchors
---

${filler}

## Config.json options

Read [the hidden section](#hidden-section) or [the folded one](#in-an-accordion).

${filler}

<Tabs>
  <Tab title="One">
    Shown first.
  </Tab>
  <Tab title="Two">
    ### Hidden section

    In the second tab.
  </Tab>
</Tabs>

<Accordion title="More">
  ### In an accordion

  Folded.
</Accordion>

<h2 noAnchor>A JSX heading without a link</h2>

<Heading level={3}>The platform's heading component</Heading>

${filler}

<Tabs>
  <Tab title="Shown">
    Text.
  </Tab>
  <Tab title="Hidden">
    ## Last, in a hidden tab
  </Tab>
</Tabs>
`;

type Context = DevInBrowser & { page: Page };
const browser = suite<Context>('heading anchors, in Chromium');

browser.before(async (context) => {
  await startDevInBrowser(context, 'docsgen-heading-anchors-', {
    'docs.json': JSON.stringify({ name: 'Anchors', navigation: { groups: [{ group: 'Start', pages: ['index'] }] } }),
    'index.mdx': page,
  });
  context.page = await context.context.newPage();
});

browser.after(async (context) => {
  await stopDevInBrowser(context);
});

/** Whether the element is on screen, below the sticky header. */
function isOnScreen(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
  });
}

browser('should give headings the platform\'s ids and list them in the table of contents', async ({ page, base }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${base}/`);
  assert.is(await page.locator('h2', { hasText: 'Config.json options' }).getAttribute('id'), 'config-json-options');
  assert.is(await page.locator('#table-of-contents a', { hasText: 'Config.json options' }).getAttribute('href'), '#config-json-options');
  // At the top of the page the first heading is the one being read, not one in a hidden tab.
  assert.is(await page.locator('.dg-toc-link[aria-current="true"]').getAttribute('href'), '#config-json-options');
  await page.mouse.wheel(0, 100_000);
  await page.waitForFunction(() => innerHeight + scrollY >= document.documentElement.scrollHeight - 2);
  await page.waitForFunction(() => document.querySelector('.dg-toc-link[aria-current="true"]')?.getAttribute('href') === '#the-platform’s-heading-component');
  assert.is(await page.locator('h3', { hasText: 'The platform\'s heading component' }).getAttribute('id'), 'the-platform’s-heading-component');
  assert.is(await page.locator('h3', { hasText: 'The platform\'s heading component' }).locator('.dg-heading-anchor').count(), 1);
  const jsx = page.locator('h2', { hasText: 'A JSX heading without a link' });
  assert.is(await jsx.getAttribute('id'), 'a-jsx-heading-without-a-link');
  assert.is(await jsx.locator('.dg-heading-anchor').count(), 0);
  assert.is(await jsx.getAttribute('noanchor'), null);
});

browser('should bring a reader following an old GitHub-style link to its heading', async ({ page, base }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${base}/#configjson-options`);
  await page.waitForFunction(() => {
    const box = document.getElementById('config-json-options')!.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
  });
  assert.ok(await isOnScreen(page, '#config-json-options'));
});

browser('should show the tab a followed link points into', async ({ page, base }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/#config-json-options`);
  const second = page.locator('.dg-tab', { hasText: 'Two' });
  assert.is(await second.getAttribute('aria-selected'), 'false');
  await page.locator('#content a', { hasText: 'the hidden section' }).click();
  await page.waitForFunction(() => document.getElementById('hidden-section')!.getBoundingClientRect().height > 0);
  assert.is(await second.getAttribute('aria-selected'), 'true');
  assert.ok(await isOnScreen(page, '#hidden-section'));
});

browser('should open the accordion a followed link points into', async ({ page, base }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${base}/#config-json-options`);
  assert.is(await page.locator('details', { hasText: 'In an accordion' }).evaluate((details) => (details as HTMLDetailsElement).open), false);
  await page.locator('#content a', { hasText: 'the folded one' }).click();
  await page.waitForFunction(() => (document.getElementById('in-an-accordion')!.closest('details') as HTMLDetailsElement).open);
  assert.ok(await isOnScreen(page, '#in-an-accordion'));
});

browser.run();
