import { listNavigationEntries, type DocsgenMessage } from '@docsgen/config';
import { close, createIndex } from 'pagefind';
import { hashSearchDocument, readStoredSearchIndex, searchIndexSettings, writeStoredSearchIndex } from './search-index-store.js';
import { listIndexablePages, type SiteOutputSite } from './site-outputs.js';

// Full-text search (issue 7 "Search"; SPEC: `search`). One module for the build and the dev
// server: both hand it each indexable page's rendered document and get Pagefind's chunked index
// back, served under `searchPrefix`. The browser loads `pagefind.js` from there, which fetches
// only the index chunks and fragments a query needs.

/** Folder of the search index in the output, and URL path it is served at (dev and build). */
export const searchFolder = '_docsgen/search';

/** One file of the search index, relative to `searchFolder`. */
export interface SearchIndexFile {
  path: string;
  content: Uint8Array;
}

export interface SearchIndexResult {
  /** The index files, sorted by path; empty when the index could not be made. */
  files: SearchIndexFile[];
  /** Slugs of the pages indexed, in the order they were added. */
  slugs: string[];
  messages: DocsgenMessage[];
}

/** The site fields the index reads. */
export type SearchIndexSite = Pick<SiteOutputSite, 'config' | 'navigation' | 'pages' | 'homeSlug'>;

const source = '@docsgen/core';
const concurrency = 16;

// Inside the indexed <article>: page chrome that is not the page's own text.
const excludeSelectors = ['.dg-eyebrow', '.dg-contextual', '.dg-reading-time', '.dg-pager', '.dg-footer', 'script', 'style', 'svg'];

// Pagefind also writes its own UIs and highlighter; docsgen has its dialog, so they stay out.
const unusedFiles = /^pagefind-(component-ui|modular-ui|ui|highlight)\.(js|css)$|^playground\//;

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
export async function buildSearchIndex(
  site: SearchIndexSite,
  document: (slug: string) => string | undefined | Promise<string | undefined>,
  options?: BuildSearchIndexOptions | null,
): Promise<SearchIndexResult> {
  const indexer = startSearchIndex(site);
  const signal = options?.signal ?? undefined;
  // Pages go to Pagefind's process a few at a time: one by one, it waits on each round trip.
  let next = 0;
  const feed = async (): Promise<void> => {
    while (next < indexer.slugs.length && !signal?.aborted) {
      const slug = indexer.slugs[next++] as string;
      indexer.add(slug, await document(slug));
      await indexer.drained();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, feed));
  return indexer.finish({ discard: signal?.aborted === true });
}

/** Options of `buildSearchIndex`. */
export interface BuildSearchIndexOptions {
  /**
   * Stops the index: no more pages are asked for and nothing is written; the result has no
   * files (a server that closes does not wait for every page). Default: none.
   */
  signal?: AbortSignal | null | undefined;
}

/** An index being built while pages are rendered (`startSearchIndex`). */
export interface SearchIndexer {
  /** The slugs to index, in the order they are indexed (`listIndexablePages`). */
  slugs: readonly string[];
  /**
   * Hands over one page's rendered document (`undefined`: leave it out), in any order: pages
   * are indexed in `slugs` order, each as soon as every page before it has been handed over,
   * so the index is the same whatever order pages are rendered in. Other slugs are ignored.
   */
  add(slug: string, html: string | undefined): void;
  /** Resolves when fewer than a few pages wait for Pagefind (lets a producer keep pace). */
  drained(): Promise<void>;
  /**
   * Waits for every page, then writes the index; pages never handed over are left out. With
   * `discard`, waits only for the pages Pagefind has and writes nothing (no files).
   */
  finish(options?: { discard?: boolean | undefined } | null): Promise<SearchIndexResult>;
}

/** Options of `startSearchIndex`. */
export interface StartSearchIndexOptions {
  /**
   * Folder of the stored index (`.docsgen/cache/search` in a build): when every page's
   * searchable document is the one the stored index was made from, its files are used and
   * Pagefind does not run; otherwise the new index is stored there (default: no store).
   */
  storeFolder?: string | null | undefined;
}

// While a stored index may still be reused, the documents are held (Pagefind gets them at the
// first one that differs); past this many bytes they go to Pagefind after all.
const maxHeldBytes = 64 * 1024 * 1024;

/**
 * `buildSearchIndex` for a build that renders pages as it goes: start the index before the
 * first page, hand each page over as it is rendered, and Pagefind indexes while the other pages
 * render instead of after all of them. With a store (`options.storeFolder`), a build whose
 * pages have the same searchable text as the stored index's reuses it without running Pagefind.
 */
