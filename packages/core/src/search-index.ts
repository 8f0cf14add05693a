import { listNavigationEntries, type DocsgenMessage } from '@docsgen/config';
import { close, createIndex, type PagefindIndex } from 'pagefind';
import {
  assemblePagefindIndex,
  assemblePagefindIndexAndState,
  isSamePagefindIndex,
  splitPagefindIndex,
  type AssemblyState,
  type PagefindFile,
  type PagefindPageRecord,
  type SplitPagefindIndex,
} from './pagefind-files.js';
import { hashSearchDocument, readStoredSearchIndex, readStoredSearchRecords, searchIndexSettings, writeStoredSearchIndex, writeStoredSearchRecords, type StoredSearchRecords } from './search-index-store.js';
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
// Fewest pages in one round of a stored index (`startSearchIndex`).
const minRoundSize = 100;

// Inside the indexed <article>: page chrome that is not the page's own text, and the controls
// and labels components draw around it (a code block's "Copy" button and language, text for
// screen readers only, table header rows, field badges), which made excerpts read "…</Tabs>
// Copy ComponentProps…".
const excludeSelectors = [
  '.dg-eyebrow',
  '.dg-contextual',
  '.dg-reading-time',
  '.dg-pager',
  '.dg-footer',
  'script',
  'style',
  'svg',
  'button',
  '[aria-hidden="true"]',
  '.dg-sr-only',
  'thead',
  // A code block's language label ("bash") and a field's "required" or "deprecated" badge.
  '.dg-code-language',
  '.dg-field-badge',
];

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
  const shares = options?.shares ?? undefined;
  const indexer = startSearchIndex(site, shares ? { shares, document } : undefined);
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
   * Each page's share of the last index made with this holder, kept in memory (a dev server
   * indexing again after an edit): only pages whose searchable text is new go to Pagefind.
   * Default: none, every page goes to Pagefind.
   */
  shares?: SearchShares | null | undefined;
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
   * A page handed over before (a cached page) may come as the hash this returned then, with a
   * way to read its document should the index need it.
   *
   * @returns
   *   The hash of the page's searchable document, with a store (`undefined` otherwise, or for
   *   a slug not indexed).
   */
  add(slug: string, page: string | undefined | KnownPage): string | undefined;
  /** Resolves when fewer than a few pages wait for Pagefind (lets a producer keep pace). */
  drained(): Promise<void>;
  /**
   * Waits for every page, then writes the index; pages never handed over are left out. With
   * `discard`, waits only for the pages Pagefind has and writes nothing (no files).
   */
  finish(options?: { discard?: boolean | undefined } | null): Promise<SearchIndexResult>;
}

/** Where an index keeps each page's share for the next one, in memory (`BuildSearchIndexOptions.shares`). */
export interface SearchShares {
  current?: StoredSearchRecords | undefined;
}

/** A page the index was handed before: the hash `SearchIndexer#add` returned then, and its rendered document. */
export interface KnownPage {
  hash: string;
  html: () => string | undefined;
}

/** Options of `startSearchIndex`. */
export interface StartSearchIndexOptions {
  /**
   * Folder of the stored index (`.docsgen/cache/search` in a build). When every page's
   * searchable document is the one the stored index was made from, its files are used and
   * Pagefind does not run; when some are new, Pagefind indexes those pages alone and the index
   * is put together from their share and the stored share of the others. The new index is
   * stored there (default: no store).
   */
  storeFolder?: string | null | undefined;
  /** Pages' shares kept in memory instead of in `storeFolder` (see `BuildSearchIndexOptions.shares`). */
  shares?: SearchShares | null | undefined;
  /**
   * A page's rendered document again, for a page whose share was to come from the store but
   * cannot (the store could not be read, or Pagefind's new output cannot be split): the page then
   * goes to Pagefind. Without it, neither `storeFolder` nor `shares` is used.
   */
  document?: ((slug: string) => string | undefined | Promise<string | undefined>) | null | undefined;
  /**
   * Pages in one round at least, with a store (internal, for tests: default 100; a round is
   * also at least an eighth of the pages).
   */
  roundSize?: number | null | undefined;
}

