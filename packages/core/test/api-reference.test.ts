import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const test = suite('site: API reference pages');

/** A real server on a free port that answers `/openapi.yaml` with the tiny spec while `state.status` is 200; counts requests. */
async function serveSpec(): Promise<{ url: string; state: { status: number; requests: number }; close: () => void }> {
  const state = { status: 200, requests: 0 };
  const server = createServer((request, response) => {
    state.requests += 1;
    if (request.url !== '/openapi.yaml' || state.status !== 200) {
      response.writeHead(state.status === 200 ? 404 : state.status).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/yaml' }).end(tinySpec);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.yaml`, state, close: () => server.close() };
}


/** Makes the downloaded copies of specs older than the time they are used without asking again. */
function ageDownloads(root: string): void {
  const folder = join(root, '.docsgen', 'cache', 'specs');
  const past = new Date(Date.now() - 10 * 60_000);
  for (const name of readdirSync(folder)) utimesSync(join(folder, name), past, past);
}

const tinySpec = readFileSync(fileURLToPath(new URL('../../openapi-pages/test/fixtures/specs/tiny/openapi.yaml', import.meta.url)), 'utf8');

type Node = { kind: string; title?: string; slug?: string; children?: Node[] };
const outline = (nodes: readonly Node[]): unknown[] =>
  nodes.map((node) => (node.kind === 'page' ? node.slug : node.kind === 'operation' ? `op:${JSON.stringify(node)}` : { [`${node.kind}:${node.title}`]: outline(node.children ?? []) }));

test('a spec of api.openapi that the navigation does not use gets its pages listed at the end, one group per tag', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { groups: [{ group: 'Guides', pages: ['index'] }] }, api: { openapi: 'openapi.yaml' } }),
    'index.mdx': '# Home\n',
    'openapi.yaml': tinySpec,
  });
  const site = await createSite(root);
  assert.equal(outline(site.navigation!.children as Node[]), [
    { 'group:Guides': ['index'] },
    { 'group:Users': ['api-reference/users/list-users', 'api-reference/users/create-a-user', 'api-reference/users/get-user'] },
    { 'group:Endpoints': ['api-reference/endpoints/get-health'] },
  ]);
  // x-hidden: a page, no navigation entry; x-excluded: neither.
  assert.ok(site.pages.has('api-reference/users/delete-a-user'));
  assert.not.ok([...site.pages.keys()].some((slug) => slug.includes('reindex')));
  assert.ok(site.navigablePages.includes('api-reference/users/get-user'));
  const page = site.pages.get('api-reference/users/get-user')!;
  assert.is(page.method, 'GET');
  assert.is(page.relativePath, 'openapi.yaml');
  assert.is(page.api?.kind, 'openapi');
});

test('appended groups list a bound page in its operation\'s place, unless the navigation lists it already', async () => {
  const files = {
    'index.mdx': '# Home\n',
    'create-user.mdx': '---\ntitle: Create users\nopenapi: POST /users\n---\n\nProse.\n',
    'openapi.yaml': tinySpec,
  };
  const listedRoot = writeTempProject({ ...files, 'docs.json': JSON.stringify({ name: 'Demo', navigation: { groups: [{ group: 'Guides', pages: ['index', 'create-user'] }] }, api: { openapi: 'openapi.yaml' } }) });
  const listed = await createSite(listedRoot);
  assert.equal(outline(listed.navigation!.children as Node[]).slice(0, 2), [
    { 'group:Guides': ['index', 'create-user'] },
    { 'group:Users': ['api-reference/users/list-users', 'api-reference/users/get-user'] },
  ]);
  const unlistedRoot = writeTempProject({ ...files, 'docs.json': JSON.stringify({ name: 'Demo', navigation: { groups: [{ group: 'Guides', pages: ['index'] }] }, api: { openapi: 'openapi.yaml' } }) });
  const unlisted = await createSite(unlistedRoot);
  assert.equal(outline(unlisted.navigation!.children as Node[])[1], { 'group:Users': ['api-reference/users/list-users', 'create-user', 'api-reference/users/get-user'] });
});

test('navigation with tabs gets an "API reference" tab; a tab with a spec and no children lists the spec', async () => {
  const withTabs = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { tabs: [{ tab: 'Docs', pages: ['index'] }] }, api: { openapi: 'openapi.yaml' } }),
    'index.mdx': '# Home\n',
    'openapi.yaml': tinySpec,
  });
  const tabs = await createSite(withTabs);
  assert.equal(
    (tabs.navigation!.children as Node[]).map((node) => `${node.kind}:${node.title}`),
    ['tab:Docs', 'tab:API reference'],
  );

  const tabSpec = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { tabs: [{ tab: 'Docs', pages: ['index'] }, { tab: 'API', openapi: 'openapi.yaml' }] } }),
    'index.mdx': '# Home\n',
    'openapi.yaml': tinySpec,
  });
  const site = await createSite(tabSpec);
  assert.equal(outline(site.navigation!.children as Node[])[1], {
    'tab:API': [
      { 'group:Users': ['api-reference/users/list-users', 'api-reference/users/create-a-user', 'api-reference/users/get-user'] },
      { 'group:Endpoints': ['api-reference/endpoints/get-health'] },
    ],
  });
});

