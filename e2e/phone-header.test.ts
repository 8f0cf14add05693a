// The top bar on a phone (390 px) with a wide logo and a version menu whose names are long, as
// on the Model Context Protocol's docs ("Version 2025-06-18"): every control stays on the
// screen and none covers another. The version and language menus move into the navigation
// drawer, as on the platform (crewAI's two menus in the bar read "E" and "E…"), where the
// reader opens them and switches.
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevInBrowser, stopDevInBrowser, type DevInBrowser } from './dev-in-browser.js';

// A wordmark logo, 8:1 like the MCP's.
const logo = '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="40" viewBox="0 0 320 40"><rect width="40" height="40" fill="#111"/><rect x="52" y="12" width="268" height="16" fill="#111"/></svg>';

const files: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Phone',
    contextual: { options: ['copy', 'view'] },
    logo: { light: '/logo.svg', dark: '/logo.svg' },
    navigation: {
      versions: [
        { version: 'Version 2025-11-25 (latest)', default: true, pages: ['index', 'long-title'] },
        { version: 'Version 2025-06-18', pages: ['old/index'] },
      ],
    },
  }),
  'logo.svg': logo,
  'index.mdx': '---\ntitle: Latest\n---\n\nThe latest version.\n',
  'old/index.mdx': '---\ntitle: Older\n---\n\nAn older version.\n',
  // Ollama's home page: a long word in the title, and the page menu beside it.
  'long-title.mdx': '---\ntitle: Ollama documentation\n---\n\nStart building.\n',
};

type Context = DevInBrowser & { page: Page };
const phone = suite<Context>('the top bar on a phone');

phone.before(async (context) => {
  await startDevInBrowser(context, 'docsgen-phone-header-', files);
  context.page = await context.context.newPage();
  await context.page.setViewportSize({ width: 390, height: 844 });
});

phone.after(async (context) => {
  await stopDevInBrowser(context);
});

phone('should keep every control of the bar on the screen, none over another', async ({ base, page }) => {
  await page.goto(`${base}/`);
  const parts = ['.dg-nav-toggle', '.dg-logo', '.dg-search-button', '.dg-theme-toggle'];
  assert.not.ok(await page.locator('.dg-header-bar .dg-variant-menu').isVisible(), 'the version menu is in the drawer');
  const boxes = [];
  for (const selector of parts) {
    const box = await page.locator(`.dg-header-bar ${selector}`).boundingBox();
    assert.ok(box && box.width > 0, `${selector} shown`);
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `${selector} on the screen: ${box.x}..${box.x + box.width}`);
    boxes.push({ selector, ...box });
  }
  // In this order, from left to right, apart.
  for (let index = 1; index < boxes.length; index++) assert.ok(boxes[index]!.x >= boxes[index - 1]!.x + boxes[index - 1]!.width, `${boxes[index]!.selector} after ${boxes[index - 1]!.selector}`);
  for (const button of ['.dg-nav-toggle', '.dg-theme-toggle']) assert.ok(boxes.find((box) => box.selector === button)!.width >= 32, `${button} keeps its size`);
  // The logo is scaled, not squeezed out of shape.
  const logoBox = await page.locator('.dg-logo-img').first().boundingBox();
  assert.ok(logoBox && logoBox.height >= 20);
});

phone('should open the version menu in the drawer and take the reader to the other version', async ({ base, page }) => {
  await page.goto(`${base}/`);
  await page.locator('.dg-nav-toggle').click();
  const menu = page.locator('.dg-drawer-variants summary[data-variant="version"]');
  await menu.click();
  const box = await page.locator('.dg-drawer-variants .dg-menu-list').boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'the open list on the screen');
  const older = page.getByRole('link', { name: /2025-06-18/ });
  const href = await older.getAttribute('href');
  assert.ok(href?.startsWith('/old'), `links the other version's page: ${href}`);
  await Promise.all([page.waitForURL((url) => url.pathname.startsWith('/old')), older.click()]);
  assert.is(await page.locator('h1').textContent(), 'Older');
  // On a wide screen the menu is in the bar, and the drawer's copy is not shown.
  await page.setViewportSize({ width: 1440, height: 900 });
  assert.ok(await page.locator('.dg-header-bar .dg-variant-menu').isVisible());
  assert.not.ok(await page.locator('.dg-drawer-variants').isVisible());
  await page.setViewportSize({ width: 390, height: 844 });
});

phone('should put the page menu under a title it does not fit beside, on the screen', async ({ base, page }) => {
  await page.goto(`${base}/long-title`);
  const [title, menu] = await Promise.all([page.locator('h1.dg-title').boundingBox(), page.locator('.dg-title-row .dg-contextual').boundingBox()]);
  assert.ok(title && menu, 'both shown');
  assert.ok(menu.x >= 0 && menu.x + menu.width <= 390, `the menu on the screen: ${menu.x}..${menu.x + menu.width}`);
  assert.ok(menu.y >= title.y + title.height, 'under the title');
  assert.is(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing runs past the screen');
  // A short title keeps the menu beside it.
  await page.goto(`${base}/`);
  const [short, beside] = await Promise.all([page.locator('h1.dg-title').boundingBox(), page.locator('.dg-title-row .dg-contextual').boundingBox()]);
  assert.ok(short && beside && beside.y < short.y + short.height && beside.x > short.x + short.width, 'beside "Latest"');
});

phone.run();
