// What a page's content is made of, collected while it renders: its headings, its links, its
// side blocks and the API parts it uses. The site reads these as data (the table of contents,
// the link check, the side panel, the scripts a page loads) instead of reading them back out of
// the finished HTML.
//
// Preact's element tree is the only place every link passes through: Markdown links, props of
// components (`<Card href>`) and raw HTML in MDX all become elements. An option hook sees each
// element as it renders, in document order; it is installed once and does nothing unless a
// collection is running. Collections are synchronous (`renderToString`), so one module-level
// collector is enough, and renders nested in one (an island's children, side content) add to
// the page's facts.
import { options, type VNode } from 'preact';
import type { MdxParamField } from '@docsgen/openapi-pages';
import type { ExampleKind } from './api/types.js';
import type { LayoutTocEntry } from './layout/types.js';

/** An address in the content: the value of an `href` or `src` attribute, as the reader's browser reads it. */
export interface ContentLink {
  attribute: 'href' | 'src';
  value: string;
}

/** An `<h2>` or `<h3>` with an id, in document order; `text` is set for headings a component drew (API sections). */
export interface ContentHeading {
  depth: 2 | 3;
  id: string;
  text?: string | undefined;
}

/** What a render found in its content. */
export interface ContentFacts {
  /** Every `<h2>`/`<h3>` with an id, in document order. */
  headings: ContentHeading[];
  /** Every distinct `href` and `src` value, in document order (trusted HTML fragments included). */
  links: ContentLink[];
  /** The outermost `Panel`, `RequestExample` and `ResponseExample` blocks, in document order, when they were moved out (`moveSideContent`). */
  sideBlocks: string[];
  /** The content has an API operation (it needs the API reference's styles and try-it scripts). */
  usesApi: boolean;
  /** The embeddable API viewers the content shows (`viewer-a`), each once. */
  apiViewers: string[];
  /** A changelog's entries (`Update` with an id), by label, in document order: its table of contents lists them, not their repeated headings. */
  updates: LayoutTocEntry[];
  /**
   * The kinds of example blocks the content shows, each once, in the order first shown:
   * `request` for a `RequestExample`, `response` for a `ResponseExample` (moved out or not). On
   * a page bound to an operation they replace the operation's own (`ApiOperationInput.pageExamples`).
   */
  exampleKinds: ExampleKind[];
  /**
   * The outermost `ParamField`s, in document order, with their props as written: on a page
   * with frontmatter `api`, what the try-it form is made of (nested ones document the fields
   * of an object, not parameters of their own).
   */
  paramFields: MdxParamField[];
}

/** Options of `collectContentFacts`. */
export interface CollectContentFactsOptions {
  /**
   * Take `Panel`, `RequestExample` and `ResponseExample` out of the HTML into `sideBlocks`, for
   * a page whose side content goes to the right-hand column (default: `false`: they stay in
   * place).
   */
  moveSideContent?: boolean | null | undefined;
}

interface Collector {
  facts: ContentFacts;
  seenLinks: Set<string>;
  drawn: Map<string, string>;
  moveSideContent: boolean;
  /** Inside a side block: nested side content moves with it. */
  isInSide: boolean;
}

let active: Collector | undefined;

/**
 * Renders with a collector running: `render` returns the HTML (a `renderToString` call), and
 * the facts its elements and components recorded come with it.
 */
export function collectContentFacts(render: () => string, collectOptions?: CollectContentFactsOptions | null | undefined): { html: string; facts: ContentFacts } {
  const previous = active;
  const collector: Collector = {
    facts: { headings: [], links: [], sideBlocks: [], usesApi: false, apiViewers: [], updates: [], exampleKinds: [], paramFields: [] },
    seenLinks: new Set(),
    drawn: new Map(),
    moveSideContent: collectOptions?.moveSideContent === true,
    isInSide: false,
  };
  active = collector;
  try {
    const html = render();
    const { facts, drawn } = collector;
    if (drawn.size > 0) facts.headings = facts.headings.map((heading) => (drawn.has(heading.id) ? { ...heading, text: drawn.get(heading.id) } : heading));
    return { html, facts };
  } finally {
    active = previous;
  }
}

/** Records that the content shows an API operation. */
export function recordApiUse(): void {
  if (active) active.facts.usesApi = true;
}