test('a group with openapi and no pages is filled with the spec\'s pages, as the hosted platform fills it', async () => {
  // spree/spree and maximhq/bifrost write `{ "group": "Endpoints", "openapi": … }` with no `pages`.
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { groups: [{ group: 'Guides', pages: ['index'] }, { group: 'API', openapi: 'openapi.yaml' }] } }),
    'index.mdx': '# Home\n',
    'openapi.yaml': tinySpec,
  });
  const site = await createSite(root);
  assert.equal(site.messages.filter((message) => message.fatal), []);
  const api = outline(site.navigation!.children as Node[])[1] as Record<string, unknown[]>;
  assert.equal(JSON.stringify(api['group:API']), JSON.stringify([
    { 'group:Users': ['api-reference/users/list-users', 'api-reference/users/create-a-user', 'api-reference/users/get-user'] },
    { 'group:Endpoints': ['api-reference/endpoints/get-health'] },
  ]));
});

test('a spec api.openapi lists and a group names with a directory has its pages in that directory', async () => {
  // spree/spree: `api.openapi` lists every spec, and each group gives its spec a folder; its pages link there.
  for (const apiFirst of [true, false]) {
    const group = { group: 'API', pages: ['index'], openapi: { source: 'openapi.yaml', directory: 'api-reference/store' } };
    const root = writeTempProject({
      'docs.json': JSON.stringify({ name: 'Demo', navigation: { groups: [group] }, ...(apiFirst ? { api: { openapi: ['openapi.yaml'] } } : {}) }),
      'index.mdx': '# Home\n',
      'openapi.yaml': tinySpec,
    });
    const site = await createSite(root);
    const slugs = [...site.pages.keys()].filter((slug) => slug.startsWith('api-reference/'));
    assert.ok(slugs.includes('api-reference/store/users/get-user'), slugs.join(', '));
    assert.not.ok(slugs.some((slug) => !slug.startsWith('api-reference/store/')), slugs.join(', '));
  }
});

test('a spec named with several directories has a set of pages in each, and each group links its own', async () => {
  // Stagehand's docs: one spec, a dropdown per SDK language, each naming it with its own folder.
  const dropdown = (name: string, directory: string) => ({
    dropdown: name,
    groups: [
      { group: 'Endpoints', openapi: { source: 'openapi.yaml', directory }, pages: ['GET /users', 'POST /users'] },
      { group: 'All', openapi: { source: './openapi.yaml', directory: `/${directory}/` } },
    ],
  });
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { dropdowns: [dropdown('Python', 'sdk/python'), dropdown('Java', 'sdk/java')] } }),
    'openapi.yaml': tinySpec,
  });
  const site = await createSite(root);
  assert.equal(site.messages.filter((message) => message.ruleId === 'nav-duplicate-page'), []);
  for (const language of ['python', 'java']) {
    assert.ok(site.pages.has(`sdk/${language}/users/list-users`), [...site.pages.keys()].join(', '));
    assert.ok(site.pages.has(`sdk/${language}/users/create-a-user`));
  }
  const [python, java] = outline(site.navigation!.children as Node[]) as Array<Record<string, Array<Record<string, unknown[]>>>>;
  assert.equal(python!['dropdown:Python']![0]!['group:Endpoints'], ['sdk/python/users/list-users', 'sdk/python/users/create-a-user']);
  assert.equal(java!['dropdown:Java']![0]!['group:Endpoints'], ['sdk/java/users/list-users', 'sdk/java/users/create-a-user']);
  // A group that lists the spec's pages lists its own directory's.
  assert.ok(JSON.stringify(java!['dropdown:Java']![1]).includes('sdk/java/users/list-users'));
  assert.not.ok(JSON.stringify(java!['dropdown:Java']).includes('sdk/python/'));
  // The same spec within one directory, listed twice, is still a duplicate.
  const twice = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { groups: [{ group: 'A', openapi: 'openapi.yaml', pages: ['GET /users', 'GET /users'] }] } }),
    'openapi.yaml': tinySpec,
  });
  assert.equal((await createSite(twice)).messages.filter((message) => message.ruleId === 'nav-duplicate-page').length, 1);
});

test('operation entries link to their pages; a page bound with frontmatter openapi replaces the generated one', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({
      name: 'Demo',
      navigation: { groups: [{ group: 'API', openapi: 'openapi.yaml', pages: ['GET /users', 'create-user', 'POST /users', 'GET /nowhere'] }] },
    }),
    'create-user.mdx': '---\ntitle: Create users\nopenapi: POST /users\n---\n\nHand-written **prose**.\n',
    'openapi.yaml': tinySpec,
  });
  const site = await createSite(root);
  // `POST /users` is bound to create-user, so its entry leads there; an unknown operation stays an operation (check reports it).
  const group = outline(site.navigation!.children as Node[])[0] as Record<string, unknown[]>;
  assert.equal(group['group:API']!.slice(0, 3), ['api-reference/users/list-users', 'create-user', 'create-user']);
  assert.match(String(group['group:API']![3]), /^op:/);
  assert.not.ok(site.pages.has('api-reference/users/create-a-user'), 'the bound operation has no generated page');
  assert.is(site.pages.get('create-user')!.method, 'POST');
  assert.is(site.api.bindings.get('create-user')?.path, '/users');
  // The bound page depends on the spec: the build cache renders it again when the spec changes.
  const document = await site.document('create-user');
  assert.ok(document);
  assert.ok(site.dependencies('create-user').some((dependency) => dependency.file === join(root, 'openapi.yaml')));
  assert.ok(site.dependencies('api-reference/users/list-users').some((dependency) => dependency.file === join(root, 'openapi.yaml')));
});

