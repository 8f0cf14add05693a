import { findOrphanPages, listNavigationPages, type DocsgenMessage, type NavigationModel, type ResolvedDocsConfig, type SourceLocation } from '@docsgen/config';
import { builtinComponentNames, type SiteLayoutData } from '@docsgen/renderer';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadApiReference, type SiteApiReference } from './api-reference.js';
import { checkProjectIcons } from './check-icons.js';
import { folderRedirects } from './folder-redirects.js';
import type { RedirectRule } from './redirects.js';
import { pagePath } from './site-outputs.js';
import { cacheCompiler, compileCacheFolder } from './compile-cache.js';
import { createPageCompiler, type CodeBlockOptions } from './compile.js';
import { loadCustomLanguages } from './custom-languages.js';
import { ProjectModules } from './modules.js';
import type { PageInfo } from './pages.js';
import { checkNavigationPages, loadProject } from './project.js';
import type { ProjectIgnore } from './project-ignore.js';
import { createNamedModules, injectedGlobals, providedComponentGlobals, registerIslands, renderTree } from './runtime.js';
import { createSiteChrome } from './site-chrome.js';
import { resolveSiteOptions, type ResolvedSiteOptions } from './site-options.js';
import type { Manifest, SiteOptions } from './site.js';
import { createSocialCards, type SocialCards } from './social-cards.js';
import type { LoadedUserConfig } from './user-config.js';
import { docsgenCodeKey } from './version.js';

// The loaded model of a site: config, pages, navigation, API reference, manifest, and the
// module graph pages compile into. Loaded once per site; the page renderer and the derived
// outputs read it and never change it (but for the module graph's compiled records).

/** What a site is made of, once loaded. */
export interface SiteModel {
  root: string;
  /** `dev` renders drafts; `build` leaves them out of routes. */
  mode: 'dev' | 'build';
  /** `createSite`'s options, resolved once with docsgen.config and docs.json (`resolveSiteOptions`). */
  options: ResolvedSiteOptions;
  config: ResolvedDocsConfig | undefined;
  navigation: NavigationModel | undefined;
  /** Every page by slug, generated API pages included. */
  pages: Map<string, PageInfo>;
  manifest: Manifest;
  /** Messages found while loading (docs.json, frontmatter, navigation, specs, chrome, cards). */
  messages: DocsgenMessage[];
  /** `docsgen.config.ts` as loaded (`{ config: {} }` without one). */
  userConfig: LoadedUserConfig;
  api: SiteApiReference;
  /** Absolute URL of the deployed site: `options.siteUrl`, else docsgen.config's, else docs.json's. */
  siteUrl: string | undefined;
  /** Header, footer and head parts of each page (banner, edit link, last change). */
  chrome: ReturnType<typeof createSiteChrome>;
  /** What each page's social card is drawn from. */
  cards: SocialCards;
  /** The project's modules: pages, snippets, components, with their compiled records. */
  modules: ProjectModules;
  /** Code-block settings pages compile with (themes, chrome, copy button, custom grammars). */
  code: CodeBlockOptions;
  /** `theme/<Name>` component overrides by component name. */
  overrides: Map<string, string>;
  /** The `.css` and `.js` files every page loads, in any content folder (`isSiteFile`). */
  projectFiles: string[];
  /** Where a docs.json value is written (`['redirects', 3, 'source']`), for messages about it. */
  locate: (path: readonly (string | number)[]) => SourceLocation | undefined;
  /** docs.json's `redirects`, then a folder's address to its first page (`folderRedirects`). */
  redirects: RedirectRule[];
  /** Whether a path of the project is left out of the site by `.mintignore` (`project-ignore.ts`). */
  isIgnored: ProjectIgnore;
  /** Slugs of the pages the navigation lists and does not hide, in order, that exist. */
  navigablePages: string[];
  /** Where `/` leads: the first navigable page, else `index`, else the first page. */
  homeSlug: string | undefined;
  /** The config file, the local files it imports and the custom grammar files. */
  configFiles: string[];
}

/** The page compiler of a load, and the module graph the last load made with it. */
interface KeptCompiler {
  compiler: ReturnType<typeof createPageCompiler>;
  graph: ProjectModules | undefined;
}

const defaultCode: CodeBlockOptions = { themes: { light: 'github-light', dark: 'github-dark' }, chrome: 'bar', copyButton: true };

