// The "Copy page" menu in real Chromium, on pages the dev server and a build make with the
// real layout (the earlier tests put the menu's HTML alone in a hand-made document, so they
// never saw the layout's second `.dg-contextual` wrapper that bound the menu twice). A reader
// opens it with the mouse and the keyboard, moves with the arrows, closes it with Escape, and
// uses every kind of item. Screenshots go to test-output/screenshots/.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { contentPage, previewBuild, serveProject, type PreviewedBuild, type ServedProject } from './site-project.js';

const screenshots = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));

const options = [
  'copy',
  'copy-url',
  'view',
  'chatgpt',
  'claude',
  'perplexity',
  'grok',
  'aistudio',
  'devin',
  'mcp',
  'add-mcp',
  'cursor',
  'vscode',
  { title: 'Share on X', description: 'Share this page', icon: 'share', href: { base: 'https://x.com/intent/tweet', query: [{ key: 'text', value: 'Read $page ($path)' }] } },
];

function project(contextual: Record<string, unknown>): Record<string, string> {
  return {
    'docs.json': JSON.stringify({ name: 'Menu test', contextual, navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/setup'] }] } }),
    'index.mdx': contentPage('Introduction', 'The home page.'),
    'guides/setup.mdx': contentPage('Setup', 'How to set it up.'),
  };
}

interface Context {
  dev: ServedProject;
  toc: ServedProject;
  preview: PreviewedBuild;
  context: BrowserContext;
  close: () => Promise<void>;
}

const menu = suite<Context>('"Copy page" menu in Chromium');

menu.before(async (context) => {
  context.dev = await serveProject(project({ options }));
  context.toc = await serveProject(project({ options: ['copy', 'view', 'claude'], display: 'toc' }));
  context.preview = await previewBuild(context.dev.root);
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
  // Offline: an assistant opened in a new tab gets an empty page instead of the network.
  await context.context.route(/^https:\/\//, (route: Route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>stand-in</title>' }));
  mkdirSync(screenshots, { recursive: true });
});

menu.after(async (context) => {
  await context.close?.();
  await context.dev?.close();
  await context.toc?.close();
  await context.preview?.close();
});

async function open(context: Context, base: string, path = '/guides/setup'): Promise<{ page: Page; errors: string[]; twinRequests: string[] }> {
  await context.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const page = await context.context.newPage();
  const errors: string[] = [];
  const twinRequests: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === base && (url.pathname.endsWith('.md') || url.pathname.endsWith('/null'))) twinRequests.push(url.pathname);
  });
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('load');
  return { page, errors, twinRequests };
}

const focusedText = (page: Page): Promise<string> => page.evaluate(() => (document.activeElement?.querySelector('.dg-contextual-title') ?? document.activeElement)?.textContent?.trim() ?? '');
const clipboard = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText());

