import {
  findOrphanPages,
  formatCodeFrame,
  listNavigationPages,
  type DocsgenMessage,
  type NavigationModel,
  type ResolvedDocsConfig,
} from '@docsgen/config';
import { createSampleHighlighter, type ChangelogEntry, type SampleHighlighter } from '@docsgen/mdx-transforms';
import {
  builtinComponentNames,
  builtinComponents,
  escapeHtml,
  RenderContext,
  renderApiOperation,
  renderAsyncApiOperation,
  renderNavigationFile,
  renderPageDocument,
  renderProblemsOverlay,
  serializeJsonForScript,
  type ApiReferenceContext,
  type NavigationFile,
  type RepositoryInfo,
  type PlaygroundSettings,
  type RenderMessage,
  type SiteLayoutData,
} from '@docsgen/renderer';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { renderSpecMarkdown } from '@docsgen/renderer';
import { loadApiReference, playgroundMode, type SiteApiReference } from './api-reference.js';
import { twinTree } from './twin-tree.js';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { changelogFeed, feedHref, feedPath, hasFeed } from './changelog-feed.js';
import { cacheCompiler, compileCacheFolder } from './compile-cache.js';
import { createPageCompiler, type CodeBlockOptions } from './compile.js';
import { loadCustomLanguages } from './custom-languages.js';
import { ProjectModules } from './modules.js';
import { cachedNavigationFile } from './navigation-file-cache.js';
import type { PageInfo } from './pages.js';
import { checkNavigationPages, loadProject } from './project.js';
import { docsgenVersion } from './version.js';
import type { UserConfig } from './user-config.js';
import { renderPageContent, type RenderMode } from './render.js';
import { createSiteChrome } from './site-chrome.js';
import { createSocialCards, drawCard, type CardPlan } from './social-cards.js';
import { decodeEntities } from './site-outputs.js';
import { createNamedModules, injectedGlobals, registerIslands, renderTree } from './runtime.js';

export interface SiteOptions {
  /** `dev` renders drafts; `build` leaves them out of routes (default: `dev`). */
  mode?: 'dev' | 'build' | null | undefined;
  /** Absolute URL of the deployed site, for absolute links in Markdown twins (default: `build.siteUrl` of docsgen.config, else docs.json `siteUrl`). */
  siteUrl?: string | null | undefined;
  /** Extra remark plugins, run after docsgen's (default: none). */
  remarkPlugins?: import('unified').PluggableList | null | undefined;
  /** Extra rehype plugins, run after docsgen's (default: none). */
  rehypePlugins?: import('unified').PluggableList | null | undefined;
  /**
   * Keep compiled pages on disk across runs, in `.docsgen/cache/compile` (`cacheCompiler`); not
   * used when remark or rehype plugins are set (default: `false`). docs.json's parsed and
   * validated result is kept too, in `.docsgen/cache/config` (see `loadProject`).
   */
  compileCache?: boolean | null | undefined;
  /**
   * Folder to keep the shared navigation file in across runs (`cachedNavigationFile`), for a
   * build: a dev site names the file without rendering it (default: none, rendered every run).
   */
  navigationCache?: string | null | undefined;
}

/** The data every page, snippet and component can import as `virtual:docsgen/manifest`. */
export interface Manifest {
  config: ResolvedDocsConfig | undefined;
  pages: Array<Pick<PageInfo, 'slug' | 'relativePath' | 'title' | 'sidebarTitle' | 'description' | 'isDraft' | 'isNoindex' | 'isHidden'>>;
  navigation: NavigationModel | undefined;
  /** Slugs of pages the navigation does not list. */
  orphans: string[];
  /** Warnings found while loading the project. */
  warnings: DocsgenMessage[];
  /** Page slugs grouped by their first folder (`guides/a` and the folder's `_section.mdx` → `guides`; top-level pages → ``). */
  collections: Record<string, string[]>;
}

export interface RenderedPage {
  page: PageInfo;
  /** HTML of the page content (without the site layout). */
  html: string;
  /** h2 and h3 headings: `{ depth, id, text }`. */
  toc: Array<{ depth: number; id: string; text: string }>;
  readingTime: unknown;
  hasMermaid: boolean;
  hasMath: boolean;
  /**
   * The code of the page's interactive components and what they import, by module path from
   * the root (`ProjectModules.clientModules`); absent when the page has none.
   */
  islands?: Record<string, { code: string | null; deps: Record<string, string> }> | undefined;
  messages: DocsgenMessage[];
}

