import type { Element, ElementContent, Root as HastRoot } from 'hast';
import { toMdast } from 'hast-util-to-mdast';
import { toString } from 'hast-util-to-string';
import type { Nodes, Parent, Root } from 'mdast';
import type {} from 'mdast-util-math';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { mathToMarkdown } from 'mdast-util-math';
import { defaultHandlers, toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import { inlineCodeWith } from './to-markdown-twin-code.js';
import { parseTwinHtml } from './to-markdown-twin-html.js';
import { text } from './to-markdown-twin-text.js';
import { createTwinHandlers, encodeSpaces } from './twin-handlers.js';

/**
 * Options for `toMarkdownTwin`.
 */
export interface MarkdownTwinOptions {
  /**
   * URL of the site, such as `https://docs.example.com`; root-relative image and media URLs
   * are resolved against it as a browser would (`/images/x.png` →
   * `https://docs.example.com/images/x.png`) (default: `undefined`, URLs stay as they are).
   */
  siteUrl?: string | null | undefined;
}

/**
 * `MarkdownTwinOptions` with every default applied.
 */
export interface ResolvedMarkdownTwinOptions {
  /** Site URL without a trailing slash, or `undefined`. */
  siteUrl: string | undefined;
}

const defaults: ResolvedMarkdownTwinOptions = { siteUrl: undefined };
const gfm = gfmToMarkdown();
// GFM's `inlineCode` (tables') calls the default one, then escapes pipes in a table cell.
const gfmInlineCode = (gfm.extensions ?? []).map((extension) => extension.handlers?.inlineCode).findLast((handle) => handle !== undefined) ?? defaultHandlers.inlineCode;
// One set of options for every twin: the extensions hold no state, and their unsafe patterns,
// the same objects each time, keep the expressions compiled for them (`compilePattern`) and
// what the `text` handler learnt about them.
const markdownOptions: ToMarkdownOptions = {
  bullet: '-',
  emphasis: '*',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
  resourceLink: true,
  extensions: [gfm, mathToMarkdown()],
  handlers: { text, inlineCode: inlineCodeWith(gfmInlineCode) },
};
// Parents that may hold flow content (paragraphs, fences, lists).
const flowParents = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);
// Nothing a reader of Markdown can use: drawings, code, controls, hidden and decorative parts.
const dropped = new Set([
  'svg',
  'script',
  'style',
  'button',
  'template',
  'noscript',
  'select',
  'textarea',
  'object',
  'embed',
  'canvas',
  'head',
  'title',
  'meta',
  'link',
  'dialog',
]);

/**
 * Turn the HTML of a page rendered in markdown mode into clean Markdown: the last step of the
 * Markdown twin (`/<slug>.md`).
 *
 * `<pre data-language data-title><code>` becomes a fenced block with the title as meta; KaTeX
 * becomes `$…$`/`$$…$$`; `<pre class="mermaid">` a `mermaid` fence; images keep alt and
 * title; iframes, videos and audio become links; `<kbd>` inline code; `<mark>` emphasis;
 * tables GFM tables. SVG, scripts, styles, buttons, form controls, comments, `[hidden]` and
 * `[aria-hidden="true"]` are dropped; other elements are unwrapped. Links with `javascript:`,
 * `vbscript:`, `data:` or `file:` URLs keep only their text. The output has no HTML outside
 * code, uses `-` bullets, `*` emphasis and fenced code, and ends with one newline (an empty
 * string when there is no content).
 *
 * @param html
 *   HTML of the page body (a fragment or a whole document).
 * @param options
 *   Site URL for absolute image URLs.
 * @returns
 *   Markdown.
 */
export function toMarkdownTwin(
  html: string,
  options?: MarkdownTwinOptions | null | undefined,
): string {
  if (typeof html !== 'string') {
    throw new TypeError(`Cannot write a Markdown twin: \`html\` is \`${String(html)}\`, expected a string`);
  }

  // As `fromHtml(html, { fragment: true })` (hast-util-from-html) parses, without the source
  // positions it adds to every node: the Markdown does not use them.
  return hastToMarkdownTwin(parseTwinHtml(html), options);
}

