// Interactive components in real Chromium: a project's own components with state and event
// handlers (in a snippet, and defined in the page) work after the page loads, in `docsgen dev`
// and in a build served by `docsgen preview`; components without them stay static HTML. So do
// handlers written on plain elements of the page itself (Lago's landing page: a button whose
// `onClick` calls a function the page exports, which clicks the header's search button; and
// crewAI's home page: a copy button whose handler uses `navigator.clipboard` and `window`).
import type { BrowserContext } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { browserGlobals } from '../packages/core/src/browser-globals.js';
import { launchBrowser } from './browser.js';
import { previewBuild, serveProject, type PreviewedBuild, type ServedProject } from './site-project.js';

interface Context {
  dev: ServedProject;
  preview: PreviewedBuild;
  context: BrowserContext;
  close: () => Promise<void>;
}

const islands = suite<Context>('interactive components in Chromium');

const files = {
  'docs.json': JSON.stringify({ name: 'Islands', navigation: { pages: ['index', 'plain'] } }),
  'snippets/counter.jsx': [
    'export const Counter = ({ start = 0, label }) => {',
    '  const [count, setCount] = useState(start);',
    '  return <button type="button" class="counter" onClick={() => setCount(count + 1)}>{label}: {count}</button>;',
    '};',
    'export const Greeting = ({ name }) => <span class="greeting">Hello {name}</span>;',
  ].join('\n'),
  'index.mdx': [
    '---',
    'title: Islands',
    '---',
    "import { Counter, Greeting } from '/snippets/counter.jsx';",
    '',
    'export const Toggle = ({ children }) => {',
    '  const [open, setOpen] = React.useState(false);',
    '  return <div class="toggle"><button type="button" onClick={() => setOpen(!open)}>{open ? "Hide" : "Show"}</button>{open && <div class="inner">{children}</div>}</div>;',
    '};',
    '',
    'export const Boxed = () => {',
    '  const [n] = useState(1);',
    '  return <Card title={`Card ${n}`}>In a card</Card>;',
    '};',
    '',
    '<Counter start={2} label="Clicks" />',
    '',
    '<Greeting name="world" />',
    '',
    '<Toggle>Secret **text** with a [link](/plain)</Toggle>',
    '',
    '<Boxed />',
    '',
    'export function markClicked() {',
    "  document.getElementById('handler-target').textContent = 'Clicked';",
    '}',
    '',
    'export function openSearch() {',
    "  document.getElementById('search-bar-entry').click();",
    '}',
    '',
    '<div className="hero">',
    '  <h2>Welcome</h2>',
    '  <button type="button" id="hero-mark" onClick={markClicked}>',
    '    Mark it',
    '  </button>',
    '  <span id="handler-target">Waiting</span>',
    '  <div className="search-row">',
    '    <button type="button" id="hero-search" onClick={openSearch}>',
    '      Search the docs...',
    '    </button>',
    '  </div>',
    '</div>',
    '',
    "export const product = 'Acme';",
    '',
    '<div className="copy-row">',
    '  <button',
    '    type="button"',
    '    id="copy-prompt"',
    '    onClick={async (event) => {',
    '      const prompt = `Set up ${product} with npx skills add acme/skills`;',
    '      const button = event.currentTarget;',
    '      window.clearTimeout(Number(button.dataset.reset));',
    '      await navigator.clipboard.writeText(prompt);',
    '      document.title = "Copied: " + prompt;',
    '      button.textContent = "Copied";',
    '      button.dataset.reset = String(window.setTimeout(() => { button.textContent = "Copy again"; }, 300));',
    '    }}',
    '  >',
    '    Copy the setup prompt',
    '  </button>',
    '</div>',
  ].join('\n'),
  'plain.mdx': '---\ntitle: Plain\n---\n\nNo components here.\n',
};

