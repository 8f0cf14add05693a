import { CborReader, copyBytes, isCborArray as isArray } from './cbor.js';
import { contentHash, decodeFile, unpackFile, type PagefindFile } from './pagefind-file.js';

// Pagefind's index, taken apart into one record per page (put back together by
// `assemblePagefindIndex`; issue 4: a rebuild after one page changed indexes that page alone).
// Pagefind cannot update an index: it indexes every page it is given. So Pagefind indexes only
// the pages whose searchable text is new, its output is split into page records here, and the
// index is assembled from every page's record: the records of unchanged pages come from the
// last build.

/** One page's share of a Pagefind index. */
export interface PagefindPageRecord {
  url: string;
  /** The index (language) the page is in, as Pagefind names it, and its stemmer's wasm file. */
  language: string;
  wasm: string;
  /** The page's fragment file as Pagefind wrote it (compressed), and the SHA-1 of its content. */
  fragment: Uint8Array;
  fragmentHash: string;
  wordCount: number;
  /** The third field of the page's entry in the meta file (empty in every index seen). */
  extra: string;
  metaKeys: string[];
  filters: Array<[name: string, values: string[]]>;
  /**
   * The page's words, each with its original spelling when that had diacritics (`''`: none).
   * Entry `n`'s locations in the text (a CBOR array as Pagefind wrote it) are
   * `locations[bounds[n]..bounds[n + 1]]`; with its locations in the meta fields, there are
   * `sizes[n]` of them.
   */
  words: string[];
  originals: string[];
  bounds: Uint32Array;
  sizes: Uint32Array;
  locations: Uint8Array;
  /**
   * The entries found in meta fields (the title, keywords): entry number, then its locations
   * there, each field named where Pagefind writes its number in the index's list of fields.
   */
  metaLocations: Array<[entry: number, locations: Array<string | number>]>;
}

/** A Pagefind index split into page records, and the files every index has (the search client, the stemmers). */
export interface SplitPagefindIndex {
  version: string;
  includeCharacters: unknown;
  records: PagefindPageRecord[];
  /** `pagefind.js`, `pagefind-worker.js`, `wasm.*.pagefind`: the same for every index of a Pagefind version. */
  shared: PagefindFile[];
}

/**
 * Splits Pagefind's output into page records, in index order (each language's pages in page
 * order, languages in the entry's order); `undefined` when the files are not the format this
 * module reads.
 */
export function splitPagefindIndex(files: readonly PagefindFile[]): SplitPagefindIndex | undefined {
  try {
    return split(files);
  } catch {
    return undefined;
  }
}

/**
 * Whether `assemblePagefindIndex` can give these files again: not when a language has no
 * stemmer (Chinese, Japanese, an unknown language). Pagefind's entry then names no stemmer
 * file for it (`"wasm": null`) and the assembled entry names `wasm.unknown.pagefind`, so an
 * index put together from its records is never the same as Pagefind's, and need not be tried.
 */
export function canReassemble(files: readonly PagefindFile[]): boolean {
  const entryBytes = files.find((file) => file.path === 'pagefind-entry.json')?.content;
  if (!entryBytes) return true;
  try {
    const entry = JSON.parse(Buffer.from(entryBytes).toString('utf8')) as { languages?: Record<string, { wasm?: unknown }> };
    return Object.values(entry.languages ?? {}).every((language) => typeof language.wasm === 'string');
  } catch {
    return true;
  }
}

/** A page's entries while its share of the index is read: where in which chunk each one's locations are. */
interface RecordBuilder {
  words: string[];
  originals: string[];
  sizes: number[];
  /** Per entry: chunk, start, end. */
  spans: number[];
  metaLocations: Array<[entry: number, locations: Array<string | number>]>;
}

