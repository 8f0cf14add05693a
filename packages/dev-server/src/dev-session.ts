import type { Site } from '@docsgen/core';
import { watch, type FSWatcher } from 'node:fs';
import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { createDevServer, type DevServer, type DevServerOptions } from './dev-server.js';

export interface DevSessionOptions {
  /** Project root (absolute). */
  root: string;
  /** Loads the project into a Site (again after changes that reshape it). */
  loadSite: () => Promise<Site>;
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

/** Folders whose changes never matter to the site. */
const ignoredFolders = new Set(['node_modules', '.git', 'dist', 'build', '.docsgen']);

/**
 * `docsgen dev`: a site, its server, and a watcher over the project. A change to docs.json (or
 * a file it includes), `docsgen.config.*`, `_meta.json`, `_section.mdx`, or the set of pages
 * reloads the project and every open page (`full-reload`); an edit of a page, snippet or
 * component re-renders exactly the pages that depend on it and swaps them in place (`update`).
 * Changes are batched for 50 ms, so an editor's save-and-rename counts once.
 */
export async function startDevSession(options: DevSessionOptions): Promise<DevSession> {
  let site = await options.loadSite();
  const dev = createDevServer({ site, allowedHosts: options.allowedHosts, onMessages: options.onMessages, prepareSearchAfterMs: options.prepareSearchAfterMs });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();

  async function applyChanges(files: string[]): Promise<void> {
    const isReshaping = files.some((file) => reshapesSite(site, options.root, file));
    if (isReshaping) {
      site = await options.loadSite();
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

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(options.root, { recursive: true }, (_event, name) => {
      if (!name) return;
      const file = join(options.root, name.toString());
      const parts = relative(options.root, file).split(sep);
      if (parts.some((part) => ignoredFolders.has(part) || (part.startsWith('.') && part !== '.'))) return;
      pending.add(file);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const batch = [...pending];
        pending = new Set();
        // One batch at a time, in order: a second save waits for the first to be applied.
        queue = queue.then(() => applyChanges(batch)).catch(() => {});
      }, 50);
    });
  } catch {
    // Without a watcher the server still serves; pages re-render when their files change on request.
    watcher = undefined;
  }

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
      watcher?.close();
      await dev.close();
    },
  };
}

function reshapesSite(site: Site, root: string, file: string): boolean {
  const name = basename(file);
  if (name === 'docs.json' || name === '_meta.json' || name === '_section.mdx' || /^docsgen\.config\.(ts|mts|js|mjs)$/.test(name)) return true;
  // A local file the config file imports (a plugin of the project's own).
  if (site.configFiles.includes(file)) return true;
  // An API spec, or a file one of its `$ref`s names: the generated pages and navigation change.
  if (site.apiFiles.includes(file)) return true;
  // A JSON file may be a `$ref` include of docs.json.
  if (name.endsWith('.json')) return true;
  // A stylesheet or script at the root that appeared or disappeared: every page links the set.
  if (relative(root, file) === name && /\.(css|js)$/.test(name) && site.projectFiles.includes(name) !== existsSync(file)) return true;
  if (/\.(mdx|md)$/i.test(name)) {
    const slug = relative(root, file).split(sep).join('/').replace(/\.(mdx|md)$/i, '');
    const isKnown = site.pages.has(slug);
    // A page that appeared or disappeared changes the navigation and the routes.
    if (isKnown !== existsSync(file)) return !relative(root, file).split(sep).includes('snippets');
  }
  return false;
}
