import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiPages, loadSpec, type ApiPages } from '@docsgen/openapi-pages';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderApiOperation, renderSchemaFile, type PlaygroundSettings, type SchemaFile } from '../src/index.js';

const test = suite('API schema fields: bounded pages, on-demand levels, field ids');

const playground: PlaygroundSettings = { mode: 'interactive', proxy: false, proxyUrl: '/_docsgen/proxy', auth: { method: 'none', name: undefined } };

/** Pages and schemas of a spec whose one operation takes and returns `#/components/schemas/<root>`. */
async function build(root: string, schemas: Record<string, unknown>, parameters: unknown[] = []): Promise<ApiPages> {
  const folder = mkdtempSync(join(tmpdir(), 'renderer-api-schema-'));
  try {
    const ref = { $ref: `#/components/schemas/${root}` };
    const spec = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { '/things': { post: { parameters, requestBody: { content: { 'application/json': { schema: ref } } }, responses: { '200': { description: 'OK', content: { 'application/json': { schema: ref } } } } } } },
      components: { schemas },
    };
    writeFileSync(join(folder, 'openapi.json'), JSON.stringify(spec));
    return buildOpenApiPages(await loadSpec(folder, 'openapi.json'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const node = {
  Node: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The name.' },
      parent: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/Node' }] },
      children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
    },
  },
};

/** A schema nested `levels` deep: `level1.level2.….leaf`. */
function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let index = levels; index >= 1; index--) schema = { type: 'object', properties: { [`level${index}`]: schema, [`note${index}`]: { type: 'string' } } };
  return { Deep: schema };
}

test('should give every parameter and field an id in the hosted platform\'s format', async () => {
  const pages = await build('Node', node, [{ name: 'page size', in: 'query', schema: { type: 'integer' } }, { name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  const { html } = renderApiOperation({ page: pages.pages[0]!, playground, schemaFile: 'api-schemas-test.json' });
  for (const id of ['parameter-id', 'parameter-page-size', 'body-name', 'body-parent', 'body-children', 'response-name', 'response-children']) {
    assert.match(html, ` id="${id}"`, id);
  }
  // Nested fields of an operation drawn inside another page carry that operation's prefix.
  const embedded = renderApiOperation({ page: pages.pages[0]!, playground, schemaFile: 'api-schemas-test.json', idPrefix: 'dg-api-things-' }).html;
  assert.match(embedded, ' id="dg-api-things-body-name"');
});

test('should draw only the top level with a schema file, whatever the depth or cycles of the spec', async () => {
  const cyclic = await build('Node', node);
  const { html } = renderApiOperation({ page: cyclic.pages[0]!, playground, schemaFile: 'api-schemas-test.json' });
  const nodeModel = cyclic.pages[0]!.responses[0]!.content[0]!.schema!;
  // `children` (Node[]) opens Node's own fragment: the cycle is a reference, not a copy.
  assert.match(html, new RegExp(`<details [^>]*hidden data-dg-schema="${nodeModel.id}" data-dg-schema-file="api-schemas-test.json" data-dg-field-id="body-children" data-dg-field-kind="param"`));
  assert.not.match(html, 'id="body-children-name"');
  assert.not.match(html, 'id="body-parent-name"');
  // A 30-level object draws as many fields as a 2-level one: the top level.
  const fields = (html: string) => (html.match(/class="dg-field dg-api-field"/g) ?? []).length;
  const deep = renderApiOperation({ page: (await build('Deep', nested(30))).pages[0]!, playground, schemaFile: 'api-schemas-test.json' }).html;
  const shallow = renderApiOperation({ page: (await build('Deep', nested(2))).pages[0]!, playground, schemaFile: 'api-schemas-test.json' }).html;
  assert.not.match(deep, 'id="body-level1-level2"');
  assert.is(fields(deep), 4);
  assert.is(fields(deep), fields(shallow));
});

test('should write each schema\'s fields once in the schema file, one level deep, cycles by reference', async () => {
  const cyclic = await build('Node', node);
  const file = JSON.parse(renderSchemaFile(cyclic.schemas)) as SchemaFile;
  const nodeModel = cyclic.pages[0]!.responses[0]!.content[0]!.schema!;
  const fragment = file.fragments[nodeModel.id]!;
  assert.match(fragment, 'id="dg7sf9q-name"');
  assert.match(fragment, '<p>The name.</p>');
  // Node's fields open Node again, from the same fragment: a reader follows the cycle by clicking.
  // (the field's id, kind and the file's name come from the page it is opened in).
  assert.match(fragment, `<div class="dg-field dg-api-field" data-field="param" id="dg7sf9q-children">`);
  assert.match(fragment, `<details class="dg-expandable dg-api-children" hidden data-dg-schema="${nodeModel.id}"><summary`);
  // `parent` is `string | Node`: the Node option opens on demand, its fields are not copied.
  assert.is(fragment.split('The name.').length - 1, 1);
  // One fragment per schema with fields: Node and the `parent` anyOf.
  assert.is(Object.keys(file.fragments).length, 2);
  // A 30-level object: one small fragment per level, none holding the levels below it.
  const deep = JSON.parse(renderSchemaFile((await build('Deep', nested(30))).schemas)) as SchemaFile;
  assert.is(Object.keys(deep.fragments).length, 30);
  assert.ok(Object.values(deep.fragments).every((html) => (html.match(/class="dg-field /g) ?? []).length === 2));
});

test('should draw fields to a bounded depth without a schema file, a cycle named and never repeated', async () => {
  const cyclic = await build('Node', node);
  const { html } = renderApiOperation({ page: cyclic.pages[0]!, playground });
  // `children` repeats the body's own schema: named, not drawn again.
  assert.match(html, /id="body-children"><div class="dg-field-head"><code class="dg-field-name">children<\/code><span class="dg-field-type">array of Node<\/span><span class="dg-field-badge" data-badge="recursive" title="Repeats Node">recursive<\/span>/);
  assert.match(html, 'Recursive: repeats <code>Node</code>, shown above.');
  assert.not.match(html, 'id="body-children-name"');
  // `parent`'s Node option is the body's schema too: its fields are not drawn under it.
  assert.not.match(html, 'id="body-parent-name"');
  const deep = renderApiOperation({ page: (await build('Deep', nested(30))).pages[0]!, playground }).html;
  assert.match(deep, 'id="body-level1-level2-level3"');
  assert.not.match(deep, 'id="body-level1-level2-level3-level4"');
});

test.run();
