import { escapeHtml, pageLanguage, renderInlineMarkdown, renderPageDocument, serializeJsonForScript, uiStrings, type SiteLayoutData } from '@docsgen/renderer';
import type { PageInfo } from './pages.js';
import { rankClosestPagesSource } from './closest-pages.js';
import { pagePath } from './site-outputs.js';

// The built-in 404 page (SPEC: errors config). A dead end no more: a search box, and the
// navigable pages closest to the address asked for. The same page serves every unknown path of
// a build (a static host answers them all with `404.html`), so the closest pages are picked in
// the browser from `location.pathname` by the page's own script (plain pages do not carry it),
// from the list of navigable pages the page carries, with the ranking the dev server's
// `errors.404.redirect` uses (`rankClosestPages`); the dev server gives the same document.

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
  /**
   * `errors.404.title` and `.description` from docs.json (default: the built-in words), and
   * `redirect`: send the reader to the closest navigable page instead (default: `false`).
   */
  errors: { title?: string | undefined; description?: string | undefined; redirect?: boolean | undefined } | undefined;
  headEnd: string;
  bodyEnd: string | undefined;
}

/** Path and title of each navigable page, for the page's script to rank: [path, title] pairs keep it small. */
function candidatesOf(input: Pick<NotFoundPageInput, 'layout' | 'navigablePages' | 'pages'>): string[][] {
  const site = { config: input.layout.config as never, homeSlug: input.layout.homeSlug ?? undefined };
  return input.navigablePages.map((slug) => [pagePath(site, slug), input.pages.get(slug)?.title ?? slug]);
}

/**
 * `errors.404.redirect` for a project's own `404.mdx`: the candidates and the script the
 * built-in page also carries, for the end of its `<body>` (`redirectOnlyScript`).
 */
export function notFoundRedirectHtml(input: Pick<NotFoundPageInput, 'layout' | 'navigablePages' | 'pages'>): string {
  return (
    `<script type="application/json" class="dg-not-found-data" data-redirect="">${serializeJsonForScript(candidatesOf(input))}</script>` +
    `<script>${redirectOnlyScript}</script>`
  );
}

/** The built-in not-found document. */
export function renderNotFoundPage(input: NotFoundPageInput): string {
  const homeSlug = input.layout.homeSlug ?? undefined;
  const site = { config: input.layout.config as never, homeSlug };
  const words = wordsOf(input.layout);
  const home = homeSlug ? pagePath(site, homeSlug) : '/';
  const candidates = candidatesOf(input);
  const description = typeof input.errors?.description === 'string' && input.errors.description.trim() !== '' ? renderInlineMarkdown(input.errors.description) : escapeHtml(words.description);
  const search = input.layout.hasSearch !== false
    ? `<button type="button" class="dg-not-found-search" data-dg-search="">` +
      '<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/></svg>' +
      `<span>${escapeHtml(words.search)}</span><kbd>Ctrl K</kbd></button>`
    : '';
  const isRedirecting = input.errors?.redirect === true;
  const content =
    `<div class="dg-not-found"${isRedirecting ? ' data-redirect=""' : ''}>` +
    `<p class="dg-not-found-text">${description}</p>` +
    search +
    `<section class="dg-not-found-closest" aria-labelledby="dg-not-found-closest" hidden><h2 id="dg-not-found-closest">${escapeHtml(words.closest)}</h2><ul class="dg-not-found-pages"></ul></section>` +
    `<p><a href="${escapeHtml(home)}">${escapeHtml(words.home)}</a></p>` +
    `<script type="application/json" class="dg-not-found-data"${isRedirecting ? ' data-redirect=""' : ''}>${serializeJsonForScript(candidates)}</script>` +
    `<script>${closestPagesScript}</script>` +
    (isRedirecting ? `<script>${redirectOnlyScript}</script>` : '') +
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

/**
 * Plain browser JavaScript: fills `.dg-not-found-closest` with the five navigable pages closest
 * to the address asked for (`rankClosestPages`, carried as its source). With
 * `errors.404.redirect`, `redirectOnlyScript` sends the reader on as well.
 */
const closestPagesScript = `(() => {
  'use strict';
  ${rankClosestPagesSource}
  const notFoundData = document.querySelector('.dg-not-found-data');
  const closest = document.querySelector('.dg-not-found-closest');
  const list = closest?.querySelector('ul');
  if (!list) return;
  let candidates = [];
  try {
    candidates = JSON.parse(notFoundData?.textContent || '[]');
  } catch {
    // No list: the page keeps its search box and home link.
  }
  const titles = new Map();
  for (const entry of Array.isArray(candidates) ? candidates : []) {
    if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string' && !titles.has(entry[0])) titles.set(entry[0], entry[1]);
  }
  let wanted;
  try {
    wanted = decodeURIComponent(location.pathname);
  } catch {
    wanted = location.pathname;
  }
  for (const path of rankClosestPages(wanted, [...titles.keys()], { count: 5, isNameCompared: true })) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.className = 'dg-not-found-link';
    link.href = path;
    link.textContent = titles.get(path);
    const shown = document.createElement('span');
    shown.className = 'dg-not-found-path';
    shown.textContent = path;
    link.append(shown);
    item.append(link);
    list.append(item);
  }
  closest.hidden = list.children.length === 0;
})();`;

/**
 * Plain browser JavaScript: `errors.404.redirect`, on the built-in not-found page and a
 * project's own (`notFoundRedirectHtml`). Once the page is parsed, it sends the reader to the
 * closest navigable page, unless a redirect rule's script already does (`window.dgRedirected`),
 * as `docsgen dev` answers with a redirect.
 */
const redirectOnlyScript = `(() => {
  'use strict';
  ${rankClosestPagesSource}
  let candidates = [];
  try {
    candidates = JSON.parse(document.querySelector('.dg-not-found-data[data-redirect]')?.textContent || '[]');
  } catch {
    return;
  }
  const paths = (Array.isArray(candidates) ? candidates : []).flatMap((entry) => (Array.isArray(entry) && typeof entry[0] === 'string' ? [entry[0]] : []));
  let wanted;
  try {
    wanted = decodeURIComponent(location.pathname);
  } catch {
    wanted = location.pathname;
  }
  document.addEventListener('DOMContentLoaded', () => {
    const [best] = rankClosestPages(wanted, [...new Set(paths)], { count: 1, isNameCompared: false });
    if (!window.dgRedirected && best !== undefined && best !== location.pathname) location.replace(best + location.hash);
  });
})();`;