test('a bound page\'s own <RequestExample> and <ResponseExample> replace the operation\'s, each kind on its own, on the page and in its twin', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index', 'create', 'list'] }, api: { openapi: 'openapi.yaml' } }),
    'index.mdx': '# Home\n',
    'create.mdx': [
      '---',
      'title: Create',
      'openapi: POST /users',
      '---',
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
      '```ts Node.js',
      'await client.users.create()',
      '```',
      '',
      '</RequestExample>',
      '',
    ].join('\n'),
    'list.mdx': ['---', 'title: List', 'openapi: GET /users', '---', '', '<ResponseExample>', '', '```json 200', '{ "own": true }', '```', '', '</ResponseExample>', ''].join('\n'),
    'openapi.yaml': tinySpec,
  });
  const site = await createSite(root);
  const count = (html: string, part: string) => html.split(part).length - 1;
  const side = (html: string) => /<aside class="dg-side-panel">([\s\S]*?)<\/aside><div class="dg-article-body">/.exec(html)?.[1] ?? '';

  const create = (await site.document('create'))!;
  assert.equal(create.messages, []);
  // One request panel, the page's: its three samples as tabs, none generated beside them.
  assert.is(count(create.html, '>Request example</p>'), 1);
  assert.is(count(create.html, 'data-example="request"'), 1);
  assert.not.match(create.html, 'id="dg-api-samples"');
  assert.not.match(create.html, "curl --request POST 'https://api.example.com/v1/users'");
  const createSide = side(create.html);
  assert.equal([...createSide.matchAll(/<label[^>]*\sdata-label="([^"]+)"/g)].map((match) => match[1]).slice(0, 3), ['cURL', 'cURL (with a team)', 'Node.js']);
  assert.match(createSide, 'own.example.com/users?team=core');
  // The response example is still the operation's: the page gives none.
  assert.is(count(create.html, '>Response example</p>'), 1);
  assert.match(createSide, 'id="dg-api-response-examples"');
  // The try-it form still comes, and knows to borrow the page's block.
  assert.match(create.html, /data-dg-playground-data>[^<]*"samples":\[\][^<]*"pageExamples":\["request"\]/);

  const list = (await site.document('list'))!;
  assert.is(count(list.html, '>Response example</p>'), 1);
  assert.not.match(list.html, 'id="dg-api-response-examples"');
  assert.match(side(list.html), '"own"</span>');
  assert.match(side(list.html), 'id="dg-api-samples"', 'the generated request samples stay');

  const createTwin = (await site.markdown('create'))!.markdown;
  assert.match(createTwin, 'await client.users.create()');
  assert.not.match(createTwin, '## Request examples');
  const listTwin = (await site.markdown('list'))!.markdown;
  assert.match(listTwin, '{ "own": true }');
  assert.match(listTwin, '## Request examples');
  assert.not.match(listTwin, /## Responses[\s\S]*\*\*Example\*\*/, 'no generated response example in the twin either');
});

test('a page bound to a spec docs.json does not list has it read, from the root or from the page\'s folder, and nothing else of it', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { groups: [{ group: 'API', pages: ['index', 'api/create-user', 'api/list-users', 'api/missing'] }] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nHi.\n',
    'api/create-user.mdx': '---\ntitle: Create users\nopenapi: "/specs/openapi.yaml POST /users"\n---\n\nProse.\n',
    'api/list-users.mdx': '---\ntitle: List users\nopenapi: ../specs/openapi.yaml get /users\n---\n',
    'api/missing.mdx': '---\ntitle: Missing\nopenapi: ../specs/openapi.yaml GET /nowhere\n---\n',
    'specs/openapi.yaml': tinySpec,
  });
  const site = await createSite(root);
  assert.is(site.api.bindings.get('api/create-user')?.path, '/users');
  assert.is(site.api.bindings.get('api/create-user')?.method, 'POST');
  assert.is(site.api.bindings.get('api/list-users')?.method, 'GET');
  assert.is(site.pages.get('api/list-users')!.method, 'GET');
  assert.match((await site.document('api/list-users'))!.html, 'dg-api-endpoint');
  // The spec's other operations get no pages, and the navigation is docs.json's.
  assert.not.ok([...site.pages.keys()].some((slug) => slug.startsWith('api-reference/')));
  assert.equal(outline(site.navigation!.children as Node[]), [{ 'group:API': ['index', 'api/create-user', 'api/list-users', 'api/missing'] }]);
  // A binding no operation answers is said in build and dev too, and the page is shown as it is.
  const missing = site.messages.filter((message) => message.ruleId === 'openapi-operation-missing');
  assert.equal(missing.map((message) => [message.file, message.fatal]), [[join(root, 'api/missing.mdx'), false]]);
  assert.equal([missing[0]!.line, missing[0]!.column], [3, 10], 'placed on the frontmatter value');
  assert.match(missing[0]!.note ?? '', 'shown without its API reference');
  assert.ok((await site.document('api/missing'))?.html);
  // Saving the spec reloads the site.
  assert.ok(site.apiFiles.includes(join(root, 'specs/openapi.yaml')));
});

test('a page bound by spec stem renders its operation; one that matches nothing shows a notice in dev only', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index', 'list', 'missing'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nHi.\n',
    'list.mdx': '---\ntitle: List users\nopenapi: tiny-api get /users\n---\n',
    'missing.mdx': '---\ntitle: Missing\nopenapi: "tiny-api GET /nowhere"\n---\n\nProse.\n',
    'api-specs/tiny-api.yml': tinySpec,
  });
  const dev = await createSite(root, { mode: 'dev' });
  assert.is(dev.api.bindings.get('list')?.method, 'GET');
  assert.match((await dev.document('list'))!.html, 'dg-api-endpoint');
  const notice = (await dev.document('missing'))!.html;
  assert.match(notice, /data-dg-dev-notice[^]*<code>openapi: tiny-api GET \/nowhere<\/code> matches no operation/);
  assert.match(notice, 'Prose.');
  const built = await createSite(root, { mode: 'build' });
  assert.not.match((await built.document('missing'))!.html, 'data-dg-dev-notice');
});

