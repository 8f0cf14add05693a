import {
  transformerNotationDiff,
  transformerNotationFocus,
  transformerNotationHighlight,
  transformerRemoveNotationEscape,
} from '@shikijs/transformers';
import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import type { Highlighter, ShikiTransformer } from 'shiki';
import { codeToHastDualTheme } from './dual-theme-hast.js';
import { type DualThemeHtmlOptions, renderDualThemeHtml } from './dual-theme-html.js';
import { highlightDualThemeLines } from './dual-theme-lines.js';
import type { HighlightedCode, HighlightRequest } from './highlight-cache.js';

export type { HighlightRequest } from './highlight-cache.js';

// `[!code ++]`, `[!code --]`, `[!code highlight]`/`[!code hl]`, `[!code focus]` (with an
// optional `:n` line count), as @shikijs/transformers match them.
const notation = /\[!code (?:\+\+|--|highlight|hl|focus)(?::\d+)?\]/;
const notationTransformers = [
  transformerNotationDiff(),
  transformerNotationHighlight(),
  transformerNotationFocus(),
  transformerRemoveNotationEscape(),
];

/**
 * Highlight one block with both themes as CSS variables (`--shiki-light`, `--shiki-dark`,
 * no inline `color`, so neither mode flashes). The `<pre>` gets `data-language`, the class
 * `line-numbers` or `wrap` when asked; lines get `highlighted`, `focused`, `diff add` or
 * `diff remove`, and the `<pre>` `has-highlighted`, `has-focused`, `has-diff`.
 *
 * @param instance
 *   Highlighter with the language and themes loaded.
 * @param request
 *   Block to highlight.
 * @returns
 *   HTML of the `<pre>` and the code as copied.
 */
export function highlightBlock(instance: Highlighter, request: HighlightRequest): HighlightedCode {
  // `[!code …]` markers (matched case-insensitively, or escaped as `[\\!code …]`) are all the
  // notation transformers act on: a block without one needs no tree, and the string path gives
  // the same HTML (a test compares them).
  if (/!code/i.test(request.code)) return highlightBlockWithTree(instance, request);
  const highlighted = highlightDualThemeLines(instance, request.code, { lang: request.language, themes: request.themes });
  return { html: renderDualThemeHtml(highlighted, lineOptionsHtml(request)), code: highlighted.text };
}

/**
 * `highlightBlock` through a hast tree, Shiki's transformers and hast-util-to-html
 * (internal: used for blocks with `[!code …]` markers, and by tests as the reference).
 *
 * @param instance
 *   Highlighter with the language and themes loaded.
 * @param request
 *   Block to highlight.
 * @returns
 *   HTML of the `<pre>` and the code as copied.
 */
export function highlightBlockWithTree(instance: Highlighter, request: HighlightRequest): HighlightedCode {
  // Shiki depends on a newer patch of `@types/hast` than this package; the trees are the same.
  const root = codeToHastDualTheme(instance, request.code, {
    lang: request.language,
    themes: request.themes,
    defaultColor: false as const,
    transformers: [...notationTransformers, lineOptions(request)],
  }) as unknown as Root;
  const pre = root.children[0] as Element;
  const code = pre.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'code',
  );
  let text = code ? toString(code) : request.code;

  // Removing `// [!code ++]` leaves the space before it.
  if (notation.test(request.code)) text = text.replace(/[ \t]+$/gm, '');

  return { html: toHtml(root), code: text };
}

/**
 * `lineOptions` for `renderDualThemeHtml`: the same classes and attribute, in the same order.
 */
function lineOptionsHtml(request: HighlightRequest): DualThemeHtmlOptions {
  const highlight = new Set(request.highlight);
  const focus = new Set(request.focus);
  const preClasses: string[] = [];
  if (request.lines) preClasses.push('line-numbers');
  if (request.wrap) preClasses.push('wrap');
  if (highlight.size > 0) preClasses.push('has-highlighted');
  if (focus.size > 0) preClasses.push('has-focused');
  const none: string[] = [];

  return {
    preClasses,
    preAttributes: [['data-language', request.language]],
    lineClasses(line) {
      if (!highlight.has(line) && !focus.has(line)) return none;
      const classes: string[] = [];
      if (highlight.has(line)) classes.push('highlighted');
      if (focus.has(line)) classes.push('focused');
      return classes;
    },
  };
}

function lineOptions(request: HighlightRequest): ShikiTransformer {
  const highlight = new Set(request.highlight);
  const focus = new Set(request.focus);

  return {
    name: 'docsgen:line-options',
    pre(node) {
      node.properties['data-language'] = request.language;
      if (request.lines) this.addClassToHast(node, 'line-numbers');
      if (request.wrap) this.addClassToHast(node, 'wrap');
      if (highlight.size > 0) this.addClassToHast(node, 'has-highlighted');
      if (focus.size > 0) this.addClassToHast(node, 'has-focused');
    },
    line(node, line) {
      if (highlight.has(line)) this.addClassToHast(node, 'highlighted');
      if (focus.has(line)) this.addClassToHast(node, 'focused');
    },
  };
}