/** Loads a project (config, pages, navigation, API reference) into a site model; pages compile on demand. */
export async function loadSiteModel(projectRoot: string, options?: SiteOptions | null): Promise<SiteModel> {
  const root = resolve(projectRoot);
  // How the project is read depends on the options alone (mode, caches); docsgen.config and
  // docs.json, read with it, then complete them: once, here, for everything further in.
  const reading = resolveSiteOptions(options);
  // A build checks its cached pages against the text read now (`PageInfo.sourceHash`).
  const project = await loadProject(root, { hashSources: reading.mode === 'build', configCache: reading.compileCache ? join(root, '.docsgen', 'cache', 'config') : undefined, loadCache: reading.loadCache });
  const { config, pages, messages, userConfig, locate } = project;
  const settings = resolveSiteOptions(options, { userConfig: userConfig.config, config });
  const { mode, siteUrl } = settings;
  // A listed page without a file is left out of the sidebar; `docsgen check` calls it an error.
  if (project.navigation) {
    for (const message of checkNavigationPages(project.navigation, project.files, locate)) {
      messages.push({ ...message, fatal: false, note: `${message.note} The sidebar leaves it out.` });
    }
  }
  // A named icon no library draws shows a placeholder: said as the site loads, as `docsgen check` says it.
  messages.push(...checkProjectIcons(project));
  // A dev server renders one page at a time: an operation page's reference is built when it is
  // first read (GitHub's 1,223 operations took 0.7 s at every start).
  const api = await loadApiReference({ root, config, navigation: project.navigation, pages, locate, loadCache: settings.loadCache, isDeferred: mode === 'dev', isIgnored: project.isIgnored, canProxy: settings.hasMcp });
  const navigation = api.navigation;
  for (const [slug, page] of api.pages) if (!pages.has(slug)) pages.set(slug, page);
  messages.push(...api.messages);
  const chrome = createSiteChrome({ root, config, locate, pages: [...pages.values()], mode, siteUrl, loadCache: settings.loadCache, hasMcp: settings.hasMcp });
  messages.push(...chrome.messages);
  const cards = createSocialCards({ root, config, navigation });
  messages.push(...cards.messages);

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
    knownComponents: [...builtinComponentNames, ...Object.keys(userConfig.config.components ?? {})],
    remarkPlugins: settings.remarkPlugins,
    rehypePlugins: settings.rehypePlugins,
  };
  // The compiler (its processors take a while to make) is the last load's while its settings
  // are the same, and so are the modules the last load's graph compiled with it.
  const makeCompiler = (): KeptCompiler => ({ compiler: createPageCompiler(compilerOptions), graph: undefined });
  const kept = settings.loadCache ? settings.loadCache.keep('page-compiler', compilerOptions, makeCompiler) : makeCompiler();
  const { compiler } = kept;
  const modules = new ProjectModules({
    compiled: kept.graph?.compilations(),
    root,
    compileMdx:
      settings.compileCache && !compiler.hasUserPlugins
        ? cacheCompiler(compiler.compileFile, { folder: compileCacheFolder(root), settings: [docsgenCodeKey(), root, compilerOptions.code, compilerOptions.knownComponents] })
        : compiler.compileFile,
    // React's hooks, and docsgen's components: components written for the platform use both unimported.
    globals: { ...injectedGlobals, ...providedComponentGlobals(compilerOptions.knownComponents) },
    renderTree,
    onEvaluated: registerIslands,
    filesChange: mode === 'dev',
    namedModules: createNamedModules({
      'virtual:docsgen/manifest': manifest,
      'virtual:docsgen/routes': routes,
      'virtual:docsgen/config': config,
      'virtual:docsgen/theme': { themeName: config?.theme ?? 'base', userRoot: join(root, 'theme') },
    }),
  });
  kept.graph = modules;
  const projectFiles = project.siteFiles;
  const navigablePages = navigation ? listNavigationPages(navigation, { includeHidden: false }).filter((slug) => pages.has(slug)) : [];
  const homeSlug = homeSlugOf(pages, navigablePages, config);
  const ownRedirects = config?.redirects ?? [];
  return {
    root,
    mode,
    options: settings,
    config,
    navigation,
    pages,
    manifest,
    messages,
    userConfig,
    api,
    siteUrl,
    chrome,
    cards,
    modules,
    code: compilerOptions.code,
    overrides: await findThemeOverrides(root),
    projectFiles,
    locate,
    isIgnored: project.isIgnored,
    navigablePages,
    homeSlug,
    redirects: [...ownRedirects, ...folderRedirects(navigablePages, (slug) => pages.has(slug), ownRedirects, (slug) => pagePath({ config, homeSlug }, slug))],
    // Grammar files too: their content changes every code block in their language.
    configFiles: [...(userConfig.file ? [userConfig.file, ...userConfig.dependencies] : []), ...customLanguages.files],
  };
}

/**
 * The page at `/`: `index.mdx` when the project has one, listed in the navigation or not (the
 * platform's help-center and product-guide templates, Spree's and Continue's docs keep their
 * landing page there, out of the navigation; it was not published at all), unless a redirect
 * takes `/` elsewhere (fastino's docs send `/` to `/introduction` beside an old `index.mdx`);
 * else the navigation's first page, else any page.
 */
function homeSlugOf(pages: ReadonlyMap<string, unknown>, navigablePages: readonly string[], config: ResolvedDocsConfig | undefined): string | undefined {
  const redirectsRoot = (config?.redirects ?? []).some((rule) => rule.source.replace(/[?#].*$/, '').replace(/\/+$/, '') === '');
  if (pages.has('index') && !redirectsRoot) return 'index';
  return navigablePages[0] ?? (pages.has('index') ? 'index' : [...pages.keys()][0]);
}

/** What the renderer's layout reads of a site model: config, navigation, pages, home page, search. */
export function layoutDataOf(model: SiteModel): SiteLayoutData {
  return { config: model.config ?? { name: 'docsgen' }, navigation: model.navigation, pages: model.pages, homeSlug: model.homeSlug, hasSearch: model.options.hasSearch };
}

/** `code` and `styling.codeblocks` from docs.json (read once, as `config.codeBlocks`); docsgen's defaults without a config. */
export function resolveCodeOptions(config: ResolvedDocsConfig | undefined): CodeBlockOptions {
  if (!config) return defaultCode;
  const { themes, chrome, copyButton } = config.codeBlocks;
  return { themes: { ...themes }, chrome, copyButton };
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

/** Page slugs grouped by their first folder. */
export function collect(pages: PageInfo[]): Record<string, string[]> {
  const collections: Record<string, string[]> = {};
  for (const { slug, isSection } of pages) {
    // A folder's `_section.mdx` (slug `guides`) belongs to its folder, not to the top level.
    const folder = slug.includes('/') ? slug.slice(0, slug.indexOf('/')) : isSection ? slug : '';
    (collections[folder] ??= []).push(slug);
  }
  return collections;
}
