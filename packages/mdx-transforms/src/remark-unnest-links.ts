import type { Nodes, Root } from 'mdast';
import { forEachNode } from './for-each-node.js';

/**
 * Takes out the links inside a link written in JSX, keeping their text:
 * `<a href="mailto:support@example.com">support@example.com</a>` in MDX has Markdown inside,
 * which GFM makes a link of its own (the platform's own contact page). A link in a link is not
 * HTML: the browser's parser closes the outer one where the inner one starts. Markdown links
 * need nothing: GFM makes no link inside them. Only the children of a JSX `<a>` are read again;
 * the rest of the page is walked once and never copied.
 *
 * @returns
 *   Transform.
 */
export function remarkUnnestLinks() {
  return function (tree: Root): undefined {
    forEachNode<Nodes>(tree, (node) => {
      if ((node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') && node.name === 'a') unwrapLinks(node);
    });
  };
}

/** Replaces every link below `node` by its children. */
function unwrapLinks(node: Nodes): void {
  if (!('children' in node)) return;
  const children = node.children as Nodes[];
  for (const child of children) unwrapLinks(child);
  if (children.some(isLink)) (node as { children: Nodes[] }).children = children.flatMap((child): Nodes[] => (isLink(child) ? child.children : [child]));
}

function isLink(node: Nodes): node is Extract<Nodes, { type: 'link' | 'linkReference' }> {
  return node.type === 'link' || node.type === 'linkReference';
}
