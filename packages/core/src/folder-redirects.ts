import type { RedirectRule } from './redirects.js';

// A folder's own address (`/cli`) where pages live under it (`/cli/introduction`) but none is
// at it: the platform sends it to the folder's first page, and real projects link there (Turso's
// docs link `/cli`, `/sdk` and `/api-reference` about forty times, and redirect old addresses to
// `/cli`). docsgen does the same with redirect rules of its own, after the project's: every
// adapter, `docsgen dev` and the link checker apply them as they apply docs.json's.

// A segment every adapter writes as it is (no space, `%`, `:` or `*`): other folders get no rule.
const plainSegment = /^[\w.~-]+$/;

/**
 * A temporary redirect from each folder of the navigable pages that has no page of its own to
 * its first navigable page (navigation order), unless a rule of docs.json has that source.
 *
 * @param navigablePages
 *   Slugs the navigation lists and does not hide, in order.
 * @param hasPage
 *   Whether a page (listed or not) is served at a slug (`guides` or `guides/index`).
 * @param rules
 *   The project's own redirects, which win.
 * @param pathOf
 *   Where a page is served (`pagePath`).
 */
export function folderRedirects(
  navigablePages: readonly string[],
  hasPage: (slug: string) => boolean,
  rules: readonly RedirectRule[],
  pathOf: (slug: string) => string,
): RedirectRule[] {
  const taken = new Set(rules.map((rule) => (typeof rule.source === 'string' ? rule.source.replace(/\/+$/, '') : '')));
  const found = new Map<string, string>();
  for (const slug of navigablePages) {
    const segments = slug.split('/');
    for (let depth = 1; depth < segments.length; depth += 1) {
      // A folder below one no adapter could write is not written either.
      const segment = segments[depth - 1]!;
      if (!plainSegment.test(segment) || segment === '.' || segment === '..') break;
      const folder = segments.slice(0, depth).join('/');
      if (!found.has(folder) && !hasPage(folder) && !hasPage(`${folder}/index`)) found.set(folder, slug);
    }
  }
  const folderRules: RedirectRule[] = [];
  for (const [folder, slug] of found) {
    if (taken.has(`/${folder}`)) continue;
    folderRules.push({ source: `/${folder}`, destination: pathOf(slug), permanent: false });
  }
  return folderRules;
}
