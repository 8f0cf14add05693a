import { listNavigationEntries } from '@docsgen/config';
import {
  createSearchService,
  type BuildSearchIndexOptions as ServiceBuildOptions,
  type SearchIndexer,
  type SearchIndexResult,
  type SearchPage,
  type SearchService,
  type StartSearchIndexOptions as ServiceStartOptions,
} from '@docsgen/search';
import { listIndexablePages, type SiteOutputSite } from './site-outputs.js';

// Full-text search (issue 7 "Search"; SPEC: `search`) for a site: which pages are indexed, at
// which URL, with which keywords and filters. `@docsgen/search` makes the index; the build and
// the dev server each own a `SearchService` and serve the files under `searchFolder`. The
// browser loads `pagefind.js` from there, which fetches only the chunks and fragments a query needs.

export { countSearchRounds } from '@docsgen/search/internal';
export { searchableDocument, searchableRegion } from '@docsgen/search';
export type { KnownPage, SearchIndexer, SearchIndexFile, SearchIndexResult, SearchShares } from '@docsgen/search';

/** Folder of the search index in the output, and URL path it is served at (dev and build). */
export const searchFolder = '_docsgen/search';

/** The site fields the index reads. */
export type SearchIndexSite = Pick<SiteOutputSite, 'config' | 'navigation' | 'pages' | 'homeSlug'>;

/** Options of `buildSearchIndex`. */
export interface BuildSearchIndexOptions extends ServiceBuildOptions {
  /** The service that makes the index (default: one shared in this process, closed by `closeSearchIndexer`). */
  service?: SearchService | null | undefined;
}

/** Options of `startSearchIndex`. */
export interface StartSearchIndexOptions extends ServiceStartOptions {
  /** The service that makes the index (default: as in `BuildSearchIndexOptions`). */
  service?: SearchService | null | undefined;
}

// The service of callers that bring none (`buildSearchIndex` without `options.service`).
let shared: SearchService | undefined;

/**
 * Builds the Pagefind index of a site's indexable pages (`listIndexablePages`: navigable pages,
 * not drafts, `noindex` or hidden pages unless `seo.indexing` is `"all"`) from their rendered
 * documents. Each page is indexed from its `<article>` (headings with ids become deep-linked
 * sub-results), with frontmatter `keywords` as extra, weighted terms, and its navigation version
 * and language as the filters `version` and `language`.
 *
 * @param document
 *   The page's whole rendered HTML document, or `undefined` to leave the page out.
 * @returns
 *   The index files; when Pagefind cannot start (its platform binary is missing) no files and a
 *   fatal `search-index-failed` message saying how to fix it.
 */
export function buildSearchIndex(
  site: SearchIndexSite,
  document: (slug: string) => string | undefined | Promise<string | undefined>,
  options?: BuildSearchIndexOptions | null,
): Promise<SearchIndexResult> {
  return serviceOf(options).buildIndex(searchPages(site), document, options);
}

/**
 * `buildSearchIndex` for a build that renders pages as it goes: start the index before the
 * first page, hand each page over as it is rendered, and Pagefind indexes while the other pages
 * render instead of after all of them. With a store (`options.storeFolder`), only pages whose
 * searchable text is new since the stored index go to Pagefind.
 */
export function startSearchIndex(site: SearchIndexSite, options?: StartSearchIndexOptions | null): SearchIndexer {
  return serviceOf(options).startIndex(searchPages(site), options);
}

/**
 * Closes the shared service of `buildSearchIndex` calls without `options.service`: Pagefind's
 * background process stops (it starts again on the next index); while an index is being made,
 * it stops when the last one finishes.
 */
export async function closeSearchIndexer(): Promise<void> {
  await shared?.close();
}

function serviceOf(options: { service?: SearchService | null | undefined } | null | undefined): SearchService {
  return options?.service ?? (shared ??= createSearchService());
}

/** The site's indexable pages in index order, each with its URL, keywords and navigation variant. */
export function searchPages(site: SearchIndexSite): SearchPage[] {
  const variants = pageVariants(site);
  return listIndexablePages(site).map((slug) => ({
    slug,
    url: pageUrl(site, slug),
    keywords: keywordsOf(site, slug),
    ...variants.get(slug),
    file: site.pages.get(slug)?.file,
  }));
}

function keywordsOf(site: SearchIndexSite, slug: string): string[] {
  const keywords = site.pages.get(slug)?.frontmatter.keywords;
  const list = typeof keywords === 'string' ? keywords.split(',') : Array.isArray(keywords) ? keywords : [];
  return list.filter((keyword): keyword is string => typeof keyword === 'string').map((keyword) => keyword.trim()).filter(Boolean);
}

/** Each listed page's version and language from its place in the navigation (the first place wins). */
function pageVariants(site: SearchIndexSite): Map<string, { version?: string | undefined; language?: string | undefined }> {
  const variants = new Map<string, { version?: string | undefined; language?: string | undefined }>();
  if (!site.navigation) return variants;
  for (const entry of listNavigationEntries(site.navigation)) {
    if (!variants.has(entry.slug)) variants.set(entry.slug, { version: entry.version, language: entry.language });
  }
  return variants;
}

/** The page's root-relative URL, as the build publishes it. */
function pageUrl(site: SearchIndexSite, slug: string): string {
  if (slug === 'index' || slug === site.homeSlug) return '/';
  return `/${slug.split('/').map(encodeURIComponent).join('/')}${site.config?.seo?.trailingSlash === true ? '/' : ''}`;
}
