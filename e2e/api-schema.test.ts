// Nested fields of API reference pages in real Chromium (issue 21): a page draws the top level
// of an operation's fields, and a reader opens deeper levels, one per click or key press, from
// the spec's schema file; a cyclic schema can be followed as far as the reader goes, a link to
// a field not drawn yet opens the fields on the way, and without JavaScript the first level is
// there. Served by the dev server (the file made on request) and by a build (the file written).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { previewBuild, serveProject, type ServedProject } from './site-project.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Trees', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/nodes': {
      post: {
        summary: 'Create node',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } },
        responses: { '200': { description: 'The node', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } },
      },
    },
  },
  components: {
    schemas: {
      // A tree: children are nodes, and `parent` is an id or the node itself (Stripe's expandable fields).
      Node: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', description: 'The node name.' },
          parent: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/Node' }] },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
    },
  },
};

const files: Record<string, string> = {
  'docs.json': JSON.stringify({ name: 'Trees', theme: 'base', colors: { primary: '#0969da' }, navigation: { pages: ['index'] }, api: { openapi: 'openapi.json' } }),
  'index.mdx': '# Trees\n\nSee [the children of a child](/api-reference/endpoints/create-node#body-children-children-name).\n',
  'openapi.json': JSON.stringify(spec),
};
const slug = 'api-reference/endpoints/create-node';

const test = suite<{ project: ServedProject; context: BrowserContext; close: () => Promise<void> }>('api schema expansion');

test.before(async (context) => {
  context.project = await serveProject(files);
  const browser = await launchBrowser();
  context.context = browser.context;
  context.close = browser.close;
});

test.after(async (context) => {
  await context.close();
  await context.project.close();
});

/** The toggle of the field with id `fieldId`. */
function toggleOf(page: Page, fieldId: string) {
  return page.locator(`[id="${fieldId}"] > .dg-field-body > details.dg-api-children`);
}

/** The summary (the control a reader clicks) of that toggle. */
function summaryOf(page: Page, fieldId: string) {
  return toggleOf(page, fieldId).locator('xpath=./summary');
}

test('should draw the top level with ids, and open a cyclic field five levels deep by clicking', async ({ project, context }) => {
  const page = await context.newPage();
  await page.goto(`${project.base}/${slug}`);
  for (const id of ['body-name', 'body-parent', 'body-children', 'response-name']) assert.ok(await page.locator(`[id="${id}"]`).isVisible(), id);
  // Nothing below the top level is in the page until a reader opens it.
  assert.is(await page.locator('[id="body-children-name"]').count(), 0);
  let id = 'body-children';
  for (let level = 1; level <= 5; level++) {
    await summaryOf(page, id).click();
    id += '-children';
    await page.locator(`[id="${id}"]`).waitFor();
  }
  assert.is(id, 'body-children-children-children-children-children-children');
  const leaf = page.locator('[id="body-children-children-children-children-children-name"]');
  assert.ok(await leaf.isVisible());
  assert.match(await leaf.innerText(), 'The node name.');
  // Closing and opening again keeps what was fetched.
  await summaryOf(page, 'body-children').click();
  assert.not.ok(await leaf.isVisible());
  await summaryOf(page, 'body-children').click();
  assert.ok(await leaf.isVisible());
  await page.close();
});

