import GithubSlugger, { slug } from 'github-slugger';
import type { Element, Nodes, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { headingSlug } from '@docsgen/util/slug';
import { forEachNode } from './for-each-node.js';

/**
 * One entry of the table of contents.
 */
export interface TocEntry {
  /** Heading rank: `2` for `<h2>`, `3` for `<h3>`. */
  depth: number;
  /** The heading's `id`, for `#fragment` links. */
  id: string;
  /** The heading's text without markup, whitespace collapsed. */
  text: string;
}

declare module 'vfile' {
  interface DataMap {
    /** `<h2>` and `<h3>` of the page in document order, set by `rehypeHeadingIds`. */
    toc: TocEntry[];
  }
}

const headingRank = /^h([1-6])$/;

/** An MDX JSX element as it sits in the syntax tree: what this plugin reads and writes of it. */
interface JsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: Array<{ type: string; name?: unknown; value?: unknown }>;
  children: Nodes[];
}

/** A heading found in the page: an element, or a JSX `<h2>` or `<Heading>` written in MDX. */
interface FoundHeading {
  rank: number;
  text: string;
  isListed: boolean;
  /** The id the author wrote, or `undefined`. */
  id: string | undefined;
  setId(id: string): void;
  setAlias(alias: string): void;
}

/**
 * Give every heading without an `id` a stable one made from its text, as the hosted platform
 * of the docs.json format makes them (`headingSlug`: `Config.json options` →
 * `config-json-options`), unique within the page (`overview-2` for the second `Overview`,
 * counted across the whole page, tabs and other components included), and collect `<h2>` and
 * `<h3>` into `file.data.toc`.
 *
 * Headings are `<h1>`–`<h6>` elements, and the same written as JSX in MDX (`<h2>`, or the
 * platform's `<Heading level={3}>`). Ids the author wrote are kept and never given to another
 * heading. Text inside MDX JSX elements in a heading counts; JavaScript expressions do not.
 * Headings inside `<Visibility for="agents">` (an MDX element, or an element named
 * `Visibility` or `visibility`) get ids but stay out of the table of contents: only the
 * Markdown twin shows them.
 *
 * A heading whose GitHub-style id (github-slugger, as docsgen made ids before, and as most
 * Markdown tools do: `configjson-options`, `overview-1`) is another string carries it as
 * `data-dg-alias`, unless a heading has that id: the site's script follows a link to the alias
 * to the heading.
 *
 * @returns
 *   Transform.
 */
export function rehypeHeadingIds() {
  return function (tree: Root, file: VFile): undefined {
    const headings: FoundHeading[] = [];
    const taken = new Set<string>();

    // Headings only agents read (inside `<Visibility for="agents">`) are not on the web page,
    // so the table of contents, which is, leaves them out.
    const agentsOnly = new Set<Nodes>();
    forEachNode<Nodes>(tree, (node) => {
      if (isForAgents(node) && !agentsOnly.has(node)) forEachNode<Nodes>(node, (inner) => void agentsOnly.add(inner));
      const heading = node.type === 'element' ? elementHeading(node) : jsxHeading(node as unknown as JsxElement);
      if (!heading) return;
      heading.isListed = !agentsOnly.has(node);
      headings.push(heading);
      if (heading.id !== undefined) taken.add(heading.id);
    });

    const counts = new Map<string, number>();
    const aliases: Array<{ heading: FoundHeading; alias: string }> = [];
    const github = new GithubSlugger();
    const toc: TocEntry[] = [];

    for (const heading of headings) {
      let id = heading.id;
      if (id === undefined) {
        // A heading of only an icon or punctuation has no slug of its own.
        const base = headingSlug(heading.text) || 'heading';
        let candidate: string;
        do {
          const count = (counts.get(base) ?? 0) + 1;
          counts.set(base, count);
          candidate = count === 1 ? base : `${base}-${count}`;
        } while (taken.has(candidate));
        taken.add(candidate);
        heading.setId((id = candidate));
        const alias = github.slug(slug(heading.text) === '' ? 'heading' : heading.text);
        if (alias !== id) aliases.push({ heading, alias });
      }
      if (heading.isListed && (heading.rank === 2 || heading.rank === 3)) toc.push({ depth: heading.rank, id, text: heading.text });
    }
    // Only once every id is known: an alias that is a heading's id would hide it.
    for (const { heading, alias } of aliases) if (!taken.has(alias)) heading.setAlias(alias);

    file.data.toc = toc;
  };
}

