import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkSpecs } from '../src/check-specs.js';
import { bindingFromRoot, findOpenApiFiles } from '../src/spec-sources.js';
import { createOperationLookup } from '../src/operation-lookup.js';
import type { ApiPageModel } from '../src/page-model.js';
import { withProject } from './helpers.js';

const test = suite('checkSpecs');

const users = `openapi: 3.0.3
info: {title: Users, version: '1'}
paths:
  /users:
    get:
      summary: List users
      tags: [Users]
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {$ref: './missing.yaml'}
components:
  schemas:
    Node: {type: object, properties: {next: {$ref: '#/components/schemas/Node'}}}
`;

const events = `asyncapi: 3.0.0
info: {title: Events}
operations:
  go: {action: send}
`;

test('should check every spec docs.json names and every operation reference, in one sorted list', () =>
  withProject({ 'api/users.yaml': users, 'events.yaml': events, 'bad.json': '{"openapi": "3.0.3",}' }, async (root) => {
    const config = {
      api: { openapi: ['api/users.yaml', 'https://example.com/openapi.json'], asyncapi: { source: 'events.yaml' } },
      navigation: {
        tabs: [
          {
            tab: 'API',
            openapi: '/bad.json',
            groups: [
              { group: 'Users', openapi: { source: 'api/users.yaml', directory: 'users-api' }, pages: ['GET /users', 'GET /users/{id}', 'intro'] },
              { group: 'Other', openapi: 'missing.yaml', pages: ['api/users.yaml GET /users'] },
            ],
          },
        ],
      },
    };
    const lines: Record<string, number> = {
      'api.openapi.1': 11,
      'navigation.tabs.0.groups.0.pages.1': 20,
      'navigation.tabs.0.groups.1.openapi': 30,
    };
    const result = await checkSpecs(root, config, {
      locate: (path) => ({ file: `${root}/docs.json`, line: lines[path.join('.')] ?? 1, column: 1 }),
      frontmatter: [
        { value: 'api/users.yaml GET /users', place: { file: `${root}/a.mdx`, line: 2, column: 10 } },
        { value: 'DELETE /users', place: { file: `${root}/b.mdx`, line: 2, column: 10 } },
      ],
    });
    const summary = result.messages.map((m) => `${m.file?.slice(root.length + 1)}:${m.line ?? ''}  ${m.ruleId}${m.fatal ? '' : ' (warning)'}`);
    assert.equal(summary, [
      'api/users.yaml:13  ref-target-missing',
      'api/users.yaml:16  ref-circular (warning)',
      'bad.json:1  json-syntax',
      'docs.json:11  spec-remote (warning)',
      'docs.json:20  openapi-operation-missing',
      'docs.json:30  spec-unreadable',
      'events.yaml:2  spec-invalid',
      'events.yaml:4  spec-invalid',
    ]);
    const byRule = (ruleId: string) => result.messages.filter((m) => m.ruleId === ruleId);
    assert.match(byRule('ref-target-missing')[0]?.reason ?? '', '`api/missing.yaml` does not exist');
    assert.is(result.messages.find((m) => m.line === 20)?.reason, 'Cannot find the operation `GET /users/{id}`');
    assert.is(result.messages.find((m) => m.line === 20)?.path, 'navigation.tabs[0].groups[0].pages[1]');
    assert.is(result.messages.find((m) => m.line === 30)?.path, 'navigation.tabs[0].groups[1].openapi');
    // `DELETE /users` may be in the remote spec, which is not fetched: not reported.
    assert.not.ok(byRule('openapi-operation-missing').some((m) => m.file?.endsWith('b.mdx')));
    assert.equal(result.specs.map((s) => [s.source, s.spec.kind, s.result?.pages.length]), [
      ['api/users.yaml', 'openapi', 1],
      ['events.yaml', 'asyncapi', 1],
      ['/bad.json', undefined, undefined],
      ['missing.yaml', undefined, undefined],
    ]);
  }),
);

