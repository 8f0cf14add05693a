import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { operationDocument } from '../src/operation-document.js';
import { getAtPath, isRecord, parsePointer } from '../src/pointer.js';
import { loadFixture, withProject, withSpec } from './helpers.js';
import { loadSpec } from '../src/load-spec.js';

const test = suite('operationDocument');

/** Every `$ref` in a value. */
function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => (key === '$ref' && typeof child === 'string' ? [child] : refsOf(child)));
}

/** Asserts every `$ref` points inside the document itself, and that it loads with no error. */
async function assertSelfContained(document: Record<string, unknown>): Promise<void> {
  for (const ref of refsOf(document)) {
    assert.ok(ref.startsWith('#/'), `local ref: ${ref}`);
    assert.ok(getAtPath(document, parsePointer(ref.slice(1)) ?? ['?']) !== undefined, `ref target present: ${ref}`);
  }
  const text = JSON.stringify(document);
  await withSpec(JSON.parse(text), (loaded) => {
    const problems = loaded.messages.filter((message) => message.fatal || message.ruleId !== 'ref-circular');
    assert.equal(problems.map((message) => `${message.ruleId}: ${message.reason}`), [], 'the document loads and validates');
  });
}

test('should keep only the operation, its path item parameters and the components it reaches', async () => {
  const spec = await loadFixture('tiny', 'openapi.yaml');
  const document = operationDocument(spec, 'get', '/users/{id}');
  assert.ok(document);
  assert.is(document.openapi, '3.0.3');
  assert.equal((document.info as Record<string, unknown>).title, 'Tiny API');
  assert.equal((document.servers as unknown[]).length, 2);
  assert.equal(document.security, [{ bearerAuth: [] }]);
  assert.equal(Object.keys(document.paths as object), ['/users/{id}']);
  const item = (document.paths as Record<string, Record<string, unknown>>)['/users/{id}'] as Record<string, unknown>;
  assert.equal(Object.keys(item), ['parameters', 'get'], 'no delete, path parameters kept');
  assert.equal((item.get as Record<string, unknown>).operationId, 'getUser');
  assert.equal(document.tags, [{ name: 'Users', description: 'People who use the API.' }], 'only its tags');
  const components = document.components as Record<string, Record<string, unknown>>;
  assert.equal(Object.keys(components).sort(), ['schemas', 'securitySchemes']);
  assert.equal(Object.keys(components.schemas as object), ['User']);
  assert.equal(components.securitySchemes, { bearerAuth: { type: 'http', scheme: 'bearer' } });
  await assertSelfContained(document);
});

test('should leave out components the operation does not reach', async () => {
  const spec = await loadFixture('tiny', 'openapi.yaml');
  const document = operationDocument(spec, 'GET', '/health');
  assert.ok(document);
  assert.equal((document.components as Record<string, unknown>).schemas, undefined);
  assert.not.ok(JSON.stringify(document).includes('User'));
  await assertSelfContained(document);
});

test('should never modify the loaded spec', async () => {
  const spec = await loadFixture('tiny', 'openapi.yaml');
  const before = JSON.stringify(spec.value);
  const document = operationDocument(spec, 'post', '/users') as Record<string, unknown>;
  ((document.components as Record<string, Record<string, Record<string, unknown>>>).schemas as Record<string, Record<string, unknown>>).User!.type = 'changed';
  assert.is(JSON.stringify(spec.value), before);
});

test('should return undefined for an unknown operation, method or spec kind', async () => {
  const spec = await loadFixture('tiny', 'openapi.yaml');
  assert.is(operationDocument(spec, 'put', '/users'), undefined);
  assert.is(operationDocument(spec, 'get', '/nope'), undefined);
  assert.is(operationDocument(spec, 'parameters', '/users/{id}'), undefined);
  assert.is(operationDocument(spec, 'constructor', '/users'), undefined);
  assert.is(operationDocument(await loadFixture('asyncapi26', 'asyncapi.yaml'), 'get', '/users'), undefined);
});

test('should inline targets in other files under components with fresh names', async () => {
  const spec = await loadFixture('multi-file', 'openapi.yaml');
  const users = operationDocument(spec, 'get', '/users');
  assert.ok(users);
  const operation = (users.paths as Record<string, Record<string, Record<string, unknown>>>)['/users']!.get!;
  assert.equal(operation.parameters, [{ $ref: '#/components/parameters/limit' }]);
  const components = users.components as Record<string, Record<string, unknown>>;
  assert.equal(components.parameters, { limit: { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 50 } } });
  assert.equal(Object.keys(components.schemas as object), ['user']);
  // user.yaml's broken `./address.yaml#/Adress` is left out, not kept as a ref to fetch.
  assert.equal((components.schemas as Record<string, unknown>).user, { type: 'object', properties: { name: { type: 'string' }, address: {} } });
  await assertSelfContained(users);

  const teams = operationDocument(spec, 'GET', '/teams');
  assert.ok(teams);
  const schemas = (teams.components as Record<string, Record<string, Record<string, unknown>>>).schemas as Record<string, Record<string, unknown>>;
  assert.equal(Object.keys(schemas).sort(), ['Team', 'user']);
  assert.equal(schemas.Team!.properties, { members: { type: 'array', items: { $ref: '#/components/schemas/user' } }, owner: {} });
  assert.not.ok(JSON.stringify(teams).includes('.yaml'), 'no file names left');
  await assertSelfContained(teams);
});

