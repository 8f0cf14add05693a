import { ignoreFileName, isInIgnoredFolder, isSiteFile, parseFrontmatter, SiteLoadCache, type Site } from '@docsgen/core';
import { existsSync, readdirSync, readFileSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createDevServer, type DevServer, type DevServerOptions } from './dev-server.js';

export interface DevSessionOptions {
  /** Project root (absolute). */
  root: string;
  /**
   * Loads the project into a Site (again after changes that reshape it). Pass `loadCache` to
   * `createSite`: a reload then reads again only the files that changed (the session tells the
   * cache which did).
   */
  loadSite: (context: { loadCache: SiteLoadCache }) => Promise<Site>;
  /** Called after each batch of changes with what was done (default: nothing). */
  onChange?: ((change: { files: string[]; reload: 'full' | 'pages'; slugs: string[] }) => void) | null | undefined;
  /** Host names accepted besides `localhost` and IP addresses (see `createDevServer`; default: `[]`). */
  allowedHosts?: readonly string[] | null | undefined;
  /** Messages of what the server renders (see `createDevServer`; default: none). */
  onMessages?: DevServerOptions['onMessages'];
  /** Build the search index once the server is quiet after starting (see `createDevServer`; default: on a search request). */
  prepareSearchAfterMs?: DevServerOptions['prepareSearchAfterMs'];
}

export interface DevSession extends DevServer {
  /** The site being served now. */
  readonly site: Site;
  /** Applies a batch of changed files as the watcher would (also used by tests). */
  applyChanges(files: string[]): Promise<void>;
}

/**
 * How long the watcher waits for another change before it applies a batch. An editor's write
 * and rename, or a checkout's files, come within a millisecond or two of each other; every
 * millisecond here is one more before an edit shows (it was 50).
 */
const batchQuietMs = 20;

/** How long after a load the pages it read are written to the load cache's file (off the first page's path). */
const saveAfterMs = 1000;

/** Folders whose changes never matter to the site, at any depth. */
const ignoredFolders = new Set(['node_modules', '.git', '.docsgen']);
/** Build tools' output folders at the root; below it, folders of pages like any other (`isIgnoredFolder` of @docsgen/core). */
const ignoredRootFolders = new Set(['dist', 'build']);

/**
 * `docsgen dev`: a site, its server, and a watcher over the project. A change to docs.json (or
 * a file it includes), `docsgen.config.*`, `_meta.json`, `_section.mdx`, or the set of pages
 * reloads the project and every open page (`full-reload`); an edit of a page, snippet or
 * component re-renders exactly the pages that depend on it and swaps them in place (`update`).
 * Changes are batched until none has come for 20 ms (`batchQuietMs`), so an editor's
 * save-and-rename counts once.
 */
export async function startDevSession(options: DevSessionOptions): Promise<DevSession> {
  // The pages' frontmatter is kept on disk too: the next start reads only the pages changed since.
  const loadCache = new SiteLoadCache({ file: join(options.root, '.docsgen', 'cache', 'dev', 'pages.json') });
  // Written once the first page has had its turn, and when the session ends.
  let saving: NodeJS.Timeout | undefined;
  const loadSite = async () => {
    const loaded = await options.loadSite({ loadCache });
    clearTimeout(saving);
    saving = setTimeout(() => loadCache.save(), saveAfterMs);
    saving.unref();
    return loaded;
  };
  let site = await loadSite();
  const dev = createDevServer({ site, allowedHosts: options.allowedHosts, onMessages: options.onMessages, prepareSearchAfterMs: options.prepareSearchAfterMs, prepareHomePage: true });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();

  async function applyChanges(files: string[]): Promise<void> {
    loadCache.forget(files);
    const isReshaping = files.some((file) => reshapesSite(site, options.root, file));
    if (isReshaping) {
      site = await loadSite();
      dev.setSite(site);
      dev.reload({ type: 'full-reload' });
      options.onChange?.({ files, reload: 'full', slugs: [] });
      return;
    }
    const slugs = new Set<string>();
    for (const file of files) for (const slug of site.invalidate(file)) slugs.add(slug);
    if (slugs.size > 0) {
      dev.reload({ type: 'update', slugs: [...slugs] });
      options.onChange?.({ files, reload: 'pages', slugs: [...slugs] });
    } else {
      // A stylesheet, script or image: the page may look different; reload it whole.
      dev.reload({ type: 'full-reload' });
      options.onChange?.({ files, reload: 'full', slugs: [] });
    }
  }

  // `.mintignore` is the one dot-file watched: it changes which files are the site's.
  const isIgnored = (path: string): boolean => {
    const fromRoot = relative(options.root, path);
    return fromRoot !== ignoreFileName && fromRoot.split(sep).some((part, index) => ignoredFolders.has(part) || (index === 0 && ignoredRootFolders.has(part)) || (part.startsWith('.') && part !== '.' && part !== '..'));
  };
  const watcher = watchFolders(options.root, isIgnored, (file) => {
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending];
      pending = new Set();
      // One batch at a time, in order: a second save waits for the first to be applied.
      queue = queue.then(() => applyChanges(batch)).catch(() => {});
    }, batchQuietMs);
  });

  return {
    ...dev,
    get site() {
      return site;
    },
    get listeners() {
      return dev.listeners;
    },
    applyChanges,
    async close() {
      clearTimeout(timer);
      clearTimeout(saving);
      loadCache.save();
      watcher.close();
      await dev.close();
    },
  };
}

