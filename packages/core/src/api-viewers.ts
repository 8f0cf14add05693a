import type { ViewerBundle } from '@docsgen/renderer';
import { realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/** The embeddable viewers: `viewer-a` (Redoc), `viewer-b` (Scalar API Reference), `viewer-c` (Stoplight Elements). */
export type ViewerName = 'viewer-a' | 'viewer-b' | 'viewer-c';

/** URL prefix of the viewers' files when served from the project's `node_modules`. */
export const viewerVendorPrefix = '/_docsgen/vendor';

interface ViewerFile {
  /** Path inside the package. */
  path: string;
  /** Fixed name the site serves it under (`/_docsgen/vendor/<viewer>/<as>`). */
  as: string;
  kind: 'script' | 'style';
  /** Subresource Integrity of the pinned version's file, checked by the browser on the CDN copy. */
  integrity: string;
}

/**
 * The npm package behind each viewer, at the exact version docsgen was tested with (the CDN
 * URLs pin it), and the browser files it ships. An installed package of another version is
 * used as it is.
 */
export const viewerPackages: Readonly<Record<ViewerName, { name: string; version: string; files: readonly ViewerFile[] }>> = {
  'viewer-a': {
    name: 'redoc',
    version: '2.5.4',
    files: [{ path: 'bundles/redoc.standalone.js', as: 'redoc.standalone.js', kind: 'script', integrity: 'sha384-w447zOpYfw/1Tv/5AK9NfHTlQIqE3RVR6KY62jCyy9zNDgO64cMwGGP1Fj0zJVf5' }],
  },
  'viewer-b': {
    name: '@scalar/api-reference',
    version: '1.72.1',
    files: [{ path: 'dist/browser/standalone.js', as: 'standalone.js', kind: 'script', integrity: 'sha384-U11tb2XnKvmwt8RlTvnwUnYgrN+ur4Xyh9htLhjajWNR/Oyl5AX5DEz00qRmlrmK' }],
  },
  'viewer-c': {
    name: '@stoplight/elements',
    version: '9.0.25',
    files: [
      { path: 'web-components.min.js', as: 'web-components.min.js', kind: 'script', integrity: 'sha384-X5kH2B8aH81JEl8IfSBwwnr8FYcCqMzdxpqjmmlRbhIl7SsQ9Zn0xk+csQmU37zN' },
      { path: 'styles.min.css', as: 'styles.min.css', kind: 'style', integrity: 'sha384-NzdOiocfnINlXfuCXi4OpL/xvdbgLiKaLHQ07Z+IwhVaxHqLShn5rVD5OHt/LYgz' },
    ],
  },
};

/** Every viewer name, in order. */
export const viewerNames = Object.keys(viewerPackages) as ViewerName[];

/** Where each viewer's browser files come from, and the local files the site serves. */
export interface ViewerBundles {
  /** By viewer: script and stylesheet URLs, from the project's package (`local`) or the pinned CDN (`cdn`). */
  bundles: Record<ViewerName, ViewerBundle>;
  /**
   * URL path (`/_docsgen/vendor/viewer-a/redoc.standalone.js`) → absolute real path of the file
   * in `node_modules`, for the local bundles only. The only files the vendor route serves.
   */
  files: Map<string, string>;
}

/**
 * Finds each viewer's browser files: from the project's installed npm package when there is
 * one (looked up like Node does, in `node_modules` of `root` and of each folder above it),
 * served by the site at `/_docsgen/vendor/<viewer>/<fixed name>`; else from jsDelivr at the
 * pinned version, with Subresource Integrity. A file is taken only when its real path (after
 * symlinks) still lies in a `node_modules` folder. Request paths never build a file path: the
 * returned map is the allow-list.
 *
 * @param root
 *   Project root.
 */
export function findViewerBundles(root: string): ViewerBundles {
  const files = new Map<string, string>();
  const bundles = {} as Record<ViewerName, ViewerBundle>;
  for (const viewer of viewerNames) {
    const pkg = viewerPackages[viewer];
    const local = pkg.files.map((file) => findPackageFile(root, pkg.name, file.path));
    if (local.every((file) => file !== undefined)) {
      const urls = pkg.files.map((file) => `${viewerVendorPrefix}/${viewer}/${file.as}`);
      urls.forEach((url, index) => files.set(url, local[index] as string));
      bundles[viewer] = {
        scripts: urls.filter((_, index) => pkg.files[index]?.kind === 'script'),
        styles: urls.filter((_, index) => pkg.files[index]?.kind === 'style'),
        source: 'local',
      };
    } else {
      const cdn = pkg.files.map((file) => ({ url: `https://cdn.jsdelivr.net/npm/${pkg.name}@${pkg.version}/${file.path}`, file }));
      bundles[viewer] = {
        scripts: cdn.filter((entry) => entry.file.kind === 'script').map((entry) => entry.url),
        styles: cdn.filter((entry) => entry.file.kind === 'style').map((entry) => entry.url),
        source: 'cdn',
        integrity: Object.fromEntries(cdn.map((entry) => [entry.url, entry.file.integrity])),
      };
    }
  }
  return { bundles, files };
}

/**
 * The local files of the viewers the pages show (`viewers`, as their renders recorded them), as
 * output paths (`_docsgen/vendor/viewer-a/redoc.standalone.js`) and source files, for the build
 * to copy.
 */
export function usedViewerFiles(files: ReadonlyMap<string, string>, viewers: Iterable<string>): Array<{ path: string; file: string }> {
  const used = new Set(viewers);
  return [...files]
    .filter(([url]) => used.has(url.slice(viewerVendorPrefix.length + 1).split('/')[0] as string))
    .map(([url, file]) => ({ path: url.slice(1), file }));
}

/** `node_modules/<name>/<path>` in `root` or a folder above it, as a real path inside a `node_modules` folder. */
function findPackageFile(root: string, name: string, path: string): string | undefined {
  for (let folder = resolve(root); ; folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules', ...name.split('/'), ...path.split('/'));
    const real = realFile(candidate);
    if (real) return real.split(sep).includes('node_modules') ? real : undefined;
    if (dirname(folder) === folder) return undefined;
  }
}

function realFile(path: string): string | undefined {
  try {
    const real = realpathSync(path);
    return statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}
