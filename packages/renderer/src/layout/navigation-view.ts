// What the navigation UI shows for one page, worked out from the navigation model: the page's
// place (trail, version, language), the tabs, anchors and dropdowns around it, the sidebar
// nodes, previous/next pages, and where the version and language selectors lead.
import type { LayoutNavNode, LayoutNavigation, LayoutPage, SiteLayoutData } from './types.js';

/** One listing of a page in the navigation, in reading order. */
export interface NavEntry {
  slug: string;
  /** Groups and divisions from the top down to the page. */
  trail: LayoutNavNode[];
  version: string | undefined;
  language: string | undefined;
  /** Listed and shown: not hidden in docs.json nor by its frontmatter, and the page exists. */
  isNavigable: boolean;
}

/** The version and language a page is read in. */
export interface Variant {
  version: string | undefined;
  language: string | undefined;
}

/** Navigation facts about the whole site, computed once per navigation model and page map. */
export interface NavIndex {
  data: SiteLayoutData;
  entries: NavEntry[];
  /** First listing of each slug. */
  bySlug: Map<string, NavEntry>;
  /** Every listing of each slug, in order. */
  listings: Map<string, NavEntry[]>;
  /** Navigable slugs of one variant in order, each once (memoized by variant). */
  variantPages: Map<string, string[]>;
  /** Where each slug is in `variantPages` (memoized by variant). */
  variantPositions: Map<string, Map<string, number>>;
  /** First navigable page under a node, per variant (memoized). */
  firstPages: Map<string, Map<LayoutNavNode, string | undefined>>;
  /** What `slugInVariant` looks up in a variant, per variant (memoized). */
  variantTargets: Map<string, VariantTargets>;
}

/** The pages of one variant as `slugInVariant` looks them up. */
interface VariantTargets {
  pages: ReadonlySet<string>;
  /** The first page of each path without the variant's names (`variantFreeKey`). */
  byFreeKey: ReadonlyMap<string, string>;
  first: string | undefined;
}

/** `kind`s shown as the tabs row. */
const tabKinds = new Set(['tab']);
/** `kind`s shown as a switcher menu at the top of the sidebar. */
const dropdownKinds = new Set(['dropdown', 'product', 'menu-item']);

const indexes = new WeakMap<object, WeakMap<object, NavIndex>>();

/** The site's navigation index, built once per navigation model and page map. */
export function indexNavigation(data: SiteLayoutData): NavIndex {
  const model = data.navigation ?? emptyNavigation;
  let byPages = indexes.get(model);
  if (!byPages) indexes.set(model, (byPages = new WeakMap()));
  let index = byPages.get(data.pages);
  if (!index) byPages.set(data.pages, (index = buildIndex(data, model)));
  else index.data = data;
  return index;
}

const emptyNavigation: LayoutNavigation = { children: [], versions: [], languages: [], defaultVersion: undefined, defaultLanguage: undefined };

function buildIndex(data: SiteLayoutData, model: LayoutNavigation): NavIndex {
  const entries: NavEntry[] = [];
  const add = (slug: string, trail: LayoutNavNode[], isHidden: boolean): void => {
    const page = data.pages.get(slug);
    const last = (kind: string) => trail.findLast((node) => node.kind === kind && !node.isGlobal)?.title;
    entries.push({
      slug,
      trail,
      version: last('version'),
      language: last('language'),
      isNavigable: !isHidden && page !== undefined && page.isHidden !== true,
    });
  };
  const visit = (nodes: readonly LayoutNavNode[], trail: LayoutNavNode[]): void => {
    for (const node of nodes) {
      if (node.kind === 'page' && node.slug !== undefined) add(node.slug, trail, node.isHidden);
      if (node.kind === 'page' || node.kind === 'operation') continue;
      const next = [...trail, node];
      if (node.root !== undefined) add(node.root, next, node.isHidden);
      visit(node.children ?? [], next);
    }
  };
  visit(model.children, []);
  const bySlug = new Map<string, NavEntry>();
  const listings = new Map<string, NavEntry[]>();
  for (const entry of entries) {
    if (!bySlug.has(entry.slug)) bySlug.set(entry.slug, entry);
    const found = listings.get(entry.slug);
    if (found) found.push(entry);
    else listings.set(entry.slug, [entry]);
  }
  return { data, entries, bySlug, listings, variantPages: new Map(), variantPositions: new Map(), firstPages: new Map(), variantTargets: new Map() };
}

