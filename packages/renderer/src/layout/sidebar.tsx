/** @jsxRuntime automatic @jsxImportSource preact */
// The sidebar: pages and groups of the page's section. Open groups (the top-level ones, those
// on the way to the current page and those with `expanded: true`) are rendered with their
// entries, at most `groupWindowSize` of them, with the space of the rest reserved, so the
// sidebar does not move when the client fills them in. Closed nested groups are headings whose
// entries come from the shared navigation file when opened. A page's size then grows with its
// section's top level, not with the whole navigation.
import type { ComponentChildren, VNode } from 'preact';
import { Icon } from '../components/icon.js';
import { divisionsKey, memoHtml, memoHtmlOf, memoized, objectKey, rawHtml, type LayoutMemo } from './layout-memo.js';
import { ExternalMark, NavIcon, Tag, linkAttributes, pageLinkOf } from './links.js';
import { firstPageUnder, groupId, labelOf, type NavIndex, type PageChrome, type Variant } from './navigation-view.js';
import type { UiStrings } from '../i18n/ui-strings.js';
import type { LayoutNavNode } from './types.js';

/** What a sidebar list needs to know about the page it is shown on. */
export interface SidebarContext {
  index: NavIndex;
  variant: Variant;
  /** The current page's slug; `undefined` in the shared navigation file. */
  current: string | undefined;
  /** Groups holding the current page: rendered open, with their entries. */
  openGroups: ReadonlySet<LayoutNavNode>;
  /** Top-level groups rendered with their entries (see `topGroupsInFull`); the others keep their room (default: all). */
  fullGroups?: ReadonlySet<LayoutNavNode> | undefined;
  /** The site's rendered parts: links, and groups away from the current page, are rendered once (default: none, all rendered here). */
  memo?: LayoutMemo | undefined;
}

/**
 * What each node of a navigation shows, kept per navigation index: whether a node is shown does
 * not depend on the page, and every page of a large group asked it again of all the group's
 * entries (the whole site's sidebar work grew with pages times group size).
 */
const shownCache = new WeakMap<
  NavIndex,
  { shown: WeakMap<LayoutNavNode, boolean>; children: WeakMap<LayoutNavNode, LayoutNavNode[]>; slugs: WeakMap<LayoutNavNode, ReadonlySet<string>> }
>();

function cacheOf(context: SidebarContext) {
  let cache = shownCache.get(context.index);
  if (!cache) shownCache.set(context.index, (cache = { shown: new WeakMap(), children: new WeakMap(), slugs: new WeakMap() }));
  return cache;
}

/** Every page listed under a node (its root page and its children's, at any depth), shown or not. */
function slugsUnder(node: LayoutNavNode, context: SidebarContext): ReadonlySet<string> {
  const cache = cacheOf(context).slugs;
  let slugs = cache.get(node);
  if (!slugs) {
    const found = new Set<string>();
    if (node.slug !== undefined) found.add(node.slug);
    if (node.root !== undefined) found.add(node.root);
    for (const child of node.children ?? []) for (const slug of slugsUnder(child, context)) found.add(slug);
    cache.set(node, (slugs = found));
  }
  return slugs;
}

/**
 * `true` when a node renders differently on the current page than on a page away from it: it
 * is open on the way to the page, or the page is listed under it (marked as the current one).
 */
function isOnPagesWay(node: LayoutNavNode, context: SidebarContext): boolean {
  return context.openGroups.has(node) || (context.current !== undefined && slugsUnder(node, context).has(context.current));
}

/** `true` when a node shows up in the sidebar: not hidden, and a page that exists and is listed. */
function isShown(node: LayoutNavNode, context: SidebarContext): boolean {
  const cache = cacheOf(context).shown;
  let shown = cache.get(node);
  if (shown === undefined) cache.set(node, (shown = computeShown(node, context)));
  return shown;
}

function computeShown(node: LayoutNavNode, context: SidebarContext): boolean {
  if (node.isHidden) return false;
  if (node.kind === 'page') {
    const page = node.slug === undefined ? undefined : context.index.data.pages.get(node.slug);
    return page !== undefined && page.isHidden !== true;
  }
  if (node.kind === 'operation') return true;
  return hasShownChildren(node, context);
}

function hasShownChildren(node: LayoutNavNode, context: SidebarContext): boolean {
  if (node.root !== undefined) {
    const page = context.index.data.pages.get(node.root);
    if (page && page.isHidden !== true) return true;
  }
  return (node.children ?? []).some((child) => isShown(child, context));
}

/** A page's entry in the sidebar, from the memo when there is one. */
function pageEntry(slug: string, context: SidebarContext): VNode {
  return context.memo ? rawHtml(pageLinkHtml(context.memo, slug, context)) : <PageLink slug={slug} context={context} />;
}

