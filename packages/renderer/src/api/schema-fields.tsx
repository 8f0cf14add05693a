/** @jsxRuntime automatic @jsxImportSource preact */
import type { SchemaModel } from '@docsgen/openapi-pages';
import type { ComponentChildren } from 'preact';
import { useRenderContext } from '../render-context.js';
import { TabSet } from '../components/tab-set.js';
import { useContext } from 'preact/hooks';
import { CachedSchema, SchemaExpanded } from './schema-cache.js';
import { recursiveName, SchemaFacts, schemaFacts, typeText } from './schema-facts.js';
import { SpecMarkdown, valueText } from './schema-text.js';

/** `data-field` of a field, as `ParamField` (request) and `ResponseField` (response) write it. */
export type FieldKind = 'param' | 'response';

/** One named field: a property, a parameter, a response header or a security scheme. */
export interface FieldInput {
  name: string;
  schema: SchemaModel | undefined;
  isRequired: boolean;
  isDeprecated: boolean;
  /** Markdown (untrusted); the schema's own description when empty. */
  description: string;
  /** `data-location` of the field (`path`, `query`, …), as `ParamField` writes it. */
  location?: string | undefined;
  /** Value for the example line when the schema has none of its own (a parameter's `example`). */
  example?: { value: unknown } | undefined;
  /** Overrides the type text (security schemes). */
  type?: string | undefined;
  /** Extra lines under the description (scopes of a security scheme). */
  extra?: ComponentChildren;
  /** Pills after the badges: a spec extension's key and its value (text). */
  pills?: Array<{ key: string; text: string }> | undefined;
}

/** Fields one level below a schema: its properties, its items' properties, extra keys. */
function childFields(schema: SchemaModel): FieldInput[] {
  if (schema.recursive || schema.isTruncated) return [];
  const target = schema.items && !schema.properties && !schema.variants ? schema.items : schema;
  if (target !== schema && (target.recursive || target.isTruncated)) return [];
  const fields: FieldInput[] = (target.properties ?? []).map((property) => ({
    name: property.name,
    schema: property.schema,
    isRequired: property.isRequired,
    isDeprecated: false,
    description: '',
  }));
  if (typeof target.additionalProperties === 'object') {
    fields.push({ name: '[key]', schema: target.additionalProperties, isRequired: false, isDeprecated: false, description: 'Any other key.' });
  }
  return fields;
}

function variantsOf(schema: SchemaModel): SchemaModel['variants'] {
  if (schema.variants) return schema.variants;
  if (schema.items && !schema.properties && !schema.items.recursive) return schema.items.variants;
  return undefined;
}

/** Whether a field has anything to expand: nested fields or variants. */
function hasChildren(schema: SchemaModel | undefined): schema is SchemaModel {
  return schema !== undefined && (childFields(schema).length > 0 || variantsOf(schema) !== undefined);
}

/** The fields under a schema and its `oneOf`/`anyOf` switch, without any wrapper. */
export function SchemaBody(props: { schema: SchemaModel; kind: FieldKind }) {
  if (!hasChildren(props.schema)) return null;
  return <CachedSchema schema={props.schema} cacheKey={props.kind} render={() => <SchemaBodyContent schema={props.schema} kind={props.kind} />} />;
}

function SchemaBodyContent(props: { schema: SchemaModel; kind: FieldKind }) {
  const fields = childFields(props.schema);
  const variants = variantsOf(props.schema);
  return (
    <>
      {fields.length > 0 && <FieldList fields={fields} kind={props.kind} />}
      {variants && <Variants variants={variants} kind={props.kind} />}
    </>
  );
}

