import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';

// Pagefind's index, taken apart into one record per page and put back together (issue 4: a
// rebuild after one page changed indexes that page alone). Pagefind cannot update an index: it
// indexes every page it is given. So Pagefind indexes only the pages whose searchable text is
// new, its output is split into page records, and the index is assembled from every page's
// record: the records of unchanged pages come from the last build.
//
// The assembled files are those Pagefind writes for the same pages (each file's content, before
// compression, is byte for byte the same): a build that indexed every page checks this on its
// own output and keeps Pagefind's files when it does not hold (a Pagefind version that writes
// something else, a case this module does not model). The format, as Pagefind 1.6 writes it:
//
//   pagefind-entry.json             {version, languages: {code: {hash, wasm, page_count}}, include_characters}
//   pagefind.<code>_<hash>.pf_meta  [version, pages [[fragment, word count, ""]], chunks [[from, to, hash]], filters [[name, hash]], sorts, meta keys]
//   index/<code>_<hash>.pf_index    [[[word, pages [[page, locations, meta locations]], variants [[original, pages]]]]]
//                                   (each page number as the difference from the one listed before it)
//   filter/<code>_<hash>.pf_filter  [name, [[value, pages]]]
//   fragment/<code>_<hash>.pf_fragment  the page's JSON: url, content, word count, filters, meta, anchors
//
// Each file but the entry is gzip-compressed behind the signature `pagefind_dcd`, and named by
// the SHA-1 of its content (hex digits of each byte without padding: 7 for chunks, filters and
// fragments, longer on a collision; 10 for the meta file). Binary files are CBOR: definite
// arrays, text strings and integers, each in its shortest form.

const signature = Buffer.from('pagefind_dcd');
/** Words go into a chunk until it holds this many locations (and one per page of each word, and one per spelling with diacritics). */
const chunkSize = 20000;
const gzipAsync = promisify(gzip);

/** One file of a Pagefind index, relative to its folder. */
export interface PagefindFile {
  path: string;
  content: Uint8Array;
  /**
   * For a chunk, filter or meta file compressed by `assemblePagefindIndex`: the SHA-1 (hex) of its
   * bytes before compression, under which a later index can take the compressed bytes as they
   * are (`AssembleOptions.packed`).
   */
  rawHash?: string | undefined;
}

/** Options of `assemblePagefindIndex`. */
export interface AssembleOptions {
  /**
   * Compressed chunk, filter and meta files of an earlier index by the SHA-1 of their raw bytes
   * (`PagefindFile.rawHash`): a file with the same raw bytes is not compressed again. After a
   * change that leaves most chunks as they were (a typo fixed, a paragraph added at the end),
   * that is most of the work. Default: none.
   */
  packed?: ReadonlyMap<string, Uint8Array> | null | undefined;
  /**
   * `false`: chunk, filter and meta files are left uncompressed (their `rawHash` still names
   * them), to compare with another index's files (`isSamePagefindIndex` with `isRaw`), not to
   * publish. Default: `true`.
   */
  compress?: boolean | null | undefined;
  /**
   * Each record's key (the hash of its page's searchable document), in `records` order: with
   * `previous`, the state of an earlier index (`assemblePagefindIndexAndState`), the pages whose
   * key did not change keep their part of each word's list. Default: none.
   */
  keys?: readonly string[] | null | undefined;
  previous?: AssemblyState | null | undefined;
}

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

type Cbor = number | string | Cbor[];

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

/**
 * The index files Pagefind writes for these page records, in this order: the same content for
 * the same records, whatever build each record came from. Chunk, filter and meta files are
 * compressed here; fragments are kept as Pagefind compressed them.
 */
export async function assemblePagefindIndex(index: SplitPagefindIndex, options?: AssembleOptions | null): Promise<PagefindFile[]> {
  return (await assemblePagefindIndexAndState(index, options)).files;
}

/**
 * What an assembled index's word lists were made from, for the next index of the same pages
 * (`AssembleOptions.previous`): per language, each page's key and the words' encoded lists.
 */
export interface AssemblyState {
  version: string;
  languages: Map<string, { keys: string[]; fields: string[]; index: WordIndex }>;
}

/**
 * `assemblePagefindIndex`, and the state the next index can start from. With `options.keys`
 * and `options.previous` (the state of an earlier index), a language whose pages are the same
 * ones in the same order, a few of them with a new key, keeps the other pages' part of every
 * word's list as bytes and puts only the new pages' entries in (about a tenth of the time for
 * 1,000 pages); anything else (other pages, other meta fields, a changed page with words
 * spelled with diacritics) puts the lists together from the records.
 */