/** A page's entry from the memo: it depends on the page, and whether it is the current one. */
function pageLinkHtml(memo: LayoutMemo, slug: string, context: SidebarContext): string {
  return memoHtmlOf(memo, slug === context.current ? 'current-page' : 'page', slug, () => <PageLink slug={slug} context={context} />);
}

function PageLink(props: { slug: string; context: SidebarContext }) {
  const { slug, context } = props;
  const page = context.index.data.pages.get(slug);
  const href = pageLinkOf(page, slug, context.index.data.homeSlug);
  const tag = typeof page?.frontmatter?.tag === 'string' ? page.frontmatter.tag : undefined;
  return (
    <li class="dg-nav-item">
      <a class="dg-nav-link" {...linkAttributes(href)} aria-current={slug === context.current ? 'page' : undefined}>
        <NavIcon icon={page?.frontmatter?.icon} />
        {page?.method ? <span class="dg-method" data-method={page.method.toLowerCase()}>{methodLabel(page.method)}</span> : null}
        <span class="dg-nav-label">{labelOf(page, slug)}</span>
        <Tag text={tag} />
        <ExternalMark href={href} />
      </a>
    </li>
  );
}

/** Sidebar badge text: `GET`, `DEL` for `DELETE` (a short badge keeps labels aligned), `SEND`. */
function methodLabel(method: string): string {
  const upper = method.toUpperCase();
  return upper === 'DELETE' ? 'DEL' : upper === 'OPTIONS' ? 'OPT' : upper;
}

/**
 * The entries of a list of navigation nodes, as `<li>` elements. With a memo, the entries
 * away from the current page come from it, joined into one piece of HTML.
 */
export function NavItems(props: { nodes: readonly LayoutNavNode[]; context: SidebarContext; depth: number }) {
  const { context, depth } = props;
  const memo = context.memo;
  if (!memo) return <>{props.nodes.map((node) => (isShown(node, context) ? <NavEntry node={node} context={context} depth={depth} /> : null))}</>;
  const parts: VNode[] = [];
  let kept = '';
  for (const node of props.nodes) {
    if (!isShown(node, context)) continue;
    if (node.kind === 'page') {
      kept += pageLinkHtml(memo, node.slug as string, context);
      continue;
    }
    if (!isOnPagesWay(node, context)) {
      kept += memoHtml(memo, entryKey(node, context, depth), () => <NavEntry node={node} context={context} depth={depth} />);
      continue;
    }
    if (kept) parts.push(rawHtml(kept));
    kept = '';
    parts.push(<NavEntry node={node} context={context} depth={depth} />);
  }
  if (kept) parts.push(rawHtml(kept));
  return <>{parts}</>;
}

/**
 * What an entry away from the current page depends on: the node, its depth, the variant (a
 * closed group links its first page in it) and, at the top, whether it is rendered in full.
 */
function entryKey(node: LayoutNavNode, context: SidebarContext, depth: number): string {
  if (node.kind === 'operation') return `operation\u0000${objectKey(node)}`;
  const isFull = depth !== 0 || !context.fullGroups || context.fullGroups.has(node);
  return `group\u0000${objectKey(node)}\u0000${depth}\u0000${context.variant.version ?? ''}\u0000${context.variant.language ?? ''}\u0000${isFull}`;
}

/** One entry of a list: a page, an operation or a group. */
function NavEntry(props: { node: LayoutNavNode; context: SidebarContext; depth: number }) {
  const { node, context } = props;
  if (node.kind === 'page') return <PageLink slug={node.slug as string} context={context} />;
  if (node.kind === 'operation') {
    return (
      <li class="dg-nav-item">
        <span class="dg-nav-operation">
          <span class="dg-method" data-method={node.method?.toLowerCase()}>{node.method}</span> {node.path}
        </span>
      </li>
    );
  }
  return <NavGroup node={node} context={context} depth={props.depth} />;
}

/**
 * The `<li>` entries inside one group (its root page first); `nodes` replaces the group's
 * children (a window of them, see `groupWindow`).
 */
export function GroupEntries(props: { node: LayoutNavNode; context: SidebarContext; depth: number; nodes?: readonly LayoutNavNode[] | undefined }) {
  const { node, context } = props;
  const root = node.root !== undefined && context.index.data.pages.has(node.root) && context.index.data.pages.get(node.root)?.isHidden !== true;
  return (
    <>
      {root ? pageEntry(node.root as string, context) : null}
      <NavItems nodes={props.nodes ?? node.children ?? []} context={context} depth={props.depth + 1} />
    </>
  );
}