test('should give an inlined target a name the entry does not use already', async () => {
  await withProject(
    {
      'openapi.yaml': `openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /a:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                type: object
                properties:
                  mine: {$ref: '#/components/schemas/User'}
                  theirs: {$ref: './other.yaml#/User'}
                  deep: {$ref: '#/paths/~1b/get/responses/200/content/application~1json/schema'}
  /b:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {type: string, description: deep}
components:
  schemas:
    User: {type: object, properties: {id: {type: string}}}
    Unused: {type: number}
`,
      'other.yaml': 'User:\n  type: object\n  properties:\n    name: {type: string}\n',
    },
    async (root) => {
      const document = operationDocument(await loadSpec(root, 'openapi.yaml'), 'get', '/a');
      assert.ok(document);
      const schemas = (document.components as Record<string, Record<string, Record<string, unknown>>>).schemas as Record<string, unknown>;
      assert.equal(Object.keys(schemas).sort(), ['User', 'User_2', 'schema']);
      assert.equal(schemas.User_2, { type: 'object', properties: { name: { type: 'string' } } });
      assert.equal(schemas.schema, { type: 'string', description: 'deep' });
      assert.equal(Object.keys(document.paths as object), ['/a']);
      await assertSelfContained(document);
    },
  );
});

test('should follow circular refs once', async () => {
  const spec = await loadFixture('circular', 'openapi.yaml');
  const people = operationDocument(spec, 'get', '/people');
  assert.ok(people);
  const schemas = (people.components as Record<string, Record<string, unknown>>).schemas as Record<string, unknown>;
  assert.equal(Object.keys(schemas).sort(), ['Company', 'Person']);
  assert.equal(schemas.Company, { type: 'object', properties: { ceo: { $ref: '#/components/schemas/Person' } } });
  const tree = operationDocument(spec, 'get', '/tree');
  assert.equal(Object.keys(((tree as Record<string, Record<string, unknown>>).components as Record<string, object>).schemas as object), ['Node']);
  await assertSelfContained(people);
});

test('should keep Swagger 2.0 sections: host, basePath, definitions, securityDefinitions', async () => {
  const spec = await loadFixture('swagger2', 'swagger.json');
  const document = operationDocument(spec, 'post', '/pets');
  assert.ok(document);
  assert.is(document.swagger, '2.0');
  assert.is(document.host, 'petstore.example.com');
  assert.is(document.basePath, '/v2');
  assert.equal(document.schemes, ['https']);
  assert.equal(Object.keys(document.definitions as object), ['Pet']);
  assert.equal(Object.keys(document.securityDefinitions as object), ['api_key', 'basic']);
  assert.is(document.components, undefined);
  assert.equal(Object.keys((document.paths as Record<string, object>)['/pets'] as object), ['post']);
  await assertSelfContained(document);
  const photo = operationDocument(spec, 'post', '/pets/{petId}/photo');
  assert.ok(photo);
  assert.is(photo.definitions, undefined);
  await assertSelfContained(photo);
});

test('should copy discriminator mapping targets and webhooks', async () => {
  const spec = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/pets': {
        get: {
          responses: {
            '200': {
              description: 'OK',
              content: {
                'application/json': {
                  schema: { oneOf: [{ $ref: '#/components/schemas/Cat' }], discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: 'Dog', gone: './x.yaml#/Y' } } },
                },
              },
            },
          },
        },
      },
    },
    webhooks: { petAdded: { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Dog' } } } }, responses: { '200': { description: 'OK' } } } } },
    components: { schemas: { Cat: { type: 'object' }, Dog: { type: 'object' }, Bird: { type: 'object' } } },
  };
  await withSpec(spec, async (loaded) => {
    const pets = operationDocument(loaded, 'get', '/pets');
    assert.ok(pets);
    assert.equal(Object.keys(((pets.components as Record<string, object>).schemas) as object).sort(), ['Cat', 'Dog']);
    const schema = JSON.stringify(pets.paths);
    assert.ok(schema.includes('"mapping":{"cat":"#/components/schemas/Cat","dog":"#/components/schemas/Dog"}'), schema);
    const hook = operationDocument(loaded, 'WEBHOOK', 'petAdded');
    assert.ok(hook);
    assert.equal(hook.paths, {});
    assert.equal(Object.keys((hook.webhooks as Record<string, object>).petAdded as object), ['post']);
    assert.equal(Object.keys(((hook.components as Record<string, object>).schemas) as object), ['Dog']);
    await assertSelfContained(hook);
  });
});

test.run();
