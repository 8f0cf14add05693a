import type { DocsgenMessage } from '@docsgen/config';
import { availableParallelism } from 'node:os';
import type { PagefindIndex } from 'pagefind';
import { assemblePagefindIndex, isPublishedAsWritten, likelyFragmentFiles, repackPagefindIndex } from './pagefind-assemble.js';
import { isSamePagefindIndex, mergeLanguageParts, sortFiles, type PagefindFile } from './pagefind-file.js';
import { splitPagefindIndex, type PagefindPageRecord, type SplitPagefindIndex } from './pagefind-split.js';
import { assembleFromShares, type AssembledIndex } from './search-index-shares.js';
import { hashSearchDocument, readStoredSearchIndex, readStoredSearchRecords, searchIndexSettings, writeStoredSearchIndex, writeStoredSearchRecords, type StoredSearchRecords } from './search-store.js';
import { excludeSelectors, searchableDocument } from './searchable-document.js';
import type { IndexerHost, KnownPage, PagefindIndexResult, SearchIndexer, SearchIndexFile, SearchIndexResult, SearchPage, SearchShares, StartSearchIndexOptions } from './search-types.js';

// One index being made while a site's pages render (issue 7 "Search"; SPEC: `search`), for the
// build and the dev server alike: each indexable page's rendered document goes in, Pagefind's
// chunked index comes out. With a store, only pages whose searchable text is new go to Pagefind,
// and the index is put together from every page's share (`assemblePagefindIndex`).

const source = '@docsgen/search';
/** Pages waiting for Pagefind at most, before `SearchIndexer#drained` holds the producer back. */
export const concurrency = 16;
// Fewest pages in one round of a stored index (`startSearchIndex`).
const minRoundSize = 100;
// Fewest pages in a round that ends early because no more pages than it holds are still to come.
const minLastRound = 16;

// Pagefind processes an index is made in, at most (`StartSearchIndexOptions.processes`).
const maxProcesses = 4;

// Pagefind also writes its own UIs and highlighter; docsgen has its dialog, so they stay out.
const unusedFiles = /^pagefind-(component-ui|modular-ui|ui|highlight)\.(js|css)$|^playground\//;

let roundsEnded = 0;

/** Rounds of pages sent to their own Pagefind index so far in this process, last ones included (for tests). */
export function countSearchRounds(): number {
  return roundsEnded;
}

/**
 * An index of `pages` (in this order) for a build that renders pages as it goes: start the
 * index before the first page, hand each page over as it is rendered, and Pagefind indexes while
 * the other pages render instead of after all of them. With a store (`options.storeFolder`),
 * only pages whose searchable text is new since the stored index go to Pagefind.
 */
export function startSearchIndex(pages: readonly SearchPage[], options: StartSearchIndexOptions | null | undefined, host: IndexerHost): SearchIndexer {
  return new SearchIndexRun(pages, options, host);
}

/** A page handed over: the hash of its searchable document (with a store), and the document. */
interface Prepared {
  hash: string | undefined;
  document: () => string | undefined;
}

