import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const test = suite('site: hand-written API pages (frontmatter api)');

const userPage = [
  '---',
  'title: Update user',
  'api: "patch /v1/users/:userId"',
  '---',
  '',
  'Changes a user.',
  '',
  '<ParamField path="userId" type="string" required placeholder="usr_123">',
  '  The user.',
  '</ParamField>',
  '',
  '<ParamField query="notify" type="boolean" default={true}>',
  '  Send an email.',
  '',
  '  <Expandable title="nested">',
  '    <ParamField body="inner" type="string">Not a parameter of its own.</ParamField>',
  '  </Expandable>',
  '</ParamField>',
  '',
  '<ParamField body="email" type="string" required>',
  '  New address.',
  '</ParamField>',
  '',
  '<ResponseField name="id" type="string">The id.</ResponseField>',
  '',
  '<ResponseExample>',
  '```json 200',
  '{ "id": "usr_123" }',
  '```',
  '</ResponseExample>',
  '',
].join('\n');

const project = (api: Record<string, unknown>, pages: Record<string, string>) =>
  writeTempProject({
    'docs.json': JSON.stringify({ name: 'Demo', navigation: { groups: [{ group: 'API', pages: Object.keys(pages).map((file) => file.replace(/\.mdx$/, '')) }] }, api }),
    ...pages,
  });

/** The JSON the try-it form reads. */
const playgroundData = (html: string): Record<string, any> => JSON.parse(/<script type="application\/json" data-dg-playground-data>([^]*?)<\/script>/.exec(html)![1]!.replace(/\\u003c/g, '<'));

test('should render the endpoint bar, the page prose and a try-it form made of its ParamFields', async () => {
  const root = project({ mdx: { server: ['https://api.example.com', 'https://other.example.com'], auth: { method: 'key', name: 'x-api-key' } } }, { 'users.mdx': userPage });
  const site = await createSite(root);
  assert.equal(site.messages.filter((message) => message.ruleId?.startsWith('api-page')), []);
  assert.is(site.pages.get('users')?.method, 'PATCH');
  const { html, sideBlocks } = (await site.render('users'))!;
  assert.match(html, /<span data-method="patch" class="dg-api-method">PATCH<\/span>/);
  // One base URL: the bar shows the path, as on the platform (`api.url: "full"` shows it); the twin has the whole URL.
  assert.match(html, /<code class="dg-api-path">\/v1\/users\/<span class="dg-api-path-param">\{userId\}<\/span>/);
  assert.match((await site.markdown('users'))!.markdown, 'PATCH https://api.example.com/v1/users/{userId}');
  assert.match(html, /data-dg-tryit=/);
  assert.match(html, /Changes a user\./);
  // The page's own fields document the parameters: no generated sections besides them.
  assert.not.match(html, /id="parameters"|id="request-body"|id="responses"|id="authorization"/);
  const data = playgroundData(html);
  assert.is(data.method, 'PATCH');
  assert.is(data.path, '/v1/users/{userId}');
  assert.equal(data.parameters, [
    { name: 'userId', in: 'path', isRequired: true, isArray: false },
    { name: 'notify', in: 'query', isRequired: false, isArray: false },
  ]);
  assert.equal(data.body, [{ mediaType: 'application/json', kind: 'json', fields: [] }]);
  // The body editor's example: the outermost body fields only (`inner` documents a nested field).
  const editor = /<textarea[^>]*placeholder="([^"]*)"/.exec(html)?.[1]?.replace(/&quot;/g, '"');
  assert.equal(JSON.parse(editor ?? 'null'), { email: 'string' });
  assert.equal(data.auth, { method: 'key', name: 'x-api-key' });
  // The first `api.mdx.server` only.
  assert.equal(data.environments.map((environment: { url: string }) => environment.url), ['https://api.example.com']);
  assert.equal(data.origins, ['https://api.example.com']);
  // The generated request sample, then the page's own response example.
  assert.is(sideBlocks.length, 2);
  assert.match(sideBlocks[0]!, /class="dg-api-samples"[^]*PATCH/);
  assert.match(sideBlocks[1]!, /usr_123/);
  assert.ok(site.api.origins.includes('https://api.example.com'));
});

test('should start the Markdown twin with the endpoint line', async () => {
  const root = project({ baseUrl: 'https://api.example.com/' }, { 'users.mdx': userPage });
  const site = await createSite(root);
  const twin = (await site.markdown('users'))!.markdown;
  assert.ok(twin.startsWith('# Update user\n\n`PATCH https://api.example.com/v1/users/{userId}`\n\nChanges a user.'), twin);
});

