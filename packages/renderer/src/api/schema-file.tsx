/** @jsxRuntime automatic @jsxImportSource preact */
import type { SchemaModel } from '@docsgen/openapi-pages';
import { renderToString } from 'preact-render-to-string';
import { RenderContext } from '../render-context.js';
import { SchemaInsertions, schemaFileToken } from './schema-cache.js';
import { FieldScopeContext, fragmentOf, hasChildren, SchemaBody } from './schema-fields.js';

/**
 * Stands for the id of the field a fragment is opened under (`body-customer`): the reader's
 * browser puts that id in its place, so the fields inside get ids such as `body-customer-name`.
 */
export const schemaFieldToken = 'dg7sf9q';


/** What `renderSchemaFile` writes: one fragment of HTML per schema that has fields. */
export interface SchemaFile {
  version: 1;
  /** `SchemaModel.id` → the HTML of its fields, one level (trusted: made by the renderer, spec text sanitised). */
  fragments: Record<string, string>;
}

/**
 * The schema file of one spec: for every schema with nested fields (or `oneOf`/`anyOf`
 * options), the HTML of its fields one level deep, each field below with its own toggle. Pages
 * draw only the top level of an operation's fields; `assets/api-schema.js` fetches this file
 * when a reader first opens a field, and inserts the fragment of the field's schema. Each
 * schema is written once, so the file is linear in the size of the spec, and a reader can
 * follow a cycle as far as they click.
 *
 * @returns
 *   JSON text of a `SchemaFile`.
 */
export function renderSchemaFile(schemas: readonly SchemaModel[]): string {
  const fragments: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const schema of schemas) {
    // An array's toggle names its items' fragment: the array itself needs none.
    if (!hasChildren(schema) || fragmentOf(schema) !== schema || schema.id in fragments) continue;
    fragments[schema.id] = renderToString(
      <RenderContext.Provider value={{ mode: 'html', idPrefix: `${schemaFieldToken}-v` }}>
        <SchemaInsertions.Provider value={{ next: 0, prefix: 'dg-api-', schemaFile: schemaFileToken }}>
          <FieldScopeContext.Provider value={{ idPrefix: schemaFieldToken, depth: 0, ancestors: [schema] }}>
            <SchemaBody schema={schema} kind="param" />
          </FieldScopeContext.Provider>
        </SchemaInsertions.Provider>
      </RenderContext.Provider>,
    );
  }
  const file: SchemaFile = { version: 1, fragments };
  return `${JSON.stringify(file)}\n`;
}