class SearchIndexRun implements SearchIndexer {
  readonly slugs: readonly string[];
  readonly #pages: readonly SearchPage[];
  readonly #host: IndexerHost;
  readonly #messages: DocsgenMessage[] = [];
  readonly #positions: Map<string, number>;
  readonly #urls: string[];
  // Pages handed over ahead of their turn: their hash and document (`undefined`: left out).
  readonly #documents = new Map<number, Prepared | undefined>();
  #nextToIndex = 0;
  #inFlight = 0;
  #waiters: Array<() => void> = [];
  // A store is used only with a way to read pages again (`options.document`).
  readonly #reread: ((slug: string) => string | undefined | Promise<string | undefined>) | undefined;
  readonly #storeFolder: string | undefined;
  readonly #shares: SearchShares | undefined;
  readonly #hasStore: boolean;
  readonly #settings: string;
  // Per position: the hash of the page's document (`null`: left out), and its kept share.
  readonly #hashes: Array<string | null> = [];
  readonly #kept: Array<PagefindPageRecord | undefined> = [];
  readonly #sent: number[] = [];
  readonly #indexedByPagefind = new Set<number>();
  readonly #stored: ReturnType<typeof readStoredSearchIndex>;
  // The stored index's files are the index while every page has the document it was made from;
  // the pages matched so far need their shares only once one does not.
  #isStoredIndex: boolean;
  readonly #matched: number[] = [];
  // Pages whose share was to come from the store but is not there: read again and sent at the end.
  readonly #unshared: number[] = [];
  // The kept shares, read when first needed: a build in which no page changed never reads them.
  #storedRecords: StoredSearchRecords | undefined | null = null;
  // Pagefind's index of the current round; with a store, it starts with the first page sent.
  #created: Promise<PagefindIndexResult | undefined> | undefined;
  readonly #pending = new Set<Promise<void>>();
  // With a way to read pages again (`options.document`), pages go to Pagefind in rounds of an
  // eighth of the pages (100 at least), each its own Pagefind index: a round's files are written
  // (and split into shares) while the next round's pages render, instead of all at the end. The
  // index is then put together from the rounds' shares (and the stored ones); each round's own
  // files are checked against what its shares put together give. Pagefind handles one request
  // at a time: a first round of all but the last eighth (as before) kept it writing for 2 s of
  // its time while the last pages waited behind it, and the build waited at the end; a round of
  // an eighth is written in a fraction of the time the next eighth takes to render, and only
  // the last one's is left at the end (8 ms of Pagefind's time and 5 ms of Node's a round).
  // Without a store, there are no rounds when the producer renders many pages after the
  // index's (`pagesAfter`): those cover Pagefind's writing of one index.
  #roundSize: number;
  #roundAdds: Array<Promise<void>> = [];
  readonly #rounds: Array<Promise<SplitPagefindIndex | undefined>> = [];
  // Without a store, Pagefind's files, asked for as soon as every page is in (`#flush`): written
  // while the build renders pages that are not indexed and writes its other files.
  #written: Promise<SearchIndexFile[] | undefined> | undefined;
  // Where files of the index go as soon as they are most likely final (`StartSearchIndexOptions.onFiles`).
  readonly #onFiles: ((files: SearchIndexFile[]) => void) | undefined;
  // An index in one go, without a store, is made in parts, one Pagefind process each: Pagefind
  // writes the index in one thread, its whole work after the last page (4 s of the platform's
  // docs, in 4 languages), and each language's files are its own (`mergeLanguageParts`). The
  // part of each language, planned from the pages' navigation languages; the other parts'
  // indexes (the first is `#created`); whether a page could not be placed by its language, so
  // the pages go to one index after all.
  #parts: Map<string, number> | undefined;
  readonly #otherParts = new Map<number, Promise<PagefindIndexResult | undefined>>();
  #isPartsFailed = false;
  // Pagefind processes the index is made in (`StartSearchIndexOptions.processes`).
  readonly #processes: number;

