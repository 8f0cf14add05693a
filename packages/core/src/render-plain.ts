import type { Element, ElementContent, Root, RootContent } from 'hast';

// A page kept as a syntax tree renders through hast-util-to-jsx-runtime (a Preact element for
// every node), preact/compat (which rewrites every element's props) and
// preact-render-to-string (which runs the option hooks at every element). Most of a page is
// plain HTML that no component sees: paragraphs, lists, emphasis, inline code, tables. This
// module writes such parts as HTML at once, exactly as that chain writes them, and hands them
// to the render as precompiled templates, which render-to-string writes as they are.
//
// "Plain" is kept narrow, so that the three libraries' rules it repeats stay few:
// - an element whose tag is in `plainTags` (never a name of the component map: the render
//   checks, `hasPlainOverride`) with no properties but `className` and `id`, and no children
//   but text, comments and plain elements;
// - only where no component can see it: under the root and under elements that render as
//   themselves, never inside a component's children (a component may read them).
// Such an element has no `href`, `src` or heading id, so the content facts (`collectContentFacts`)
// miss nothing.

/** Tags written here; the component map must not name any of them (`hasPlainOverride`). */
const plainTags = new Set([
  'p',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'code',
  'del',
  'blockquote',
  'hr',
  'br',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'div',
  'span',
  'sup',
  'sub',
  'kbd',
  'b',
  'i',
  'u',
  's',
  'mark',
  'small',
  'dl',
  'dt',
  'dd',
]);

// hast-util-to-jsx-runtime drops whitespace-only text in these.
const tableElements = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr']);
// preact-render-to-string writes these as `<br/>` when they have no content.
const voidElements = new Set(['area', 'base', 'br', 'col', 'command', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** The estree node type of a written part in a tree made by `withPlainHtml`. */
export const plainHtmlType = 'DocsgenPlainHtml';

/** Whether the component map names a tag this module writes itself: then a tree renders in full. */
export function hasPlainOverride(components: Record<string, unknown>): boolean {
  for (const tag of plainTags) if (Object.hasOwn(components, tag)) return true;
  return false;
}

const written = new WeakMap<Root, Root>();

/**
 * The tree with its plain parts (see above) replaced by expressions holding their HTML, which
 * `renderTree`'s evaluater turns into templates (`plainHtmlType`). Runs of plain elements and
 * text are written as one part. Made once per tree; the tree itself is not changed.
 */
export function withPlainHtml(tree: Root): Root {
  let result = written.get(tree);
  if (!result) written.set(tree, (result = { ...tree, children: writeChildren(tree.children, false) as Root['children'] }));
  return result;
}

type Child = RootContent | ElementContent;

/** `children` with each run of plain elements and text, holding an element, as one written part. */
function writeChildren(children: Child[], isTable: boolean): Child[] {
  let changed = false;
  const out: Child[] = [];
  let run: Child[] = [];
  let hasElement = false;
  const endRun = (): void => {
    if (hasElement) {
      let html = '';
      for (const node of run) html += node.type === 'text' ? (isTable && isWhitespace(node.value) ? '' : encodeEntities(node.value)) : node.type === 'element' ? writeElement(node) : '';
      out.push(part(html));
      changed = true;
    } else out.push(...run);
    run = [];
    hasElement = false;
  };
  for (const child of children) {
    if (child.type === 'text' || child.type === 'comment') {
      run.push(child);
      continue;
    }
    if (child.type === 'element' && isPlain(child)) {
      run.push(child);
      hasElement = true;
      continue;
    }
    endRun();
    out.push(child.type === 'element' && isOwnElement(child) ? withWrittenChildren(child) : child);
    if (out.at(-1) !== child) changed = true;
  }
  endRun();
  return changed ? out : children;
}

/** An element that renders as itself (not a component), with its plain parts written. */
function withWrittenChildren(element: Element): Element {
  const children = writeChildren(element.children, tableElements.has(element.tagName)) as ElementContent[];
  return children === element.children ? element : { ...element, children };
}

/** An element the render writes as itself: a tag of this module that is not plain, whose children no component sees. */
function isOwnElement(element: Element): boolean {
  return plainTags.has(element.tagName);
}

function part(html: string): Child {
  return {
    type: 'mdxFlowExpression',
    value: '',
    data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: { type: plainHtmlType, html } }] } },
  } as unknown as Child;
}

function isPlain(element: Element): boolean {
  if (!plainTags.has(element.tagName)) return false;
  for (const name in element.properties) {
    const value = element.properties[name];
    if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) continue;
    if (name === 'className' && (typeof value === 'string' || (Array.isArray(value) && value.every((token) => typeof token === 'string')))) continue;
    if (name === 'id' && typeof value === 'string') continue;
    return false;
  }
  for (const child of element.children) {
    if (child.type === 'text' || child.type === 'comment') continue;
    if (child.type === 'element' && isPlain(child)) continue;
    return false;
  }
  return true;
}

/**
 * A plain element as hast-util-to-jsx-runtime, preact/compat and preact-render-to-string write
 * it: properties in order but `class` last (compat), `class` only when not empty (compat),
 * `className` joined by spaces and trimmed, an empty `id` as a bare attribute, values and text
 * escaped (`encodeEntities`), empty void elements closed with `/>`.
 */
function writeElement(element: Element): string {
  let open = `<${element.tagName}`;
  let className: string | undefined;
  for (const name in element.properties) {
    const value = element.properties[name];
    if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) continue;
    if (name === 'className') className = Array.isArray(value) ? value.join(' ').trim() : String(value);
    else if (name === 'id') open += value === '' ? ' id' : ` id="${encodeEntities(String(value))}"`;
  }
  if (className) open += ` class="${encodeEntities(className)}"`;
  const isTable = tableElements.has(element.tagName);
  let html = '';
  for (const child of element.children) {
    if (child.type === 'text') html += isTable && isWhitespace(child.value) ? '' : encodeEntities(child.value);
    else if (child.type === 'element') html += writeElement(child);
  }
  if (!html && voidElements.has(element.tagName)) return `${open}/>`;
  return `${open}>${html}</${element.tagName}>`;
}

/** hast-util-whitespace: nothing but spaces, tabs, line feeds, form feeds and carriage returns. */
function isWhitespace(value: string): boolean {
  return /^[ \t\n\f\r]*$/.test(value);
}

/** preact-render-to-string's escaping of text and attribute values: `"`, `&` and `<`. */
function encodeEntities(text: string): string {
  if (!/["&<]/.test(text)) return text;
  return text.replace(/["&<]/g, (character) => (character === '"' ? '&quot;' : character === '&' ? '&amp;' : '&lt;'));
}