/** Most entries an open group renders in a page; the client fills in the rest. */
export const groupWindowSize = 30;

/**
 * The entries a page renders of a group that holds it: all of them, or, in a group of more
 * than `groupWindowSize`, that many around the current page's entry (the page itself, or the
 * open group holding it). A page's size then stays the same however long its group grows;
 * the client replaces the window with the whole group from the shared navigation file.
 */
function groupWindow(node: LayoutNavNode, context: SidebarContext): { nodes: readonly LayoutNavNode[]; before: number; after: number } {
  const shown = shownChildren(node, context);
  if (shown.length <= groupWindowSize) return { nodes: shown, before: 0, after: 0 };
  const at = shown.findIndex((child) => (child.kind === 'page' && child.slug === context.current) || context.openGroups.has(child));
  const start = Math.max(0, Math.min(at - Math.floor(groupWindowSize / 2), shown.length - groupWindowSize));
  return { nodes: shown.slice(start, start + groupWindowSize), before: start, after: shown.length - start - groupWindowSize };
}

/** Most entries a page renders of the top-level groups that do not hold it. */
export const sidebarBudget = 100;

/**
 * The top-level groups a page renders with their entries: the one holding the page, then the
 * others nearest to it while their entries fit in `sidebarBudget`. The rest are headings with
 * their room kept, filled in by the client. A page's size stays bounded however many groups
 * its section has.
 */
function topGroupsInFull(nodes: readonly LayoutNavNode[], context: SidebarContext): Set<LayoutNavNode> {
  const groups = nodes.filter((node) => node.kind !== 'page' && node.kind !== 'operation' && isShown(node, context));
  const at = Math.max(0, groups.findIndex((node) => context.openGroups.has(node)));
  const byDistance = groups.map((node, index) => ({ node, distance: Math.abs(index - at) })).sort((a, b) => a.distance - b.distance);
  const full = new Set<LayoutNavNode>();
  let left = sidebarBudget;
  for (const { node } of byDistance) {
    const size = Math.min(groupWindowSize, shownChildren(node, context).length);
    if (context.openGroups.has(node)) full.add(node);
    else if (size <= left) {
      full.add(node);
      left -= size;
    }
  }
  return full;
}

function shownChildren(node: LayoutNavNode, context: SidebarContext): LayoutNavNode[] {
  const cache = cacheOf(context).children;
  let shown = cache.get(node);
  if (!shown) cache.set(node, (shown = (node.children ?? []).filter((child) => isShown(child, context))));
  return shown;
}

/** Room for entries the client fills in: one line each, so the entries around do not move. */
function Spacer(props: { rows: number }) {
  return props.rows > 0 ? <li class="dg-nav-spacer" aria-hidden="true" style={`--dg-rows:${props.rows}`} /> : null;
}

function NavGroup(props: { node: LayoutNavNode; context: SidebarContext; depth: number }) {
  const { node, context, depth } = props;
  // Top-level groups are sections, always open; nested ones open on the way to the current
  // page or with `expanded: true`. An open group is rendered with its entries (a window of a
  // long one, with room kept for the rest); a closed one's come from the shared navigation
  // file when the reader opens it.
  const isOpen = context.openGroups.has(node) || depth === 0 || node.isExpanded === true;
  const id = groupId(node);
  const isRendered = isOpen && (depth !== 0 || !context.fullGroups || context.fullGroups.has(node));
  const window = isRendered ? groupWindow(node, context) : undefined;
  const isPartial = (window !== undefined && window.before + window.after > 0) || (isOpen && !isRendered);
  const first = firstPageUnder(context.index, node, context.variant);
  // A top-level group named with spaces only (`"group": " "`, a common way to list pages above
  // the first heading) shows no heading, as on the hosted platform: it is always open, so it
  // needs no summary to open it, and an empty one read as a stray chevron.
  const isUntitled = depth === 0 && (node.title ?? '').trim() === '' && !node.icon && !node.tag;
  // `drilldown` (the group's, else docs.json's `interaction.drilldown`): expanding the group
  // opens its first page (site.js follows the link when a reader opens the group).
  const firstHref = first && pageLinkOf(context.index.data.pages.get(first), first, context.index.data.homeSlug);
  const drilldown = (node.drilldown ?? context.index.data.config.interaction?.drilldown) === true ? firstHref : undefined;
  const body: ComponentChildren = window ? (
    <>
      <Spacer rows={window.before} />
      <GroupEntries node={node} context={context} depth={depth} nodes={window.nodes} />
      <Spacer rows={window.after} />
    </>
  ) : first ? (
    <>
      <li class="dg-nav-item dg-nav-placeholder">
        <a class="dg-nav-link" href={firstHref}>
          {labelOf(context.index.data.pages.get(first), first)}
        </a>
      </li>
      {isOpen ? <Spacer rows={shownChildren(node, context).length - 1} /> : null}
    </>
  ) : null;
  return (
    <li class="dg-nav-group" data-depth={depth}>
      <details open={isOpen} data-dg-group={id} data-dg-drilldown={drilldown} data-loaded={window && !isPartial ? '' : undefined} data-partial={isPartial ? '' : undefined}>
        {/* The platform's class names are on top-level groups only: projects style them as
            section labels above the nested groups (Cobalt's uppercase dividers). */}
        <summary class={depth === 0 ? 'dg-nav-group-title sidebar-group-header' : 'dg-nav-group-title'} hidden={isUntitled || undefined}>
          <NavIcon icon={node.icon} />
          <span class="dg-nav-label">{node.title}</span>
          <Tag text={node.tag} />
        </summary>
        <ul class={depth === 0 ? 'dg-nav-list sidebar-group' : 'dg-nav-list'} role="list">
          {body}
        </ul>
      </details>
    </li>
  );
}

