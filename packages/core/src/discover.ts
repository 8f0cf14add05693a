import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

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
}

/**
 * Folders and files that never hold pages: version control and editor folders, dependencies
 * and build output (the same built-in ignores real projects of this format rely on), plus
 * `snippets/` (imported into pages, never pages themselves) and `theme/` (component overrides).
 */
export const ignoredNames: ReadonlySet<string> = new Set([
  'node_modules',
  'build',
  'dist',
  'coverage',
  'tmp',
  'temp',
  'snippets',
  'theme',
]);

/** Files that are project files, not pages, wherever they are. */
const ignoredFiles: ReadonlySet<string> = new Set(['README.md', '_section.mdx']);

/**
 * Finds every `.mdx` and `.md` page under `root`, sorted by slug. Dot-files and dot-folders are
 * skipped, and so are the folders in `ignoredNames` at any depth. Symbolic links are followed
 * only when they resolve inside the project root; a loop is visited once.
 */
export async function discoverPages(root: string): Promise<PageFile[]> {
  const realRoot = await realpath(root);
  const pages: PageFile[] = [];
  const visited = new Set<string>();

  async function walk(dir: string): Promise<void> {
    const real = await realpath(dir);
    if (visited.has(real)) return;
    visited.add(real);
    const entries = await readdir(dir, { withFileTypes: true });
    await Promise.all(
      entries.map(async (entry) => {
        if (entry.name.startsWith('.') || ignoredNames.has(entry.name)) return;
        const path = join(dir, entry.name);
        let isDirectory = entry.isDirectory();
        let isFile = entry.isFile();
        if (entry.isSymbolicLink()) {
          const target = await realpath(path).catch(() => undefined);
          if (!target || !isInside(realRoot, target)) return;
          const info = await stat(target);
          isDirectory = info.isDirectory();
          isFile = info.isFile();
        }
        if (isDirectory) return walk(path);
        if (!isFile || ignoredFiles.has(entry.name)) return;
        const match = /\.(mdx|md)$/i.exec(entry.name);
        if (!match) return;
        const relativePath = relative(root, path).split(sep).join('/');
        pages.push({
          slug: relativePath.slice(0, -match[0].length),
          file: path,
          relativePath,
          format: match[1]?.toLowerCase() === 'md' ? 'md' : 'mdx',
        });
      }),
    );
  }

  const info = await lstat(root);
  if (info.isDirectory() || info.isSymbolicLink()) await walk(root);
  return pages.sort((a, b) => compareSlugs(a.slug, b.slug) || b.format.localeCompare(a.format));
}

function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

function compareSlugs(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