  constructor(pages: readonly SearchPage[], options: StartSearchIndexOptions | null | undefined, host: IndexerHost) {
    this.#pages = pages;
    this.#host = host;
    this.slugs = pages.map((page) => page.slug);
    this.#positions = new Map(this.slugs.map((slug, position) => [slug, position]));
    this.#urls = pages.map((page) => page.url);
    this.#reread = options?.document ?? undefined;
    this.#storeFolder = (this.#reread && options?.storeFolder) || undefined;
    this.#shares = (this.#reread && options?.shares) || undefined;
    this.#hasStore = this.#storeFolder !== undefined || this.#shares !== undefined;
    this.#settings = this.#hasStore ? searchIndexSettings({ excludeSelectors }) : '';
    this.#stored = this.#storeFolder ? readStoredSearchIndex(this.#storeFolder) : undefined;
    this.#isStoredIndex = this.#stored !== undefined && this.#stored.stored.settings === this.#settings && this.#stored.stored.pages.length === this.slugs.length;
    // Without a way to read pages again, a round whose files fail their check could not be sent again.
    const roundSize = Math.max(options?.roundSize ?? minRoundSize, Math.ceil(this.slugs.length / 8));
    const isInRounds = this.#hasStore || (this.#reread !== undefined && roundSize < this.slugs.length && (options?.pagesAfter ?? 0) * 10 < this.slugs.length);
    this.#roundSize = isInRounds ? roundSize : Infinity;
    this.#onFiles = options?.onFiles ?? undefined;
    this.#processes = Math.max(1, options?.processes ?? Math.min(maxProcesses, availableParallelism()));
    if (!this.#hasStore && !isInRounds && this.#reread) this.#parts = planParts(pages, this.#processes);
    // Without a store, Pagefind's processes start now.
    if (!this.#hasStore) void this.#service();
    for (const part of new Set(this.#parts?.values())) if (part > 0) void this.#indexOfPart(part);
  }

  #records(): StoredSearchRecords | undefined {
    if (this.#storedRecords === null) {
      this.#storedRecords = this.#shares ? (this.#shares.current?.settings === this.#settings ? this.#shares.current : undefined) : this.#storeFolder ? readStoredSearchRecords(this.#storeFolder, this.#settings) : undefined;
    }
    return this.#storedRecords;
  }

  /** The index pages go to now: the current round's, taking turns among Pagefind's processes, or the one index's first part. */
  #service(): Promise<PagefindIndexResult | undefined> {
    // Pagefind handles one request at a time: a round's files written in a process of their own
    // do not wait behind the round before, still being written (the last round, which the
    // build waits for, behind the one before it).
    return (this.#created ??= this.#host.createIndex(this.#messages, this.#roundSize === Infinity ? 0 : this.#rounds.length % this.#processes));
  }

  #release(): void {
    if (this.#inFlight >= concurrency) return;
    const ready = this.#waiters;
    this.#waiters = [];
    for (const resolve of ready) resolve();
  }

  /** The index of part `part` (the first is `#service`'s). */
  #indexOfPart(part: number): Promise<PagefindIndexResult | undefined> {
    if (part === 0) return this.#service();
    let index = this.#otherParts.get(part);
    if (!index) this.#otherParts.set(part, (index = this.#host.createIndex(this.#messages, part)));
    return index;
  }

  /** The part a page's document goes to: its language's (the first, when the index is in one part). */
  #partOfDocument(document: string): number {
    if (!this.#parts || this.#isPartsFailed) return 0;
    // Pagefind reads the language from `<html lang>`; a document without one is indexed with the
    // language that has the most pages, and one without `data-pagefind-body` makes every
    // document's `<body>` count in its process: neither can go to a part.
    const language = /\slang="([^"&]*)"/.exec(/<html\b[^>]*>/.exec(document)?.[0] ?? '')?.[1]?.toLowerCase();
    if (language === undefined || !document.includes(' data-pagefind-body')) {
      this.#isPartsFailed = true;
      return 0;
    }
    return this.#parts.get(language) ?? this.#parts.get(language.split(/[-_]/)[0] as string) ?? 0;
  }