/**
 * `toMarkdownTwin` for a page already in hast, without its HTML: the same Markdown as
 * `toMarkdownTwin(toHtml(tree))`. The tree is changed (unreadable parts removed, whitespace
 * collapsed): give it a tree of its own.
 */
export function hastToMarkdownTwin(hast: HastRoot, options?: MarkdownTwinOptions | null | undefined): string {
  const settings = resolveMarkdownTwinOptions(options);
  const resolveUrl = (url: string): string => {
    const trimmed = url.trim();
    if (!settings.siteUrl || !trimmed.startsWith('/') || trimmed.startsWith('//')) {
      return encodeSpaces(trimmed);
    }
    // As a browser on the site would: `/images/x.png` replaces the whole path of the site URL.
    return encodeSpaces(new URL(trimmed, settings.siteUrl + '/').href);
  };
  prepareTree(hast);
  // The tree is ours to change (see above): hast-util-to-mdast need not copy it first.
  const mdast = toMdast(hast, { handlers: createTwinHandlers(resolveUrl), clone: false }) as Nodes;
  const root: Root = mdast.type === 'root' ? mdast : { type: 'root', children: [mdast as Root['children'][number]] };
  tidy(root);

  const markdown = toMarkdown(root, markdownOptions);

  // `trimEnd` removes what `/\s+$/` matches (both: WhiteSpace and LineTerminator), without
  // the regular expression's retries at every blank of the text.
  return markdown.trim() === '' ? '' : markdown.trimEnd() + '\n';
}

function resolveMarkdownTwinOptions(
  options: MarkdownTwinOptions | null | undefined,
): ResolvedMarkdownTwinOptions {
  const siteUrl = options?.siteUrl ?? defaults.siteUrl;
  if (siteUrl === undefined) return { siteUrl };

  if (typeof siteUrl !== 'string' || !/^https?:\/\/[^/\s]+(?:\/\S*)?$/i.test(siteUrl)) {
    throw new TypeError(
      `Cannot write a Markdown twin with \`${String(siteUrl)}\` for \`options.siteUrl\`, expected an absolute URL such as \`https://docs.example.com\``,
    );
  }

  return { siteUrl: siteUrl.replace(/\/+$/, '') };
}

/**
 * Prepare the rendered tree for hast-util-to-mdast, in one walk from the root down: remove what
 * no reader of Markdown can use (`removeUnreadable`), give each block container's inline
 * content a paragraph of its own (`separateBlocks`) and put table cells' alignment back
 * (`restoreCellAlignment`). A parent's children are filtered before the parent is looked at,
 * so each step sees what it would after the previous one had walked the whole tree.
 */
function prepareTree(parent: HastRoot | Element): undefined {
  const children = parent.children;
  let kept = 0;
  for (let index = 0; index < children.length; index += 1) {
    const child = children[index]!;
    if (isUnreadable(child)) continue;
    children[kept] = child;
    kept += 1;
  }
  children.length = kept;

  if (parent.type === 'element') {
    separateBlocks(parent);
    restoreCellAlignment(parent);
  }

  for (const child of parent.children) {
    if (child.type === 'element') prepareTree(child);
  }
  return undefined;
}

/** Comments, doctypes, dropped elements and everything hidden from readers. */
function isUnreadable(node: HastRoot['children'][number]): boolean {
  return node.type === 'comment' || node.type === 'doctype' || (node.type === 'element' && (dropped.has(node.tagName) || isHidden(node)));
}

/**
 * Rendered tables carry a column's alignment as `style="text-align: …"` on their cells (React
 * and Preact have no `align`); hast-util-to-mdast reads `align`. Put it back, so the twin's
 * table keeps its `:---:` markers.
 */
function restoreCellAlignment(node: Element): undefined {
  if (node.tagName !== 'td' && node.tagName !== 'th') return undefined;
  const align = /(?:^|;)\s*text-align\s*:\s*(left|right|center)\b/i.exec(String(node.properties.style ?? ''))?.[1];
  if (align && node.properties.align === undefined) node.properties.align = align.toLowerCase();
  return undefined;
}

/** Containers whose content is a block of its own, even when it is only text. */
const blockContainers = new Set(['div', 'section', 'aside', 'article', 'figure', 'details', 'main', 'header', 'footer', 'nav']);