/** The site model: what the dev server and the build both ask for pages. */
export interface Site {
  root: string;
  config: ResolvedDocsConfig | undefined;
  navigation: NavigationModel | undefined;
  pages: Map<string, PageInfo>;
  manifest: Manifest;
  /** Messages found while loading (docs.json, frontmatter, navigation). */
  messages: DocsgenMessage[];
  /** Renders a page's content to HTML; `undefined` for an unknown slug. */
  render(slug: string): Promise<RenderedPage | undefined>;
  /** The page's Markdown twin; `undefined` for an unknown slug. */
  markdown(slug: string): Promise<{ markdown: string; messages: DocsgenMessage[] } | undefined>;
  /** Forgets a changed file; returns the slugs of pages that must render again. */
  invalidate(file: string): string[];
  /**
   * Drops what the site keeps of a rendered page (its HTML and compiled module), for a build
   * that renders each page once: memory stays flat however many pages a worker renders. The
   * page renders again, from its file, if asked for.
   */
  release(slug: string): void;
  /**
   * The page as a whole HTML document; a page that fails to render becomes a document listing
   * its messages (file, line, column), so the reader sees what to fix. `undefined` for an
   * unknown slug.
   */
  document(slug: string, options?: { bodyEnd?: string | undefined; origin?: string | undefined } | null): Promise<{ html: string; messages: DocsgenMessage[] } | undefined>;
  /**
   * What the page's generated social card is drawn from, and its hash; `undefined` when the page
   * shows none (a draft or `noindex` page, `thumbnails` off or a static image, its own
   * `seo.ogImage`, no site URL). `origin` stands in for a missing site URL (the dev server's).
   */
  cardPlan(slug: string, options?: { origin?: string | undefined } | null): Promise<CardPlan | undefined>;
  /**
   * The page's changelog feed (`changelogFeed`): `path` is its file in the output
   * (`feedPath`), `xml` its content, `undefined` when no absolute site URL is known (`origin`
   * stands in for a missing one, as the dev server's). `undefined` for a page without a feed
   * (no `<Update>` entries and no frontmatter `rss: true`, or `rss: false`) or one that fails
   * to compile.
   */
  feed(slug: string, options?: { origin?: string | undefined } | null): Promise<{ path: string; xml: string | undefined } | undefined>;
  /** The page's social card as PNG bytes, kept in memory while its inputs (`cardPlan`'s hash) stay the same. */
  card(slug: string, options?: { origin?: string | undefined } | null): Promise<{ png: Buffer; hash: string; messages: DocsgenMessage[] } | undefined>;
  /**
   * The not-found document: the project's `404.mdx`/`404.md` page when it has one, else a
   * built-in page linking to the home page.
   */
  notFound(options?: { bodyEnd?: string | undefined } | null): Promise<{ html: string; messages: DocsgenMessage[] }>;
  /**
   * The project files a rendered page depends on (the page, its snippets and components,
   * directly or not, and the `theme/` overrides), each with its content hash; empty before the
   * page has rendered.
   */
  dependencies(slug: string): Array<{ file: string; hash: string }>;
  /** Where `/` leads: the first navigable page, else `index`, else the first page. */
  homeSlug: string | undefined;
  /** Slugs of the pages the navigation lists and does not hide, in order, that exist. */
  navigablePages: string[];
  /** `docsgen.config.ts`'s valid fields (`{}` without one). */
  userConfig: UserConfig;
  /** docsgen's search is on (docsgen.config `search` is not `false`): the build writes an index, dev serves one. */
  hasSearch: boolean;
  /** The config file, the local files it imports and the custom grammar files: a change to any of them reloads the site. */
  configFiles: string[];
  /**
   * The shared sidebar file every page fetches its other groups from (`_docsgen/<name>`); made
   * once per site, when first asked for. A build names it by its content hash; a dev site by a
   * random name of its own, so that pages link it without rendering it first.
   */
  navigationFile(): NavigationFile;
  /**
   * What git says about the project (`origin`'s URL, its default branch, the root's folder in
   * the repository), which every page's edit link is derived from when docs.json names no
   * repository; `{}` outside a repository.
   */
  repository(): Promise<RepositoryInfo>;
  /**
   * Absolute URL of the deployed site: `options.siteUrl`, else `build.siteUrl` of docsgen.config,
   * else docs.json `siteUrl`; `undefined` when none is set.
   */
  siteUrl: string | undefined;
  /** `.css` and `.js` files at the project root, included on every page and served at `/<name>`. */
  projectFiles: string[];
  /** Origins the try-it proxy may forward to: the specs' servers and `api.baseUrl` (`https://api.example.com`). */
  apiOrigins: string[];
  /** Every file of the API specs the site read (absolute): a change to one reloads the site. */
  apiFiles: string[];
  /** The site's API reference: settings, generated pages, lookups. */
  api: SiteApiReference;
}

