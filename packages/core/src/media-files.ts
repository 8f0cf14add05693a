import { extname } from 'node:path';

// Images, video, audio, documents and fonts a page or docs.json may link to from any folder of
// the project (`![](./images/a.png)` next to a page, `"logo": "/icons/logo.svg"`), as the hosted
// platform serves them. Only these kinds: a project's other files (docs.json, pages, specs,
// scripts, `.env`) are never published this way.
const mediaExtensions: ReadonlySet<string> = new Set([
  '.png', '.jpg', '.jpeg', '.gif', '.svg', '.webp', '.avif', '.ico', '.bmp',
  '.mp4', '.webm', '.mov', '.ogv', '.ogg', '.mp3', '.wav', '.m4a',
  '.pdf',
  '.woff', '.woff2', '.ttf', '.otf',
]);

/** Folders at the project root whose files are all published, at the same paths (any kind of file). */
export const assetFolders = ['images', 'logo', 'public', 'static', 'assets'] as const;

/** Top-level folders whose files are never published as media: installed packages and build output (`node_modules` at any depth). */
export const mediaIgnoredFolders: ReadonlySet<string> = new Set(['node_modules', 'build', 'dist', 'coverage', 'tmp', 'temp']);

/**
 * Whether a path (`pics/a.png`, `/icons/logo.svg`) names a media file the site publishes from
 * wherever it is in the project: its extension is an image, video, audio, PDF or font one, no
 * segment starts with a dot, no folder is `node_modules`, and its first folder is not one of
 * `mediaIgnoredFolders`.
 */
export function isMediaPath(path: string): boolean {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0 || segments.some((segment) => segment.startsWith('.'))) return false;
  if (segments.length > 1 && (mediaIgnoredFolders.has(segments[0]!) || segments.slice(0, -1).includes('node_modules'))) return false;
  return mediaExtensions.has(extname(segments.at(-1)!).toLowerCase());
}
