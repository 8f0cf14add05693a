import type { DocsgenMessage, NavigationModel, ResolvedDocsConfig, SourceLocation } from '@docsgen/config';
import type { ContentLink, ExampleKind, NavigationFile, RepositoryInfo } from '@docsgen/renderer';
import type { MdxParamField } from '@docsgen/openapi-pages';
import type { SiteApiReference } from './api-reference.js';
import { createPageRenderer } from './page-renderer.js';
import type { PageInfo } from './pages.js';
import type { ProjectIgnore } from './project-ignore.js';
import { createDerivedOutputs } from './site-derived.js';
import { loadSiteModel, type SiteModel } from './site-model.js';
import type { RedirectRule } from './redirects.js';
import { moduleCandidates } from './tailwind-css.js';
import type { CardPlan } from './social-cards.js';
import type { SiteLoadCache } from './site-load-cache.js';
import type { UserConfig } from './user-config.js';

export { resolveCodeOptions } from './site-model.js';

export interface SiteOptions {
  /** `dev` renders drafts; `build` leaves them out of routes (default: `dev`). */
  mode?: 'dev' | 'build' | null | undefined;
  /** Absolute URL of the deployed site, for absolute links in Markdown twins (default: `build.siteUrl` of docsgen.config, else docs.json `siteUrl`). */
  siteUrl?: string | null | undefined;
  /**
   * The host a build is for: with one that runs functions (`netlify`, `vercel`, `cloudflare`)
   * the site serves its own MCP server at `/mcp`, and every page's head links it, as a dev site's
   * always do (default: `build.adapter` of docsgen.config, else `static`).
   */
  adapter?: 'static' | 'netlify' | 'cloudflare' | 'vercel' | 'github-pages' | null | undefined;
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
  /**
   * What earlier loads of this project read (`new SiteLoadCache()`), taken again where the files
   * are unchanged: each page's frontmatter, and what the API specs gave. For a dev server, which
   * loads the project again after docs.json changes; tell the cache which files changed
   * (`forget`) before it loads again (default: none, every file read).
   */
  loadCache?: SiteLoadCache | null | undefined;
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
  /** h2 and h3 headings: `{ depth, id, text }`, the page's own and those its components draw (API operations), in document order. */
  toc: Array<{ depth: number; id: string; text: string }>;
  readingTime: unknown;
  hasMermaid: boolean;
  hasMath: boolean;
  /** The addresses the content links and embeds (`href`, `src` values), each once, in document order. */
  links: ContentLink[];
  /** `Panel`, `RequestExample` and `ResponseExample` blocks taken out of `html` for the right-hand column (default page mode only), in document order. */
  sideBlocks: string[];
  /** The content shows an API operation (the page loads the API reference's styles and scripts). */
  usesApi: boolean;
  /** The embeddable API viewers the content shows (`viewer-a`), each once. */
  apiViewers: string[];
  /**
   * The kinds of `RequestExample` (`request`) and `ResponseExample` (`response`) blocks the
   * content shows, each once: on a page bound to an operation they replace its generated ones.
   */
  exampleKinds: ExampleKind[];
  /** The page's outermost `<ParamField>`s with their props, in document order: a page with frontmatter `api` makes its try-it form of them (default: none). */
  paramFields?: MdxParamField[] | undefined;
  /**
   * The class names the page, what it imports and the `theme/` overrides may put on an
   * element (`class-candidates.ts`), sorted, each once: the page links the site's Tailwind
   * stylesheet when there is one.
   */
  classCandidates: string[];
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
  /**
   * Keeps the feed of a page as `feed` made it where the page rendered (a build's worker
   * thread, or the build cache): `feed` then answers with it instead of compiling the page
   * again. `undefined`: the page has no feed. Forgotten when the page changes.
   */
  keepFeed(slug: string, feed: { path: string; xml: string | undefined } | undefined): void;
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
  /**
   * The class names the site's pages may put on an element, with what they import and the
   * `theme/` overrides (`RenderedPage.classCandidates`), sorted, each once: what the site's
   * Tailwind stylesheet is made for. `all: true` compiles every page first (drafts too in dev),
   * as a build has; otherwise only the pages compiled so far count, so a dev server's first
   * page does not wait for the whole site (the page asking is always among them).
   */
  classCandidates(options?: { all?: boolean | undefined } | null): Promise<string[]>;
  /** Where `/` leads: the first navigable page, else `index`, else the first page. */
  homeSlug: string | undefined;
  /** Slugs of the pages the navigation lists and does not hide, in order, that exist. */
  navigablePages: string[];
  /** `docsgen.config.ts`'s valid fields (`{}` without one). */
  userConfig: UserConfig;
  /** docsgen's search is on (docsgen.config `search` is not `false`): the build writes an index, dev serves one. */
  hasSearch: boolean;
  /** The site serves its own MCP server at `/mcp` (dev, or a build for an adapter that runs functions): every page's head links it. */
  hasMcp: boolean;
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
  /** Where a docs.json value is written (`['redirects', 3, 'source']`), for messages about it. */
  locate: (path: readonly (string | number)[]) => SourceLocation | undefined;
  /**
   * The redirects the site applies: docs.json's, then one from each folder of pages without a
   * page of its own to its first page (`/cli` to `/cli/introduction`, as the platform does).
   */
  redirects: RedirectRule[];
  /**
   * Whether a path of the project (posix, from the root) is left out of the site by its
   * `.mintignore`: no page, stylesheet, script, media file or spec, and not served.
   */
  isIgnored: ProjectIgnore;
  /** Origins the try-it proxy may forward to: the specs' servers and `api.baseUrl` (`https://api.example.com`). */
  apiOrigins: string[];
  /** Every file of the API specs the site read (absolute): a change to one reloads the site. */
  apiFiles: string[];
  /** The site's API reference: settings, generated pages, lookups. */
  api: SiteApiReference;
}

