import { assemblePagefindIndexAndState, type AssemblyState } from './pagefind-assemble.js';
import type { PagefindFile } from './pagefind-file.js';
import type { PagefindPageRecord, SplitPagefindIndex } from './pagefind-split.js';
import type { StoredSearchRecords } from './search-store.js';
import type { SearchIndexFile } from './search-types.js';

/** An index put together from page shares, with what keeping them for the next index needs. */
export interface AssembledIndex {
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

/** What an index of shares is put together from, besides Pagefind's new output. */
export interface IndexShares {
  /** Each page's URL, by position. */
  urls: readonly string[];
  /** Each page's document hash (`null`: left out), by position: the key of its share. */
  hashes: ReadonlyArray<string | null>;
  /** The shares kept from the store, by position. */
  kept: ReadonlyArray<PagefindPageRecord | undefined>;
  /** The stored index's shares and word lists, when there is one. */
  stored: StoredSearchRecords | undefined;
}

/**
 * The index of every page from its share: kept for some pages, split from Pagefind's files for
 * the others (`splits`). `undefined` when the shares do not make one index: a page twice, a
 * page that is not in the index, no page at all.
 */
export async function assembleFromShares(shares: IndexShares, splits: readonly SplitPagefindIndex[]): Promise<AssembledIndex | undefined> {
  const { stored } = shares;
  const split = splits[0];
  const byPosition = new Map<number, PagefindPageRecord>();
  shares.kept.forEach((record, position) => record && byPosition.set(position, record));
  const byUrl = new Map(shares.urls.map((url, position) => [url, position]));
  for (const record of splits.flatMap((each) => each.records)) {
    const position = byUrl.get(record.url);
    if (position === undefined || byPosition.has(position)) return undefined;
    byPosition.set(position, record);
  }
  // Every page sent is in Pagefind's output, unless Pagefind said it could not index it.
  const order = [...byPosition.keys()].sort((a, b) => a - b);
  const ordered = order.map((position) => byPosition.get(position)!);
  const version = split?.version ?? stored?.version;
  if (version === undefined || ordered.length === 0) return undefined;
  // Stemmers of languages without a page now stay kept for a later index that has some.
  const shared = new Map((stored?.shared ?? []).map((file) => [file.path, file]));
  for (const file of splits.flatMap((each) => each.shared)) shared.set(file.path, file);
  const wasm = new Set(['wasm.unknown.pagefind', ...ordered.flatMap((record) => (record.wasm === null ? [] : [`wasm.${record.wasm}.pagefind`]))]);
  const includeCharacters = split?.includeCharacters ?? stored?.includeCharacters;
  // Each page's key is its document's hash: the last index's word lists keep the pages whose hash did not change.
  const assembled = await assemblePagefindIndexAndState({
    version,
    includeCharacters,
    records: ordered,
    shared: [...shared.values()].filter((file) => !file.path.startsWith('wasm.') || wasm.has(file.path)),
  }, { packed: stored?.packed, keys: order.map((position) => shares.hashes[position] ?? ''), previous: stored?.assembly });
  return { files: assembled.files, records: byPosition, version, includeCharacters, shared: [...shared.values()], assembly: assembled.state };
}
