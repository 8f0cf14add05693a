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
