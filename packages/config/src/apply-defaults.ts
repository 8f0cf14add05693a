import { setOwn } from './json-source.js';
import { deref, isPlainObject, jsonType, type SchemaNode } from './schema-tools.js';

/**
 * Returns a copy of `value` with every `default` of the schema filled in, reading the
 * defaults from the schema itself so they are declared in one place.
 *
 * - A missing value with a `default` gets a copy of it.
 * - A missing object without `default` is created when it has no `required` keys and
 *   at least one default inside (so `errors["404"].redirect` is always there, while
 *   `banner`, which requires `content`, stays absent).
 * - Inside a union (`anyOf`), defaults come from the first branch the value fits.
 */
export function applyDefaults(schema: unknown, value: unknown, root: SchemaNode): unknown {
  return fill(schema, value, root, 0);
}

function fill(node: unknown, value: unknown, root: SchemaNode, depth: number): unknown {
  if (depth > 512) return value;
  const own = isPlainObject(node) ? node : {};
  const schema = deref(own, root);
  if (value === undefined) {
    // A `default` next to a `$ref` wins over one on the referenced definition.
    if ('default' in own) return fill(node, copy(own.default), root, depth);
    if ('default' in schema) return fill(node, copy(schema.default), root, depth);
    if (schema.type !== 'object' || !isPlainObject(schema.properties)) return undefined;
    if (Array.isArray(schema.required) && schema.required.length > 0) return undefined;
    const created = fill(node, {}, root, depth);
    return isPlainObject(created) && Object.keys(created).length > 0 ? created : undefined;
  }
  if (Array.isArray(schema.anyOf)) {
    const branch = schema.anyOf.find((candidate) => fits(deref(candidate, root), value, root));
    return branch === undefined ? copy(value) : fill(branch, value, root, depth + 1);
  }
  if (Array.isArray(value)) {
    return value.map((item) => (schema.items && !Array.isArray(schema.items) ? fill(schema.items, item, root, depth + 1) : copy(item)));
  }
  if (!isPlainObject(value)) return value;
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const extra = isPlainObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const child = Object.hasOwn(properties, key) ? properties[key] : extra;
    setOwn(out, key, child ? fill(child, item, root, depth + 1) : copy(item));
  }
  for (const [key, child] of Object.entries(properties)) {
    if (Object.hasOwn(value, key)) continue;
    const filled = fill(child, undefined, root, depth + 1);
    if (filled !== undefined) setOwn(out, key, filled);
  }
  return out;
}

/** A cheap structural match, enough to pick the union branch a valid value belongs to. */
function fits(schema: SchemaNode, value: unknown, root: SchemaNode): boolean {
  if (Array.isArray(schema.anyOf)) return schema.anyOf.some((branch) => fits(deref(branch, root), value, root));
  if (Array.isArray(schema.enum)) return schema.enum.some((option) => option === value);
  if ('const' in schema) return schema.const === value;
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const type = jsonType(value);
  if (types.length > 0 && !types.some((option) => option === type || (option === 'integer' && Number.isInteger(value)))) {
    return false;
  }
  if (isPlainObject(value) && Array.isArray(schema.required)) {
    return schema.required.every((key) => Object.hasOwn(value, String(key)));
  }
  return true;
}

/** A deep copy of JSON data that never goes through the `__proto__` setter. */
export function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) setOwn(out, key, copy(item));
  return out as T;
}
