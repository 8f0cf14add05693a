import type { LoadedSpec } from './load-spec.js';
import { formatPointer, isRecord, own, text } from './pointer.js';

/** One property of an object schema. */
export interface PropertyModel {
  name: string;
  isRequired: boolean;
  schema: SchemaModel;
}

/** One alternative of a `oneOf` / `anyOf`. */
export interface VariantModel {
  /** The variant's `title`, else its component name, else its type, else `Option N`. */
  label: string;
  schema: SchemaModel;
}

/** A schema made ready for display: references followed, `allOf` merged, dialects unified. */
export interface SchemaModel {
  /** JSON types, `null` included when nullable; empty for "any". */
  types: string[];
  /** Short type for display: `string`, `User`, `integer[]`, `string | null`, `Card | Transfer`. */
  typeLabel: string;
  /** Name of the component it came from (`User` for `#/components/schemas/User`). */
  refName?: string | undefined;
  title?: string | undefined;
  /** Markdown of the description (untrusted: render with `renderSpecMarkdown`). */
  description?: string | undefined;
  format?: string | undefined;
  enum?: unknown[] | undefined;
  const?: unknown;
  /** Present when the schema has a default (which may itself be `null`). */
  default?: { value: unknown } | undefined;
  /** First example given by the spec (`example`, or the first of `examples`). */
  example?: { value: unknown } | undefined;
  isNullable: boolean;
  isReadOnly: boolean;
  isWriteOnly: boolean;
  isDeprecated: boolean;
  /** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minLength`, `maxLength`, `pattern`, `minItems`, `maxItems`, `uniqueItems`, `minProperties`, `maxProperties`. */
  constraints?: Record<string, unknown> | undefined;
  properties?: PropertyModel[] | undefined;
  /** `true`/`false` as written, or the schema of the extra values. */
  additionalProperties?: SchemaModel | boolean | undefined;
  items?: SchemaModel | undefined;
  /** Switchable alternatives. */
  variants?: { kind: 'oneOf' | 'anyOf'; options: VariantModel[] } | undefined;
  discriminator?: { propertyName: string; mapping: { value: string; label: string }[] } | undefined;
  /** Set instead of the content when this schema repeats one of its ancestors: the name of the repeated schema. */
  recursive?: string | undefined;
  /** Set instead of the content when nesting went past `maxSchemaDepth`. */
  isTruncated?: boolean | undefined;
}

/** Deepest schema nesting shown; deeper parts get `isTruncated`. */
export const maxSchemaDepth = 32;

const constraintKeys = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
] as const;

/** Turns raw schemas of one loaded spec into `SchemaModel`s, sharing results between operations. */
export interface SchemaNormalizer {
  /** Normalises the schema found in `file` (relative `$ref`s resolve against that file). */
  normalize(schema: unknown, file: string): SchemaModel;
}

/**
 * Creates the normaliser of one spec. A schema reached again below itself becomes a
 * `recursive` marker; a component whose expansion does not depend on where it is used is
 * normalised once and shared, which keeps large specs (GitHub's) small in memory.
 */
