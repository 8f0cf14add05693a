import { readdirSync, realpathSync, statSync } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { type DocsgenMessage } from '@docsgen/config';
import { isInside } from '@docsgen/util/is-inside';
import { join, relative, sep } from 'node:path';
import { readProjectIgnore, type ProjectIgnore } from './project-ignore.js';

/** A page file found in the project. */
export interface PageFile {
  /** Path relative to the project root, without extension, with `/` separators. */
  slug: string;
  /** Absolute path of the file. */
  file: string;
  /** Path relative to the project root, with `/` separators, e.g. `guides/intro.mdx`. */
  relativePath: string;
  /** `mdx` or `md`. */
  format: 'mdx' | 'md';
  /** A folder's `_section.mdx`: its slug is the folder's path (`guides/_section.mdx` is `guides`). */
  isSection: boolean;
}

/**
 * Folders that never hold pages: dependencies and build output (the built-in ignores of the
 * hosted platform), plus `snippets/` and `_snippets/` (imported into pages, never pages
 * themselves) and `theme/` (component overrides). Those of `rootOnlyNames` only at the root:
 * see `isIgnoredFolder`.
 */
export const ignoredNames: ReadonlySet<string> = new Set([
  'node_modules',
  'build',
  'dist',
  'coverage',
  'tmp',
  'temp',
  'snippets',
  '_snippets',
  'theme',
]);

/**
 * The names of `ignoredNames` that are a build tool's output or scratch folder at the project
 * root, and a folder of pages like any other below it: Dify's docs publish
 * `en/cloud/use-dify/build/*.mdx` (69 pages in three languages) on the hosted platform. Media
 * files are published from them the same way (`isMediaFolder`).
 */
const rootOnlyNames: ReadonlySet<string> = new Set(['build', 'dist', 'coverage', 'tmp', 'temp']);

/** Whether a folder named `name` (at the root when `isAtRoot`) is one docsgen never reads pages, scripts or stylesheets from. */
export function isIgnoredFolder(name: string, isAtRoot: boolean): boolean {
  return ignoredNames.has(name) && (isAtRoot || !rootOnlyNames.has(name));
}

/**
 * The page files the navigation lists inside a root folder of `rootOnlyNames` (`build/basics/proxies`):
 * pages are not looked for there (a build tool's output may be large), but one the navigation
 * names is read. Cobalt's docs keep 47 listed pages in a root `build/` folder, published on the
 * hosted platform. `navigation` is docs.json's value as written; every string in it is a
 * candidate slug. Files outside the project (through a link) and what `isIgnored` leaves out
 * are not taken.
 */
export function listedPagesInOutputFolders(root: string, navigation: unknown, isIgnored: ProjectIgnore = () => false): PageFile[] {
  const slugs = new Set<string>();
  const collect = (value: unknown, depth: number): void => {
    if (depth > 64) return;
    if (typeof value === 'string') {
      const slug = value.trim().replace(/^\.?\/+/, '').replace(/\.mdx?$/i, '');
      if (rootOnlyNames.has(slug.split('/')[0]!) && slug.includes('/')) slugs.add(slug);
    } else if (Array.isArray(value)) {
      for (const item of value) collect(item, depth + 1);
    } else if (value && typeof value === 'object') {
      for (const item of Object.values(value)) collect(item, depth + 1);
    }
  };
  collect(navigation, 0);
  const realRoot = slugs.size > 0 ? realpathSync(root) : root;
  const pages: PageFile[] = [];
  for (const slug of [...slugs].sort(compareSlugs)) {
    const segments = slug.split('/');
    if (segments.some((segment) => segment === '' || segment === '..' || segment.startsWith('.'))) continue;
    for (const format of ['mdx', 'md'] as const) {
      const relativePath = `${slug}.${format}`;
      const file = join(root, ...segments.slice(0, -1), `${segments.at(-1)}.${format}`);
      try {
        if (!statSync(file).isFile() || !isInside(realRoot, realpathSync(file)) || isIgnored(relativePath)) continue;
      } catch {
        continue;
      }
      pages.push({ slug, file, relativePath, format, isSection: false });
      break;
    }
  }
  return pages;
}

/** Whether a path from the root, with `/` separators, is inside a folder of `isIgnoredFolder` (its last segment is a file's name). */
export function isInIgnoredFolder(path: string): boolean {
  const segments = path.split('/');
  segments.pop();
  return segments.some((segment, index) => isIgnoredFolder(segment, index === 0));
}

/** Files that are project files, not pages, wherever they are: the hosted platform ignores these without being told. */
const ignoredFiles: ReadonlySet<string> = new Set(['README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md']);

/** A page file's name: `.mdx` or `.md`, in any case. */
const pageExtension = /\.(mdx|md)$/i;

/** The project's own skill for agents (`skill-md.ts`): a project file at the root. */
const rootSkillFile = 'skill.md';

/** A folder's landing page; see `docs/guides/folders.mdx`. */
const sectionFile = '_section.mdx';

/** What `discoverPages` found. */
export interface DiscoveredPages {
  /**
   * Page files sorted by slug; for one slug a page file comes before a `_section.mdx`, and an
   * `.mdx` file before an `.md` file.
   */
  pages: PageFile[];
  /** Folders that could not be read (`folder-unreadable`) and a `_section.mdx` at the root (`section-outside-folder`), warnings. */
  messages: DocsgenMessage[];
  /**
   * The `.css` and `.js` files every page loads (`site-scripts/hubspot.js`), by path from the
   * root with `/` separators, sorted; see `isSiteFile`.
   */
  siteFiles: string[];
}

// A docsgen build's output folder holds this file (`outputMarker` of build.ts): its scripts
// and copied stylesheets are not the project's own.
const outputMarker = '.docsgen-output';

