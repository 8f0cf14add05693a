// Hand-written API pages (frontmatter `api`) in real Chromium: a docsgen project served by the
// dev server, its try-it form made of the page's own `<ParamField>`s, sending to a local mock
// API (e2e/mock-api.ts). The reader opens "Try it", fills a path parameter, a credential and
// the JSON body, and sends; the test checks what the API received.
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { startMockApis, type MockApis } from './mock-api.js';
import { serveProject, type ServedProject } from './site-project.js';

interface Context {
  apis: MockApis;
  site: ServedProject;
  context: BrowserContext;
  close: () => Promise<void>;
}

const createUser = `---
title: Create a user
api: post /teams/:teamId/users
---

Adds a user to a team.

<ParamField path="teamId" type="string" required placeholder="team_1">
  The team.
</ParamField>

<ParamField body="email" type="string" required>
  The user's address.
</ParamField>

<ParamField body="admin" type="boolean" default={false}>
  Gives the user every right.
</ParamField>

<ResponseExample>
\`\`\`json 201
{ "id": "usr_1" }
\`\`\`
</ResponseExample>
`;

const getUser = (origin: string) => `---
title: Get a user
api: "GET ${origin}/users/{id}"
authMethod: bearer
---

<ParamField path="id" type="string" required />
<ParamField query="fields" type="string" />
`;

const test = suite<Context>('hand-written API pages in Chromium');

test.before(async (context) => {
  context.apis = await startMockApis();
  const { cors } = context.apis;
  context.site = await serveProject({
    'docs.json': JSON.stringify({
      name: 'x',
      navigation: { groups: [{ group: 'API', pages: ['create-user', 'get-user', 'regional'] }] },
      api: { mdx: { server: cors.origin, auth: { method: 'key', name: 'x-api-key' } } },
    }),
    'create-user.mdx': createUser,
    'get-user.mdx': getUser(cors.origin),
    'regional.mdx': '---\ntitle: Regional\napi: "GET http://{host}/users/{id}"\nauthMethod: bearer\n---\n\n<ParamField path="id" type="string" required />\n',
  });
  context.apis.allowedOrigins.add(context.site.base);
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

test.after(async (context) => {
  await context.close?.();
  await context.site?.close();
  await context.apis?.close();
});

async function openTryIt(context: Context, slug: string): Promise<Page> {
  const page = await context.context.newPage();
  const response = await page.goto(`${context.site.base}/${slug}`);
  assert.is(response?.status(), 200, slug);
  await page.waitForSelector('form[data-dg-playground][data-enhanced]', { state: 'attached' });
  await page.click('button.dg-api-tryit');
  await page.waitForSelector('dialog.dg-playground-dialog[open]');
  return page;
}

async function send(page: Page): Promise<void> {
  const before = Number((await page.getAttribute('form[data-dg-playground]', 'data-sent')) ?? 0);
  await page.click('button.dg-playground-send');
  await page.waitForSelector(`form[data-dg-playground][data-sent="${before + 1}"]`);
}

test('should show the endpoint bar and the method beside the navigation entry', async (context) => {
  const page = await context.context.newPage();
  await page.goto(`${context.site.base}/create-user`);
  assert.is(await page.textContent('.dg-api-endpoint .dg-api-method'), 'POST');
  assert.is(await page.textContent('.dg-api-endpoint .dg-api-path'), '/teams/{teamId}/users');
  assert.ok(await page.isVisible('button.dg-api-tryit'), 'Try it shows once the script runs');
  assert.is(await page.textContent('a[href="/get-user"] .dg-method, a[href$="get-user"] .dg-method'), 'GET');
  await page.close();
});

test('should send the path parameter, the API key and the JSON body a reader fills in', async (context) => {
  const page = await openTryIt(context, 'create-user');
  assert.is(await page.getAttribute('input[name="path.teamId"]', 'placeholder'), 'team_1');
  const count = context.apis.cors.sent().length;
  await page.fill('input[name="path.teamId"]', 'team 7');
  await page.fill('input[name="auth.key"]', 'key-123');
  await page.fill('textarea[name="body.0"]', '{"email":"ada@example.com","admin":true}');
  await send(page);
  const received = context.apis.cors.sent().slice(count);
  assert.is(received.length, 1);
  assert.is(received[0]?.method, 'POST');
  assert.is(received[0]?.url, '/teams/team%207/users');
  assert.is(received[0]?.headers['x-api-key'], 'key-123');
  assert.match(String(received[0]?.headers['content-type']), 'application/json');
  assert.equal(JSON.parse(received[0]!.body.toString('utf8')), { email: 'ada@example.com', admin: true });
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-status'), '200');
  await page.close();
});

test('should send a full-URL page with the page authMethod and a query field', async (context) => {
  const page = await openTryIt(context, 'get-user');
  const count = context.apis.cors.sent().length;
  await page.fill('input[name="auth.token"]', 'tok-9');
  await page.fill('input[name="path.id"]', '42');
  await page.fill('input[name="query.fields"]', 'name');
  await send(page);
  const received = context.apis.cors.sent().slice(count);
  assert.is(received.length, 1);
  assert.is(received[0]?.method, 'GET');
  assert.is(received[0]?.url, '/users/42?fields=name');
  assert.is(received[0]?.headers.authorization, 'Bearer tok-9');
  assert.is(received[0]?.headers['x-api-key'], undefined);
  await page.close();
});

test('should send to a host the reader types straight from the browser, without credentials, though the proxy is on', async (context) => {
  // `docsgen dev` proxies by default; its proxy forwards only to documented origins, and a
  // server variable in the host is none of them: the request goes direct instead of failing.
  const page = await openTryIt(context, 'regional');
  const count = context.apis.cors.sent().length;
  await page.fill('input[name="variable.0.host"]', new URL(context.apis.cors.origin).host);
  await page.fill('input[name="auth.token"]', 'tok-secret');
  await page.fill('input[name="path.id"]', '7');
  await send(page);
  const received = context.apis.cors.sent().slice(count);
  assert.is(received.length, 1);
  assert.is(received[0]?.url, '/users/7');
  assert.is(received[0]?.headers.authorization, undefined, 'credentials go only to documented origins');
  // From the reader's browser (a CORS request), not from the site's proxy.
  assert.is(received[0]?.headers['sec-fetch-mode'], 'cors');
  assert.is(await page.getAttribute('[data-dg-playground-response]', 'data-status'), '200');
  await page.close();
});

test.run();