export function createSchemaNormalizer(spec: LoadedSpec): SchemaNormalizer {
  const isSwagger = own(spec.value, 'swagger') !== undefined;
  const isOpenApi30 = spec.kind === 'openapi' && !isSwagger && spec.version?.startsWith('3.0') === true;
  const shared = new Map<string, SchemaModel>();
  const stack: string[] = [];
  // Lowest stack index a recursion cut pointed at in the current subtree; -1 for a depth cut.
  let lowestCut = Number.POSITIVE_INFINITY;

  const normalize = (schema: unknown, file: string, depth: number): SchemaModel => {
    if (depth > maxSchemaDepth) {
      lowestCut = -1;
      return { ...emptyModel(), typeLabel: 'object', isTruncated: true };
    }
    if (schema === true || schema === undefined) return emptyModel();
    if (schema === false) return { ...emptyModel(), typeLabel: 'never' };
    if (!isRecord(schema)) return emptyModel();

    const ref = schema.$ref;
    if (typeof ref === 'string') {
      const target = spec.resolveRef(file, ref);
      const name = refName(ref);
      if (!target) return { ...emptyModel(), typeLabel: name ?? 'unknown', refName: name };
      const key = target.file + '#' + formatPointer(target.path);
      const onStack = stack.indexOf(key);
      if (onStack !== -1) {
        lowestCut = Math.min(lowestCut, onStack);
        return { ...emptyModel(), typeLabel: name ?? 'object', refName: name, recursive: name ?? ref };
      }
      // 3.1 allows keywords beside `$ref` (a description, mostly): they win over the target's.
      const siblings = Object.keys(schema).filter((k) => k !== '$ref');
      let model = shared.get(key);
      if (!model) {
        const outer = lowestCut;
        lowestCut = Number.POSITIVE_INFINITY;
        stack.push(key);
        model = normalize(target.value, target.file, depth + 1);
        stack.pop();
        if (name && !model.refName) model = { ...model, refName: name, typeLabel: relabel(model, name) };
        if (lowestCut >= stack.length) shared.set(key, model);
        lowestCut = Math.min(outer, lowestCut);
      }
      if (siblings.length === 0) return model;
      const local = normalize(Object.fromEntries(siblings.map((k) => [k, schema[k]])), file, depth);
      return { ...model, ...definedOnly(local, ['title', 'description', 'default', 'example', 'isDeprecated', 'isReadOnly', 'isWriteOnly']) };
    }

    const model = emptyModel();
    let types = readTypes(schema);
    if (isSwagger && schema.type === 'file') {
      types = ['string'];
      model.format = 'binary';
    }
    const nullable = schema.nullable === true || schema['x-nullable'] === true;
    if (nullable && !types.includes('null')) types = types.length > 0 ? [...types, 'null'] : types;
    model.isNullable = nullable || types.includes('null');
    model.title = text(schema.title);
    if (typeof schema.description === 'string' && schema.description !== '') model.description = schema.description;
    model.format ??= text(schema.format);
    if (Array.isArray(schema.enum)) model.enum = schema.enum;
    if ('const' in schema) model.const = schema.const;
    if ('default' in schema) model.default = { value: schema.default };
    if ('example' in schema) model.example = { value: schema.example };
    else if (Array.isArray(schema.examples) && schema.examples.length > 0) model.example = { value: schema.examples[0] };
    model.isReadOnly = schema.readOnly === true;
    model.isWriteOnly = schema.writeOnly === true;
    model.isDeprecated = schema.deprecated === true;
    model.constraints = readConstraints(schema, isOpenApi30 || isSwagger);

    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((v): v is string => typeof v === 'string') : []);
    if (isRecord(schema.properties)) {
      model.properties = Object.entries(schema.properties).map(([name, property]) => ({
        name,
        isRequired: required.has(name),
        schema: normalize(property, file, depth + 1),
      }));
    }
    if (typeof schema.additionalProperties === 'boolean') model.additionalProperties = schema.additionalProperties;
    else if (isRecord(schema.additionalProperties)) model.additionalProperties = normalize(schema.additionalProperties, file, depth + 1);
    if (isRecord(schema.items)) model.items = normalize(schema.items, file, depth + 1);
    else if (Array.isArray(schema.prefixItems) && schema.prefixItems.length > 0) model.items = normalize(schema.prefixItems[0], file, depth + 1);

    for (const kind of ['oneOf', 'anyOf'] as const) {
      const list = schema[kind];
      if (!Array.isArray(list) || list.length === 0 || model.variants) continue;
      model.variants = {
        kind,
        options: list.map((option, index) => {
          const optionModel = normalize(option, file, depth + 1);
          return { label: variantLabel(optionModel, index), schema: optionModel };
        }),
      };
    }
    if (isRecord(schema.discriminator) && typeof schema.discriminator.propertyName === 'string') {
      model.discriminator = readDiscriminator(schema.discriminator, model);
    }

    if (types.length === 0) {
      if (model.properties || model.additionalProperties !== undefined) types = ['object'];
      else if (model.items) types = ['array'];
      else if (model.const !== undefined) types = [jsonType(model.const)];
      else if (model.enum && model.enum.length > 0) types = [...new Set(model.enum.map(jsonType))];
    }
    model.types = types;

    let result = model;
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
      const parts = schema.allOf.map((part) => normalize(part, file, depth + 1));
      result = mergeAllOf(model, parts);
    }
    result.typeLabel = typeLabelOf(result);
    if (!result.constraints || Object.keys(result.constraints).length === 0) delete result.constraints;
    return result;
  };

  return { normalize: (schema, file) => normalize(schema, file, 0) };
}

function emptyModel(): SchemaModel {
  return { types: [], typeLabel: 'any', isNullable: false, isReadOnly: false, isWriteOnly: false, isDeprecated: false };
}

function readTypes(schema: Record<string, unknown>): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return [];
}

function readConstraints(schema: Record<string, unknown>, hasBooleanExclusive: boolean): Record<string, unknown> {
  const constraints: Record<string, unknown> = {};
  for (const key of constraintKeys) {
    const value = schema[key];
    if (value === undefined) continue;
    // OpenAPI 3.0 and Swagger write `exclusiveMinimum: true` beside `minimum`; 3.1 writes the bound itself.
    if (hasBooleanExclusive && (key === 'exclusiveMinimum' || key === 'exclusiveMaximum')) {
      if (value === true) {
        const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
        constraints[key] = schema[bound];
        delete constraints[bound];
      }
      continue;
    }
    if (key === 'minimum' && constraints.exclusiveMinimum !== undefined) continue;
    if (key === 'maximum' && constraints.exclusiveMaximum !== undefined) continue;
    constraints[key] = value;
  }
  if (hasBooleanExclusive) {
    if (schema.exclusiveMinimum === true) delete constraints.minimum;
    if (schema.exclusiveMaximum === true) delete constraints.maximum;
  }
  return constraints;
}

