// Request samples in real Chromium: a spec's labelled `x-code-samples` (each language twice,
// `Default` and `Self-Hosted`) as language tabs with a row of variant tabs a reader switches by
// clicking; and a page bound to an operation whose own `<RequestExample>` is its only request
// panel, which the try-it dialog borrows while it is open.
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { serveProject, type ServedProject } from './site-project.js';

interface Context {
  project: ServedProject;
  context: BrowserContext;
  close: () => Promise<void>;
}

const spec = {
  openapi: '3.1.0',
  info: { title: 'Gateway', version: '1.0.0' },
  servers: [{ url: 'https://gateway.example.com/v1' }],
  paths: {
    '/chat': {
      post: {
        summary: 'Chat',
        'x-code-samples': ['curl', 'python', 'javascript'].flatMap((lang) => [
          { lang, label: 'Default', source: `${lang} default` },
          { lang, label: 'Self-Hosted', source: `${lang} self-hosted` },
        ]),
        responses: { '200': { description: 'OK', content: { 'application/json': { example: { reply: 'Hello' } } } } },
      },
    },
    '/users': {
      post: {
        summary: 'Create a user',
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } }, example: { name: 'Ada' } } } },
        responses: { '201': { description: 'Created', content: { 'application/json': { example: { id: 'u1' } } } } },
      },
    },
  },
};

const createUser = [
  '---',
  'title: Create a user',
  'openapi: POST /users',
  '---',
  '',
  'Makes a user.',
  '',
  '<RequestExample>',
  '',
  '```bash cURL',
  'curl -X POST https://own.example.com/users',
  '```',
  '',
  '```bash cURL (with a team)',
  'curl -X POST https://own.example.com/users?team=core',
  '```',
  '',
  '</RequestExample>',
  '',
].join('\n');

const browser = suite<Context>('request samples in Chromium');

browser.before(async (context) => {
  context.project = await serveProject({
    'docs.json': JSON.stringify({ name: 'Samples', navigation: { pages: ['index', 'create-user'] }, api: { openapi: 'openapi.json' } }),
    'index.mdx': '---\ntitle: Home\n---\n\nHome.\n',
    'create-user.mdx': createUser,
    'openapi.json': JSON.stringify(spec),
  });
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

browser.after(async (context) => {
  await context.close?.();
  await context.project?.close();
});

async function open(context: Context, path: string): Promise<Page> {
  const page = await context.context.newPage();
  const response = await page.goto(`${context.project.base}/${path}`);
  assert.is(response?.status(), 200, path);
  // The tabs are enhanced (clicks select, choices sync) once the client script has run.
  await page.waitForSelector('.dg-api-samples [data-dg-tabs][data-enhanced], [data-example="request"] [data-dg-tabs][data-enhanced]', { state: 'attached' });
  return page;
}

/** The text of the one request sample a reader sees. */
async function shownSample(page: Page): Promise<string> {
  const shown = page.locator('.dg-api-samples .dg-code:visible pre');
  assert.is(await shown.count(), 1, 'one sample in sight');
  return ((await shown.textContent()) ?? '').trim();
}

browser('should switch between the languages and between a language\'s variants by clicking, keeping the variant across languages', async (context) => {
  const page = await open(context, 'api-reference/endpoints/chat');
  const samples = page.locator('.dg-api-samples');
  const languages = samples.locator('.dg-code-group:not(.dg-api-sample-variants) > .dg-tabs-list > .dg-tab');
  assert.equal(await languages.allTextContents(), ['cURL', 'Python', 'JavaScript', 'Go']);
  assert.is(await shownSample(page), 'curl default');
  const variants = () => samples.locator('.dg-api-sample-variants:visible > .dg-tabs-list > .dg-tab');
  assert.equal(await variants().allTextContents(), ['Default', 'Self-Hosted']);

  await languages.filter({ hasText: 'Python' }).click();
  assert.is(await shownSample(page), 'python default');
  await variants().filter({ hasText: 'Self-Hosted' }).click();
  assert.is(await shownSample(page), 'python self-hosted');
  assert.is(await variants().filter({ hasText: 'Self-Hosted' }).getAttribute('aria-selected'), 'true');

  // The variant chosen once holds in every language that has it.
  await languages.filter({ hasText: 'JavaScript' }).click();
  assert.is(await shownSample(page), 'javascript self-hosted');
  await languages.filter({ hasText: 'cURL' }).click();
  assert.is(await shownSample(page), 'curl self-hosted');

  // Go is generated (the spec gives none): one sample, no row of variants.
  await languages.filter({ hasText: 'Go' }).click();
  assert.match(await shownSample(page), 'https://gateway.example.com/v1/chat');
  assert.is(await variants().count(), 0);

  // Keyboard: arrows move between the variants of the language in sight.
  await languages.filter({ hasText: 'Python' }).click();
  await variants().filter({ hasText: 'Self-Hosted' }).focus();
  await page.keyboard.press('ArrowLeft');
  assert.is(await shownSample(page), 'python default');
  await page.close();
});

browser('should show a bound page\'s own RequestExample as its only request panel, and lend it to the try-it dialog', async (context) => {
  const page = await open(context, 'create-user');
  assert.is(await page.locator('[data-example="request"]').count(), 1);
  assert.is(await page.locator('.dg-api-samples').count(), 0, 'no generated samples beside the page\'s');
  const panel = page.locator('.dg-side-panel [data-example="request"]');
  assert.ok(await panel.isVisible());
  await panel.locator('.dg-tab', { hasText: 'cURL (with a team)' }).click();
  assert.match((await panel.locator('.dg-code:visible pre').textContent()) ?? '', 'team=core');
  // The generated response example stays: the page has no ResponseExample.
  assert.ok(await page.locator('.dg-side-panel .dg-api-response-examples').isVisible());

  await page.waitForSelector('form[data-dg-playground][data-enhanced]', { state: 'attached' });
  await page.click('button.dg-api-tryit');
  await page.waitForSelector('dialog.dg-playground-dialog[open]');
  assert.ok(await page.locator('dialog[open] [data-example="request"]').isVisible(), 'the page\'s samples beside the form');
  assert.ok(await page.locator('dialog[open] .dg-api-response-examples').isVisible());
  // Typing into the form leaves the page's samples as written.
  await page.fill('textarea[name="body.0"]', '{"name": "Grace"}');
  await page.waitForTimeout(100);
  assert.match((await page.locator('dialog[open] [data-example="request"] .dg-code:visible pre').textContent()) ?? '', 'team=core');
  await page.keyboard.press('Escape');
  await page.waitForSelector('dialog.dg-playground-dialog:not([open])', { state: 'attached' });
  assert.is(await page.locator('.dg-side-panel [data-example="request"]').count(), 1, 'back in the side column');
  await page.close();
});

browser.run();
