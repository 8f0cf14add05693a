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

/**
 * A schema made ready for display: references followed, `allOf` merged, dialects unified.
 *
 * Models form a graph: each schema object of a spec is normalised once (`id`), and a property,
 * item or variant holds the very model of the schema it refers to. A cycle of `$ref`s is a cycle
 * of models, so walking a model must guard against repeats (`id` on the current path) or stop
 * at a depth: nothing here is ever expanded.
 */
export interface SchemaModel {
  /** The node's id in its spec's graph: unique among the models of one normaliser, the same on every run over the same spec. */
  id: string;
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
}

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

/** Turns raw schemas of one loaded spec into `SchemaModel`s, each schema object once. */
export interface SchemaNormalizer {
  /** Normalises the schema found in `file` (relative `$ref`s resolve against that file). */
  normalize(schema: unknown, file: string): SchemaModel;
  /** Every model made so far, in the order they were made. */
  models(): readonly SchemaModel[];
}

/**
 * Creates the normaliser of one spec. Each schema object (a location in a file) becomes one
 * model, made the first time it is reached and shared after: a `$ref` gives the model of its
 * target, so a schema used by a hundred operations is normalised once and a cycle is a cycle of
 * references. Time and memory are linear in the size of the spec.
 */
export function createSchemaNormalizer(spec: LoadedSpec): SchemaNormalizer {
  const isSwagger = own(spec.value, 'swagger') !== undefined;
  const isOpenApi30 = spec.kind === 'openapi' && !isSwagger && spec.version?.startsWith('3.0') === true;
  // Raw schema object (its location) → its model; the model is registered before its children
  // are read, so a child that leads back to it gets the same object.
  const byObject = new Map<object, SchemaModel>();
  const made: SchemaModel[] = [];
  const following = new Set<object>();
  // `$ref`s with sibling keywords, completed once the outermost call is done (their target may be in progress).
  let pending: Array<{ model: SchemaModel; target: SchemaModel; local: SchemaModel }> = [];
  const shared = { any: undefined as SchemaModel | undefined, never: undefined as SchemaModel | undefined };
  // Nesting of the calls below: past `maxNesting` a schema is registered and filled later, from
  // the top, so a chain of thousands of schemas (`S1.next: S2`, …) never overflows the stack.
  let nesting = 0;
  const deferred: Array<{ model: SchemaModel; schema: Record<string, unknown>; file: string }> = [];
  const unfilled = new Set<SchemaModel>();
  // `allOf`s merged while a part was still unfilled: merged again once every part is.
  const remerge: Array<{ model: SchemaModel; parts: SchemaModel[] }> = [];

  const create = (fields?: Partial<SchemaModel>): SchemaModel => {
    const model: SchemaModel = { id: made.length.toString(36), ...emptyFields(), ...fields };
    made.push(model);
    return model;
  };

  const normalize = (schema: unknown, file: string, name?: string): SchemaModel => {
    if (schema === true || schema === undefined || (!isRecord(schema) && schema !== false)) return (shared.any ??= create());
    if (schema === false) return (shared.never ??= create({ typeLabel: 'never' }));
    const known = byObject.get(schema);
    if (known) return known;

    const ref = schema.$ref;
    if (typeof ref === 'string') {
      const target = spec.resolveRef(file, ref);
      const targetName = refName(ref);
      if (!target || following.has(schema)) {
        // Broken, or a chain of `$ref`s that leads back to itself without a schema in between.
        const broken = create({ typeLabel: targetName ?? 'unknown', refName: targetName });
        byObject.set(schema, broken);
        return broken;
      }
      following.add(schema);
      nesting++;
      let targetModel: SchemaModel;
      try {
        // A chain of `$ref`s to `$ref`s this long is not a schema anyone wrote by hand.
        targetModel = nesting > maxNesting * 4 ? create({ typeLabel: targetName ?? 'unknown', refName: targetName }) : normalize(target.value, target.file, targetName);
      } finally {
        nesting--;
        following.delete(schema);
      }
      // 3.1 allows keywords beside `$ref` (a description, mostly): they win over the target's.
      const siblings = Object.keys(schema).filter((key) => key !== '$ref');
      if (siblings.length === 0) {
        byObject.set(schema, targetModel);
        return targetModel;
      }
      const model = create({ ...targetModel, id: made.length.toString(36) });
      byObject.set(schema, model);
      const local = normalize(Object.fromEntries(siblings.map((key) => [key, schema[key]])), file);
      pending.push({ model, target: targetModel, local });
      Object.assign(model, definedOnly(local, overridingKeys));
      return model;
    }

    const model = create(name ? { refName: name, typeLabel: name } : undefined);
    byObject.set(schema, model);
    if (nesting >= maxNesting) {
      deferred.push({ model, schema, file });
      unfilled.add(model);
      return model;
    }
    nesting++;
    try {
      fill(model, schema, file);
    } finally {
      nesting--;
    }
    return model;
  };

  const fill = (model: SchemaModel, schema: Record<string, unknown>, file: string): void => {
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
    const constraints = readConstraints(schema, isOpenApi30 || isSwagger);
    if (Object.keys(constraints).length > 0) model.constraints = constraints;

    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((v): v is string => typeof v === 'string') : []);
    if (isRecord(schema.properties)) {
      model.properties = Object.entries(schema.properties).map(([name, property]) => ({
        name,
        isRequired: required.has(name),
        schema: normalize(property, file),
      }));
    }
    if (typeof schema.additionalProperties === 'boolean') model.additionalProperties = schema.additionalProperties;
    else if (isRecord(schema.additionalProperties)) model.additionalProperties = normalize(schema.additionalProperties, file);
    if (isRecord(schema.items)) model.items = normalize(schema.items, file);
    else if (Array.isArray(schema.prefixItems) && schema.prefixItems.length > 0) model.items = normalize(schema.prefixItems[0], file);

    for (const kind of ['oneOf', 'anyOf'] as const) {
      const list = schema[kind];
      if (!Array.isArray(list) || list.length === 0 || model.variants) continue;
      model.variants = {
        kind,
        options: list.map((option, index) => {
          const optionModel = normalize(option, file);
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

    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
      // A part still being made (an `allOf` that leads back to itself) adds what it has so far.
      const parts = schema.allOf.map((part) => normalize(part, file)).filter((part) => part !== model);
      mergeAllOf(model, parts);
      if (parts.some((part) => unfilled.has(part))) remerge.push({ model, parts });
    }
    model.typeLabel = typeLabelOf(model);
  };

  return {
    normalize(schema, file) {
      const model = normalize(schema, file);
      while (deferred.length > 0) {
        const next = deferred.pop() as (typeof deferred)[number];
        unfilled.delete(next.model);
        fill(next.model, next.schema, next.file);
      }
      for (let index = remerge.length - 1; index >= 0; index--) {
        const { model: merged, parts } = remerge[index] as (typeof remerge)[number];
        mergeAllOf(merged, parts);
        merged.typeLabel = typeLabelOf(merged);
      }
      remerge.length = 0;
      // Every target is complete now: a `$ref` with siblings takes its target's final fields.
      const list = pending;
      pending = [];
      for (const { model: sibling, target, local } of list) Object.assign(sibling, { ...target, id: sibling.id }, definedOnly(local, overridingKeys));
      return model;
    },
    models: () => made,
  };
}

/** Nested calls made before a schema is left to be filled from the top (see `createSchemaNormalizer`). */
const maxNesting = 200;

/** Keywords beside a `$ref` that override the target's. */
const overridingKeys: (keyof SchemaModel)[] = ['title', 'description', 'default', 'example', 'isDeprecated', 'isReadOnly', 'isWriteOnly'];

function emptyFields(): Omit<SchemaModel, 'id'> {
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

/** `allOf`, in place: one object with every part's properties; the schema's own fields win. */
function mergeAllOf(model: SchemaModel, parts: SchemaModel[]): void {
  const ownProperties = model.properties ?? [];
  const ownConstraints = model.constraints;
  const properties = new Map<string, PropertyModel>();
  for (const part of parts) {
    for (const property of part.properties ?? []) {
      const previous = properties.get(property.name);
      properties.set(property.name, previous?.isRequired && !property.isRequired ? { ...property, isRequired: true } : property);
    }
    if (model.types.length === 0 && part.types.length > 0) model.types = [...part.types];
    model.description ??= part.description;
    model.title ??= part.title;
    model.format ??= part.format;
    model.enum ??= part.enum;
    model.default ??= part.default;
    model.example ??= part.example;
    model.items ??= part.items;
    model.variants ??= part.variants;
    model.discriminator ??= part.discriminator;
    if (model.additionalProperties === undefined) model.additionalProperties = part.additionalProperties;
    if (part.constraints) model.constraints = { ...part.constraints, ...model.constraints, ...ownConstraints };
    model.isNullable ||= part.isNullable;
    model.isDeprecated ||= part.isDeprecated;
    model.isReadOnly ||= part.isReadOnly;
    model.isWriteOnly ||= part.isWriteOnly;
  }
  for (const property of ownProperties) {
    const previous = properties.get(property.name);
    properties.set(property.name, previous?.isRequired && !property.isRequired ? { ...property, isRequired: true } : property);
  }
  if (properties.size > 0) model.properties = [...properties.values()];
  // A single `allOf: [$ref]` is a common way to add a description to a reference: keep its name.
  if (parts.length === 1 && !model.refName && parts[0]?.refName) model.refName = parts[0].refName;
}

function typeLabelOf(model: SchemaModel): string {
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