test('should check frontmatter operations again once no remote spec may hold them', () =>
  withProject({ 'api/users.yaml': users }, async (root) => {
    const frontmatter = [{ value: 'DELETE /users', place: { file: `${root}/b.mdx`, line: 2, column: 10 } }];
    const local = await checkSpecs(root, { api: { openapi: 'api/users.yaml' }, navigation: { pages: ['b'] } }, { frontmatter });
    assert.equal(local.messages.filter((m) => m.ruleId === 'openapi-operation-missing').map((m) => m.reason), ['Cannot find the operation `DELETE /users`']);
    const withRemote = await checkSpecs(root, { api: { openapi: ['api/users.yaml', 'https://example.com/openapi.json'] }, navigation: { pages: ['b'] } }, { frontmatter });
    assert.equal(withRemote.messages.filter((m) => m.ruleId === 'openapi-operation-missing' || m.ruleId === 'spec-remote').map((m) => m.ruleId), ['spec-remote']);
  }),
);

const billing = `openapi: 3.0.3
info: {title: Billing, version: '1'}
paths:
  /invoices:
    post: {summary: Create an invoice, responses: {'201': {description: Created}}}
  /refunds:
    post: {summary: Refund, responses: {'201': {description: Created}}}
`;

test('should load a spec file only frontmatter names, from the root or from the page\'s folder', () =>
  withProject({ 'specs/billing.yaml': billing, 'api/users.yaml': billing.replace('Billing', 'Users').replace(/\/invoices:[^]*$/, "/users:\n    get: {summary: List users, responses: {'200': {description: OK}}}\n") }, async (root) => {
    const config = { api: { openapi: 'api/users.yaml' }, navigation: { pages: ['GET /users', 'POST /invoices'] } };
    const result = await checkSpecs(root, config, {
      locate: () => ({ file: `${root}/docs.json`, line: 3, column: 1 }),
      frontmatter: [
        { value: '/specs/billing.yaml POST /invoices', place: { file: `${root}/billing/create.mdx` } },
        { value: '../specs/billing.yaml post /refunds', place: { file: `${root}/billing/refund.mdx` } },
        { value: '../specs/billing.yaml POST /nothing', place: { file: `${root}/billing/nothing.mdx` } },
        { value: '../../outside.yaml GET /x', place: { file: `${root}/billing/outside.mdx` } },
        { value: 'users.yaml GET /users', place: { file: `${root}/users.mdx` } },
      ],
    });
    const summary = result.messages.map((m) => `${m.file?.slice(root.length + 1)}  ${m.ruleId}`);
    assert.equal(summary, [
      'billing/nothing.mdx  openapi-operation-missing',
      'billing/outside.mdx  spec-unreadable',
      // docs.json's entries name operations of the specs docs.json lists only.
      'docs.json  openapi-operation-missing',
    ]);
    assert.match(result.messages[1]?.reason ?? '', 'outside the project folder');
    assert.equal(result.specs.map((s) => [s.source, s.spec.kind, s.result?.pages.length, s.isFrontmatterOnly ?? false, s.configPath]), [
      ['api/users.yaml', 'openapi', 1, false, ['api', 'openapi']],
      ['/specs/billing.yaml', 'openapi', 2, true, []],
      ['../outside.yaml', undefined, undefined, true, []],
    ]);
  }),
);

test('should take the project\'s one OpenAPI file for frontmatter that names no spec, when docs.json names none', () =>
  withProject({
    'api/openapi.yaml': billing,
    'other.json': '{"name": "not a spec"}',
    'node_modules/pkg/openapi.json': '{"openapi": "3.0.3", "info": {"title": "x", "version": "1"}, "paths": {}}',
    '.hidden/openapi.yaml': billing,
    'events.yaml': events,
  }, async (root) => {
    assert.equal(await findOpenApiFiles(root), ['api/openapi.yaml']);
    const frontmatter = [{ value: 'POST /invoices', place: { file: `${root}/a.mdx` } }, { value: 'post /nothing', place: { file: `${root}/b.mdx` } }];
    const result = await checkSpecs(root, { navigation: { pages: ['a'] } }, { frontmatter });
    assert.equal(result.messages.map((m) => `${m.file?.slice(root.length + 1)} ${m.ruleId}`), ['b.mdx openapi-operation-missing']);
    assert.equal(result.specs.map((s) => [s.source, s.isFrontmatterOnly]), [['api/openapi.yaml', true]]);
    // docs.json naming a spec, or a second OpenAPI file, turns the guess off.
    const listed = await checkSpecs(root, { api: { asyncapi: 'events.yaml' }, navigation: { pages: ['a'] } }, { frontmatter: frontmatter.slice(0, 1) });
    assert.equal(listed.specs.map((s) => s.source), ['events.yaml']);
  }),
);

