// A project's CSS that colours `html, body` for light mode only, as Refold's (gocobalt) does:
// on the platform every part sets its own text colour, so the page stays readable in dark mode.
// In real Chromium, the title, headings and sidebar keep the theme's colours in dark mode.
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevInBrowser, stopDevInBrowser, type DevInBrowser } from './dev-in-browser.js';

const charcoal = 'rgb(25, 27, 32)';

type Context = DevInBrowser & { page: Page };
const browser = suite<Context>('a body colour in project CSS, in Chromium');

browser.before(async (context) => {
  await startDevInBrowser(context, 'docsgen-body-colour-', {
    'docs.json': JSON.stringify({ name: 'Refold', navigation: { groups: [{ group: 'Start', pages: ['index'] }] } }),
    'style.css': `html, body { color: ${charcoal}; }\n`,
    'index.mdx': '---\ntitle: Linked accounts\n---\n\n## Request description\n\nText.\n',
  });
  context.page = await context.context.newPage();
});

browser.after(async (context) => {
  await stopDevInBrowser(context);
});

browser('should keep the theme\'s text colours in dark mode when project CSS colours the body', async ({ page, base }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${base}/`);
  const colour = (selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).color);
  assert.is(await colour('body'), charcoal, 'the project\'s rule applies where it is written');
  for (const part of ['#page-title', '#content h2', '#sidebar a', '#navbar']) {
    assert.is.not(await colour(part), charcoal, part);
  }
  // Light mode: the theme's dark text, which the project's charcoal was meant to match.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${base}/`);
  assert.is.not(await colour('#page-title'), 'rgb(255, 255, 255)');
});

browser.run();