export async function assemblePagefindIndexAndState(index: SplitPagefindIndex, options?: AssembleOptions | null): Promise<{ files: PagefindFile[]; state: AssemblyState }> {
  const files: PagefindFile[] = [...index.shared];
  const state: AssemblyState = { version: index.version, languages: new Map() };
  const pending: Array<Promise<void>> = [];
  /** Compressed on the thread pool, unless an earlier index compressed the same bytes. */
  const packOnce = (raw: Buffer, rawHash: string): Promise<Uint8Array> => {
    if (options?.compress === false) return Promise.resolve(raw);
    const packed = options?.packed?.get(rawHash);
    return packed ? Promise.resolve(packed) : pack(raw);
  };
  const compressed = (path: string, raw: Buffer, rawHash: string): void => {
    pending.push(packOnce(raw, rawHash).then((content) => void files.push({ path, content, rawHash })));
  };
  const languages = new Map<string, { records: PagefindPageRecord[]; keys: string[] }>();
  index.records.forEach((record, position) => {
    let language = languages.get(record.language);
    if (!language) languages.set(record.language, (language = { records: [], keys: [] }));
    language.records.push(record);
    language.keys.push(options?.keys?.[position] ?? '');
  });
  const previous = options?.previous?.version === index.version ? options.previous : undefined;
  const entryLanguages: Record<string, { hash: string; wasm: string; page_count: number }> = {};
  for (const [language, { records, keys }] of languages) {
    const fragmentNames = shortNames(language, records.map((record) => record.fragmentHash), 7);
    records.forEach((record, page) => files.push({ path: `fragment/${fragmentNames[page]}.pf_fragment`, content: record.fragment }));

    const filters = new Map<string, Map<string, number[]>>();
    const metaKeys = new Set<string>();
    records.forEach((record, page) => {
      for (const [name, values] of record.filters) {
        let byValue = filters.get(name);
        if (!byValue) filters.set(name, (byValue = new Map()));
        for (const value of values) {
          const pages = byValue.get(value);
          if (pages) pages.push(page);
          else byValue.set(value, [page]);
        }
      }
      for (const key of record.metaKeys) metaKeys.add(key);
    });
    const fields = [...metaKeys].sort(compareCodePoints);
    const hasKeys = options?.keys !== undefined && keys.every((key) => key !== '');
    const earlier = hasKeys ? previous?.languages.get(language) : undefined;
    const words = (earlier && updateWordIndex(earlier, records, keys, fields)) ?? wordIndexOf(records, fields);
    if (hasKeys) state.languages.set(language, { keys, fields, index: words });

    // Words in code point order, cut into chunks by locations held.
    const chunks: Array<{ from: string; to: string; rawHash: string; compressed: Promise<Uint8Array> }> = [];
    let start = 0;
    let size = 0;
    const endChunk = (end: number): void => {
      // A chunk is [[words]]: its two array headers go in front of its words.
      const head = new CborWriter(16);
      head.header(4, 1);
      head.header(4, end - start);
      const raw = Buffer.concat([head.done(), words.bytes.subarray(words.wordStart[start], words.wordStart[end])]);
      const rawHash = contentHash(raw);
      chunks.push({ from: words.words[start]!, to: words.words[end - 1]!, rawHash, compressed: packOnce(raw, rawHash) });
      start = end;
      size = 0;
    };
    for (let word = 0; word < words.words.length; word += 1) {
      size += words.sizes[word]!;
      if (size >= chunkSize) endChunk(word + 1);
    }
    if (start < words.words.length) endChunk(words.words.length);
    // Neighbouring chunks are told apart by the shortest prefixes that differ, except that a
    // chunk's last word stays whole where its prefix would sort before the chunk's first.
    for (let position = 0; position + 1 < chunks.length; position += 1) {
      const chunk = chunks[position]!;
      const [left, right] = distinctPrefixes(chunk.to, chunks[position + 1]!.from);
      if (compareCodePoints(left, chunk.from) >= 0) chunk.to = left;
      chunks[position + 1]!.from = right;
    }
    const chunkNames = shortNames(language, chunks.map((chunk) => chunk.rawHash), 7);
    chunks.forEach((chunk, position) => pending.push(chunk.compressed.then((content) => void files.push({ path: `index/${chunkNames[position]}.pf_index`, content, rawHash: chunk.rawHash }))));

    const filterNames = [...filters.keys()].sort(compareCodePoints);
    const filterBytes = filterNames.map((name) => {
      const byValue = filters.get(name)!;
      return encodeCbor([name, [...byValue.keys()].sort(compareCodePoints).map((value) => [value, byValue.get(value)!])]);
    });
    const filterHashes = filterBytes.map(contentHash);
    const filterFiles = shortNames(language, filterHashes, 7);
    filterBytes.forEach((raw, position) => compressed(`filter/${filterFiles[position]}.pf_filter`, raw, filterHashes[position]!));

    const meta = encodeCbor([
      index.version,
      records.map((record, page) => [fragmentNames[page]!, record.wordCount, record.extra]),
      chunks.map((chunk, position) => [chunk.from, chunk.to, chunkNames[position]!]),
      filterNames.map((name, position) => [name, filterFiles[position]!]),
      [],
      fields,
    ]);
    const metaHash = contentHash(meta);
    const metaName = `${language}_${metaHash.slice(0, 10)}`;
    compressed(`pagefind.${metaName}.pf_meta`, meta, metaHash);
    entryLanguages[language] = { hash: metaName, wasm: records[0]!.wasm, page_count: records.length };
  }
  const entry = { version: index.version, languages: entryLanguages, include_characters: index.includeCharacters };
  files.push({ path: 'pagefind-entry.json', content: Buffer.from(JSON.stringify(entry)) });
  await Promise.all(pending);
  return { files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)), state };
}