test('generated pages render as documents with the API styles and try-it script, and as Markdown twins', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] }, api: { openapi: 'openapi.yaml', baseUrl: ['https://api.example.com', 'https://staging.example.com:8443/v2'] } }),
    'index.mdx': '# Home\n',
    'openapi.yaml': tinySpec,
  });
  const site = await createSite(root);
  const document = await site.document('api-reference/users/get-user');
  assert.ok(document);
  assert.equal(document.messages, []);
  assert.match(document.html, /data-dg-api/);
  assert.match(document.html, /href="\/_docsgen\/api\.css"/);
  assert.match(document.html, /src="\/_docsgen\/api-playground\.js"/);
  // The sidebar shows the method beside the label.
  assert.match(document.html, /<span data-method="get" class="dg-method">GET<\/span><span class="dg-nav-label">getUser<\/span>/);
  // Generated groups are told apart (the sidebar keys groups by their place).
  const groups = [...document.html.matchAll(/data-dg-group="([^"]+)"/g)].map((match) => match[1]);
  assert.is(new Set(groups).size, groups.length);
  const home = await site.document('index');
  assert.not.match(home!.html, /api-playground\.js/, 'pages without an operation load no API script');
  const twin = await site.markdown('api-reference/users/get-user');
  assert.match(twin!.markdown, /^# getUser/);
  assert.match(twin!.markdown, /\/users\/\{id\}/);
  // Origins the proxy may reach: api.baseUrl and the spec's servers, exact scheme, host and port.
  assert.ok(site.apiOrigins.includes('https://api.example.com'));
  assert.ok(site.apiOrigins.includes('https://staging.example.com:8443'));
  assert.ok(site.apiOrigins.includes('https://eu.example.com'), 'a server template with its default variables');
});

test('Markdown twins of API pages are written from the model: fields, samples, examples, and no HTML from the spec', async () => {
  const hostile = [
    'openapi: 3.1.0',
    'info: { title: Hostile, version: "1" }',
    'servers: [{ url: "https://api.example.com" }]',
    'paths:',
    '  /things/{id}:',
    '    post:',
    '      summary: Make a thing',
    '      description: "Makes a thing. <script>alert(1)</script> See [docs](javascript:alert(1)) and [the guide](https://example.com/guide)."',
    '      parameters:',
    '        - { name: id, in: path, required: true, schema: { type: string, format: uuid } }',
    '      requestBody:',
    '        required: true',
    '        content:',
    '          application/json:',
    '            schema:',
    '              type: object',
    '              required: [name]',
    '              properties:',
    '                name: { type: string, description: "The <b>name</b>." }',
    '                kind: { type: string, enum: [a, b], default: a }',
    '                owner:',
    '                  type: object',
    '                  properties: { login: { type: string } }',
    '      responses:',
    '        "201": { description: Created, content: { application/json: { example: { id: "x" } } } }',
  ].join('\n');
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] }, api: { openapi: 'openapi.yaml' } }),
    'index.mdx': '# Home\n',
    'openapi.yaml': hostile,
  });
  const site = await createSite(root);
  const twin = (await site.markdown('api-reference/endpoints/make-a-thing'))!.markdown;
  assert.match(twin, /^# Make a thing\n/);
  assert.match(twin, '`POST https://api.example.com/things/{id}`');
  assert.match(twin, '- `id` (string\\<uuid\\>, required)');
  assert.match(twin, '- `name` (string, required): The name.', 'raw HTML dropped, its text kept');
  assert.match(twin, 'Allowed values: `"a"`, `"b"`. Default: `"a"`.');
  assert.match(twin, '  - `login` (string)', 'nested fields are nested');
  assert.match(twin, /## Responses\n\n### 201/);
  assert.match(twin, '```json\n{\n  "id": "x"\n}\n```');
  assert.match(twin, '**cURL**\n\n```bash\ncurl');
  assert.match(twin, '[the guide](https://example.com/guide)');
  assert.not.match(twin, /<script|<b>|javascript:/i);
});

test('a component naming a spec docs.json does not name has it read on demand', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] } }),
    'index.mdx': '# Home\n',
    'specs/tiny.yaml': tinySpec,
  });
  const site = await createSite(root);
  assert.is(site.api.findOperation('specs/tiny.yaml', 'get', '/users'), 'loading');
  await site.api.pending();
  const found = site.api.findOperation('specs/tiny.yaml', 'get', '/users');
  assert.ok(found && found !== 'loading');
  assert.is(found.title, 'List users');
  assert.is(site.api.pending(), undefined, 'nothing left to wait for');
  // Outside the project, missing and remote specs are never read.
  for (const spec of ['../outside.yaml', 'missing.yaml', 'https://example.com/openapi.json']) {
    const first = site.api.findOperation(spec, 'get', '/users');
    if (first === 'loading') await site.api.pending();
    assert.is(site.api.findOperation(spec, 'get', '/users'), undefined, spec);
  }
});

