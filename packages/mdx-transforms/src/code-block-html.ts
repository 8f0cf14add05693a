import type { Element, ElementContent } from 'hast';
import type { CodeMeta } from './code-meta.js';
import type { HighlightedCode } from './highlight-cache.js';

/** What `createCodeBlockHtml` needs about one highlighted block. */
export interface CodeBlockHtmlInput {
  /** Position of the fence or element replaced. */
  position: Element['position'];
  /** Fence meta or the author's attributes. */
  meta: CodeMeta;
  /** Resolved language (`text` when unknown). */
  language: string;
  /** Highlighted HTML and the code as copied. */
  highlighted: HighlightedCode;
  /** Parses the highlighted `<pre>` (hast-util-from-html, loaded only for this output). */
  parse: (html: string) => ElementContent[];
}

/** The class of the `<figure>` that holds a highlighted block in HTML output. */
export const codeBlockClass = 'code-block';

/**
 * A highlighted block as plain HTML, for pipelines that compile hast to HTML
 * (rehype-stringify) rather than to JavaScript (MDX):
 * `<figure class="code-block" data-language="ts"><figcaption>title</figcaption><pre class="shiki">…</pre></figure>`.
 * Line numbers, highlights, focus and wrapping are in the `<pre>` already; the copy button
 * and the caption bar are docsgen's `<CodeBlock>` component, which HTML output has no
 * JavaScript for.
 */
export function createCodeBlockHtml(input: CodeBlockHtmlInput): Element {
  const children: ElementContent[] = [];
  if (input.meta.title) children.push({ type: 'element', tagName: 'figcaption', properties: {}, children: [{ type: 'text', value: input.meta.title }] });
  children.push(...input.parse(input.highlighted.html));
  return {
    type: 'element',
    tagName: 'figure',
    properties: { className: [codeBlockClass], dataLanguage: input.language },
    children,
    position: input.position,
  };
}

/**
 * A Mermaid fence as `<pre class="mermaid">`, the markup Mermaid's own script renders in a
 * browser.
 */
export function createMermaidHtml(chart: string, position: Element['position']): Element {
  return { type: 'element', tagName: 'pre', properties: { className: ['mermaid'] }, children: [{ type: 'text', value: chart }], position };
}

/** Whether `node` is a block this plugin already turned into HTML (so a second run skips it). */
export function isCodeBlockHtml(node: Element): boolean {
  const classes = node.properties.className;
  if (!Array.isArray(classes)) return false;
  return (node.tagName === 'figure' && classes.includes(codeBlockClass)) || (node.tagName === 'pre' && classes.includes('mermaid'));
}