test('should look in every OpenAPI file, in alphabetical order, when neither frontmatter nor docs.json names one', () =>
  // "Mintlify uploads every OpenAPI specification in your docs repository ... the first match
  // wins based on alphabetical filename order." DeepL's pages name no spec and docs.json none.
  withProject({
    'b/openapi.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'B', version: '1' }, paths: { '/invoices': { post: { summary: 'B invoices', responses: { 201: { description: 'Created' } } } }, '/files': { get: { summary: 'Files', responses: { 200: { description: 'OK' } } } } } }, null, 2),
    'a.yaml': billing,
  }, async (root) => {
    assert.equal(await findOpenApiFiles(root), ['a.yaml', 'b/openapi.json']);
    const frontmatter = [
      { value: 'POST /invoices', place: { file: `${root}/invoices.mdx` } },
      { value: 'GET /files', place: { file: `${root}/files.mdx` } },
      // A page naming a file that is gone (a stray draft) does not turn the search off.
      { value: '/drafts/temp.yaml POST /invoices', place: { file: `${root}/draft.mdx` } },
    ];
    const result = await checkSpecs(root, {}, { frontmatter });
    assert.equal(result.specs.map((s) => [s.source, s.spec.kind ?? null]), [['/drafts/temp.yaml', null], ['a.yaml', 'openapi'], ['b/openapi.json', 'openapi']]);
    assert.equal(result.messages.map((m) => `${m.file?.slice(root.length + 1)} ${m.ruleId}`), ['draft.mdx spec-unreadable']);
    // As the site binds pages: the lookup of every spec read, in order.
    const lookup = createOperationLookup(result.specs.flatMap((s) => (s.result && 'pages' in s.result ? (s.result.pages as ApiPageModel[]) : [])));
    assert.is(lookup.find('POST /invoices')?.summary, 'Create an invoice', 'the first file in alphabetical order wins');
    assert.is(lookup.find('GET /files')?.summary, 'Files', 'an operation only the second file has');
    // A file `.mintignore` leaves out is not one of the project's specs.
    const isIgnored = (path: string) => path === 'a.yaml';
    assert.equal(await findOpenApiFiles(root, isIgnored), ['b/openapi.json']);
    const ignored = await checkSpecs(root, {}, { frontmatter: frontmatter.slice(0, 2), isIgnored });
    assert.equal(ignored.specs.map((s) => s.source), ['b/openapi.json']);
    assert.equal(ignored.messages, []);
  }),
);

