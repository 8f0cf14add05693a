import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildMdxApiPage, type MdxParamField } from '../src/mdx-api-page.js';
import { parseMdxEndpoint } from '../src/mdx-endpoint.js';

const test = suite('mdx api page');

const endpoint = (value: string) => parseMdxEndpoint(value).endpoint!;

const fields: MdxParamField[] = [
  { in: 'path', name: 'userId', type: 'integer', isRequired: true, placeholder: 'Enter an id' },
  { in: 'query', name: 'limit', type: 'number', default: { value: 10 } },
  { in: 'query', name: 'tags', type: 'string[]' },
  { in: 'header', name: 'X-Trace', type: 'string' },
  { in: 'body', name: 'email', type: 'string', isRequired: true },
  { in: 'body', name: 'active', type: 'boolean', default: { value: true } },
  { in: 'body', name: 'email', type: 'number' },
];

test('should make parameters and a JSON body of the page fields', () => {
  const page = buildMdxApiPage({ slug: 'api/users', title: 'Update user', endpoint: endpoint('PATCH /v1/users/{userId}'), baseUrls: ['https://api.example.com/'], fields });
  assert.is(page.method, 'PATCH');
  assert.is(page.path, '/v1/users/{userId}');
  assert.equal(page.baseUrls, ['https://api.example.com/']);
  assert.equal(page.parameters.path.map((parameter) => [parameter.name, parameter.isRequired, parameter.schema?.types, parameter.example]), [['userId', true, ['integer'], { value: 'Enter an id' }]]);
  assert.equal(page.parameters.query.map((parameter) => [parameter.name, parameter.schema?.types, parameter.schema?.default]), [['limit', ['number'], { value: 10 }], ['tags', ['array'], undefined]]);
  assert.is(page.parameters.query[1]?.schema?.items?.types[0], 'string');
  assert.equal(page.parameters.header.map((parameter) => parameter.name), ['X-Trace']);
  const media = page.requestBody?.content[0];
  assert.is(media?.mediaType, 'application/json');
  // The first field of a name wins, as the reader sees it first.
  assert.equal(media?.schema?.properties?.map((property) => [property.name, property.isRequired, property.schema.types]), [['email', true, ['string']], ['active', false, ['boolean']]]);
  assert.equal(media?.examples[0]?.value, { email: 'string', active: true });
  assert.is(page.requestBody?.isRequired, true);
  assert.equal(page.responses, []);
});

test('should add an undocumented `{name}` of the path as a required string parameter', () => {
  const page = buildMdxApiPage({ slug: 'a', title: 'A', endpoint: endpoint('GET /a/:id/{other}'), baseUrls: ['https://api.example.com'], fields: [] });
  assert.equal(page.parameters.path.map((parameter) => [parameter.name, parameter.isRequired]), [['id', true], ['other', true]]);
  assert.is(page.requestBody, undefined);
});

test('should write request samples with the base URL, credentials placeholders and body, never a placeholder hint', () => {
  const page = buildMdxApiPage({
    slug: 'api/users',
    title: 'Update user',
    endpoint: endpoint('PATCH /v1/users/{userId}'),
    baseUrls: ['https://api.example.com/'],
    fields,
    auth: { method: 'key', name: 'x-api-key' },
  });
  const curl = page.codeSamples.find((sample) => sample.lang === 'bash')?.source ?? '';
  assert.ok(curl.startsWith("curl --request PATCH 'https://api.example.com/v1/users/{userId}?limit=10&tags="), curl);
  assert.ok(curl.includes("--header 'x-api-key: <api-key>'"), curl);
  assert.ok(curl.includes('"active": true'), curl);
  assert.not.ok(curl.includes('Enter an id'));
  assert.equal(page.codeSamples.map((sample) => sample.label), ['cURL', 'JavaScript', 'Python', 'Go']);
});

test('should take a full URL its own base, with `{host}` a server variable', () => {
  const page = buildMdxApiPage({ slug: 'u', title: 'U', endpoint: endpoint('POST https://{endpoint}/update/{namespace}'), baseUrls: ['https://ignored.example.com'], auth: { method: 'basic', name: undefined } });
  assert.equal(page.baseUrls, ['https://{endpoint}']);
  assert.equal(page.servers[0]?.variables.map((variable) => variable.name), ['endpoint']);
  assert.is(page.security[0]?.schemes[0]?.scheme, 'basic');
});

test('should leave out base URLs that are not absolute http(s) URLs', () => {
  const page = buildMdxApiPage({ slug: 'u', title: 'U', endpoint: endpoint('GET /x'), baseUrls: ['javascript:alert(1)', '/relative', 'https://ok.example.com'] });
  assert.equal(page.baseUrls, ['https://ok.example.com']);
  assert.equal(page.security, []);
});

test.run();
