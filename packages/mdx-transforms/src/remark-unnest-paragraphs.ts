import type { Nodes, PhrasingContent, Root } from 'mdast';
import { forEachNode } from './for-each-node.js';

// Elements whose content is phrasing only: a paragraph inside one is not HTML. `Heading` is the
// hosted platform's heading component. `a` is left out (it may wrap blocks: a card made of a link
// around divs) unless it holds only text.
const phrasingOnly = new Set(['p', 'Heading', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'span', 'button', 'label', 'strong', 'em', 'b', 'i', 'u', 's', 'small', 'mark', 'sub', 'sup', 'abbr', 'cite', 'q', 'kbd', 'legend', 'summary']);

/**
 * Takes the paragraph out of a JSX element that may hold only text, keeping its content:
 * MDX reads text on lines of its own inside an element as a paragraph, so
 * `<p className="mt-4 text-lg">⏎  Everything you need…⏎</p>` (the hosted platform's landing-page
 * guide, its knowledge-base template) is a paragraph in a paragraph. A browser reading that HTML
 * closes the outer one where the inner one starts: the text lost its classes and took the
 * prose margins of a paragraph (the platform renders in the browser, where nesting holds).
 * Two paragraphs in one such element are joined by a line break.
 *
 * @returns
 *   Transform.
 */
export function remarkUnnestParagraphs() {
  return function (tree: Root): undefined {
    forEachNode<Nodes>(tree, (node) => {
      if (node.type !== 'mdxJsxFlowElement' || node.name === null) return;
      // A link holding only text (a landing page's button: `<a className="rounded-lg px-4
      // py-2.5">⏎  Quickstart⏎</a>`) is phrasing too; one holding blocks stays as written.
      const isTextLink = node.name === 'a' && node.children.every((child) => child.type === 'paragraph');
      if (!phrasingOnly.has(node.name) && !isTextLink) return;
      if (!node.children.some((child) => child.type === 'paragraph')) return;
      const children: Nodes[] = [];
      let afterParagraph = false;
      for (const child of node.children as Nodes[]) {
        if (child.type === 'paragraph') {
          if (afterParagraph) children.push({ type: 'break' });
          children.push(...(child.children as PhrasingContent[]));
        } else children.push(child);
        afterParagraph = child.type === 'paragraph';
      }
      (node as { children: Nodes[] }).children = children;
    });
  };
}
