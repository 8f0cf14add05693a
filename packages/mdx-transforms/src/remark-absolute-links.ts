import type { Nodes, Root } from 'mdast';
import type { VFile } from 'vfile';
import { forEachNode } from './for-each-node.js';
import { pagePathOf } from './remark-absolute-images.js';
import { resolveImageUrl } from './resolve-image-url.js';

/**
 * Make relative link targets paths from the project root, read from the folder of the page's
 * file (`./setup` in `guides/start/index.mdx` is `/guides/start/setup`), as the hosted platform
 * resolves them when it builds. A browser would read them against the page's address instead,
 * which differs for a folder's `index` page served at the folder's path.
 *
 * Handles Markdown links, definitions used by link references, and the `href` of MDX elements
 * (`<Card href="../api">`, `<a href>`). Query strings and fragments are kept. Absolute paths,
 * URLs with a scheme (`https:`, `mailto:`), protocol-relative URLs, `#fragments` and `?queries`
 * are left alone; `..` never climbs above the root.
 *
 * @returns
 *   Transform.
 */
export function remarkAbsoluteLinks() {
  return function (tree: Root, file: VFile): undefined {
    const pagePath = pagePathOf(file);
    const resolve = (url: string): string => (url.startsWith('?') ? url : resolveImageUrl(url, pagePath).url);
    const linkReferences = new Set<string>();
    forEachNode<Nodes>(tree, (node) => {
      if (node.type === 'link') node.url = resolve(node.url);
      else if (node.type === 'linkReference') linkReferences.add(node.identifier);
      else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        for (const attribute of node.attributes) {
          if (attribute.type === 'mdxJsxAttribute' && attribute.name === 'href' && typeof attribute.value === 'string') attribute.value = resolve(attribute.value);
        }
      }
    });
    if (linkReferences.size === 0) return;
    forEachNode<Nodes>(tree, (node) => {
      if (node.type === 'definition' && linkReferences.has(node.identifier)) node.url = resolve(node.url);
    });
  };
}