const defaultCode: CodeBlockOptions = { themes: { light: 'github-light', dark: 'github-dark' }, chrome: 'bar', copyButton: true };

/** Loads a project (config, pages, navigation) into a Site; pages compile on demand. */
export async function createSite(projectRoot: string, options?: SiteOptions | null): Promise<Site> {
  const root = resolve(projectRoot);
  const mode = options?.mode ?? 'dev';
  // A build checks its cached pages against the text read now (`PageInfo.sourceHash`).
  const project = await loadProject(root, { hashSources: mode === 'build', configCache: options?.compileCache ? join(root, '.docsgen', 'cache', 'config') : undefined });
  const { config, pages, messages, userConfig, locate } = project;
  // A listed page without a file is left out of the sidebar; `docsgen check` calls it an error.
  if (project.navigation) {
    for (const message of checkNavigationPages(project.navigation, project.files, locate)) {
      messages.push({ ...message, fatal: false, note: `${message.note} The sidebar leaves it out.` });
    }
  }
  const api = await loadApiReference({ root, config, navigation: project.navigation, pages, locate });
  const navigation = api.navigation;
  for (const [slug, page] of api.pages) if (!pages.has(slug)) pages.set(slug, page);
  messages.push(...api.messages);
  const siteUrl = options?.siteUrl ?? userConfig.config.build?.siteUrl ?? config?.siteUrl ?? undefined;
  const chrome = createSiteChrome({ root, config, locate, pages: [...pages.values()], mode, siteUrl });
  messages.push(...chrome.messages);
  const cards = createSocialCards({ root, config, navigation });
  messages.push(...cards.messages);
  const drawnCards = new Map<string, { hash: string; card: Promise<{ png: Buffer; messages: DocsgenMessage[] }> }>();
  const userComponents = userConfig.config.components ?? {};

  const manifest: Manifest = {
    config,
    pages: [...pages.values()].map(({ slug, relativePath, title, sidebarTitle, description, isDraft, isNoindex, isHidden }) => ({
      slug, relativePath, title, sidebarTitle, description, isDraft, isNoindex, isHidden,
    })),
    navigation,
    orphans: navigation ? findOrphanPages(navigation, pages.keys()) : [],
    warnings: messages.filter((message) => !message.fatal),
    collections: collect([...pages.values()]),
  };
  const routes = [...pages.values()].filter((page) => mode === 'dev' || !page.isDraft).map((page) => ({ slug: page.slug, file: page.relativePath }));

  const customLanguages = await loadCustomLanguages({ root, config, locate });
  messages.push(...customLanguages.messages);
  const compilerOptions = {
    root,
    code: { ...resolveCodeOptions(config), languages: customLanguages.languages },
    knownComponents: [...builtinComponentNames, ...Object.keys(userComponents)],
    remarkPlugins: [...(options?.remarkPlugins ?? []), ...(userConfig.config.remarkPlugins ?? [])],
    rehypePlugins: [...(options?.rehypePlugins ?? []), ...(userConfig.config.rehypePlugins ?? [])],
  };
  const compiler = createPageCompiler(compilerOptions);
  const modules = new ProjectModules({
    root,
    compileMdx:
      options?.compileCache && !compiler.hasUserPlugins
        ? cacheCompiler(compiler.compileFile, { folder: compileCacheFolder(root), settings: [docsgenVersion(), root, compilerOptions.code, compilerOptions.knownComponents] })
        : compiler.compileFile,
    globals: injectedGlobals,
    renderTree,
    onEvaluated: registerIslands,
    namedModules: createNamedModules({
      'virtual:docsgen/manifest': manifest,
      'virtual:docsgen/routes': routes,
      'virtual:docsgen/config': config,
      'virtual:docsgen/theme': { themeName: config?.theme ?? 'base', userRoot: join(root, 'theme') },
    }),
  });
  const overrides = await findThemeOverrides(root);
  const projectFiles = (await readdir(root, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile() && /^[\w-][\w.-]*\.(?:css|js)$/.test(entry.name) && !entry.name.startsWith('docsgen.config.'))
    .map((entry) => entry.name)
    .sort();
  const rendered = new Map<string, RenderedPage>();

  let sampleHighlighter: Promise<SampleHighlighter> | undefined;
  const specsUsed = new Map<string, Set<string>>();
  /** The try-it settings of a page: docs.json's, with the page's frontmatter `playground` mode when it sets one. */
  const playgroundOf = (page: PageInfo | undefined): PlaygroundSettings => {
    const mode = playgroundMode(page?.frontmatter.playground);
    return mode ? { ...api.playground, mode } : api.playground;
  };
  // What `<OpenApiEndpoint>` and the viewers read; records the specs each page uses.
  const apiContext = (slug: string, highlight: SampleHighlighter | undefined): ApiReferenceContext => {
    const used = specsUsed.get(slug) ?? new Set<string>();
    const claimed = new Map<string, number>();
    specsUsed.set(slug, used);
    const record = <T>(found: T): T => {
      if (found && typeof found === 'object' && 'spec' in found && typeof found.spec === 'string') used.add(found.spec);
      return found;
    };
    return {
      findOperation: (spec, method, path) => record(api.findOperation(spec, method, path)),
      operationDocument: (spec, method, path) => {
        const model = api.findOperation(spec, method, path);
        if (model && model !== 'loading') used.add(model.spec);
        return api.operationDocument(spec, method, path);
      },
      playground: playgroundOf(pages.get(slug)),
      expandParameters: api.expandParameters,
      parameterPills: api.parameterPills,
      claimIdPrefix: (key) => {
        const count = (claimed.get(key) ?? 0) + 1;
        claimed.set(key, count);
        return count === 1 ? key : `${key}${count}-`;
      },
      highlight,
      get viewerBundles() {
        return api.viewerBundles;
      },
    };
  };
  const highlighter = (): Promise<SampleHighlighter> =>
    (sampleHighlighter ??= createSampleHighlighter(resolveCodeOptions(config).themes, ['bash', 'shell', 'javascript', 'typescript', 'python', 'go', 'json', 'yaml', 'xml', 'html', 'ruby', 'php', 'java', 'csharp', 'rust', 'kotlin', 'swift']));

  async function render(slug: string, renderMode: RenderMode): Promise<RenderedPage | undefined> {
    const page = pages.get(slug);
    if (!page) return undefined;
    if (page.api) return renderApiPage(page, renderMode);
    let result = await renderMdx(page, renderMode);
    const bound = api.bindings.get(slug);
    if (bound && !result.messages.some((message) => message.fatal)) {
      specsUsed.get(slug)?.add(bound.spec);
      const operation = renderApiOperation({ page: bound, proseHtml: result.html, playground: playgroundOf(page), expandParameters: api.expandParameters, parameterPills: api.parameterPills, mode: renderMode, highlight: await highlighter() });
      result = { ...result, html: operation.html, toc: [...result.toc, ...operation.toc] };
    }
    return result;
  }

  /** A page file's content, without the operation a frontmatter `openapi` binds it to. */
  async function renderMdx(page: PageInfo, renderMode: RenderMode): Promise<RenderedPage> {
    const slug = page.slug;
    const highlight = api.pages.size > 0 || api.bindings.size > 0 ? await highlighter() : undefined;
    const renderOnce = () =>
      renderPageContent({ page, modules, overrides, components: userComponents, mode: renderMode, iconLibrary: config?.icons?.library, apiReference: apiContext(slug, highlight) });
    const apiMessagesBefore = api.messages.length;
    let result = await renderOnce();
    // A component named a spec docs.json does not: read it, then render again.
    for (let pass = 0; pass < 2; pass += 1) {
      const pending = api.pending();
      if (!pending) break;
      await pending;
      result = await renderOnce();
    }
    // Problems reading those specs (a failed download) belong to the page that asked.
    for (const message of api.messages.slice(apiMessagesBefore)) result.messages.push({ ...message, file: message.file ?? page.file });
    if (result.html.includes('dg-api-heading')) result.toc = withEndpointHeadings(result.toc, result.html);
    return result;
  }

  async function renderApiPage(page: PageInfo, renderMode: RenderMode): Promise<RenderedPage> {
    const source = page.api!;
    const highlight = await highlighter();
    const result: RenderedPage = { page, html: '', toc: [], readingTime: undefined, hasMermaid: false, hasMath: false, messages: [] };
    if (source.kind === 'asyncapi') {
      const drawn = renderAsyncApiOperation({ page: source.model, mode: renderMode, highlight });
      return { ...result, html: drawn.html, toc: drawn.toc };
    }
    const model = source.model;
    if (api.viewer !== 'docsgen' && renderMode === 'html') {
      const Viewer = builtinComponents[api.viewer === 'viewer-a' ? 'OpenApiViewerA' : api.viewer === 'viewer-b' ? 'OpenApiViewerB' : 'OpenApiViewerC']!;
      const value = { mode: renderMode, apiReference: apiContext(page.slug, highlight), onMessage: (message: RenderMessage) => result.messages.push({ ...message, file: page.file }) };
      return { ...result, html: renderToString(h(RenderContext.Provider, { value }, h(Viewer, { spec: model.spec, method: model.method, path: model.path }))) };
    }
    // `x-mint.content`: the spec's own Markdown before the reference (sanitised: spec text).
    const proseHtml = model.content ? renderSpecMarkdown(model.content) : undefined;
    const drawn = renderApiOperation({ page: model, proseHtml, playground: playgroundOf(page), expandParameters: api.expandParameters, parameterPills: api.parameterPills, mode: renderMode, highlight });
    return { ...result, html: drawn.html, toc: drawn.toc };
  }

  const navigablePages = navigation ? listNavigationPages(navigation, { includeHidden: false }).filter((slug) => pages.has(slug)) : [];

  async function renderHtml(slug: string): Promise<RenderedPage | undefined> {
    const cached = rendered.get(slug);
    // A spec change reloads the whole site: a generated page stays valid for the site's life.
    if (cached && (cached.page.api !== undefined || !(await modules.hasChanged(cached.page.file)))) return cached;
    const result = await render(slug, 'html');
    if (result && !result.messages.some((message) => message.fatal)) rendered.set(slug, result);
    return result;
  }

  /** The page's Markdown twin, written now. */
  async function writeTwin(slug: string): Promise<Twin | undefined> {
    const page = pages.get(slug);
    if (!page) return undefined;
    // The HTML-to-Markdown stack (about a hundred modules) and the API twin writers load with
    // the first twin that needs them, not at start-up: a dev server serves its first page
    // without them, and a site of plain Markdown never loads them.
    // API pages are written as Markdown from their model: far faster than from their HTML.
    if (page.api) {
      const { apiOperationMarkdown, asyncOperationMarkdown } = await import('./api-markdown.js');
      return twinOf(page, page.api.kind === 'openapi' ? apiOperationMarkdown(page.api.model, { parameterPills: api.parameterPills }) : asyncOperationMarkdown(page.api.model), []);
    }
    const bound = api.bindings.get(slug);
    if (bound) {
      const [{ apiOperationMarkdown }, { toMarkdownTwin }] = await Promise.all([import('./api-markdown.js'), import('@docsgen/mdx-transforms/markdown-twin')]);
      const result = await renderMdx(page, 'markdown');
      if (result.messages.some((message) => message.fatal)) return twinOf(page, toMarkdownTwin(result.html, { siteUrl }), result.messages);
      return twinOf(page, apiOperationMarkdown(bound, { proseMarkdown: toMarkdownTwin(result.html, { siteUrl }), parameterPills: api.parameterPills }), result.messages);
    }
    // Plain Markdown is its own twin; a page without components but code blocks gets its twin
    // straight from its tree.
    const direct = await twinFromTree(page);
    if (direct) return direct;
    const result = (await render(slug, 'markdown'))!;
    const { toMarkdownTwin } = await import('@docsgen/mdx-transforms/markdown-twin');
    return twinOf(page, toMarkdownTwin(result.html, { siteUrl }), result.messages);
  }

  /** The twin of a page whose compiled tree has no component but code blocks (`twinTree`); `undefined` otherwise. */
  async function twinFromTree(page: PageInfo): Promise<Twin | undefined> {
    const messages = await modules.link(page.file);
    const record = modules.recordOf(page.file);
    const tree = record?.tree;
    if (messages.some((message) => message.fatal) || !tree) return undefined;
    // Plain Markdown is its own twin.
    if (record.markdown !== undefined) return twinOf(page, record.markdown, messages);
    const twinnable = twinTree(tree);
    if (!twinnable) return undefined;
    const { hastToMarkdownTwin } = await import('@docsgen/mdx-transforms/markdown-twin');
    return twinOf(page, hastToMarkdownTwin(twinnable, { siteUrl }), messages);
  }

  /** The page's `<Update>` entries, from its compiled module (linked). */
  function changelogOf(page: PageInfo): ChangelogEntry[] {
    const entries = page.api === undefined ? modules.recordOf(page.file)?.data.changelog : undefined;
    return Array.isArray(entries) ? (entries as ChangelogEntry[]) : [];
  }

  const twins = new Map<string, Twin>();
  let navigationFile: NavigationFile | undefined;
  const devNavigationFileName = mode === 'dev' ? `navigation-${randomBytes(8).toString('hex')}.json` : undefined;
  const hasSearch = userConfig.config.search !== false;
  const layoutData = (): SiteLayoutData => ({ config: config ?? { name: 'docsgen' }, navigation, pages, homeSlug: site.homeSlug, hasSearch });
  // Pages link the navigation file by name: a build's is made (or read from its cache) once per site.
  const layout = (): SiteLayoutData & { projectFiles: string[]; navigationFileName: string } => ({ ...layoutData(), projectFiles, navigationFileName: devNavigationFileName ?? site.navigationFile().name });
  const site: Site = {
    root,
    projectFiles,
    api,
    apiOrigins: api.origins,
    get apiFiles() {
      return api.files();
    },
    // The navigation does not change for the life of a site: every page links the same file.
    // A build names it by its content; a dev server by a name of its own, so that its first
    // page is not held up rendering every group of a large sidebar (the file is rendered when
    // the client asks for it).
    navigationFile: () => {
      if (navigationFile) return navigationFile;
      if (devNavigationFileName) return (navigationFile = { ...renderNavigationFile(layoutData()), name: devNavigationFileName });
      const data = layoutData();
      return (navigationFile = options?.navigationCache ? cachedNavigationFile(options.navigationCache, data) : renderNavigationFile(data));
    },
    repository: chrome.repository,
    siteUrl,
    userConfig: userConfig.config,
    hasSearch,
    // Grammar files too: their content changes every code block in their language.
    configFiles: [...(userConfig.file ? [userConfig.file, ...userConfig.dependencies] : []), ...customLanguages.files],
    config,
    navigation,
    pages,
    manifest,
    messages,
    render: renderHtml,
    async markdown(slug) {
      const page = pages.get(slug);
      // Kept while the page and what it imports are unchanged (llms-full.txt asks for every page).
      const kept = twins.get(slug);
      if (kept && page && (page.api !== undefined || !(await modules.hasChanged(page.file)))) return kept;
      const twin = await writeTwin(slug);
      if (twin && page && !twin.messages.some((message) => message.fatal)) twins.set(slug, twin);
      return twin;
    },
    async document(slug, documentOptions) {
      const result = await renderHtml(slug);
      if (!result) return undefined;
      // A broken docs.json is shown on every page, with the page's own problems.
      const failed = [...messages.filter((message) => message.fatal), ...result.messages.filter((message) => message.fatal)];
      const contentHtml = failed.length > 0 ? renderProblems(root, failed) : result.html;
      const parts = await chrome.forPage(result.page, slug);
      const html = renderPageDocument({
        ...layout(),
        ...parts,
        title: failed.length > 0 ? `Cannot render ${result.page.relativePath}` : result.page.title,
        description: result.page.description,
        frontmatter: result.page.frontmatter,
        isNoindex: result.page.isNoindex,
        contentHtml,
        toc: failed.length > 0 ? [] : result.toc,
        readingTime: result.readingTime,
        hasMath: result.hasMath,
        hasMermaid: result.hasMermaid,
        hasApi: contentHtml.includes('data-dg-api'),
        hasApiViewer: contentHtml.includes('data-dg-viewer'),
        showTitle: failed.length > 0 || result.page.titleSource !== 'heading',
        bodyEnd: parts.bodyEnd + (documentOptions?.bodyEnd ?? ''),
        slug,
        siteUrl,
        socialImage: cards.imageOf(result.page, siteUrl ?? documentOptions?.origin),
        islands: failed.length === 0 && result.islands ? serializeJsonForScript({ modules: result.islands }) : undefined,
        feed: failed.length === 0 && hasFeed(result.page, changelogOf(result.page)) ? feedHref(site, slug) : undefined,
      });
      return { html, messages: result.messages };
    },
    async feed(slug, feedOptions) {
      const page = pages.get(slug);
      if (!page || slug === '404' || page.api !== undefined) return undefined;
      // The page's own problems are reported where it renders.
      if ((await modules.link(page.file)).some((message) => message.fatal)) return undefined;
      const entries = changelogOf(page);
      if (!hasFeed(page, entries)) return undefined;
      const base = siteUrl ?? feedOptions?.origin;
      return { path: feedPath(site, slug), xml: base === undefined ? undefined : changelogFeed({ site, page, entries, siteUrl: base }) };
    },
    async cardPlan(slug, cardOptions) {
      const page = pages.get(slug);
      return page && (mode === 'dev' || !page.isDraft) ? cards.planOf(page, siteUrl ?? cardOptions?.origin) : undefined;
    },
    async card(slug, cardOptions) {
      const plan = await site.cardPlan(slug, cardOptions);
      if (!plan) return undefined;
      let drawn = drawnCards.get(slug);
      if (drawn?.hash !== plan.hash) {
        drawn = { hash: plan.hash, card: drawCard(plan) };
        drawnCards.set(slug, drawn);
        drawn.card.catch(() => drawnCards.delete(slug));
      }
      return { ...(await drawn.card), hash: plan.hash };
    },
    async notFound(documentOptions) {
      const custom = pages.has('404') ? await site.document('404', documentOptions) : undefined;
      if (custom) return custom;
      const parts = await chrome.forPage(undefined, '404');
      return { html: builtinNotFound(config?.name ?? 'docsgen', site.homeSlug, parts.bodyEnd + (documentOptions?.bodyEnd ?? ''), parts.headEnd, layout()), messages: [] };
    },
    dependencies(slug) {
      const page = pages.get(slug);
      if (!page) return [];
      const seen = new Map<string, string>();
      const specs = page.api ? [page.api.model.spec] : [...(specsUsed.get(slug) ?? [])];
      for (const dependency of api.dependencies(specs)) seen.set(dependency.file, dependency.hash);
      if (page.api) return [...seen].map(([file, hash]) => ({ file, hash }));
      const files = [page.file, ...overrides.values()];
      for (const file of files) for (const dependency of modules.dependenciesOf(file)) seen.set(dependency.file, dependency.hash);
      return [...seen].map(([file, hash]) => ({ file, hash }));
    },
    homeSlug: navigablePages[0] ?? (pages.has('index') ? 'index' : [...pages.keys()][0]),
    navigablePages,
    invalidate(file) {
      const affected = modules.invalidate(file);
      const slugs = [...pages.values()].filter((page) => affected.includes(page.file)).map((page) => page.slug);
      for (const slug of slugs) {
        rendered.delete(slug);
        twins.delete(slug);
      }
      return slugs;
    },
    release(slug) {
      const page = pages.get(slug);
      rendered.delete(slug);
      twins.delete(slug);
      specsUsed.delete(slug);
      // The page's own compiled module (a `.md` page's is its whole syntax tree); what it
      // imports stays, other pages share it.
      if (page && !page.api) modules.invalidate(page.file);
    },
  };
  return site;
}

/**
 * The table of contents with the sections of each `<OpenApiEndpoint>` on the page (their
 * headings are drawn by the component, after the page's own headings were collected), in the
 * order they appear.
 */
function withEndpointHeadings(toc: RenderedPage['toc'], html: string): RenderedPage['toc'] {
  const placed = toc.map((entry) => ({ entry, at: html.indexOf(` id="${entry.id}"`) }));
  for (const match of html.matchAll(/<h([23]) id="([^"]+)" class="dg-api-heading">([^<]*)</g)) {
    placed.push({ entry: { depth: Number(match[1]), id: match[2]!, text: decodeEntities(match[3]!) }, at: match.index });
  }
  return placed.sort((a, b) => a.at - b.at).map(({ entry }) => entry);
}