/**
 * One language's words in code point order, each encoded as a chunk holds it (`[word, pages,
 * variants]`), with where each page's entry is: what the chunks are cut from, and what the next
 * index starts from (`updateWordIndex`).
 */
export interface WordIndex {
  words: string[];
  /** Word `n` is `bytes[wordStart[n]..wordStart[n + 1]]`. */
  bytes: Uint8Array;
  wordStart: Uint32Array;
  /** Where word `n`'s list of variants starts, from the word's start. */
  variantsAt: Uint32Array;
  /** What word `n` adds to its chunk's size: one per entry and per variant, and the entries' locations. */
  sizes: Uint32Array;
  /**
   * Word `n`'s own entries (not its variants') are `entryStart[n]..entryStart[n + 1]`: each
   * one's page, where it starts (from the word's start) and its size (locations, and one).
   */
  entryStart: Uint32Array;
  entryPage: Uint32Array;
  entryAt: Uint32Array;
  entrySize: Uint32Array;
  /** The pages with an entry in word `n`'s variants: `variantPage[variantStart[n]..variantStart[n + 1]]`, in order. */
  variantStart: Uint32Array;
  variantPage: Uint32Array;
}

/** The word index of `records` (one language's pages, in page order). */
function wordIndexOf(records: readonly PagefindPageRecord[], fields: readonly string[]): WordIndex {
  // Every page's entries numbered in one sequence, their locations in one buffer (the loop
  // below runs once per word on each page: hundreds of thousands of times for 1,000 pages).
  const firstEntry = new Uint32Array(records.length + 1);
  records.forEach((record, page) => (firstEntry[page + 1] = firstEntry[page]! + record.words.length));
  const entryCount = firstEntry[records.length]!;
  const bounds = new Uint32Array(entryCount + 1);
  const sizes = new Uint32Array(entryCount);
  const metaOf = new Int32Array(entryCount).fill(-1);
  const metaLists: Array<Array<string | number>> = [];
  const allLocations = Buffer.allocUnsafe(records.reduce((sum, record) => sum + record.locations.length, 0));
  let locationsLength = 0;
  records.forEach((record, page) => {
    const first = firstEntry[page]!;
    for (let entry = 0; entry < record.words.length; entry += 1) bounds[first + entry] = locationsLength + record.bounds[entry]!;
    sizes.set(record.sizes, first);
    for (const [entry, locations] of record.metaLocations) metaOf[first + entry] = metaLists.push(locations) - 1;
    allLocations.set(record.locations, locationsLength);
    locationsLength += record.locations.length;
  });
  bounds[entryCount] = locationsLength;

  // Per word, its pages' entries as (page, entry) pairs, in page order; then per original spelling.
  const words = new Map<string, { entries: number[]; variants: Map<string, number[]> | undefined }>();
  let ownCount = 0;
  records.forEach((record, page) => {
    const first = firstEntry[page]!;
    for (let entry = 0; entry < record.words.length; entry += 1) {
      const word = record.words[entry]!;
      let listed = words.get(word);
      if (!listed) words.set(word, (listed = { entries: [], variants: undefined }));
      const original = record.originals[entry]!;
      if (original === '') {
        listed.entries.push(page, first + entry);
        ownCount += 1;
      } else {
        listed.variants ??= new Map();
        const variant = listed.variants.get(original);
        if (variant) variant.push(page, first + entry);
        else listed.variants.set(original, [page, first + entry]);
      }
    }
  });

  const sorted = [...words.keys()].sort(compareCodePoints);
  const fieldNumbers = new Map(fields.map((field, position) => [field, position]));
  const index = emptyWordIndex(sorted.length, ownCount, 0);
  const variantPages: number[] = [];
  // Every entry's locations, with a few bytes of headers each, and every word's.
  const writer = new CborWriter(allLocations.length + entryCount * 4 + sorted.length * 24 + 1024);
  let size = 0;
  let own = 0;
  /** The entries' list; with `start` (the word's start), each own entry goes in the index too. */
  const writeEntries = (entries: number[], start?: number): void => {
    writer.header(4, entries.length / 2);
    let last = 0;
    for (let position = 0; position < entries.length; position += 2) {
      const page = entries[position]!;
      const entry = entries[position + 1]!;
      const meta = metaOf[entry]!;
      if (start !== undefined) {
        index.entryPage[own] = page;
        index.entryAt[own] = writer.length - start;
        index.entrySize[own] = sizes[entry]! + 1;
        own += 1;
      }
      writer.pageEntry(page - last, allLocations, bounds[entry]!, bounds[entry + 1]!, meta === -1);
      if (meta !== -1) writeMetaLocations(writer, metaLists[meta]!, fieldNumbers);
      size += sizes[entry]! + 1;
      last = page;
    }
  };
  sorted.forEach((word, number) => {
    const { entries, variants } = words.get(word)!;
    const start = writer.length;
    index.wordStart[number] = start;
    size = 0;
    writer.header(4, 3);
    writer.text(word);
    writeEntries(entries, start);
    index.entryStart[number + 1] = own;
    index.variantsAt[number] = writer.length - start;
    writer.header(4, variants?.size ?? 0);
    // Pagefind counts each spelling with diacritics once more, besides its entries.
    size += variants?.size ?? 0;
    const pages = new Set<number>();
    for (const [original, variantEntries] of variants ?? []) {
      writer.header(4, 2);
      writer.text(original);
      writeEntries(variantEntries);
      for (let position = 0; position < variantEntries.length; position += 2) pages.add(variantEntries[position]!);
    }
    variantPages.push(...[...pages].sort((a, b) => a - b));
    index.variantStart[number + 1] = variantPages.length;
    index.sizes[number] = size;
  });
  index.wordStart[sorted.length] = writer.length;
  return { ...index, words: sorted, bytes: writer.done(), variantPage: Uint32Array.from(variantPages) };
}