islands.before(async (context) => {
  context.dev = await serveProject(files);
  context.preview = await previewBuild(context.dev.root);
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

islands.after(async (context) => {
  await context.close?.();
  await context.dev?.close();
  await context.preview?.close();
});

async function clickThrough(context: Context, base: string): Promise<void> {
  const page = await context.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The loader reports a component it cannot run on the console; the browser asks for a
  // favicon the project does not have.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) errors.push(`${response.status()} ${response.url()}`);
  });
  await context.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  try {
    await page.goto(`${base}/`);
    await page.waitForLoadState('load');
    const counter = page.locator('button.counter');
    assert.is(await counter.textContent(), 'Clicks: 2', 'rendered on the server with its props');
    await page.waitForSelector('docsgen-island[data-export="Counter"][data-hydrated]');
    await counter.click();
    await counter.click();
    assert.is(await counter.textContent(), 'Clicks: 4');

    const toggle = page.locator('.toggle button');
    assert.is(await page.locator('.toggle .inner').count(), 0);
    await page.waitForSelector('docsgen-island[data-export="Toggle"][data-hydrated]');
    await toggle.click();
    assert.is(await toggle.textContent(), 'Hide');
    const inner = page.locator('.toggle .inner');
    assert.is((await inner.textContent())?.trim(), 'Secret text with a link', 'children written in the page are shown when opened');
    assert.is(await inner.locator('strong').textContent(), 'text');
    assert.is(await inner.locator('a').getAttribute('href'), '/plain');
    await toggle.click();
    assert.is(await page.locator('.toggle .inner').count(), 0);

    // Handlers on the page's own plain elements: the part of the page holding them is an island.
    await page.waitForSelector('docsgen-island[data-export="DocsgenHandlers1"][data-hydrated]');
    assert.is(await page.locator('#handler-target').textContent(), 'Waiting');
    await page.locator('#hero-mark').click();
    assert.is(await page.locator('#handler-target').textContent(), 'Clicked');
    assert.is(await page.locator('dialog[open]').count(), 0);
    await page.locator('#hero-search').click();
    await page.waitForSelector('dialog.dg-search-dialog[open]');
    await page.keyboard.press('Escape');

    // A handler using the browser's globals (crewAI's copy button), as a reader clicks it.
    assert.equal(await page.evaluate((names) => names.filter((name) => !(name in window)), [...browserGlobals]), [], "docsgen's list names only what Chromium has");
    await page.waitForSelector('docsgen-island[data-export="DocsgenHandlers2"][data-hydrated]');
    const copy = page.locator('#copy-prompt');
    assert.is((await copy.textContent())?.trim(), 'Copy the setup prompt');
    await copy.click();
    await page.waitForFunction(() => document.querySelector('#copy-prompt')?.textContent === 'Copied');
    assert.is(await page.evaluate(() => navigator.clipboard.readText()), 'Set up Acme with npx skills add acme/skills');
    assert.is(await page.title(), 'Copied: Set up Acme with npx skills add acme/skills');
    await page.waitForFunction(() => document.querySelector('#copy-prompt')?.textContent === 'Copy again');

    // No state or handlers: static HTML, no island. Uses docsgen's <Card>: static as well.
    assert.is(await page.locator('docsgen-island').count(), 4);
    assert.is(await page.locator('span.greeting').textContent(), 'Hello world');
    assert.match((await page.locator('.dg-card').textContent()) ?? '', 'Card 1');
    assert.equal(errors, []);

    const plain = await page.goto(`${base}/plain`);
    assert.ok(plain?.ok());
    assert.is(await page.locator('script[src$="/islands.js"]').count(), 0, 'a page without interactive components loads no Preact');
  } finally {
    await page.close();
  }
}

islands('should make components with state work in the browser in docsgen dev', async (context) => {
  await clickThrough(context, context.dev.base);
});

islands('should make components with state work in the browser in a build', async (context) => {
  await clickThrough(context, context.preview.base);
});

islands.run();
