import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCodeSamples } from '../src/code-samples.js';
import { buildOpenApiPages } from '../src/openapi-pages.js';
import type { ApiPageModel } from '../src/page-model.js';
import { loadFixture, withSpec } from './helpers.js';

const test = suite('code samples');

const sample = (page: ApiPageModel | undefined, label: string) => page?.codeSamples.find((s) => s.label === label && s.isGenerated)?.source;

test('should write curl, fetch, requests and Go for a JSON request with bearer auth', async () => {
  const page = buildOpenApiPages(await loadFixture('tiny', 'openapi.yaml')).pages[1];
  assert.is(
    sample(page, 'cURL'),
    [
      "curl --request POST 'https://api.example.com/v1/users' \\",
      "  --header 'Authorization: Bearer <token>' \\",
      "  --header 'Content-Type: application/json' \\",
      "  --data '{",
      '  "name": "Ada",',
      '  "email": "ada@example.com"',
      "}'",
    ].join('\n'),
  );
  assert.is(
    sample(page, 'JavaScript'),
    [
      'const response = await fetch("https://api.example.com/v1/users", {',
      '  method: "POST",',
      '  headers: {',
      '    "Authorization": "Bearer <token>",',
      '    "Content-Type": "application/json",',
      '  },',
      '  body: JSON.stringify({',
      '    "name": "Ada",',
      '    "email": "ada@example.com"',
      '  }),',
      '});',
      '',
      'console.log(await response.json());',
    ].join('\n'),
  );
  const python = sample(page, 'Python') ?? '';
  assert.match(python, 'response = requests.request("POST", url, headers=headers, json=payload)');
  assert.match(python, 'payload = {\n    "name": "Ada",\n    "email": "ada@example.com"\n}');
  const go = sample(page, 'Go') ?? '';
  assert.match(go, 'req, err := http.NewRequest("POST", "https://api.example.com/v1/users", strings.NewReader(`{');
  assert.match(go, 'req.Header.Set("Authorization", "Bearer <token>")');
});

test('should fill path parameters from examples and add query (optional ones unless only required are asked for), header and API keys', () =>
  withSpec(
    {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      servers: [{ url: 'https://api.example.com/' }],
      components: { securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'api_key' } } },
      security: [{ key: [] }],
      paths: {
        '/users/{id}/posts/{postId}': {
          get: {
            parameters: [
              { name: 'id', in: 'path', required: true, example: 'u 1', schema: { type: 'string' } },
              { name: 'postId', in: 'path', required: true, schema: { type: 'integer' } },
              { name: 'page', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } },
              { name: 'sort', in: 'query', schema: { type: 'string' } },
              { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string', example: 'acme' } },
            ],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    },
    (spec) => {
      const page = buildOpenApiPages(spec).pages[0];
      assert.is(sample(page, 'cURL'), "curl --request GET 'https://api.example.com/users/u%201/posts/{postId}?page=1&sort=string&api_key=%3Capi-key%3E' \\\n  --header 'X-Tenant: acme'");
      const required = buildOpenApiPages(spec, { exampleParameters: 'required' }).pages[0];
      assert.is(sample(required, 'cURL'), "curl --request GET 'https://api.example.com/users/u%201/posts/{postId}?page=1&api_key=%3Capi-key%3E' \\\n  --header 'X-Tenant: acme'");
    },
  ),
);

test('should quote hostile values so no sample breaks out of its string', () => {
  const page = {
    method: 'POST',
    path: "/a'; rm -rf / #",
    baseUrls: ['https://x.example.com'],
    parameters: { path: [], query: [], header: [], cookie: [] },
    security: [],
    requestBody: {
      description: '',
      isRequired: true,
      content: [{ mediaType: 'text/plain', schema: undefined, examples: [{ name: 'e', summary: undefined, description: '', value: "it's `done` \"now\"\n$(id)", isGenerated: false }] }],
    },
  } satisfies Parameters<typeof generateCodeSamples>[0];
  const samples = generateCodeSamples(page);
  const curl = samples[0]?.source ?? '';
  assert.is(curl, "curl --request POST 'https://x.example.com/a'\\''; rm -rf / #' \\\n  --header 'Content-Type: text/plain' \\\n  --data 'it'\\''s `done` \"now\"\n$(id)'");
  const go = samples[3]?.source ?? '';
  assert.match(go, 'strings.NewReader("it\'s `done` \\"now\\"\\n$(id)")', 'a body with a backtick is an interpreted Go string');
  const js = samples[1]?.source ?? '';
  assert.match(js, 'body: "it\'s `done` \\"now\\"\\n$(id)",');
});

test('should make a body with only the required properties when asked, and keep the spec\'s own example as written', () => {
  const media = (example?: unknown) => ({
    mediaType: 'application/json',
    schema: {
      types: ['object'],
      properties: [
        { name: 'name', isRequired: true, schema: { types: ['string'] } },
        { name: 'nickname', isRequired: false, schema: { types: ['string'] } },
        { name: 'address', isRequired: true, schema: { types: ['object'], properties: [{ name: 'city', isRequired: true, schema: { types: ['string'] } }, { name: 'zip', isRequired: false, schema: { types: ['string'] } }] } },
      ],
    },
    examples: example === undefined ? [] : [{ value: example, isGenerated: false }],
  });
  const operation = (content: unknown) =>
    ({ method: 'POST', path: '/people', baseUrls: ['https://x.example.com'], parameters: { path: [], query: [], header: [], cookie: [] }, security: [], requestBody: { content: [content] } }) as unknown as Parameters<typeof generateCodeSamples>[0];
  const body = (content: unknown, parameters?: 'all' | 'required') => /--data '([^']*)'/.exec(generateCodeSamples(operation(content), { parameters })[0]?.source ?? '')?.[1];
  assert.equal(JSON.parse(body(media()) ?? ''), { name: 'string', nickname: 'string', address: { city: 'string', zip: 'string' } });
  assert.equal(JSON.parse(body(media(), 'required') ?? ''), { name: 'string', address: { city: 'string' } });
  assert.equal(JSON.parse(body(media({ name: 'Ada', nickname: 'A' }), 'required') ?? ''), { name: 'Ada', nickname: 'A' }, 'the author\'s example stays whole');
});

test('should send forms as fields and basic auth as a placeholder', async () => {
  const upload = buildOpenApiPages(await loadFixture('swagger2', 'swagger.json')).pages[2];
  assert.is(
    sample(upload, 'cURL'),
    "curl --request POST 'https://petstore.example.com/v2/pets/{petId}/photo' \\\n  --form 'caption=string' \\\n  --form 'file=<binary>'",
  );
  assert.match(sample(upload, 'Python') ?? '', "files={key: (None, value) for key, value in payload.items()}");
});

test.run();
