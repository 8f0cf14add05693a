/** @jsxRuntime automatic @jsxImportSource preact */
import type { SchemaModel } from '@docsgen/openapi-pages';
import { createContext, type ComponentChildren } from 'preact';
import { useRenderContext } from '../render-context.js';
import { TabSet } from '../components/tab-set.js';
import { useContext } from 'preact/hooks';
import { SchemaExpanded, SchemaInsertions, schemaFileToken, type SchemaRenderState } from './schema-cache.js';
import { SchemaFacts, schemaFacts, typeText } from './schema-facts.js';
import { SpecMarkdown, valueText } from './schema-text.js';

/**
 * Levels of fields a page draws: the top level, as the hosted platform shows it. Each object
 * field below has a "Show child attributes" toggle that fetches its fields from the spec's
 * schema file (`api-schema.js`), one level per click, so no page grows with the depth or the
 * cycles of its spec.
 */
export const pageSchemaDepth = 1;

/**
 * Levels drawn where nothing can be opened later (Markdown twins, or a render without a schema
 * file): each named schema once per operation, a cycle named, never expanded.
 */
export const boundedSchemaDepth = 3;

/** Where a list of fields sits: the id of its parent field, its depth, and the schemas above it. */
export interface FieldScope {
  /** Id of the parent field (`body-customer`), or the section's prefix (`body`, `response`, `parameter`). */
  idPrefix: string | undefined;
  /** Levels above this list (0 for the top level). */
  depth: number;
  /** Schemas of the fields above: one of them again is a cycle. */
  ancestors: readonly SchemaModel[];
  /** The list is a body's or a response's own fields, at the top of the page (default: `false`). */
  isRoot?: boolean | undefined;
}

/** The scope of the fields being drawn. */
export const FieldScopeContext = createContext<FieldScope>({ idPrefix: undefined, depth: 0, ancestors: [] });

/** Text of a field name in an id: what `#body-…` links use (the hosted platform's format). */
export function fieldIdSegment(name: string): string {
  return name.replace(/[^\w.~-]+/g, '-') || '-';
}

/** A field's id, unique on the page: the parent's id and the field's name. */
function claimFieldId(state: SchemaRenderState | undefined, scope: FieldScope, field: FieldInput, kind: FieldKind): string | undefined {
  const section = scope.idPrefix ?? (field.location ? (kind === 'response' ? 'response-header' : 'parameter') : field.schema === undefined ? 'authorization' : kind === 'response' ? 'response' : 'body');
  // A generated page's operation owns the page: its ids are the hosted platform's, unprefixed.
  const operationPrefix = scope.depth > 0 || !state || state.prefix === 'dg-api-' ? '' : state.prefix;
  const base = `${operationPrefix}${section}-${fieldIdSegment(field.name)}`;
  if (!state) return base;
  state.ids ??= new Set();
  let id = base;
  for (let count = 2; state.ids.has(id); count++) id = `${base}-${count}`;
  state.ids.add(id);
  return id;
}

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
  const target = schema.items && !schema.properties && !schema.variants ? schema.items : schema;
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
  if (schema.items && !schema.properties) return schema.items.variants;
  return undefined;
}

/** Whether a field has anything to expand: nested fields or variants. */
export function hasChildren(schema: SchemaModel | undefined): schema is SchemaModel {
  return schema !== undefined && (childFields(schema).length > 0 || variantsOf(schema) !== undefined);
}

/** The fields under a schema and its `oneOf`/`anyOf` switch, without any wrapper. */
export function SchemaBody(props: { schema: SchemaModel; kind: FieldKind; via?: readonly SchemaModel[] | undefined }) {
  if (!hasChildren(props.schema)) return null;
  const fields = childFields(props.schema);
  const variants = variantsOf(props.schema);
  return (
    <>
      {fields.length > 0 && <FieldList fields={fields} kind={props.kind} />}
      {variants && <Variants variants={variants} kind={props.kind} via={[...(props.via ?? []), props.schema]} />}
    </>
  );
}