/** A page's Markdown twin and the messages of writing it. */
type Twin = { markdown: string; messages: DocsgenMessage[] };

/** The twin of `page` from its body: its title (unless the body starts with it) and description above. */
function twinOf(page: PageInfo, body: string, messages: DocsgenMessage[]): Twin {
  const title = page.titleSource === 'heading' ? undefined : `# ${page.title}`;
  const head = [title, page.description].filter(Boolean).join('\n\n');
  return { markdown: [head, body].filter((part) => part.trim() !== '').join('\n\n').trimEnd() + '\n', messages };
}

/** `code` and `styling.codeblocks` from docs.json, with docsgen's defaults. */
export function resolveCodeOptions(config: ResolvedDocsConfig | undefined): CodeBlockOptions {
  const codeblocks = config?.styling?.codeblocks;
  const styled = typeof codeblocks === 'object' && codeblocks !== null ? codeblocks : undefined;
  const theme = styled?.theme ?? config?.code?.theme;
  const themes =
    typeof theme === 'string' ? { light: theme, dark: theme } : theme && typeof theme === 'object' ? { light: theme.light, dark: theme.dark } : defaultCode.themes;
  const copyButton = styled?.copyButton ?? config?.code?.copyButton ?? defaultCode.copyButton;
  return { themes, chrome: styled?.chrome ?? defaultCode.chrome, copyButton };
}