menu('should render one menu element on a real page, and open and close it with the mouse', async (context) => {
  const { page, errors } = await open(context, context.dev.base);
  // One `.dg-contextual`, bound once: a second (nested) one made each click open and close it.
  assert.is(await page.locator('.dg-contextual').count(), 1);
  const toggle = page.getByRole('button', { name: 'More page actions' });
  const list = page.getByRole('menu');
  await toggle.click();
  assert.is(await toggle.getAttribute('aria-expanded'), 'true');
  assert.ok(await list.isVisible(), 'a click opens the menu');
  assert.is(await focusedText(page), 'Copy Markdown link', 'the first item has focus');
  assert.equal(await page.getByRole('menuitem').locator('.dg-contextual-title').allTextContents(), [
    'Copy Markdown link',
    'View as Markdown',
    'Open in ChatGPT',
    'Open in Claude',
    'Open in Perplexity',
    'Open in Grok',
    'Open in Google AI Studio',
    'Open in Devin',
    'Copy MCP server URL',
    'Copy MCP install command',
    'Connect to Cursor',
    'Connect to VS Code',
    'Share on X',
  ]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${screenshots}contextual-menu-1440-light.png` });
  await toggle.click();
  assert.ok(await list.isHidden(), 'a second click closes it');
  await toggle.click();
  assert.ok(await list.isVisible());
  await page.locator('.dg-prose p').first().click();
  assert.ok(await list.isHidden(), 'a click outside closes it');
  assert.is(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(errors, []);
  await page.close();
});

menu('should open the menu from the keyboard, move with the arrows, and close it with Escape', async (context) => {
  const { page } = await open(context, context.dev.base);
  const toggle = page.getByRole('button', { name: 'More page actions' });
  const list = page.getByRole('menu');
  // Tab from "Copy page" to the toggle, as a reader does.
  await page.getByRole('button', { name: 'Copy page' }).focus();
  await page.keyboard.press('Tab');
  assert.ok(await toggle.evaluate((node) => node === document.activeElement));
  for (const key of ['Enter', ' ', 'ArrowDown']) {
    await page.keyboard.press(key);
    assert.ok(await list.isVisible(), `${JSON.stringify(key)} opens the menu`);
    assert.is(await focusedText(page), 'Copy Markdown link', `${JSON.stringify(key)} focuses the first item`);
    await page.keyboard.press('ArrowDown');
    assert.is(await focusedText(page), 'View as Markdown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.is(await focusedText(page), 'Share on X', 'ArrowUp wraps to the last item');
    await page.keyboard.press('Home');
    assert.is(await focusedText(page), 'Copy Markdown link');
    await page.keyboard.press('End');
    assert.is(await focusedText(page), 'Share on X');
    await page.keyboard.press('ArrowDown');
    assert.is(await focusedText(page), 'Copy Markdown link', 'ArrowDown wraps to the first item');
    await page.keyboard.press('c');
    assert.is(await focusedText(page), 'Copy MCP server URL', 'typing a letter moves to the next item starting with it');
    await page.keyboard.press('Escape');
    assert.ok(await list.isHidden(), 'Escape closes the menu');
    assert.ok(await toggle.evaluate((node) => node === document.activeElement), 'Escape returns focus to the toggle');
  }
  await page.keyboard.press('ArrowUp');
  assert.is(await focusedText(page), 'Share on X', 'ArrowUp on the toggle opens the menu at its last item');
  await page.keyboard.press('Tab');
  assert.ok(await list.isHidden(), 'Tab leaves and closes the menu');
  await page.close();
});

async function copyPage(context: Context, base: string): Promise<void> {
  const { page, errors, twinRequests } = await open(context, base);
  const twin = await (await fetch(`${base}/guides/setup.md`)).text();
  assert.match(twin, /^# Setup/);
  await page.getByRole('button', { name: 'Copy page' }).click();
  await page.waitForSelector('.dg-contextual[data-copied="copy"]');
  assert.is(await clipboard(page), twin);
  assert.is(await page.locator('.dg-contextual-copy .dg-contextual-label').textContent(), 'Copied');
  // One request, for the twin: not `/guides/null`, and no second one racing it.
  assert.equal(twinRequests, ['/guides/setup.md']);
  assert.equal(errors, []);
  await page.close();
}

menu('should copy the page as Markdown in `docsgen dev`', async (context) => {
  await copyPage(context, context.dev.base);
});

menu('should copy the page as Markdown in a built site', async (context) => {
  await copyPage(context, context.preview.base);
});

menu('should carry out every kind of item', async (context) => {
  const base = context.dev.base;
  const { page, errors } = await open(context, base);
  const toggle = page.getByRole('button', { name: 'More page actions' });
  const item = (name: string) => page.getByRole('menuitem', { name: new RegExp(`^${name}`) });
  const twinUrl = `${base}/guides/setup.md`;
  const mcpUrl = `${base}/mcp`;

  // Items that copy, used with the keyboard (Enter) and the mouse.
  await toggle.click();
  await page.keyboard.press('Enter');
  await page.waitForSelector('.dg-contextual[data-copied="copy-url"]');
  assert.is(await clipboard(page), twinUrl);
  assert.ok(await toggle.evaluate((node) => node === document.activeElement), 'focus goes back to the toggle');
  for (const [name, action, expected] of [
    ['Copy MCP server URL', 'mcp', mcpUrl],
    ['Copy MCP install command', 'add-mcp', `npx add-mcp ${mcpUrl}`],
  ] as const) {
    await toggle.click();
    await item(name).click();
    await page.waitForSelector(`.dg-contextual[data-copied="${action}"]`);
    assert.is(await clipboard(page), expected, name);
    assert.ok(await page.getByRole('menu').isHidden());
  }

  // Links that open a new tab: the twin, and each assistant with a prompt naming the twin's absolute URL.
  const prompt = encodeURIComponent(`Read ${twinUrl} so I can ask questions about it.`);
  for (const [name, url] of [
    ['View as Markdown', twinUrl],
    ['Open in ChatGPT', `https://chatgpt.com/?hints=search&q=${prompt}`],
    ['Open in Claude', `https://claude.ai/new?q=${prompt}`],
    ['Open in Perplexity', `https://www.perplexity.ai/search/new?q=${prompt}`],
    ['Open in Grok', `https://grok.com/?q=${prompt}`],
    ['Open in Google AI Studio', `https://aistudio.google.com/prompts/new_chat?prompt=${prompt}`],
    ['Open in Devin', `https://app.devin.ai/?prompt=${prompt}`],
    ['Share on X', `https://x.com/intent/tweet?text=${encodeURIComponent(`Read ${twinUrl} (/guides/setup)`)}`],
  ] as const) {
    await toggle.click();
    const [popup] = await Promise.all([context.context.waitForEvent('page'), item(name).click()]);
    await popup.waitForLoadState();
    assert.is(popup.url(), url, name);
    if (name === 'View as Markdown') assert.match(await popup.evaluate(() => document.body.innerText), /^# Setup/);
    await popup.close();
    assert.ok(await page.getByRole('menu').isHidden(), `${name} closes the menu`);
  }

  // Editor links install the site's MCP server: an app opens them, so only their address is read.
  const cursor = new URL((await page.locator('a[data-action="cursor"]').getAttribute('href')) ?? '');
  assert.is(`${cursor.protocol}//${cursor.host}${cursor.pathname}`, 'cursor://anysphere.cursor-deeplink/mcp/install');
  assert.is(cursor.searchParams.get('name'), 'Menu test');
  assert.equal(JSON.parse(Buffer.from(cursor.searchParams.get('config') ?? '', 'base64').toString('utf8')), { url: mcpUrl });
  const vscode = (await page.locator('a[data-action="vscode"]').getAttribute('href')) ?? '';
  assert.ok(vscode.startsWith('vscode:mcp/install?'), vscode);
  assert.equal(JSON.parse(decodeURIComponent(vscode.slice('vscode:mcp/install?'.length))), { name: 'Menu test', type: 'http', url: mcpUrl });
  assert.equal(errors, []);
  await page.close();
});