/** `oneOf` / `anyOf`: tabs, one per option (markdown mode: a list of options). */
function Variants(props: { variants: NonNullable<SchemaModel['variants']>; kind: FieldKind }) {
  const { mode } = useRenderContext();
  const { kind, options } = props.variants;
  const label = kind === 'oneOf' ? 'One of' : 'Any of';
  if (mode === 'markdown') {
    return (
      <>
        <p>{label}:</p>
        <ul>
          {options.map((option) => (
            <li>
              <p>
                <strong>{option.label}</strong> ({typeText(option.schema)})
              </p>
              <SpecMarkdown text={option.schema.description} />
              <SchemaFacts schema={option.schema} />
              <SchemaBody schema={option.schema} kind={props.kind} />
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <div class="dg-api-variants" data-kind={kind}>
      <p class="dg-api-variants-label">{label}</p>
      <TabSet
        items={options.map((option) => ({
          label: option.label,
          content: (
            <>
              <p class="dg-api-variant-type">
                <span class="dg-field-type">{typeText(option.schema)}</span>
              </p>
              <SpecMarkdown text={option.schema.description} />
              <SchemaFacts schema={option.schema} />
              <SchemaBody schema={option.schema} kind={props.kind} />
            </>
          ),
        }))}
        defaultIndex={0}
        sync={false}
        kind="tabs"
      />
    </div>
  );
}

/** A list of fields: `ParamField`-style rows (markdown mode: one `<ul>`). */
export function FieldList(props: { fields: FieldInput[]; kind: FieldKind }) {
  const { mode } = useRenderContext();
  const { kind } = props;
  if (mode === 'markdown') {
    return (
      <ul>
        {props.fields.map((field) => (
          <MarkdownField field={field} kind={kind} />
        ))}
      </ul>
    );
  }
  return (
    <div class="dg-api-fields">
      {props.fields.map((field) => (
        <HtmlField field={field} kind={kind} />
      ))}
    </div>
  );
}

function defaultOf(field: FieldInput): string | undefined {
  const fallback = field.schema?.default;
  return fallback === undefined ? undefined : valueText(fallback.value);
}

function flagsOf(field: FieldInput): { isDeprecated: boolean; isReadOnly: boolean; isWriteOnly: boolean; isRecursive: boolean } {
  return {
    isDeprecated: field.isDeprecated || field.schema?.isDeprecated === true,
    isReadOnly: field.schema?.isReadOnly === true,
    isWriteOnly: field.schema?.isWriteOnly === true,
    isRecursive: field.schema !== undefined && recursiveName(field.schema) !== undefined,
  };
}

/** The same markup and classes as `ParamField` / `ResponseField`, plus read-only, write-only and recursive badges. */
function HtmlField(props: { field: FieldInput; kind: FieldKind }) {
  const { field } = props;
  const schema = field.schema;
  const type = field.type ?? (schema ? typeText(schema) : undefined);
  const fallback = defaultOf(field);
  const flags = flagsOf(field);
  const description = field.description !== '' ? field.description : schema?.description;
  const facts = schema ? schemaFacts(schema, field.example) : [];
  const isExpandable = hasChildren(schema);
  const isExpanded = useContext(SchemaExpanded);
  const hasBody = (description !== undefined && description.trim() !== '') || facts.length > 0 || Boolean(field.extra) || isExpandable;
  return (
    <div class="dg-field dg-api-field" data-field={props.kind} data-location={field.location}>
      <div class="dg-field-head">
        <code class="dg-field-name">{field.name}</code>
        {type !== undefined && <span class="dg-field-type">{type}</span>}
        {fallback !== undefined && (
          <span class="dg-field-default">
            default: <code>{fallback}</code>
          </span>
        )}
        {field.isRequired && (
          <span class="dg-field-badge" data-badge="required">
            required
          </span>
        )}
        {flags.isDeprecated && (
          <span class="dg-field-badge" data-badge="deprecated">
            deprecated
          </span>
        )}
        {flags.isReadOnly && (
          <span class="dg-field-badge" data-badge="read-only">
            read-only
          </span>
        )}
        {flags.isWriteOnly && (
          <span class="dg-field-badge" data-badge="write-only">
            write-only
          </span>
        )}
        {flags.isRecursive && (
          <span class="dg-field-badge" data-badge="recursive" title={schema && `Repeats ${recursiveName(schema) ?? ''}`}>
            recursive
          </span>
        )}
        {field.pills?.map((pill) => (
          <span class="dg-field-badge" data-badge="extension" data-key={pill.key} title={pill.key}>
            {pill.text}
          </span>
        ))}
      </div>
      {hasBody && (
      <div class="dg-field-body">
        <SpecMarkdown text={description} />
        {facts.map((fact) => (
          <p class="dg-api-fact">{fact}</p>
        ))}
        {field.extra}
        {isExpandable && schema && (
          <details class="dg-expandable dg-api-children" open={isExpanded}>
            <summary class="dg-expandable-summary">
              <span class="dg-expandable-show">Show</span>
              <span class="dg-expandable-hide">Hide</span> {childLabel(schema)}
            </summary>
            <div class="dg-expandable-body">
              <SchemaBody schema={schema} kind={props.kind} />
            </div>
          </details>
        )}
      </div>
      )}
    </div>
  );
}

function childLabel(schema: SchemaModel): string {
  if (variantsOf(schema) && childFields(schema).length === 0) return 'variants';
  return schema.items && !schema.properties ? 'item properties' : 'properties';
}

/** `<li><code>name</code> (type, required, default: x, …)`, the description, facts and nested fields. */
function MarkdownField(props: { field: FieldInput; kind: FieldKind }) {
  const { field } = props;
  const schema = field.schema;
  const flags = flagsOf(field);
  const fallback = defaultOf(field);
  const type = field.type ?? (schema ? typeText(schema) : undefined);
  const labels = [
    ...(type === undefined ? [] : [type]),
    ...(field.isRequired ? ['required'] : []),
    ...(fallback === undefined ? [] : [`default: ${fallback}`]),
    ...(flags.isDeprecated ? ['deprecated'] : []),
    ...(flags.isReadOnly ? ['read-only'] : []),
    ...(flags.isWriteOnly ? ['write-only'] : []),
    ...(flags.isRecursive ? ['recursive'] : []),
    ...(field.pills ?? []).map((pill) => `${pill.key}: ${pill.text}`),
  ];
  const description = field.description !== '' ? field.description : schema?.description;
  return (
    <li>
      <p>
        <code>{field.name}</code>
        {labels.length > 0 && ` (${labels.join(', ')})`}
      </p>
      <SpecMarkdown text={description} />
      {schema && <SchemaFacts schema={schema} example={field.example} />}
      {field.extra}
      {schema && <SchemaBody schema={schema} kind={props.kind} />}
    </li>
  );
}

/**
 * A whole body or response schema: its type line, description and facts, then its fields
 * listed open (nested objects below them expand on demand).
 */
export function SchemaView(props: { schema: SchemaModel; kind: FieldKind }) {
  const { schema } = props;
  return (
    <div class="dg-api-schema">
      <p class="dg-api-schema-type">
        <span class="dg-field-type">{typeText(schema)}</span>
        {schema.isDeprecated && (
          <>
            {' '}
            <span class="dg-field-badge" data-badge="deprecated">
              deprecated
            </span>
          </>
        )}
      </p>
      <SpecMarkdown text={schema.description} />
      <SchemaFacts schema={schema} />
      <SchemaBody schema={schema} kind={props.kind} />
    </div>
  );
}