test('a component naming a spec by URL has it downloaded into the cache once, and uses that copy when the server is gone', async () => {
  const server = await serveSpec();
  const { url, state } = server;
  try {
    const root = writeTempProject({ 'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] } }), 'index.mdx': '# Home\n' });
    const site = await createSite(root);
    assert.is(site.api.findOperation(url, 'get', '/users'), 'loading');
    await site.api.pending();
    const found = site.api.findOperation(url, 'GET', '/users');
    assert.ok(found && found !== 'loading');
    assert.is(found.title, 'List users');
    assert.ok(existsSync(join(root, found.spec)), 'read from the downloaded copy');
    assert.match(found.spec, /^\.docsgen\/cache\/specs\//);
    site.api.findOperation(url, 'get', '/users/{id}');
    assert.is(state.requests, 1, 'downloaded once per site');
    assert.ok(site.dependencies('index').length >= 0);

    // A site made right after (a build's worker) uses the copy without asking the server.
    const soon = await createSite(root);
    soon.api.findOperation(url, 'get', '/users');
    await soon.api.pending();
    assert.is(state.requests, 1, 'a fresh copy is used as it is');

    // A later site (a rebuild) cannot reach the server: the earlier copy is used, with a warning.
    ageDownloads(root);
    state.status = 503;
    const offline = await createSite(root);
    offline.api.findOperation(url, 'get', '/users');
    await offline.api.pending();
    const again = offline.api.findOperation(url, 'get', '/users');
    assert.ok(again && again !== 'loading');
    assert.ok(offline.api.messages.some((message) => message.ruleId === 'spec-download-failed' && /503/.test(message.reason) && !message.fatal));

    // Never downloaded and unreachable: no operation, a warning naming the URL.
    const fresh = writeTempProject({ 'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] } }), 'index.mdx': '# Home\n' });
    const missing = await createSite(fresh);
    missing.api.findOperation(url, 'get', '/users');
    await missing.api.pending();
    assert.is(missing.api.findOperation(url, 'get', '/users'), undefined);
    assert.ok(missing.api.messages.some((message) => message.ruleId === 'spec-download-failed' && message.reason.includes(url)));
    // Other schemes and URLs with credentials are never fetched.
    for (const other of ['file:///etc/passwd', 'ftp://example.com/spec.yaml', `http://user:secret@127.0.0.1:1/openapi.yaml`]) {
      const first = missing.api.findOperation(other, 'get', '/users');
      if (first === 'loading') await missing.api.pending();
      assert.is(missing.api.findOperation(other, 'get', '/users'), undefined, other);
    }
  } finally {
    server.close();
  }
});

test('a spec docs.json names by URL is downloaded: its pages, navigation and frontmatter bindings work, offline from the earlier copy', async () => {
  const server = await serveSpec();
  const { url, state } = server;
  const files = {
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { tabs: [{ tab: 'Docs', pages: ['index', 'create-user'] }, { tab: 'API', openapi: url, pages: ['GET /users'] }] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nHi.\n',
    'create-user.mdx': '---\nopenapi: POST /users\n---\n',
  };
  try {
    const root = writeTempProject(files);
    const site = await createSite(root);
    assert.equal(site.api.messages, []);
    assert.is(site.api.bindings.get('create-user')?.method, 'POST');
    assert.is(site.pages.get('create-user')?.title, 'Create a user');
    const generated = [...site.pages.values()].filter((page) => page.api !== undefined).map((page) => page.slug);
    assert.ok(generated.length > 0, 'the spec has pages');
    assert.match((await site.document(generated[0]!))!.html, 'dg-api-endpoint');
    const list = [...site.pages.values()].find((page) => page.api !== undefined && page.title === 'List users');
    assert.ok(list && JSON.stringify(site.navigation).includes(`"${list.slug}"`), 'the navigation entry `GET /users` is its page');

    // Later, offline: the copy from the earlier download, with a warning.
    ageDownloads(root);
    state.status = 503;
    const offline = await createSite(root);
    assert.is(offline.api.bindings.get('create-user')?.method, 'POST');
    assert.ok(offline.api.messages.some((message) => message.ruleId === 'spec-download-failed' && /503/.test(message.reason) && !message.fatal));

    // Never downloaded: a warning naming the URL, the pages without their operation, no crash.
    const fresh = await createSite(writeTempProject(files));
    assert.is(fresh.api.bindings.size, 0);
    assert.ok(fresh.api.messages.some((message) => message.ruleId === 'spec-download-failed' && message.reason.includes(url)));
    assert.ok((await fresh.document('create-user'))?.html);
  } finally {
    server.close();
  }
});

test('<OpenApiEndpoint> in a page draws the operation, loads the API assets, and adds its sections to the table of contents', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] } }),
    'index.mdx': '# Home\n\n## Before\n\n<OpenApiEndpoint spec="specs/tiny.yaml" method="GET" path="/users/{id}" />\n\n## After\n',
    'specs/tiny.yaml': tinySpec,
  });
  const site = await createSite(root);
  const rendered = await site.render('index');
  assert.ok(rendered);
  assert.equal(rendered.messages, []);
  const ids = rendered.toc.map((entry) => entry.id);
  const before = ids.indexOf('before');
  const after = ids.indexOf('after');
  const endpoint = ids.filter((id) => id !== 'before' && id !== 'after');
  assert.ok(endpoint.length >= 2, JSON.stringify(rendered.toc));
  assert.ok(endpoint.every((id) => ids.indexOf(id) > before && ids.indexOf(id) < after), 'in document order');
  const document = await site.document('index');
  assert.match(document!.html, /src="\/_docsgen\/api-playground\.js"/);
  assert.ok(site.dependencies('index').some((dependency) => dependency.file === join(root, 'specs/tiny.yaml')), 'the page depends on the spec');
});

