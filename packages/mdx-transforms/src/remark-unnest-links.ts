import type { Nodes, Root } from 'mdast';

/**
 * Takes out the links inside a link written in JSX, keeping their text:
 * `<a href="mailto:support@example.com">support@example.com</a>` in MDX has Markdown inside,
 * which GFM makes a link of its own (the platform's own contact page). A link in a link is not
 * HTML: the browser's parser closes the outer one where the inner one starts. Markdown links
 * need nothing: GFM makes no link inside them.
 *
 * @returns
 *   Transform.
 */
export function remarkUnnestLinks() {
  return function (tree: Root): undefined {
    unnest(tree, false);
  };
}

/** Replaces, below `node`, every link under a JSX `<a>` by its children. */
function unnest(node: Nodes, isInLink: boolean): void {
  if (!('children' in node)) return;
  const inside = isInLink || ((node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') && node.name === 'a');
  let changed = false;
  const children: Nodes[] = [];
  for (const child of node.children as Nodes[]) {
    if (inside && (child.type === 'link' || child.type === 'linkReference')) {
      unnest(child, true);
      children.push(...(child.children as Nodes[]));
      changed = true;
    } else {
      unnest(child, inside);
      children.push(child);
    }
  }
  if (changed) (node as { children: Nodes[] }).children = children;
}
