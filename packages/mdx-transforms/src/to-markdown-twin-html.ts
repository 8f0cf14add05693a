import type { Root as HastRoot } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

// The Markdown twin parses the HTML of a page rendered in Markdown mode: markup a renderer
// wrote, each element closed where it was opened, only `&`, `<`, `>` and `"` escaped. parse5
// runs the whole HTML tree construction (a state machine per character, implied ends, foster
// parenting, formatting elements) to give, for such markup, the tree it spells. `parseTwinHtml`
// builds that tree itself when the markup stays within what it knows gives the tree it spells,
// and gives the HTML to parse5 otherwise: the same hast either way, but for drawings (below).
// Whatever the HTML tree construction would change is outside: an element that would close an
// open `<p>` or heading, a list item outside its list, a link in a link, table parts outside
// their places, MathML and raw-text elements, comments, character references other than the
// four, carriage returns and NULs, a `<pre>` whose text starts with a line ending, an end tag
// that does not close the current element, an element left open.
//
// A drawing (`<svg>`, such as the permalink icons of a reference TypeDoc wrote into a page) comes
// without its content or its attributes' SVG spellings (`viewbox`, not `viewBox`): the twin
// drops it whole (`dropped` in to-markdown-twin.ts). Its content is only checked to hold nothing
// that would end the drawing early in HTML's foreign content (an element such as `<div>` or
// `<p>`, `</p>`, `</br>`) or let HTML in (`foreignObject`, `desc`, `title`).

type Parse5Fragment = DefaultTreeAdapterMap['documentFragment'];
type Parse5Element = DefaultTreeAdapterMap['element'];
type Parse5Text = DefaultTreeAdapterMap['textNode'];
type Parse5Parent = Parse5Fragment | Parse5Element;

const htmlNamespace = 'http://www.w3.org/1999/xhtml' as DefaultTreeAdapterMap['element']['namespaceURI'];
const svgNamespace = 'http://www.w3.org/2000/svg' as DefaultTreeAdapterMap['element']['namespaceURI'];

/** How an element's start tag is treated. */
const enum Kind {
  /** Inserted, nothing else (HTML's "any other start tag", formatting elements but `a`). */
  Plain = 1,
  /** Closes an open `<p>` (HTML's "close a p element" list): only taken with no `<p>` open. */
  Block,
  /** `h1`-`h6`: as `Block`, and closes a heading that is the current element. */
  Heading,
  /** `pre`: as `Block`, and drops a line ending right after it. */
  Pre,
  /** Without content or end tag. */
  Void,
  /** `hr`: void, and closes an open `<p>`. */
  Rule,
  /** `a`: closes an open `a`. */
  Link,
  /** `button`: closes an open `button`. */
  Button,
  /** `li`: closes an open `li` unless a list is the current element. */
  ListItem,
  /** `dd`, `dt`: close an open `dd` or `dt` unless `dl` is the current element. */
  Definition,
  /** `table`: closes an open `<p>`; only table parts and blanks inside. */
  Table,
  /** `thead`, `tbody`, `tfoot`: only in a `table`. */
  Section,
  /** `tr`: only in a table section. */
  Row,
  /** `td`, `th`: only in a `tr`. */
  Cell,
  /** `iframe`: raw text; only taken empty. */
  Frame,
  /** `svg`: foreign content, taken without what is inside (see above). */
  Drawing,
}