test('the same operation twice on one page gets ids of its own the second time, and again on the next render', async () => {
  const endpoint = '<OpenApiEndpoint spec="specs/tiny.yaml" method="GET" path="/users/{id}" />';
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] } }),
    'index.mdx': `# Home\n\n${endpoint}\n\n## Again\n\n${endpoint}\n`,
    'specs/tiny.yaml': tinySpec,
  });
  const site = await createSite(root);
  for (let render = 0; render < 2; render += 1) {
    const { html } = (await site.render('index'))!;
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(ids.length > 10, `${ids.length} ids`);
    assert.equal(ids.filter((id, index) => ids.indexOf(id) !== index), [], 'no id twice');
    assert.ok(ids.some((id) => id.startsWith('get-users-id-2-')), 'the second copy is numbered');
    site.release('index');
  }
});

test('api.examples picks and orders the generated code samples; autogenerate false keeps only the spec\'s own', async () => {
  const spec = readFileSync(fileURLToPath(new URL('../../openapi-pages/test/fixtures/specs/openapi31/openapi.yaml', import.meta.url)), 'utf8');
  for (const mode of ['dev', 'build'] as const) {
    const samplesOf = async (examples: Record<string, unknown>) => {
      const root = writeTempProject({
        'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] }, api: { openapi: 'openapi.yaml', examples } }),
        'index.mdx': '# Home\n',
        'openapi.yaml': spec,
      });
      const site = await createSite(root, { mode });
      const found = site.api.findOperation(undefined, 'GET', '/orders/{orderId}');
      assert.ok(found && found !== 'loading');
      return found.codeSamples.map((sample) => sample.label);
    };
    assert.equal(await samplesOf({}), ['Ruby SDK', 'cURL', 'JavaScript', 'Python', 'Go'], mode);
    assert.equal(await samplesOf({ languages: ['python', 'curl', 'cobol'] }), ['Ruby SDK', 'Python', 'cURL'], mode);
    assert.equal(await samplesOf({ autogenerate: false }), ['Ruby SDK'], mode);
  }
});

test('a dev site builds an operation page\'s reference when it is first read; a build has them all at once', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] }, api: { openapi: 'openapi.yaml' } }),
    'index.mdx': '# Home\n',
    'openapi.yaml': tinySpec,
  });
  const isBuilt = (model: object) => Object.getOwnPropertyDescriptor(model, 'parameters')?.get === undefined;
  const dev = await createSite(root, { mode: 'dev' });
  const models = ['/users', '/users/{id}'].map((path) => dev.api.findOperation(undefined, 'GET', path));
  assert.ok(models.every((model) => model && model !== 'loading' && !isBuilt(model)), 'no reference built at load');
  const [list, user] = models as Exclude<(typeof models)[number], 'loading' | undefined>[];
  const page = await dev.render(user!.slug);
  assert.ok(isBuilt(user!), 'rendering the page built its reference');
  assert.not.ok(isBuilt(list!), 'and only its own');
  assert.match(page?.html ?? '', user!.parameters.path[0]!.name);
  const built = await createSite(root, { mode: 'build' });
  const model = built.api.findOperation(undefined, 'GET', '/users');
  assert.ok(model && model !== 'loading' && isBuilt(model));
});

test('api.params, api.playground.credentials and api.examples (defaults, prefill) reach the generated pages', async () => {
  const spec = JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'People', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/people': {
        post: {
          parameters: [
            { name: 'dryRun', in: 'query', schema: { type: 'boolean' } },
            { name: 'team', in: 'query', required: true, schema: { type: 'string' }, example: 'core', 'x-added-in': '2.1', 'x-owner': ['ada', 'lin'], 'x-internal-note': 'hidden' },
          ],
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, address: { type: 'object', properties: { city: { type: 'string' } } } } },
              },
            },
          },
          responses: { '201': { description: 'Created' } },
        },
      },
    },
  });
  const render = async (api: Record<string, unknown>) => {
    const root = writeTempProject({
      'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] }, api: { openapi: 'openapi.json', ...api } }),
      'index.mdx': '# Home\n',
      'openapi.json': spec,
    });
    const site = await createSite(root);
    const slug = [...site.pages.values()].find((page) => page.api)!.slug;
    const operation = site.api.findOperation(undefined, 'POST', '/people');
    assert.ok(operation && operation !== 'loading');
    const curl = operation.codeSamples.find((sample) => sample.label === 'cURL')!.source;
    return { html: (await site.render(slug))!.html, curl, markdown: (await site.markdown(slug))!.markdown };
  };
  const isOpen = /<details[^>]* open[ >][^>]*dg-api-children|<details[^>]*dg-api-children[^>]* open[ >]/;
  const plain = await render({});
  // Nested fields open on demand from the spec's schema file.
  assert.match(plain.html, /<details hidden data-dg-schema="[0-9a-z]+" data-dg-schema-file="api-schemas-[0-9a-f]{16}\.json" [^>]*class="dg-expandable dg-api-children"/);
  assert.not.match(plain.html, isOpen);
  assert.match(plain.html, /name="query\.team" type="text" value placeholder="core" required/);
  assert.match(plain.html, '"credentials":false');
  assert.match(plain.curl, '?dryRun=true&team=core', 'optional parameters are in the samples by default');
  assert.match(plain.curl, '"address"');
  assert.not.match(plain.html, 'data-badge="extension"');
  const set = await render({ params: { expanded: 'all', post: ['x-owner', 'x-added-in', 'x-missing'] }, playground: { credentials: true, proxy: false }, examples: { prefill: true, defaults: 'required' } });
  // In the order docs.json lists them; attribute order is the renderer's.
  assert.equal([...set.html.matchAll(/<span [^>]*data-key="(x-[a-z-]+)"[^>]*>([^<]*)<\/span>/g)].map((match) => `${match[1]}=${match[2]}`), ['x-owner=ada, lin', 'x-added-in=2.1']);
  assert.not.match(set.html, 'hidden</span>', 'keys not listed stay out');
  assert.match(set.markdown, 'x-owner: ada, lin, x-added-in: 2.1');
  assert.match(set.html, isOpen);
  assert.match(set.html, /name="query\.team" type="text" value="core" required/);
  assert.match(set.html, '"credentials":true');
  assert.match(set.curl, '?team=core', 'only required parameters in the samples');
  assert.not.match(set.curl, 'dryRun');
  assert.not.match(set.curl, 'address', 'nor optional body properties');
});

