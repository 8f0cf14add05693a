// The announcement banner's colours in real Chromium, in both colour modes. On the hosted
// platform, the default (`info`) banner is a bar in the brand colour (`colors.dark`) with white
// text, and real projects' CSS is written for that: LangChain's sets dark text for its pale teal
// bar, Portkey's darkens the bar and colours only the links, OpenHands' fixes white text on its
// yellow. docsgen draws the same bar, and picks dark text where white would not read.
import type { Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevInBrowser, stopDevInBrowser, type DevInBrowser } from './dev-in-browser.js';

const config = (colors: Record<string, string>, banner: Record<string, unknown>) =>
  JSON.stringify({ name: 'Banner', colors, banner: { content: 'Course is live! [Enroll](https://example.com)', ...banner }, navigation: { pages: ['index'] } });

type Context = DevInBrowser & { page: Page };
const browser = suite<Context>('banner colours in Chromium');

browser.before(async (context) => {
  await startDevInBrowser(context, 'docsgen-banner-colours-', {
    'docs.json': config({ primary: '#2F6868', light: '#84C4C0', dark: '#84C4C0' }, {}),
    'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
  });
  context.page = await context.context.newPage();
});

browser.after(async (context) => {
  await stopDevInBrowser(context);
});

/** Background and text colour of the banner, as drawn, in `scheme`. */
async function bannerColours(page: Page, base: string, scheme: 'light' | 'dark'): Promise<[string, string]> {
  await page.emulateMedia({ colorScheme: scheme });
  // A live reload from the dev server may abort a navigation once.
  await page.goto(`${base}/`).catch(() => page.goto(`${base}/`));
  return page.locator('#banner').evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.backgroundColor, style.color] as [string, string];
  });
}

/** Writes docs.json and waits until the page shows a banner with `expected` as its background in light mode. */
async function reconfigure(context: Context, json: string, expected: (background: string) => boolean): Promise<void> {
  writeFileSync(join(context.root, 'docs.json'), json);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    // The dev server's live reload may reload the page while it loads (`ERR_ABORTED`): try again.
    const [background] = await bannerColours(context.page, context.base, 'light').catch(() => ['']);
    if (expected(background)) {
      // Let a reload the change set off finish before the page is read again.
      await context.page.waitForLoadState('load');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.unreachable('the banner did not change after docs.json did');
}

const white = 'rgb(255, 255, 255)';
const ink = 'rgb(17, 24, 39)';

browser('should draw the default banner as a bar in colors.dark, with text that reads on it, in both modes', async (context) => {
  const { page, base } = context;
  // A pale brand colour: white would read at 1.9:1, so the text is dark.
  assert.equal(await bannerColours(page, base, 'light'), ['rgb(132, 196, 192)', ink]);
  assert.equal(await bannerColours(page, base, 'dark'), ['rgb(132, 196, 192)', ink]);
  // The link inherits the bar's text colour.
  assert.is(await page.locator('#banner a').evaluate((element) => getComputedStyle(element).color), ink);

  // A mid-tone brand colour gets white text, as on the platform.
  await reconfigure(context, config({ primary: '#0891B2', light: '#0891B2', dark: '#0891B2' }, { type: 'info' }), (background) => background === 'rgb(8, 145, 178)');
  assert.equal(await bannerColours(page, base, 'dark'), ['rgb(8, 145, 178)', white]);
  assert.equal(await bannerColours(page, base, 'light'), ['rgb(8, 145, 178)', white]);
});

browser('should keep the tinted tones for other types, and read text colours for docs.json colours', async (context) => {
  const { page, base } = context;
  await reconfigure(context, config({ primary: '#0891B2', dark: '#0891B2' }, { type: 'warning' }), (background) => background !== 'rgb(8, 145, 178)');
  const [warningBackground, warningText] = await bannerColours(page, base, 'light');
  assert.is.not(warningBackground, 'rgb(8, 145, 178)');
  assert.is.not(warningText, white);

  // `color` per mode: each with its own text colour.
  await reconfigure(context, config({ primary: '#0891B2' }, { color: { light: '#ffe165', dark: '#1a1a1a' } }), (background) => background === 'rgb(255, 225, 101)');
  assert.equal(await bannerColours(page, base, 'light'), ['rgb(255, 225, 101)', ink]);
  assert.equal(await bannerColours(page, base, 'dark'), ['rgb(26, 26, 26)', white]);
});

browser.run();
