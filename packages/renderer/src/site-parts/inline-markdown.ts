import { escapeHtml } from '@docsgen/util/escape-html';
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { isExternalHref, sanitizeHref } from '../safe-url.js';

// The banner's MDX-flavoured `content` (SPEC banner; COMPAT 1.1: "limited MDX (links, bold,
// italic; no components)"). Only this subset becomes markup: links `[text](url)` and
// `<https://…>`, `**strong**`/`__strong__`, `*emphasis*`/`_emphasis_`, `` `code` ``,
// backslash escapes and character references (`&nbsp;`, `&#8594;`, read as text). Everything
// else — raw HTML, JSX tags, `{expressions}` — stays visible as escaped text, so config text can
// never inject markup.

const escapable = /[\\`*_{}[\]()#+\-.!<>"'~|]/;

/**
 * Render one line of banner content (the Markdown subset above) to HTML.
 *
 * @param text
 *   Untrusted content from docs.json.
 * @returns
 *   HTML with only `<a>`, `<strong>`, `<em>` and `<code>` elements.
 */
export function renderInlineMarkdown(text: string): string {
  return renderSpan(String(text), true);
}

function renderSpan(text: string, allowLinks: boolean): string {
  let out = '';
  let plain = '';
  const flush = (): void => {
    out += escapeHtml(plain);
    plain = '';
  };
  let index = 0;
  while (index < text.length) {
    const character = text[index]!;
    if (character === '\\' && escapable.test(text[index + 1] ?? '')) {
      plain += text[index + 1];
      index += 2;
      continue;
    }
    if (character === '&') {
      const reference = readCharacterReference(text, index);
      if (reference) {
        plain += reference.text;
        index = reference.end;
        continue;
      }
    }
    if (character === '`') {
      const run = /^`+/.exec(text.slice(index))![0];
      const close = text.indexOf(run, index + run.length);
      if (close > index) {
        flush();
        const code = text.slice(index + run.length, close);
        // CommonMark: one space on both sides of the code is stripped.
        const trimmed = /^ .* $/.test(code) && code.trim() !== '' ? code.slice(1, -1) : code;
        out += `<code>${escapeHtml(trimmed)}</code>`;
        index = close + run.length;
        continue;
      }
      plain += run;
      index += run.length;
      continue;
    }
    if (allowLinks && character === '[') {
      const link = readLink(text, index);
      if (link) {
        flush();
        out += anchor(link.href, renderSpan(link.label, false));
        index = link.end;
        continue;
      }
    }
    if (allowLinks && character === '<') {
      const auto = /^<(https?:\/\/[^\s<>]+|mailto:[^\s<>]+)>/i.exec(text.slice(index));
      if (auto) {
        flush();
        out += anchor(auto[1]!, escapeHtml(auto[1]!.replace(/^mailto:/i, '')));
        index += auto[0].length;
        continue;
      }
    }
    if (character === '*' || character === '_') {
      const emphasis = readEmphasis(text, index);
      if (emphasis) {
        flush();
        const tag = emphasis.strong ? 'strong' : 'em';
        out += `<${tag}>${renderSpan(emphasis.inner, allowLinks)}</${tag}>`;
        index = emphasis.end;
        continue;
      }
    }
    plain += character;
    index += 1;
  }
  flush();
  return out;
}

function anchor(href: string, labelHtml: string): string {
  const safe = sanitizeHref(href.trim()) ?? '#';
  const rel = isExternalHref(safe) ? ' rel="noopener noreferrer"' : '';
  return `<a href="${escapeHtml(safe)}"${rel}>${labelHtml}</a>`;
}

/** `[label](href "title")` starting at `start`; brackets in the label must balance. */
function readLink(text: string, start: number): { label: string; href: string; end: number } | undefined {
  let depth = 0;
  let index = start;
  for (; index < text.length; index += 1) {
    const character = text[index];
    if (character === '\\') index += 1;
    else if (character === '[') depth += 1;
    else if (character === ']' && --depth === 0) break;
  }
  if (depth !== 0 || text[index + 1] !== '(') return undefined;
  const destination = /^\(\s*(<[^<>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+("[^"]*"|'[^']*'))?\s*\)/.exec(text.slice(index + 1));
  if (!destination) return undefined;
  const raw = destination[1]!;
  return {
    label: text.slice(start + 1, index),
    href: raw.startsWith('<') ? raw.slice(1, -1) : raw,
    end: index + 1 + destination[0].length,
  };
}

/** `**x**`, `__x__`, `*x*` or `_x_` starting at `start`, closed on the same text. */
function readEmphasis(text: string, start: number): { inner: string; strong: boolean; end: number } | undefined {
  const marker = text[start]!;
  if (text.startsWith(marker.repeat(3), start)) {
    // `***x***` is strong emphasis around emphasis.
    const close = text.indexOf(marker.repeat(3), start + 4);
    if (close > start && !/\s/.test(text[start + 3]!) && !/\s/.test(text[close - 1]!)) {
      return { inner: `${marker}${text.slice(start + 3, close)}${marker}`, strong: true, end: close + 3 };
    }
  }
  const strong = text[start + 1] === marker;
  const delimiter = strong ? marker + marker : marker;
  const after = text[start + delimiter.length];
  if (after === undefined || /\s/.test(after) || after === marker) return undefined;
  // `snake_case`: an underscore inside a word is text (CommonMark's intraword rule).
  if (marker === '_' && /[\p{L}\p{N}]/u.test(text[start - 1] ?? '')) return undefined;
  for (let index = start + delimiter.length + 1; index <= text.length - delimiter.length; index += 1) {
    if (text[index - 1] === '\\') continue;
    if (text[index] === '`') {
      // Delimiters inside a code span do not close.
      const run = /^`+/.exec(text.slice(index))![0];
      const close = text.indexOf(run, index + run.length);
      if (close > index) index = close + run.length - 1;
      continue;
    }
    if (text.startsWith(delimiter, index) && !/\s/.test(text[index - 1]!)) {
      // A single `*` next to a second one belongs to a `**` run, not to this emphasis.
      if (!strong && text[index + 1] === marker) {
        index += 1;
        continue;
      }
      if (marker === '_' && /[\p{L}\p{N}]/u.test(text[index + delimiter.length] ?? '')) continue;
      return { inner: text.slice(start + delimiter.length, index), strong, end: index + delimiter.length };
    }
  }
  return undefined;
}

const characterReference = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z][A-Za-z\d]{1,31}));/y;

/**
 * The character a reference at `index` stands for, as Markdown reads one (`&nbsp;`, `&#160;`,
 * `&#xA0;`); `undefined` when there is none there or the name is unknown (it stays as written).
 * A number that is no character (zero, a surrogate, past U+10FFFF) reads as U+FFFD.
 */
function readCharacterReference(text: string, index: number): { text: string; end: number } | undefined {
  characterReference.lastIndex = index;
  const match = characterReference.exec(text);
  if (!match) return undefined;
  const end = index + match[0].length;
  if (match[3] !== undefined) {
    const decoded = decodeNamedCharacterReference(match[3]);
    return decoded === false ? undefined : { text: decoded, end };
  }
  const code = match[1] !== undefined ? Number.parseInt(match[1], 10) : Number.parseInt(match[2]!, 16);
  const isCharacter = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return { text: isCharacter ? String.fromCodePoint(code) : '\ufffd', end };
}