const kinds = new Map<string, Kind>();
for (const name of 'span label kbd mark abbr sup sub del ins q cite var samp data time bdi bdo dfn video audio picture b big code em font i s small strike strong tt u'.split(' ')) kinds.set(name, Kind.Plain);
for (const name of 'address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer header hgroup main menu nav ol p search section summary ul'.split(' ')) kinds.set(name, Kind.Block);
for (const name of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) kinds.set(name, Kind.Heading);
for (const name of 'area br embed img wbr input param source track'.split(' ')) kinds.set(name, Kind.Void);
kinds.set('pre', Kind.Pre);
kinds.set('hr', Kind.Rule);
kinds.set('a', Kind.Link);
kinds.set('button', Kind.Button);
kinds.set('li', Kind.ListItem);
kinds.set('dd', Kind.Definition);
kinds.set('dt', Kind.Definition);
kinds.set('table', Kind.Table);
kinds.set('thead', Kind.Section);
kinds.set('tbody', Kind.Section);
kinds.set('tfoot', Kind.Section);
kinds.set('tr', Kind.Row);
kinds.set('td', Kind.Cell);
kinds.set('th', Kind.Cell);
kinds.set('iframe', Kind.Frame);
kinds.set('svg', Kind.Drawing);

// Start tags that end foreign content (HTML's "any other start tag" rules in foreign content; `font`
// only with some attributes, left out here whatever they are), and the elements in which SVG
// takes HTML (its integration points).
const foreignBreakers = new Set(
  'b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var font foreignobject desc title math'.split(' '),
);

const references: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * Parse the HTML of a rendered page into hast, as `fromParse5(parseFragment(html))` does
 * (no positions, scripting off): the same tree, built without parse5 when the markup is
 * well formed as a renderer writes it, `<svg>` elements left empty (see above).
 *
 * @param html
 *   HTML fragment.
 * @returns
 *   hast root.
 */
export function parseTwinHtml(html: string): HastRoot {
  const fragment = parseWellFormed(html) ?? parseFragment(html, { sourceCodeLocationInfo: false, scriptingEnabled: false });
  return fromParse5(fragment) as HastRoot;
}

/**
 * The parse5 tree of `html` when its markup is within what this parser knows the HTML tree
 * construction leaves as spelled; `undefined` otherwise (parse5 is then needed). Exported for
 * tests.
 */
