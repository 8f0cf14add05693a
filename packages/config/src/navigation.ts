import { createMessage, formatJsonPath, type DocsgenMessage, type SourceLocation } from './message.js';
import { findDuplicateEntries } from './navigation-query.js';

/** JSON path of a value inside docs.json, as segments. */
export type ConfigPath = readonly (string | number)[];

/** Kinds of division a navigation may nest (COMPAT: any division may contain any other). */
export type NavDivisionKind =
  | 'tab'
  | 'anchor'
  | 'dropdown'
  | 'product'
  | 'menu-item'
  | 'version'
  | 'language';

interface NavNodeBase {
  /** Where the node was written in docs.json (for messages). */
  configPath: ConfigPath;
  /** `true` when the node or one of its ancestors sets `hidden`. */
  isHidden: boolean;
  /** `true` for entries of `navigation.global` copied into every variant. */
  isGlobal: boolean;
}

/** A page file listed in the navigation; `slug` has no leading `/` and no extension. */
export interface NavPage extends NavNodeBase {
  kind: 'page';
  slug: string;
}

/** An API operation listed as `"GET /users/{id}"` or `"openapi.json GET /users/{id}"`. */
export interface NavOperation extends NavNodeBase {
  kind: 'operation';
  /** Spec file named before the method, if any. */
  spec: string | undefined;
  /** Upper-case method, or `WEBHOOK`. */
  method: string;
  /** Path template (or webhook name). */
  path: string;
}

/** A sidebar group. */
export interface NavGroup extends NavNodeBase {
  kind: 'group';
  title: string;
  icon: unknown;
  tag: string | undefined;
  /** Slug of the group's landing page (`root`), listed before its children. */
  root: string | undefined;
  isExpanded: boolean;
  /** Whether expanding the group opens its first page (its `drilldown`; `undefined`: the site's `interaction.drilldown`). */
  drilldown: boolean | undefined;
  openapi: unknown;
  asyncapi: unknown;
  children: NavNode[];
}

/** A tab, anchor, dropdown, product, menu item, version or language. */
export interface NavDivision extends NavNodeBase {
  kind: NavDivisionKind;
  /** Label: the value of `tab`, `anchor`, `dropdown`, `product`, `item`, `version` or `language`. */
  title: string;
  icon: unknown;
  href: string | undefined;
  tag: string | undefined;
  /** For versions and languages: whether this entry is the default one. */
  isDefault: boolean;
  openapi: unknown;
  asyncapi: unknown;
  children: NavNode[];
}

export type NavNode = NavPage | NavOperation | NavGroup | NavDivision;

/** The canonical navigation tree plus what it knows about variants. */
export interface NavigationModel {
  /** Top-level nodes, with `global` entries merged into every version and language. */
  children: NavNode[];
  /** Version labels in order. */
  versions: string[];
  /** Language codes in order. */
  languages: string[];
  /** Version with `default: true`, else the first, else undefined. */
  defaultVersion: string | undefined;
  /** Language with `default: true`, else the first, else undefined. */
  defaultLanguage: string | undefined;
}

export interface BuildNavigationOptions {
  /** Finds where a value was written, so messages can point at it (default: no positions). */
  locate?: ((path: ConfigPath) => SourceLocation | undefined) | null | undefined;
}

const divisionKeys: ReadonlyArray<readonly [key: string, item: string, kind: NavDivisionKind]> = [
  ['products', 'product', 'product'],
  ['languages', 'language', 'language'],
  ['versions', 'version', 'version'],
  ['tabs', 'tab', 'tab'],
  ['dropdowns', 'dropdown', 'dropdown'],
  ['anchors', 'anchor', 'anchor'],
  ['menu', 'item', 'menu-item'],
];

const operationPattern =
  /^(?:(\S+)\s+)?(get|post|put|patch|delete|head|options|trace|webhook)\s+(\S.*)$/i;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Normalises a page entry: no leading `/`, no `.mdx`/`.md` extension, no trailing `/`. */
export function normalizePageSlug(entry: string): string {
  return entry
    .trim()
    .replace(/^\.?\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.mdx?$/i, '');
}

/** Parses `"GET /users/{id}"` / `"openapi.json GET /users/{id}"`; `undefined` for a page slug. */
export function parseOperationEntry(
  entry: string,
): { spec: string | undefined; method: string; path: string } | undefined {
  const match = operationPattern.exec(entry.trim());
  if (!match) return undefined;
  const [, spec, method = '', path = ''] = match;
  const upper = method.toUpperCase();
  // A page slug such as "get started" must stay a page: operations name a `/path` or a webhook.
  if (upper !== 'WEBHOOK' && !path.startsWith('/')) return undefined;
  return { spec, method: upper, path: path.trim() };
}

