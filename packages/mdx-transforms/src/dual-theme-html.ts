import type { DualThemeLines } from './dual-theme-lines.js';
import type { DualThemeStyle } from './dual-theme-tokens.js';

/** What the `<pre>` and its lines carry besides the tokens. */
export interface DualThemeHtmlOptions {
  /** Classes added to the `<pre>` after Shiki's, in order. */
  preClasses: readonly string[];
  /** Attributes added to the `<pre>` after `tabindex`, in order (values are escaped). */
  preAttributes: ReadonlyArray<readonly [name: string, value: string]>;
  /** Classes added to a line (1-based), in order; `undefined` or empty for none. */
  lineClasses: (line: number) => readonly string[] | undefined;
}

/**
 * Serialize highlighted lines to the HTML that Shiki's `tokensToHast` followed by
 * hast-util-to-html gives for their tokens, without building the tree: the `<pre>` of almost
 * every block needs no transformer that works on hast, and building and serializing the tree
 * cost about as much as tokenizing. `highlightBlock` uses it only for such blocks; a test
 * compares it with the tree path over every block of the shared corpus.
 *
 * @param highlighted
 *   From `highlightDualThemeLines`.
 * @param options
 *   Extra classes and attributes.
 * @returns
 *   HTML of the `<pre>`.
 */
export function renderDualThemeHtml(highlighted: DualThemeLines, options: DualThemeHtmlOptions): string {
  let html = `<pre class="${escapeAttribute(joinClasses(['shiki', highlighted.themeName], options.preClasses))}" style="${escapeAttribute(highlighted.rootStyle)}" tabindex="0"`;
  for (const [name, value] of options.preAttributes) html += ` ${name}="${escapeAttribute(value)}"`;
  html += '><code>';

  highlighted.lines.forEach((line, index) => {
    if (index > 0) html += '\n';
    const classes = options.lineClasses(index + 1);
    html += classes && classes.length > 0 ? `<span class="${escapeAttribute(joinClasses(['line'], classes))}">` : '<span class="line">';
    html += line + '</span>';
  });

  return html + '</code></pre>';
}

// Styles are shared by every token of the same colours, so their tag is built once.
const openTags = new WeakMap<DualThemeStyle, string>();

/**
 * The `<span>` that opens a token of this style (internal: for `highlightDualThemeLines`), as
 * hast-util-to-html writes Shiki's token; `</span>` closes it.
 *
 * @param style
 *   Style of the token.
 * @returns
 *   Opening tag.
 */
export function openTagOf(style: DualThemeStyle): string {
  let tag = openTags.get(style);
  if (tag === undefined) {
    tag = style.style ? `<span style="${escapeAttribute(style.style)}">` : '<span>';
    openTags.set(style, tag);
  }
  return tag;
}

/** Shiki's `addClassToHast`: the existing classes split on whitespace, new ones added once. */
function joinClasses(existing: readonly string[], added: readonly string[]): string {
  if (added.length === 0) return existing.join(' ');
  const classes = existing.join(' ').split(/\s+/);
  for (const name of added) if (name && !classes.includes(name)) classes.push(name);
  return classes.join(' ');
}

// hast-util-to-html's defaults: `<` and `&` in text; `"`, `&`, `'`, `` ` `` and NUL in
// double-quoted attribute values; as hexadecimal character references.
const attributeReferences: Record<string, string> = { '"': '&#x22;', '&': '&#x26;', "'": '&#x27;', '`': '&#x60;', '\0': '&#x0;' };

/**
 * Escape text as hast-util-to-html does (internal: for `highlightDualThemeLines`).
 *
 * @param value
 *   Text of a token.
 * @returns
 *   HTML.
 */
export function escapeText(value: string): string {
  return /[<&]/.test(value) ? value.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;') : value;
}

function escapeAttribute(value: string): string {
  return value.replace(/["&'`\0]/g, (character) => attributeReferences[character]!);
}
