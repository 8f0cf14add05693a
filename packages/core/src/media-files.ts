import { extname } from 'node:path';
import { ignoredNames } from './discover.js';

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

/**
 * Top-level folders whose files are never published as media: installed packages and build
 * output, the folders page discovery skips too (`node_modules` at any depth). Snippets and
 * theme files are project content: their images are published.
 */
export const mediaIgnoredFolders: ReadonlySet<string> = new Set([...ignoredNames].filter((name) => name !== 'snippets' && name !== '_snippets' && name !== 'theme'));

/**
 * Whether media files in a folder (`guides/shots`, from the root) are published: no segment
 * starts with a dot, none is `node_modules`, and the first is not one of `mediaIgnoredFolders`.
 */
export function isMediaFolder(path: string): boolean {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.') || segment === 'node_modules')) return false;
  return segments.length === 0 || !mediaIgnoredFolders.has(segments[0]!);
}

/**
 * Whether a path (`pics/a.png`, `/icons/logo.svg`) names a media file the site publishes from
 * wherever it is in the project: its extension is an image, video, audio, PDF or font one, its
 * name does not start with a dot, and its folder is published (`isMediaFolder`).
 */
export function isMediaPath(path: string): boolean {
  const segments = path.split('/').filter((segment) => segment !== '');
  const name = segments.pop();
  if (name === undefined || name.startsWith('.') || !isMediaFolder(segments.join('/'))) return false;
  return mediaExtensions.has(extname(name).toLowerCase());
}