/**
 * Loads a project (config, pages, navigation) into a Site; pages compile on demand. A site is
 * three parts: the loaded model (`loadSiteModel`), the page renderer with its caches
 * (`createPageRenderer`) and the outputs derived from rendered pages (`createDerivedOutputs`).
 */
export async function createSite(projectRoot: string, options?: SiteOptions | null): Promise<Site> {
  const model = await loadSiteModel(projectRoot, options);
  const { root, pages, api, modules } = model;
  const renderer = createPageRenderer(model);
  const derived = createDerivedOutputs(model, renderer, model.options);
  return {
    root,
    projectFiles: model.projectFiles,
    locate: model.locate,
    redirects: model.redirects,
    isIgnored: model.isIgnored,
    api,
    apiOrigins: api.origins,
    get apiFiles() {
      return api.files();
    },
    navigationFile: derived.navigationFile,
    repository: model.chrome.repository,
    siteUrl: model.siteUrl,
    userConfig: model.userConfig.config,
    hasSearch: model.options.hasSearch,
    hasMcp: model.options.hasMcp,
    configFiles: model.configFiles,
    config: model.config,
    navigation: model.navigation,
    pages,
    manifest: model.manifest,
    messages: model.messages,
    render: renderer.render,
    markdown: derived.markdown,
    document: derived.document,
    feed: derived.feed,
    keepFeed: derived.keepFeed,
    cardPlan: derived.cardPlan,
    card: derived.card,
    notFound: derived.notFound,
    dependencies: renderer.dependencies,
    classCandidates: (options) => classCandidatesOf(model, options?.all === true),
    homeSlug: model.homeSlug,
    navigablePages: model.navigablePages,
    invalidate(file) {
      const affected = modules.invalidate(file);
      const slugs = [...pages.values()].filter((page) => affected.includes(page.file)).map((page) => page.slug);
      renderer.forget(slugs);
      derived.forget(slugs);
      return slugs;
    },
    release(slug) {
      const page = pages.get(slug);
      renderer.release(slug);
      derived.forget([slug]);
      // The page's own compiled module (a `.md` page's is its whole syntax tree); what it
      // imports stays, other pages share it.
      if (page && !page.api) modules.invalidate(page.file);
    },
  };
}

/** The class names of the site's pages and what they import, and of the `theme/` overrides: all pages, or those compiled so far. */
async function classCandidatesOf(model: SiteModel, all: boolean): Promise<string[]> {
  const files = [...model.overrides.values()];
  for (const page of model.pages.values()) {
    if (page.api || (model.options.mode === 'build' && page.isDraft)) continue;
    // A file that fails to compile adds what did compile; its page reports the problem.
    if (all) await model.modules.link(page.file);
    if (model.modules.recordOf(page.file)) files.push(page.file);
  }
  for (const file of model.overrides.values()) await model.modules.link(file);
  return [...moduleCandidates(model.modules, files)].sort();
}