/** Records that the content shows an embeddable API viewer. */
export function recordApiViewer(viewer: string): void {
  if (active && !active.facts.apiViewers.includes(viewer)) active.facts.apiViewers.push(viewer);
}

/** Records that the content shows a `RequestExample` (`request`) or a `ResponseExample` (`response`). */
export function recordExample(kind: ExampleKind): void {
  if (active && !active.facts.exampleKinds.includes(kind)) active.facts.exampleKinds.push(kind);
}

/** Records a `ParamField` of the content (only the outermost ones: the component does not record those inside another field). */
export function recordParamField(field: MdxParamField): void {
  active?.facts.paramFields.push(field);
}

/** Records a changelog entry: its anchor id and label. */
export function recordUpdate(entry: { id: string; label: string }): void {
  active?.facts.updates.push({ depth: 2, id: entry.id, text: entry.label });
}

/** Records the text of a heading a component draws (the page's compiled outline does not know it). */
export function recordDrawnHeading(heading: LayoutTocEntry): void {
  active?.drawn.set(heading.id, heading.text);
}

/** Whether side content rendering now moves out to `sideBlocks`: the collection moves side content and this is not inside a block that already moves. */
export function shouldMoveSideContent(): boolean {
  return active !== undefined && active.moveSideContent && !active.isInSide;
}

/** Renders an outermost side block with `render` and keeps its HTML in the facts (`shouldMoveSideContent` first). */
export function moveSideBlock(render: (index: number) => string): void {
  const collector = active!;
  collector.isInSide = true;
  try {
    collector.facts.sideBlocks.push(render(collector.facts.sideBlocks.length));
  } finally {
    collector.isInSide = false;
  }
}

function addLink(collector: Collector, attribute: ContentLink['attribute'], value: string): void {
  const key = `${attribute}\0${value}`;
  if (collector.seenLinks.has(key)) return;
  collector.seenLinks.add(key);
  collector.facts.links.push({ attribute, value });
}

/** Inner HTML that shows code (`codeHtml`): its text is never an address, whatever it reads. */
const codeFragments = new WeakSet<object>();

/**
 * `dangerouslySetInnerHTML` for highlighted code: a sample's `<a href="/x">` is text to read,
 * not a link of the page to check (a plain-text block keeps its quotes, which read as an
 * attribute), and the largest fragments of a page are not searched for addresses.
 */
export function codeHtml(html: string): { __html: string } {
  const inner = { __html: html };
  codeFragments.add(inner);
  return inner;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/**
 * The addresses of a trusted HTML fragment (highlighted code, spec Markdown, an island's
 * children): it reaches the page as a string, so its attributes are read from it.
 */
function addFragmentLinks(collector: Collector, html: string): void {
  if (!html.includes('href="') && !html.includes('src="')) return;
  for (const match of html.matchAll(/\s(href|src)="([^"]*)"/g)) {
    addLink(collector, match[1] as ContentLink['attribute'], match[2]!.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (whole, name: string) => entities[name] ?? whole));
  }
}

/** Records what an element shows: its heading, its addresses. */
function recordElement(collector: Collector, vnode: VNode<Record<string, unknown>>): void {
  const props = vnode.props;
  const type = vnode.type as string;
  if ((type === 'h2' || type === 'h3') && typeof props.id === 'string') collector.facts.headings.push({ depth: type === 'h2' ? 2 : 3, id: props.id });
  if (typeof props.href === 'string') addLink(collector, 'href', props.href);
  if (typeof props.src === 'string') addLink(collector, 'src', props.src);
  const inner = props.dangerouslySetInnerHTML as { __html?: unknown } | undefined;
  if (inner && typeof inner.__html === 'string' && !codeFragments.has(inner)) addFragmentLinks(collector, inner.__html);
}

// `__b` is the hook Preact (and preact-render-to-string, before each node) calls as a node
// starts rendering: parents before children, so in document order. preact/hooks uses the same one.
type DiffHook = ((vnode: VNode) => void) | undefined;
const hooks = options as typeof options & { __b?: DiffHook };
const previousDiff = hooks.__b;
hooks.__b = (vnode: VNode) => {
  if (active && typeof vnode.type === 'string') recordElement(active, vnode as VNode<Record<string, unknown>>);
  previousDiff?.(vnode);
};
