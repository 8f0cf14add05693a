import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildAsyncApiPages } from '../src/asyncapi-pages.js';
import { loadSpec } from '../src/load-spec.js';
import { loadFixture, withProject } from './helpers.js';

const test = suite('buildAsyncApiPages');

test('should build one page per channel operation of AsyncAPI 2.6', async () => {
  const spec = await loadFixture('asyncapi26', 'asyncapi.yaml');
  assert.equal(spec.messages, []);
  const built = buildAsyncApiPages(spec);
  assert.equal(
    built.pages.map((page) => [page.action, page.channel, page.title, page.slug]),
    [
      ['subscribe', 'light/{lightId}/measured', 'Receive a measurement', 'api-reference/measurements/receive-a-measurement'],
      ['publish', 'light/{lightId}/turn-on', 'Turn a light on', 'api-reference/operations/turn-a-light-on'],
    ],
  );
  const measured = built.pages[0];
  assert.equal(measured?.parameters.map((p) => [p.name, p.schema?.typeLabel]), [['lightId', 'string']]);
  const message = measured?.messages[0];
  assert.equal([message?.name, message?.title, message?.contentType], ['lightMeasured', 'Light measured', 'application/json']);
  assert.equal(message?.payload?.properties?.map((p) => [p.name, p.schema.typeLabel, p.schema.format]), [['lumens', 'integer', undefined], ['sentAt', 'string', 'date-time']]);
  assert.equal(message?.headers?.properties?.map((p) => p.name), ['traceId']);
  assert.equal(message?.examples[0]?.value, { lumens: 0, sentAt: '2024-01-01T00:00:00Z' });
  assert.equal(measured?.servers, [{ name: 'production', address: 'mqtt://broker.example.com:1883', protocol: 'mqtt', protocolVersion: undefined, description: 'The broker.', bindings: { mqtt: { clientId: 'lights' } } }]);
  assert.equal(built.pages[1]?.messages.map((m) => m.name), ['turnOn', 'TurnOnNow']);
});

test('should build one page per operation of AsyncAPI 3.0', async () => {
  const spec = await loadFixture('asyncapi30', 'asyncapi.yaml');
  assert.equal(spec.messages, []);
  const built = buildAsyncApiPages(spec);
  assert.equal(
    built.pages.map((page) => [page.action, page.channel, page.operationId, page.title]),
    [
      ['send', 'rooms/{roomId}', 'sendMessage', 'Send a chat message'],
      ['receive', 'rooms/{roomId}', 'onMessage', 'Receive chat messages'],
    ],
  );
  assert.equal(built.pages[1]?.messages.map((m) => [m.name, m.payload?.properties?.map((p) => [p.name, p.isRequired])]), [
    ['chatMessage', [['text', true], ['sentBy', false]]],
  ]);
  assert.equal(built.pages[0]?.servers.map((s) => [s.name, s.address, s.protocol]), [['production', 'chat.example.com/ws', 'wss']]);
  assert.equal(built.groups.map((g) => g.title), ['Chat', 'Operations']);
});

test('should keep x-hidden operations out of groups and x-excluded ones out entirely', () =>
  withProject(
    {
      'asyncapi.yaml': `asyncapi: 2.6.0
info: {title: T, version: '1'}
channels:
  a:
    publish: {summary: Shown, message: {payload: {type: string}}}
    subscribe: {summary: Hidden, x-hidden: true, message: {payload: {type: string}}}
  b:
    publish: {summary: Gone, x-excluded: true, message: {payload: {type: string}}}
`,
    },
    async (root) => {
      const built = buildAsyncApiPages(await loadSpec(root, 'asyncapi.yaml'));
      assert.equal(built.pages.map((p) => [p.title, p.isHidden]), [['Shown', false], ['Hidden', true]]);
      assert.equal(built.groups.map((g) => g.pages), [['api-reference/operations/shown']]);
    },
  ),
);

test('should drop unsafe URLs with a warning, as for OpenAPI', () =>
  withProject(
    {
      'asyncapi.yaml': `asyncapi: 2.6.0
info:
  title: T
  version: '1'
  termsOfService: javascript:alert(1)
  license: {name: L, url: 'https://example.com/l'}
externalDocs: {url: 'data:text/html,x'}
channels: {}
`,
    },
    async (root) => {
      const built = buildAsyncApiPages(await loadSpec(root, 'asyncapi.yaml'));
      assert.is(built.info.termsOfService, undefined);
      assert.is(built.info.license?.url, 'https://example.com/l');
      assert.is(built.info.externalDocs, undefined);
      assert.equal(built.messages.map((m) => [m.ruleId, m.line]), [['spec-url-unsafe', 5], ['spec-url-unsafe', 7]]);
    },
  ),
);

test('should report structural errors with positions', async () => {
  const spec = await loadFixture('asyncapi-invalid', 'asyncapi.yaml');
  assert.equal(
    spec.messages.map((m) => [m.line, m.column, m.ruleId]),
    [
      [3, 3, 'spec-invalid'],
      [6, 5, 'spec-invalid'],
      [7, 1, 'spec-invalid'],
      [10, 13, 'spec-invalid'],
      [11, 14, 'spec-invalid'],
      [13, 5, 'spec-invalid'],
    ],
  );
  assert.is(spec.messages[2]?.note, 'Did you mean `channels`?');
});

test.run();
