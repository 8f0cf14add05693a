import type { MdxJsxAttribute } from 'mdast-util-mdx';
import { type CodeMeta, formatLineList } from './code-meta.js';
import type { HighlightedCode } from './highlight-cache.js';
import { type JsxFlowElement, createAttribute } from './jsx-attributes.js';

/**
 * What `createCodeBlock` needs about one highlighted block.
 */
export interface CodeBlockInput {
  /** Author `<CodeBlock>` to complete, or `undefined` to create one for a fence. */
  element: JsxFlowElement | undefined;
  /** Position of the fence or element replaced. */
  position: JsxFlowElement['position'];
  /** Fence meta or the author's attributes. */
  meta: CodeMeta;
  /** Resolved language (`text` when unknown). */
  language: string;
  /**
   * Highlighted HTML and the code as copied, or `undefined` for an author's `<CodeBlock>`
   * whose children are values (`readLateCodeBlock`): it keeps them, for the renderer to
   * highlight once they are known.
   */
  highlighted: HighlightedCode | undefined;
  /** Chrome of the site, used when the fence has no `bar`/`bare` flag. */
  chrome: 'bar' | 'bare';
  /** Copy button setting of the site. */
  copyButton: boolean | 'always' | 'hover';
}

// Attributes computed from the code; an author's value for these is replaced.
const computed = new Set(['html', 'code', 'chrome', 'copy']);

/**
 * Build the `<CodeBlock>` MDX JSX element for a highlighted block, or complete an author's.
 *
 * @param input
 *   Block, meta and site settings.
 * @returns
 *   `<CodeBlock>` with string attributes only.
 */
export function createCodeBlock(input: CodeBlockInput): JsxFlowElement {
  const { meta } = input;
  const chrome = meta.chrome ?? input.chrome;
  const attributes: MdxJsxAttribute[] = [createAttribute('language', input.language)];

  if (meta.title) attributes.push(createAttribute('title', meta.title));
  if (meta.icon) attributes.push(createAttribute('icon', meta.icon));
  if (meta.lines) attributes.push(createAttribute('lines', 'true'));
  if (meta.wrap) attributes.push(createAttribute('wrap', 'true'));
  if (meta.expandable) attributes.push(createAttribute('expandable', 'true'));
  if (meta.highlight.length > 0) attributes.push(createAttribute('highlight', formatLineList(meta.highlight)));
  if (meta.focus.length > 0) attributes.push(createAttribute('focus', formatLineList(meta.focus)));
  attributes.push(
    createAttribute('chrome', chrome),
    createAttribute('copy', resolveCopy(input.copyButton, chrome, meta.noCopy)),
  );
  if (input.highlighted) {
    attributes.push(createAttribute('code', input.highlighted.code), createAttribute('html', input.highlighted.html));
  }

  if (!input.element) {
    return { type: 'mdxJsxFlowElement', name: 'CodeBlock', attributes, children: [], position: input.position };
  }

  // Keep what the author wrote (`language="JS"`, `filename`, `highlight="{1,3}"`) and add
  // what is missing; the computed attributes always win.
  const node = input.element;
  const kept = node.attributes.filter(
    (attribute) => attribute.type !== 'mdxJsxAttribute' || !computed.has(attribute.name),
  );
  const written = new Set(
    kept.map((attribute) => (attribute.type === 'mdxJsxAttribute' ? attribute.name : '')),
  );
  node.attributes = [
    ...kept,
    ...attributes.filter((attribute) => computed.has(attribute.name) || !written.has(attribute.name)),
  ];
  if (input.highlighted) node.children = [];
  return node;
}

/**
 * Create `<Mermaid chart="…">` for a mermaid fence.
 *
 * @param chart
 *   Diagram source.
 * @param position
 *   Position of the fence.
 * @returns
 *   `<Mermaid>` element.
 */
export function createMermaid(chart: string, position: JsxFlowElement['position']): JsxFlowElement {
  return {
    type: 'mdxJsxFlowElement',
    name: 'Mermaid',
    attributes: [createAttribute('chart', chart)],
    children: [],
    position,
  };
}

function resolveCopy(
  copyButton: CodeBlockInput['copyButton'],
  chrome: 'bar' | 'bare',
  noCopy: boolean,
): 'always' | 'hover' | 'none' {
  if (noCopy || copyButton === false) return 'none';
  // A hover-only button needs the code to float over; with a caption bar it is always shown.
  return copyButton === 'hover' && chrome === 'bare' ? 'hover' : 'always';
}
