// The try-it form in real Chromium against a local mock API (e2e/mock-api.ts): one origin that
// allows the docs site through CORS, one that does not. The first suite renders one operation's
// form per case into a full page document (the renderer's own assets, `hasApi`) served on a real
// port, to cover every auth method and body kind; the second serves real docsgen projects with
// the dev server (generated pages, <OpenApiEndpoint>, the proxy route). Both fill the form like
// a reader and check what the mock API actually received.
import { buildOpenApiPages, loadSpec, type ApiPageModel } from '../packages/openapi-pages/src/index.js';
import { documentAssetFiles, renderApiOperation, renderPageDocument, type PlaygroundSettings } from '@docsgen/renderer';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { startMockApis, type MockApis } from './mock-api.js';
import { serveProject, type ServedProject } from './site-project.js';

interface Case {
  operation: string;
  servers: unknown[];
  baseUrl?: string[];
  auth: PlaygroundSettings['auth'];
  proxy?: boolean;
  credentials?: boolean;
  /** `false`: examples are placeholders (docs.json's default); the other cases fill them in. */
  prefill?: boolean;
}

interface Context {
  apis: MockApis;
  /** An origin nothing listens on. */
  closed: string;
  cases: Record<string, Case>;
  server: Server;
  base: string;
  context: BrowserContext;
  close: () => Promise<void>;
}

function spec(servers: unknown[]): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Mock API', version: '1.0.0' },
    servers,
    paths: {
      '/users/{id}': {
        get: {
          operationId: 'getUser',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' }, example: 'a b/c' },
            { name: 'fields', in: 'query', schema: { type: 'string', default: 'name' } },
          ],
          responses: {
            '200': { description: 'OK', content: { 'application/json': { example: { id: 'a b/c', name: 'Ada' } } } },
            '404': { description: 'No such user', content: { 'application/json': { example: { error: 'not found' } } } },
          },
        },
      },
      '/files/{name}': {
        get: {
          operationId: 'getFile',
          parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'The file' } },
        },
      },
      '/users': {
        post: {
          operationId: 'createUser',
          requestBody: {
            content: {
              'application/json': { schema: { type: 'object' }, example: { name: 'Ada' } },
              'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { name: { type: 'string', default: 'Grace' } } } },
              'multipart/form-data': { schema: { type: 'object', properties: { caption: { type: 'string' }, photo: { type: 'string', format: 'binary' } } } },
            },
          },
          responses: { '201': { description: 'Created' } },
        },
      },
    },
  };
}

