import { CborWriter, encodeCbor } from './cbor.js';
import { compareCodePoints, contentHash, distinctPrefixes, entryFile, pack, shortNames, sortFiles, unpack, type EntryLanguage, type PagefindFile } from './pagefind-file.js';
import type { PagefindPageRecord, SplitPagefindIndex } from './pagefind-split.js';
import { wordIndexOf, type WordIndex } from './word-index.js';
import { updateWordIndex } from './word-index-update.js';

// Fewest characters of a hash in the name of a fragment, chunk or filter file (more on a collision).
const nameLength = 7;

// The index files Pagefind writes, put together from page records (`splitPagefindIndex`). The
// assembled files are those Pagefind writes for the same pages (each file's content, before
// compression, is byte for byte the same): a build that indexed every page checks this on its
// own output and keeps Pagefind's files when it does not hold (a Pagefind version that writes
// something else, a case this package does not model).

/** Words go into a chunk until it holds this many locations (and one per page of each word, and one per spelling with diacritics). */
const chunkSize = 20000;

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

/**
 * Pagefind's own files for an index of every page, packed as `assemblePagefindIndex` packs the
 * same content: chunk, filter and meta files compressed again (zlib, level 6), the entry written
 * as it writes it, fragments and the other files as Pagefind wrote them. For an index no store
 * keeps, this gives the bytes that splitting the files and putting them together again gives (a
 * build gives the same bytes with its cache or without it) for a fraction of the work: a build of
 * the platform's docs spent 0.8 s of its main thread on that after every page had rendered. A
 * file with a `rawHash` is packed already (this function's or assembly's output) and kept as it
 * is. `undefined` when the files are not the format this package knows.
 */
export async function repackPagefindIndex(files: readonly PagefindFile[]): Promise<PagefindFile[] | undefined> {
  const theirs = files.find((file) => file.path === 'pagefind-entry.json');
  let entry: { version?: unknown; languages?: Record<string, { hash?: unknown; wasm?: unknown; page_count?: unknown } | null>; include_characters?: unknown } | undefined;
  try {
    entry = theirs && JSON.parse(Buffer.from(theirs.content).toString('utf8'));
  } catch {
    return undefined;
  }
  if (!entry || typeof entry.version !== 'string' || !entry.languages || typeof entry.languages !== 'object') return undefined;
  const languages: Record<string, EntryLanguage> = {};
  for (const [code, language] of Object.entries(entry.languages)) {
    if (typeof language?.hash !== 'string' || typeof language.page_count !== 'number') return undefined;
    languages[code] = { hash: language.hash, wasm: typeof language.wasm === 'string' ? language.wasm : null, page_count: language.page_count };
  }
  const ours = entryFile(entry.version, languages, entry.include_characters);
  try {
    const repacked = await Promise.all(files.map(async (file): Promise<PagefindFile> => {
      if (file === theirs) return ours;
      // Published as Pagefind wrote it, or packed already (a part of an index, repacked on its own).
      if (isPublishedAsWritten(file.path) || file.rawHash !== undefined) return file;
      const raw = unpack(file.content);
      return { path: file.path, content: await pack(raw), rawHash: contentHash(raw) };
    }));
    return sortFiles(repacked);
  } catch {
    // A file that does not unpack.
    return undefined;
  }
}

/**
 * Whether `repackPagefindIndex` keeps Pagefind's file at `path` as Pagefind wrote it: fragments,
 * Pagefind's client and stemmers; not the entry, meta, word chunks and filters.
 */
export function isPublishedAsWritten(path: string): boolean {
  return path !== 'pagefind-entry.json' && !/\.pf_(meta|index|filter)$/.test(path);
}

/**
 * The fragment files of an index of these records, as most likely named in it: a fragment's
 * name is the shortest prefix of its hash no other fragment of its language has (seven
 * characters at least), so a collision with a page of another round can still lengthen it.
 */
export function likelyFragmentFiles(records: readonly PagefindPageRecord[]): PagefindFile[] {
  return records.map((record) => ({ path: `fragment/${shortNames(record.language, [record.fragmentHash], nameLength)[0]}.pf_fragment`, content: record.fragment }));
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
  const entryLanguages: Record<string, EntryLanguage> = {};
  for (const [language, { records, keys }] of languages) {
    const fragmentNames = shortNames(language, records.map((record) => record.fragmentHash), nameLength);
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
    const chunkNames = shortNames(language, chunks.map((chunk) => chunk.rawHash), nameLength);
    chunks.forEach((chunk, position) => pending.push(chunk.compressed.then((content) => void files.push({ path: `index/${chunkNames[position]}.pf_index`, content, rawHash: chunk.rawHash }))));

    const filterNames = [...filters.keys()].sort(compareCodePoints);
    const filterBytes = filterNames.map((name) => {
      const byValue = filters.get(name)!;
      return encodeCbor([name, [...byValue.keys()].sort(compareCodePoints).map((value) => [value, byValue.get(value)!])]);
    });
    const filterHashes = filterBytes.map(contentHash);
    const filterFiles = shortNames(language, filterHashes, nameLength);
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
  // Languages in the order of their codes, whatever the pages' order.
  files.push(entryFile(index.version, entryLanguages, index.includeCharacters));
  await Promise.all(pending);
  return { files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)), state };
}
