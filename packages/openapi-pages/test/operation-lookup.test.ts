import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildOpenApiPages } from '../src/openapi-pages.js';
import { checkOperationReferences, createOperationLookup, parseOperationReference } from '../src/operation-lookup.js';
import { loadFixture } from './helpers.js';

const test = suite('operation lookup');

async function lookup() {
  const tiny = buildOpenApiPages(await loadFixture('tiny', 'openapi.yaml')).pages;
  const events = buildOpenApiPages(await loadFixture('openapi31', 'openapi.yaml')).pages.map((page) => ({ ...page, spec: 'events/openapi.yaml' }));
  return createOperationLookup([...tiny, ...events]);
}

test('should parse operation references as navigation and frontmatter write them', () => {
  assert.equal(parseOperationReference('GET /users/{id}'), { spec: undefined, method: 'GET', path: '/users/{id}' });
  assert.equal(parseOperationReference(' openapi.json post /users '), { spec: 'openapi.json', method: 'POST', path: '/users' });
  assert.equal(parseOperationReference('webhook orderPaid'), { spec: undefined, method: 'WEBHOOK', path: 'orderPaid' });
  assert.is(parseOperationReference('get started'), undefined);
  assert.is(parseOperationReference('guides/intro'), undefined);
});

test('should find operations with or without the spec, and webhooks', async () => {
  const operations = await lookup();
  assert.is(operations.find('GET /users/{id}')?.title, 'getUser');
  assert.is(operations.find('openapi.yaml GET /users/{id}')?.slug, 'api-reference/users/get-user');
  assert.is(operations.find('./openapi.yaml get /users')?.title, 'List users');
  assert.is(operations.find('events/openapi.yaml GET /orders/{orderId}')?.title, 'Get an order');
  assert.is(operations.find('openapi.yaml GET /orders/{orderId}')?.title, 'Get an order', 'by base name: the first spec named so');
  assert.is(operations.find('openapi GET /users/{id}')?.title, 'getUser', 'by stem');
  assert.is(operations.find('events/openapi GET /orders/{orderId}')?.title, 'Get an order', 'by path without extension');
  assert.is(operations.find('openapi.json GET /users/{id}'), undefined, 'another extension is another file');
  assert.is(operations.find('WEBHOOK orderPaid')?.kind, 'webhook');
  assert.is(operations.find('GET /orders/{orderId}', ['openapi.yaml'])?.spec, 'events/openapi.yaml');
  assert.is(operations.find('GET /users', ['events/openapi.yaml']), undefined, 'scope limits unqualified references');
  assert.is(operations.find('GET /users/{userId}'), undefined);
});

test('should report missing operations with the place given and a did-you-mean', async () => {
  const operations = await lookup();
  const messages = checkOperationReferences(operations, [
    { value: 'GET /users/{id}', place: { file: '/p/docs.json', line: 3, column: 5 } },
    { value: 'GET /user/{id}', place: { file: '/p/docs.json', line: 4, column: 5 }, path: 'navigation.pages[1]' },
    { value: 'nope.yaml GET /users', place: { file: '/p/guide.mdx', line: 2, column: 10 } },
    { value: 'users get', place: { file: '/p/page.mdx', line: 2, column: 10 } },
  ]);
  assert.equal(
    messages.map((m) => [m.ruleId, m.file, m.line, m.column, m.reason, m.note, m.path]),
    [
      ['openapi-operation-missing', '/p/docs.json', 4, 5, 'Cannot find the operation `GET /user/{id}`', 'Did you mean `GET /users/{id}`?', 'navigation.pages[1]'],
      [
        'openapi-operation-missing',
        '/p/guide.mdx',
        2,
        10,
        'Cannot find the spec `nope.yaml` of `nope.yaml GET /users`, expected one of `openapi.yaml`, `events/openapi.yaml`',
        'Write it as `METHOD /path` exactly as in the spec (path parameters included), optionally after the spec file name.',
        undefined,
      ],
      ['openapi-operation-missing', '/p/page.mdx', 2, 10, 'Unexpected `users get`, expected an operation such as `GET /users/{id}` or `openapi.yaml GET /users/{id}`', undefined, undefined],
    ],
  );
});

test('should say which other spec has an operation its named spec lacks', async () => {
  const operations = await lookup();
  const [message] = checkOperationReferences(operations, [{ value: 'events/openapi.yaml GET /users/{id}', place: { file: '/p/es/user.mdx' } }]);
  assert.is(message?.reason, 'Cannot find the operation `GET /users/{id}` in `events/openapi.yaml`');
  assert.is(message?.note, '`openapi.yaml` has it: is `events/openapi.yaml` an older copy?');
});

test('should find an operation written with a trailing slash its spec has not, and say so', async () => {
  const operations = await lookup();
  assert.is(operations.find('GET /users/')?.title, 'List users');
  assert.is(operations.find('openapi.yaml GET /users/{id}/')?.title, 'getUser');
  assert.is(operations.find('GET /users//'), undefined, 'one slash only');
  assert.is(operations.find('WEBHOOK orderPaid/'), undefined, 'a webhook is a name');
  const messages = checkOperationReferences(operations, [
    { value: 'GET /users', place: { file: '/p/list.mdx' } },
    { value: 'GET /users/', place: { file: '/p/docs.json', line: 7, column: 9 }, path: 'navigation.pages[0]' },
  ]);
  assert.equal(
    messages.map((m) => [m.ruleId, m.fatal, m.file, m.line, m.reason, m.expected, m.path]),
    [['openapi-operation-trailing-slash', false, '/p/docs.json', 7, 'Unexpected `GET /users/`, the spec writes it `GET /users`; the page shows that operation', ['GET /users'], 'navigation.pages[0]']],
  );
});

test.run();