function readDiscriminator(discriminator: Record<string, unknown>, model: SchemaModel): SchemaModel['discriminator'] {
  const mapping: { value: string; label: string }[] = [];
  if (isRecord(discriminator.mapping)) {
    for (const [value, target] of Object.entries(discriminator.mapping)) {
      if (typeof target === 'string') mapping.push({ value, label: refName(target) ?? target });
    }
  } else if (model.variants) {
    // Without a mapping, the component name of each variant is its discriminator value.
    for (const option of model.variants.options) {
      if (option.schema.refName) mapping.push({ value: option.schema.refName, label: option.schema.refName });
    }
  }
  return { propertyName: discriminator.propertyName as string, mapping };
}

/** `allOf`: one object with every part's properties; the schema's own fields win. */
function mergeAllOf(own: SchemaModel, parts: SchemaModel[]): SchemaModel {
  const merged: SchemaModel = { ...own };
  const properties = new Map<string, PropertyModel>();
  for (const part of parts) {
    for (const property of part.properties ?? []) {
      const previous = properties.get(property.name);
      properties.set(property.name, { ...property, isRequired: property.isRequired || previous?.isRequired === true });
    }
    if (part.recursive && !merged.recursive && parts.length === 1) merged.recursive = part.recursive;
    if (merged.types.length === 0 && part.types.length > 0) merged.types = [...part.types];
    merged.description ??= part.description;
    merged.title ??= part.title;
    merged.format ??= part.format;
    merged.enum ??= part.enum;
    merged.default ??= part.default;
    merged.example ??= part.example;
    merged.items ??= part.items;
    merged.variants ??= part.variants;
    merged.discriminator ??= part.discriminator;
    if (merged.additionalProperties === undefined) merged.additionalProperties = part.additionalProperties;
    if (part.constraints) merged.constraints = { ...part.constraints, ...merged.constraints };
    merged.isNullable ||= part.isNullable;
    merged.isDeprecated ||= part.isDeprecated;
    merged.isReadOnly ||= part.isReadOnly;
    merged.isWriteOnly ||= part.isWriteOnly;
  }
  for (const property of own.properties ?? []) {
    const previous = properties.get(property.name);
    properties.set(property.name, { ...property, isRequired: property.isRequired || previous?.isRequired === true });
  }
  if (properties.size > 0) merged.properties = [...properties.values()];
  // A single `allOf: [$ref]` is a common way to add a description to a reference: keep its name.
  if (parts.length === 1 && !merged.refName && parts[0]?.refName) merged.refName = parts[0].refName;
  return merged;
}

function typeLabelOf(model: SchemaModel): string {
  if (model.recursive) return model.refName ?? 'object';
  if (model.variants) {
    const labels = [...new Set(model.variants.options.map((option) => option.schema.typeLabel))];
    return labels.join(' | ');
  }
  const nonNull = model.types.filter((type) => type !== 'null');
  let label: string;
  if (nonNull.length === 0) label = model.types.includes('null') ? 'null' : model.refName ?? 'any';
  else {
    label = nonNull
      .map((type) => {
        if (type === 'array') return (model.items ? wrapUnion(model.items.typeLabel) : 'any') + '[]';
        if (type === 'object') return model.refName ?? 'object';
        return type;
      })
      .join(' | ');
  }
  return model.isNullable && label !== 'null' ? `${label} | null` : label;
}

function relabel(model: SchemaModel, name: string): string {
  return model.types.includes('object') || (model.types.length === 0 && model.properties) ? typeLabelOf({ ...model, refName: name }) : model.typeLabel;
}

/** `(a | b)` when the label is a union at its top level, so `[]` applies to the whole. */
function wrapUnion(label: string): string {
  let depth = 0;
  for (let index = 0; index < label.length; index++) {
    const char = label[index];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0 && label.startsWith(' | ', index)) return `(${label})`;
  }
  return label;
}

function variantLabel(model: SchemaModel, index: number): string {
  return model.title ?? model.refName ?? (model.typeLabel !== 'any' && model.typeLabel !== 'object' ? model.typeLabel : `Option ${index + 1}`);
}

/** The last segment of a `$ref` (`#/components/schemas/User` → `User`, `user.yaml` → `user`). */
export function refName(ref: string): string | undefined {
  const hash = ref.indexOf('#');
  const fragment = hash === -1 ? '' : ref.slice(hash + 1);
  const last = fragment.split('/').filter(Boolean).pop();
  if (last) return safeDecode(last).replace(/~1/g, '/').replace(/~0/g, '~');
  const file = (hash === -1 ? ref : ref.slice(0, hash)).split('/').pop();
  return file ? file.replace(/\.(ya?ml|json)$/i, '') || undefined : undefined;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function definedOnly(model: SchemaModel, keys: (keyof SchemaModel)[]): Partial<SchemaModel> {
  const out: Partial<SchemaModel> = {};
  for (const key of keys) {
    const value = model[key];
    if (value !== undefined && value !== false) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