test('a spec\'s schema file is named by its place in the project and its bytes, not by the folder the project is in', async () => {
  const project = (spec: string) => ({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] }, api: { openapi: 'specs/openapi.yaml' } }),
    'index.mdx': '# Home\n',
    'specs/openapi.yaml': spec,
  });
  const schemaFileOf = async (root: string) => {
    const names = (await createSite(root)).api.schemaFiles().map((file) => file.name);
    assert.equal(names.length, 1);
    return names[0]!;
  };
  const here = await schemaFileOf(writeTempProject(project(tinySpec), 'docsgen-checkout-a-'));
  assert.match(here, /^api-schemas-[0-9a-f]{16}\.json$/);
  // The same commit in another checkout (a CI runner) links the same file.
  assert.is(await schemaFileOf(writeTempProject(project(tinySpec), 'docsgen-checkout-b-')), here);
  // Another version of the spec gets a new name, so a cached copy of the old one is not used.
  assert.is.not(await schemaFileOf(writeTempProject(project(`${tinySpec}\n# edited\n`), 'docsgen-checkout-c-')), here);
});

test('x-mint on an operation: metadata overrides the page texts, content comes before the reference (sanitised), href sets the path', async () => {
  const spec = [
    'openapi: 3.0.3',
    'info: { title: T, version: "1" }',
    'paths:',
    '  /pets:',
    '    get:',
    '      summary: List pets',
    '      x-mint:',
    '        metadata: { title: All the pets, sidebarTitle: Pets, description: Every pet we know. }',
    '        content: "## Before you start\\n\\nRead **this**. <script>alert(1)</script>"',
    '        href: /pets/list',
    '      responses: { "200": { description: OK } }',
    '    post:',
    '      summary: Add a pet',
    '      x-mint: { href: ../../outside }',
    '      responses: { "201": { description: Created } }',
  ].join('\n');
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] }, api: { openapi: 'openapi.yaml' } }),
    'index.mdx': '# Home\n',
    'openapi.yaml': spec,
  });
  const site = await createSite(root);
  const page = site.pages.get('pets/list');
  assert.ok(page, JSON.stringify([...site.pages.keys()]));
  assert.is(page.title, 'All the pets');
  assert.is(page.sidebarTitle, 'Pets');
  assert.is(page.description, 'Every pet we know.');
  assert.ok(site.pages.has('api-reference/endpoints/add-a-pet'), 'an href leaving the site is ignored');
  const document = (await site.document('pets/list'))!.html;
  assert.match(document, /<h2[^>]*>Before you start/);
  assert.match(document, '<strong>this</strong>');
  assert.not.match(document, '<script>alert(1)');
  const twin = (await site.markdown('pets/list'))!.markdown;
  assert.match(twin, /^# All the pets\n\nEvery pet we know\./);
  assert.match(twin, 'Read **this**.');
  assert.not.match(twin, /<script/);
});

test('frontmatter playground sets the try-it mode of a page\'s operations', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index', 'bound', 'plain'] }, api: { openapi: 'openapi.yaml' } }),
    'index.mdx': '---\ntitle: Home\nplayground: simple\n---\n\n<OpenApiEndpoint method="get" path="/users" />\n',
    'bound.mdx': '---\ntitle: Create\nopenapi: POST /users\nplayground: none\n---\n\nProse.\n',
    'plain.mdx': '---\ntitle: Plain\n---\n\n<OpenApiEndpoint method="get" path="/users" />\n',
    'openapi.yaml': tinySpec,
  });
  const site = await createSite(root);
  const html = async (slug: string) => (await site.render(slug))!.html;
  assert.not.match(await html('index'), 'data-dg-playground', 'simple: no form');
  assert.match(await html('index'), 'class="dg-api-copy"', 'simple: a copyable endpoint');
  assert.match((await site.document('index'))!.html, 'curl', 'simple: the request, in the side column');
  assert.not.match(await html('bound'), 'dg-playground', 'none: nothing');
  assert.match(await html('plain'), 'data-dg-playground', 'docs.json default: the form');
});

test('an AsyncAPI spec gets a page per channel operation with its servers, parameters and message fields', async () => {
  const spec = readFileSync(fileURLToPath(new URL('../../openapi-pages/test/fixtures/specs/asyncapi30/asyncapi.yaml', import.meta.url)), 'utf8');
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] }, api: { asyncapi: 'asyncapi.yaml' } }),
    'index.mdx': '# Home\n',
    'asyncapi.yaml': spec,
  });
  const site = await createSite(root);
  const page = [...site.pages.values()].find((candidate) => candidate.api?.kind === 'asyncapi' && candidate.title === 'Send a chat message');
  assert.ok(page, JSON.stringify([...site.pages.keys()]));
  assert.is(page.method, 'send');
  const rendered = (await site.render(page.slug))!;
  assert.equal(rendered.toc.map((entry) => entry.text), ['Servers', 'Parameters', 'Message']);
  assert.match(rendered.html, '<code class="dg-api-path">rooms/{roomId}</code>');
  assert.match(rendered.html, 'chat.example.com');
  for (const field of ['roomId', 'text', 'sentBy']) assert.match(rendered.html, `>${field}</code>`);
  const twin = (await site.markdown(page.slug))!.markdown;
  assert.match(twin, '`SEND rooms/{roomId}`');
  assert.match(twin, '- `text` (string, required)');
});