export function parseWellFormed(html: string): Parse5Fragment | undefined {
  const fragment: Parse5Fragment = { nodeName: '#document-fragment', childNodes: [] };
  // The open elements, innermost last, with their kinds.
  const stack: Parse5Element[] = [];
  const stackKinds: Kind[] = [];
  let openParagraphs = 0;
  let openLinks = 0;
  let openButtons = 0;
  let parent: Parse5Parent = fragment;
  let parentKind: Kind | undefined;
  let index = 0;
  const length = html.length;

  while (index < length) {
    const open = html.indexOf('<', index);
    const textEnd = open === -1 ? length : open;
    if (textEnd > index) {
      const value = decodeText(html.slice(index, textEnd));
      if (value === undefined) return undefined;
      // Only blanks where only table parts go (HTML would move the text out of the table).
      if (parentKind !== undefined && parentKind >= Kind.Table && parentKind <= Kind.Row && !isBlank(value)) return undefined;
      const text: Parse5Text = { nodeName: '#text', value, parentNode: parent as Parse5Element };
      parent.childNodes.push(text);
    }
    if (open === -1) break;

    const next = html.charCodeAt(open + 1);
    if (next === 47 /* `/` */) {
      // An end tag: it closes the current element, or the markup is not as spelled.
      const close = html.indexOf('>', open + 2);
      if (close === -1 || stack.length === 0) return undefined;
      const name = html.slice(open + 2, close);
      const current = stack[stack.length - 1]!;
      if (name !== current.tagName) return undefined;
      const kind = stackKinds[stack.length - 1]!;
      if (kind === Kind.Block && name === 'p') openParagraphs -= 1;
      else if (kind === Kind.Link) openLinks -= 1;
      else if (kind === Kind.Button) openButtons -= 1;
      stack.pop();
      stackKinds.pop();
      parent = stack.length === 0 ? fragment : stack[stack.length - 1]!;
      parentKind = stack.length === 0 ? undefined : stackKinds[stack.length - 1];
      index = close + 1;
      continue;
    }
    if (!(next >= 97 && next <= 122)) return undefined;

    // A start tag: its name, its attributes, `/>` or `>`.
    let cursor = open + 1;
    while (cursor < length && isNameCode(html.charCodeAt(cursor))) cursor += 1;
    const tagName = html.slice(open + 1, cursor);
    const kind = kinds.get(tagName);
    if (kind === undefined) return undefined;
    const tag = readAttributes(html, cursor);
    if (tag === undefined) return undefined;
    const { attrs, selfClosing } = tag;
    cursor = tag.end;

    // What HTML's tree construction would do besides inserting the element.
    switch (kind) {
      case Kind.Block:
      case Kind.Pre:
      case Kind.Rule:
      case Kind.Table:
        if (openParagraphs > 0) return undefined;
        break;
      case Kind.Heading:
        if (openParagraphs > 0 || parentKind === Kind.Heading) return undefined;
        break;
      case Kind.Link:
        if (openLinks > 0) return undefined;
        break;
      case Kind.Button:
        if (openButtons > 0) return undefined;
        break;
      case Kind.ListItem:
        if (openParagraphs > 0 || parentKind !== Kind.Block || !isList((parent as Parse5Element).tagName)) return undefined;
        break;
      case Kind.Definition:
        if (openParagraphs > 0 || (parent as Parse5Element).tagName !== 'dl') return undefined;
        break;
      case Kind.Section:
        if (parentKind !== Kind.Table) return undefined;
        break;
      case Kind.Row:
        if (parentKind !== Kind.Section) return undefined;
        break;
      case Kind.Cell:
        if (parentKind !== Kind.Row) return undefined;
        break;
      default:
        break;
    }
    // Only blanks and table parts where only table parts go.
    if (parentKind !== undefined && parentKind >= Kind.Table && parentKind <= Kind.Row && !(kind >= Kind.Section && kind <= Kind.Cell)) return undefined;
    // A `/>` on an element other than a void one is not an end: HTML would leave it open (SVG
    // takes it as one).
    if (selfClosing && kind !== Kind.Void && kind !== Kind.Rule && kind !== Kind.Drawing) return undefined;

    const element: Parse5Element = {
      nodeName: tagName,
      tagName,
      attrs,
      namespaceURI: kind === Kind.Drawing ? svgNamespace : htmlNamespace,
      childNodes: [],
      parentNode: parent as Parse5Element,
    };
    parent.childNodes.push(element);
    index = cursor;
    if (kind === Kind.Void || kind === Kind.Rule) continue;
    if (kind === Kind.Drawing) {
      const end = selfClosing ? cursor : drawingEnd(html, cursor);
      if (end === undefined) return undefined;
      index = end;
      continue;
    }
    if (kind === Kind.Frame) {
      // Raw text: taken only when nothing is in it.
      if (!html.startsWith('</iframe>', cursor)) return undefined;
      index = cursor + 9;
      continue;
    }
    if (kind === Kind.Pre && html.charCodeAt(cursor) === 10 /* `\n` */) return undefined;
    if (kind === Kind.Block && tagName === 'p') openParagraphs += 1;
    else if (kind === Kind.Link) openLinks += 1;
    else if (kind === Kind.Button) openButtons += 1;
    stack.push(element);
    stackKinds.push(kind);
    parent = element;
    parentKind = kind;
  }

  return stack.length === 0 ? fragment : undefined;
}

/**
 * Where the `<svg>` whose start tag ends at `from` ends (after its `</svg>`); `undefined` when
 * its content is not only SVG elements, closed in order, with attributes in double quotes, and
 * text (HTML's foreign content would end the drawing earlier, or this cannot tell).
 */