function matches(actual: string | undefined, wanted: string | undefined): boolean {
  return wanted === undefined || actual === undefined || actual === wanted;
}

/** The version and language of a page: where it is listed, else the defaults. */
export function variantOf(index: NavIndex, slug: string): Variant {
  const model = index.data.navigation;
  const entry = index.bySlug.get(slug);
  return {
    version: entry?.version ?? model?.defaultVersion ?? undefined,
    language: entry?.language ?? model?.defaultLanguage ?? undefined,
  };
}

/** The listing of `slug` in its variant: its first one there, else its first one anywhere. */
export function entryOf(index: NavIndex, slug: string, variant: Variant): NavEntry | undefined {
  return (
    index.listings.get(slug)?.find((entry) => matches(entry.version, variant.version) && matches(entry.language, variant.language)) ??
    index.bySlug.get(slug)
  );
}

/** Navigable pages of a variant, in order, each once. */
function variantKey(variant: Variant): string {
  return `${variant.version ?? ''}\u0000${variant.language ?? ''}`;
}

export function pagesOfVariant(index: NavIndex, variant: Variant): string[] {
  const key = variantKey(variant);
  let pages = index.variantPages.get(key);
  if (!pages) {
    const slugs = index.entries
      .filter((entry) => entry.isNavigable && matches(entry.version, variant.version) && matches(entry.language, variant.language))
      .map((entry) => entry.slug);
    index.variantPages.set(key, (pages = [...new Set(slugs)]));
  }
  return pages;
}

/** Where each page of a variant is in its reading order. */
function positionsOf(index: NavIndex, variant: Variant): Map<string, number> {
  const key = variantKey(variant);
  let positions = index.variantPositions.get(key);
  if (!positions) index.variantPositions.set(key, (positions = new Map(pagesOfVariant(index, variant).map((slug, at) => [slug, at]))));
  return positions;
}

/** The pages before and after `slug` in its variant's reading order. */
export function neighboursOf(index: NavIndex, slug: string, variant: Variant): { previous: string | undefined; next: string | undefined } {
  const pages = pagesOfVariant(index, variant);
  const at = positionsOf(index, variant).get(slug);
  if (at === undefined) return { previous: undefined, next: undefined };
  return { previous: pages[at - 1], next: pages[at + 1] };
}

/** The first navigable page under `node` (in the given variant), if any. */
export function firstPageUnder(index: NavIndex, node: LayoutNavNode, variant: Variant): string | undefined {
  const key = variantKey(variant);
  let known = index.firstPages.get(key);
  if (!known) {
    // One pass over the variant's pages fills in every node on their trails.
    known = new Map();
    index.firstPages.set(key, known);
    const allowed = new Set(pagesOfVariant(index, variant));
    for (const entry of index.entries) {
      if (!allowed.has(entry.slug)) continue;
      for (const ancestor of entry.trail) if (!known.has(ancestor)) known.set(ancestor, entry.slug);
    }
  }
  if (node.kind === 'page') return node.slug !== undefined && positionsOf(index, variant).has(node.slug) ? node.slug : undefined;
  return known.get(node);
}

/**
 * Where a selector leads from `slug` when the reader picks another variant: the same page
 * when it is listed there, else the page at the same path with the variant's name swapped
 * (`v2/quickstart` → `v1/quickstart`), else that variant's first page.
 */
export function slugInVariant(index: NavIndex, slug: string, from: Variant, to: Variant): string | undefined {
  const targets = variantTargetsOf(index, to);
  if (targets.pages.has(slug)) return slug;
  return targets.byFreeKey.get(variantFreeKey(slug, from)) ?? targets.first;
}

/**
 * A variant's pages by their path without the variant's names, made once per variant: every
 * page of the site asks it for each version and language, and comparing its path with every
 * page of the variant each time made the menus grow with pages times variants.
 */
