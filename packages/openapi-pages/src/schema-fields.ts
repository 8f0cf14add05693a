import type { LoadedSpec } from './load-spec.js';
import { isRecord, own, text } from './pointer.js';
import type { PropertyModel, SchemaModel } from './schema-model.js';

// What a schema model takes from its schema object alone, without following other schemas:
// its annotations in the spec's dialect, its inferred types, `allOf` merging and its labels.

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

/** Which dialect of JSON Schema a spec writes: Swagger 2.0 and OpenAPI 3.0 differ from 3.1 in a few keywords. */
export interface SchemaDialect {
  /** Swagger 2.0: `type: file`, `x-nullable`. */
  isSwagger: boolean;
  /** `exclusiveMinimum: true` beside `minimum` (Swagger 2.0 and OpenAPI 3.0), not the bound itself (3.1). */
  hasBooleanExclusive: boolean;
}

/** The dialect of a loaded spec's schemas. */
export function schemaDialectOf(spec: Pick<LoadedSpec, 'kind' | 'version' | 'value'>): SchemaDialect {
  const isSwagger = own(spec.value, 'swagger') !== undefined;
  const isOpenApi30 = spec.kind === 'openapi' && !isSwagger && spec.version?.startsWith('3.0') === true;
  return { isSwagger, hasBooleanExclusive: isSwagger || isOpenApi30 };
}

/**
 * What a schema says about its own values (not its children): types (with `null` when
 * nullable), title, description, format, enum, const, default, first example, the read-only /
 * write-only / deprecated flags and the constraints, in the spec's dialect.
 */
export function readSchemaAnnotations(schema: Record<string, unknown>, dialect: SchemaDialect): Omit<SchemaModel, 'id' | 'typeLabel'> {
  let types = readTypes(schema);
  const isSwaggerFile = dialect.isSwagger && schema.type === 'file';
  if (isSwaggerFile) types = ['string'];
  const nullable = schema.nullable === true || schema['x-nullable'] === true;
  if (nullable && !types.includes('null')) types = types.length > 0 ? [...types, 'null'] : types;
  // Fields in the order models have always had them: schema files are JSON of these objects.
  const annotations: Omit<SchemaModel, 'id' | 'typeLabel'> = {
    types,
    isNullable: nullable || types.includes('null'),
    isReadOnly: schema.readOnly === true,
    isWriteOnly: schema.writeOnly === true,
    isDeprecated: schema.deprecated === true,
  };
  if (isSwaggerFile) annotations.format = 'binary';
  annotations.title = text(schema.title);
  if (typeof schema.description === 'string' && schema.description !== '') annotations.description = schema.description;
  annotations.format ??= text(schema.format);
  if (Array.isArray(schema.enum)) annotations.enum = schema.enum;
  if ('const' in schema) annotations.const = schema.const;
  if ('default' in schema) annotations.default = { value: schema.default };
  if ('example' in schema) annotations.example = { value: schema.example };
  else if (Array.isArray(schema.examples) && schema.examples.length > 0) annotations.example = { value: schema.examples[0] };
  const constraints = readConstraints(schema, dialect.hasBooleanExclusive);
  if (Object.keys(constraints).length > 0) annotations.constraints = constraints;
  return annotations;
}

/** The types of a schema that names none, from what it holds: properties, items, a const or enum values. */
export function inferTypes(model: SchemaModel): string[] {
  if (model.properties || model.additionalProperties !== undefined) return ['object'];
  if (model.items) return ['array'];
  if (model.const !== undefined) return [jsonType(model.const)];
  if (model.enum && model.enum.length > 0) return [...new Set(model.enum.map(jsonType))];
  return [];
}

function readTypes(schema: Record<string, unknown>): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return [];
}

export function readConstraints(schema: Record<string, unknown>, hasBooleanExclusive: boolean): Record<string, unknown> {
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

export function readDiscriminator(discriminator: Record<string, unknown>, model: SchemaModel): SchemaModel['discriminator'] {
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
export function mergeAllOf(model: SchemaModel, parts: SchemaModel[]): void {
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

export function typeLabelOf(model: SchemaModel): string {
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

export function variantLabel(model: SchemaModel, index: number): string {
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


function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
