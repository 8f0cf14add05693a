import type { DocsgenMessage, NavigationModel, ResolvedDocsConfig, SourceLocation } from '@docsgen/config';
import type { ApiPageModel, AsyncApiPageModel } from '@docsgen/openapi-pages';
import type { ApiReferenceContext, PlaygroundSettings } from '@docsgen/renderer';
import { readMdxApiPages, type MdxApiPage } from './api-mdx-pages.js';
import { expandApiNavigation } from './api-navigation.js';
import { bindPages, generatedPages, openApiModels } from './api-pages.js';
import { isExpandingParameters, parameterPillsOf, playgroundSettings, proxyOrigins, viewerOf } from './api-settings.js';
import { ApiSpecFiles } from './api-spec-files.js';
import { ApiSpecs, type SpecEntry } from './api-specs.js';
import { findViewerBundles } from './api-viewers.js';
import { locateFrontmatterValueInFile } from './frontmatter.js';
import type { PageInfo } from './pages.js';
import type { ProjectIgnore } from './project-ignore.js';
import type { SiteLoadCache } from './site-load-cache.js';

// The API reference of a site, assembled from its parts: the specs read (`api-specs`), the
// pages bound and generated (`api-pages`), the navigation (`api-navigation`), docs.json's `api`
// settings (`api-settings`) and what depends on the specs' files (`api-spec-files`).

export { playgroundMode, playgroundSettings } from './api-settings.js';

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
  /** Hand-written API pages (frontmatter `api`, no `openapi`), by slug. */
  mdxPages: Map<string, MdxApiPage>;
  /** Origins the try-it proxy may reach: the specs' servers, `api.baseUrl` and hand-written API pages' URLs (`https://api.example.com`). */
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

interface LoadApiReferenceInput {
  root: string;
  config: ResolvedDocsConfig | undefined;
  navigation: NavigationModel | undefined;
  /** The project's page files by slug. */
  pages: Map<string, PageInfo>;
  locate?: ((path: readonly (string | number)[]) => SourceLocation | undefined) | undefined;
  /** What an earlier load of the project read of its specs, taken again while their files are unchanged (default: none). */
  loadCache?: SiteLoadCache | undefined;
  /** Build each operation page's reference when it is first read (`ApiSpecsOptions.isDeferred`; default: `false`). */
  isDeferred?: boolean | undefined;
  /** Whether a path is left out by the project's `.mintignore` (`ApiSpecsOptions.isIgnored`). */
  isIgnored?: ProjectIgnore | undefined;
  /** The site serves the try-it proxy (dev, or a build whose adapter runs functions): the default of `api.playground.proxy` (default: `false`). */
  canProxy?: boolean | undefined;
}

const specKey = /"(?:openapi|asyncapi)"\s*:/;

/** What reading the specs at load time gives: pages, bindings and the navigation with them. */
interface ReadReference {
  navigation: NavigationModel | undefined;
  generated: Map<string, PageInfo>;
  bindings: Map<string, ApiPageModel>;
}

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
  const messages: DocsgenMessage[] = [];
  let generated = new Map<string, PageInfo>();
  const specs = new ApiSpecs({ root, config, messages, takenSlugs: () => [...pages.keys(), ...generated.keys()], loadCache: input.loadCache, isDeferred: input.isDeferred, isIgnored: input.isIgnored });
  const read = await readSpecs(input, specs);
  generated = read.generated;
  const mdx = readMdxApiPages({ pages, config, locate: (page, key) => locateFrontmatterValueInFile(page.file, key) });
  messages.push(...mdx.messages);
  const files = new ApiSpecFiles(specs.entries, root);
  const findIn = (entry: SpecEntry, method: string, path: string): ApiPageModel | undefined =>
    entry.spec.kind === 'openapi' ? (entry.pages as ApiPageModel[]).find((model) => model.method === method.toUpperCase() && model.path === path) : undefined;
  // Looked up when a page first asks (a viewer on the page, the vendor route, the build's copy).
  let viewerBundles: ReturnType<typeof findViewerBundles> | undefined;
  return {
    navigation: read.navigation,
    pages: generated,
    bindings: read.bindings,
    mdxPages: mdx.mdxPages,
    origins: proxyOrigins([...[...specs.entries.values()].flatMap((entry) => entry.pages), ...[...mdx.mdxPages.values()].map(mdxOrigins)], config),
    messages,
    playground: playgroundSettings(config, { canProxy: input.canProxy === true }),
    viewer: viewerOf(config),
    expandParameters: isExpandingParameters(config),
    parameterPills: parameterPillsOf(config),
    files: () => specs.files(),
    dependencies: (labels) => files.dependencies(labels),
    findOperation(spec, method, path) {
      const entry = specs.resolve(spec);
      return entry === 'loading' || entry === undefined ? entry : findIn(entry, method, path);
    },
    operationDocument(spec, method, path) {
      const entry = specs.resolve(spec);
      if (entry === 'loading' || entry === undefined) return entry;
      return specs.tools?.operationDocument(entry.spec, method, path);
    },
    pending: () => specs.pending(),
    get viewerBundles() {
      return (viewerBundles ??= findViewerBundles(root)).bundles;
    },
    get viewerFiles() {
      return (viewerBundles ??= findViewerBundles(root)).files;
    },
    schemaFileOf: (label) => files.schemaFileOf(label),
    schemaFiles: () => files.schemaFiles(),
    keepSchemaFile: (name, content) => files.keepSchemaFile(name, content),
  };
}

/** A hand-written API page's URLs, in the shape `proxyOrigins` reads. */
function mdxOrigins(page: MdxApiPage): Pick<ApiPageModel, 'baseUrls' | 'servers'> {
  // A host with a `{variable}` is the reader's to fill in: no origin of its own.
  return { baseUrls: page.baseUrls.filter((url) => !url.includes('{')), servers: [] };
}

/**
 * Reads the specs docs.json and pages' frontmatter name, binds pages to their operations and
 * generates the others' pages; nothing (and no spec tooling) for a project without either.
 */
async function readSpecs(input: LoadApiReferenceInput, specs: ApiSpecs): Promise<ReadReference> {
  const { root, config, pages } = input;
  const bound = [...pages.values()].filter((page) => typeof page.frontmatter.openapi === 'string');
  const hasSpecs = config !== undefined && specKey.test(JSON.stringify({ api: config.api, navigation: config.navigation }));
  if (!hasSpecs && bound.length === 0) return { navigation: input.navigation, generated: new Map(), bindings: new Map() };
  const tools = await specs.readNamed({ locate: input.locate, takenSlugs: pages.keys(), bindings: bound.map((page) => ({ value: page.frontmatter.openapi as string, file: page.file })) });
  // Pages and navigation come from the specs docs.json lists; frontmatter may name any spec.
  const listed = new Map([...specs.entries].filter(([, entry]) => !entry.isFrontmatterOnly));
  const lookup = tools.createOperationLookup(openApiModels(listed));
  const bindingLookup = listed.size === specs.entries.size ? lookup : tools.createOperationLookup(openApiModels(specs.entries));
  const bindings = bindPages(pages, bound, bindingLookup, (page) => tools.bindingFromRoot(root, page.frontmatter.openapi as string, page.file));
  const boundSlugs = new Map([...bindings].map(([slug, model]) => [model.slug, slug]));
  const generated = generatedPages(root, listed, boundSlugs);
  const navigation = input.navigation && expandApiNavigation(input.navigation, { specs: listed, lookup, boundSlugs, config });
  return { navigation, generated, bindings };
}
