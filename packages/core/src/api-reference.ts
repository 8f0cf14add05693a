import {
  type DocsgenMessage,
  type NavGroup,
  type NavigationModel,
  type NavNode,
  type NavPage,
  type ResolvedDocsConfig,
  type SourceLocation,
} from '@docsgen/config';
import type { ApiGroupModel, ApiPageModel, AsyncApiPageModel, LoadedSpec, OperationLookup, SchemaModel } from '@docsgen/openapi-pages';
import { renderSchemaFile, type ApiReferenceContext, type PlaygroundSettings } from '@docsgen/renderer';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { proxyRoute } from './api-proxy/proxy-functions.js';
import { findViewerBundles } from './api-viewers.js';
import { downloadSpec, type DownloadedSpec } from './remote-spec.js';
import { hashSource } from './modules.js';
import { docsgenVersion } from './version.js';
import type { PageInfo } from './pages.js';

/** A generated API reference page's model: an OpenAPI operation or webhook, or an AsyncAPI channel operation. */
export type ApiPageSource = { kind: 'openapi'; model: ApiPageModel } | { kind: 'asyncapi'; model: AsyncApiPageModel };

/** What the site knows about its API specs: generated pages, the navigation that lists them, and lookups for components. */
export interface SiteApiReference {
  /** The navigation with operation entries and spec-generated groups resolved to page slugs. */
  navigation: NavigationModel | undefined;
  /** Generated pages by slug (operations bound to a hand-written page have none). */
  pages: Map<string, PageInfo>;
  /** Hand-written pages bound to an operation with frontmatter `openapi`, by slug. */
  bindings: Map<string, ApiPageModel>;
  /** Origins the try-it proxy may reach: the specs' servers and `api.baseUrl` (`https://api.example.com`). */
  origins: string[];
  /** Spec problems that stop pages being generated (parse errors, unreadable files), as warnings for the site. */
  messages: DocsgenMessage[];
  /** The try-it settings of docs.json `api`. */
  playground: PlaygroundSettings;
  /** `api.viewer`: the viewer of generated operation pages. */
  viewer: 'docsgen' | 'viewer-a' | 'viewer-b' | 'viewer-c';
  /** Every file of every spec (absolute), those that failed to load included, for watching. */
  files(): string[];
  /** The files of the specs behind `labels` with their content hashes (the build cache's dependencies). */
  dependencies(labels: Iterable<string>): Array<{ file: string; hash: string }>;
  /** The operation `spec`/`method`/`path` names, or `'loading'` while a spec docs.json does not name is being read. */
  findOperation(spec: string | undefined, method: string, path: string): ApiPageModel | 'loading' | undefined;
  /** A one-operation OpenAPI document for the embeddable viewers; same rules as `findOperation`. */
  operationDocument(spec: string | undefined, method: string, path: string): Record<string, unknown> | 'loading' | undefined;
  /** Resolves once the specs components asked for are read; `undefined` when none is pending. */
  pending(): Promise<void> | undefined;
  /** Where each embeddable viewer's browser bundle comes from (the project's `node_modules`, else a CDN). */
  viewerBundles: ApiReferenceContext['viewerBundles'];
  /** docs.json `api.params.expanded` is `all`: nested parameters start open. */
  expandParameters: boolean;
  /** docs.json `api.params.post`: extension keys whose values parameters show as pills. */
  parameterPills: string[];
  /** The viewers' local bundle files: URL path (`/_docsgen/vendor/…`) → absolute file. */
  viewerFiles: Map<string, string>;
  /**
   * Name of the schema file of an OpenAPI spec (by its label), served under `/_docsgen/`:
   * `api-schemas-<hash>.json`, the hash of the spec's files and docsgen's version, so a page
   * rendered in any worker names the file without making it.
   */
  schemaFileOf(spec: string): string | undefined;
  /** The schema files of the OpenAPI specs (`renderSchemaFile`), each made when first asked for. */
  schemaFiles(): Array<{ name: string; content(): string }>;
  /**
   * Takes the content of schema file `name` made elsewhere (by a build's worker thread, from
   * the same spec files and docsgen version, so the same bytes): `schemaFiles` gives it
   * instead of making it again.
   */
  keepSchemaFile(name: string, content: string): void;
}