function variantTargetsOf(index: NavIndex, variant: Variant): VariantTargets {
  const key = variantKey(variant);
  let targets = index.variantTargets.get(key);
  if (!targets) {
    const pages = pagesOfVariant(index, variant);
    const byFreeKey = new Map<string, string>();
    const names = variantNames(variant);
    for (const candidate of pages) {
      const free = freeKeyOf(candidate, names);
      if (!byFreeKey.has(free)) byFreeKey.set(free, candidate);
    }
    index.variantTargets.set(key, (targets = { pages: new Set(pages), byFreeKey, first: pages[0] }));
  }
  return targets;
}

function variantNames(variant: Variant): Set<string> {
  return new Set([variant.version, variant.language].filter((name): name is string => name !== undefined).map((name) => name.toLowerCase()));
}

function variantFreeKey(slug: string, variant: Variant): string {
  return freeKeyOf(slug, variantNames(variant));
}

function freeKeyOf(slug: string, names: ReadonlySet<string>): string {
  const rest = slug.split('/').filter((segment) => !names.has(segment.toLowerCase()));
  return rest.join('/') || 'index';
}

/** `true` for the nodes a sidebar lists (pages, operations, groups); the others are divisions. */
function isSidebarItem(node: LayoutNavNode): boolean {
  return node.kind === 'page' || node.kind === 'operation' || node.kind === 'group';
}

/** The divisions around a page and the nodes its sidebar lists. */
export interface PageChrome {
  /** The tabs row (empty without tabs), each with whether the page is in it. */
  tabs: Array<{ node: LayoutNavNode; isCurrent: boolean }>;
  /** Links at the top of the sidebar. */
  anchors: Array<{ node: LayoutNavNode; isCurrent: boolean }>;
  /** Entries of the switcher menu at the top of the sidebar. */
  dropdowns: Array<{ node: LayoutNavNode; isCurrent: boolean }>;
  /** Pages and groups the sidebar lists. */
  sidebar: LayoutNavNode[];
}

/**
 * Walks the navigation from the top along the page's trail: each level's tabs, anchors and
 * dropdowns are shown (the innermost of each kind), versions and languages are entered by the
 * page's variant, and the level where the page sits as a page or in a group gives the
 * sidebar. A page outside the navigation gets the default variant and the first section.
 */
export function chromeOf(index: NavIndex, trail: readonly LayoutNavNode[] | undefined, variant: Variant): PageChrome {
  const chrome: PageChrome = { tabs: [], anchors: [], dropdowns: [], sidebar: [] };
  const inTrail = new Set(trail ?? []);
  let level: readonly LayoutNavNode[] = index.data.navigation?.children ?? [];
  let position = 0;
  for (let depth = 0; depth < 64; depth++) {
    const items = level.filter(isSidebarItem);
    const divisions = level.filter((node) => !isSidebarItem(node) && !node.isHidden);
    const mark = (node: LayoutNavNode) => ({ node, isCurrent: inTrail.has(node) });
    const tabs = divisions.filter((node) => tabKinds.has(node.kind));
    const anchors = divisions.filter((node) => node.kind === 'anchor');
    const dropdowns = divisions.filter((node) => dropdownKinds.has(node.kind));
    if (tabs.length > 0) chrome.tabs = tabs.map(mark);
    if (anchors.length > 0) chrome.anchors = anchors.map(mark);
    if (dropdowns.length > 0) chrome.dropdowns = dropdowns.map(mark);

    let next: LayoutNavNode | undefined;
    const step = trail?.[position];
    if (step && step.kind !== 'group' && level.includes(step)) {
      next = step;
      position++;
    } else if (trail === undefined) {
      // Not listed: the default variant, else the loose pages here, else the first section.
      next =
        level.find((node) => node.kind === 'language' && node.title === variant.language) ??
        level.find((node) => node.kind === 'version' && node.title === variant.version);
      if (!next && items.length === 0) next = divisions.find((node) => (node.children ?? []).length > 0);
    }
    if (!next) {
      chrome.sidebar = items;
      break;
    }
    level = next.children ?? [];
  }
  return chrome;
}

/** A page's label in navigation: `sidebarTitle`, else its title, else the slug. */
export function labelOf(page: LayoutPage | undefined, slug: string): string {
  return page?.sidebarTitle || page?.title || slug;
}

/** The id of a group in the shared navigation file: where it is written in docs.json. */
export function groupId(node: LayoutNavNode): string {
  const path = node.configPath[0] === 'navigation' ? node.configPath.slice(1) : node.configPath;
  return path.join('.') || 'root';
}
