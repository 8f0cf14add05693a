import { createSite } from '@docsgen/core';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevSession, type DevSession } from '../src/index.js';

type Change = { files: string[]; reload: 'full' | 'pages'; slugs: string[] };
const api = suite<{ root: string; session: DevSession; changes: Change[] }>('dev: API reference pages');

const tinySpec = readFileSync(fileURLToPath(new URL('../../openapi-pages/test/fixtures/specs/tiny/openapi.yaml', import.meta.url)), 'utf8');
const userSchema = 'type: object\nproperties:\n  name:\n    type: string\n';

api.before.each(async (context) => {
  context.root = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-api-reload-')));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'API', navigation: { pages: ['index'] }, api: { openapi: 'specs/openapi.yaml' } }),
    'index.mdx': '# Home\n',
    'specs/openapi.yaml': 'openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      responses:\n        "200":\n          description: OK\n          content:\n            application/json:\n              schema: { $ref: "./user.yaml" }\n',
    'specs/user.yaml': userSchema,
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(context.root, name)), { recursive: true });
    writeFileSync(join(context.root, name), content);
  }
  context.changes = [];
  context.session = await startDevSession({ root: context.root, loadSite: () => createSite(context.root), onChange: (change) => context.changes.push(change) });
  await new Promise<void>((resolve) => context.session.server.listen(0, '127.0.0.1', resolve));
});

const portOf = (session: DevSession): number => (session.server.address() as AddressInfo).port;

api.after.each(async (context) => {
  await context.session.close();
  rmSync(context.root, { recursive: true });
});

async function waitFor(changes: Change[], count: number): Promise<void> {
  for (let waited = 0; changes.length < count && waited < 5000; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
}

function get(port: number, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host: `localhost:${port}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }));
    })
      .on('error', reject)
      .end();
  });
}

api('serves generated pages, their twins and the API assets', async (context) => {
  const port = portOf(context.session);
  const page = await get(port, '/api-reference/endpoints/list-users');
  assert.is(page.status, 200);
  assert.match(page.type, 'text/html');
  assert.match(page.body, 'data-dg-api');
  const twin = await get(port, '/api-reference/endpoints/list-users.md');
  assert.is(twin.status, 200);
  assert.match(twin.type, 'text/markdown');
  assert.match(twin.body, '# List users');
  for (const asset of ['/_docsgen/api.css', '/_docsgen/api-playground.js']) assert.is((await get(port, asset)).status, 200, asset);
});

api('reloads the site when the spec, or a file its $ref names, is saved', async (context) => {
  const spec = join(context.root, 'specs/openapi.yaml');
  writeFileSync(spec, readFileSync(spec, 'utf8').replace('List users', 'List members'));
  await waitFor(context.changes, 1);
  assert.is(context.changes[0]?.reload, 'full');
  assert.ok(context.session.site.pages.has('api-reference/endpoints/list-members'));
  assert.is((await get(portOf(context.session), '/api-reference/endpoints/list-members')).status, 200);

  // A referenced file is not JSON or a page: only the spec's own file list says it matters.
  writeFileSync(join(context.root, 'specs/user.yaml'), `${userSchema}  nickname:\n    type: string\n`);
  await waitFor(context.changes, 2);
  assert.is(context.changes[1]?.reload, 'full');
  assert.match((await get(portOf(context.session), '/api-reference/endpoints/list-members')).body, 'nickname');
});

api('a spec saved half-written keeps the server up and comes back once fixed', async (context) => {
  const spec = join(context.root, 'specs/openapi.yaml');
  const good = readFileSync(spec, 'utf8');
  writeFileSync(spec, 'openapi: 3.0.3\npaths: [\n');
  await waitFor(context.changes, 1);
  assert.is((await get(portOf(context.session), '/')).status, 200, 'the rest of the site is served');
  assert.ok(context.session.site.messages.some((message) => message.file === spec && message.line !== undefined));
  writeFileSync(spec, good);
  await waitFor(context.changes, 2);
  assert.is((await get(portOf(context.session), '/api-reference/endpoints/list-users')).status, 200);
});

api('reloads the site when a page\'s frontmatter api changes, and re-renders it when only its body does', async (context) => {
  const file = join(context.root, 'index.mdx');
  writeFileSync(file, '---\ntitle: Home\napi: GET https://api.example.com/v1/things\n---\n\nBody one.\n');
  await waitFor(context.changes, 1);
  assert.is(context.changes[0]?.reload, 'full');
  assert.is(context.session.site.pages.get('index')?.method, 'GET');
  assert.match((await get(portOf(context.session), '/')).body, '<span data-method="get" class="dg-api-method">GET</span>');

  writeFileSync(file, '---\ntitle: Home\napi: POST https://api.example.com/v1/other\n---\n\nBody one.\n');
  await waitFor(context.changes, 2);
  assert.is(context.changes[1]?.reload, 'full');
  const page = (await get(portOf(context.session), '/')).body;
  assert.match(page, '<span data-method="post" class="dg-api-method">POST</span>');
  assert.match(page, '/v1/other');

  writeFileSync(file, '---\ntitle: Home\napi: POST https://api.example.com/v1/other\n---\n\nBody two.\n');
  await waitFor(context.changes, 3);
  assert.equal(context.changes[2], { files: [file], reload: 'pages', slugs: ['index'] });
  assert.match((await get(portOf(context.session), '/')).body, 'Body two.');
});

api.run();