async function pageModel(testCase: Case): Promise<ApiPageModel> {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-playground-'));
  try {
    writeFileSync(join(root, 'openapi.json'), JSON.stringify(spec(testCase.servers)));
    const pages = buildOpenApiPages(await loadSpec(root, 'openapi.json'), { baseUrl: testCase.baseUrl });
    const found = pages.pages.find((page) => page.operationId === testCase.operation);
    if (!found) throw new Error(`no ${testCase.operation} in ${JSON.stringify(pages.messages)}`);
    return found;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function renderCase(testCase: Case): Promise<string> {
  const settings: PlaygroundSettings = { mode: 'interactive', proxy: testCase.proxy === true, proxyUrl: '/_docsgen/proxy', auth: testCase.auth, prefill: testCase.prefill !== false, credentials: testCase.credentials };
  const { html, facts } = renderApiOperation({ page: await pageModel(testCase), playground: settings, moveSideContent: true });
  return renderPageDocument({
    slug: 'try',
    title: 'Try it',
    contentHtml: html,
    sideBlocks: facts.sideBlocks,
    config: { name: 'Playground test' },
    pages: new Map([['try', { slug: 'try', title: 'Try it' }]]),
    hasApi: true,
  });
}

const browser = suite<Context>('try-it form in Chromium');

browser.before(async (context) => {
  context.apis = await startMockApis();
  const { cors, plain } = context.apis;
  // A port nothing listens on.
  context.closed = 'http://127.0.0.1:9';
  const bearer = { method: 'bearer', name: undefined } as const;
  context.cases = {
    environments: { operation: 'getUser', servers: [{ url: cors.origin }], baseUrl: [cors.origin, `http://localhost:${cors.port}`], auth: bearer },
    basic: { operation: 'getUser', servers: [{ url: cors.origin }], auth: { method: 'basic', name: undefined } },
    key: { operation: 'createUser', servers: [{ url: cors.origin }], auth: { method: 'key', name: 'X-Api-Key' } },
    variables: { operation: 'getUser', servers: [{ url: `http://{host}:${cors.port}`, variables: { host: { default: '127.0.0.1' } } }], auth: bearer },
    forms: { operation: 'createUser', servers: [{ url: cors.origin }], auth: { method: 'none', name: undefined } },
    plain: { operation: 'getUser', servers: [{ url: plain.origin }], auth: { method: 'none', name: undefined } },
    files: { operation: 'getFile', servers: [{ url: cors.origin }], auth: { method: 'none', name: undefined } },
    cookies: { operation: 'getFile', servers: [{ url: cors.origin }], auth: { method: 'none', name: undefined }, credentials: true },
    blank: { operation: 'createUser', servers: [{ url: cors.origin }], auth: { method: 'none', name: undefined }, prefill: false },
    // Two servers with labels, as a real spec writes them (the mobile layout test draws them).
    labels: {
      operation: 'getUser',
      servers: [
        { url: 'https://bookshelf.example.com/v1', description: 'Production' },
        { url: 'https://eu.bookshelf.example.com/v1', description: 'Regional' },
      ],
      auth: { method: 'none', name: undefined },
    },
    unreachable: { operation: 'getUser', servers: [{ url: context.closed }], auth: { method: 'none', name: undefined } },
  };
  context.server = createServer(async (request, response) => {
    const url = request.url ?? '/';
    const asset = url.startsWith('/_docsgen/') ? documentAssetFiles[url.slice('/_docsgen/'.length)] : undefined;
    if (asset) {
      response.writeHead(200, { 'Content-Type': asset.endsWith('.css') ? 'text/css' : 'text/javascript' });
      createReadStream(asset).pipe(response);
      return;
    }
    const testCase = context.cases[url.slice(1)];
    if (!testCase) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(await renderCase(testCase));
  });
  await new Promise<void>((resolve) => context.server.listen(0, '127.0.0.1', resolve));
  context.base = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}`;
  context.apis.allowedOrigins.add(context.base);
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

browser.after(async (context) => {
  await context.close?.();
  await new Promise((resolve) => context.server?.close(resolve));
  await context.apis?.close();
});

/** Opens a page and its try-it dialog with the method bar's "Try it" button. */
async function open(context: { context: BrowserContext; base: string }, name: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await context.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const response = await page.goto(`${context.base}/${name}`);
  assert.is(response?.status(), 200, name);
  await openDialog(page);
  return page;
}

async function openDialog(page: Page): Promise<void> {
  await page.waitForSelector('form[data-dg-playground][data-enhanced]', { state: 'attached' });
  await page.click('button.dg-api-tryit');
  await page.waitForSelector('dialog.dg-playground-dialog[open]');
}

/** The text of the request sample under `label` (cURL, JavaScript, …) wherever it is shown. */
async function sampleText(page: Page, label: string): Promise<string> {
  return page.evaluate((name) => {
    const samples = document.querySelector('.dg-api-samples')!;
    const tabs = Array.from(samples.querySelectorAll('.dg-tabs-list > .dg-tab'));
    const index = tabs.findIndex((tab) => (tab as HTMLElement).dataset.label === name);
    return samples.querySelectorAll('.dg-code-body pre')[index]?.textContent ?? '';
  }, label);
}

/** Clicks Send and waits until the response panel shows the outcome of that click. */
async function send(page: Page): Promise<void> {
  const before = Number((await page.getAttribute('form[data-dg-playground]', 'data-sent')) ?? 0);
  await page.click('button.dg-playground-send');
  await page.waitForSelector(`form[data-dg-playground][data-sent="${before + 1}"]`);
}

browser('should send a bearer token to the documented API and show the response', async (context) => {
  const page = await open(context, 'environments');
  const count = context.apis.cors.sent().length;
  await page.fill('input[name="auth.token"]', 'tok-123');
  await send(page);
  const received = context.apis.cors.sent().slice(count);
  assert.is(received.length, 1);
  assert.is(received[0]?.headers.authorization, 'Bearer tok-123');
  assert.is(received[0]?.url, '/users/a%20b%2Fc?fields=name', 'path parameter percent-encoded, query default sent');
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-status'), '200');
  const body = (await page.textContent('[data-dg-playground-body] pre')) ?? '';
  assert.match(body, '"authorization": "Bearer tok-123"', 'JSON shown indented');
  assert.match((await page.textContent('[data-dg-playground-time]')) ?? '', /^\d+ ms$/);
  assert.match((await page.textContent('[data-dg-playground-headers]')) ?? '', 'content-type: application/json');
  await page.close();
});

browser('should send to the second base URL after switching the environment, and remember the choice', async (context) => {
  const page = await open(context, 'environments');
  assert.is(await page.locator('select[data-dg-playground-env] option').count(), 2);
  const count = context.apis.cors.sent().length;
  await page.selectOption('select[data-dg-playground-env]', '1');
  assert.is(await page.inputValue('input[name="auth.token"]'), 'tok-123', 'the token typed on another page is filled in');
  await send(page);
  const received = context.apis.cors.sent().slice(count);
  assert.is(received.length, 1);
  assert.is(received[0]?.host, `localhost:${context.apis.cors.port}`, 'the request went to the second base URL');
  assert.is(received[0]?.headers.authorization, 'Bearer tok-123', 'the second base URL is documented too');
  await page.reload();
  await openDialog(page);
  assert.is(await page.inputValue('select[data-dg-playground-env]'), '1', 'the environment is remembered');
  await page.close();
});

browser('should send the reader\'s cookies for the API only when the site turns credentials on', async (context) => {
  await context.context.addCookies([{ name: 'session', value: 'cookie-1', domain: '127.0.0.1', path: '/' }]);
  try {
    for (const [name, expected] of [['files', undefined], ['cookies', 'session=cookie-1']] as const) {
      const page = await open(context, name);
      await page.fill('input[name="path.name"]', 'x.json');
      const count = context.apis.cors.sent().length;
      await send(page);
      const received = context.apis.cors.sent().slice(count);
      assert.is(received.length, 1, name);
      assert.is(received[0]?.headers.cookie, expected, name);
      assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-status'), '200', name);
      await page.close();
    }
  } finally {
    await context.context.clearCookies();
  }
});

browser('should show the body example as a placeholder without prefill, and take it on "Use the example"', async (context) => {
  const page = await open(context, 'blank');
  const editor = page.locator('textarea[name="body.0"]');
  assert.is(await editor.inputValue(), '');
  const example = (await editor.getAttribute('placeholder')) ?? '';
  assert.equal(JSON.parse(example), { name: 'Ada' });
  await page.click('button[data-dg-playground-example]');
  assert.is(await editor.inputValue(), example);
  const count = context.apis.cors.sent().length;
  await send(page);
  const received = context.apis.cors.sent().slice(count);
  assert.equal(JSON.parse(received[0]?.body.toString() ?? ''), { name: 'Ada' });
  await page.close();
});

browser('should send basic credentials', async (context) => {
  const page = await open(context, 'basic');
  const count = context.apis.cors.sent().length;
  await page.fill('input[name="auth.username"]', 'ada');
  await page.fill('input[name="auth.password"]', 'pä:ss');
  await send(page);
  const received = context.apis.cors.sent().slice(count);
  assert.is(received[0]?.headers.authorization, `Basic ${Buffer.from('ada:pä:ss').toString('base64')}`);
  await page.close();
});

browser('should send an API key in the named header with a JSON body', async (context) => {
  const page = await open(context, 'key');
  const count = context.apis.cors.sent().length;
  await page.fill('input[name="auth.key"]', 'key-9');
  await page.fill('textarea[name="body.0"]', '{"name": "Lin"}');
  await send(page);
  const received = context.apis.cors.sent().slice(count);
  assert.is(received.length, 1);
  assert.is(received[0]?.method, 'POST');
  assert.is(received[0]?.headers['x-api-key'], 'key-9');
  assert.is(received[0]?.headers.authorization, undefined);
  assert.is(received[0]?.headers['content-type'], 'application/json');
  assert.is(received[0]?.body.toString(), '{"name": "Lin"}');
  await page.close();
});

browser('should send form fields and a multipart file upload', async (context) => {
  const page = await open(context, 'forms');
  let count = context.apis.cors.sent().length;
  await page.selectOption('select[data-dg-playground-media]', '1');
  await send(page);
  let received = context.apis.cors.sent().slice(count);
  assert.is(received[0]?.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.is(received[0]?.body.toString(), 'name=Grace');

  count = context.apis.cors.sent().length;
  await page.selectOption('select[data-dg-playground-media]', '2');
  await page.fill('input[name="body.2.caption"]', 'A cat');
  await page.setInputFiles('input[name="body.2.photo"]', { name: 'cat.txt', mimeType: 'text/plain', buffer: Buffer.from('meow') });
  await send(page);
  received = context.apis.cors.sent().slice(count);
  assert.match(String(received[0]?.headers['content-type']), /^multipart\/form-data; boundary=/);
  const body = received[0]?.body.toString() ?? '';
  assert.match(body, 'name="caption"\r\n\r\nA cat');
  assert.match(body, 'filename="cat.txt"');
  assert.match(body, '\r\n\r\nmeow\r\n');
  await page.close();
});

browser('should not send the token when a server variable leads to another origin', async (context) => {
  const page = await open(context, 'variables');
  await page.fill('input[name="auth.token"]', 'tok-123');
  let count = context.apis.cors.sent().length;
  await send(page);
  assert.is(context.apis.cors.sent().slice(count)[0]?.headers.authorization, 'Bearer tok-123', 'the default server is documented');

  count = context.apis.cors.sent().length;
  await page.fill('input[name="variable.0.host"]', 'localhost');
  await send(page);
  const received = context.apis.cors.sent().slice(count);
  assert.is(received.length, 1);
  assert.is(received[0]?.host, `localhost:${context.apis.cors.port}`);
  assert.is(received[0]?.headers.authorization, undefined, 'no credentials to an origin the spec does not document');
  assert.ok(await page.isVisible('[data-dg-playground-notice]'));
  assert.match((await page.textContent('[data-dg-playground-notice]')) ?? '', `Credentials were not sent: http://localhost:${context.apis.cors.port}`);
  await page.close();
});

browser('should show an image response as an image, text as text and other bodies as their size', async (context) => {
  const page = await open(context, 'files');
  await page.fill('input[name="path.name"]', 'pixel.png');
  await send(page);
  const image = page.locator('[data-dg-playground-body] img');
  await image.waitFor();
  assert.is(await image.evaluate((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth), 1);

  await page.fill('input[name="path.name"]', 'note.txt');
  await send(page);
  assert.is(await page.textContent('[data-dg-playground-body] pre[data-type="text"]'), '<b>plain</b> text\n', 'text shown as text, never as HTML');

  await page.fill('input[name="path.name"]', 'data.bin');
  await send(page);
  assert.is(await page.textContent('[data-dg-playground-body]'), 'application/octet-stream body, 4 bytes');
  await page.close();
});

browser('should say in one sentence that CORS blocked the answer, with what to do behind "Details"', async (context) => {
  const page = await open(context, 'plain');
  const count = context.apis.plain.sent().filter((request) => request.method !== 'HEAD').length;
  await send(page);
  const received = context.apis.plain.sent().filter((request) => request.method !== 'HEAD');
  assert.is(received.length, count + 1, 'the request reached the API; the browser hid its answer');
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-error'), 'cors');
  assert.is(await page.textContent('.dg-playground-error'), `${context.apis.plain.origin} answered, but its CORS policy does not let this site read the response.`);
  const details = page.locator('.dg-playground-error-details');
  assert.not.ok(await details.locator('p').first().isVisible(), 'the advice waits behind the toggle');
  await details.locator('summary').click();
  const advice = (await details.textContent()) ?? '';
  assert.match(advice, `Access-Control-Allow-Origin: ${context.base}`);
  assert.match(advice, 'fixed on the API server');
  assert.match(advice, 'api.playground.proxy');
  assert.is(await page.$eval('.dg-playground-error', (node) => getComputedStyle(node).fontFamily.includes('mono')), false, 'no monospace wall');
  await page.close();
});

browser('should tell an API that cannot be reached apart from a CORS refusal', async (context) => {
  const page = await open(context, 'unreachable');
  await send(page);
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-error'), 'unreachable');
  assert.is(await page.textContent('.dg-playground-error'), `${context.closed} could not be reached: its name did not resolve, or nothing accepted the connection.`);
  assert.not.match((await page.textContent('[data-dg-playground-body]')) ?? '', 'CORS');
  await page.close();
});

browser('should open "Try it" and close it from the keyboard, keeping focus inside while open', async (context) => {
  const page = await context.context.newPage();
  await page.goto(`${context.base}/environments`);
  await page.waitForSelector('form[data-dg-playground][data-enhanced]', { state: 'attached' });
  await page.focus('button.dg-api-tryit');
  await page.keyboard.press('Enter');
  await page.waitForSelector('dialog.dg-playground-dialog[open]');
  const inDialog = () => page.evaluate(() => document.activeElement?.closest('dialog.dg-playground-dialog') !== null);
  assert.ok(await inDialog(), 'focus moves into the dialog');
  assert.is(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'environment', 'on its first field');
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press(step % 7 === 6 ? 'Shift+Tab' : 'Tab');
    assert.ok(await inDialog(), `focus stays in the dialog after ${step + 1} presses`);
  }
  // The page's request sample is in the dialog while it is open.
  assert.ok(await page.evaluate(() => document.querySelector('.dg-api-samples')?.closest('dialog') !== null));
  await page.keyboard.press('Escape');
  await page.waitForSelector('dialog.dg-playground-dialog:not([open])', { state: 'attached' });
  // The dialog's `close` event, which puts the borrowed sample back, is queued as a task after
  // the `open` attribute goes: wait for it rather than read the page in between.
  await page.waitForFunction(() => document.querySelector('.dg-api-samples')?.closest('.dg-side-panel') !== null, undefined, { timeout: 5000 });
  assert.ok(await page.evaluate(() => document.activeElement?.matches('button.dg-api-tryit')), 'focus returns to "Try it"');
  assert.ok(await page.evaluate(() => document.querySelector('.dg-api-samples')?.closest('.dg-side-panel') !== null), 'the sample is back in the side column');
  await page.keyboard.press('Space');
  await page.waitForSelector('dialog.dg-playground-dialog[open]');
  await page.click('button.dg-playground-close');
  await page.waitForSelector('dialog.dg-playground-dialog:not([open])', { state: 'attached' });
  await page.close();
});

browser('should write a path parameter into the request samples and the URL as the reader types', async (context) => {
  const page = await open(context, 'files');
  const before = await sampleText(page, 'cURL');
  assert.match(before, `'${context.apis.cors.origin}/files/{name}'`, 'an empty path parameter stays a placeholder');
  await page.fill('input[name="path.name"]', 'report 1.pdf');
  await page.waitForFunction(() => document.querySelector('.dg-api-samples pre')?.textContent?.includes('report%201.pdf'));
  assert.match(await sampleText(page, 'cURL'), `curl --request GET '${context.apis.cors.origin}/files/report%201.pdf'`);
  assert.match(await sampleText(page, 'Python'), `url = "${context.apis.cors.origin}/files/report%201.pdf"`);
  assert.match(await sampleText(page, 'Go'), `http.NewRequest("GET", "${context.apis.cors.origin}/files/report%201.pdf", nil)`);
  assert.is(await page.textContent('[data-dg-playground-url]'), `${context.apis.cors.origin}/files/report%201.pdf`);
  await page.keyboard.press('Escape');
  assert.match(await sampleText(page, 'cURL'), '/files/report%201.pdf', 'the side column keeps the reader\'s request');
  await page.close();
});

browser('should write the same samples as the server for the same request', async (context) => {
  const labels = ['cURL', 'JavaScript', 'Python', 'Go'];
  // A GET with path and query parameters, and a POST with a JSON body.
  for (const [name, field] of [['environments', 'input[name="query.fields"]'], ['key', 'textarea[name="body.0"]']] as const) {
    const page = await context.context.newPage();
    await page.goto(`${context.base}/${name}`);
    const served = await Promise.all(labels.map((label) => sampleText(page, label)));
    await openDialog(page);
    // An earlier test chose the second environment, and the form remembers it.
    if (name === 'environments') await page.selectOption('select[data-dg-playground-env]', '0');
    assert.match(served[0]!, name === 'environments' ? `'${context.apis.cors.origin}/users/a%20b%2Fc?fields=name'` : `--data '{\n  "name": "Ada"\n}'`);
    // Typing a letter and taking it back leaves the request as the server wrote it.
    await page.focus(field);
    await page.keyboard.press('End');
    await page.keyboard.type('x');
    await page.waitForFunction((first) => document.querySelector('.dg-api-samples pre')?.textContent !== first, served[0]);
    await page.keyboard.press('Backspace');
    await page.waitForFunction((first) => document.querySelector('.dg-api-samples pre')?.textContent === first, served[0]);
    assert.equal(await Promise.all(labels.map((label) => sampleText(page, label))), served, name);
    await page.close();
  }
});

browser('should switch the response example by status, by click and to the status received', async (context) => {
  const page = await context.context.newPage();
  await page.goto(`${context.base}/environments`);
  const examples = page.locator('.dg-api-response-examples');
  const shown = () => examples.locator('.dg-tab-panel:visible pre').first().textContent();
  assert.match((await shown()) ?? '', '"name": "Ada"');
  await examples.locator('.dg-tab[data-label="404"]').click();
  assert.match((await shown()) ?? '', '"error": "not found"');
  await examples.locator('.dg-tab[data-label="200"]').click();
  await openDialog(page);
  assert.ok(await examples.evaluate((node) => node.closest('dialog') !== null), 'the examples are beside the form');
  const selected = () => examples.locator('.dg-tab[aria-selected="true"]').getAttribute('data-label');
  await page.fill('input[name="path.id"]', 'missing');
  await send(page);
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-status'), '404');
  assert.is(await selected(), '404', 'the example of the status received');
  await page.fill('input[name="path.id"]', 'a');
  await send(page);
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-status'), '200');
  assert.is(await selected(), '200');
  await page.close();
});

browser('should fit a 390 px wide screen: no horizontal overflow, a full-screen dialog, the samples below the reference', async (context) => {
  const page = await context.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${context.base}/labels`);
  await page.waitForSelector('form[data-dg-playground][data-enhanced]', { state: 'attached' });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok((await overflow()) <= 0, `page overflows by ${await overflow()} px`);
  const order = await page.evaluate(() =>
    Object.fromEntries(['.dg-api-endpoint', '.dg-api-parameters', '.dg-api-samples'].map((selector) => [selector, document.querySelector(selector)!.getBoundingClientRect().top])),
  );
  const [bar, parameters, samples] = Object.values(order) as number[];
  assert.ok(bar! < parameters! && parameters! < samples!, `the side column comes after the reference: ${JSON.stringify(order)}`);
  const fits = await page.$eval('.dg-api-endpoint', (node) => node.scrollWidth <= node.clientWidth);
  assert.ok(fits, 'the method bar fits');
  // Each word of a server's label on one line ("Productio" / "n" before).
  const brokenWords = await page.$eval('.dg-api-servers li .dg-api-markdown', (node) => {
    const text = node.querySelector('p')!.firstChild as Text;
    return [...text.data.matchAll(/\S+/g)].filter((match) => {
      const range = document.createRange();
      range.setStart(text, match.index!);
      range.setEnd(text, match.index! + match[0].length);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size > 1;
    }).length;
  });
  assert.is(brokenWords, 0, 'no server label breaks inside a word');
  await page.click('button.dg-api-tryit');
  await page.waitForSelector('dialog.dg-playground-dialog[open]');
  const box = await page.$eval('dialog.dg-playground-dialog', (node) => node.getBoundingClientRect().toJSON());
  assert.equal([box.x, box.y, box.width, box.height], [0, 0, 390, 844], 'full screen');
  assert.ok((await overflow()) <= 0);
  await page.close();
});

browser.run();

interface ProjectContext {
  apis: MockApis;
  direct: ServedProject;
  proxied: ServedProject;
  closedPort: string;
  context: BrowserContext;
  close: () => Promise<void>;
}

const projectSpec = (server: string) => ({
  openapi: '3.1.0',
  info: { title: 'Mock API', version: '1.0.0' },
  servers: [{ url: server }],
  paths: {
    '/users/{id}': {
      get: {
        summary: 'Get a user',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, example: '42' }],
        responses: { '200': { description: 'OK' } },
      },
    },
  },
});

const project = suite<ProjectContext>('try-it form in a docsgen project in Chromium');

project.before(async (context) => {
  context.apis = await startMockApis();
  const { cors, plain } = context.apis;
  // A port nothing listens on: the proxy cannot reach it.
  context.closedPort = 'http://127.0.0.1:9';
  const files = (api: Record<string, unknown>, server: string) => ({
    'docs.json': JSON.stringify({ name: 'x', navigation: { pages: ['index'] }, api: { openapi: 'openapi.json', auth: { method: 'bearer' }, ...api } }),
    'index.mdx': '---\ntitle: Home\n---\n\nThe endpoint in a page:\n\n<OpenApiEndpoint spec="openapi.json" method="get" path="/users/{id}" />\n',
    'openapi.json': JSON.stringify(projectSpec(server)),
  });
  // Filled with the spec's examples, so a reader can send at once.
  const examples = { prefill: true };
  // Straight from the browser: `docsgen dev` would otherwise proxy (the default where the site serves the proxy).
  context.direct = await serveProject(files({ baseUrl: [cors.origin, plain.origin], playground: { mode: 'interactive', proxy: false }, examples }, cors.origin));
  context.proxied = await serveProject(files({ baseUrl: [plain.origin, context.closedPort], playground: { mode: 'interactive', proxy: true }, examples }, plain.origin));
  context.apis.allowedOrigins.add(context.direct.base);
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

project.after(async (context) => {
  await context.close?.();
  await context.direct?.close();
  await context.proxied?.close();
  await context.apis?.close();
});

const operationPage = 'api-reference/endpoints/get-a-user';

project('should send the token from a generated page, then to the second environment, where CORS blocks it', async (context) => {
  const page = await open({ context: context.context, base: context.direct.base }, operationPage);
  let count = context.apis.cors.sent().length;
  await page.fill('input[name="auth.token"]', 'tok-live');
  await send(page);
  const received = context.apis.cors.sent().slice(count);
  assert.is(received.length, 1);
  assert.is(received[0]?.url, '/users/42');
  assert.is(received[0]?.headers.authorization, 'Bearer tok-live');
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-status'), '200');

  count = context.apis.plain.requests.length;
  await page.selectOption('select[data-dg-playground-env]', '1');
  await send(page);
  // The preflight, then the HEAD request that tells a CORS refusal from an unreachable API.
  const preflight = context.apis.plain.requests.slice(count).filter((request) => request.method !== 'HEAD');
  assert.is(preflight.length, 1, 'the request went to the second base URL');
  assert.is(preflight[0]?.method, 'OPTIONS');
  assert.match(String(preflight[0]?.headers['access-control-request-headers']), 'authorization');
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-error'), 'cors');
  const message = (await page.textContent('[data-dg-playground-body]')) ?? '';
  assert.match(message, 'CORS policy does not let this site read the response');
  assert.match(message, 'fixed on the API server');
  assert.match(message, 'api.playground.proxy');
  await page.close();
});

project('should keep the highlighting of a request sample while a path parameter is typed', async (context) => {
  const page = await open({ context: context.context, base: context.direct.base }, operationPage);
  const spans = () => page.evaluate(() => document.querySelector('.dg-api-samples pre.shiki')?.querySelectorAll('span').length ?? 0);
  const before = await spans();
  assert.ok(before > 3, 'the sample is highlighted');
  await page.fill('input[name="path.id"]', '4242');
  await page.waitForFunction(() => document.querySelector('.dg-api-samples pre')?.textContent?.includes('/users/4242'));
  assert.is(await spans(), before, 'the change landed inside one string of the highlighted code');
  await page.close();
});

project('should send from <OpenApiEndpoint> in an MDX page', async (context) => {
  const page = await open({ context: context.context, base: context.direct.base }, '');
  await page.selectOption('select[data-dg-playground-env]', '0');
  const count = context.apis.cors.sent().length;
  assert.is(await page.inputValue('input[name="auth.token"]'), 'tok-live', 'filled once per session');
  await send(page);
  assert.is(context.apis.cors.sent().slice(count)[0]?.headers.authorization, 'Bearer tok-live');
  await page.close();
});

project('should reach an API without CORS through the proxy, and show the proxy\'s own errors', async (context) => {
  const page = await open({ context: context.context, base: context.proxied.base }, operationPage);
  const count = context.apis.plain.requests.length;
  const proxied: string[] = [];
  page.on('request', (request) => proxied.push(`${request.method()} ${new URL(request.url()).pathname}`));
  await page.fill('input[name="auth.token"]', 'tok-proxy');
  await send(page);
  const received = context.apis.plain.requests.slice(count);
  assert.is(received.length, 1);
  assert.is(received[0]?.method, 'GET');
  assert.is(received[0]?.url, '/users/42');
  assert.is(received[0]?.headers.authorization, 'Bearer tok-proxy');
  assert.ok(proxied.includes('POST /_docsgen/proxy'), proxied.join(', '));
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-status'), '200');
  assert.match((await page.textContent('[data-dg-playground-body] pre')) ?? '', '"authorization": "Bearer tok-proxy"');
  assert.match((await page.textContent('[data-dg-playground-headers]')) ?? '', 'x-mock: yes', 'every header shows through the proxy');

  await page.selectOption('select[data-dg-playground-env]', '1');
  await send(page);
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-error'), 'refused', 'the proxy knows the real error');
  assert.is(await page.textContent('.dg-playground-error'), `Nothing accepted the connection at ${context.closedPort}: the API is not running there, or a firewall refuses it.`);
  assert.match((await page.textContent('.dg-playground-error-details')) ?? '', /The proxy could not reach the API.*\(proxy-upstream-unreachable\)/);
  await page.close();
});

project.run();
