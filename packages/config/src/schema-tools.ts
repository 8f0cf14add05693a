/** A JSON Schema node (draft-07), read as plain data. */
export type SchemaNode = Record<string, unknown>;

/** JSON type of a value, as JSON Schema names it (`integer` is reported as `number`). */
export type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  return 'object';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows local `#/…` references until a node without `$ref` (at most 32 hops). */
export function deref(node: unknown, root: SchemaNode): SchemaNode {
  let current = isPlainObject(node) ? node : {};
  for (let hop = 0; hop < 32 && typeof current.$ref === 'string'; hop++) {
    current = resolvePointer(root, current.$ref) ?? {};
  }
  return current;
}

// Resolved references per schema: applying defaults to a 1,000-page navigation resolves the
// same few references tens of thousands of times. Schemas are not changed once loaded.
const resolved = new WeakMap<SchemaNode, Map<string, SchemaNode | undefined>>();

function resolvePointer(root: SchemaNode, reference: string): SchemaNode | undefined {
  let known = resolved.get(root);
  if (!known) resolved.set(root, (known = new Map()));
  if (known.has(reference)) return known.get(reference);
  const node = walkPointer(root, reference);
  known.set(reference, node);
  return node;
}

function walkPointer(root: SchemaNode, reference: string): SchemaNode | undefined {
  if (!reference.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of reference.slice(1).split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isPlainObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return isPlainObject(node) ? node : undefined;
}

/** Maps every schema object to its JSON pointer (URI-fragment encoded), e.g. `/definitions/group`. */
export function indexPointers(root: SchemaNode): WeakMap<object, string> {
  const pointers = new WeakMap<object, string>();
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop() as [unknown, string];
    if (typeof node !== 'object' || node === null) continue;
    pointers.set(node, pointer);
    for (const [key, child] of Object.entries(node)) {
      stack.push([child, `${pointer}/${encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'))}`]);
    }
  }
  return pointers;
}

/** Whether a node is (a reference to) the `hexColor` definition. */
export function isHexColorSchema(node: unknown, root: SchemaNode): boolean {
  const hex = (root.definitions as Record<string, unknown> | undefined)?.hexColor;
  if (!isPlainObject(hex)) return false;
  const target = deref(node, root);
  return target === hex || (typeof target.pattern === 'string' && target.pattern === hex.pattern);
}

/** Joins items as prose: `a`, `a or b`, `a, b or c`. */
export function formatList(items: readonly string[], conjunction = 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** A value in backticks, as in "Unexpected `red`". */
export function formatValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `\`${text.length > 40 ? `${text.slice(0, 39)}…` : text}\``;
}

/** The found value in a reason: a primitive in backticks, or `object`, `array`, `empty string`. */
export function describeActual(value: unknown): string {
  const type = jsonType(value);
  if (value === '') return 'empty string';
  return type === 'object' || type === 'array' ? type : formatValue(value);
}

const typeWords: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: '`null`',
};

/**
 * What a schema accepts, as prose parts: ["`light` or `dark`"]-style values for enums,
 * ["a string"], ["an array of strings"], ["a hex colour"], one part per union branch.
 */
export function describeSchema(node: unknown, root: SchemaNode, depth = 0): string[] {
  const schema = deref(node, root);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => formatValue(value));
  if ('const' in schema) return [formatValue(schema.const)];
  if (isHexColorSchema(schema, root)) return ['a hex colour'];
  if (Array.isArray(schema.anyOf) && depth < 4) {
    const parts = schema.anyOf.flatMap((branch) => describeSchema(branch, root, depth + 1));
    return dropCoveredValues([...new Set(parts)], schema.anyOf.map((branch) => deref(branch, root)));
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  return types.map((type) => {
    if (type === 'array' && schema.items && depth < 4) {
      const items = describeSchema(schema.items, root, depth + 1);
      const only = items.length === 1 ? items[0] : undefined;
      if (only && /^an? /.test(only)) return `an array of ${only.replace(/^an? /, '')}s`;
    }
    return typeWords[String(type)] ?? String(type);
  });
}

/** Drops enum values when another branch accepts any value of their type ("a string"). */
function dropCoveredValues(parts: string[], branches: SchemaNode[]): string[] {
  const plainTypes = new Set(
    branches.filter((branch) => !branch.enum && !('const' in branch) && !branch.pattern).map((branch) => branch.type),
  );
  const covered = new Set<string>();
  for (const branch of branches) {
    const values = Array.isArray(branch.enum) ? branch.enum : 'const' in branch ? [branch.const] : [];
    if (values.length > 0 && values.every((value) => plainTypes.has(jsonType(value)))) {
      for (const value of values) covered.add(formatValue(value));
    }
  }
  return parts.filter((part) => !covered.has(part));
}