interface SpecEntry {
  label: string;
  spec: LoadedSpec;
  pages: Array<ApiPageModel | AsyncApiPageModel>;
  groups: ApiGroupModel[];
  /** Every schema model of the spec (`ApiPages.schemas`). */
  schemas?: readonly SchemaModel[] | undefined;
  /** Named only by pages' frontmatter: its operations are for those pages, with no pages or navigation of their own. */
  isFrontmatterOnly?: boolean | undefined;
}

interface LoadApiReferenceInput {
  root: string;
  config: ResolvedDocsConfig | undefined;
  navigation: NavigationModel | undefined;
  /** The project's page files by slug. */
  pages: Map<string, PageInfo>;
  locate?: ((path: readonly (string | number)[]) => SourceLocation | undefined) | undefined;
}

const specKey = /"(?:openapi|asyncapi)"\s*:/;

/**
 * Reads every spec docs.json names (`api.openapi`, `api.asyncapi`, and the `openapi`/`asyncapi`
 * of tabs, groups and other divisions) and turns them into pages:
 *
 * - a division or group with a spec and no children of its own lists the spec's pages, one
 *   group per tag;
 * - an operation entry (`"GET /users/{id}"`) becomes a link to that operation's page;
 * - a page whose frontmatter says `openapi: "GET /users/{id}"` is that operation's page: the
 *   operation gets no generated page of its own;
 * - a spec of `api.openapi`/`api.asyncapi` that the navigation does not use at all is listed at
 *   the end of the navigation (in a tab of its own when the navigation has tabs).
 *
 * The spec tooling is loaded only for projects that have specs. Never throws for bad specs.
 */