test('should open nested fields from the keyboard, and an anyOf option\'s fields', async ({ project, context }) => {
  const page = await context.newPage();
  await page.goto(`${project.base}/${slug}`);
  // Tab to the toggle of `children`, then Enter; Enter and Space on the next ones.
  const first = summaryOf(page, 'body-children');
  await page.locator('[id="body-name"]').click();
  for (let presses = 0; presses < 200 && !(await first.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
  assert.ok(await first.evaluate((element) => element === document.activeElement), 'the toggle is reachable with Tab');
  await page.keyboard.press('Enter');
  let id = 'body-children-children';
  await page.locator(`[id="${id}"]`).waitFor();
  for (let level = 2; level <= 5; level++) {
    await summaryOf(page, id).focus();
    await page.keyboard.press(level % 2 === 0 ? 'Space' : 'Enter');
    id += '-children';
    await page.locator(`[id="${id}"]`).waitFor();
  }
  // Five levels opened: the fields of the fifth `children` are there, its own toggle is closed.
  assert.is(id, 'body-children-children-children-children-children-children');
  assert.ok(await page.locator('[id="body-children-children-children-children-children-name"]').isVisible());
  assert.is(await page.locator(`[id="${id}-name"]`).count(), 0);
  // `parent` is `string | Node`: the Node tab has its own toggle with Node's fields.
  await summaryOf(page, 'body-parent').click();
  await toggleOf(page, 'body-parent').locator('label', { hasText: 'Node' }).first().click();
  await toggleOf(page, 'body-parent').locator('details.dg-api-children:visible > summary').first().click();
  await page.locator('[id="body-parent-name"]').waitFor();
  assert.ok(await page.locator('[id="body-parent-name"]').isVisible());
  await page.close();
});

test('should land on a field a link names, opening the fields on the way', async ({ project, context }) => {
  const page = await context.newPage();
  await page.goto(`${project.base}/index`);
  await page.locator('a', { hasText: 'the children of a child' }).click();
  const target = page.locator('[id="body-children-children-name"]');
  await target.waitFor();
  await page.waitForFunction(() => {
    const box = document.getElementById('body-children-children-name')?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
  });
  assert.ok(await target.isVisible());
  await page.close();
});

test('should show the first level without JavaScript, and no toggle that cannot open', async ({ project }) => {
  const { chromium } = await import('playwright-core');
  const { chromiumPath } = await import('./browser.js');
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`${project.base}/${slug}`);
    assert.ok(await page.locator('[id="body-name"]').isVisible());
    assert.ok(await page.locator('[id="body-children"]').isVisible());
    assert.is(await page.locator('details.dg-api-children:visible').count(), 0);
  } finally {
    await browser.close();
  }
});

test('should open the right nested fields on dev pages built in any order, before and after the schema file is made', async ({ context }) => {
  // The dev server builds an operation's reference when its page is first asked for, and the
  // schema file when a reader first opens a nested field; schema ids follow the order things
  // were built in, so a page built before the file and one built with it must both match it.
  const objectSchema = (prefix: string, ref: string) => ({ type: 'object', properties: { [`${prefix}Name`]: { type: 'string' }, [`${prefix}Child`]: { $ref: ref } } });
  const ordered = await serveProject({
    'docs.json': JSON.stringify({ name: 'Order', navigation: { pages: ['index'] }, api: { openapi: 'openapi.json' } }),
    'index.mdx': '# Order\n',
    'openapi.json': JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Order', version: '1' },
      paths: {
        '/alphas': { post: { summary: 'Create alpha', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Alpha' } } } }, responses: { '200': { description: 'OK' } } } },
        '/betas': { post: { summary: 'Create beta', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Beta' } } } }, responses: { '200': { description: 'OK' } } } },
      },
      components: { schemas: { Alpha: objectSchema('alpha', '#/components/schemas/Alpha'), Beta: objectSchema('beta', '#/components/schemas/Beta') } },
    }),
  });
  try {
    const page = await context.newPage();
    // The second operation first: its reference is built before the first one's.
    for (const [path, prefix] of [['create-beta', 'beta'], ['create-alpha', 'alpha']] as const) {
      await page.goto(`${ordered.base}/api-reference/endpoints/${path}`);
      await summaryOf(page, `body-${prefix}Child`).click();
      await page.locator(`[id="body-${prefix}Child-${prefix}Name"]`).waitFor();
      assert.ok(await page.locator(`[id="body-${prefix}Child-${prefix}Name"]`).isVisible(), `${path}: its own schema's fields`);
      assert.is(await page.locator(`[id^="body-${prefix}Child-${prefix === 'alpha' ? 'beta' : 'alpha'}"]`).count(), 0, `${path}: not the other schema's`);
    }
    await page.close();
  } finally {
    await ordered.close();
  }
});

test('should open nested fields on a built site, from the schema file the build wrote', async ({ project, context }) => {
  const preview = await previewBuild(project.root);
  try {
    const page = await context.newPage();
    await page.goto(`${preview.base}/${slug}`);
    await summaryOf(page, 'response-children').click();
    await page.locator('[id="response-children-parent"]').waitFor();
    assert.is(await page.locator('[id="response-children-parent"]').getAttribute('data-field'), 'response');
    await page.close();
  } finally {
    await preview.close();
  }
});

test.run();
