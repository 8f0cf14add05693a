import type { DualThemeStyle, DualThemeTokens } from './dual-theme-tokens.js';

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
 * Serialize dual-theme tokens to the HTML that Shiki's `tokensToHast` followed by
 * hast-util-to-html gives for them, without building the tree: the `<pre>` of almost every
 * block needs no transformer that works on hast, and building and serializing the tree cost
 * about as much as tokenizing. `highlightBlock` uses it only for such blocks; a test compares
 * it with the tree path over every block of the shared corpus.
 *
 * @param tokens
 *   From `tokenizeDualTheme`.
 * @param options
 *   Extra classes and attributes.
 * @returns
 *   HTML of the `<pre>`, and its text (what `hast-util-to-string` gives for the `<code>`).
 */
export function renderDualThemeHtml(
  tokens: DualThemeTokens,
  options: DualThemeHtmlOptions,
): { html: string; text: string } {
  let html = `<pre class="${escapeAttribute(joinClasses(['shiki', tokens.themeName], options.preClasses))}" style="${escapeAttribute(tokens.rootStyle)}" tabindex="0"`;
  for (const [name, value] of options.preAttributes) html += ` ${name}="${escapeAttribute(value)}"`;
  html += '><code>';
  let text = '';

  tokens.lines.forEach((line, index) => {
    if (index > 0) {
      html += '\n';
      text += '\n';
    }
    const classes = options.lineClasses(index + 1);
    html += classes && classes.length > 0 ? `<span class="${escapeAttribute(joinClasses(['line'], classes))}">` : '<span class="line">';
    for (const token of line) {
      html += openTagOf(token.style) + escapeText(token.content) + '</span>';
      text += token.content;
    }
    html += '</span>';
  });

  return { html: html + '</code></pre>', text };
}

// Styles are shared by every token of the same colours, so their tag is built once.
const openTags = new WeakMap<DualThemeStyle, string>();

function openTagOf(style: DualThemeStyle): string {
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

function escapeText(value: string): string {
  return /[<&]/.test(value) ? value.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;') : value;
}

function escapeAttribute(value: string): string {
  return value.replace(/["&'`\0]/g, (character) => attributeReferences[character]!);
}
