import type { Element, ElementContent, Root } from 'hast';
import { sanitizeHref, sanitizeSrc } from '@docsgen/renderer';

/**
 * A compiled page's tree as its Markdown-mode render would be, when the page has no component
 * but code blocks: the twin is then made from the tree, without rendering it to HTML and
 * parsing that again. `undefined` for any other component (its Markdown form is the
 * component's to decide). A new tree: its parents and texts may be changed without changing
 * `tree`.
 *
 * Mirrors the Markdown mode of the elements the renderer overrides: headings lose their ids,
 * links keep only a safe `href`, images a safe `src`, `alt` and `title`, and `<CodeBlock>`
 * becomes `<pre data-language data-title><code>` with its raw code.
 */
export function twinTree(tree: Root): Root | undefined {
  const convert = (nodes: readonly (Root['children'][number] | ElementContent)[]): ElementContent[] | undefined => {
    const out: ElementContent[] = [];
    for (const node of nodes) {
      if (node.type === 'doctype') continue;
      if (node.type !== 'element') {
        // A copy of each text: writing the twin changes the tree it is given (its whitespace
        // is collapsed), and this one's texts are the compiled page's.
        if (node.type === 'text') out.push({ ...node });
        else if (node.type === 'comment') out.push(node);
        else return undefined;
        continue;
      }
      const converted = convertElement(node, convert);
      if (!converted) return undefined;
      out.push(converted);
    }
    return out;
  };
  const children = convert(tree.children);
  return children ? { type: 'root', children } : undefined;
}

function convertElement(node: Element, convert: (nodes: readonly ElementContent[]) => ElementContent[] | undefined): Element | undefined {
  const { tagName, properties } = node;
  if (tagName === 'CodeBlock') {
    if (typeof properties.code !== 'string' || node.children.length > 0) return undefined;
    const language = typeof properties.language === 'string' ? properties.language : undefined;
    const title = typeof properties.title === 'string' ? properties.title : typeof properties.filename === 'string' ? properties.filename : undefined;
    return {
      type: 'element',
      tagName: 'pre',
      properties: { dataLanguage: language, dataTitle: title },
      children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: properties.code.replace(/\n$/, '') }] }],
    };
  }
  // Any other component (a capitalised name) renders its own Markdown form.
  if (/^[A-Z]/.test(tagName) || tagName.includes('.')) return undefined;
  const children = convert(node.children);
  if (!children) return undefined;
  if (/^h[1-6]$/.test(tagName)) return { type: 'element', tagName, properties: {}, children };
  if (tagName === 'a') return { type: 'element', tagName, properties: { href: sanitizeHref(properties.href) }, children };
  if (tagName === 'img') {
    return { type: 'element', tagName, properties: { src: sanitizeSrc(properties.src), alt: properties.alt, title: properties.title }, children };
  }
  return { ...node, children };
}