/** A word index's arrays for `words` words and `entries` own entries, zeroed. */
function emptyWordIndex(words: number, entries: number, variantPages: number): WordIndex {
  return {
    words: [],
    bytes: new Uint8Array(0),
    wordStart: new Uint32Array(words + 1),
    variantsAt: new Uint32Array(words),
    sizes: new Uint32Array(words),
    entryStart: new Uint32Array(words + 1),
    entryPage: new Uint32Array(entries),
    entryAt: new Uint32Array(entries),
    entrySize: new Uint32Array(entries),
    variantStart: new Uint32Array(words + 1),
    variantPage: new Uint32Array(variantPages),
  };
}

/** An entry's meta locations: each field by its number (`-1 - n`), each location as is. */
function writeMetaLocations(writer: CborWriter, locations: ReadonlyArray<string | number>, fieldNumbers: ReadonlyMap<string, number>): void {
  writer.header(4, locations.length);
  for (const location of locations) {
    if (typeof location === 'string') writer.header(1, fieldNumbers.get(location)!);
    else writer.value(location);
  }
}

/**
 * The word index of `records` from the last one (`earlier`), when the pages are the same ones
 * in the same order and only a few have a new key: every word's list keeps the other pages'
 * entries as they were encoded (only the entry after a changed one gets its page difference
 * again), with the changed pages' entries put in from their records. `undefined` when it cannot
 * (a changed page has words with diacritics, or is in a word's variants; other meta fields).
 */
function updateWordIndex(earlier: { keys: string[]; fields: string[]; index: WordIndex }, records: readonly PagefindPageRecord[], keys: readonly string[], fields: readonly string[]): WordIndex | undefined {
  if (!Array.isArray(earlier.keys) || earlier.keys.length !== records.length || !Array.isArray(earlier.fields) || earlier.fields.join('\0') !== fields.join('\0')) return undefined;
  if (!isWordIndex(earlier.index)) return undefined;
  const changed = keys.flatMap((key, page) => (key === earlier.keys[page] ? [] : [page]));
  if (changed.length > Math.max(8, records.length / 8)) return undefined;
  let updated: WordIndex | undefined;
  try {
    updated = changed.length === 0 ? earlier.index : updateWords(earlier.index, records, changed, fields);
  } catch {
    return undefined;
  }
  if (updated) wordIndexUpdates += 1;
  return updated;
}

/** Whether `index` (read back from a store) has the shape of a word index, its arrays of matching lengths. */
function isWordIndex(index: WordIndex): boolean {
  const words = index.words?.length;
  const ints = [index.wordStart, index.variantsAt, index.sizes, index.entryStart, index.entryPage, index.entryAt, index.entrySize, index.variantStart, index.variantPage];
  return (
    Array.isArray(index.words) && index.bytes instanceof Uint8Array && ints.every((array) => array instanceof Uint32Array) &&
    index.wordStart.length === words + 1 && index.variantsAt.length === words && index.sizes.length === words &&
    index.entryStart.length === words + 1 && index.variantStart.length === words + 1 &&
    index.wordStart[words] === index.bytes.length && index.entryStart[words] === index.entryPage.length &&
    index.entryAt.length === index.entryPage.length && index.entrySize.length === index.entryPage.length &&
    index.variantStart[words] === index.variantPage.length
  );
}

