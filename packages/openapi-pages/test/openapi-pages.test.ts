import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderSpecMarkdown } from '@docsgen/renderer';
import { buildOpenApiPages } from '../src/openapi-pages.js';
import { loadFixture, withSpec } from './helpers.js';

const test = suite('buildOpenApiPages');

const info = { title: 'T', version: '1' };
const ok = { responses: { '200': { description: 'OK' } } };

test('should build one page per operation, in spec order, grouped by tag', async () => {
  const built = buildOpenApiPages(await loadFixture('tiny', 'openapi.yaml'));
  assert.equal(
    built.pages.map((page) => [page.method, page.path, page.slug]),
    [
      ['GET', '/users', 'api-reference/users/list-users'],
      ['POST', '/users', 'api-reference/users/create-a-user'],
      ['GET', '/users/{id}', 'api-reference/users/get-user'],
      ['DELETE', '/users/{id}', 'api-reference/users/delete-a-user'],
      ['GET', '/health', 'api-reference/endpoints/get-health'],
    ],
  );
  assert.equal(
    built.groups.map((group) => [group.title, group.pages.length]),
    [
      ['Users', 3],
      ['Endpoints', 1],
    ],
  );
});

test('should keep x-hidden pages out of the navigation and x-excluded operations out entirely', async () => {
  const built = buildOpenApiPages(await loadFixture('tiny', 'openapi.yaml'));
  const hidden = built.pages.find((page) => page.method === 'DELETE');
  assert.ok(hidden?.isHidden);
  assert.not.ok(built.groups.some((group) => group.pages.includes(hidden.slug)));
  assert.not.ok(built.pages.some((page) => page.path === '/internal/reindex'));
  assert.not.ok(built.groups.some((group) => group.tag === 'Admin'), 'a tag with only excluded operations has no group');
});

test('should label pages by summary, operationId, then METHOD path', async () => {
  const built = buildOpenApiPages(await loadFixture('tiny', 'openapi.yaml'));
  assert.equal(
    built.pages.map((page) => page.title),
    ['List users', 'Create a user', 'getUser', 'Delete a user', 'GET /health'],
  );
});

test('should order groups: declared tags, then tags as first used, then untagged', () =>
  withSpec(
    {
      openapi: '3.0.3',
      info,
      tags: [{ name: 'Zebra', 'x-displayName': 'Zebras', description: 'Stripes.' }, { name: 'Unused' }],
      paths: {
        '/a': { get: { ...ok, summary: 'A' } },
        '/b': { get: { ...ok, summary: 'B', tags: ['Apple'] } },
        '/c': { get: { ...ok, summary: 'C', tags: ['Zebra', 'Apple'] } },
      },
    },
    (spec) => {
      const built = buildOpenApiPages(spec);
      assert.equal(
        built.groups.map((group) => [group.title, group.tag, group.pages]),
        [
          ['Zebras', 'Zebra', ['api-reference/zebra/c']],
          ['Apple', 'Apple', ['api-reference/apple/b']],
          ['Endpoints', undefined, ['api-reference/endpoints/a']],
        ],
      );
      assert.is(built.groups[0]?.description, 'Stripes.');
    },
  ),
);

test('should make colliding slugs unique, deterministically, and avoid taken slugs', () =>
  withSpec(
    {
      openapi: '3.0.3',
      info,
      paths: {
        '/a': { get: { ...ok, summary: 'Get user' }, post: { ...ok, summary: 'Get user!' } },
        '/b': { get: { ...ok, summary: 'get   USER' } },
        '/c': { get: { ...ok, operationId: 'listÉlèvesById' } },
        '/d/{id}': { get: { ...ok } },
        '/e': { get: { ...ok, summary: '日本語' } },
      },
    },
    (spec) => {
      const first = buildOpenApiPages(spec, { directory: '/reference/', takenSlugs: ['reference/endpoints/get-user'] });
      assert.equal(
        first.pages.map((page) => page.slug),
        [
          'reference/endpoints/get-user-2',
          'reference/endpoints/get-user-3',
          'reference/endpoints/get-user-4',
          'reference/endpoints/list-eleves-by-id',
          'reference/endpoints/get-d-id',
          'reference/endpoints/get',
        ],
      );
      assert.equal(buildOpenApiPages(spec, { directory: '/reference/', takenSlugs: ['reference/endpoints/get-user'] }).pages.map((page) => page.slug), first.pages.map((page) => page.slug));
    },
  ),
);