test('should name each component key the specification refuses, once, at the key', () =>
  // Cobalt's spec: security schemes named `Org API Key` and `Linked Account Token`.
  withProject({
    'openapi.yaml': `openapi: 3.1.0
info: {title: T, version: '1'}
paths: {}
components:
  securitySchemes:
    Org API Key: {type: apiKey, in: header, name: x-api-key}
    Linked Account Token: {type: apiKey, in: header, name: x-token}
    ok_name: {type: apiKey, in: header, name: x-ok}
`,
  }, async (root) => {
    const result = await checkSpecs(root, { api: { openapi: 'openapi.yaml' } }, {});
    assert.equal(result.messages.map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.reason}`), [
      'spec-invalid 6:5 Invalid key `Org API Key` in `components.securitySchemes`: must match pattern "^[a-zA-Z0-9._-]+$" (OpenAPI 3.1.0)',
      'spec-invalid 7:5 Invalid key `Linked Account Token` in `components.securitySchemes`: must match pattern "^[a-zA-Z0-9._-]+$" (OpenAPI 3.1.0)',
    ]);
  }),
);

test('should take a server variable\'s description as valid OpenAPI 3.1, where the bundled schema misspells it', () =>
  // maximhq/bifrost's spec: `servers[0].variables.baseUrl.description`; the OpenAPI 3.1 schema
  // swagger-parser bundles names the key `descriptions`.
  withProject({
    'openapi.yaml': `openapi: 3.1.0
info: {title: T, version: '1'}
servers:
  - url: '{baseUrl}'
    variables:
      baseUrl: {default: 'http://localhost:8080', description: Your instance}
paths:
  /a:
    servers:
      - url: '{host}/v1'
        variables:
          host: {default: 'https://x.example', description: The host}
    get:
      summary: A
      servers:
        - url: '{host}'
          variables:
            host: {default: 'https://y.example', description: Another host, descr: typo}
      responses: {'200': {description: OK}}
`,
  }, async (root) => {
    const result = await checkSpecs(root, { api: { openapi: 'openapi.yaml' }, navigation: { pages: ['GET /a'] } }, {});
    // Only the key the specification does not have is reported.
    assert.equal(result.messages.map((m) => `${m.ruleId} ${m.line} ${m.reason}`), ['spec-invalid 18 Unexpected key `descr` in `paths["/a"].get.servers[0].variables.host` (OpenAPI 3.1.0)']);
  }),
);

test('should name a spec by its file stem in frontmatter, listed in docs.json or not, as the platform does', () =>
  withProject({
    'v3-openapi.yaml': billing,
    'api-specs/s4.yml': billing.replace('Billing', 'Storage').replace('/invoices', '/files'),
    'api-specs/imds.yaml': billing.replace('Billing', 'Metadata').replace('/invoices', '/status').replace("version: '1'}", "version: '1', license: {name: MIT}}").replace('3.0.3', '3.1.0'),
  }, async (root) => {
    const config = { api: { openapi: 'v3-openapi.yaml' }, navigation: { pages: ['a'] } };
    const result = await checkSpecs(root, config, {
      frontmatter: [
        { value: 'v3-openapi POST /invoices', place: { file: `${root}/a.mdx` } },
        { value: 's4 post /files', place: { file: `${root}/b.mdx` } },
        { value: 'imds POST /status', place: { file: `${root}/c.mdx` } },
        { value: 's4 POST /nothing', place: { file: `${root}/d.mdx` } },
        { value: 'gone POST /invoices', place: { file: `${root}/e.mdx` } },
      ],
    });
    // `imds` is OpenAPI 3.1 with a license naming neither `identifier` nor `url`: valid.
    assert.equal(result.messages.map((m) => `${m.file?.slice(root.length + 1)} ${m.ruleId}`), ['d.mdx openapi-operation-missing', 'e.mdx spec-unreadable']);
    assert.equal(result.specs.map((s) => [s.source, s.isFrontmatterOnly ?? false]), [
      ['v3-openapi.yaml', false],
      ['api-specs/s4.yml', true],
      ['api-specs/imds.yaml', true],
      ['gone', true],
    ]);
  }),
);

test('should name a frontmatter spec path from the page\'s folder from the root instead', () => {
  const root = '/project';
  assert.is(bindingFromRoot(root, '../openapi.json GET /users', '/project/api/users.mdx'), 'openapi.json GET /users');
  assert.is(bindingFromRoot(root, './v2.yaml post /a b', '/project/api/x.mdx'), 'api/v2.yaml POST /a b');
  assert.is(bindingFromRoot(root, '../../x.yaml webhook created', '/project/api/x.mdx'), '../x.yaml webhook created');
  for (const value of ['/openapi.json GET /users', 'openapi.json GET /users', 'GET /users', 'https://example.com/a.json GET /users', 'not an operation']) {
    assert.is(bindingFromRoot(root, value, '/project/api/users.mdx'), value);
  }
  assert.is(bindingFromRoot(root, '../openapi.json GET /users', undefined), '../openapi.json GET /users');
});

test.run();