function split(files: readonly PagefindFile[]): SplitPagefindIndex | undefined {
  const byPath = new Map(files.map((file) => [file.path, file.content]));
  const entryBytes = byPath.get('pagefind-entry.json');
  if (!entryBytes) return undefined;
  const entry = JSON.parse(Buffer.from(entryBytes).toString('utf8')) as { version: string; languages: Record<string, { hash: string; wasm?: string; page_count: number }>; include_characters: unknown };
  const shared = files.filter((file) => !/^(pagefind-entry\.json|pagefind\..*\.pf_meta|index\/|filter\/|fragment\/)/.test(file.path));
  const records: PagefindPageRecord[] = [];
  for (const [language, { hash, wasm, page_count: pageCount }] of Object.entries(entry.languages)) {
    const meta = decodeFile(byPath.get(`pagefind.${hash}.pf_meta`));
    if (!isArray(meta) || meta.length !== 6 || meta[0] !== entry.version) return undefined;
    const [, pages, chunks, , sorts, metaFields] = meta;
    if (!isArray(pages) || pages.length !== pageCount || !isArray(chunks) || !isArray(sorts) || sorts.length > 0) return undefined;
    if (!isArray(metaFields) || !metaFields.every((field) => typeof field === 'string')) return undefined;
    const builders: RecordBuilder[] = pages.map(() => ({ words: [], originals: [], sizes: [], spans: [], metaLocations: [] }));
    const chunkBytes = chunks.map((chunk, position) => {
      if (!isArray(chunk) || typeof chunk[2] !== 'string') throw new Error('chunk');
      const bytes = unpackFile(byPath.get(`index/${chunk[2]}.pf_index`));
      readChunk(bytes, position, builders, metaFields as string[]);
      return bytes;
    });
    pages.forEach((page, number) => {
      if (!isArray(page) || typeof page[0] !== 'string' || typeof page[1] !== 'number' || typeof page[2] !== 'string') throw new Error('page');
      const fragment = byPath.get(`fragment/${page[0]}.pf_fragment`);
      const raw = unpackFile(fragment);
      const data = JSON.parse(raw.toString('utf8')) as { url: string; filters: Record<string, string[]>; meta: Record<string, unknown> };
      const builder = builders[number]!;
      const bounds = new Uint32Array(builder.sizes.length + 1);
      for (let entry = 0; entry < builder.sizes.length; entry += 1) bounds[entry + 1] = bounds[entry]! + builder.spans[entry * 3 + 2]! - builder.spans[entry * 3 + 1]!;
      const locations = Buffer.allocUnsafe(bounds[builder.sizes.length]!);
      for (let entry = 0; entry < builder.sizes.length; entry += 1) {
        copyBytes(chunkBytes[builder.spans[entry * 3]!]!, builder.spans[entry * 3 + 1]!, builder.spans[entry * 3 + 2]!, locations, bounds[entry]!);
      }
      records.push({
        url: data.url, language, wasm: wasm ?? 'unknown', fragment: fragment!, fragmentHash: contentHash(raw),
        wordCount: page[1], extra: page[2], metaKeys: Object.keys(data.meta), filters: Object.entries(data.filters),
        words: builder.words, originals: builder.originals, bounds, sizes: Uint32Array.from(builder.sizes), locations, metaLocations: builder.metaLocations,
      });
    });
  }
  return { version: entry.version, includeCharacters: entry.include_characters, records, shared };
}

/** Hands each page's entries in one index chunk to its record builder. */
function readChunk(bytes: Buffer, chunk: number, builders: RecordBuilder[], metaFields: string[]): void {
  const reader = new CborReader(bytes);
  if (reader.arrayLength() !== 1) throw new Error('chunk');
  const words = reader.arrayLength();
  for (let position = 0; position < words; position += 1) {
    if (reader.arrayLength() !== 3) throw new Error('word');
    const word = reader.text();
    readPages(reader, chunk, builders, metaFields, word, '');
    const variants = reader.arrayLength();
    for (let variant = 0; variant < variants; variant += 1) {
      if (reader.arrayLength() !== 2) throw new Error('variant');
      readPages(reader, chunk, builders, metaFields, word, reader.text());
    }
  }
  if (reader.offset !== bytes.length) throw new Error('trailing bytes');
}

function readPages(reader: CborReader, chunk: number, builders: RecordBuilder[], metaFields: string[], word: string, original: string): void {
  const count = reader.arrayLength();
  // Page numbers are written as the difference from the one before.
  let page = 0;
  for (let position = 0; position < count; position += 1) {
    if (reader.arrayLength() !== 3) throw new Error('page entry');
    page += reader.unsigned();
    const builder = builders[page];
    if (!builder) throw new Error('page number');
    const start = reader.offset;
    const size = reader.skipArray();
    const end = reader.offset;
    // In meta fields, a negative number starts a field's locations: -1 - the field's number.
    const metaSize = reader.arrayLength();
    if (metaSize > 0) {
      const locations: Array<string | number> = [];
      for (let index = 0; index < metaSize; index += 1) {
        const location = reader.integer();
        const field = metaFields[-1 - location];
        if (location < 0 && field === undefined) throw new Error('meta field');
        locations.push(location < 0 ? (field as string) : location);
      }
      builder.metaLocations.push([builder.words.length, locations]);
    }
    builder.words.push(word);
    builder.originals.push(original);
    builder.sizes.push(size + metaSize);
    builder.spans.push(chunk, start, end);
  }
}
