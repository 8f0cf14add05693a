/** A node of any unist tree: what `forEachNode` needs to see of it. */
interface AnyNode {
  type: string;
  children?: unknown[];
}

/**
 * Call `visitor` on `tree` and every node below it, in document order (the order of
 * unist-util-visit without a test). A plain loop over an explicit stack: the plugins that
 * walk every node of every page spent more time in unist-util-visit's generic machinery
 * (a parents array and a test per node) than in their own work, and no depth of nesting
 * overflows the call stack. The visitor may change a node but not its parent's `children`.
 *
 * @param tree
 *   Root to walk.
 * @param visitor
 *   Called once per node.
 */
export function forEachNode<Node extends AnyNode>(tree: Node, visitor: (node: Node) => undefined): undefined {
  const stack: AnyNode[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visitor(node as Node);
    const children = node.children;
    if (children) for (let index = children.length - 1; index >= 0; index--) stack.push(children[index] as AnyNode);
  }
}
