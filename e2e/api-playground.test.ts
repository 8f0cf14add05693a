// The try-it form in real Chromium against a local mock API (e2e/mock-api.ts): one origin that
// allows the docs site through CORS, one that does not. The first suite renders one operation's
// form per case into a full page document (the renderer's own assets, `hasApi`) served on a real
// port, to cover every auth method and body kind; the second serves real docsgen projects with
// the dev server (generated pages, <OpenApiEndpoint>, the proxy route). Both fill the form like
// a reader and check what the mock API actually received.
import { buildOpenApiPages, loadSpec, type ApiPageModel } from '../packages/openapi-pages/src/index.js';
import { documentAssetFiles, renderPageDocument, type PlaygroundSettings } from '@docsgen/renderer';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderPlaygroundHtml } from '../packages/renderer/test/playground-spec.js';
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
          responses: { '200': { description: 'OK' } },
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
  const form = renderPlaygroundHtml(await pageModel(testCase), settings);
  return renderPageDocument({
    slug: 'try',
    title: 'Try it',
    contentHtml: `<div class="dg-api" data-dg-api="">${form}</div>`,
    config: { name: 'Playground test' },
    pages: new Map([['try', { slug: 'try', title: 'Try it' }]]),
    hasApi: true,
  });
}

const browser = suite<Context>('try-it form in Chromium');

browser.before(async (context) => {
  context.apis = await startMockApis();
  const { cors, plain } = context.apis;
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

async function open(context: { context: BrowserContext; base: string }, name: string): Promise<Page> {
  const page = await context.context.newPage();
  const response = await page.goto(`${context.base}/${name}`);
  assert.is(response?.status(), 200, name);
  await page.waitForSelector('form[data-dg-playground][data-enhanced]');
  return page;
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
  await page.waitForSelector('form[data-dg-playground][data-enhanced]');
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

browser('should explain a CORS refusal instead of showing "Failed to fetch"', async (context) => {
  const page = await open(context, 'plain');
  const count = context.apis.plain.sent().length;
  await send(page);
  assert.is(context.apis.plain.sent().length, count + 1, 'the request reached the API; the browser hid its answer');
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-error'), 'cors');
  const message = (await page.textContent('[data-dg-playground-body]')) ?? '';
  assert.match(message, 'CORS policy');
  assert.match(message, `Access-Control-Allow-Origin: ${context.base}`);
  assert.match(message, 'fixed on the API server');
  assert.not.match(message, 'Failed to fetch');
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
  context.direct = await serveProject(files({ baseUrl: [cors.origin, plain.origin], playground: { mode: 'interactive' }, examples }, cors.origin));
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
  const preflight = context.apis.plain.requests.slice(count);
  assert.is(preflight.length, 1, 'the request went to the second base URL');
  assert.is(preflight[0]?.method, 'OPTIONS');
  assert.match(String(preflight[0]?.headers['access-control-request-headers']), 'authorization');
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-error'), 'cors');
  const message = (await page.textContent('[data-dg-playground-body]')) ?? '';
  assert.match(message, 'CORS policy');
  assert.match(message, 'fixed on the API server');
  assert.match(message, 'api.playground.proxy');
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
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-error'), 'proxy');
  assert.match((await page.textContent('[data-dg-playground-body]')) ?? '', /The proxy could not reach the API.*\(proxy-upstream-unreachable\)/);
  await page.close();
});

project.run();