test('a spec that cannot be read is a warning; the rest of the site still renders', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] }, api: { openapi: 'openapi.yaml' } }),
    'index.mdx': '# Home\n',
    'openapi.yaml': 'openapi: 3.0.3\ninfo: [unclosed\n',
  });
  const site = await createSite(root);
  const problems = site.messages.filter((message) => message.file?.endsWith('openapi.yaml'));
  assert.ok(problems.length > 0);
  assert.ok(problems.every((message) => !message.fatal));
  assert.ok(problems.some((message) => message.line !== undefined), 'with a position');
  const home = await site.document('index');
  assert.match(home!.html, /<h1[^>]*>Home/);
  assert.not.ok([...site.pages.values()].some((page) => page.api));
});

test('a project without specs loads no spec tooling and has no API pages', async () => {
  const root = writeTempProject({ 'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] } }), 'index.mdx': '# Home\n' });
  const site = await createSite(root);
  assert.equal(site.apiOrigins, []);
  assert.equal(site.apiFiles, []);
  assert.is(site.api.pages.size, 0);
});

test('a changed spec changes what the generated pages depend on', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] }, api: { openapi: 'openapi.yaml' } }),
    'index.mdx': '# Home\n',
    'openapi.yaml': tinySpec,
  });
  const site = await createSite(root);
  const before = site.dependencies('api-reference/users/get-user');
  writeFileSync(join(root, 'openapi.yaml'), tinySpec.replace('List users', 'List all users'));
  const after = site.dependencies('api-reference/users/get-user');
  assert.is(before.length, 1);
  assert.is.not(before[0]!.hash, after[0]!.hash);
  assert.equal(site.apiFiles, [join(root, 'openapi.yaml')]);
});

test('the build writes every generated page, its twin, and the API assets; a rebuild after a spec edit renders the API pages again', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { pages: ['index'] }, api: { openapi: 'openapi.yaml' } }),
    'index.mdx': '# Home\n',
    'openapi.yaml': tinySpec,
  });
  const first = await buildSite(root, { workers: 0 });
  assert.ok(first.ok, JSON.stringify(first.messages));
  const out = first.outDir;
  for (const slug of ['api-reference/users/list-users', 'api-reference/users/get-user', 'api-reference/users/delete-a-user', 'api-reference/endpoints/get-health']) {
    assert.ok(existsSync(join(out, `${slug}.html`)), slug);
    assert.ok(existsSync(join(out, `${slug}.md`)), `${slug}.md`);
  }
  assert.ok(existsSync(join(out, '_docsgen/api.css')));
  assert.ok(existsSync(join(out, '_docsgen/api-playground.js')));
  assert.not.ok(existsSync(join(out, '_docsgen/api-viewers.js')), 'no page uses a viewer');
  // x-hidden pages are published but not listed, so not in the sitemap-worthy navigable set.
  assert.match(readFileSync(join(out, 'api-reference/users/list-users.html'), 'utf8'), /data-dg-api/);

  writeFileSync(join(root, 'openapi.yaml'), tinySpec.replace('summary: List users', 'summary: List every user'));
  const second = await buildSite(root, { workers: 0 });
  assert.ok(second.ok);
  assert.ok(existsSync(join(out, 'api-reference/users/list-every-user.html')), 'the renamed operation has its new page');
  assert.match(readFileSync(join(out, 'api-reference/users/get-user.html'), 'utf8'), /List every user/, 'other API pages show the new sidebar label');
  assert.match(readFileSync(join(out, 'index.html'), 'utf8'), /List every user/, 'hand-written pages show it too');
});

test('a bound page without a title of its own takes the operation\'s, in its head and the sidebar', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { groups: [{ group: 'API', pages: ['index', 'api/create', 'api/list', 'api/short', 'api/headed'] }] }, api: { openapi: 'openapi.yaml' } }),
    'index.mdx': '---\ntitle: Home\n---\n\nHi.\n',
    'api/create.mdx': '---\nopenapi: POST /users\n---\n',
    'api/list.mdx': '---\ntitle: All users\nopenapi: GET /users\n---\n',
    'api/short.mdx': '---\nopenapi: DELETE /users/{id}\nsidebarTitle: Delete\n---\n',
    'api/headed.mdx': '---\nopenapi: POST /reindex\n---\n\n# Rebuild the index\n',
    'openapi.yaml': tinySpec,
  });
  const site = await createSite(root);
  assert.equal(['api/create', 'api/list', 'api/short', 'api/headed'].map((slug) => [site.pages.get(slug)!.title, site.pages.get(slug)!.sidebarTitle]), [
    ['Create a user', 'Create a user'],
    ['All users', 'All users'],
    ['Delete a user', 'Delete'],
    ['Rebuild the index', 'Rebuild the index'],
  ]);
  const html = (await site.document('index'))!.html;
  assert.match(html, '<title>Home - Demo</title>');
  assert.match((await site.document('api/create'))!.html, '<title>Create a user - Demo</title>');
  assert.match(html, 'Create a user</span>');
});

test.run();