menu('should show the menu above the table of contents with `display: "toc"`', async (context) => {
  const { page } = await open(context, context.toc.base);
  await page.setViewportSize({ width: 1440, height: 900 });
  const inHeader = page.locator('.dg-page-header .dg-contextual');
  assert.ok(await inHeader.isHidden(), 'not in the page header');
  const inToc = page.locator('.dg-toc-wrap .dg-contextual');
  assert.ok(await inToc.isVisible());
  await inToc.getByRole('button', { name: 'More page actions' }).click();
  assert.equal(await page.getByRole('menuitem').locator('.dg-contextual-title').allTextContents(), ['View as Markdown', 'Open in Claude']);
  assert.ok(await page.getByRole('menu').isVisible());
  // The column scrolls: the open menu stays inside it, not cut off at its edge.
  const column = (await page.locator('.dg-toc-wrap').boundingBox())!;
  const list = (await page.getByRole('menu').boundingBox())!;
  assert.ok(list.x >= column.x && list.x + list.width <= column.x + column.width + 0.5, `${JSON.stringify(list)} in ${JSON.stringify(column)}`);
  await page.screenshot({ path: `${screenshots}contextual-menu-toc-1440.png` });
  await page.keyboard.press('Escape');
  // Narrow screens hide the table of contents: the menu shows in the page header instead.
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await inToc.isHidden(), 'the table of contents is hidden');
  assert.ok(await inHeader.isVisible(), 'the menu is in the page header');
  const toggle = inHeader.getByRole('button', { name: 'More page actions' });
  await toggle.click();
  assert.equal(await page.getByRole('menuitem').locator('.dg-contextual-title').allTextContents(), ['View as Markdown', 'Open in Claude']);
  await page.keyboard.press('ArrowDown');
  assert.is(await page.evaluate(() => document.activeElement?.closest('.dg-page-header [role="menu"]') !== null && document.activeElement?.getAttribute('role')), 'menuitem');
  const narrowBox = (await page.getByRole('menu').boundingBox())!;
  assert.ok(narrowBox.x >= 0 && narrowBox.x + narrowBox.width <= 390, `the menu fits: ${JSON.stringify(narrowBox)}`);
  await page.screenshot({ path: `${screenshots}contextual-menu-toc-390.png` });
  await page.keyboard.press('Escape');
  assert.ok(await page.getByRole('menu').isHidden());
  assert.is(await toggle.evaluate((button) => button === document.activeElement), true, 'focus returns to the button');
  await page.close();
});

menu('should look right open at 1440x900 and 390x844 in both modes, with no serious accessibility violations', async (context) => {
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const { page } = await open(context, context.dev.base);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      await page.getByRole('button', { name: 'More page actions' }).click();
      const box = await page.getByRole('menu').boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= width, `the open menu fits in ${width} px: ${JSON.stringify(box)}`);
      await page.screenshot({ path: `${screenshots}contextual-menu-${width}-${scheme}.png` });
      await page.addScriptTag({ content: axe });
      const violations = (await page.evaluate(
        `axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ') + ' ' + (n.any[0] ? n.any[0].message : '')).join(', ')))`,
      )) as string[];
      assert.equal(violations, [], `${width} ${scheme}`);
      await page.close();
    }
  }
});

menu.run();
