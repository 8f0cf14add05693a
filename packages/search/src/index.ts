export { createSearchService } from './search-service.js';
export type { SearchService } from './search-service.js';
export type {
  BuildSearchIndexOptions,
  KnownPage,
  SearchIndexer,
  SearchIndexFile,
  SearchIndexResult,
  SearchPage,
  SearchShares,
  StartSearchIndexOptions,
} from './search-types.js';
export type { StoredSearchRecords } from './search-store.js';
export { searchableDocument, searchableRegion } from './searchable-document.js';
export { assemblePagefindIndex, assemblePagefindIndexAndState } from './pagefind-assemble.js';
export type { AssembleOptions, AssemblyState } from './pagefind-assemble.js';
export { isSamePagefindIndex } from './pagefind-file.js';
export type { PagefindFile } from './pagefind-file.js';
export { splitPagefindIndex } from './pagefind-split.js';
export type { PagefindPageRecord, SplitPagefindIndex } from './pagefind-split.js';
export type { WordIndex } from './word-index.js';
export { decodeCbor, encodeCbor } from './cbor.js';
export type { Cbor } from './cbor.js';
