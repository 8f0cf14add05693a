import { escapeHtml, pageLanguage, renderInlineMarkdown, renderPageDocument, serializeJsonForScript, uiStrings, type SiteLayoutData } from '@docsgen/renderer';
import type { PageInfo } from './pages.js';
import { pagePath } from './site-outputs.js';

// The built-in 404 page (SPEC: errors config). A dead end no more: a search box, and the
// navigable pages closest to the address asked for. The same page serves every unknown path of
// a build (a static host answers them all with `404.html`), so the closest pages are picked in
// the browser from `location.pathname` by the page's own script (plain pages do not carry it),
// from the list of navigable pages the page carries; the dev server gives the same document.

/** The page's words, in the site's default language (one 404 page answers every path). */
function wordsOf(layout: SiteLayoutData) {
  const strings = uiStrings(pageLanguage(layout, '404'));
  return {
    title: strings.notFoundTitle,
    description: strings.notFoundText,
    search: strings.searchLabel,
    closest: strings.notFoundSuggestions,
    home: strings.goHome,
  };
}

export interface NotFoundPageInput {
  layout: SiteLayoutData & { navigationFileName: string | undefined };
  siteName: string;
  /** The pages the navigation lists and does not hide, in order. */
  navigablePages: readonly string[];
  pages: ReadonlyMap<string, PageInfo>;
  /** `errors.404.title` and `.description` from docs.json (default: the built-in words). */
  errors: { title?: string | undefined; description?: string | undefined } | undefined;
  headEnd: string;
  bodyEnd: string | undefined;
}

/** The built-in not-found document. */
export function renderNotFoundPage(input: NotFoundPageInput): string {
  const homeSlug = input.layout.homeSlug ?? undefined;
  const site = { config: input.layout.config as never, homeSlug };
  const words = wordsOf(input.layout);
  const home = homeSlug ? pagePath(site, homeSlug) : '/';
  // Path and title of each navigable page, for site-parts.js to rank: [path, title] pairs keep it small.
  const candidates = input.navigablePages.map((slug) => [pagePath(site, slug), input.pages.get(slug)?.title ?? slug]);
  const description = typeof input.errors?.description === 'string' && input.errors.description.trim() !== '' ? renderInlineMarkdown(input.errors.description) : escapeHtml(words.description);
  const search = input.layout.hasSearch !== false
    ? `<button type="button" class="dg-not-found-search" data-dg-search="">` +
      '<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/></svg>' +
      `<span>${escapeHtml(words.search)}</span><kbd>Ctrl K</kbd></button>`
    : '';
  const content =
    '<div class="dg-not-found">' +
    `<p class="dg-not-found-text">${description}</p>` +
    search +
    `<section class="dg-not-found-closest" aria-labelledby="dg-not-found-closest" hidden><h2 id="dg-not-found-closest">${escapeHtml(words.closest)}</h2><ul class="dg-not-found-pages"></ul></section>` +
    `<p><a href="${escapeHtml(home)}">${escapeHtml(words.home)}</a></p>` +
    `<script type="application/json" class="dg-not-found-data">${serializeJsonForScript(candidates)}</script>` +
    `<script>${closestPagesScript}</script>` +
    '</div>';
  return renderPageDocument({
    ...input.layout,
    config: { ...input.layout.config, name: input.siteName },
    title: typeof input.errors?.title === 'string' && input.errors.title.trim() !== '' ? input.errors.title : words.title,
    contentHtml: content,
    hasMath: false,
    hasMermaid: false,
    showTitle: true,
    headEnd: input.headEnd,
    bodyEnd: input.bodyEnd,
    slug: '404',
  });
}

/** Plain browser JavaScript: fills `.dg-not-found-closest` with the five closest pages. */
const closestPagesScript = `(() => {
  'use strict';
  // The built-in 404 page: the navigable pages closest to the address asked for, ranked here
  // because a static host answers every unknown path with the same 404.html. Closest: the most
  // leading path segments in common, then the smallest edit distance of the whole path or of its
  // last segment (a page moved to another folder keeps its name).
  const notFoundData = document.querySelector('.dg-not-found-data');
  const closest = document.querySelector('.dg-not-found-closest');
  if (notFoundData && closest) {
    let candidates = [];
    try {
      candidates = JSON.parse(notFoundData.textContent || '[]');
    } catch {
      // No list: the page keeps its search box and home link.
    }
    const clean = (path) => path.replace(/\\.html$/, '').replace(/^\\/+|\\/+$/g, '').toLowerCase();
    let wanted;
    try {
      wanted = clean(decodeURIComponent(location.pathname));
    } catch {
      wanted = clean(location.pathname);
    }
    // A hostile address costs no more than a long one.
    wanted = wanted.slice(0, 200);
    const wantedSegments = wanted.split('/');
    const last = (path) => path.slice(path.lastIndexOf('/') + 1);
    const distance = (a, b) => {
      let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
      for (let i = 1; i <= a.length; i += 1) {
        const row = [i];
        for (let j = 1; j <= b.length; j += 1) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        previous = row;
      }
      return previous[b.length];
    };
    const ranked = candidates
      .filter((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string')
      .map(([path, title], order) => {
        const slug = clean(path).slice(0, 200);
        const segments = slug.split('/');
        let shared = 0;
        while (shared < segments.length && shared < wantedSegments.length && segments[shared] === wantedSegments[shared] && segments[shared] !== '') shared += 1;
        return { path, title, order, shared, distance: Math.min(distance(wanted, slug), distance(last(wanted), last(slug))) };
      })
      .sort((a, b) => b.shared - a.shared || a.distance - b.distance || a.order - b.order)
      .slice(0, 5);
    const list = closest.querySelector('ul');
    if (list && ranked.length > 0) {
      for (const page of ranked) {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.className = 'dg-not-found-link';
        link.href = page.path;
        link.textContent = page.title;
        const path = document.createElement('span');
        path.className = 'dg-not-found-path';
        path.textContent = page.path;
        link.append(path);
        item.append(link);
        list.append(item);
      }
      closest.hidden = false;
    }
  }
})();`;