function drawingEnd(html: string, from: number): number | undefined {
  // Names of the open elements inside the drawing, lowered.
  const open: string[] = [];
  let index = from;
  for (;;) {
    const tag = html.indexOf('<', index);
    if (tag === -1) return undefined;
    if (html.charCodeAt(tag + 1) === 47 /* `/` */) {
      const close = html.indexOf('>', tag + 2);
      if (close === -1) return undefined;
      const name = html.slice(tag + 2, close).toLowerCase();
      if (open.length === 0) return name === 'svg' ? close + 1 : undefined;
      if (name !== open.pop()) return undefined;
      index = close + 1;
      continue;
    }
    let cursor = tag + 1;
    while (cursor < html.length && isAttributeNameCode(html.charCodeAt(cursor))) cursor += 1;
    const name = html.slice(tag + 1, cursor).toLowerCase();
    if (name === '' || foreignBreakers.has(name)) return undefined;
    const start = readAttributes(html, cursor);
    if (start === undefined) return undefined;
    if (!start.selfClosing) open.push(name);
    index = start.end;
  }
}

/**
 * The attributes of a start tag, read from `cursor` (right after its name) to its `>` or `/>`:
 * each ` name` or ` name="value"`, names lowered as HTML's tokenizer does, values decoded;
 * `undefined` when written otherwise, with a character reference other than the four, or with
 * a name twice (HTML keeps the first).
 */
function readAttributes(html: string, cursor: number): { attrs: Parse5Element['attrs']; end: number; selfClosing: boolean } | undefined {
  const attrs: Parse5Element['attrs'] = [];
  for (;;) {
    const code = html.charCodeAt(cursor);
    if (code === 62 /* `>` */) return { attrs, end: cursor + 1, selfClosing: false };
    if (code === 47 /* `/` */ && html.charCodeAt(cursor + 1) === 62) return { attrs, end: cursor + 2, selfClosing: true };
    if (code !== 32 /* ` ` */) return undefined;
    cursor += 1;
    const nameStart = cursor;
    while (cursor < html.length && isAttributeNameCode(html.charCodeAt(cursor))) cursor += 1;
    if (cursor === nameStart) return undefined;
    const name = html.slice(nameStart, cursor).toLowerCase();
    let value = '';
    if (html.charCodeAt(cursor) === 61 /* `=` */) {
      if (html.charCodeAt(cursor + 1) !== 34 /* `"` */) return undefined;
      const valueEnd = html.indexOf('"', cursor + 2);
      if (valueEnd === -1) return undefined;
      const decoded = decodeText(html.slice(cursor + 2, valueEnd));
      if (decoded === undefined) return undefined;
      value = decoded;
      cursor = valueEnd + 1;
    }
    for (const attribute of attrs) if (attribute.name === name) return undefined;
    attrs.push({ name, value });
  }
}

function isList(tagName: string): boolean {
  return tagName === 'ul' || tagName === 'ol' || tagName === 'menu';
}

/** Lowercase ASCII letters, digits, `-`: tag names this parser takes. */
function isNameCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 45;
}

/** ASCII letters, digits, `-`, `_`, `:`, `.`: attribute names this parser takes. */
function isAttributeNameCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45 || code === 95 || code === 58 || code === 46;
}

/** Text or an attribute value with `&amp;`, `&lt;`, `&gt;`, `&quot;` decoded; `undefined` with another `&`, a CR or a NUL. */
function decodeText(raw: string): string | undefined {
  if (raw.includes('\r') || raw.includes('\0')) return undefined;
  let ampersand = raw.indexOf('&');
  if (ampersand === -1) return raw;
  let result = '';
  let start = 0;
  while (ampersand !== -1) {
    const end = raw.indexOf(';', ampersand);
    const decoded = end === -1 ? undefined : references[raw.slice(ampersand, end + 1)];
    if (decoded === undefined) return undefined;
    result += raw.slice(start, ampersand) + decoded;
    start = end + 1;
    ampersand = raw.indexOf('&', start);
  }
  return result + raw.slice(start);
}

/** Only HTML's ASCII whitespace (tab, line feed, form feed, space; no CR here). */
function isBlank(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code !== 32 && code !== 10 && code !== 9 && code !== 12) return false;
  }
  return true;
}