export async function loadApiReference(input: LoadApiReferenceInput): Promise<SiteApiReference> {
  const { root, config, pages } = input;
  const playground = playgroundSettings(config);
  const written = (config?.api as { viewer?: unknown } | undefined)?.viewer;
  const viewer = written === 'viewer-a' || written === 'viewer-b' || written === 'viewer-c' ? written : 'docsgen';
  const bindingValues = [...pages.values()].filter((page) => typeof page.frontmatter.openapi === 'string');
  const bindingOf = (page: PageInfo): string => (tools ? tools.bindingFromRoot(root, page.frontmatter.openapi as string, page.file) : (page.frontmatter.openapi as string));
  const hasSpecs = config !== undefined && specKey.test(JSON.stringify({ api: config.api, navigation: config.navigation }));
  const specs = new Map<string, SpecEntry>();
  const onDemand = new Map<string, Promise<void>>();
  const unsettled = new Set<Promise<void>>();
  const failed = new Set<string>();
  const messages: DocsgenMessage[] = [];
  const watched = new Set<string>();
  let tools: typeof import('@docsgen/openapi-pages') | undefined;
  let lookup: OperationLookup | undefined;
  const generated = new Map<string, PageInfo>();
  const bindings = new Map<string, ApiPageModel>();
  let navigation = input.navigation;

  if (hasSpecs || bindingValues.length > 0) {
    tools = await import('@docsgen/openapi-pages');
    const frontmatter = bindingValues.map((page) => ({ value: page.frontmatter.openapi as string, place: { file: page.file } }));
    // Specs docs.json names by URL are downloaded (`downloadSpec`), and read from the copy.
    const resolveRemote = async (url: string): Promise<string | undefined> => {
      const downloaded = await downloadSpec(root, url);
      const failure = downloadFailure(url, downloaded);
      if (failure) messages.push(failure);
      return downloaded.ok ? downloaded.path : undefined;
    };
    const checked = await tools.checkSpecs(root, config ?? {}, { locate: input.locate, validate: false, placeWarnings: false, takenSlugs: pages.keys(), frontmatter, resolveRemote });
    const bindingFiles = new Set(bindingValues.map((page) => page.file));
    for (const message of checked.messages) {
      if (message.ruleId === 'openapi-operation-missing') {
        // A page bound to no operation is shown without one: said here too, not only by `docsgen check`.
        if (message.file !== undefined && bindingFiles.has(message.file)) messages.push({ ...message, fatal: false, note: `The page is shown without its API reference. ${message.note ?? ''}`.trim() });
        continue;
      }
      // Reading problems stop a spec's pages; other findings are `docsgen check`'s to report
      // (so warnings are not placed on their lines here: `placeWarnings: false`).
      if (message.fatal) messages.push({ ...message, fatal: false, note: message.note ?? 'The API pages of this spec are not generated; run `docsgen check` for details.' });
    }
    for (const entry of checked.specs) {
      // Watched even when broken (or missing): saving the fix must reload the site.
      for (const file of entry.spec.documents.keys()) watched.add(file);
      if (entry.spec.file) watched.add(entry.spec.file);
      else if (!/^[a-z][a-z\d+.-]*:/i.test(entry.source)) watched.add(join(root, entry.source));
      if (!entry.result) {
        failed.add(entry.spec.label);
        continue;
      }
      specs.set(entry.spec.label, { label: entry.spec.label, spec: entry.spec, pages: entry.result.pages, groups: entry.result.groups, schemas: 'schemas' in entry.result ? entry.result.schemas : undefined, isFrontmatterOnly: entry.isFrontmatterOnly });
    }
    for (const entry of specs.values()) applyExampleSettings(entry.pages, config);
    // Pages and navigation come from the specs docs.json lists; frontmatter may name any spec.
    const listed = new Map([...specs].filter(([, entry]) => !entry.isFrontmatterOnly));
    lookup = tools.createOperationLookup(openApiModels(listed));
    const bindingLookup = listed.size === specs.size ? lookup : tools.createOperationLookup(openApiModels(specs));
    for (const page of bindingValues) {
      const model = bindingLookup.find(bindingOf(page));
      if (!model) continue;
      bindings.set(page.slug, model);
      // Without a title of its own (frontmatter or heading), the page takes the operation's.
      const title = page.titleSource === 'file' ? (model.overrides?.title ?? model.title) : undefined;
      const named = title ? { title, titleSource: 'frontmatter' as const, sidebarTitle: page.sidebarTitle === page.title ? (model.overrides?.sidebarTitle ?? title) : page.sidebarTitle } : {};
      pages.set(page.slug, { ...page, ...named, method: model.method });
    }
    const boundSlugs = new Map([...bindings].map(([slug, model]) => [model.slug, slug]));
    for (const entry of listed.values()) {
      for (const model of entry.pages) {
        if (boundSlugs.has(model.slug)) continue;
        generated.set(model.slug, generatedPage(root, entry.spec, model));
      }
    }
    if (navigation) navigation = expandApiNavigation(navigation, { specs: listed, lookup, boundSlugs, config });
  }

  const origins = new Set<string>();
  for (const entry of specs.values()) {
    for (const model of entry.pages) {
      if (!('baseUrls' in model)) continue;
      for (const url of [...model.baseUrls, ...model.servers.map((server) => server.url)]) {
        const origin = originOf(url);
        if (origin) origins.add(origin);
      }
    }
  }
  for (const url of baseUrlsOf(config)) {
    const origin = originOf(url);
    if (origin) origins.add(origin);
  }

  const resolveSpec = (spec: string | undefined): SpecEntry | 'loading' | undefined => {
    if (spec === undefined || spec.trim() === '') return specs.size === 1 ? [...specs.values()][0] : undefined;
    const wanted = spec.trim().replace(/^\.?\/+/, '');
    const known = specs.get(wanted) ?? [...specs.values()].find((entry) => entry.label.split('/').pop() === wanted);
    if (known) return known;
    if (failed.has(wanted) || (/^[a-z][a-z\d+.-]*:/i.test(wanted) && !/^https?:\/\//i.test(wanted))) return undefined;
    if (!onDemand.has(wanted)) {
      const loading = loadOnDemand(wanted).catch(() => {
        failed.add(wanted);
      });
      onDemand.set(wanted, loading);
      unsettled.add(loading);
      void loading.finally(() => unsettled.delete(loading));
    }
    return specs.has(wanted) ? specs.get(wanted) : failed.has(wanted) ? undefined : 'loading';
  };
  const loadOnDemand = async (label: string): Promise<void> => {
    tools ??= await import('@docsgen/openapi-pages');
    let path = label;
    if (/^https?:\/\//i.test(label)) {
      const downloaded = await downloadSpec(root, label);
      const failure = downloadFailure(label, downloaded);
      if (failure) messages.push(failure);
      if (!downloaded.ok) {
        failed.add(label);
        return;
      }
      path = downloaded.path;
    }
    const spec = await tools.loadSpec(root, path, { validate: false, placeWarnings: false });
    for (const file of spec.documents.keys()) watched.add(file);
    const taken = new Set([...pages.keys(), ...generated.keys()]);
    const result = spec.kind === 'openapi' ? tools.buildOpenApiPages(spec, { takenSlugs: taken, baseUrl: baseUrlsOf(config).length > 0 ? baseUrlsOf(config) : undefined }) : spec.kind === 'asyncapi' ? tools.buildAsyncApiPages(spec, { takenSlugs: taken }) : undefined;
    if (!result || spec.messages.some((message) => message.fatal)) failed.add(label);
    else {
      applyExampleSettings(result.pages, config);
      specs.set(label, { label, spec, pages: result.pages, groups: result.groups, schemas: 'schemas' in result ? result.schemas : undefined });
    }
  };
  const findIn = (entry: SpecEntry, method: string, path: string): ApiPageModel | undefined =>
    entry.spec.kind === 'openapi' ? (entry.pages as ApiPageModel[]).find((model) => model.method === method.toUpperCase() && model.path === path) : undefined;

  // Every page of a spec depends on its files: hashed once per version of a file (a build asks
  // for each of GitHub's 1,200 pages, a 13 MB file), not once per page.
  const hashes = new Map<string, { stamp: string; hash: string }>();
  const hashOf = (file: string): string | undefined => {
    try {
      const info = statSync(file);
      const stamp = `${info.mtimeMs}:${info.size}`;
      const known = hashes.get(file);
      if (known?.stamp === stamp) return known.hash;
      const hash = hashSource(file, readFileSync(file, 'utf8'));
      hashes.set(file, { stamp, hash });
      return hash;
    } catch {
      // A spec file removed since it was read: the next reload reports it.
      return undefined;
    }
  };
  const schemaFileNames = new Map<string, string | undefined>();
  const schemaFileContents = new Map<string, string>();
  const schemaFileOf = (label: string): string | undefined => {
    if (schemaFileNames.has(label)) return schemaFileNames.get(label);
    const entry = specs.get(label);
    let name: string | undefined;
    if (entry?.spec.kind === 'openapi' && entry.schemas) {
      const hash = createHash('sha256').update(`${docsgenVersion()}\0${label}`);
      for (const file of [...entry.spec.documents.keys()].sort()) hash.update(`\0${file}\0${hashOf(file) ?? ''}`);
      name = `api-schemas-${hash.digest('hex').slice(0, 16)}.json`;
    }
    schemaFileNames.set(label, name);
    return name;
  };
  // Looked up when a page first asks (a viewer on the page, the vendor route, the build's copy).
  let viewerBundles: ReturnType<typeof findViewerBundles> | undefined;
  return {
    navigation,
    pages: generated,
    bindings,
    origins: [...origins].sort(),
    messages,
    playground,
    viewer,
    expandParameters: (config?.api as { params?: { expanded?: unknown } } | undefined)?.params?.expanded === 'all',
    parameterPills: parameterPillsOf(config),
    files: () => [...new Set([...watched, ...[...specs.values()].flatMap((entry) => [...entry.spec.documents.keys()])])],
    dependencies(labels) {
      const found: Array<{ file: string; hash: string }> = [];
      for (const label of labels) {
        const entry = specs.get(label) ?? [...specs.values()].find((candidate) => candidate.spec.label === label);
        if (!entry) continue;
        for (const file of entry.spec.documents.keys()) {
          const hash = hashOf(file);
          if (hash) found.push({ file, hash });
        }
      }
      return found;
    },
    findOperation(spec, method, path) {
      const entry = resolveSpec(spec);
      return entry === 'loading' || entry === undefined ? entry : findIn(entry, method, path);
    },
    operationDocument(spec, method, path) {
      const entry = resolveSpec(spec);
      if (entry === 'loading' || entry === undefined) return entry;
      return tools?.operationDocument(entry.spec, method, path);
    },
    pending() {
      return unsettled.size === 0 ? undefined : Promise.all(unsettled).then(() => undefined);
    },
    get viewerBundles() {
      return (viewerBundles ??= findViewerBundles(root)).bundles;
    },
    get viewerFiles() {
      return (viewerBundles ??= findViewerBundles(root)).files;
    },
    schemaFileOf,
    schemaFiles() {
      return [...specs.values()].flatMap((entry) => {
        const name = schemaFileOf(entry.label);
        if (name === undefined || !entry.schemas) return [];
        const schemas = entry.schemas;
        return [{ name, content: () => schemaFileContents.get(name) ?? (schemaFileContents.set(name, renderSchemaFile(schemas)), schemaFileContents.get(name) as string) }];
      });
    },
    keepSchemaFile(name, content) {
      schemaFileContents.set(name, content);
    },
  };
}

// Names docs.json may give a generated sample's language, by the language of the sample.
const sampleLanguages: Record<string, string> = { bash: 'bash', curl: 'bash', sh: 'bash', shell: 'bash', javascript: 'javascript', js: 'javascript', node: 'javascript', fetch: 'javascript', python: 'python', py: 'python', go: 'go', golang: 'go' };

/**
 * docs.json `api.examples`: `languages` picks the generated code samples and their order
 * (after the spec's own `x-codeSamples`, which always stay); `autogenerate: false` keeps only
 * the spec's own.
 */
function applyExampleSettings(models: Array<ApiPageModel | AsyncApiPageModel>, config: ResolvedDocsConfig | undefined): void {
  const examples = (config?.api as { examples?: { languages?: unknown; autogenerate?: unknown } } | undefined)?.examples;
  const languages = Array.isArray(examples?.languages)
    ? examples.languages.flatMap((name) => (typeof name === 'string' && sampleLanguages[name.trim().toLowerCase()] ? [sampleLanguages[name.trim().toLowerCase()] as string] : []))
    : undefined;
  if (examples?.autogenerate !== false && languages === undefined) return;
  for (const model of models) {
    if (!('codeSamples' in model)) continue;
    const own = model.codeSamples.filter((sample) => !sample.isGenerated);
    const generated = examples?.autogenerate === false ? [] : (languages ?? []).flatMap((language) => model.codeSamples.filter((sample) => sample.isGenerated && sample.lang === language));
    model.codeSamples = [...own, ...new Set(generated)];
  }
}

function openApiModels(specs: Map<string, SpecEntry>): ApiPageModel[] {
  return [...specs.values()].flatMap((entry) => (entry.spec.kind === 'openapi' ? (entry.pages as ApiPageModel[]) : []));
}

/** The `spec-download-failed` warning of a download that failed (or gave only an earlier copy). */
function downloadFailure(url: string, downloaded: DownloadedSpec): DocsgenMessage | undefined {
  if (downloaded.ok && !downloaded.isStale) return undefined;
  return {
    reason: downloaded.ok ? `Cannot download \`${url}\` (${downloaded.reason}); the copy from an earlier download is used` : `Cannot download \`${url}\`: ${downloaded.reason}`,
    ruleId: 'spec-download-failed',
    source: '@docsgen/core',
    fatal: false,
    note: 'Check the URL and the network, or copy the spec into the project and name the file.',
  };
}

function generatedPage(root: string, spec: LoadedSpec, model: ApiPageModel | AsyncApiPageModel): PageInfo {
  const isAsync = model.kind === 'channel-operation';
  // `x-mint.metadata` of the operation overrides the page's texts.
  const overrides = isAsync ? {} : ((model as ApiPageModel).overrides ?? {});
  const title = overrides.title ?? model.title;
  const description = overrides.description ?? (model.summary && model.summary !== title ? model.summary : undefined);
  return {
    slug: model.slug,
    file: spec.file ?? `${root}/${spec.label}`,
    relativePath: spec.label,
    format: 'md',
    isSection: false,
    frontmatter: {},
    title,
    titleSource: 'frontmatter',
    sidebarTitle: overrides.sidebarTitle ?? title,
    description,
    isDraft: false,
    isNoindex: false,
    isHidden: model.isHidden,
    externalUrl: undefined,
    method: isAsync ? (model as AsyncApiPageModel).action : (model as ApiPageModel).kind === 'webhook' ? 'HOOK' : (model as ApiPageModel).method,
    api: isAsync ? { kind: 'asyncapi', model: model as AsyncApiPageModel } : { kind: 'openapi', model: model as ApiPageModel },
  };
}

interface ExpandContext {
  specs: Map<string, SpecEntry>;
  lookup: OperationLookup;
  /** Generated slug → slug of the hand-written page bound to that operation. */
  boundSlugs: Map<string, string>;
  config: ResolvedDocsConfig | undefined;
}

/** The navigation with spec-generated groups added and operation entries turned into page links. */
function expandApiNavigation(navigation: NavigationModel, context: ExpandContext): NavigationModel {
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
  const labelsOf = (value: unknown): string[] => {
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return list
      .map((item) => (typeof item === 'string' ? item : item && typeof item === 'object' && typeof (item as { source?: unknown }).source === 'string' ? (item as { source: string }).source : undefined))
      .filter((item): item is string => item !== undefined && item.trim() !== '')
      .map((item) => item.trim().replace(/^\.?\/+/, ''));
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

/** docs.json `api.playground` and `api.auth` (`api.mdx.auth` too), with docsgen's defaults. */
export function playgroundSettings(config: ResolvedDocsConfig | undefined): PlaygroundSettings {
  const api = (config?.api ?? {}) as {
    playground?: { mode?: unknown; display?: unknown; proxy?: unknown; credentials?: unknown };
    examples?: { prefill?: unknown };
    auth?: { method?: unknown; name?: unknown };
    mdx?: { auth?: { method?: unknown; name?: unknown } };
  };
  const mode = playgroundMode(api.playground?.mode ?? api.playground?.display) ?? 'interactive';
  const auth = api.auth ?? api.mdx?.auth ?? {};
  const method = auth.method === 'bearer' || auth.method === 'basic' || auth.method === 'key' ? auth.method : 'none';
  return {
    mode,
    proxy: api.playground?.proxy === true,
    proxyUrl: proxyRoute,
    auth: { method, name: typeof auth.name === 'string' && auth.name.trim() !== '' ? auth.name.trim() : undefined },
    credentials: api.playground?.credentials === true,
    prefill: api.examples?.prefill === true,
  };
}

/** docs.json `api.params.post`: the extension keys (`x-…`) listed, once each, in order. */
function parameterPillsOf(config: ResolvedDocsConfig | undefined): string[] {
  const post = (config?.api as { params?: { post?: unknown } } | undefined)?.params?.post;
  return Array.isArray(post) ? [...new Set(post.filter((key): key is string => typeof key === 'string' && key.startsWith('x-')))] : [];
}

/**
 * A try-it mode as written in docs.json `api.playground` or a page's frontmatter `playground`:
 * `interactive`, `simple`, `hide`, and the hosted platform's `none` (as `hide`) and `auth`
 * (as `interactive`: docsgen has no signed-in readers); `undefined` for anything else.
 */
export function playgroundMode(value: unknown): PlaygroundSettings['mode'] | undefined {
  if (value === 'interactive' || value === 'auth') return 'interactive';
  if (value === 'simple') return 'simple';
  return value === 'hide' || value === 'none' ? 'hide' : undefined;
}

function baseUrlsOf(config: ResolvedDocsConfig | undefined): string[] {
  const value = (config?.api as { baseUrl?: unknown } | undefined)?.baseUrl;
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((item): item is string => typeof item === 'string');
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