test('should give webhooks pages too', async () => {
  const built = buildOpenApiPages(await loadFixture('openapi31', 'openapi.yaml'));
  const webhook = built.pages.find((page) => page.kind === 'webhook');
  assert.equal([webhook?.method, webhook?.path, webhook?.slug, webhook?.title], ['POST', 'orderPaid', 'api-reference/webhooks/order-paid', 'Order paid']);
  assert.ok(webhook?.requestBody?.content[0]?.schema?.properties);
  // The API calls the reader's server: no request samples with the webhook's name as an address.
  assert.equal(webhook?.codeSamples, []);
  assert.ok(built.pages.find((page) => page.kind === 'operation')?.codeSamples.length, 'operations keep theirs');
  assert.equal(built.groups.at(-1), { title: 'Webhooks', tag: undefined, description: '', pages: ['api-reference/webhooks/order-paid'] });
});

test('should read servers, variables and the base URL override', async () => {
  const spec = await loadFixture('tiny', 'openapi.yaml');
  const page = buildOpenApiPages(spec).pages[0];
  assert.equal(page?.baseUrls, ['https://api.example.com/v1', 'https://eu.example.com/v1']);
  assert.equal(page?.servers[1]?.variables, [{ name: 'region', default: 'eu', enum: ['eu', 'us'], description: '' }]);
  const overridden = buildOpenApiPages(spec, { baseUrl: ['https://staging.example.com', 'javascript:alert(1)'] }).pages[0];
  assert.equal(overridden?.baseUrls, ['https://staging.example.com']);
  assert.is(buildOpenApiPages(spec, { baseUrl: 'http://localhost:3000' }).pages[0]?.baseUrls[0], 'http://localhost:3000');
});

test('should prefer operation and path-item servers over the spec servers', () =>
  withSpec(
    {
      openapi: '3.0.3',
      info,
      servers: [{ url: 'https://root.example.com' }],
      paths: {
        '/a': { servers: [{ url: 'https://path.example.com' }], get: { ...ok }, post: { ...ok, servers: [{ url: 'https://op.example.com' }] } },
        '/b': { get: { ...ok } },
      },
    },
    (spec) => {
      assert.equal(
        buildOpenApiPages(spec).pages.map((page) => page.baseUrls[0]),
        ['https://path.example.com', 'https://op.example.com', 'https://root.example.com'],
      );
    },
  ),
);

test('should read security requirements with their schemes', async () => {
  const tiny = buildOpenApiPages(await loadFixture('tiny', 'openapi.yaml'));
  assert.equal(tiny.pages[0]?.security, [
    { schemes: [{ name: 'bearerAuth', type: 'http', scheme: 'bearer', bearerFormat: undefined, in: undefined, parameterName: undefined, scopes: [], description: '' }] },
  ]);
  const swagger = buildOpenApiPages(await loadFixture('swagger2', 'swagger.json'));
  assert.equal(swagger.pages[0]?.security[0]?.schemes.map((scheme) => [scheme.type, scheme.in, scheme.parameterName]), [['apiKey', 'header', 'api_key']]);
});

