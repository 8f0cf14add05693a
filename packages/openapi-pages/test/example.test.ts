import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateExample, maxExampleValues } from '../src/example.js';
import { buildOpenApiPages } from '../src/openapi-pages.js';
import type { SchemaModel } from '../src/schema-model.js';
import { withSpec } from './helpers.js';

const test = suite('generateExample');

/** The request body model of a one-operation spec. */
function bodyModel(schema: unknown, schemas: Record<string, unknown> = {}): Promise<SchemaModel> {
  return withSpec(
    {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { '/a': { post: { requestBody: { content: { 'application/json': { schema } } }, responses: { '200': { description: 'OK' } } } } },
      components: { schemas },
    },
    (spec) => buildOpenApiPages(spec).pages[0]?.requestBody?.content[0]?.schema as SchemaModel,
  );
}

test('should fill real values from the spec: example, examples, default, const, an enum\'s first value', async () => {
  const model = await bodyModel({
    type: 'object',
    properties: {
      prompt: { type: 'string', examples: ['Write a haiku about the sea'] },
      model: { type: 'string', enum: ['small', 'large'] },
      temperature: { type: 'number', default: 0.7 },
      kind: { const: 'chat' },
      user: { type: 'string', example: 'ada' },
      id: { type: 'string', format: 'uuid' },
      count: { type: 'integer', minimum: 3 },
    },
  });
  assert.equal(generateExample(model, 'request'), {
    prompt: 'Write a haiku about the sea',
    model: 'small',
    temperature: 0.7,
    kind: 'chat',
    user: 'ada',
    // Shaped values only where the spec gives none.
    id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    count: 3,
  });
});

test('should leave out a schema that repeats one above it, and follow the other options', async () => {
  const model = await bodyModel(
    { $ref: '#/components/schemas/Customer' },
    {
      Customer: { type: 'object', properties: { name: { type: 'string', example: 'Ada' }, invoice: { anyOf: [{ $ref: '#/components/schemas/Invoice' }, { type: 'string' }] } } },
      Invoice: { type: 'object', properties: { total: { type: 'integer', example: 5 }, customer: { anyOf: [{ $ref: '#/components/schemas/Customer' }, { type: 'string', example: 'cus_1' }] } } },
    },
  );
  assert.equal(generateExample(model, 'response'), { name: 'Ada', invoice: { total: 5, customer: 'cus_1' } });
});

test('should cap the size of an example', async () => {
  // 40 properties of 40 properties of 40: 64,000 values if built whole.
  const leaf = { type: 'object', properties: Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`p${index}`, { type: 'string' }])) };
  const middle = { type: 'object', properties: Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`m${index}`, leaf])) };
  const top = { type: 'object', properties: Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`t${index}`, middle])) };
  const example = generateExample(await bodyModel(top), 'request');
  const count = (value: unknown): number => (typeof value === 'object' && value !== null ? 1 + Object.values(value).reduce<number>((sum, item) => sum + count(item), 0) : 1);
  assert.ok(count(example) <= maxExampleValues, String(count(example)));
  assert.ok(count(example) > maxExampleValues / 2, String(count(example)));
});

test.run();