  #send(position: number, document: string): void {
    const slug = this.slugs[position] as string;
    const part = this.#partOfDocument(document);
    this.#sent.push(position);
    this.#inFlight += 1;
    const added = (async () => {
      const index = (await this.#indexOfPart(part))?.index;
      if (!index) return;
      const result = await index.addHTMLFile({ url: this.#urls[position] as string, content: document });
      if (result.errors.length > 0) {
        this.#messages.push({ reason: `Cannot index \`${slug}\` for search: ${result.errors.join('; ')}`, ruleId: 'search-index-failed', source, fatal: false, file: this.#pages[position]?.file });
      } else this.#indexedByPagefind.add(position);
    })().finally(() => {
      this.#inFlight -= 1;
      this.#pending.delete(added);
      this.#release();
    });
    this.#pending.add(added);
    this.#roundAdds.push(added);
    // Towards the end, a round ends once it holds as many pages as are still to come: rounds halve
    // down to `minLastRound` pages, so the last one, which the build waits for, is small.
    const left = this.slugs.length - 1 - position;
    const adds = this.#roundAdds.length;
    if (adds >= this.#roundSize || (this.#roundSize !== Infinity && adds >= minLastRound && left <= adds)) this.#endRound();
  }

  /** Starts writing the current round's files; the next page sent starts a new round. */
  #endRound(): void {
    const round = this.#created;
    const adds = this.#roundAdds;
    if (!round || adds.length === 0) return;
    this.#created = undefined;
    this.#roundAdds = [];
    roundsEnded += 1;
    // Never rejected (nothing awaits it before the index is finished): a round that fails in
    // any way sends every page to one new index at the end.
    this.#rounds.push(Promise.all(adds).then(async () => {
      const files = await this.#writeFiles((await round)?.index);
      const split = files && splitPagefindIndex(files);
      if (!files || !split) return undefined;
      // The round's pages put together from their shares alone give Pagefind's files for them.
      const made = await assemblePagefindIndex({ version: split.version, includeCharacters: split.includeCharacters, records: split.records, shared: split.shared }, { compress: false });
      if (!isSamePagefindIndex(made, files, { isRaw: true })) return undefined;
      // The round's fragments are the index's (as Pagefind compressed them), most likely under these names.
      this.#publish(likelyFragmentFiles(split.records));
      return split;
    }).catch(() => undefined));
  }

  /** Hands files most likely final to `onFiles`; what it does with them is no concern of the index. */
  #publish(files: SearchIndexFile[]): void {
    if (!this.#onFiles || files.length === 0) return;
    try {
      this.#onFiles(files);
    } catch {
      // The finished index's files are written then.
    }
  }

  /** The document Pagefind gets for a page's HTML. */
  #documentOf(position: number, html: string): string {
    const page = this.#pages[position] as SearchPage;
    return searchableDocument(html, page.keywords ?? [], page);
  }

  /** A page as handed over, with its hash when there is a store. */
  #prepare(position: number, page: string | undefined | KnownPage): Prepared | undefined {
    if (page === undefined) return undefined;
    if (typeof page === 'object' && this.#hasStore) {
      return { hash: page.hash, document: () => {
        const html = page.html();
        return html === undefined ? undefined : this.#documentOf(position, html);
      } };
    }
    const document = this.#documentOf(position, typeof page === 'object' ? page.html() ?? '' : page);
    return { hash: this.#hasStore ? hashSearchDocument(this.#urls[position] as string, document) : undefined, document: () => document };
  }

  /** Takes the page's kept share, when there is one. */
  #keepShare(position: number): boolean {
    const hash = this.#hashes[position];
    const record = hash ? this.#records()?.records.get(hash) : undefined;
    if (!record || record.url !== this.#urls[position]) return false;
    this.#kept[position] = record;
    return true;
  }

  /** A page differs from the stored index: the pages matched so far need their shares. */
  #leaveStoredIndex(): void {
    this.#isStoredIndex = false;
    for (const position of this.#matched) if (!this.#keepShare(position)) this.#unshared.push(position);
    this.#matched.length = 0;
  }

  /** The page at `position`, in its turn: matched with the store, kept, or sent to Pagefind. */
  #take(position: number, page: Prepared | undefined): void {
    this.#hashes[position] = page?.hash ?? null;
    if (this.#isStoredIndex) {
      const [slug, hash] = this.#stored!.stored.pages[position]!;
      if (slug === this.slugs[position] && hash === this.#hashes[position]) {
        if (page) this.#matched.push(position);
        return;
      }
      // The page most likely goes to Pagefind: its process starts while the kept shares are read.
      if (page) this.#service();
      this.#leaveStoredIndex();
    }
    if (!page || this.#keepShare(position)) return;
    const document = page.document();
    if (document === undefined) this.#hashes[position] = null;
    else this.#send(position, document);
  }

  // Pagefind numbers pages in the order they arrive: send them in `slugs` order.
  #flush(): void {
    while (this.#documents.has(this.#nextToIndex)) {
      const page = this.#documents.get(this.#nextToIndex);
      this.#documents.delete(this.#nextToIndex);
      this.#take(this.#nextToIndex, page);
      this.#nextToIndex += 1;
    }
    if (this.#nextToIndex === this.slugs.length) this.#writeNow();
  }

  /**
   * Every page is in: Pagefind writes the index (or the last round) now, not when `finish` is
   * called, so it works while the build renders its pages that are not indexed (hidden ones,
   * for instance: a tenth of the platform's docs) and writes its other files.
   */
  #writeNow(): void {
    if (this.#isStoredIndex || this.#unshared.length > 0) return;
    if (this.#rounds.length > 0) this.#endRound();
    else if (!this.#hasStore) {
      // Published as Pagefind wrote them (`published`), except its entry, meta, chunks and filters.
      this.#written ??= this.#pagefindFiles().then((files) => {
        if (files) this.#publish(files.filter((file) => isPublishedAsWritten(file.path)));
        return files;
      });
    }
  }

  async #settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  /** Sends a page read again (its share was to come from the store). */
  async #resend(position: number): Promise<void> {
    const html = await this.#reread?.(this.slugs[position] as string);
    if (html !== undefined) this.#send(position, this.#documentOf(position, html));
  }

  /** A Pagefind index's files, sorted, without the ones docsgen does not use; the index is then deleted. */
  async #writeFiles(index: PagefindIndex | undefined): Promise<SearchIndexFile[] | undefined> {
    if (!index) return undefined;
    const written = await index.getFiles();
    await index.deleteIndex();
    for (const error of written.errors) this.#messages.push({ reason: `Cannot write the search index: ${error}`, ruleId: 'search-index-failed', source, fatal: true });
    return sortFiles(written.files.filter((file) => !unusedFiles.test(file.path)).map((file) => ({ path: file.path.replace(/\\/g, '/'), content: file.content })));
  }

  /** Pagefind's files for the pages sent (in one round, or in parts: `undefined` when they do not merge). */
  async #pagefindFiles(): Promise<SearchIndexFile[] | undefined> {
    await this.#settle();
    if (this.#otherParts.size === 0) return this.#writeFiles((await this.#service())?.index);
    if (this.#isPartsFailed) return undefined;
    // A part's fragments are written, and its word lists packed, as soon as it has them, while
    // the other parts still work.
    const parts = await Promise.all([this.#service(), ...this.#otherParts.values()].map(async (index) => {
      const files = await this.#writeFiles((await index)?.index);
      if (!files) return undefined;
      this.#publish(files.filter((file) => isPublishedAsWritten(file.path)));
      return published(files);
    }));
    const files = parts.every((part) => part !== undefined) ? mergeLanguageParts(parts) : undefined;
    if (!files) this.#isPartsFailed = true;
    return files;
  }

  /** The Pagefind indexes of this one under way: the current round's or first part's, and the other parts'. */
  #indexes(): Array<Promise<PagefindIndexResult | undefined> | undefined> {
    return [this.#created, ...this.#otherParts.values()];
  }

  /** Deletes every Pagefind index of this one (a deleted one is ignored). */
  async #deleteIndexes(): Promise<void> {
    await Promise.all(this.#indexes().map((index) => index?.then((result) => result?.index?.deleteIndex()).catch(() => undefined)));
  }

  /**
   * The index from the files of one Pagefind index of the pages sent; `undefined` when they
   * cannot be split into shares while other pages keep theirs (every page then goes to one new index).
   */
  async #fromOneIndex(files: SearchIndexFile[]): Promise<SearchIndexResult | undefined> {
    if (files.length === 0) return { files: [], slugs: [], messages: this.#messages };
    // Without a store, no share is kept: Pagefind's files as they are published.
    if (!this.#hasStore) return this.#keep(await published(files), undefined);
    const isKept = this.#kept.some(Boolean);
    const split = splitPagefindIndex(files);
    const made = split ? await this.#assemble([split]) : undefined;
    if (made && isKept) return this.#keep(made.files, made);
    if (isKept) return undefined;
    // Every page went to Pagefind: its files are the index. Their shares are kept for the
    // next build only when they put together the very same index.
    const same = made !== undefined && isSamePagefindIndex(made.files, files);
    return same ? this.#keep(made.files, made) : this.#keep(await published(files), undefined);
  }

  /** The index of every page from its share (see `assembleFromShares`). */
  #assemble(splits: readonly SplitPagefindIndex[]): Promise<AssembledIndex | undefined> {
    return assembleFromShares({ urls: this.#urls, hashes: this.#hashes, kept: this.#kept, stored: this.#records() }, splits);
  }

  /** Stores the index (with its pages' shares, when it was put together from them); returns the result. */
  #keep(files: SearchIndexFile[], made: AssembledIndex | undefined): SearchIndexResult {
    const indexed = made ? [...made.records.keys()] : [...this.#indexedByPagefind];
    const result = { files, slugs: indexed.sort((a, b) => a - b).map((position) => this.slugs[position] as string), messages: this.#messages };
    if (!this.#hasStore || this.#messages.some((message) => message.fatal)) return result;
    if (this.#storeFolder) writeStoredSearchIndex(this.#storeFolder, { settings: this.#settings, pages: this.slugs.map((slug, position) => [slug, this.#hashes[position] ?? null]), indexed: result.slugs, messages: this.#messages }, files);
    const store: StoredSearchRecords | undefined = made && {
      settings: this.#settings, version: made.version, includeCharacters: made.includeCharacters, shared: made.shared,
      records: new Map([...made.records].map(([position, record]) => [this.#hashes[position] as string, record])),
      packed: new Map(made.files.flatMap((file) => (file.rawHash === undefined ? [] : [[file.rawHash, file.content] as const]))),
      assembly: made.assembly,
    };
    if (this.#shares) this.#shares.current = store;
    else if (this.#storeFolder) writeStoredSearchRecords(this.#storeFolder, store, this.#storedRecords ?? undefined);
    return result;
  }

  /** See `SearchIndexer#add`. */
  add(slug: string, page: string | undefined | KnownPage): string | undefined {
    const position = this.#positions.get(slug);
    if (position === undefined || position < this.#nextToIndex || this.#documents.has(position)) return undefined;
    const prepared = this.#prepare(position, page);
    this.#documents.set(position, prepared);
    this.#flush();
    return prepared?.hash;
  }

  /** Resolves when fewer than a few pages wait for Pagefind. */
  drained(): Promise<void> {
    return this.#inFlight < concurrency ? Promise.resolve() : new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  /** See `SearchIndexer#finish`. */
  async finish(finishOptions?: { discard?: boolean | undefined } | null): Promise<SearchIndexResult> {
    try {
      if (finishOptions?.discard) {
        await this.#settle();
        // Files being written delete their index once written.
        if (this.#written) await this.#written.catch(() => undefined);
        else await this.#deleteIndexes();
        await Promise.all(this.#rounds);
        return { files: [], slugs: [], messages: this.#messages };
      }
      // Pages never handed over are left out; those after them still go in, in order.
      for (let position = this.#nextToIndex; position < this.slugs.length; position += 1) if (!this.#documents.has(position)) this.#documents.set(position, undefined);
      this.#flush();
      // Every page has the document the stored index was made from: its files are the index.
      if (this.#isStoredIndex) {
        const files = this.#stored!.read();
        if (files) return { files, slugs: this.#stored!.stored.indexed, messages: [...this.#messages, ...this.#stored!.stored.messages] };
        this.#leaveStoredIndex();
      }
      for (const position of this.#unshared.splice(0)) await this.#resend(position);
      const withDocument = (): number[] => this.slugs.flatMap((_slug, position) => (typeof this.#hashes[position] === 'string' ? [position] : []));
      if (this.#sent.length === 0 && this.#kept.some(Boolean)) {
        const made = await this.#assemble([]);
        if (made) return this.#keep(made.files, made);
        // The kept shares did not do after all: every page goes to Pagefind.
        this.#kept.length = 0;
        for (const position of withDocument()) await this.#resend(position);
      }
      if (this.#rounds.length > 0) {
        // The last round is written now; the index is put together from every round's shares.
        await this.#settle();
        this.#endRound();
        const splits = await Promise.all(this.#rounds.splice(0));
        const made = splits.every((split) => split !== undefined) ? await this.#assemble(splits as SplitPagefindIndex[]) : undefined;
        if (made) return this.#keep(made.files, made);
      } else {
        const files = (await (this.#written ?? this.#pagefindFiles())) ?? [];
        const result = this.#isPartsFailed ? undefined : await this.#fromOneIndex(files);
        if (result) return result;
      }
      // Pagefind's output for the new pages could not be split (or a round's shares did not
      // put together its files, or the parts' files did not merge): every page goes to one new index.
      this.#roundSize = Infinity;
      this.#isPartsFailed = true;
      await this.#deleteIndexes();
      this.#created = undefined;
      this.#otherParts.clear();
      // Without a store, the pages sent are the pages with a document.
      const again = this.#hasStore ? withDocument() : [...this.#sent].sort((a, b) => a - b);
      this.#sent.length = 0;
      this.#kept.length = 0;
      this.#indexedByPagefind.clear();
      for (const position of again) await this.#resend(position);
      return this.#keep(await published((await this.#pagefindFiles()) ?? []), undefined);
    } finally {
      // An index started for a page that then took its kept share is not used: its creation
      // settles first, or closing the service next would fail it (and report it as a failure).
      await Promise.all(this.#indexes().map((index) => index?.catch(() => undefined)));
      await this.#host.finished();
    }
  }
}

/**
 * Pagefind's files of an index of every page, as they are published: packed as an index put
 * together from shares is (`repackPagefindIndex`), so a build gives the same bytes with the
 * cache or without it, whichever way its index was made; as Pagefind wrote them when they are
 * not the format the package reads.
 */
async function published(files: SearchIndexFile[]): Promise<SearchIndexFile[]> {
  return (await repackPagefindIndex(files)) ?? files;
}

/**
 * The Pagefind process (0 to `processes` - 1) of each navigation language of `pages`, lower case:
 * the languages with the most pages first, each to the process with the fewest pages so far.
 * `undefined` when there are not two processes and two languages.
 */
function planParts(pages: readonly SearchPage[], processes: number): Map<string, number> | undefined {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const language = page.language?.toLowerCase();
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  if (processes < 2 || counts.size < 2) return undefined;
  const loads = Array.from({ length: Math.min(processes, counts.size) }, () => 0);
  const parts = new Map<string, number>();
  for (const [language, count] of [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    const part = loads.indexOf(Math.min(...loads));
    loads[part] = (loads[part] as number) + count;
    parts.set(language, part);
  }
  return parts;
}
