import { resolveProjectPath, type ResolvedDocsConfig } from '@docsgen/config';
import { resolveContextualOptions } from '@docsgen/renderer';
import { statSync } from 'node:fs';
import type { PageInfo } from './pages.js';

// The Copy page menu's `download-spec` entry downloads the spec of an API page. A remote spec
// is linked where it is. A local one is published at its own path in the project
// (`openapi.json`, `api/v2.yaml`), and only while some page offers the entry: the file goes out
// as written, operations the navigation hides included, as on the hosted platform, so
// publishing it is the project's choice (docs.json `contextual.options`, or a page's own
// frontmatter `contextual`).

/** The contextual menu settings of a page: its frontmatter `contextual`, else docs.json's. */
export function contextualConfigOf(config: ResolvedDocsConfig, page: PageInfo): ResolvedDocsConfig {
  const own = page.frontmatter?.contextual;
  return own && typeof own === 'object' && !Array.isArray(own) ? { ...config, contextual: own as ResolvedDocsConfig['contextual'] } : config;
}

/** Whether the page's menu has the `download-spec` entry configured. */
function offersSpecDownload(config: ResolvedDocsConfig, page: PageInfo): boolean {
  return resolveContextualOptions(contextualConfigOf(config, page).contextual).includes('download-spec');
}

/** The spec of an API page as docs.json names it (`openapi.yaml`, `https://…`), if it has one. */
function specOf(page: PageInfo): string | undefined {
  return page.api?.model.spec;
}

/**
 * The project-relative path and file of a local spec, when it is a regular file inside the
 * project (the path is the spec's name in docs.json, read as a path from the root).
 */
function localSpecFile(root: string, spec: string): { path: string; file: string } | undefined {
  const resolved = resolveProjectPath(root, spec.replace(/\\/g, '/').replace(/^(?:\.?\/)+/, ''));
  if (!resolved.ok) return undefined;
  try {
    if (!statSync(resolved.real).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const path = spec.replace(/\\/g, '/').replace(/^(?:\.?\/)+/, '');
  return path.split('/').some((part) => part === '..' || part === '' || part.startsWith('.')) ? undefined : { path, file: resolved.real };
}

/** Where the page's `download-spec` entry links: the remote spec's URL, or the local spec's published path (`/openapi.json`). */
export function specDownloadHref(root: string, config: ResolvedDocsConfig, page: PageInfo): string | undefined {
  const spec = specOf(page);
  if (spec === undefined || !offersSpecDownload(config, page)) return undefined;
  if (/^https?:\/\//i.test(spec)) return spec;
  const local = localSpecFile(root, spec);
  return local && `/${local.path.split('/').map(encodeURIComponent).join('/')}`;
}

/** The local specs published for `download-spec`: project-relative path → file, for the pages given. */
export function publishedSpecFiles(root: string, config: ResolvedDocsConfig | undefined, pages: Iterable<PageInfo>): Map<string, string> {
  const files = new Map<string, string>();
  if (!config) return files;
  // Each spec once: an API reference has a page per operation.
  const specs = new Set<string>();
  for (const page of pages) {
    const spec = specOf(page);
    if (spec === undefined || specs.has(spec) || /^https?:\/\//i.test(spec) || page.isDraft || !offersSpecDownload(config, page)) continue;
    specs.add(spec);
    const local = localSpecFile(root, spec);
    if (local) files.set(local.path, local.file);
  }
  return files;
}