/**
 * Watches every folder under `root` that is not ignored, one non-recursive watcher each, and
 * reports each path that changed. Node's recursive watch on Linux opens a watcher for every file
 * under the root, `node_modules` included (tens of thousands of handles, seconds at start-up,
 * and the system's watch limit). A folder that appears is watched and its files reported; one
 * that goes is reported and its watchers closed. Never throws: a folder that cannot be watched
 * is left out (pages still render on request).
 */
function watchFolders(root: string, isIgnored: (path: string) => boolean, onChange: (path: string) => void): { close(): void } {
  const watchers = new Map<string, FSWatcher>();
  const unwatch = (folder: string): void => {
    for (const [path, watcher] of watchers) {
      if (path !== folder && !path.startsWith(folder + sep)) continue;
      watcher.close();
      watchers.delete(path);
    }
  };
  const watchFolder = (folder: string, isNew: boolean): void => {
    if (watchers.has(folder) || isIgnored(folder)) return;
    let entries: Dirent[];
    try {
      const watcher = watch(folder, (_event, name) => {
        if (!name) return;
        const path = join(folder, name.toString());
        if (isIgnored(path)) return;
        onChange(path);
        let isFolder = false;
        try {
          isFolder = statSync(path).isDirectory();
        } catch {
          // Gone: a folder that went takes its watchers with it.
          unwatch(path);
        }
        if (isFolder) watchFolder(path, true);
      });
      watcher.on('error', () => unwatch(folder));
      watchers.set(folder, watcher);
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) watchFolder(path, isNew);
      // A folder created or moved in: what it holds is new too.
      else if (isNew && !isIgnored(path)) onChange(path);
    }
  };
  watchFolder(root, false);
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/** Whether the page file's frontmatter differs from what the site read of it as it loaded. */
function hasNewFrontmatter(site: Site, slug: string, file: string): boolean {
  const page = site.pages.get(slug);
  if (!page || page.file !== file) return false;
  try {
    return !isDeepStrictEqual(parseFrontmatter(readFileSync(file, 'utf8'), { file }).data, page.frontmatter);
  } catch {
    return false;
  }
}

function reshapesSite(site: Site, root: string, file: string): boolean {
  const name = basename(file);
  if (name === 'docs.json' || name === '_meta.json' || name === '_section.mdx' || /^docsgen\.config\.(ts|mts|js|mjs)$/.test(name)) return true;
  if (file === join(root, ignoreFileName)) return true;
  // A local file the config file imports (a plugin of the project's own).
  if (site.configFiles.includes(file)) return true;
  // An API spec, or a file one of its `$ref`s names: the generated pages and navigation change.
  if (site.apiFiles.includes(file)) return true;
  // A JSON file may be a `$ref` include of docs.json.
  if (name.endsWith('.json')) return true;
  // A stylesheet or script every page loads that appeared or disappeared: every page links the set.
  const path = relative(root, file).split(sep).join('/');
  if (isSiteFile(path) && site.projectFiles.includes(path) !== existsSync(file)) return true;
  // A folder that went (deleted or moved away) with pages in it.
  if (!existsSync(file) && [...site.pages.values()].some((page) => page.file.startsWith(file + sep))) return true;
  if (/\.(mdx|md)$/i.test(name)) {
    const isKnown = site.pages.has(path.replace(/\.(mdx|md)$/i, ''));
    // A page that appeared or disappeared changes the navigation and the routes; a file where
    // pages are never looked for (`snippets/`, what `.mintignore` leaves out) is no page.
    if (isKnown !== existsSync(file)) return !isInIgnoredFolder(path) && !site.isIgnored(path);
    // New frontmatter: the title, the sidebar label, an `api` or `openapi` endpoint, what the
    // site read of the page as it loaded, not what re-rendering the page reads.
    if (isKnown && hasNewFrontmatter(site, path.replace(/\.(mdx|md)$/i, ''), file)) return true;
  }
  return false;
}