let wordIndexUpdates = 0;

/** How many word indexes were made from an earlier one in this process (internal: for tests). */
export function countWordIndexUpdates(): number {
  return wordIndexUpdates;
}

function updateWords(old: WordIndex, records: readonly PagefindPageRecord[], changed: readonly number[], fields: readonly string[]): WordIndex | undefined {
  const fieldNumbers = new Map(fields.map((field, position) => [field, position]));

  // The changed pages' entries by word, in page order.
  const added = new Map<string, Array<[page: number, entry: number]>>();
  let addedCount = 0;
  for (const page of changed) {
    const record = records[page]!;
    for (let entry = 0; entry < record.words.length; entry += 1) {
      if (record.originals[entry] !== '') return undefined;
      const word = record.words[entry]!;
      const list = added.get(word);
      if (list?.at(-1)?.[0] === page) return undefined;
      if (list) list.push([page, entry]);
      else added.set(word, [[page, entry]]);
      addedCount += 1;
    }
  }
  const metaOf = new Map<PagefindPageRecord, Map<number, Array<string | number>>>(changed.map((page) => [records[page]!, new Map(records[page]!.metaLocations)]));
  const fresh = [...added.keys()].filter((word) => findWord(old.words, word) < 0).sort(compareCodePoints);

  const index = emptyWordIndex(old.words.length + fresh.length, old.entryPage.length + addedCount, old.variantPage.length);
  const words: string[] = [];
  // About as many bytes as before: the changed pages' entries, and a word's headers, more.
  const writer = new CborWriter(old.bytes.length + changed.reduce((sum, page) => sum + records[page]!.locations.length + records[page]!.words.length * 24, 0) + 1024);
  let own = 0;
  let variantCount = 0;
  /** Old words `from..to`, none of them touched: their bytes and entries as they were. */
  const copyWords = (from: number, to: number): void => {
    if (from >= to) return;
    const shift = writer.length - old.wordStart[from]!;
    const entryShift = own - old.entryStart[from]!;
    const variantShift = variantCount - old.variantStart[from]!;
    for (let word = from; word < to; word += 1) {
      const number = words.push(old.words[word]!) - 1;
      index.wordStart[number] = old.wordStart[word]! + shift;
      index.variantsAt[number] = old.variantsAt[word]!;
      index.sizes[number] = old.sizes[word]!;
      index.entryStart[number + 1] = old.entryStart[word + 1]! + entryShift;
      index.variantStart[number + 1] = old.variantStart[word + 1]! + variantShift;
    }
    writer.bytes(old.bytes, old.wordStart[from]!, old.wordStart[to]!);
    const entries = old.entryStart[to]! - old.entryStart[from]!;
    index.entryPage.set(old.entryPage.subarray(old.entryStart[from]!, old.entryStart[to]!), own);
    index.entryAt.set(old.entryAt.subarray(old.entryStart[from]!, old.entryStart[to]!), own);
    index.entrySize.set(old.entrySize.subarray(old.entryStart[from]!, old.entryStart[to]!), own);
    own += entries;
    index.variantPage.set(old.variantPage.subarray(old.variantStart[from]!, old.variantStart[to]!), variantCount);
    variantCount += old.variantStart[to]! - old.variantStart[from]!;
  };
  /** Writes a word: the old word `number`'s entries (if any) but the changed pages', with `news` put in. */
  const writeWord = (word: string, number: number | undefined, news: ReadonlyArray<[page: number, entry: number]>): void => {
    const from = number === undefined ? 0 : old.entryStart[number]!;
    const to = number === undefined ? 0 : old.entryStart[number + 1]!;
    const base = number === undefined ? 0 : old.wordStart[number]!;
    // The old entries kept, as runs between the changed pages.
    const kept: Array<[start: number, end: number]> = [];
    let size = number === undefined ? 0 : old.sizes[number]!;
    let at = from;
    for (const page of changed) {
      const found = findPage(old.entryPage, at, to, page);
      const end = found < 0 ? -1 - found : found;
      if (end > at) kept.push([at, end]);
      if (found >= 0) {
        size -= old.entrySize[found]!;
        at = found + 1;
      } else at = end;
    }
    if (to > at) kept.push([at, to]);
    const count = kept.reduce((sum, [start, end]) => sum + end - start, 0) + news.length;
    const hasVariants = number !== undefined && old.variantStart[number + 1]! > old.variantStart[number]!;
    if (count === 0 && !hasVariants) return;
    const start = writer.length;
    const wordNumber = words.push(word) - 1;
    index.wordStart[wordNumber] = start;
    writer.header(4, 3);
    writer.text(word);
    writer.header(4, count);
    let last = 0;
    let next = 0;
    const writeAdded = (page: number, entry: number): void => {
      const record = records[page]!;
      const meta = metaOf.get(record)!.get(entry);
      index.entryPage[own] = page;
      index.entryAt[own] = writer.length - start;
      index.entrySize[own] = record.sizes[entry]! + 1;
      own += 1;
      size += record.sizes[entry]! + 1;
      writer.pageEntry(page - last, record.locations, record.bounds[entry]!, record.bounds[entry + 1]!, meta === undefined);
      if (meta !== undefined) writeMetaLocations(writer, meta, fieldNumbers);
      last = page;
    };
    for (const [runStart, runEnd] of kept) {
      while (next < news.length && news[next]![0] < old.entryPage[runStart]!) writeAdded(...news[next++]!);
      // The run's first entry gets its page difference again when the page before it changed.
      const firstPage = old.entryPage[runStart]!;
      const before = runStart > from ? old.entryPage[runStart - 1]! : 0;
      const runBytesEnd = runEnd < to ? base + old.entryAt[runEnd]! : base + old.variantsAt[number!]!;
      index.entryAt[own] = writer.length - start;
      let copyFrom = base + old.entryAt[runStart]!;
      if (before !== last) {
        // [0x83, difference, …]: the old difference's header is 1, 2, 3 or 5 bytes.
        const info = old.bytes[copyFrom + 1]! & 0x1f;
        writer.pageEntryStart(firstPage - last);
        copyFrom += 2 + (info < 24 ? 0 : info === 24 ? 1 : info === 25 ? 2 : 4);
      }
      const runOffset = writer.length - copyFrom + base - start;
      writer.bytes(old.bytes, copyFrom, runBytesEnd);
      index.entryPage.set(old.entryPage.subarray(runStart, runEnd), own);
      index.entrySize.set(old.entrySize.subarray(runStart, runEnd), own);
      for (let entry = runStart + 1; entry < runEnd; entry += 1) index.entryAt[own + entry - runStart] = old.entryAt[entry]! + runOffset;
      own += runEnd - runStart;
      last = old.entryPage[runEnd - 1]!;
    }
    while (next < news.length) writeAdded(...news[next++]!);
    index.entryStart[wordNumber + 1] = own;
    index.variantsAt[wordNumber] = writer.length - start;
    if (number === undefined) writer.header(4, 0);
    else {
      writer.bytes(old.bytes, base + old.variantsAt[number]!, old.wordStart[number + 1]!);
      index.variantPage.set(old.variantPage.subarray(old.variantStart[number]!, old.variantStart[number + 1]!), variantCount);
      variantCount += old.variantStart[number + 1]! - old.variantStart[number]!;
    }
    index.variantStart[wordNumber + 1] = variantCount;
    index.sizes[wordNumber] = size;
  };

  let untouched = 0;
  let freshAt = 0;
  for (let number = 0; number < old.words.length; number += 1) {
    const word = old.words[number]!;
    const news = added.get(word);
    let touched = news !== undefined;
    for (const page of changed) {
      // A changed page in the word's variants: its list cannot be kept.
      if (old.variantStart[number + 1]! > old.variantStart[number]! && findPage(old.variantPage, old.variantStart[number]!, old.variantStart[number + 1]!, page) >= 0) return undefined;
      touched ||= findPage(old.entryPage, old.entryStart[number]!, old.entryStart[number + 1]!, page) >= 0;
    }
    while (freshAt < fresh.length && compareCodePoints(fresh[freshAt]!, word) < 0) {
      copyWords(untouched, number);
      untouched = number;
      writeWord(fresh[freshAt]!, undefined, added.get(fresh[freshAt++]!)!);
    }
    if (!touched) continue;
    copyWords(untouched, number);
    untouched = number + 1;
    writeWord(word, number, news ?? []);
  }
  copyWords(untouched, old.words.length);
  while (freshAt < fresh.length) writeWord(fresh[freshAt]!, undefined, added.get(fresh[freshAt++]!)!);
  index.wordStart[words.length] = writer.length;
  return {
    words,
    bytes: writer.done(),
    wordStart: index.wordStart.slice(0, words.length + 1),
    variantsAt: index.variantsAt.slice(0, words.length),
    sizes: index.sizes.slice(0, words.length),
    entryStart: index.entryStart.slice(0, words.length + 1),
    entryPage: index.entryPage.slice(0, own),
    entryAt: index.entryAt.slice(0, own),
    entrySize: index.entrySize.slice(0, own),
    variantStart: index.variantStart.slice(0, words.length + 1),
    variantPage: index.variantPage.slice(0, variantCount),
  };
}