/** An `<h1>`–`<h6>` element as a heading. */
function elementHeading(node: Element): FoundHeading | undefined {
  const rank = headingRank.exec(node.tagName);
  if (!rank) return undefined;
  const written = node.properties.id;
  return {
    rank: Number(rank[1]),
    text: toString(node).replace(/\s+/g, ' ').trim(),
    isListed: true,
    id: written === undefined || written === null || written === '' ? undefined : String(written),
    setId: (id) => void (node.properties.id = id),
    setAlias: (alias) => void (node.properties.dataDgAlias = alias),
  };
}

/** A JSX `<h1>`–`<h6>` or `<Heading>` (`level`, else `as="h3"`, else 2) as a heading. */
function jsxHeading(node: JsxElement): FoundHeading | undefined {
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return undefined;
  const rank = node.name === 'Heading' ? headingLevel(node) : Number(headingRank.exec(node.name ?? '')?.[1] ?? 0);
  if (!rank) return undefined;
  const written = attributeText(node, 'id');
  const set = (name: string, value: string) => {
    const attribute = node.attributes.find((each) => each.type === 'mdxJsxAttribute' && each.name === name);
    if (attribute) attribute.value = value;
    else node.attributes.push({ type: 'mdxJsxAttribute', name, value });
  };
  return {
    rank,
    text: toString(node as unknown as Element).replace(/\s+/g, ' ').trim(),
    isListed: true,
    id: written === undefined || written.trim() === '' ? undefined : written,
    setId: (id) => set('id', id),
    setAlias: (alias) => set('data-dg-alias', alias),
  };
}

/** A `<Heading>`'s rank: `level={3}` or `level="3"`, else `as="h3"`, else 2. */
function headingLevel(node: JsxElement): number {
  const level = Number.parseInt(attributeText(node, 'level') ?? '', 10);
  if (level >= 1 && level <= 6) return level;
  const as = headingRank.exec(attributeText(node, 'as') ?? '');
  return as ? Number(as[1]) : 2;
}

/** A JSX attribute's value when it is a string or a literal expression (`{3}`, `{"x"}`). */
function attributeText(node: JsxElement, name: string): string | undefined {
  const attribute = node.attributes.find((each) => each.type === 'mdxJsxAttribute' && each.name === name);
  const value = attribute?.value;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { value?: unknown }).value === 'string') {
    const code = (value as { value: string }).value.trim();
    const literal = /^(?:"([^"\\]*)"|'([^'\\]*)'|(\d+))$/.exec(code);
    if (literal) return literal[1] ?? literal[2] ?? literal[3];
  }
  return undefined;
}

/** Whether a node is `<Visibility for="agents">`: content only the Markdown form of the page shows. */
function isForAgents(node: Nodes | { type: string; name?: unknown; attributes?: unknown }): boolean {
  if (node.type === 'element') {
    const element = node as Element;
    return element.tagName.toLowerCase() === 'visibility' && String(element.properties.for ?? element.properties.htmlFor ?? '') === 'agents';
  }
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return false;
  const jsx = node as { name?: unknown; attributes?: Array<{ type: string; name?: unknown; value?: unknown }> };
  return jsx.name === 'Visibility' && (jsx.attributes ?? []).some((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'for' && attribute.value === 'agents');
}
