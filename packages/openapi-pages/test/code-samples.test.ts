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

/** An operation shaped like a gateway's chat endpoint: each language twice, `Default` and `Self-Hosted`, under `x-code-samples`. */
const labelledSpec = (samples: unknown[]) => ({
  openapi: '3.1.0',
  info: { title: 'Gateway', version: '1' },
  servers: [{ url: 'https://gateway.example.com/v1' }],
  paths: { '/chat': { post: { operationId: 'chat', 'x-code-samples': samples, responses: { '200': { description: 'OK' } } } } },
});
const variants = (lang: string) => [
  { lang, label: 'Default', source: `${lang} default` },
  { lang, label: 'Self-Hosted', source: `${lang} self-hosted` },
];

test('should read x-code-samples labels as variants of their language, named as the platform names languages', () =>
  withSpec(labelledSpec([...variants('cURL'), ...variants('python'), ...variants('javascript')]), (loaded) => {
    const page = buildOpenApiPages(loaded).pages[0]!;
    const own = page.codeSamples.filter((item) => !item.isGenerated);
    assert.equal(
      own.map((item) => [item.lang, item.language, item.variant, item.label]),
      [
        ['bash', 'cURL', 'Default', 'cURL · Default'],
        ['bash', 'cURL', 'Self-Hosted', 'cURL · Self-Hosted'],
        ['python', 'Python', 'Default', 'Python · Default'],
        ['python', 'Python', 'Self-Hosted', 'Python · Self-Hosted'],
        ['javascript', 'JavaScript', 'Default', 'JavaScript · Default'],
        ['javascript', 'JavaScript', 'Self-Hosted', 'JavaScript · Self-Hosted'],
      ],
    );
    assert.is(own[3]!.source, 'python self-hosted');
    // The platform keeps generating samples (`api.examples.autogenerate` defaults to true), but a
    // generated cURL beside the spec's own would be a different request under the same name.
    assert.equal(
      page.codeSamples.filter((item) => item.isGenerated).map((item) => item.label),
      ['Go'],
      'only languages the spec does not cover are generated',
    );
  }));

test('should keep a label that names its language, drop one that only repeats it, and read aliases', () =>
  withSpec(
    labelledSpec([
      { lang: 'ruby', label: 'Ruby SDK', source: 'a' },
      { lang: 'py', label: 'Python', source: 'b' },
      { lang: 'go', label: 'Google Cloud', source: 'c' },
      { lang: 'elixir', source: 'd' },
      { lang: 'shell', source: 'e' },
    ]),
    (loaded) => {
      const page = buildOpenApiPages(loaded).pages[0]!;
      assert.equal(
        page.codeSamples.map((item) => [item.lang, item.label, item.variant ?? null, item.isGenerated]),
        [
          ['ruby', 'Ruby SDK', 'Ruby SDK', false],
          ['python', 'Python', null, false],
          ['go', 'Go · Google Cloud', 'Google Cloud', false],
          ['elixir', 'elixir', null, false],
          ['bash', 'cURL', null, false],
          ['javascript', 'JavaScript', null, true],
        ],
      );
    },
  ));

test.run();
