import type { DocsgenMessage } from '@docsgen/config';
import type { PagefindIndex } from 'pagefind';
import { assemblePagefindIndex, assemblePagefindIndexAndState, type AssemblyState } from './pagefind-assemble.js';
import { isSamePagefindIndex, sortFiles, type PagefindFile } from './pagefind-file.js';
import { splitPagefindIndex, type PagefindPageRecord, type SplitPagefindIndex } from './pagefind-split.js';
import { hashSearchDocument, readStoredSearchIndex, readStoredSearchRecords, searchIndexSettings, writeStoredSearchIndex, writeStoredSearchRecords, type StoredSearchRecords } from './search-store.js';
import { excludeSelectors, searchableDocument } from './searchable-document.js';
import type { KnownPage, SearchIndexer, SearchIndexFile, SearchIndexResult, SearchPage, SearchShares, StartSearchIndexOptions } from './search-types.js';

// One index being made while a site's pages render (issue 7 "Search"; SPEC: `search`), for the
// build and the dev server alike: each indexable page's rendered document goes in, Pagefind's
// chunked index comes out. With a store, only pages whose searchable text is new go to Pagefind,
// and the index is put together from every page's share (`assemblePagefindIndex`).

const source = '@docsgen/search';
/** Pages waiting for Pagefind at most, before `SearchIndexer#drained` holds the producer back. */
export const concurrency = 16;
// Fewest pages in one round of a stored index (`startSearchIndex`).
const minRoundSize = 100;

// Pagefind also writes its own UIs and highlighter; docsgen has its dialog, so they stay out.
const unusedFiles = /^pagefind-(component-ui|modular-ui|ui|highlight)\.(js|css)$|^playground\//;

/** A Pagefind index from Pagefind's process, or `undefined` when it could not start (reported in `messages`). */
export type PagefindIndexResult = { index?: PagefindIndex | undefined; errors: string[] };

/** What an indexer needs from the service that owns it (`SearchService`). */
export interface IndexerHost {
  /** A new Pagefind index; `undefined` (with a message) when Pagefind's process cannot start. */
  createIndex(messages: DocsgenMessage[]): Promise<PagefindIndexResult | undefined>;
  /** Called once the index is finished (written or discarded). */
  finished(): Promise<void>;
}

let roundsEnded = 0;

/** Rounds of pages sent to their own Pagefind index so far in this process, last ones included (for tests). */
export function countSearchRounds(): number {
  return roundsEnded;
}

/**
 * An index of `pages` (in this order) for a build that renders pages as it goes: start the index before the
 * first page, hand each page over as it is rendered, and Pagefind indexes while the other pages
 * render instead of after all of them. With a store (`options.storeFolder`), only pages whose
 * searchable text is new since the stored index go to Pagefind.
 */
export function startSearchIndex(pages: readonly SearchPage[], options: StartSearchIndexOptions | null | undefined, host: IndexerHost): SearchIndexer {
  const messages: DocsgenMessage[] = [];
  const slugs = pages.map((page) => page.slug);
  const positions = new Map(slugs.map((slug, position) => [slug, position]));
  const urls = pages.map((page) => page.url);
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
  let created: Promise<PagefindIndexResult | undefined> | undefined;
  const service = (): Promise<PagefindIndexResult | undefined> => (created ??= host.createIndex(messages));
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
      const result = await index.addHTMLFile({ url: urls[position] as string, content: document });
      if (result.errors.length > 0) {
        messages.push({ reason: `Cannot index \`${slug}\` for search: ${result.errors.join('; ')}`, ruleId: 'search-index-failed', source, fatal: false, file: pages[position]?.file });
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
    const page = pages[position] as SearchPage;
    return searchableDocument(html, page.keywords ?? [], page);
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
    return { hash: hasStore ? hashSearchDocument(urls[position] as string, document) : undefined, document: () => document };
  };
  /** Takes the page's kept share, when there is one. */
  const keepShare = (position: number): boolean => {
    const hash = hashes[position];
    const record = hash ? records()?.records.get(hash) : undefined;
    if (!record || record.url !== urls[position]) return false;
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
    const byUrl = new Map(urls.map((url, position) => [url, position]));
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
        await host.finished();
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