/** Where `page` is in the sorted `pages[from..to]`; `-1 - where it would go` when it is not. */
function findPage(pages: Uint32Array, from: number, to: number, page: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (pages[middle]! < page) low = middle + 1;
    else high = middle;
  }
  return low < to && pages[low] === page ? low : -1 - low;
}

/** Where `word` is in `words` (code point order); negative when it is not there. */
function findWord(words: readonly string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCodePoints(words[middle]!, word) < 0) low = middle + 1;
    else high = middle;
  }
  return low < words.length && words[low] === word ? low : -1;
}

/**
 * Whether two indexes hold the same content: every file by path, binary files compared after
 * decompression (the assembled ones are compressed by zlib, Pagefind's by its own encoder),
 * the entry as JSON. With `isRaw`, `a`'s chunk, filter and meta files are uncompressed
 * (`AssembleOptions.compress: false`).
 */
export function isSamePagefindIndex(a: readonly PagefindFile[], b: readonly PagefindFile[], options?: { isRaw?: boolean | null | undefined } | null): boolean {
  if (a.length !== b.length) return false;
  const other = new Map(b.map((file) => [file.path, file.content]));
  for (const file of a) {
    const content = other.get(file.path);
    if (!content) return false;
    if (file.path === 'pagefind-entry.json') {
      const [left, right] = [parseJson(file.content), parseJson(content)];
      if (left === undefined || right === undefined || JSON.stringify(left) !== JSON.stringify(right)) return false;
    } else if (/\.pf_(meta|index|filter|fragment)$/.test(file.path)) {
      // `isRaw`: `a` was assembled without compression (fragments are always compressed).
      // A file that does not decompress is not the same as one that does.
      try {
        const left = options?.isRaw && !file.path.endsWith('.pf_fragment') ? Buffer.from(file.content) : unpack(file.content);
        if (!left.equals(unpack(content))) return false;
      } catch {
        return false;
      }
    } else if (!Buffer.from(file.content).equals(Buffer.from(content))) return false;
  }
  return true;
}