/**
 * Builds the canonical navigation tree from `navigation` in docs.json. The input is assumed
 * to have passed schema validation; what the schema cannot express (an anchor that neither
 * links anywhere nor has children) is reported here.
 */
export function buildNavigation(
  navigation: unknown,
  options?: BuildNavigationOptions | null,
): { navigation: NavigationModel; messages: DocsgenMessage[] } {
  const locate = options?.locate ?? (() => undefined);
  const messages: DocsgenMessage[] = [];
  const root = isObject(navigation) ? navigation : {};
  const rootPath: ConfigPath = ['navigation'];

  function report(path: ConfigPath, fields: Pick<DocsgenMessage, 'reason' | 'ruleId' | 'note' | 'fatal'>): void {
    const place = locate(path);
    messages.push(
      createMessage({ ...fields, file: place?.file, line: place?.line, column: place?.column, path: formatJsonPath(path) }),
    );
  }

  /**
   * The platform's multi-repository `{ "sourceRef": "owner/repo" }`: another repository's
   * navigation placed here. docsgen builds this project's files only: left out, with a warning.
   */
  function isSourceRef(entry: JsonObject, path: ConfigPath): boolean {
    if (typeof entry.sourceRef !== 'string') return false;
    report([...path, 'sourceRef'], {
      reason: `Cannot place the navigation of \`${entry.sourceRef}\`: \`sourceRef\` names another repository of a multi-repository deployment, and docsgen builds this project's files only`,
      ruleId: 'nav-source-ref',
      note: 'The entry is left out. To publish those pages too, copy them into this project and list them here, or link to where they are published with an `href`.',
      fatal: false,
    });
    return true;
  }

  function readChildren(object: JsonObject, path: ConfigPath, inherited: NodeContext): NavNode[] {
    const children: NavNode[] = [];
    for (const [key, item, kind] of divisionKeys) {
      const list = object[key];
      if (!Array.isArray(list)) continue;
      list.forEach((entry, index) => {
        if (isObject(entry) && !isSourceRef(entry, [...path, key, index])) children.push(readDivision(entry, item, kind, [...path, key, index], inherited));
      });
    }
    if (Array.isArray(object.groups)) {
      object.groups.forEach((entry, index) => {
        if (isObject(entry) && !isSourceRef(entry, [...path, 'groups', index])) children.push(readGroup(entry, [...path, 'groups', index], inherited));
      });
    }
    if (Array.isArray(object.pages)) children.push(...readPages(object.pages, [...path, 'pages'], inherited));
    return children;
  }

  function readPages(list: unknown[], path: ConfigPath, inherited: NodeContext): NavNode[] {
    const nodes: NavNode[] = [];
    list.forEach((entry, index) => {
      const entryPath = [...path, index];
      const base = { configPath: entryPath, isHidden: inherited.isHidden, isGlobal: inherited.isGlobal };
      if (typeof entry === 'string') {
        const operation = parseOperationEntry(entry);
        if (operation) nodes.push({ kind: 'operation', ...base, ...operation });
        else nodes.push({ kind: 'page', ...base, slug: normalizePageSlug(entry) });
      } else if (isObject(entry) && !isSourceRef(entry, entryPath)) {
        nodes.push(readGroup(entry, entryPath, inherited));
      }
    });
    return nodes;
  }

  function readGroup(object: JsonObject, path: ConfigPath, inherited: NodeContext): NavGroup {
    const context = inheritContext(object, inherited);
    const rootSlug = optionalString(object.root);
    return {
      kind: 'group',
      configPath: path,
      isHidden: context.isHidden,
      isGlobal: context.isGlobal,
      title: optionalString(object.group) ?? '',
      icon: object.icon,
      tag: optionalString(object.tag),
      root: rootSlug === undefined ? undefined : normalizePageSlug(rootSlug),
      isExpanded: object.expanded === true,
      drilldown: typeof object.drilldown === 'boolean' ? object.drilldown : undefined,
      openapi: object.openapi,
      asyncapi: object.asyncapi,
      children: readChildren(object, path, context),
    };
  }

  function readDivision(
    object: JsonObject,
    itemKey: string,
    kind: NavDivisionKind,
    path: ConfigPath,
    inherited: NodeContext,
  ): NavDivision {
    const context = inheritContext(object, inherited);
    const children = readChildren(object, path, context);
    // A division's own `global` (a language's, a version's or a tab's): shown in every variant
    // below it, as the root `global` is in every variant of the site.
    if (isObject(object.global)) mergeGlobal(children, readChildren(object.global, [...path, 'global'], { ...context, isGlobal: true }));
    const href = optionalString(object.href);
    const hasSpec = object.openapi !== undefined || object.asyncapi !== undefined;
    if (kind === 'anchor' && href === undefined && children.length === 0 && !hasSpec) {
      report([...path, 'anchor'], {
        reason: `Cannot place anchor \`${String(object.anchor)}\`: it has neither \`href\` nor pages`,
        ruleId: 'nav-anchor-empty',
        fatal: true,
        note: 'Add `"href": "https://…"` for an external link, or `pages`/`groups` for a section.',
      });
    }
    return {
      kind,
      configPath: path,
      isHidden: context.isHidden,
      isGlobal: context.isGlobal,
      title: String(object[itemKey] ?? object.name ?? ''),
      icon: object.icon,
      href,
      tag: optionalString(object.tag),
      isDefault: object.default === true,
      openapi: object.openapi,
      asyncapi: object.asyncapi,
      children,
    };
  }

  // `global` entries appear in every version and every language; elsewhere they sit at the top.
  const globalNodes = isObject(root.global)
    ? readChildren(root.global, [...rootPath, 'global'], { isHidden: false, isGlobal: true })
    : [];
  const children = readChildren(root, rootPath, { isHidden: false, isGlobal: false });
  mergeGlobal(children, globalNodes);

  const model = navigationModelOf(children);
  for (const entry of findDuplicateEntries(model)) report(entry.node.configPath, duplicatePageMessage(entry));
  return { navigation: model, messages };
}

