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

test('should make a cycle a reference to the same model, and still build an example', async () => {
  const tree = buildOpenApiPages(await loadFixture('circular', 'openapi.yaml')).pages[0]?.responses[0]?.content[0]?.schema;
  assert.is(tree?.refName, 'Node');
  const children = tree?.properties?.find((p) => p.name === 'children')?.schema;
  assert.is(children?.typeLabel, 'Node[]');
  assert.ok(children?.items === tree, 'children.items is the Node model itself');
  const example = buildOpenApiPages(await loadFixture('circular', 'openapi.yaml')).pages[0]?.responses[0]?.content[0]?.examples[0]?.value;
  assert.equal(example, { name: 'string', children: [] });
});

test('should share the model of a component wherever it is used', async () => {
  const pages = buildOpenApiPages(await loadFixture('tiny', 'openapi.yaml')).pages;
  const user = (index: number, status = 0) => pages[index]?.responses[status]?.content[0]?.schema;
  assert.ok(user(1) === user(2), 'same object for #/components/schemas/User');
});

/** A spec with one operation whose 200 response is `#/components/schemas/<root>`. */
function graphSpec(root: string, schemas: Record<string, unknown>, requestBody?: unknown) {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/a': {
        post: {
          ...(requestBody ? { requestBody: { content: { 'application/json': { schema: requestBody } } } } : {}),
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${root}` } } } } },
        },
      },
    },
    components: { schemas },
  };
}

/** Every model reachable from `model`, each once (by identity). */
function reachable(model: SchemaModel): Set<SchemaModel> {
  const seen = new Set<SchemaModel>();
  const queue = [model];
  while (queue.length > 0) {
    const next = queue.pop() as SchemaModel;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const property of next.properties ?? []) queue.push(property.schema);
    if (next.items) queue.push(next.items);
    if (typeof next.additionalProperties === 'object') queue.push(next.additionalProperties);
    for (const option of next.variants?.options ?? []) queue.push(option.schema);
  }
  return seen;
}

test('should normalise deep cycles through anyOf once per schema (Stripe\'s expandable fields)', async () => {
  // Customer.invoice: string | Invoice; Invoice.customer: string | Customer; …, five schemas around.
  const names = ['Customer', 'Invoice', 'Subscription', 'Plan', 'Product'];
  const schemas: Record<string, unknown> = {};
  names.forEach((name, index) => {
    const next = names[(index + 1) % names.length] as string;
    schemas[name] = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        [next.toLowerCase()]: { anyOf: [{ type: 'string' }, { $ref: `#/components/schemas/${next}` }] },
        also: { anyOf: [{ type: 'string' }, { $ref: `#/components/schemas/${names[(index + 2) % names.length]}` }] },
      },
    };
  });
  const result = await withSpec(graphSpec('Customer', schemas), (spec) => buildOpenApiPages(spec));
  const customer = result.pages[0]?.responses[0]?.content[0]?.schema as SchemaModel;
  const seen = reachable(customer);
  // Five components, each with `id`, two anyOf holders and their two `string` options: 5 × 6 = 30 models.
  assert.is(seen.size, 30);
  assert.equal(new Set([...seen].map((model) => model.id)).size, seen.size, 'ids are unique');
  const invoice = customer.properties?.[1]?.schema.variants?.options[1]?.schema;
  assert.is(invoice?.refName, 'Invoice');
  const back = names.reduce<SchemaModel | undefined>((model) => model?.properties?.[1]?.schema.variants?.options[1]?.schema, customer);
  assert.ok(back === customer, 'five hops around the cycle lead back to the same Customer model');
  assert.is(customer.properties?.[1]?.schema.typeLabel, 'string | Invoice');
  // Every model the pages use is listed once in `schemas`.
  assert.ok([...seen].every((model) => result.schemas.includes(model)));
  assert.equal(new Set(result.schemas).size, result.schemas.length);
});

test('should normalise mutual recursion with both schemas pointing at each other', async () => {
  const result = await withSpec(
    graphSpec('Person', {
      Person: { type: 'object', properties: { employer: { $ref: '#/components/schemas/Company' } } },
      Company: { type: 'object', properties: { staff: { type: 'array', items: { $ref: '#/components/schemas/Person' } } } },
    }),
    (spec) => buildOpenApiPages(spec),
  );
  const person = result.pages[0]?.responses[0]?.content[0]?.schema;
  const company = person?.properties?.[0]?.schema;
  assert.equal([company?.typeLabel, company?.properties?.[0]?.schema.typeLabel], ['Company', 'Person[]']);
  assert.ok(company?.properties?.[0]?.schema.items === person);
});

test('should merge allOf chains, a part that leads back to the schema included', async () => {
  const result = await withSpec(
    graphSpec('C', {
      A: { type: 'object', required: ['a'], properties: { a: { type: 'string' }, parent: { $ref: '#/components/schemas/C' } } },
      B: { allOf: [{ $ref: '#/components/schemas/A' }, { type: 'object', properties: { b: { type: 'integer' } } }] },
      C: { description: 'The last of the chain', allOf: [{ $ref: '#/components/schemas/B' }, { properties: { c: { type: 'boolean' } } }] },
    }),
    (spec) => buildOpenApiPages(spec),
  );
  const c = result.pages[0]?.responses[0]?.content[0]?.schema;
  assert.equal(c?.properties?.map((p) => [p.name, p.isRequired]), [['a', true], ['parent', false], ['b', false], ['c', false]]);
  assert.equal([c?.typeLabel, c?.description], ['C', 'The last of the chain']);
  assert.ok(c?.properties?.[1]?.schema === c, 'parent is C itself');
});

