// Parts of the layout that are the same on many pages (the sidebar's links and the groups away
// from the page, the tabs, the header's logo and links, the drawer's head) are rendered once
// per site and their HTML is spliced into each page's tree. The components stay the one
// source of the markup: a part is rendered by its component the first time it is asked for,
// and a page renders itself only what depends on it (its link, the groups open on its way,
// its version and language menus). A site of a thousand pages rendered every sidebar link and
// icon a thousand times.
import type { VNode } from 'preact';
import { jsxTemplate } from 'preact/jsx-runtime';
import { renderWithIcons } from './links.js';
import type { NavIndex, PageChrome } from './navigation-view.js';
import type { LayoutConfig } from './types.js';

/** The HTML of the layout's parts of one site, by what each depends on. */
export interface LayoutMemo {
  /** The icon library the parts are rendered with (`icons.library`). */
  iconLibrary: string | undefined;
  html: Map<string, string>;
  /** Parts asked for many times a page (a sidebar's page links), by kind, then by a string the site already holds (a slug): no key is built for them. */
  byKind: Map<string, Map<string, string>>;
}

const memos = new WeakMap<NavIndex, WeakMap<LayoutConfig, Map<string, LayoutMemo>>>();

/**
 * The layout memo of a site: one per navigation index (navigation model and page map), config
 * and home page, so a site loaded again (the dev server after docs.json changed) starts afresh.
 */
export function layoutMemoOf(index: NavIndex): LayoutMemo {
  const { config, homeSlug } = index.data;
  let byConfig = memos.get(index);
  if (!byConfig) memos.set(index, (byConfig = new WeakMap()));
  let byHome = byConfig.get(config);
  if (!byHome) byConfig.set(config, (byHome = new Map()));
  const home = homeSlug ?? '';
  let memo = byHome.get(home);
  if (!memo) byHome.set(home, (memo = { iconLibrary: config.icons?.library, html: new Map(), byKind: new Map() }));
  return memo;
}

/**
 * The HTML `render` gives, rendered once per `key` of the memo; `key` must name everything the
 * rendered part depends on besides the site.
 */
export function memoHtml(memo: LayoutMemo, key: string, render: () => VNode): string {
  return keptHtml(memo, memo.html, key, render);
}

/**
 * `memoHtml` for a part asked for many times a page: `kind` and `key` together must name
 * everything it depends on besides the site. A sidebar of a few hundred links built and hashed
 * a key string for each, on every page.
 */
export function memoHtmlOf(memo: LayoutMemo, kind: string, key: string, render: () => VNode): string {
  let parts = memo.byKind.get(kind);
  if (!parts) memo.byKind.set(kind, (parts = new Map()));
  return keptHtml(memo, parts, key, render);
}

/** The part kept in `parts` under `key`, rendered (flat, with the memo's icons) the first time. */
function keptHtml(memo: LayoutMemo, parts: Map<string, string>, key: string, render: () => VNode): string {
  let html = parts.get(key);
  if (html === undefined) parts.set(key, (html = flatten(renderWithIcons(render(), memo.iconLibrary))));
  return html;
}

/**
 * The same string, made flat in memory. V8 keeps a string built with `+` (as render-to-string
 * builds its output) as a tree of its pieces, and joining it into a page copies it piece by
 * piece, again on every page; turning it into a number flattens it once, in place.
 */
function flatten(text: string): string {
  Number(text);
  return text;
}

/**
 * The part `render` gives, from the memo when there is one (spliced in as its HTML), else
 * rendered in place.
 */
export function memoized(memo: LayoutMemo | undefined, key: string, render: () => VNode): VNode {
  return memo ? rawHtml(memoHtml(memo, key, render)) : render();
}

/**
 * Trusted HTML as a child in a rendered tree, written as it is, without an element around it
 * (a precompiled JSX template of Preact: render-to-string writes its strings unescaped).
 */
export function rawHtml(html: string): VNode {
  return jsxTemplate([html]);
}

let lastId = 0;
const ids = new WeakMap<object, number>();

/** A short key of an object (a navigation node, a table of labels) for memo keys: the same object, the same key. */
export function objectKey(value: object): string {
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = ++lastId));
  return id.toString(36);
}

/** What a row of divisions (tabs, anchors, dropdowns) depends on: its nodes and which is current. */
export function divisionsKey(divisions: PageChrome['tabs']): string {
  return divisions.map(({ node, isCurrent }) => `${objectKey(node)}${isCurrent ? '*' : ''}`).join(',');
}