/** Pagefind's name for content: the hex digits of each SHA-1 byte, without padding. */
function contentHash(content: Uint8Array): string {
  let hex = '';
  for (const byte of createHash('sha1').update(content).digest()) hex += byte.toString(16);
  return hex;
}

/** `<language>_<prefix of hash>`, 7 or more digits: a name already taken gets one more digit. */
function shortNames(language: string, hashes: readonly string[], length: number): string[] {
  const taken = new Map<string, string>();
  return hashes.map((hash) => {
    let short = hash.slice(0, length);
    while (taken.has(short) && taken.get(short) !== hash && short.length < hash.length) short = hash.slice(0, short.length + 1);
    taken.set(short, hash);
    return `${language}_${short}`;
  });
}

function distinctPrefixes(a: string, b: string): [string, string] {
  const left = [...a];
  const right = [...b];
  let common = 0;
  while (common < left.length && common < right.length && left[common] === right[common]) common += 1;
  return [left.slice(0, common + 1).join(''), right.slice(0, common + 1).join('')];
}

function compareCodePoints(a: string, b: string): number {
  // UTF-16 order differs from code point order only around surrogates: compare those by code point.
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let position = 0; position < length; position += 1) {
    const left = a.codePointAt(position)!;
    const right = b.codePointAt(position)!;
    if (left !== right) return left < right ? -1 : 1;
    if (left > 0xffff) position += 1;
  }
  return a.length - b.length;
}

/** `source[start..end]` into `target` at `at`: a loop for the few bytes of one entry, cheaper than `Buffer#copy`'s checks. */
function copyBytes(source: Uint8Array, start: number, end: number, target: Uint8Array, at: number): void {
  if (end - start > 64) target.set(source.subarray(start, end), at);
  else for (let index = start; index < end; index += 1) target[at++] = source[index]!;
}

function isArray(value: unknown): value is Cbor[] {
  return Array.isArray(value);
}

/** A file's content as Pagefind writes it: the signature, then the raw bytes, compressed (on the thread pool). */
function pack(raw: Buffer): Promise<Buffer> {
  return gzipAsync(Buffer.concat([signature, raw]), { level: 6 });
}

