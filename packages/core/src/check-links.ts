import type { DocsgenMessage } from '@docsgen/config';
import type { ContentLink } from '@docsgen/renderer';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { assetFolders, isMediaPath } from './media-files.js';
import { findClosestPage, matchRedirect } from './redirects.js';
import { locateInFiles } from './render.js';
import { siteOutputNames } from './site-outputs.js';
import type { Site } from './site.js';

// Links and images of a rendered page that lead nowhere on the site (`docsgen check`).

const source = '@docsgen/core';
// Any host: only the path of a link within the site is looked at.
const origin = 'https://site.invalid';
// Paths the site itself serves besides pages and project files.
const servedPrefixes = ['/_docsgen/', '/og/'];

/**
 * The links (`href`) and images (`src`) of a page's content, as its render recorded them
 * (`RenderedPage.links`: Markdown links, component props such as `<Card href>`, raw HTML, API
 * references), that point into the site
 * but reach no page (or its Markdown twin), redirect, file of the asset folders, media file,
 * project file, feed or generated file: one `link-broken` warning each, placed where the link is
 * written in the page or a file it imports (found by its text), with the closest page.
 * Relative links are read against the page's address, as a browser does.
 *
 * @param site
 *   The site the page belongs to.
 * @param slug
 *   The page.
 * @param links
 *   The addresses of its content (`site.render(slug).links`).
 * @returns
 *   Warnings, one per distinct broken address.
 */
export function findBrokenLinks(site: Pick<Site, 'root' | 'pages' | 'config' | 'homeSlug' | 'projectFiles' | 'isIgnored' | 'dependencies' | 'redirects'>, slug: string, links: readonly ContentLink[]): DocsgenMessage[] {
  const page = site.pages.get(slug);
  if (!page) return [];
  const base = new URL(slug === site.homeSlug ? '/' : `/${slug.split('/').map(encodeURIComponent).join('/')}`, origin);
  const messages: DocsgenMessage[] = [];
  const seen = new Set<string>();
  let slugs: string[] | undefined;
  for (const link of links) {
    const written = link.value.trim();
    if (written === '' || written.startsWith('#') || seen.has(written)) continue;
    seen.add(written);
    let url: URL;
    try {
      url = new URL(written, base);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      path = url.pathname;
    }
    if (isServed(site, path)) continue;
    const closest = findClosestPage(path, (slugs ??= [...site.pages.keys()]));
    const files = [page.file, ...site.dependencies(slug).map((dependency) => dependency.file).filter((file) => file !== page.file)];
    const place = locateInFiles([written, written.split(/[?#]/)[0]!.split('/').at(-1) ?? ''], files);
    messages.push({
      reason: `Cannot find \`${written}\`, linked from \`${page.relativePath}\`: no page, file or redirect of the site is at \`${path}\``,
      ruleId: 'link-broken',
      source,
      fatal: false,
      ...place,
      actual: written,
      ...(closest ? { expected: [`/${closest}`] } : {}),
      note: [closest ? `Did you mean \`/${closest}\`?` : '', /\.mdx?$/i.test(path) ? 'Links name pages by their path without `.mdx`.' : ''].filter(Boolean).join(' ') || undefined,
    });
  }
  return messages;
}

/** Whether the site answers `path` (decoded, from the root) with something other than its 404 page. */
function isServed(site: Pick<Site, 'root' | 'pages' | 'config' | 'homeSlug' | 'projectFiles' | 'isIgnored' | 'redirects'>, path: string): boolean {
  if (path === '/' || servedPrefixes.some((prefix) => path.startsWith(prefix))) return true;
  const bare = path.replace(/^\/+|\/+$/g, '');
  if ((siteOutputNames as readonly string[]).includes(bare) || bare === 'favicon.ico' || bare === 'rss.xml' || bare.endsWith('/rss.xml')) return true;
  // skill.md and the skills indexes are always written.
  if (bare === 'skill.md' || bare === '.well-known/skills/index.json' || bare === '.well-known/agent-skills/index.json') return true;
  const slug = bare.replace(/\.md$/, '');
  // A folder's `index` page is served at the folder's path too (`/guides` is `guides/index`).
  if (site.pages.has(slug) || site.pages.has(`${slug}/index`) || (slug === 'index' && site.homeSlug !== undefined)) return true;
  if (site.projectFiles.includes(bare)) return true;
  if (matchRedirect(path, site.redirects)) return true;
  const segments = bare.split('/');
  // Served files never have dot segments (and `..` must not lead the look outside the project).
  if (segments.some((segment) => segment.startsWith('.'))) return false;
  if (site.isIgnored(bare)) return false;
  if ((assetFolders as readonly string[]).includes(segments[0] ?? '') || isMediaPath(bare)) {
    try {
      return statSync(join(site.root, ...segments)).isFile();
    } catch {
      return false;
    }
  }
  return false;
}
