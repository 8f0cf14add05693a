import type { Nodes, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import type { VFile } from 'vfile';
import { slugify } from '@docsgen/util/slug';
import { createAttribute, readStaticAttribute } from './jsx-attributes.js';

/**
 * One `<Update>` of a page, as its changelog feed lists it. Only what the source says
 * statically: a prop written as a variable or a call is left out.
 */
export interface ChangelogEntry {
  /** `label` (also the anchor id, slugged, unless `id` is given). */
  label: string;
  /** `id`, when written. */
  id?: string;
  description?: string;
  tags: string[];
  /** `rss={{ title, description }}`: what the feed says instead of the label and the content. */
  rss?: { title?: string; description?: string };
  /**
   * The entry's content as Markdown only (mdast without positions): components, code blocks,
   * raw HTML, math and JavaScript are left out, with what they hold (a paragraph in a
   * `<Note>` goes too).
   */
  content: RootContent[];
}

declare module 'vfile' {
  interface DataMap {
    /** The page's `<Update>` entries, in order, set by `remarkChangelog`. */
    changelog: ChangelogEntry[];
  }
}

const source = '@docsgen/mdx-transforms';

// Markdown a feed reader can show; everything else is dropped with what it holds.
const kept = new Set([
  'paragraph', 'heading', 'text', 'inlineCode', 'emphasis', 'strong', 'delete', 'link', 'image', 'break', 'thematicBreak',
  'blockquote', 'list', 'listItem', 'table', 'tableRow', 'tableCell', 'linkReference', 'imageReference',
]);

/**
 * Collect the page's top-level `<Update>` elements (and those inside other elements, such as
 * a `<div>`, but not inside another `<Update>`) into `file.data.changelog`, the source of the
 * page's RSS feed. An entry whose label gives the anchor of one before it (two releases on one
 * day) gets an `id` of its own, numbered as GitHub numbers headings (`2026-06-24-1`); two
 * entries given the same `id` are reported: they share a link.
 *
 * @returns
 *   Transform.
 */
export function remarkChangelog() {
  return function (tree: Root, file: VFile): undefined {
    const entries: ChangelogEntry[] = [];
    // Anchors taken so far, with the line of the entry that took each.
    const taken = new Map<string, number | undefined>();
    const visit = (node: Nodes): void => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Update') {
        const entry = readEntry(node);
        entries.push(entry);
        const anchor = entry.id ?? slugify(entry.label);
        const line = node.position?.start.line;
        // A label with no text known here (a variable) is not compared.
        if (anchor === '') return;
        if (!taken.has(anchor)) taken.set(anchor, line);
        else if (entry.id === undefined) {
          let count = 1;
          while (taken.has(`${anchor}-${count}`)) count += 1;
          entry.id = `${anchor}-${count}`;
          taken.set(entry.id, line);
          node.attributes.push(createAttribute('id', entry.id));
        } else {
          const message = file.message(`Two \`<Update>\` entries have the anchor \`${anchor}\`: they share one link, in the page and in the RSS feed`, { place: node.position, ruleId: 'update-label-duplicate', source });
          message.note = `The first is on line ${taken.get(anchor)}. Give each entry its own \`id\`.`;
        }
        return;
      }
      if ('children' in node) for (const child of node.children) visit(child as Nodes);
    };
    visit(tree);
    if (entries.length > 0) file.data.changelog = entries;
  };
}

function readEntry(node: MdxJsxFlowElement | MdxJsxTextElement): ChangelogEntry {
  const text = (name: string): string | undefined => {
    const value = readStaticAttribute(node, name);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const tags = readStaticAttribute(node, 'tags');
  const rss = readStaticAttribute(node, 'rss');
  const entry: ChangelogEntry = {
    label: text('label') ?? jsxText(node, 'label') ?? '',
    tags: (Array.isArray(tags) ? tags : typeof tags === 'string' ? tags.split(',') : []).filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '').map((tag) => tag.trim()),
    content: pureMarkdown(node.children as RootContent[]),
  };
  const id = text('id');
  if (id !== undefined) entry.id = id;
  const description = text('description');
  if (description !== undefined) entry.description = description;
  if (rss && typeof rss === 'object' && !Array.isArray(rss)) {
    const fields = rss as Record<string, unknown>;
    const feed: NonNullable<ChangelogEntry['rss']> = {};
    if (typeof fields.title === 'string' && fields.title.trim() !== '') feed.title = fields.title.trim();
    if (typeof fields.description === 'string' && fields.description.trim() !== '') feed.description = fields.description.trim();
    if (feed.title !== undefined || feed.description !== undefined) entry.rss = feed;
  }
  return entry;
}

interface JsxNode {
  type: string;
  value?: unknown;
  children?: JsxNode[];
  expression?: JsxNode;
  quasis?: Array<{ value: { cooked?: string | null } }>;
  expressions?: unknown[];
}

/**
 * The text of an attribute written as JSX (`label={<><Icon icon="rocket" /><span>Quickstart</span></>}`
 * is `Quickstart`): its text and string children, attributes left out, spaces collapsed;
 * `undefined` for anything else or no text.
 */
function jsxText(node: MdxJsxFlowElement | MdxJsxTextElement, name: string): string | undefined {
  const attribute = node.attributes.find((item) => item.type === 'mdxJsxAttribute' && item.name === name);
  const value = attribute?.value;
  if (!value || typeof value === 'string') return undefined;
  const program = value.data?.estree as { body?: Array<{ type: string; expression?: JsxNode }> } | undefined;
  const statement = program?.body?.length === 1 ? program.body[0] : undefined;
  const expression = statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
  if (!expression || (expression.type !== 'JSXElement' && expression.type !== 'JSXFragment')) return undefined;
  const text = textOfJsx(expression).replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

function textOfJsx(node: JsxNode): string {
  switch (node.type) {
    case 'JSXElement':
    case 'JSXFragment':
      return (node.children ?? []).map(textOfJsx).join('');
    case 'JSXText':
      return String(node.value ?? '');
    case 'JSXExpressionContainer':
      return node.expression ? textOfJsx(node.expression) : '';
    case 'Literal':
      return typeof node.value === 'string' || typeof node.value === 'number' ? String(node.value) : '';
    case 'TemplateLiteral':
      return node.expressions?.length === 0 ? (node.quasis?.[0]?.value.cooked ?? '') : '';
    default:
      return '';
  }
}

/** The kept nodes, copied without positions or data. */
function pureMarkdown(nodes: readonly RootContent[]): RootContent[] {
  const result: RootContent[] = [];
  for (const node of nodes) {
    if (!kept.has(node.type)) continue;
    const { position: _position, data: _data, ...copy } = node as RootContent & { children?: RootContent[] };
    if ('children' in copy && Array.isArray(copy.children)) {
      copy.children = pureMarkdown(copy.children);
      // A paragraph that held only a component is dropped, not left empty.
      if (copy.children.length === 0 && (copy.type === 'paragraph' || copy.type === 'heading' || copy.type === 'emphasis' || copy.type === 'strong' || copy.type === 'delete' || copy.type === 'link')) continue;
    }
    result.push(copy as RootContent);
  }
  return result;
}
