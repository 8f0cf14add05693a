import type { NavDivision, NavGroup, NavNode, NavOperation, NavigationModel } from './navigation.js';

/** A node on the way from the top of the navigation to a page. */
export type NavAncestor = NavGroup | NavDivision;

/** One appearance of a page (or operation) in the navigation, in reading order. */
export interface NavEntry {
  node: NavNode & { kind: 'page' | 'operation' };
  /** Page slug; for operations `METHOD path` (with the spec file first when named). */
  slug: string;
  /** Tabs, groups, versions, … from the top down to the entry. */
  trail: NavAncestor[];
  /** Version the entry belongs to, if the navigation has versions. */
  version: string | undefined;
  /** Language the entry belongs to, if the navigation has languages. */
  language: string | undefined;
  /** Product the entry belongs to (the innermost), if the navigation has products. */
  product: string | undefined;
  /** `true` when the entry itself or an ancestor is hidden. */
  isHidden: boolean;
}

export interface ListNavigationOptions {
  /** Only entries of this version; entries outside every version always match (default: all). */
  version?: string | null | undefined;
  /** Only entries of this language; entries outside every language always match (default: all). */
  language?: string | null | undefined;
  /** Include hidden entries (default: `true`). */
  includeHidden?: boolean | null | undefined;
}

/** Every page and operation in the navigation, in order, with its trail. */
export function listNavigationEntries(
  model: NavigationModel,
  options?: ListNavigationOptions | null,
): NavEntry[] {
  const entries: NavEntry[] = [];
  const includeHidden = options?.includeHidden ?? true;
  const visit = (nodes: readonly NavNode[], trail: NavAncestor[]): void => {
    for (const node of nodes) {
      if (node.kind === 'page' || node.kind === 'operation') {
        entries.push(makeEntry(node, entrySlug(node), trail));
        continue;
      }
      const next = [...trail, node];
      if (node.kind === 'group' && node.root !== undefined) {
        const rootPage = { kind: 'page' as const, slug: node.root, configPath: [...node.configPath, 'root'], isHidden: node.isHidden, isGlobal: node.isGlobal };
        entries.push(makeEntry(rootPage, node.root, next));
      }
      visit(node.children, next);
    }
  };
  visit(model.children, []);
  return entries.filter(
    (entry) =>
      (includeHidden || !entry.isHidden) &&
      matches(entry.version, options?.version) &&
      matches(entry.language, options?.language),
  );
}

function matches(actual: string | undefined, wanted: string | null | undefined): boolean {
  return wanted === undefined || wanted === null || actual === undefined || actual === wanted;
}

function makeEntry(node: NavEntry['node'], slug: string, trail: NavAncestor[]): NavEntry {
  const last = (kind: 'version' | 'language' | 'product') =>
    trail.findLast((ancestor): ancestor is NavDivision => ancestor.kind === kind && !ancestor.isGlobal)?.title;
  return { node, slug, trail, version: last('version'), language: last('language'), product: last('product'), isHidden: node.isHidden };
}

function entrySlug(node: NavNode & { kind: 'page' | 'operation' }): string {
  if (node.kind === 'page') return node.slug;
  return operationKey(node);
}

/** `METHOD path`, prefixed with the spec file when one is named. */
export function operationKey(node: Pick<NavOperation, 'spec' | 'method' | 'path'>): string {
  return `${node.spec ? `${node.spec} ` : ''}${node.method} ${node.path}`;
}

/** Page slugs in navigation order, each once (operations are not pages). */
export function listNavigationPages(model: NavigationModel, options?: ListNavigationOptions | null): string[] {
  const slugs = listNavigationEntries(model, options)
    .filter((entry) => entry.node.kind === 'page')
    .map((entry) => entry.slug);
  return [...new Set(slugs)];
}

/**
 * The path of tabs, groups and variants to `slug`: its first appearance in the given version
 * and language (by default the default ones), or `undefined` when the page is not listed.
 */
export function findNavigationTrail(
  model: NavigationModel,
  slug: string,
  options?: Pick<ListNavigationOptions, 'version' | 'language'> | null,
): NavAncestor[] | undefined {
  const version = options?.version ?? model.defaultVersion;
  const language = options?.language ?? model.defaultLanguage;
  const entries = listNavigationEntries(model);
  const inVariant = entries.find((entry) => entry.slug === slug && matches(entry.version, version) && matches(entry.language, language));
  return (inVariant ?? entries.find((entry) => entry.slug === slug))?.trail;
}

/** A page is navigable when it is listed and not hidden (by itself or an ancestor). */
export function isNavigablePage(model: NavigationModel, slug: string): boolean {
  return listNavigationEntries(model).some((entry) => entry.slug === slug && !entry.isHidden);
}

/** Page slugs from `pages` that the navigation never lists (hidden listings count as listed). */
export function findOrphanPages(model: NavigationModel, pages: Iterable<string>): string[] {
  const listed = new Set(listNavigationPages(model));
  return [...pages].filter((slug) => !listed.has(slug));
}

/**
 * For an operation entry, the `openapi`/`asyncapi` of its nearest ancestor that names one: the
 * same operation under one spec in two directories is two pages (Stagehand's SDK references).
 */
function specScopeOf(entry: NavEntry): string {
  if (entry.node.kind !== 'operation') return '';
  const named = entry.trail.findLast((ancestor) => ancestor.openapi !== undefined || ancestor.asyncapi !== undefined);
  return named ? JSON.stringify([named.openapi, named.asyncapi]) : '';
}

/**
 * Pages listed more than once in one scope (the same version, language and product), in order;
 * the first listing is the one that counts, later ones are reported. Products may share pages
 * (a Learn tab in each of two products, as Dify's docs have), as versions may.
 */
export function findDuplicateEntries(model: NavigationModel): NavEntry[] {
  const seen = new Set<string>();
  const duplicates: NavEntry[] = [];
  for (const entry of listNavigationEntries(model)) {
    if (entry.node.isGlobal) continue;
    const key = `${entry.version ?? ''}\u0000${entry.language ?? ''}\u0000${entry.product ?? ''}\u0000${specScopeOf(entry)}\u0000${entry.slug}`;
    if (seen.has(key)) duplicates.push(entry);
    else seen.add(key);
  }
  return duplicates;
}
