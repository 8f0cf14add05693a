import GithubSlugger, { slug } from 'github-slugger';
import type { Element, Nodes, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { forEachNode } from './for-each-node.js';

/**
 * One entry of the table of contents.
 */
export interface TocEntry {
  /** Heading rank: `2` for `<h2>`, `3` for `<h3>`. */
  depth: number;
  /** The heading's `id`, for `#fragment` links. */
  id: string;
  /** The heading's text without markup, whitespace collapsed. */
  text: string;
}

declare module 'vfile' {
  interface DataMap {
    /** `<h2>` and `<h3>` of the page in document order, set by `rehypeHeadingIds`. */
    toc: TocEntry[];
  }
}

const headingRank = /^h([1-6])$/;

/**
 * Give every `<h1>`–`<h6>` without an `id` a stable one made from its text with
 * github-slugger (`Getting started` → `getting-started`), unique within the page
 * (`getting-started-1` for the second), and collect `<h2>`/`<h3>` into `file.data.toc`.
 *
 * Ids the author wrote are kept and never given to another heading. Text inside MDX JSX
 * elements in a heading counts; JavaScript expressions do not. Headings inside
 * `<Visibility for="agents">` (an MDX element, or an element named `Visibility` or
 * `visibility`) get ids but stay out of the table of contents: only the Markdown twin shows them.
 *
 * @returns
 *   Transform.
 */
export function rehypeHeadingIds() {
  return function (tree: Root, file: VFile): undefined {
    const headings: { node: Element; rank: number; text: string; isListed: boolean }[] = [];
    const taken = new Set<string>();

    // Headings only agents read (inside `<Visibility for="agents">`) are not on the web page,
    // so the table of contents, which is, leaves them out.
    const agentsOnly = new Set<Nodes>();
    forEachNode<Nodes>(tree, (node) => {
      if (isForAgents(node) && !agentsOnly.has(node)) forEachNode<Nodes>(node, (inner) => void agentsOnly.add(inner));
      if (node.type !== 'element') return;
      const rank = headingRank.exec(node.tagName);
      if (!rank) return;
      const text = toString(node).replace(/\s+/g, ' ').trim();
      headings.push({ node, rank: Number(rank[1]), text, isListed: !agentsOnly.has(node) });
      const id = node.properties.id;
      if (id !== undefined && id !== null && id !== '') taken.add(String(id));
    });

    const slugger = new GithubSlugger();
    const toc: TocEntry[] = [];

    for (const { node, rank, text, isListed } of headings) {
      let id = node.properties.id;
      if (id === undefined || id === null || id === '') {
        // A heading of only an icon or punctuation has no slug of its own.
        const base = slug(text) === '' ? 'heading' : text;
        let candidate = slugger.slug(base);
        while (taken.has(candidate)) candidate = slugger.slug(base);
        taken.add(candidate);
        node.properties.id = id = candidate;
      }
      if (isListed && (rank === 2 || rank === 3)) toc.push({ depth: rank, id: String(id), text });
    }

    file.data.toc = toc;
  };
}

/** Whether a node is `<Visibility for="agents">`: content only the Markdown form of the page shows. */
function isForAgents(node: Nodes | { type: string; name?: unknown; attributes?: unknown }): boolean {
  if (node.type === 'element') {
    const element = node as Element;
    return element.tagName.toLowerCase() === 'visibility' && String(element.properties.for ?? element.properties.htmlFor ?? '') === 'agents';
  }
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return false;
  const jsx = node as { name?: unknown; attributes?: Array<{ type: string; name?: unknown; value?: unknown }> };
  return jsx.name === 'Visibility' && (jsx.attributes ?? []).some((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'for' && attribute.value === 'agents');
}