test('should merge path-item and operation parameters and sort them by location', () =>
  withSpec(
    {
      openapi: '3.0.3',
      info,
      components: { parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' }, example: 5 } } },
      paths: {
        '/users/{id}': {
          parameters: [
            { name: 'id', in: 'path', schema: { type: 'string' } },
            { name: 'limit', in: 'query', description: 'path level', schema: { type: 'string' } },
          ],
          get: {
            ...ok,
            parameters: [
              { $ref: '#/components/parameters/Limit' },
              { name: 'X-Trace', in: 'header', required: true, deprecated: true, schema: { type: 'string' } },
              { name: 'session', in: 'cookie', content: { 'application/json': { schema: { type: 'object' } } } },
            ],
          },
        },
      },
    },
    (spec) => {
      const parameters = buildOpenApiPages(spec).pages[0]?.parameters;
      assert.equal(parameters?.path.map((p) => [p.name, p.isRequired]), [['id', true]]);
      assert.equal(parameters?.query.map((p) => [p.name, p.schema?.typeLabel, p.example?.value]), [['limit', 'integer', 5]]);
      assert.equal(parameters?.header.map((p) => [p.name, p.isRequired, p.isDeprecated]), [['X-Trace', true, true]]);
      assert.equal(parameters?.cookie.map((p) => [p.name, p.schema?.typeLabel]), [['session', 'object']]);
    },
  ),
);

test('should read request bodies and responses per media type and status, with examples', async () => {
  const pages = buildOpenApiPages(await loadFixture('openapi31', 'openapi.yaml')).pages;
  const response = pages[0]?.responses[0];
  assert.is(response?.status, '200');
  assert.equal(response?.content[0]?.examples, [
    { name: 'paid', summary: 'A paid order', description: '', value: { id: 'ord_1', status: 'paid', total: 12.5 }, isGenerated: false },
  ]);
  const tiny = buildOpenApiPages(await loadFixture('tiny', 'openapi.yaml')).pages;
  const created = tiny[1];
  assert.is(created?.requestBody?.isRequired, true);
  assert.equal(created?.requestBody?.content[0]?.examples[0]?.value, { name: 'Ada', email: 'ada@example.com' });
  const generated = created?.responses[0]?.content[0]?.examples[0];
  assert.is(generated?.isGenerated, true);
  assert.equal(generated?.value, { id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', name: 'string', email: 'user@example.com', role: 'member', nickname: 'string' }, 'writeOnly password left out of a response');
  assert.equal(created?.responses.map((r) => r.status), ['201', 'default']);
});

test('should turn Swagger 2.0 into the same model', async () => {
  const pages = buildOpenApiPages(await loadFixture('swagger2', 'swagger.json')).pages;
  assert.equal(pages[0]?.baseUrls, ['https://petstore.example.com/v2']);
  assert.equal(pages[0]?.parameters.query.map((p) => [p.name, p.schema?.typeLabel]), [['tags', 'string[]'], ['limit', 'integer']]);
  assert.equal(pages[0]?.responses[0]?.content.map((m) => [m.mediaType, m.schema?.typeLabel]), [['application/json', 'Pet[]']]);
  const add = pages[1];
  assert.equal(add?.requestBody?.content.map((m) => [m.mediaType, m.schema?.refName]), [['application/json', 'Pet']]);
  const upload = pages[2]?.requestBody;
  assert.is(upload?.content[0]?.mediaType, 'multipart/form-data');
  assert.equal(upload?.content[0]?.schema?.properties?.map((p) => [p.name, p.isRequired, p.schema.format ?? p.schema.typeLabel]), [['caption', false, 'string'], ['file', true, 'binary']]);
  const owner = pages[0]?.responses[0]?.content[0]?.schema?.items?.properties?.find((p) => p.name === 'owner');
  assert.is(owner?.schema.typeLabel, 'string | null', 'x-nullable');
});

test('should keep descriptions as Markdown and drop unsafe URLs with a warning', async () => {
  const built = buildOpenApiPages(await loadFixture('hostile', 'openapi.yaml'));
  assert.is(built.info.termsOfService, undefined);
  assert.equal(built.info.contact, { name: undefined, email: undefined, url: undefined });
  assert.equal(built.info.license, { name: 'Evil', url: undefined });
  assert.is(built.info.externalDocs, undefined);
  assert.equal(built.pages[0]?.servers.map((server) => server.url), [undefined, 'https://ok.example.com']);
  assert.equal(built.pages[0]?.baseUrls, ['https://ok.example.com']);
  assert.is(built.pages[0]?.externalDocs, undefined);
  assert.is(built.messages.filter((m) => m.ruleId === 'spec-url-unsafe').length, 6);
  assert.ok(built.messages.every((m) => m.fatal === false && typeof m.line === 'number'));
  const json = JSON.stringify(built);
  assert.not.match(json, /"(url|termsOfService)":"(javascript|data|vbscript|java\\t)/i);
});

test('should leave nothing executable once every description of a hostile spec is rendered', async () => {
  const built = buildOpenApiPages(await loadFixture('hostile', 'openapi.yaml'));
  const descriptions: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'description' && typeof child === 'string') descriptions.push(child);
      else collect(child);
    }
  };
  collect(built);
  assert.ok(descriptions.some((text) => text.includes('<script>')), 'the fixture has scripts in descriptions');
  for (const html of descriptions.map(renderSpecMarkdown)) {
    assert.not.match(html, /<script|<iframe|javascript:|data:text|<[^>]*\son[a-z]+=/i, html);
  }
});

test('should warn about duplicate operationIds at the second one', () =>
  withSpec({ openapi: '3.0.3', info, paths: { '/a': { get: { ...ok, operationId: 'x' } }, '/b': { get: { ...ok, operationId: 'x' } } } }, (spec) => {
    const [message] = buildOpenApiPages(spec).messages;
    assert.is(message?.ruleId, 'operation-id-duplicate');
    assert.is(message?.reason, 'Unexpected duplicate `operationId` `x`, already used by `GET /a`');
    assert.is(message?.line, 25);
  }),
);

test('should place each page at its operation', async () => {
  const pages = buildOpenApiPages(await loadFixture('tiny', 'openapi.yaml')).pages;
  assert.equal(pages.map((page) => page.position?.line), [30, 58, 87, 97, 114]);
  const swagger = buildOpenApiPages(await loadFixture('swagger2', 'swagger.json')).pages;
  assert.equal(swagger.map((page) => [page.position?.line, page.position?.column]), [[15, 7], [28, 7], [36, 7]]);
});

test('should include x-codeSamples before the generated samples', async () => {
  const page = buildOpenApiPages(await loadFixture('openapi31', 'openapi.yaml')).pages[0];
  assert.equal(page?.codeSamples.map((sample) => [sample.label, sample.isGenerated]), [
    ['Ruby SDK', false],
    ['cURL', true],
    ['JavaScript', true],
    ['Python', true],
    ['Go', true],
  ]);
});

test.run();