/**
 * `<div>Left</div><div>Right</div>` would otherwise run together as `LeftRight`: hast-util-to-mdast
 * joins adjacent inline content into one paragraph. A block container holding only inline
 * content gets that content wrapped in a `<p>`, so each stays a paragraph of its own.
 */
function separateBlocks(node: Element): undefined {
  if (!blockContainers.has(node.tagName) || node.children.length === 0) return undefined;
  const isInline = node.children.every(
    (child) => child.type === 'text' || child.type === 'comment' || (child.type === 'element' && phrasing.has(child.tagName)),
  );
  const hasText = node.children.some((child) => child.type !== 'comment' && !(child.type === 'text' && child.value.trim() === ''));
  if (isInline && hasText) node.children = [{ type: 'element', tagName: 'p', properties: {}, children: spacedElements(node.children) }];
  return undefined;
}

/**
 * `children` with a space between two elements that touch word to word: JSX elements on lines of
 * their own leave no text between them, and a page's CSS sets them apart
 * (`<div className="flex flex-col"><span>Your first day</span><span>Your first day is…</span>`,
 * the platform's knowledge-base template), which read `dayYour` in the twin; two links in a
 * grid read `…)[…` without one.
 */
function spacedElements(children: ElementContent[]): ElementContent[] {
  const spaced: ElementContent[] = [];
  // The previous child when it is an element, and its text.
  let previous: { element: Element; text: string } | undefined;
  for (const child of children) {
    const text = child.type === 'element' ? toString(child) : '';
    if (previous && child.type === 'element') {
      const isLinkAfterLink = previous.element.tagName === 'a' && child.tagName === 'a';
      if (isLinkAfterLink || (/[\p{L}\p{N}]$/u.test(previous.text) && /^[\p{L}\p{N}]/u.test(text))) spaced.push({ type: 'text', value: ' ' });
    }
    spaced.push(child);
    previous = child.type === 'element' ? { element: child, text } : undefined;
  }
  return spaced;
}

const phrasing = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'img', 'kbd', 'mark', 'q', 's',
  'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'del', 'ins',
]);

function isHidden(node: Element): boolean {
  const { hidden, ariaHidden, type } = node.properties;
  if (hidden !== undefined && hidden !== null && hidden !== false) return true;
  if (ariaHidden === true || ariaHidden === 'true') return true;
  // Checkboxes make task lists; other inputs are controls.
  return node.tagName === 'input' && type !== 'checkbox';
}

/**
 * Fix what Markdown cannot hold: flow content (a fence, block math) where only phrasing is
 * allowed (a `<pre>` inside a link, a table cell or a heading), a line break or a `|` in a
 * table cell, and two lists in a row (which would need a second bullet character).
 */
function tidy(parent: Parent): undefined {
  const children = parent.children as Nodes[];
  const isPhrasingParent = !flowParents.has(parent.type);
  const isInCell = parent.type === 'tableCell';
  let index = 0;
  while (index < children.length) {
    let node = children[index]!;

    if (node.type === 'html') {
      children.splice(index, 1);
      continue;
    }

    let replacement: Nodes | undefined;
    if (node.type === 'code' && isPhrasingParent) {
      replacement = { type: 'inlineCode', value: node.value.replace(/\s*\n\s*/g, ' ') };
    } else if (node.type === 'math' && isPhrasingParent) {
      replacement = { type: 'inlineMath', value: node.value.replace(/\s*\n\s*/g, ' ') } as Nodes;
    } else if (node.type === 'break' && isInCell) {
      replacement = { type: 'text', value: ' ' };
    }

    if (replacement) {
      replacement.position = node.position;
      children[index] = replacement;
      node = replacement;
    }

    // GFM escapes `|` in inline code of a cell, not in math: `\vert` is the same symbol.
    if (node.type === 'inlineMath' && isInCell) node.value = node.value.replace(/\|/g, '\\vert ');

    // The items moved into the previous list are not looked at again: that list's were.
    const previous = children[index - 1];
    if (node.type === 'list' && !node.ordered && previous?.type === 'list' && !previous.ordered) {
      previous.children.push(...node.children);
      previous.spread = previous.spread || node.spread;
      children.splice(index, 1);
      continue;
    }

    if ('children' in node) tidy(node);
    index += 1;
  }
  return undefined;
}
