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

/** The name of a navigation file with this content: `navigation-<hash>.json`. */
export function navigationFileName(content: string): string {
  return `navigation-${createHash('sha256').update(content).digest('hex').slice(0, 16)}.json`;
}