export function startSearchIndex(site: SearchIndexSite, options?: StartSearchIndexOptions | null): SearchIndexer {
  building += 1;
  const messages: DocsgenMessage[] = [];
  const slugs = listIndexablePages(site);
  const positions = new Map(slugs.map((slug, position) => [slug, position]));
  const variants = pageVariants(site);
  const documents = new Map<number, string | undefined>();
  const isIndexed = slugs.map(() => false);
  let nextToIndex = 0;
  let inFlight = 0;
  let waiters: Array<() => void> = [];

  const storeFolder = options?.storeFolder ?? undefined;
  const settings = storeFolder ? searchIndexSettings({ excludeSelectors }) : '';
  const hashes: Array<string | null> = [];
  const stored = storeFolder ? readStoredSearchIndex(storeFolder) : undefined;
  // Reusing: every page so far has the stored index's document at its position.
  let isReusing = stored !== undefined && stored.stored.settings === settings && stored.stored.pages.length === slugs.length;
  const held: Array<{ position: number; document: string }> = [];
  let heldBytes = 0;

  // Pagefind's process starts with the first page it gets, not while a stored index may do.
  let created: ReturnType<typeof createSearchService> | undefined;
  const service = (): ReturnType<typeof createSearchService> => (created ??= createSearchService(messages));
  if (!isReusing) service();
  const pending = new Set<Promise<void>>();

  const release = (): void => {
    if (inFlight >= concurrency) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  const send = (position: number, document: string): void => {
    const slug = slugs[position] as string;
    inFlight += 1;
    const sent = (async () => {
      const index = (await service())?.index;
      if (!index) return;
      const added = await index.addHTMLFile({ url: pageUrl(site, slug), content: document });
      if (added.errors.length > 0) {
        messages.push({ reason: `Cannot index \`${slug}\` for search: ${added.errors.join('; ')}`, ruleId: 'search-index-failed', source, fatal: false, file: site.pages.get(slug)?.file });
      } else isIndexed[position] = true;
    })().finally(() => {
      inFlight -= 1;
      pending.delete(sent);
      release();
    });
    pending.add(sent);
  };
  const stopReusing = (): void => {
    isReusing = false;
    for (const { position, document } of held) send(position, document);
    held.length = 0;
  };
  const add = (position: number, html: string | undefined): void => {
    const slug = slugs[position] as string;
    const document = html === undefined ? undefined : searchableDocument(html, keywordsOf(site, slug), variants.get(slug));
    if (storeFolder) hashes[position] = document === undefined ? null : hashSearchDocument(pageUrl(site, slug), document);
    if (isReusing) {
      const [storedSlug, storedHash] = stored!.stored.pages[position] ?? [];
      if (storedSlug === slug && storedHash === hashes[position] && heldBytes + (document?.length ?? 0) <= maxHeldBytes) {
        if (document !== undefined) {
          held.push({ position, document });
          heldBytes += document.length;
        }
        return;
      }
      stopReusing();
    }
    if (document !== undefined) send(position, document);
  };
  // Pagefind numbers pages in the order they arrive: send them in `slugs` order.
  const flush = (): void => {
    while (documents.has(nextToIndex)) {
      const html = documents.get(nextToIndex);
      documents.delete(nextToIndex);
      add(nextToIndex, html);
      nextToIndex += 1;
    }
  };

  return {
    slugs,
    add(slug, html) {
      const position = positions.get(slug);
      if (position === undefined || position < nextToIndex || documents.has(position)) return;
      documents.set(position, html);
      flush();
    },
    drained: () => (inFlight < concurrency ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    async finish(finishOptions) {
      try {
        if (finishOptions?.discard) {
          while (pending.size > 0) await Promise.allSettled(pending);
          await (await created)?.index?.deleteIndex();
          return { files: [], slugs: [], messages };
        }
        // Pages never handed over are left out; those after them still go in, in order.
        for (let position = nextToIndex; position < slugs.length; position += 1) if (!documents.has(position)) documents.set(position, undefined);
        flush();
        if (isReusing) {
          const files = stored!.read();
          if (files) return { files, slugs: stored!.stored.indexed, messages: [...messages, ...stored!.stored.messages] };
          stopReusing();
        }
        while (pending.size > 0) await Promise.all(pending);
        const index = (await service())?.index;
        if (!index) return { files: [], slugs: [], messages };
        const written = await index.getFiles();
        await index.deleteIndex();
        for (const error of written.errors) messages.push({ reason: `Cannot write the search index: ${error}`, ruleId: 'search-index-failed', source, fatal: true });
        const files = written.files
          .filter((file) => !unusedFiles.test(file.path))
          .map((file) => ({ path: file.path.replace(/\\/g, '/'), content: file.content }))
          .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
        const indexed = slugs.filter((_slug, position) => isIndexed[position]);
        if (storeFolder && !messages.some((message) => message.fatal)) {
          writeStoredSearchIndex(storeFolder, { settings, pages: slugs.map((slug, position) => [slug, hashes[position] ?? null]), indexed, messages }, files);
        }
        return { files, slugs: indexed, messages };
      } finally {
        building -= 1;
        if (building === 0 && isCloseWanted) {
          isCloseWanted = false;
          await close();
        }
      }
    },
  };
}

/** Pagefind's index in its background process, started now; `undefined` when it cannot start (reported). */
function createSearchService(messages: DocsgenMessage[]) {
  return createIndex({ excludeSelectors }).then(
    (result) => {
      if (!result.index) messages.push(serviceMessage(result.errors.join('; ')));
      return result;
    },
    (error: unknown) => {
      messages.push(serviceMessage(error));
      return undefined;
    },
  );
}

// Pagefind runs one background process per Node process, shared by every index being built
// (two dev servers, or a dev server and a build, in one process): it is closed only once no
// build is using it, or a close would break the others' builds.
let building = 0;
let isCloseWanted = false;

/**
 * Stops Pagefind's background process (it starts again on the next `buildSearchIndex`); while
 * an index is being built, the process stops when the last build finishes.
 */
export async function closeSearchIndexer(): Promise<void> {
  if (building > 0) {
    isCloseWanted = true;
    return;
  }
  await close();
}

/**
 * The document Pagefind reads for a page: `data-pagefind-body` on the page's `<article>`, and
 * inside it the keywords (weighted, not shown in excerpts) and the version and language filters.
 */
export function searchableDocument(html: string, keywords: readonly string[], variant?: { version?: string | undefined; language?: string | undefined }): string {
  const extra = [
    keywords.length > 0 ? `<p data-pagefind-weight="5" data-pagefind-meta="keywords">${escapeText(keywords.join(', '))}</p>` : '',
    variant?.version === undefined ? '' : `<span data-pagefind-filter="version" hidden>${escapeText(variant.version)}</span>`,
    variant?.language === undefined ? '' : `<span data-pagefind-filter="language" hidden>${escapeText(variant.language)}</span>`,
  ].join('');
  const region = searchableRegion(html);
  const marked = region.replace(/<article\b([^>]*)>/, (_tag, attributes: string) => `<article${attributes} data-pagefind-body>${extra}`);
  // A document without the layout's <article> (a custom layout): index its <body>.
  return marked === region ? region.replace(/<body\b([^>]*)>/, (_tag, attributes: string) => `<body${attributes} data-pagefind-body>${extra}`) : marked;
}

/**
 * The part of a page's document that search reads, as a smaller document: `searchableDocument`
 * gives the same result for it as for the whole page, so a server can keep this instead of the
 * page (a third of its size or less).
 */
export function searchableRegion(html: string): string {
  // Only the page's <article> is indexed: Pagefind gets the document without the header,
  // sidebar and scripts around it (a third of the bytes to send and parse), keeping `<html lang>`
  // (its language) and `<title>`.
  const start = html.search(/<article\b/);
  const end = html.lastIndexOf('</article>');
  if (start !== -1 && end > start) {
    const open = /<html\b[^>]*>/.exec(html)?.[0] ?? '<html>';
    const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? '';
    html = `<!doctype html>\n${open}<head><meta charset="utf-8">${title}</head><body>${html.slice(start, end + '</article>'.length)}</body></html>`;
  }
  // Highlighted code is mostly markup (a span per token) and icons are drawings: Pagefind reads
  // the same text from a third of the bytes, and twice as fast, without them.
  html = html.replace(/<pre\b[^>]*>[\s\S]*?<\/pre>/g, (pre) => pre.replace(/<\/?span\b[^>]*>/g, '')).replace(/<svg\b[\s\S]*?<\/svg>/g, '');
  // Pagefind takes a section's title from its heading's whole text, excluded parts included.
  return html.replace(/<a [^>]*class="dg-heading-anchor"[^>]*><span aria-hidden="true">#<\/span><\/a>/g, '');
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

function serviceMessage(error: unknown): DocsgenMessage {
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  return {
    reason: 'Cannot build the search index: the Pagefind indexer did not start',
    ruleId: 'search-index-failed',
    source,
    fatal: true,
    actual: error instanceof Error ? error.message : String(error),
    note: `Pagefind runs a platform binary from the optional dependency \`@pagefind/${platform}\`. Reinstall dependencies with optional ones included (\`npm install\` / \`pnpm install\`, without \`--no-optional\` or \`--omit=optional\`), or set \`PAGEFIND_BINARY_PATH\` to a Pagefind binary.`,
  };
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