/**
 * `buildSearchIndex` for a build that renders pages as it goes: start the index before the
 * first page, hand each page over as it is rendered, and Pagefind indexes while the other pages
 * render instead of after all of them. With a store (`options.storeFolder`), only pages whose
 * searchable text is new since the stored index go to Pagefind.
 */
export function startSearchIndex(site: SearchIndexSite, options?: StartSearchIndexOptions | null): SearchIndexer {
  building += 1;
  const messages: DocsgenMessage[] = [];
  const slugs = listIndexablePages(site);
  const positions = new Map(slugs.map((slug, position) => [slug, position]));
  const variants = pageVariants(site);
  // Pages handed over ahead of their turn: their hash and document (`undefined`: left out).
  const documents = new Map<number, { hash: string | undefined; document: () => string | undefined } | undefined>();
  let nextToIndex = 0;
  let inFlight = 0;
  let waiters: Array<() => void> = [];

  // A store is used only with a way to read pages again (`options.document`).
  const reread = options?.document ?? undefined;
  const storeFolder = (reread && options?.storeFolder) || undefined;
  const shares = (reread && options?.shares) || undefined;
  const hasStore = storeFolder !== undefined || shares !== undefined;
  const settings = hasStore ? searchIndexSettings({ excludeSelectors }) : '';
  // Per position: the hash of the page's document (`null`: left out), and its kept share.
  const hashes: Array<string | null> = [];
  const kept: Array<PagefindPageRecord | undefined> = [];
  const sent: number[] = [];
  const indexedByPagefind = new Set<number>();
  const stored = storeFolder ? readStoredSearchIndex(storeFolder) : undefined;
  // The stored index's files are the index while every page has the document it was made from;
  // the pages matched so far need their shares only once one does not.
  let isStoredIndex = stored !== undefined && stored.stored.settings === settings && stored.stored.pages.length === slugs.length;
  const matched: number[] = [];
  // Pages whose share was to come from the store but is not there: read again and sent at the end.
  const unshared: number[] = [];
  // The kept shares, read when first needed: a build in which no page changed never reads them.
  let storedRecords: StoredSearchRecords | undefined | null = null;
  const records = (): StoredSearchRecords | undefined => {
    if (storedRecords === null) {
      storedRecords = shares ? (shares.current?.settings === settings ? shares.current : undefined) : storeFolder ? readStoredSearchRecords(storeFolder, settings) : undefined;
    }
    return storedRecords;
  };

  // With a store, Pagefind's process starts with the first page it gets, if any.
  let created: ReturnType<typeof createSearchService> | undefined;
  const service = (): ReturnType<typeof createSearchService> => (created ??= createSearchService(messages));
  if (!hasStore) service();
  const pending = new Set<Promise<void>>();
  // With a store, pages go to Pagefind in rounds, each its own Pagefind index: a full round's
  // files are written (and split into shares) while the next round's pages render, instead of
  // all at the end (2.4 s for 1,000 pages, with little else to do meanwhile). The index is then
  // put together from the rounds' shares; each round's own files are checked against what its
  // shares put together give. Without a store, one round takes every page.
  let roundSize = hasStore ? Math.max(options?.roundSize ?? minRoundSize, Math.ceil(slugs.length / 8)) : Infinity;
  let roundAdds: Array<Promise<void>> = [];
  const rounds: Array<Promise<SplitPagefindIndex | undefined>> = [];

  const release = (): void => {
    if (inFlight >= concurrency) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  const send = (position: number, document: string): void => {
    const slug = slugs[position] as string;
    sent.push(position);
    inFlight += 1;
    const added = (async () => {
      const index = (await service())?.index;
      if (!index) return;
      const result = await index.addHTMLFile({ url: pageUrl(site, slug), content: document });
      if (result.errors.length > 0) {
        messages.push({ reason: `Cannot index \`${slug}\` for search: ${result.errors.join('; ')}`, ruleId: 'search-index-failed', source, fatal: false, file: site.pages.get(slug)?.file });
      } else indexedByPagefind.add(position);
    })().finally(() => {
      inFlight -= 1;
      pending.delete(added);
      release();
    });
    pending.add(added);
    roundAdds.push(added);
    if (roundAdds.length >= roundSize) endRound();
  };
  /** Starts writing the current round's files; the next page sent starts a new round. */
  const endRound = (): void => {
    const round = created;
    const adds = roundAdds;
    if (!round || adds.length === 0) return;
    created = undefined;
    roundAdds = [];
    roundsEnded += 1;
    // Never rejected (nothing awaits it before the index is finished): a round that fails in
    // any way sends every page to one new index at the end.
    rounds.push(Promise.all(adds).then(async () => {
      const files = await writeFiles((await round)?.index);
      const split = files && splitPagefindIndex(files);
      if (!files || !split) return undefined;
      // The round's pages put together from their shares alone give Pagefind's files for them.
      const made = await assemblePagefindIndex({ version: split.version, includeCharacters: split.includeCharacters, records: split.records, shared: split.shared }, { compress: false });
      return isSamePagefindIndex(made, files, { isRaw: true }) ? split : undefined;
    }).catch(() => undefined));
  };
  const documentOf = (position: number, html: string): string => {
    const slug = slugs[position] as string;
    return searchableDocument(html, keywordsOf(site, slug), variants.get(slug));
  };
  const prepare = (position: number, page: string | undefined | KnownPage): { hash: string | undefined; document: () => string | undefined } | undefined => {
    if (page === undefined) return undefined;
    if (typeof page === 'object' && hasStore) {
      return { hash: page.hash, document: () => {
        const html = page.html();
        return html === undefined ? undefined : documentOf(position, html);
      } };
    }
    const document = documentOf(position, typeof page === 'object' ? page.html() ?? '' : page);
    return { hash: hasStore ? hashSearchDocument(pageUrl(site, slugs[position] as string), document) : undefined, document: () => document };
  };
  /** Takes the page's kept share, when there is one. */
  const keepShare = (position: number): boolean => {
    const hash = hashes[position];
    const record = hash ? records()?.records.get(hash) : undefined;
    if (!record || record.url !== pageUrl(site, slugs[position] as string)) return false;
    kept[position] = record;
    return true;
  };
  const leaveStoredIndex = (): void => {
    isStoredIndex = false;
    for (const position of matched) if (!keepShare(position)) unshared.push(position);
    matched.length = 0;
  };
  const add = (position: number, page: { hash: string | undefined; document: () => string | undefined } | undefined): void => {
    hashes[position] = page?.hash ?? null;
    if (isStoredIndex) {
      const [slug, hash] = stored!.stored.pages[position]!;
      if (slug === slugs[position] && hash === hashes[position]) {
        if (page) matched.push(position);
        return;
      }
      // The page most likely goes to Pagefind: its process starts while the kept shares are read.
      if (page) service();
      leaveStoredIndex();
    }
    if (!page || keepShare(position)) return;
    const document = page.document();
    if (document === undefined) hashes[position] = null;
    else send(position, document);
  };
  // Pagefind numbers pages in the order they arrive: send them in `slugs` order.
  const flush = (): void => {
    while (documents.has(nextToIndex)) {
      const page = documents.get(nextToIndex);
      documents.delete(nextToIndex);
      add(nextToIndex, page);
      nextToIndex += 1;
    }
  };
  const settle = async (): Promise<void> => {
    while (pending.size > 0) await Promise.all(pending);
  };
  /** Sends a page read again (its share was to come from the store). */
  const resend = async (position: number): Promise<void> => {
    const html = await reread?.(slugs[position] as string);
    if (html !== undefined) send(position, documentOf(position, html));
  };

  /** A Pagefind index's files, sorted, without the ones docsgen does not use; the index is then deleted. */
  const writeFiles = async (index: PagefindIndex | undefined): Promise<SearchIndexFile[] | undefined> => {
    if (!index) return undefined;
    const written = await index.getFiles();
    await index.deleteIndex();
    for (const error of written.errors) messages.push({ reason: `Cannot write the search index: ${error}`, ruleId: 'search-index-failed', source, fatal: true });
    return sortFiles(written.files.filter((file) => !unusedFiles.test(file.path)).map((file) => ({ path: file.path.replace(/\\/g, '/'), content: file.content })));
  };
  /** Pagefind's files for the pages sent (in one round). */
  const pagefindFiles = async (): Promise<SearchIndexFile[] | undefined> => {
    await settle();
    return writeFiles((await service())?.index);
  };

  /** The index of every page from its share: kept for some pages, split from Pagefind's files for the others. */
  const assemble = async (splits: readonly SplitPagefindIndex[]): Promise<AssembledIndex | undefined> => {
    const split = splits[0];
    const byPosition = new Map<number, PagefindPageRecord>();
    kept.forEach((record, position) => record && byPosition.set(position, record));
    const byUrl = new Map(slugs.map((slug, position) => [pageUrl(site, slug), position]));
    for (const record of splits.flatMap((each) => each.records)) {
      const position = byUrl.get(record.url);
      if (position === undefined || byPosition.has(position)) return undefined;
      byPosition.set(position, record);
    }
    // Every page sent is in Pagefind's output, unless Pagefind said it could not index it.
    const positions = [...byPosition.keys()].sort((a, b) => a - b);
    const ordered = positions.map((position) => byPosition.get(position)!);
    const version = split?.version ?? records()?.version;
    if (version === undefined || ordered.length === 0) return undefined;
    // Stemmers of languages without a page now stay kept for a later index that has some.
    const shared = new Map((records()?.shared ?? []).map((file) => [file.path, file]));
    for (const file of splits.flatMap((each) => each.shared)) shared.set(file.path, file);
    const wasm = new Set(['wasm.unknown.pagefind', ...ordered.map((record) => `wasm.${record.wasm}.pagefind`)]);
    const includeCharacters = split?.includeCharacters ?? records()?.includeCharacters;
    // Each page's key is its document's hash: the last index's word lists keep the pages whose hash did not change.
    const assembled = await assemblePagefindIndexAndState({
      version,
      includeCharacters,
      records: ordered,
      shared: [...shared.values()].filter((file) => !file.path.startsWith('wasm.') || wasm.has(file.path)),
    }, { packed: records()?.packed, keys: positions.map((position) => hashes[position] ?? ''), previous: records()?.assembly });
    return { files: assembled.files, records: byPosition, version, includeCharacters, shared: [...shared.values()], assembly: assembled.state };
  };

  /** Stores the index (with its pages' shares, when it was put together from them); returns the result. */
  const keep = (files: SearchIndexFile[], made: AssembledIndex | undefined): SearchIndexResult => {
    const indexed = made ? [...made.records.keys()] : [...indexedByPagefind];
    const result = { files, slugs: indexed.sort((a, b) => a - b).map((position) => slugs[position] as string), messages };
    if (!hasStore || messages.some((message) => message.fatal)) return result;
    if (storeFolder) writeStoredSearchIndex(storeFolder, { settings, pages: slugs.map((slug, position) => [slug, hashes[position] ?? null]), indexed: result.slugs, messages }, files);
    const store: StoredSearchRecords | undefined = made && {
      settings, version: made.version, includeCharacters: made.includeCharacters, shared: made.shared,
      records: new Map([...made.records].map(([position, record]) => [hashes[position] as string, record])),
      packed: new Map(made.files.flatMap((file) => (file.rawHash === undefined ? [] : [[file.rawHash, file.content] as const]))),
      assembly: made.assembly,
    };
    if (shares) shares.current = store;
    else if (storeFolder) writeStoredSearchRecords(storeFolder, store, storedRecords ?? undefined);
    return result;
  };

  return {
    slugs,
    add(slug, page) {
      const position = positions.get(slug);
      if (position === undefined || position < nextToIndex || documents.has(position)) return undefined;
      const prepared = prepare(position, page);
      documents.set(position, prepared);
      flush();
      return prepared?.hash;
    },
    drained: () => (inFlight < concurrency ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    async finish(finishOptions) {
      try {
        if (finishOptions?.discard) {
          await settle();
          await (await created)?.index?.deleteIndex();
          await Promise.all(rounds);
          return { files: [], slugs: [], messages };
        }
        // Pages never handed over are left out; those after them still go in, in order.
        for (let position = nextToIndex; position < slugs.length; position += 1) if (!documents.has(position)) documents.set(position, undefined);
        flush();
        // Every page has the document the stored index was made from: its files are the index.
        if (isStoredIndex) {
          const files = stored!.read();
          if (files) return { files, slugs: stored!.stored.indexed, messages: [...messages, ...stored!.stored.messages] };
          leaveStoredIndex();
        }
        for (const position of unshared.splice(0)) await resend(position);
        const withDocument = (): number[] => slugs.flatMap((_slug, position) => (typeof hashes[position] === 'string' ? [position] : []));
        if (sent.length === 0 && kept.some(Boolean)) {
          const made = await assemble([]);
          if (made) return keep(made.files, made);
          // The kept shares did not do after all: every page goes to Pagefind.
          kept.length = 0;
          for (const position of withDocument()) await resend(position);
        }
        if (rounds.length > 0) {
          // The last round is written now; the index is put together from every round's shares.
          await settle();
          endRound();
          const splits = await Promise.all(rounds.splice(0));
          const made = splits.every((split) => split !== undefined) ? await assemble(splits as SplitPagefindIndex[]) : undefined;
          if (made) return keep(made.files, made);
        } else {
          const files = (await pagefindFiles()) ?? [];
          if (files.length === 0) return { files: [], slugs: [], messages };
          const split = splitPagefindIndex(files);
          const made = split ? await assemble([split]) : undefined;
          if (made && kept.some(Boolean)) return keep(made.files, made);
          if (!kept.some(Boolean)) {
            // Every page went to Pagefind: its files are the index. Their shares are kept for the
            // next build only when they put together the very same index.
            const same = made !== undefined && isSamePagefindIndex(made.files, files);
            return same ? keep(made.files, made) : keep(files, undefined);
          }
        }
        // Pagefind's output for the new pages could not be split (or a round's shares did not
        // put together its files): every page goes to one new index.
        roundSize = Infinity;
        await created?.then((result) => result?.index?.deleteIndex()).catch(() => undefined);
        created = undefined;
        sent.length = 0;
        kept.length = 0;
        indexedByPagefind.clear();
        for (const position of withDocument()) await resend(position);
        return keep((await pagefindFiles()) ?? [], undefined);
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

/** An index put together from page shares, with what keeping them for the next index needs. */
interface AssembledIndex {
  files: PagefindFile[];
  /** Each indexed page's share, by its position in the index order. */
  records: Map<number, PagefindPageRecord>;
  version: string;
  includeCharacters: unknown;
  /** Pagefind's client and every stemmer seen, those of languages without a page now included. */
  shared: SearchIndexFile[];
  /** The index's word lists, for the next index (`AssembleOptions.previous`). */
  assembly: AssemblyState;
}

function sortFiles<T extends { path: string }>(files: T[]): T[] {
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
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

let roundsEnded = 0;

/** Rounds of pages sent to their own Pagefind index so far in this process, last ones included (internal: for tests). */
export function countSearchRounds(): number {
  return roundsEnded;
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
    // Filter values are not the page's text: out of its words and excerpts (`data-pagefind-ignore`).
    variant?.version === undefined ? '' : `<span data-pagefind-filter="version" data-pagefind-ignore hidden>${escapeText(variant.version)}</span>`,
    variant?.language === undefined ? '' : `<span data-pagefind-filter="language" data-pagefind-ignore hidden>${escapeText(variant.language)}</span>`,
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
