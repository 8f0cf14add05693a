import type { ElementContent, RootContent } from 'hast';
import type { MdxJsxAttribute } from 'mdast-util-mdx';

/** An MDX JSX element in hast (what remark-rehype passes through). */
export type JsxFlowElement = Extract<RootContent | ElementContent, { type: 'mdxJsxFlowElement' }>;

/**
 * Create a string attribute.
 *
 * @param name
 *   Attribute name.
 * @param value
 *   Attribute value.
 * @returns
 *   mdast/hast MDX JSX attribute.
 */
export function createAttribute(name: string, value: string): MdxJsxAttribute {
  return { type: 'mdxJsxAttribute', name, value };
}

/**
 * Find a plain (not spread) attribute by name.
 *
 * @param node
 *   Element to search.
 * @param names
 *   Names to look for, in order of preference.
 * @returns
 *   First attribute found.
 */
export function findAttribute(
  node: { attributes: JsxFlowElement['attributes'] },
  ...names: string[]
): MdxJsxAttribute | undefined {
  for (const name of names) {
    const found = node.attributes.find(
      (attribute): attribute is MdxJsxAttribute =>
        attribute.type === 'mdxJsxAttribute' && attribute.name === name,
    );
    if (found) return found;
  }
  return undefined;
}

/**
 * Read a string attribute (`name="x"`); expression values (`name={x}`) are not strings.
 *
 * @param node
 *   Element to read.
 * @param names
 *   Names to look for, in order of preference.
 * @returns
 *   The string, or `undefined`.
 */
export function readStringAttribute(
  node: { attributes: JsxFlowElement['attributes'] },
  ...names: string[]
): string | undefined {
  const value = findAttribute(node, ...names)?.value;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Read a boolean attribute: `wrap`, `wrap="true"` and `wrap={true}` are true, `wrap={false}`
 * and `wrap="false"` false, absence `undefined`.
 *
 * @param node
 *   Element to read.
 * @param names
 *   Names to look for, in order of preference.
 * @returns
 *   The flag, or `undefined` when absent.
 */
export function readBooleanAttribute(
  node: { attributes: JsxFlowElement['attributes'] },
  ...names: string[]
): boolean | undefined {
  const attribute = findAttribute(node, ...names);
  if (!attribute) return undefined;
  const value = attribute.value;
  if (value === null || value === undefined) return true;
  const text = typeof value === 'string' ? value : value.value;
  return text.trim() !== 'false';
}

/**
 * A prop's value when the source states it: a string (`label="v1"`, `label={'v1'}`), or an
 * expression of literals, arrays and plain objects (`tags={['a']}`,
 * `rss={{ title: 'x' }}`). `true` for a bare prop, `undefined` for anything computed.
 */
export function readStaticAttribute(node: { attributes: JsxFlowElement['attributes'] }, name: string): unknown {
  const attribute = findAttribute(node, name);
  if (!attribute) return undefined;
  const value = attribute.value;
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value;
  const program = value.data?.estree as { body?: Array<{ type: string; expression?: EstreeNode }> } | undefined;
  const statement = program?.body?.length === 1 ? program.body[0] : undefined;
  return statement?.type === 'ExpressionStatement' && statement.expression ? evaluate(statement.expression) : undefined;
}

interface EstreeNode {
  type: string;
  value?: unknown;
  elements?: Array<EstreeNode | null>;
  properties?: Array<{ type: string; computed?: boolean; key?: EstreeNode; value?: EstreeNode; kind?: string; method?: boolean }>;
  expressions?: EstreeNode[];
  quasis?: Array<{ value: { cooked?: string | null } }>;
  name?: string;
}

// Distinguishes "not static" from a literal `undefined`.
const notStatic = Symbol('not static');

function evaluate(node: EstreeNode): unknown {
  const value = evaluateNode(node);
  return value === notStatic ? undefined : value;
}

function evaluateNode(node: EstreeNode): unknown {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' || typeof node.value === 'number' || typeof node.value === 'boolean' || node.value === null ? node.value : notStatic;
    case 'TemplateLiteral':
      return node.expressions?.length === 0 && node.quasis?.length === 1 ? (node.quasis[0]!.value.cooked ?? notStatic) : notStatic;
    case 'ArrayExpression': {
      const items: unknown[] = [];
      for (const element of node.elements ?? []) {
        const item = element ? evaluateNode(element) : notStatic;
        if (item === notStatic) return notStatic;
        items.push(item);
      }
      return items;
    }
    case 'ObjectExpression': {
      const object: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const property of node.properties ?? []) {
        if (property.type !== 'Property' || property.computed || property.method || property.kind !== 'init' || !property.key || !property.value) return notStatic;
        const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
        const item = evaluateNode(property.value);
        if (key === undefined || item === notStatic) return notStatic;
        object[key] = item;
      }
      return object;
    }
    default:
      return notStatic;
  }
}