/**
 * Whether a file, by path from the root, is a stylesheet or script every page loads. The hosted
 * platform includes "any `.css`/`.js` file inside your content directory" on every page; these
 * are those, in the folders pages are looked for in (not in dot folders, dependencies, build
 * output, `snippets/`, whose `.js` files are components pages import, or `theme/`), with a plain
 * file name, and not docsgen's own config file at the root.
 */
export function isSiteFile(path: string): boolean {
  const segments = path.split('/');
  const name = segments.pop() ?? '';
  if (!/^[\w-][\w.-]*\.(?:css|js)$/.test(name)) return false;
  if (segments.length === 0 && name.startsWith('docsgen.config.')) return false;
  return !segments.some((segment, index) => segment === '' || segment.startsWith('.') || isIgnoredFolder(segment, index === 0));
}

/**
 * Finds every `.mdx` and `.md` page under `root`. Dot-files and dot-folders are skipped, and
 * so are the folders of `isIgnoredFolder`, and what `isIgnored` leaves out (the
 * project's `.mintignore`). Symbolic links are followed only when they resolve inside the
 * project root; a folder reachable twice (a loop, or a link to a folder that is also walked
 * directly) is visited once, under its own path rather than a link's, so slugs
 * never depend on timing. A folder that cannot be read is reported and skipped. A folder's
 * `_section.mdx` is a page whose slug is the folder's path; at the root, where there is no folder
 * path, it is reported and skipped.
 */
export async function discoverPages(root: string, isIgnored: ProjectIgnore = () => false): Promise<DiscoveredPages> {
  const realRoot = await realpath(root);
  const pages: PageFile[] = [];
  const messages: DocsgenMessage[] = [];
  const siteFiles: string[] = [];
  const visited = new Set<string>();
  // Linked folders are walked after every real one, so a folder's own path wins over a link's.
  const linkedFolders: string[] = [];

  async function walk(dir: string): Promise<void> {
    const real = await realpath(dir);
    if (visited.has(real)) return;
    visited.add(real);
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      messages.push({
        reason: `Cannot read folder \`${relative(root, dir) || '.'}\`: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}, its pages are skipped`,
        ruleId: 'folder-unreadable',
        source: '@docsgen/core',
        fatal: false,
        file: dir,
      });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const isOutput = dir !== root && entries.some((entry) => entry.name === outputMarker);
    if (isOutput) return;
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      const relativePath = relative(root, path).split(sep).join('/');
      if (isIgnoredFolder(entry.name, !relativePath.includes('/'))) continue;
      if (isIgnored(relativePath, entry.isDirectory())) continue;
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const target = await realpath(path).catch(() => undefined);
        if (!target || !isInside(realRoot, target)) continue;
        const info = await stat(target);
        if (info.isDirectory()) linkedFolders.push(path);
        isFile = info.isFile();
      } else if (entry.isDirectory()) {
        await walk(path);
        continue;
      }
      if (!isFile || ignoredFiles.has(entry.name)) continue;
      // The root skill.md is the site's skill for agents (served at `/skill.md`), not a page.
      if (relativePath === rootSkillFile) continue;
      const match = pageExtension.exec(entry.name);
      if (!match) {
        if (isSiteFile(relativePath)) siteFiles.push(relativePath);
        continue;
      }
      const isSection = entry.name === sectionFile;
      if (isSection && relativePath === sectionFile) {
        messages.push({
          reason: `Unexpected \`${sectionFile}\` at the project root, expected it in a folder: it is the landing page of its folder`,
          ruleId: 'section-outside-folder',
          source: '@docsgen/core',
          fatal: false,
          file: path,
          note: 'Use `index.mdx` for the home page; the file is ignored.',
        });
        continue;
      }
      pages.push({
        slug: isSection ? relativePath.slice(0, -sectionFile.length - 1) : relativePath.slice(0, -match[0].length),
        file: path,
        relativePath,
        format: match[1]?.toLowerCase() === 'md' ? 'md' : 'mdx',
        isSection,
      });
    }
  }

  const info = await lstat(root);
  if (info.isDirectory() || info.isSymbolicLink()) await walk(root);
  for (let folder = linkedFolders.shift(); folder; folder = linkedFolders.shift()) await walk(folder);
  pages.sort(comparePageFiles);
  return { pages, messages, siteFiles: siteFiles.sort(compareSlugs) };
}

/** The order of `DiscoveredPages.pages`: by slug, a page file before a folder's `_section.mdx` of that slug, `.mdx` before `.md`. */
export function comparePageFiles(a: PageFile, b: PageFile): number {
  return compareSlugs(a.slug, b.slug) || Number(a.isSection) - Number(b.isSection) || b.format.localeCompare(a.format);
}

function compareSlugs(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The page files (`.md`, `.mdx`) of the project at `root`, counted up to `atMost`: looked for
 * the way `discoverPages` does (no dot-folders, no ignored folders or files), synchronously and
 * no further than needed: a build starts worker threads before it loads the site only when
 * there are pages for them.
 */
export function countPageFiles(root: string, atMost: number): number {
  const { isIgnored } = readProjectIgnore(root);
  let found = 0;
  const folders = [root];
  while (folders.length > 0 && found < atMost) {
    const folder = folders.pop() as string;
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const fromRoot = relative(root, join(folder, entry.name)).split(sep).join('/');
      if (entry.isDirectory()) {
        if (!isIgnoredFolder(entry.name, !fromRoot.includes('/')) && !isIgnored(fromRoot, true)) folders.push(join(folder, entry.name));
      } else if (pageExtension.test(entry.name) && !ignoredFiles.has(entry.name) && !isIgnored(fromRoot)) found += 1;
    }
  }
  return Math.min(found, atMost);
}
