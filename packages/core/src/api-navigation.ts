import type { NavGroup, NavigationModel, NavNode, NavPage, ResolvedDocsConfig } from '@docsgen/config';
import type { OperationLookup } from '@docsgen/openapi-pages';
import type { SpecEntry } from './api-specs.js';

// The navigation with the API reference in it: a division or group with a spec and no children
// of its own lists the spec's pages, one group per tag; an operation entry (`"GET /users/{id}"`)
// becomes a link to that operation's page; a spec of `api.openapi`/`api.asyncapi` the
// navigation does not use is listed at the end.

export interface ExpandContext {
  specs: Map<string, SpecEntry>;
  lookup: OperationLookup;
  /** Generated slug → slug of the hand-written page bound to that operation. */
  boundSlugs: Map<string, string>;
  config: ResolvedDocsConfig | undefined;
}

/** The navigation with spec-generated groups added and operation entries turned into page links. */
export function expandApiNavigation(navigation: NavigationModel, context: ExpandContext): NavigationModel {
  const used = new Set<string>();
  const linkOf = (slug: string): string => context.boundSlugs.get(slug) ?? slug;
  // A bound page the navigation lists already is not listed a second time in generated groups.
  const listed = new Set<string>();
  const collect = (nodes: readonly NavNode[]): void => {
    for (const node of nodes) {
      if (node.kind === 'page') listed.add(node.slug);
      else if (node.kind !== 'operation') collect(node.children);
    }
  };
  collect(navigation.children);
  // The entries a node's `openapi`/`asyncapi` names: a spec's label, or the label of its set of
  // pages in the `directory` the node gives when the spec has a set in several (`label#directory`,
  // as `specInstanceLabel` in @docsgen/openapi-pages writes it; that package loads with the specs).
  const labelsOf = (value: unknown): string[] => {
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return list.flatMap((item) => {
      const named: { source?: unknown; directory?: unknown } = item && typeof item === 'object' ? item : { source: item };
      if (typeof named.source !== 'string' || named.source.trim() === '') return [];
      const label = named.source.trim().replace(/^\.?\/+/, '');
      const directory = typeof named.directory === 'string' ? named.directory.replace(/^\/+|\/+$/g, '') : undefined;
      return [directory !== undefined && context.specs.has(`${label}#${directory}`) ? `${label}#${directory}` : label];
    });
  };
  const groupsOf = (labels: string[], parent: NavNode): NavGroup[] =>
    labels.flatMap((label, specIndex) => {
      const entry = context.specs.get(label);
      if (!entry) return [];
      used.add(label);
      // Each generated group gets a path of its own: the sidebar keys groups by it.
      const base = [...parent.configPath, 'openapi', specIndex];
      return entry.groups.flatMap((group, groupIndex) => {
        const slugs = group.pages.filter((slug) => !(context.boundSlugs.has(slug) && listed.has(linkOf(slug))));
        return slugs.length === 0 ? [] : [{
        kind: 'group' as const,
        title: group.title,
        icon: undefined,
        tag: undefined,
        root: undefined,
        isExpanded: false,
        drilldown: undefined,
        openapi: undefined,
        asyncapi: undefined,
        configPath: [...base, groupIndex],
        isHidden: parent.isHidden,
        isGlobal: parent.isGlobal,
        children: slugs.map((slug, pageIndex): NavPage => ({ kind: 'page', slug: linkOf(slug), configPath: [...base, groupIndex, pageIndex], isHidden: parent.isHidden, isGlobal: parent.isGlobal })),
      }];
      });
    });
  const visit = (nodes: NavNode[], scope: string[]): NavNode[] =>
    nodes.flatMap((node): NavNode[] => {
      if (node.kind === 'page') return [node];
      if (node.kind === 'operation') {
        const entry = node.method === 'WEBHOOK' ? `webhook ${node.path}` : `${node.method} ${node.path}`;
        const model = context.lookup.find(node.spec === undefined ? entry : `${node.spec} ${entry}`, scope);
        if (!model) return [node];
        used.add(model.spec);
        return [{ kind: 'page', slug: linkOf(model.slug), configPath: node.configPath, isHidden: node.isHidden, isGlobal: node.isGlobal }];
      }
      const own = [...labelsOf(node.openapi), ...labelsOf(node.asyncapi)];
      const inner = own.length > 0 ? own : scope;
      if (own.length > 0 && node.children.length === 0) {
        const groups = groupsOf(own, node);
        // One group in a group: its pages directly.
        const children: NavNode[] = node.kind === 'group' && groups.length === 1 ? groups[0]!.children : groups;
        return [{ ...node, children }];
      }
      return [{ ...node, children: visit(node.children, inner) }];
    });
  const api = (context.config?.api ?? {}) as { openapi?: unknown; asyncapi?: unknown };
  const globalLabels = [...labelsOf(api.openapi), ...labelsOf(api.asyncapi)];
  let children = visit(navigation.children, labelsOf(api.openapi));
  const unused = globalLabels.filter((label) => !used.has(label) && context.specs.has(label));
  if (unused.length > 0) children = appendGroups(children, unused, groupsOf);
  return { ...navigation, children };
}

/** Adds the groups of specs the navigation does not use: at the end, in a tab of their own when the top level is tabs, in every version or language. */
function appendGroups(children: NavNode[], labels: string[], groupsOf: (labels: string[], parent: NavNode) => NavGroup[]): NavNode[] {
  const variants = children.filter((node) => node.kind === 'version' || node.kind === 'language' || node.kind === 'product');
  if (variants.length > 0 && variants.length === children.length) {
    return children.map((node) => (node.kind === 'page' || node.kind === 'operation' ? node : { ...node, children: appendGroups(node.children, labels, groupsOf) }));
  }
  const anchor: NavNode = { kind: 'page', slug: '', configPath: ['api'], isHidden: false, isGlobal: false };
  const groups = groupsOf(labels, anchor);
  if (children.length > 0 && children.every((node) => node.kind === 'tab')) {
    return [
      ...children,
      { kind: 'tab', title: 'API reference', icon: undefined, href: undefined, tag: undefined, isDefault: false, openapi: undefined, asyncapi: undefined, configPath: ['api', 'openapi'], isHidden: false, isGlobal: false, children: groups },
    ];
  }
  return [...children, ...groups];
}