function builtinNotFound(siteName: string, homeSlug: string | undefined, bodyEnd: string | undefined, headEnd: string, layout: SiteLayoutData & { navigationFileName: string | undefined }): string {
  const home = homeSlug && homeSlug !== 'index' ? `/${homeSlug}` : '/';
  return renderPageDocument({
    ...layout,
    config: { ...layout.config, name: siteName },
    title: 'Page not found',
    contentHtml: `<p>There is no page at this address. <a href="${escapeHtml(home)}">Go to the first page</a>.</p>`,
    hasMath: false,
    hasMermaid: false,
    showTitle: true,
    headEnd,
    bodyEnd,
    slug: '404',
  });
}

function renderProblems(root: string, messages: DocsgenMessage[]): string {
  const sources = new Map<string, string | undefined>();
  const frameOf = (message: DocsgenMessage): string => {
    if (!message.file || message.line === undefined) return '';
    if (!sources.has(message.file)) {
      let text: string | undefined;
      try {
        text = readFileSync(message.file, 'utf8');
      } catch {
        text = undefined;
      }
      sources.set(message.file, text);
    }
    const text = sources.get(message.file);
    return text === undefined ? '' : formatCodeFrame(text, message.line, message.column);
  };
  return renderProblemsOverlay(
    messages.map((message) => {
      let location = message.file ? relative(root, message.file).split(sep).join('/') || '.' : '';
      if (message.line !== undefined) location += `:${message.line}:${message.column ?? 1}`;
      return {
        location,
        severity: message.fatal ? 'error' : 'warning',
        reason: message.note ? `${message.reason}. ${message.note}` : message.reason,
        ruleId: message.ruleId,
        frame: frameOf(message),
      };
    }),
  );
}

async function findThemeOverrides(root: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const entries = await readdir(join(root, 'theme'), { withFileTypes: true }).catch(() => []);
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const match = /^([A-Z][A-Za-z0-9]*)\.(tsx|jsx|ts|js)$/.exec(entry.name);
    if (entry.isFile() && match?.[1] && !found.has(match[1])) found.set(match[1], join(root, 'theme', entry.name));
  }
  return found;
}

function collect(pages: PageInfo[]): Record<string, string[]> {
  const collections: Record<string, string[]> = {};
  for (const { slug, isSection } of pages) {
    // A folder's `_section.mdx` (slug `guides`) belongs to its folder, not to the top level.
    const folder = slug.includes('/') ? slug.slice(0, slug.indexOf('/')) : isSection ? slug : '';
    (collections[folder] ??= []).push(slug);
  }
  return collections;
}