test('should prefer api.baseUrl, then page authMethod over api.mdx.auth over api.auth', async () => {
  const page = (extra: string) => `---\ntitle: T\napi: GET /things\n${extra}---\n\n<ParamField header="X-Trace" type="string" />\n`;
  const root = project(
    { baseUrl: ['https://one.example.com', 'https://two.example.com'], auth: { method: 'bearer' }, mdx: { server: 'https://mdx.example.com', auth: { method: 'basic' } } },
    { 'a.mdx': page(''), 'b.mdx': page('authMethod: none\n'), 'c.mdx': page('authMethod: cobo\n') },
  );
  const site = await createSite(root);
  const dataOf = async (slug: string) => playgroundData((await site.render(slug))!.html);
  const a = await dataOf('a');
  assert.equal(a.environments.map((environment: { url: string }) => environment.url), ['https://one.example.com', 'https://two.example.com']);
  assert.is(a.auth.method, 'basic');
  assert.is((await dataOf('b')).auth.method, 'none');
  assert.is((await dataOf('c')).auth.method, 'key');
});

test('should warn at the value of a malformed api or authMethod, and show the page as prose', async () => {
  const root = project({ mdx: { server: 'https://api.example.com' } }, {
    'bad.mdx': '---\ntitle: Bad\napi:   "GET javascript:alert(1)"\n---\n\nProse.\n',
    'auth.mdx': '---\ntitle: Auth\napi: POST /x\nauthMethod: "GET"\n---\n\nProse.\n',
  });
  const site = await createSite(root);
  const messages = site.messages.filter((message) => message.ruleId?.startsWith('api-page')).sort((a, b) => b.ruleId!.localeCompare(a.ruleId!));
  assert.equal(
    messages.map((message) => [message.ruleId, message.file?.slice(root.length + 1), message.line, message.column, message.fatal]),
    [
      ['api-page-invalid', 'bad.mdx', 3, 8, false],
      ['api-page-auth-invalid', 'auth.mdx', 4, 13, false],
    ],
  );
  assert.is(messages[0]!.reason, 'Unexpected `javascript:alert(1)` in frontmatter `api`, expected a full http(s) URL or a path starting with `/`');
  const { html } = (await site.render('bad'))!;
  assert.not.match(html, /dg-api-endpoint|javascript:/);
  assert.match(html, /Prose\./);
  assert.is(site.pages.get('bad')?.method, undefined);
  // An unknown authMethod is ignored: docs.json's (none here) applies.
  assert.is(playgroundData((await site.render('auth'))!.html).auth.method, 'none');
});

test('should warn once for a path with no base URL, and show the path without Try it', async () => {
  const root = project({}, { 'a.mdx': '---\ntitle: A\napi: DELETE /things/{id}\nhideApiMarker: true\n---\n\nGone.\n' });
  const site = await createSite(root);
  const messages = site.messages.filter((message) => message.ruleId === 'api-page-base-missing');
  assert.equal(messages.map((message) => [message.line, message.column]), [[3, 6]]);
  const { html } = (await site.render('a'))!;
  assert.match(html, /<code class="dg-api-path">\/things\/<span class="dg-api-path-param">\{id\}<\/span><\/code>/);
  assert.not.match(html, /data-dg-tryit|data-dg-playground-data/);
  // `hideApiMarker`: no method beside the navigation entry.
  assert.is(site.pages.get('a')?.method, undefined);
});

test('should follow the playground display modes', async () => {
  const page = (mode: string) => `---\ntitle: T\napi: GET https://api.example.com/x\nplayground: ${mode}\n---\n\nText.\n`;
  const root = project({}, { 'none.mdx': page('none'), 'simple.mdx': page('simple') });
  const site = await createSite(root);
  const none = (await site.render('none'))!.html;
  assert.match(none, /dg-api-endpoint/);
  assert.not.match(none, /data-dg-tryit|data-dg-playground-data/);
  const simple = (await site.render('simple'))!.html;
  // A copyable endpoint; the generated request is in the side column, so not repeated in the page.
  assert.match(simple, /<button type="button" data-copy="https:\/\/api\.example\.com\/x" class="dg-api-copy">/);
  assert.not.match(simple, /dg-playground-simple/);
  assert.not.match(simple, /data-dg-tryit/);
});

test('should leave a page without api as it is, ParamFields and all', async () => {
  const root = project({ mdx: { server: 'https://api.example.com' } }, { 'plain.mdx': '---\ntitle: Plain\n---\n\n<ParamField body="x" type="string" />\n' });
  const site = await createSite(root);
  assert.equal(site.api.mdxPages.size, 0);
  assert.not.match((await site.render('plain'))!.html, /dg-api-endpoint/);
});

test.run();