test('should normalise a 30-level nested object in full, linearly', async () => {
  let schema: Record<string, unknown> = { type: 'string', example: 'leaf' };
  for (let index = 0; index < 30; index++) schema = { type: 'object', properties: { [`level${30 - index}`]: schema } };
  let model = await responseSchema('3.0.3', schema);
  let depth = 0;
  while (model?.properties?.[0]) {
    model = model.properties[0].schema;
    depth++;
  }
  assert.is(depth, 30);
  assert.equal(model?.example, { value: 'leaf' });
});

test('should give a self-referencing array its own model as items', async () => {
  const result = await withSpec(graphSpec('List', { List: { type: 'array', items: { $ref: '#/components/schemas/List' } } }), (spec) => buildOpenApiPages(spec));
  const list = result.pages[0]?.responses[0]?.content[0]?.schema;
  assert.ok(list?.items === list);
  assert.is(list?.typeLabel, 'List[]');
  assert.equal(result.pages[0]?.responses[0]?.content[0]?.examples[0]?.value, []);
});

test('should let keywords beside a $ref win, also on a cycle, without changing the target', async () => {
  const result = await withSpec(
    graphSpec('Node', {
      Node: {
        type: 'object',
        description: 'A node',
        properties: { name: { type: 'string' }, parent: { $ref: '#/components/schemas/Node', description: 'The parent node', deprecated: true } },
      },
    }),
    (spec) => buildOpenApiPages(spec),
  );
  const node = result.pages[0]?.responses[0]?.content[0]?.schema;
  const parent = node?.properties?.[1]?.schema;
  assert.equal([parent?.description, parent?.isDeprecated, parent?.typeLabel], ['The parent node', true, 'Node']);
  assert.equal(parent?.properties?.map((p) => p.name), ['name', 'parent'], 'the target\'s fields, completed after the cycle');
  assert.ok(parent !== node && parent?.id !== node?.id);
  assert.equal([node?.description, node?.isDeprecated], ['A node', false]);
});

test('should stop a chain of $refs that leads back to itself', async () => {
  const result = await withSpec(
    graphSpec('A', { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } }),
    (spec) => buildOpenApiPages(spec),
  );
  assert.ok(result.pages[0]?.responses[0]?.content[0]?.schema !== undefined);
});

test('should build a chain of thousands of schemas without running out of stack', async () => {
  const schemas: Record<string, unknown> = {};
  const count = 5000;
  for (let index = 0; index < count; index++) {
    schemas[`S${index}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/S${(index + 1) % count}` }, list: { type: 'array', items: { $ref: `#/components/schemas/S${(index + 1) % count}` } } } };
  }
  // The last link merges the first (an `allOf` part filled after the schema that merges it).
  schemas[`S${count - 1}`] = { allOf: [{ $ref: '#/components/schemas/S0' }, { properties: { last: { type: 'boolean' } } }] };
  const result = await withSpec(graphSpec('S0', schemas), (spec) => buildOpenApiPages(spec));
  let model = result.pages[0]?.responses[0]?.content[0]?.schema;
  for (let index = 0; index < count - 1; index++) model = model?.properties?.[0]?.schema;
  assert.is(model?.refName, `S${count - 1}`);
  assert.equal(model?.properties?.map((property) => property.name), ['next', 'list', 'last']);
  // Its `next` is S0's own (merged from S0): the model of S1, shared.
  assert.ok(model?.properties?.[0]?.schema === result.pages[0]?.responses[0]?.content[0]?.schema?.properties?.[0]?.schema);
  assert.is(result.pages[0]?.responses[0]?.content[0]?.schema?.properties?.[1]?.schema.typeLabel, 'S1[]');
});

test('should build the models of a spec of many interlinked schemas in linear time', async () => {
  // 400 schemas, each referring to the next ten: the old expansion took exponential time here.
  const schemas: Record<string, unknown> = {};
  const count = 400;
  for (let index = 0; index < count; index++) {
    const properties: Record<string, unknown> = { id: { type: 'string' } };
    for (let step = 1; step <= 10; step++) properties[`s${step}`] = { anyOf: [{ type: 'string' }, { $ref: `#/components/schemas/S${(index + step) % count}` }] };
    schemas[`S${index}`] = { type: 'object', properties };
  }
  const result = await withSpec(graphSpec('S0', schemas), (spec) => buildOpenApiPages(spec));
  // Per schema: itself, `id`, ten anyOf holders; one shared `string` option per holder: 1 + 1 + 10 + 10.
  assert.ok(result.schemas.length <= count * 22 + 10, String(result.schemas.length));
});

test('should show an unresolved $ref by its name', async () => {
  const schema = await withSpec(
    { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } } } } } } } },
    (spec) => buildOpenApiPages(spec).pages[0]?.responses[0]?.content[0]?.schema,
  );
  assert.equal([schema?.typeLabel, schema?.refName], ['Missing', 'Missing']);
});

test.run();