/** Links at the top of the sidebar (anchors), with their accent-coloured icons. */
function Anchors(props: { chrome: PageChrome; context: SidebarContext }) {
  if (props.chrome.anchors.length === 0) return null;
  const { index, variant } = props.context;
  return (
    <ul class="dg-anchors" role="list">
      {props.chrome.anchors.map(({ node, isCurrent }) => {
        const first = node.href ?? firstPageUnder(index, node, variant);
        if (!first) return null;
        const href = node.href ?? pageLinkOf(index.data.pages.get(first), first, index.data.homeSlug);
        return (
          <li>
            <a class="dg-anchor" {...linkAttributes(href)} aria-current={isCurrent ? 'true' : undefined}>
              <span class="dg-anchor-icon" aria-hidden="true">
                <NavIcon icon={node.icon ?? 'link'} />
              </span>
              <span class="dg-nav-label">{node.title}</span>
              <Tag text={node.tag} />
              <ExternalMark href={href} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** A menu of sections (dropdowns, products) at the top of the sidebar. */
function Dropdowns(props: { chrome: PageChrome; context: SidebarContext; strings: UiStrings }) {
  const { chrome, context } = props;
  if (chrome.dropdowns.length === 0) return null;
  const current = chrome.dropdowns.find((entry) => entry.isCurrent)?.node;
  return (
    <details class="dg-menu dg-dropdown">
      <summary class="dg-dropdown-button">
        <NavIcon icon={current?.icon} />
        <span class="dg-nav-label">{current?.title ?? props.strings.sections}</span>
        <Icon icon="chevron-down" library="lucide" class="dg-chevron" />
      </summary>
      <ul class="dg-menu-list" role="list">
        {chrome.dropdowns.map(({ node, isCurrent }) => {
          const first = node.href ? undefined : firstPageUnder(context.index, node, context.variant);
          const href = node.href ?? (first ? pageLinkOf(context.index.data.pages.get(first), first, context.index.data.homeSlug) : undefined);
          if (!href) return null;
          return (
            <li>
              <a class="dg-menu-item" {...linkAttributes(href)} aria-current={isCurrent ? 'true' : undefined}>
                <NavIcon icon={node.icon} />
                <span>{node.title}</span>
                <ExternalMark href={href} />
              </a>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/** The whole sidebar of a page. `tabs` is set when the theme lists the tabs in the sidebar. */
export function Sidebar(props: { chrome: PageChrome; context: SidebarContext; navigationSrc: string; strings: UiStrings; tabs?: ComponentChildren; id?: string | undefined; listId?: string | undefined }) {
  const { chrome, context } = props;
  const variant = `${context.variant.version ?? ''}\u0000${context.variant.language ?? ''}`;
  return (
    <nav class="dg-sidebar" id={props.id} aria-label={props.strings.navigation} data-nav-src={props.navigationSrc}>
      {props.tabs}
      {memoized(context.memo, `dropdowns\u0000${divisionsKey(chrome.dropdowns)}\u0000${variant}\u0000${objectKey(props.strings)}`, () => (
        <Dropdowns chrome={chrome} context={context} strings={props.strings} />
      ))}
      {memoized(context.memo, `anchors\u0000${divisionsKey(chrome.anchors)}\u0000${variant}`, () => <Anchors chrome={chrome} context={context} />)}
      <ul class="dg-nav-list dg-nav-root" role="list" id={props.listId}>
        <NavItems nodes={chrome.sidebar} context={{ ...context, fullGroups: topGroupsInFull(chrome.sidebar, context) }} depth={0} />
      </ul>
    </nav>
  );
}
