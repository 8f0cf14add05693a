import {
  buildNavigation,
  listNavigationEntries,
  loadConfig,
  type DocsgenMessage,
  type NavigationModel,
  type ResolvedDocsConfig,
  type SourceLocation,
} from '@docsgen/config';
import { didYouMean } from '@docsgen/util/did-you-mean';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { comparePageFiles, discoverPages, listedPagesInOutputFolders, type PageFile } from './discover.js';
import { loadFolderMetas, type FolderMeta } from './folder-meta.js';
import { checkFolderMetas, expandFolderNavigation, listFolderContents, type ExpandedNavigation, type ExpandFolderNavigationInput } from './folder-navigation.js';
import { parseFrontmatter } from './frontmatter.js';
import { readProjectIgnore, type ProjectIgnore } from './project-ignore.js';
import { hashSource } from './modules.js';
import { describePage, pageBodyFacts, type PageInfo } from './pages.js';
import type { KeptPageSource, SiteLoadCache } from './site-load-cache.js';
import { docsgenCodeKey } from './version.js';
import { loadUserConfig, type LoadedUserConfig } from './user-config.js';

/** A project read from disk: config, navigation and every page's frontmatter, nothing compiled. */
export interface LoadedProject {
  config: ResolvedDocsConfig | undefined;
  /** The navigation model, with folder entries expanded into groups (see `expandFolderNavigation`). */
  navigation: NavigationModel | undefined;
  /** Finds where a navigation value was written (docs.json, or `_meta.json` for folder groups). */
  locate: (path: readonly (string | number)[]) => SourceLocation | undefined;
  /** Every page file found, in slug order (both files when a slug has `.mdx` and `.md`). */
  files: PageFile[];
  /** The `.css` and `.js` files every page loads, by path from the root (`DiscoveredPages.siteFiles`). */
  siteFiles: string[];
  /** Every page file that could be read, with its metadata, in the order of `files`. */
  entries: PageInfo[];
  /** The page of each slug (the `.mdx` file when there are two). */
  pages: Map<string, PageInfo>;
  /** `_meta.json` of each folder that has one (`` for the root). */
  folderMetas: Map<string, FolderMeta>;
  /** `docsgen.config.ts`, when the project has one. */
  userConfig: LoadedUserConfig;
  /** Whether a path of the project is left out of the site by its `.mintignore` (`project-ignore.ts`). */
  isIgnored: ProjectIgnore;
  /** docs.json, discovery, frontmatter, `_meta.json`, config file and navigation messages, unsorted. */
  messages: DocsgenMessage[];
}

/**
 * Reads a project the one way the site and `docsgen check` both need: docs.json with its
 * includes, page discovery, `docsgen.config.ts`, every folder's `_meta.json`, every page's
 * frontmatter, and the navigation model (folder entries expanded first, so check, orphans and
 * the dev server all see the same groups). Never throws for bad project content.
 */
export async function loadProject(
  root: string,
  options?: {
    hashSources?: boolean | null | undefined;
    /** Folder to keep docs.json's parsed result in across runs (`LoadConfigOptions.cache`; default: none). */
    configCache?: string | null | undefined;
    /** Pages' frontmatter read by an earlier load, taken again where the file is unchanged; not used with `hashSources` (default: none). */
    loadCache?: SiteLoadCache | null | undefined;
  } | null,
): Promise<LoadedProject> {
  const cache = options?.hashSources ? undefined : options?.loadCache;
  // With a load cache (a dev server), docs.json's new result is written after the reload, not on its path.
  const configCache = options?.configCache ?? undefined;
  const defer = cache && configCache ? (write: () => void) => cache.later(`config-entry:${configCache}`, write) : undefined;
  const loaded = loadConfig(root, { cache: configCache ? { folder: configCache, salt: docsgenCodeKey(), defer } : undefined, includes: cache?.configIncludes });
  // A start that took docs.json from its cache entry parsed none of its includes: they are
  // parsed once the server is quiet, so that the first docs.json edit finds them parsed.
  if (cache && configCache && cache.configIncludes.size === 0) cache.later('config-includes', () => loadConfig(root, { includes: cache.configIncludes }), { once: true });
  // The cache is told every change: what it found before stays while no page or folder came or went.
  const ignored = readProjectIgnore(root);
  const discover = () => discoverPages(root, ignored.isIgnored);
  const [found, userConfig] = await Promise.all([cache ? cache.discovery(root, discover) : discover(), loadUserConfig(root)]);
  // Pages the navigation lists in a root `build/` (and the like), where pages are not looked for.
  const listed = listedPagesInOutputFolders(root, loaded.config?.navigation, ignored.isIgnored);
  const discovered = listed.length === 0 ? found : { ...found, pages: [...found.pages, ...listed].sort(comparePageFiles) };
  const folders = cache ? cache.keep('folder-contents', discovered.pages, () => listFolderContents(discovered.pages)) : listFolderContents(discovered.pages);
  const metaFiles = [...folders.keys()].map((folder) => join(root, folder, '_meta.json'));
  const folderMetas = cache ? cache.keep('folder-metas', root, () => loadFolderMetas(root, folders.keys()), { files: metaFiles }) : loadFolderMetas(root, folders.keys());
  const metas = folderMetas.metas;
  const messages: DocsgenMessage[] = [
    ...loaded.messages,
    ...ignored.messages,
    ...discovered.messages,
    ...userConfig.messages,
    ...folderMetas.messages,
    ...checkFolderMetas(folders, metas),
  ];
  const entries: PageInfo[] = [];
  const pages = new Map<string, PageInfo>();
  // Synchronous reads in order: for many small files they cost a fraction of promise-based
  // reads (one call instead of open, stat, read and close round trips), and order is stable.
  for (const file of discovered.pages) {
    try {
      let text: string | undefined;
      const parsed = cache ? cache.pageSource(file.file, (path) => readPageSource(path, readFileSync(path, 'utf8'))) : readPageSource(file.file, (text = readFileSync(file.file, 'utf8')));
      messages.push(...parsed.messages);
      const folderLabel = file.isSection ? undefined : metas.get(parentOf(file.slug))?.titles.get(file.slug.slice(file.slug.lastIndexOf('/') + 1))?.label;
      const describe = () => describePage(file, parsed.data, parsed.body, { folderLabel });
      // The same metadata object as the last load's while its inputs are the same (nothing changes a page's).
      const page = cache ? cache.describedPage(file, parsed, folderLabel, describe) : describe();
      if (options?.hashSources && text !== undefined) page.sourceHash = hashSource(file.file, text);
      entries.push(page);
      if (!pages.has(page.slug)) pages.set(page.slug, page);
    } catch (error) {
      messages.push({
        reason: `Cannot read page \`${file.relativePath}\`: ${(error as Error).message}`,
        ruleId: 'page-unreadable',
        source: '@docsgen/core',
        fatal: true,
        file: file.file,
      });
    }
  }
  let navigation: NavigationModel | undefined;
  let locate = loaded.locate;
  if (loaded.config) {
    const input = { files: discovered.pages, pages, metas, locate };
    const navigationInput = loaded.config.navigation;
    const expanded = cache ? keptFolderNavigation(cache, navigationInput, input) : expandFolderNavigation(navigationInput, input);
    locate = expanded.locate;
    // The same navigation makes the same model; its messages point into docs.json, so one with messages is made again.
    const build = () => buildNavigation(expanded.navigation, { locate });
    const built = cache ? cache.keep('navigation-model', expanded.navigation, build, { isReusable: (kept) => kept.messages.length === 0 }) : build();
    navigation = built.navigation;
    messages.push(...expanded.messages, ...built.messages);
  }
  return { config: loaded.config, navigation, locate, files: discovered.pages, siteFiles: discovered.siteFiles, entries, pages, folderMetas: metas, userConfig, isIgnored: ignored.isIgnored, messages };
}

