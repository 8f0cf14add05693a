import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildOpenApiPages } from '../src/openapi-pages.js';
import type { SchemaModel } from '../src/schema-model.js';
import { loadFixture, withSpec } from './helpers.js';

const test = suite('schema model');

/** The 200 JSON schema of the first operation of a spec whose only schema is `schema`. */
function responseSchema(openapi: string, schema: unknown, components: Record<string, unknown> = {}): Promise<SchemaModel | undefined> {
  return withSpec(
    {
      openapi,
      info: { title: 'T', version: '1' },
      paths: { '/a': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema } } } } } } },
      components: { schemas: components },
    },
    (spec) => buildOpenApiPages(spec).pages[0]?.responses[0]?.content[0]?.schema,
  );
}

test('should normalise 3.1: type arrays, const, examples, exclusive bounds, variants, discriminator, allOf', async () => {
  const order = buildOpenApiPages(await loadFixture('openapi31', 'openapi.yaml')).pages[0]?.responses[0]?.content[0]?.schema;
  assert.is(order?.typeLabel, 'Order');
  const property = (name: string) => order?.properties?.find((p) => p.name === name);
  assert.equal([property('id')?.isRequired, property('id')?.schema.example], [true, { value: 'ord_123' }]);
  assert.equal(property('total')?.schema.types, ['number', 'null']);
  assert.is(property('total')?.schema.typeLabel, 'number | null');
  assert.equal(property('total')?.schema.constraints, { exclusiveMinimum: 0 });
  assert.equal([property('kind')?.schema.const, property('kind')?.schema.typeLabel], ['order', 'string']);
  const payment = property('payment')?.schema;
  assert.equal(payment?.variants?.options.map((option) => option.label), ['Card', 'Transfer']);
  assert.is(payment?.variants?.kind, 'oneOf');
  assert.is(payment?.typeLabel, 'Card | Transfer');
  assert.equal(payment?.discriminator, { propertyName: 'method', mapping: [{ value: 'card', label: 'Card' }, { value: 'transfer', label: 'Transfer' }] });
  assert.is(payment?.variants?.options[1]?.schema.properties?.[1]?.schema.isDeprecated, true);
  const audit = property('audit')?.schema;
  assert.equal(audit?.properties?.map((p) => [p.name, p.isRequired]), [['createdAt', true], ['by', false]]);
});

test('should normalise 3.0: nullable, boolean exclusive bounds, readOnly/writeOnly, enum, default, format', async () => {
  const schema = await responseSchema('3.0.3', {
    type: 'object',
    properties: {
      a: { type: 'integer', minimum: 1, exclusiveMinimum: true, maximum: 9 },
      b: { type: 'string', nullable: true, enum: ['x', 'y'], default: 'x', format: 'slug' },
      c: { type: 'string', readOnly: true },
      d: { type: 'string', writeOnly: true },
    },
  });
  const [a, b, c, d] = schema?.properties ?? [];
  assert.equal(a?.schema.constraints, { exclusiveMinimum: 1, maximum: 9 });
  assert.equal([b?.schema.typeLabel, b?.schema.enum, b?.schema.default, b?.schema.format], ['string | null', ['x', 'y'], { value: 'x' }, 'slug']);
  assert.equal([c?.schema.isReadOnly, d?.schema.isWriteOnly], [true, true]);
});

test('should label arrays, unions and untyped schemas', async () => {
  const schema = await responseSchema('3.1.0', {
    type: 'object',
    properties: {
      list: { type: 'array', items: { $ref: '#/components/schemas/User' } },
      nested: { type: 'array', items: { type: 'array', items: { type: ['string', 'integer'] } } },
      any: {},
      map: { type: 'object', additionalProperties: { type: 'integer' } },
      choice: { anyOf: [{ type: 'string' }, { type: 'object', title: 'Detailed', properties: { x: { type: 'string' } } }] },
    },
  }, { User: { type: 'object', properties: { name: { type: 'string' } } } });
  assert.equal(schema?.properties?.map((p) => p.schema.typeLabel), ['User[]', '(string | integer)[][]', 'any', 'object', 'string | object']);
  assert.equal(schema?.properties?.[4]?.schema.variants?.options.map((o) => o.label), ['string', 'Detailed']);
  assert.is((schema?.properties?.[3]?.schema.additionalProperties as SchemaModel).typeLabel, 'integer');
});

test('should mark recursion with the repeated schema and still build', async () => {
  const tree = buildOpenApiPages(await loadFixture('circular', 'openapi.yaml')).pages[0]?.responses[0]?.content[0]?.schema;
  assert.is(tree?.refName, 'Node');
  const children = tree?.properties?.find((p) => p.name === 'children')?.schema;
  assert.is(children?.typeLabel, 'Node[]');
  assert.is(children?.items?.recursive, 'Node');
  assert.is(children?.items?.properties, undefined);
  const example = buildOpenApiPages(await loadFixture('circular', 'openapi.yaml')).pages[0]?.responses[0]?.content[0]?.examples[0]?.value;
  assert.equal(example, { name: 'string', children: [] });
});

test('should share the model of a component that does not depend on where it is used', async () => {
  const pages = buildOpenApiPages(await loadFixture('tiny', 'openapi.yaml')).pages;
  const user = (index: number, status = 0) => pages[index]?.responses[status]?.content[0]?.schema;
  assert.ok(user(1) === user(2), 'same object for #/components/schemas/User');
});

test('should stop at the depth limit on very deep inline schemas', async () => {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let index = 0; index < 60; index++) schema = { type: 'object', properties: { next: schema } };
  let model = await responseSchema('3.0.3', schema);
  let depth = 0;
  while (model?.properties?.[0]) {
    model = model.properties[0].schema;
    depth++;
  }
  assert.is(model?.isTruncated, true);
  assert.ok(depth <= 33, String(depth));
});

test('should show an unresolved $ref by its name', async () => {
  const schema = await withSpec(
    { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } } } } } } } },
    (spec) => buildOpenApiPages(spec).pages[0]?.responses[0]?.content[0]?.schema,
  );
  assert.equal([schema?.typeLabel, schema?.refName], ['Missing', 'Missing']);
});

test.run();