/** A JSON file's value; `undefined` for one that does not parse. */
function parseJson(content: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(content).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** A file's content: decompressed, without the signature. */
function unpack(content: Uint8Array): Buffer {
  const raw = gunzipSync(content);
  if (!raw.subarray(0, signature.length).equals(signature)) throw new Error('signature');
  return raw.subarray(signature.length);
}

function unpackFile(content: Uint8Array | undefined): Buffer {
  if (!content) throw new Error('missing file');
  return unpack(content);
}

function decodeFile(content: Uint8Array | undefined): Cbor {
  const reader = new CborReader(unpackFile(content));
  const value = reader.value();
  if (reader.offset !== reader.bytes.length) throw new Error('trailing bytes');
  return value;
}

function encodeCbor(value: Cbor): Buffer {
  const writer = new CborWriter();
  writer.value(value);
  return writer.done();
}

// CBOR, the part Pagefind writes: unsigned and negative integers, text strings, arrays.
class CborReader {
  offset = 0;
  constructor(readonly bytes: Buffer) {}

  value(): Cbor {
    const major = this.bytes[this.offset]! >> 5;
    const argument = this.#argument();
    if (major === 0) return argument;
    if (major === 1) return -1 - argument;
    if (major === 3) return this.#text(argument);
    if (major === 4) return Array.from({ length: argument }, () => this.value());
    throw new Error(`unsupported CBOR type ${major}`);
  }

  arrayLength(): number {
    return this.#expect(4);
  }

  text(): string {
    return this.#text(this.#expect(3));
  }

  unsigned(): number {
    return this.#expect(0);
  }

  integer(): number {
    const major = this.bytes[this.offset]! >> 5;
    if (major > 1) throw new Error('not an integer');
    const argument = this.#argument();
    return major === 0 ? argument : -1 - argument;
  }

  /** Skips an array of integers; returns its length. */
  skipArray(): number {
    const length = this.#expect(4);
    for (let index = 0; index < length; index += 1) {
      if (this.bytes[this.offset]! >> 5 > 1) throw new Error('not an integer');
      this.#argument();
    }
    return length;
  }

  #expect(major: number): number {
    if (this.bytes[this.offset]! >> 5 !== major) throw new Error(`expected CBOR type ${major}`);
    return this.#argument();
  }

  #text(length: number): string {
    const text = this.bytes.toString('utf8', this.offset, this.offset + length);
    this.offset += length;
    return text;
  }

  #argument(): number {
    const bytes = this.bytes;
    const info = bytes[this.offset]! & 31;
    this.offset += 1;
    if (info < 24) return info;
    let argument: number;
    if (info === 24) argument = bytes[this.offset]!;
    else if (info === 25) argument = bytes.readUInt16BE(this.offset);
    else if (info === 26) argument = bytes.readUInt32BE(this.offset);
    else throw new Error(`unsupported CBOR argument ${info}`);
    this.offset += info === 24 ? 1 : info === 25 ? 2 : 4;
    return argument;
  }
}

class CborWriter {
  #buffer: Buffer;
  #length = 0;

  /** `capacity`: bytes to start with, when about that many are to be written (default: 64 KB). */
  constructor(capacity = 64 * 1024) {
    this.#buffer = Buffer.allocUnsafe(capacity);
  }

  value(value: Cbor): void {
    if (typeof value === 'number') {
      if (value >= 0) this.header(0, value);
      else this.header(1, -1 - value);
    } else if (typeof value === 'string') this.text(value);
    else {
      this.header(4, value.length);
      for (const item of value) this.value(item);
    }
  }

  text(value: string): void {
    const size = Buffer.byteLength(value);
    this.header(3, size);
    this.#reserve(size);
    this.#length += this.#buffer.write(value, this.#length, 'utf8');
  }

  /**
   * One page's entry of a word: `[page, locations, meta locations]`, the locations copied from
   * `source[start..end]`; with `noMeta`, an empty third array, else only its start is left to write.
   */
  pageEntry(page: number, source: Uint8Array, start: number, end: number, noMeta: boolean): void {
    this.#reserve(end - start + 12);
    const buffer = this.#buffer;
    buffer[this.#length++] = 0x83;
    if (page < 24) buffer[this.#length++] = page;
    else this.header(0, page);
    copyBytes(source, start, end, buffer, this.#length);
    this.#length += end - start;
    if (noMeta) buffer[this.#length++] = 0x80;
  }

  /** The start of a page entry, `[` and the page (difference): its locations and meta locations are written next. */
  pageEntryStart(page: number): void {
    this.#reserve(1);
    this.#buffer[this.#length++] = 0x83;
    this.header(0, page);
  }

  /** `source[start..end]` as it is. */
  bytes(source: Uint8Array, start: number, end: number): void {
    this.#reserve(end - start);
    this.#buffer.set(source.subarray(start, end), this.#length);
    this.#length += end - start;
  }

  /** Bytes written so far. */
  get length(): number {
    return this.#length;
  }

  /** The bytes written, not copied: the writer is not to be written to after. */
  done(): Buffer {
    return this.#buffer.subarray(0, this.#length);
  }

  header(major: number, argument: number): void {
    this.#reserve(5);
    const buffer = this.#buffer;
    const type = major << 5;
    if (argument < 24) buffer[this.#length++] = type | argument;
    else if (argument < 0x100) {
      buffer[this.#length++] = type | 24;
      buffer[this.#length++] = argument;
    } else if (argument < 0x10000) {
      buffer[this.#length++] = type | 25;
      buffer.writeUInt16BE(argument, this.#length);
      this.#length += 2;
    } else {
      buffer[this.#length++] = type | 26;
      buffer.writeUInt32BE(argument, this.#length);
      this.#length += 4;
    }
  }

  #reserve(size: number): void {
    if (this.#length + size <= this.#buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.#buffer.length * 2, this.#length + size));
    this.#buffer.copy(grown, 0, 0, this.#length);
    this.#buffer = grown;
  }
}