/**
 * `expandFolderNavigation` through the load cache: kept for the same navigation, pages and
 * `_meta.json` while it has no folder entry (whose groups point into docs.json where it was
 * then) and no message. It is then a copy of docs.json's navigation, and `locate` docs.json's
 * own, where docs.json is now.
 */
function keptFolderNavigation(cache: SiteLoadCache, navigation: unknown, input: ExpandFolderNavigationInput): ExpandedNavigation {
  const kept = cache.keep(
    'folder-navigation',
    // A copy of the pages: the site adds its API pages to the map after this.
    { navigation, files: input.files, pages: new Map(input.pages), metas: input.metas },
    () => {
      const made = expandFolderNavigation(navigation, input);
      return { made, isCopy: made.messages.length === 0 && isDeepStrictEqual(made.navigation, navigation) };
    },
    { isReusable: (value) => value.isCopy },
  );
  return kept.isCopy ? { navigation: kept.made.navigation, locate: input.locate, messages: [] } : kept.made;
}

/** What a page's metadata is made of: its frontmatter, problems with it, and what its body says of it. */
function readPageSource(file: string, text: string): KeptPageSource {
  const { data, messages, content } = parseFrontmatter(text, { file });
  return { data, messages, body: pageBodyFacts(data, content) };
}

function parentOf(slug: string): string {
  return slug.includes('/') ? slug.slice(0, slug.lastIndexOf('/')) : '';
}

/**
 * Pages the navigation lists that have no file (`nav-page-missing`, an error of `docsgen check`;
 * `createSite` reports them as warnings: the sidebar leaves them out).
 */
export function checkNavigationPages(
  navigation: NavigationModel,
  files: PageFile[],
  locate: (path: readonly (string | number)[]) => { file: string; line: number; column: number } | undefined,
): DocsgenMessage[] {
  const slugs = new Set(files.map((page) => page.slug));
  const messages: DocsgenMessage[] = [];
  for (const entry of listNavigationEntries(navigation)) {
    if (entry.node.kind !== 'page' || slugs.has(entry.slug)) continue;
    const place = locate(entry.node.configPath);
    const suggestion = didYouMean(entry.slug, slugs, { maxDistance: Math.max(2, Math.floor(entry.slug.length / 4)) });
    messages.push({
      reason: `Cannot find page \`${entry.slug}\` listed in the navigation: no \`${entry.slug}.mdx\` or \`${entry.slug}.md\` in the project`,
      ruleId: 'nav-page-missing',
      source: '@docsgen/core',
      fatal: true,
      file: place?.file,
      line: place?.line,
      column: place?.column,
      actual: entry.slug,
      note: suggestion ?? 'Create the file, or remove the entry from the navigation.',
    });
  }
  return messages;
}

/**
 * Why `root` cannot be a project (`project-missing`: nothing there, or a file), or `undefined`.
 * `action` names what was asked (`check`, `build`, `serve`): the message every command gives
 * for a mistyped path, instead of failing deep inside loading it.
 */
export function projectFolderProblem(root: string, action: string): DocsgenMessage | undefined {
  let isFolder: boolean | undefined;
  try {
    isFolder = statSync(root).isDirectory();
  } catch {
    isFolder = undefined;
  }
  if (isFolder) return undefined;
  return {
    reason: isFolder === false ? `Cannot ${action} \`${root}\`: it is a file, expected a project folder` : `Cannot find project folder \`${root}\``,
    ruleId: 'project-missing',
    source: '@docsgen/core',
    fatal: true,
    file: root,
    note: 'Name the folder that holds docs.json (the current folder when none is given).',
  };
}