/** The model of the tree read from docs.json: its variants and their defaults. */
function navigationModelOf(children: NavNode[]): NavigationModel {
  const versions = collectDivisions(children, 'version');
  const languages = collectDivisions(children, 'language');
  return {
    children,
    versions: unique(versions.map((node) => node.title)),
    languages: unique(languages.map((node) => node.title)),
    defaultVersion: (versions.find((node) => node.isDefault) ?? versions[0])?.title,
    defaultLanguage: (languages.find((node) => node.isDefault) ?? languages[0])?.title,
  };
}

/** The warning for a page listed twice in one version and language. */
function duplicatePageMessage(entry: ReturnType<typeof findDuplicateEntries>[number]): Pick<DocsgenMessage, 'reason' | 'ruleId' | 'note' | 'fatal'> {
  const scope = [entry.version && `version \`${entry.version}\``, entry.language && `language \`${entry.language}\``, entry.product && `product \`${entry.product}\``].filter(Boolean).join(', ');
  return {
    reason: `Unexpected duplicate page \`${entry.slug}\` in the navigation${scope ? ` of ${scope}` : ''}, it is already listed`,
    ruleId: 'nav-duplicate-page',
    fatal: false,
    note: 'A page appears once per version, language and product; the first listing decides its place in the sidebar.',
  };
}

interface NodeContext {
  isHidden: boolean;
  isGlobal: boolean;
}

function inheritContext(object: JsonObject, inherited: NodeContext): NodeContext {
  return { isHidden: inherited.isHidden || object.hidden === true, isGlobal: inherited.isGlobal };
}

function collectDivisions(nodes: readonly NavNode[], kind: 'version' | 'language'): NavDivision[] {
  const found: NavDivision[] = [];
  for (const node of nodes) {
    if (node.kind === 'page' || node.kind === 'operation') continue;
    if (node.kind === kind && !node.isGlobal) found.push(node);
    found.push(...collectDivisions(node.children, kind));
  }
  return found;
}

/**
 * Adds `global` entries to the innermost variants (versions, languages) among `children`, so a
 * version inside a language gets them once; to `children` themselves when there are none.
 */
function mergeGlobal(children: NavNode[], globalNodes: readonly NavNode[]): void {
  if (globalNodes.length === 0) return;
  const variantLeaves = findVariantLeaves(children);
  for (const leaf of variantLeaves) leaf.children.push(...globalNodes);
  if (variantLeaves.length === 0) children.push(...globalNodes);
}

function findVariantLeaves(nodes: readonly NavNode[]): NavDivision[] {
  const leaves: NavDivision[] = [];
  for (const node of nodes) {
    if (node.kind === 'page' || node.kind === 'operation') continue;
    const inner = findVariantLeaves(node.children);
    if (inner.length > 0) leaves.push(...inner);
    else if (node.kind === 'version' || node.kind === 'language') leaves.push(node);
  }
  return leaves;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
