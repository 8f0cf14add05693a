import type { SchemaModel } from './schema-model.js';

/** Which side of the exchange an example is for: requests leave out `readOnly`, responses `writeOnly`. */
export type ExampleDirection = 'request' | 'response';

const stringsByFormat: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '12:00:00Z',
  email: 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'U3RyaW5n',
  binary: '<binary>',
  password: '********',
};

/** Most values (objects, arrays and scalars together) one generated example holds. */
export const maxExampleValues = 500;

/** Deepest nesting of a generated example. */
const maxExampleDepth = 12;

/**
 * Builds an example value from a normalised schema: the spec's own `example`, `const`,
 * `default` or first `enum` value where given, else a placeholder by type and format. Schema
 * models form a graph with cycles: a schema already being built higher up (a cycle) is left out,
 * as is anything past 12 levels or past `maxExampleValues` values, so the result is always small.
 */
export function generateExample(model: SchemaModel, direction: ExampleDirection, options?: GenerateExampleOptions | null): unknown {
  // Models are shared between operations (one `User` for every response that returns it).
  const requiredOnly = options?.requiredOnly === true;
  const cache = requiredOnly ? (direction === 'request' ? requiredRequestExamples : requiredResponseExamples) : direction === 'request' ? requestExamples : responseExamples;
  if (cache.has(model)) return cache.get(model);
  const value = build(model, { direction, requiredOnly, path: new Set(), budget: maxExampleValues }, 0);
  cache.set(model, value);
  return value;
}

/** Options of `generateExample`. */
export interface GenerateExampleOptions {
  /** Leave out the properties an object does not require (default: `false`, every property). */
  requiredOnly?: boolean | null | undefined;
}

const requestExamples = new WeakMap<SchemaModel, unknown>();
const responseExamples = new WeakMap<SchemaModel, unknown>();
const requiredRequestExamples = new WeakMap<SchemaModel, unknown>();
const requiredResponseExamples = new WeakMap<SchemaModel, unknown>();

interface BuildState {
  direction: ExampleDirection;
  requiredOnly: boolean;
  /** Models on the way down to the current one: reaching one again is a cycle. */
  path: Set<SchemaModel>;
  /** Values still allowed. */
  budget: number;
}

function build(model: SchemaModel, state: BuildState, depth: number): unknown {
  if (state.path.has(model) || depth > maxExampleDepth || state.budget <= 0) return undefined;
  state.budget--;
  if (model.example) return model.example.value;
  if (model.const !== undefined) return model.const;
  if (model.default) return model.default.value;
  if (model.enum && model.enum.length > 0) return model.enum[0];
  state.path.add(model);
  try {
    return buildShape(model, state, depth);
  } finally {
    state.path.delete(model);
  }
}

function buildShape(model: SchemaModel, state: BuildState, depth: number): unknown {
  const { direction, requiredOnly } = state;
  if (model.variants) {
    // The first option that gives a value (an option that leads back into a cycle gives none).
    for (const option of model.variants.options) {
      const value = build(option.schema, state, depth + 1);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  const type = model.types.find((t) => t !== 'null') ?? (model.properties ? 'object' : model.items ? 'array' : undefined);
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const property of model.properties ?? []) {
        if (direction === 'request' && property.schema.isReadOnly) continue;
        if (direction === 'response' && property.schema.isWriteOnly) continue;
        if (requiredOnly && !property.isRequired) continue;
        const item = build(property.schema, state, depth + 1);
        if (item !== undefined) Object.defineProperty(value, property.name, { value: item, enumerable: true, writable: true, configurable: true });
      }
      if (!model.properties && typeof model.additionalProperties === 'object') {
        const item = requiredOnly ? undefined : build(model.additionalProperties, state, depth + 1);
        if (item !== undefined) value.key = item;
      }
      return value;
    }
    case 'array': {
      const item = model.items ? build(model.items, state, depth + 1) : undefined;
      return item === undefined ? [] : [item];
    }
    case 'string':
      return stringsByFormat[model.format ?? ''] ?? 'string';
    case 'integer':
    case 'number': {
      const minimum = model.constraints?.minimum ?? model.constraints?.exclusiveMinimum;
      return typeof minimum === 'number' ? minimum : 0;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return model.types.includes('null') ? null : undefined;
  }
}