/** `oneOf` / `anyOf`: tabs, one per option (markdown mode: a list of options). */
function Variants(props: { variants: NonNullable<SchemaModel['variants']>; kind: FieldKind; via: readonly SchemaModel[] }) {
  const { mode } = useRenderContext();
  const { kind, options } = props.variants;
  const label = kind === 'oneOf' ? 'One of' : 'Any of';
  const scope = useContext(FieldScopeContext);
  const state = useContext(SchemaInsertions);
  // Below the top of the page, an option's fields open on demand: `anyOf: [string, Customer]`
  // all over a spec would otherwise copy Customer's fields into every schema that names it.
  const isOnDemand = mode === 'html' && Boolean(state?.schemaFile) && !scope.isRoot;
  const body = (option: SchemaModel) => {
    // An option that is the schema itself (or one it is an option of) adds nothing but a loop.
    if (props.via.includes(option) || !hasChildren(option)) return null;
    if (!isOnDemand && scope.ancestors.includes(option)) {
      return (
        <p class="dg-api-fact">
          Recursive: repeats <code>{nameOf(option)}</code>, shown above.
        </p>
      );
    }
    if (!isOnDemand) return <SchemaBody schema={option} kind={props.kind} via={props.via} />;
    return <OnDemandFields schema={option} state={state} fieldId={scope.idPrefix} kind={props.kind} />;
  };
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
              {body(option.schema)}
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
              {body(option.schema)}
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

/** The schema a field repeats from the fields above it (itself, or as an array's items), if any. */
function repeatedSchema(schema: SchemaModel | undefined, scope: FieldScope): SchemaModel | undefined {
  if (!schema) return undefined;
  if (scope.ancestors.includes(schema)) return schema;
  if (schema.items && !schema.properties && scope.ancestors.includes(schema.items)) return schema.items;
  return undefined;
}

function nameOf(schema: SchemaModel): string {
  return schema.refName ?? schema.title ?? schema.typeLabel;
}

function flagsOf(field: FieldInput, scope: FieldScope): { isDeprecated: boolean; isReadOnly: boolean; isWriteOnly: boolean; repeats: SchemaModel | undefined } {
  return {
    isDeprecated: field.isDeprecated || field.schema?.isDeprecated === true,
    isReadOnly: field.schema?.isReadOnly === true,
    isWriteOnly: field.schema?.isWriteOnly === true,
    repeats: repeatedSchema(field.schema, scope),
  };
}

/** How a field's nested fields are shown: drawn here, fetched when opened, or not at all. */
function nestingOf(schema: SchemaModel | undefined, scope: FieldScope, state: SchemaRenderState | undefined, isMarkdown: boolean): 'inline' | 'on-demand' | 'none' {
  if (!hasChildren(schema)) return 'none';
  if (!isMarkdown && state?.schemaFile) return scope.depth + 1 < pageSchemaDepth ? 'inline' : 'on-demand';
  if (repeatedSchema(schema, scope)) return 'none';
  return scope.depth + 1 < boundedSchemaDepth ? 'inline' : 'none';
}

/** The same markup and classes as `ParamField` / `ResponseField`, plus read-only, write-only and recursive badges. */
function HtmlField(props: { field: FieldInput; kind: FieldKind }) {
  const { field } = props;
  const schema = field.schema;
  const scope = useContext(FieldScopeContext);
  const state = useContext(SchemaInsertions);
  const id = claimFieldId(state, scope, field, props.kind);
  const type = field.type ?? (schema ? typeText(schema) : undefined);
  const fallback = defaultOf(field);
  const flags = flagsOf(field, scope);
  const description = field.description !== '' ? field.description : schema?.description;
  const facts = schema ? schemaFacts(schema, field.example) : [];
  if (flags.repeats) {
    facts.unshift(
      <>
        Recursive: repeats <code>{nameOf(flags.repeats)}</code>, shown above.
      </>,
    );
  }
  const nesting = nestingOf(schema, scope, state, false);
  const isExpanded = useContext(SchemaExpanded);
  const hasBody = (description !== undefined && description.trim() !== '') || facts.length > 0 || Boolean(field.extra) || nesting !== 'none';
  const summary = (
    <summary class="dg-expandable-summary">
      <span class="dg-expandable-show">Show</span>
      <span class="dg-expandable-hide">Hide</span> {schema ? childLabel(schema) : ''}
    </summary>
  );
  return (
    <div class="dg-field dg-api-field" data-field={props.kind} data-location={field.location} id={id}>
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
        {flags.repeats && (
          <span class="dg-field-badge" data-badge="recursive" title={`Repeats ${nameOf(flags.repeats)}`}>
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
        {nesting === 'inline' && schema && (
          <details class="dg-expandable dg-api-children" open={isExpanded}>
            {summary}
            <div class="dg-expandable-body">
              <FieldScopeContext.Provider value={{ idPrefix: id, depth: scope.depth + 1, ancestors: [...scope.ancestors, schema] }}>
                <SchemaBody schema={schema} kind={props.kind} />
              </FieldScopeContext.Provider>
            </div>
          </details>
        )}
        {nesting === 'on-demand' && schema && <OnDemandFields schema={schema} state={state} fieldId={id} kind={props.kind} isOpen={isExpanded} />}
      </div>
      )}
    </div>
  );
}

/**
 * A "Show child attributes" toggle whose fields `api-schema.js` fetches from the spec's schema
 * file when it opens. Hidden until the script runs: without JavaScript there is nothing to open.
 */
function OnDemandFields(props: { schema: SchemaModel; state: SchemaRenderState | undefined; fieldId: string | undefined; kind: FieldKind; isOpen?: boolean | undefined }) {
  const target = fragmentOf(props.schema);
  // In a fragment of the schema file, the field's id, kind and the file's name come from the
  // page the fragment is opened in (`api-schema.js` reads them from the enclosing field).
  const isFragment = props.state?.schemaFile === schemaFileToken;
  return (
    <details
      class="dg-expandable dg-api-children"
      hidden
      open={props.isOpen === true}
      data-dg-schema={target.id}
      data-dg-schema-file={isFragment ? undefined : props.state?.schemaFile}
      data-dg-field-id={isFragment ? undefined : props.fieldId}
      data-dg-field-kind={isFragment ? undefined : props.kind}
    >
      <summary class="dg-expandable-summary">
        <span class="dg-expandable-show">Show</span>
        <span class="dg-expandable-hide">Hide</span> {childLabel(props.schema)}
      </summary>
      <div class="dg-expandable-body" />
    </details>
  );
}

/** The schema whose fragment shows a schema's fields: an array's items stand for the array. */
export function fragmentOf(schema: SchemaModel): SchemaModel {
  return schema.items && !schema.properties && !schema.variants ? schema.items : schema;
}

function childLabel(schema: SchemaModel): string {
  if (variantsOf(schema) && childFields(schema).length === 0) return 'variants';
  return 'child attributes';
}

/** `<li><code>name</code> (type, required, default: x, …)`, the description, facts and nested fields. */
function MarkdownField(props: { field: FieldInput; kind: FieldKind }) {
  const { field } = props;
  const schema = field.schema;
  const scope = useContext(FieldScopeContext);
  const state = useContext(SchemaInsertions);
  const flags = flagsOf(field, scope);
  const fallback = defaultOf(field);
  const type = field.type ?? (schema ? typeText(schema) : undefined);
  const labels = [
    ...(type === undefined ? [] : [type]),
    ...(field.isRequired ? ['required'] : []),
    ...(fallback === undefined ? [] : [`default: ${fallback}`]),
    ...(flags.isDeprecated ? ['deprecated'] : []),
    ...(flags.isReadOnly ? ['read-only'] : []),
    ...(flags.isWriteOnly ? ['write-only'] : []),
    ...(flags.repeats ? ['recursive'] : []),
    ...(field.pills ?? []).map((pill) => `${pill.key}: ${pill.text}`),
  ];
  const description = field.description !== '' ? field.description : schema?.description;
  let nesting = nestingOf(schema, scope, state, true);
  // A named schema's fields are written once per operation; later uses point at them.
  const named = schema && nesting === 'inline' ? namedOf(schema) : undefined;
  let seeAbove: string | undefined;
  if (named && state) {
    state.written ??= new Set();
    if (state.written.has(named.id)) {
      seeAbove = nameOf(named);
      nesting = 'none';
    } else state.written.add(named.id);
  }
  return (
    <li>
      <p>
        <code>{field.name}</code>
        {labels.length > 0 && ` (${labels.join(', ')})`}
      </p>
      <SpecMarkdown text={description} />
      {flags.repeats && (
        <p>
          Recursive: see <code>{nameOf(flags.repeats)}</code> above.
        </p>
      )}
      {seeAbove !== undefined && (
        <p>
          Fields: see <code>{seeAbove}</code> above.
        </p>
      )}
      {schema && <SchemaFacts schema={schema} example={field.example} />}
      {field.extra}
      {nesting === 'inline' && schema && (
        <FieldScopeContext.Provider value={{ idPrefix: undefined, depth: scope.depth + 1, ancestors: [...scope.ancestors, schema] }}>
          <SchemaBody schema={schema} kind={props.kind} />
        </FieldScopeContext.Provider>
      )}
    </li>
  );
}

/** The named schema whose fields a field shows (itself, or its array's items), if it has a name. */
function namedOf(schema: SchemaModel): SchemaModel | undefined {
  if (schema.refName) return schema;
  if (schema.items && !schema.properties && schema.items.refName) return schema.items;
  return undefined;
}

/**
 * A whole body or response schema: its type line, description and facts, then its fields
 * listed open (nested objects below them expand on demand). Field ids start with `body-` or
 * `response-`, as on the hosted platform.
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
      <FieldScopeContext.Provider value={{ idPrefix: props.kind === 'response' ? 'response' : 'body', depth: 0, ancestors: [schema], isRoot: true }}>
        <SchemaBody schema={schema} kind={props.kind} />
      </FieldScopeContext.Provider>
    </div>
  );
}
