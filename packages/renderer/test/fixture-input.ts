import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { h, type ComponentChildren, type ComponentType, type VNode } from 'preact';
import { builtinComponents } from '../src/index.js';

/** A node of an `input.json` fixture: text, a built-in component, or an HTML element. */
type JsonNode =
  | string
  | { component?: string; tag?: string; props?: Record<string, unknown>; children?: JsonNode[] };

function componentByName(name: string): ComponentType<any> {
  // `Tree.Folder` is the `Folder` member of `Tree`, as in MDX.
  const [head, ...members] = name.split('.');
  let component: any = builtinComponents[head ?? ''];
  for (const member of members) component = component?.[member];
  if (component === undefined) throw new Error(`Cannot find component \`${name}\` in builtinComponents`);
  return component;
}

function toVNode(node: JsonNode): ComponentChildren {
  if (typeof node === 'string') return node;
  const type = node.component === undefined ? node.tag : componentByName(node.component);
  if (type === undefined) throw new Error('Expected `component` or `tag` in a fixture node');
  const children = node.children?.map(toVNode);
  return h(type as string, { ...node.props }, ...(children ?? []));
}

/** The tree of a fixture folder: `input.json` (see `JsonNode`) or the default export of `input.tsx`. */
export async function loadFixtureInput(folder: string, files: string[]): Promise<VNode> {
  if (files.includes('input.tsx')) {
    const module = (await import(pathToFileURL(`${folder}/input.tsx`).href)) as { default: VNode };
    return module.default;
  }
  return toVNode(JSON.parse(readFileSync(`${folder}/input.json`, 'utf8')) as JsonNode) as VNode;
}

/**
 * Expected files put a line break between adjacent tags so diffs stay readable; the
 * comparison uses the same form (`<` in text is always escaped, so `><` only joins tags).
 */
export function formatHtml(html: string): string {
  return `${html.replace(/></g, '>\n<')}\n`;
}
