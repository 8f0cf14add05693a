import type { Element, Nodes as HastNodes } from 'hast';
import { toString } from 'hast-util-to-string';
import type { Handle, State } from 'hast-util-to-mdast';
import { defaultHandlers } from 'hast-util-to-mdast';
import type { Code, Nodes, PhrasingContent } from 'mdast';
import type { InlineMath, Math } from 'mdast-util-math';
import { visit } from 'unist-util-visit';

/**
 * Resolve a URL of the page for the twin: root-relative becomes absolute with the site URL.
 */
export type ResolveTwinUrl = (url: string) => string;

// Links an agent should never be handed; their text is kept.
const unsafeProtocol = /^\s*(?:javascript|vbscript|data|file):/i;

/**
 * hast-util-to-mdast handlers for the HTML the renderer produces in markdown mode.
 *
 * @param resolveUrl
 *   Turns `src`/`href` into the URL written in the Markdown.
 * @returns
 *   Handlers by tag name.
 */
export function createTwinHandlers(resolveUrl: ResolveTwinUrl): Record<string, Handle> {
  const media: Handle = (state, node) => {
    const src = readMediaSource(node);
    if (src === undefined) return undefined;
    const url = resolveUrl(src);
    const label = readText(node.properties.title) ?? readText(node.properties.ariaLabel) ?? url;
    const result: Nodes = { type: 'link', url, title: null, children: [{ type: 'text', value: label }] };
    state.patch(node, result);
    return result;
  };

  return {
    pre: code,
    span: katexOr(defaultHandlers.span!),
    div: katexOr(defaultHandlers.div!),
    kbd: (state, node) => {
      const result: Nodes = { type: 'inlineCode', value: toString(node) };
      state.patch(node, result);
      return result;
    },
    mark: (state, node) => {
      const result: Nodes = { type: 'emphasis', children: state.all(node) as PhrasingContent[] };
      state.patch(node, result);
      return result;
    },
    img: (state, node) => {
      const src = readText(node.properties.src);
      if (src === undefined || src.trim() === '' || unsafeProtocol.test(src)) return undefined;
      const result: Nodes = {
        type: 'image',
        url: resolveUrl(src),
        alt: readText(node.properties.alt) ?? null,
        title: readText(node.properties.title) ?? null,
      };
      state.patch(node, result);
      return result;
    },
    a: (state, node) => {
      const href = readText(node.properties.href);
      const children = state.all(node) as PhrasingContent[];
      if (href === undefined || href.trim() === '' || unsafeProtocol.test(href)) return children;
      const result: Nodes = {
        type: 'link',
        url: encodeSpaces(href),
        title: readText(node.properties.title) ?? null,
        children,
      };
      state.patch(node, result);
      return result;
    },
    dl: definitionList,
    iframe: media,
    video: media,
    audio: media,
    // Obsolete raw-text elements: their content is text, not code.
    listing: plainText,
    plaintext: plainText,
    xmp: plainText,
  };
}

/** `<dl>`: each term a bold paragraph, each definition its own content (no list to merge into). */
function definitionList(state: State, node: Element): Nodes[] {
  const result: Nodes[] = [];
  // HTML allows `<div>` groups of `<dt>`/`<dd>` inside `<dl>`.
  const items = node.children.flatMap((child) =>
    child.type === 'element' && child.tagName === 'div' ? child.children : [child],
  );

  for (const item of items) {
    if (item.type !== 'element') continue;
    if (item.tagName === 'dt') {
      const children = state.all(item) as PhrasingContent[];
      if (children.length > 0) result.push({ type: 'paragraph', children: [{ type: 'strong', children }] });
    } else if (item.tagName === 'dd') {
      result.push(...state.toFlow(state.all(item)));
    }
  }

  return result;
}

function plainText(state: State, node: Element): Nodes {
  const result: Nodes = { type: 'text', value: toString(node).trim() };
  state.patch(node, result);
  return result;
}

/** `<pre data-language="ts" data-title="index.ts"><code>…` → fenced code with title as meta. */
function code(state: State, node: Element): Code {
  const first = node.children.find((child): child is Element => child.type === 'element');
  const classes = [...classList(node), ...(first?.tagName === 'code' ? classList(first) : [])];
  const language =
    readText(node.properties.dataLanguage) ??
    (classes.includes('mermaid') ? 'mermaid' : undefined) ??
    classes.find((name) => name.startsWith('language-'))?.slice(9);
  // An info string cannot hold a line break, and a backtick would end a backtick fence.
  const title = readText(node.properties.dataTitle)?.replace(/[\s`]+/g, ' ').trim();
  const result: Code = {
    type: 'code',
    lang: language ? language.replace(/[\s`]+/g, '') || null : null,
    meta: title ? title : null,
    value: toString(node).replace(/\n+$/, ''),
  };
  state.patch(node, result);
  return result;
}

/** KaTeX output (`.katex`, `.katex-display`) → math from its TeX annotation. */
function katexOr(fallback: Handle): Handle {
  return (state, node, parent) => {
    const classes = classList(node);
    const isDisplay = classes.includes('katex-display');
    if (!isDisplay && !classes.includes('katex')) return fallback(state, node, parent);
    const tex = readTex(node);
    if (tex === undefined) return fallback(state, node, parent);
    const result: Math | InlineMath = isDisplay
      ? { type: 'math', meta: null, value: tex }
      : { type: 'inlineMath', value: tex };
    state.patch(node, result as Nodes);
    return result as Nodes;
  };
}

function readTex(node: Element): string | undefined {
  let tex: string | undefined;
  visit(node as HastNodes, 'element', (child: Element) => {
    if (child.tagName === 'annotation' && child.properties.encoding === 'application/x-tex') {
      tex = toString(child).trim();
      return false;
    }
    return undefined;
  });
  return tex;
}

function readMediaSource(node: Element): string | undefined {
  const own = readText(node.properties.src);
  if (own !== undefined && own.trim() !== '' && !unsafeProtocol.test(own)) return own;
  for (const child of node.children) {
    if (child.type === 'element' && child.tagName === 'source') {
      const src = readText(child.properties.src);
      if (src !== undefined && src.trim() !== '' && !unsafeProtocol.test(src)) return src;
    }
  }
  return undefined;
}

function classList(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

function readText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/**
 * Percent-encode what would make mdast-util-to-markdown write a `<…>` destination (spaces,
 * `<`, `>`), which looks like an HTML tag to a reader.
 *
 * @param url
 *   URL as found.
 * @returns
 *   URL without spaces or angle brackets.
 */
export function encodeSpaces(url: string): string {
  return url.trim().replace(/[\s<>]/g, (character) => encodeURIComponent(character));
}
