/** @jsxRuntime automatic @jsxImportSource preact */
// The shared navigation file: the entries of every sidebar group, fetched once by the client
// when the reader opens a group that the page did not render. Named by its content hash, so
// it can be cached for good.
import { createHash } from 'node:crypto';
import { renderWithIcons } from './links.js';
import { GroupEntries, type SidebarContext } from './sidebar.js';
import { groupId, indexNavigation } from './navigation-view.js';
import type { LayoutNavNode, SiteLayoutData } from './types.js';

/** The shared navigation file of a site. */
export interface NavigationFile {
  /** File name under the asset prefix: `navigation-<hash>.json`. */
  name: string;
  /** JSON: `{"groups": {"<group id>": "<li>…</li>…"}}`, the HTML of each group's entries. */
  content: string;
}

const files = new WeakMap<object, WeakMap<object, NavigationFile>>();

/**
 * The shared navigation file for a site: every group's entries as HTML, keyed by the group's
 * place in docs.json (`tabs.0.groups.1`), which is what `data-dg-group` says on the page.
 * Pure and deterministic (the same navigation gives the same bytes and name); computed once
 * per navigation model and page map.
 */
export function renderNavigationFile(input: SiteLayoutData): NavigationFile {
  const model = input.navigation ?? emptyKey;
  let byPages = files.get(model);
  if (!byPages) files.set(model, (byPages = new WeakMap()));
  const cached = byPages.get(input.pages);
  if (cached) return cached;

  const index = indexNavigation(input);
  const context: SidebarContext = { index, variant: { version: undefined, language: undefined }, current: undefined, openGroups: new Set() };
  const groups: Record<string, string> = {};
  const visit = (nodes: readonly LayoutNavNode[], depth: number): void => {
    for (const node of nodes) {
      if (node.kind === 'page' || node.kind === 'operation') continue;
      const isGroup = node.kind === 'group';
      const id = groupId(node);
      if (isGroup && !Object.hasOwn(groups, id)) groups[id] = renderWithIcons(<GroupEntries node={node} context={context} depth={depth} />, input.config.icons?.library);
      visit(node.children ?? [], isGroup ? depth + 1 : depth);
    }
  };
  visit(input.navigation?.children ?? [], 0);
  const content = `${JSON.stringify({ groups })}\n`;
  const file = { name: navigationFileName(content), content };
  byPages.set(input.pages, file);
  return file;
}

const emptyKey = {};

/** One part of a navigation file: the groups of one version or language (`navigationFileParts`). */
export interface NavigationFilePart {
  /** File name under the asset prefix: `navigation-<hash>.<variant>.json`. */
  name: string;
  /** JSON of the same shape as the whole file's, with this variant's groups. */
  content: string;
}

const partsOfFile = new WeakMap<NavigationFile, NavigationFilePart[]>();

/**
 * The files a site's navigation file is written as: the whole file, and, when the navigation
 * has versions or languages, one part per version or language with its groups only. A page
 * links its own part (`navigationPartName`): a reader of crewAI's docs (35 versions in 4
 * languages) fetched the whole 22 MB file to open one group; its part is 160 KB.
 */
export function navigationFileParts(file: NavigationFile): NavigationFilePart[] {
  let parts = partsOfFile.get(file);
  if (parts) return parts;
  const buckets = new Map<string, Record<string, string>>();
  const groups = (JSON.parse(file.content) as { groups?: Record<string, string> }).groups ?? {};
  for (const [id, entries] of Object.entries(groups)) {
    const variant = variantOfGroup(id);
    let bucket = buckets.get(variant);
    if (!bucket) buckets.set(variant, (bucket = {}));
    bucket[id] = entries;
  }
  parts = [{ name: file.name, content: file.content }];
  if (buckets.size > 1 || !buckets.has('')) {
    for (const [variant, bucket] of buckets) if (variant !== '') parts.push({ name: navigationPartName(file.name, variant), content: `${JSON.stringify({ groups: bucket })}\n` });
  }
  partsOfFile.set(file, parts);
  return parts;
}

/**
 * The version or language a group belongs to, by its id (its place in docs.json): the path to
 * the last `versions.<n>` or `languages.<n>` in it (`languages.1.versions.3` for
 * `languages.1.versions.3.groups.2`), or `''` for a group of no version or language.
 */
export function variantOfGroup(id: string): string {
  const segments = id.split('.');
  for (let index = segments.length - 2; index >= 0; index -= 1) {
    if ((segments[index] === 'versions' || segments[index] === 'languages') && /^\d+$/.test(segments[index + 1]!)) return segments.slice(0, index + 2).join('.');
  }
  return '';
}

/** The name of the part of navigation file `name` with the groups of `variant` (`variantOfGroup`); the whole file's for `''`. */
export function navigationPartName(name: string, variant: string): string {
  return variant === '' ? name : `${name.replace(/\.json$/, '')}.${variant}.json`;
}

/** The name of a navigation file with this content: `navigation-<hash>.json`. */
export function navigationFileName(content: string): string {
  return `navigation-${createHash('sha256').update(content).digest('hex').slice(0, 16)}.json`;
}
