import type { DocsgenMessage } from '@docsgen/config';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { writeWhole } from '@docsgen/util/write-whole';
import type { AssemblyState } from './pagefind-assemble.js';
import type { PagefindFile } from './pagefind-file.js';
import type { PagefindPageRecord } from './pagefind-split.js';

/**
 * The last build's search index, kept under `.docsgen/cache/search/` with what it was made
 * from: a hash of each page's searchable document, in index order. When a build hands the
 * indexer the same documents (the text did not change, only the layout, colours or navigation
 * labels), the stored files are the index Pagefind would write again, and Pagefind is not run.
 *
 * Two files: `index.bin`, every index file's bytes one after another, and `index.json`, the
 * manifest (written last, so a manifest always describes a complete `index.bin`). Next to
 * them, `records.bin` keeps each page's share of the index (`StoredSearchRecords`): a build in
 * which some pages changed has Pagefind index those alone. A build that changed a few shares
 * writes them to `records-added.bin`, which names the `records.bin` it adds to, instead of
 * writing every share again (see `writeStoredSearchRecords`).
 */
export interface StoredSearchIndex {
  /** Pagefind's version and docsgen's index settings: a stored index of other settings is not used. */
  settings: string;
  /** Per position in the index order: the page's slug and its document's hash (`null`: left out). */
  pages: Array<[slug: string, hash: string | null]>;
  /** Slugs Pagefind indexed. */
  indexed: string[];
  /** Warnings from indexing (a page Pagefind could not read), given again when the index is reused. */
  messages: DocsgenMessage[];
  files: Array<{ path: string; size: number }>;
}

// Bumped whenever what the store holds, or how documents are hashed, changes.
const formatVersion = 5;

/** The hash a stored index keeps of one page's searchable document. */
export function hashSearchDocument(url: string, document: string): string {
  return createHash('sha256').update(url).update('\0').update(document).digest('base64');
}

/** Pagefind's version (and binary, when `PAGEFIND_BINARY_PATH` names one) with docsgen's settings for it, as `StoredSearchIndex.settings`. */
export function searchIndexSettings(options: unknown): string {
  let pagefind = 'unknown';
  try {
    pagefind = (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('pagefind')), 'utf8')) as { version: string }).version;
  } catch {
    // Without a readable version, an index stored by an unknown version is never reused.
    pagefind = `unknown-${Date.now()}`;
  }
  // Another binary may write another format: its size and time tell builds apart.
  const binary = process.env.PAGEFIND_BINARY_PATH;
  let binaryStamp: unknown = null;
  if (binary) {
    try {
      const stat = statSync(binary);
      binaryStamp = [binary, stat.size, stat.mtimeMs];
    } catch {
      binaryStamp = [binary];
    }
  }
  return JSON.stringify([formatVersion, pagefind, binaryStamp, options]);
}

/** The stored index and its files, or `undefined` when there is none or it cannot be read whole. */
export function readStoredSearchIndex(folder: string): { stored: StoredSearchIndex; read: () => Array<{ path: string; content: Uint8Array }> | undefined } | undefined {
  let stored: StoredSearchIndex;
  try {
    stored = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8')) as StoredSearchIndex;
  } catch {
    return undefined;
  }
  if (!Array.isArray(stored.pages) || !Array.isArray(stored.files) || !Array.isArray(stored.indexed)) return undefined;
  const read = (): Array<{ path: string; content: Uint8Array }> | undefined => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(folder, 'index.bin'));
    } catch {
      return undefined;
    }
    const total = stored.files.reduce((sum, file) => sum + file.size, 0);
    if (total !== bytes.length) return undefined;
    let offset = 0;
    return stored.files.map((file) => {
      const content = bytes.subarray(offset, offset + file.size);
      offset += file.size;
      return { path: file.path, content };
    });
  };
  return { stored, read };
}

/** Replaces the stored index. Best effort: a store that cannot be written only costs the next build time. */
export function writeStoredSearchIndex(folder: string, index: Omit<StoredSearchIndex, 'files'>, files: ReadonlyArray<{ path: string; content: Uint8Array }>): void {
  try {
    mkdirSync(folder, { recursive: true });
    // The old manifest goes first: it must never describe the new `index.bin`.
    rmSync(join(folder, 'index.json'), { force: true });
    writeFileSync(join(folder, 'index.bin'), Buffer.concat(files.map((file) => file.content)));
    const manifest: StoredSearchIndex = { ...index, files: files.map((file) => ({ path: file.path, size: file.content.length })) };
    writeWhole(join(folder, 'index.json'), JSON.stringify(manifest));
  } catch {
    // See above.
  }
}

/** Each page's share of the last build's index, by the hash of its searchable document (`hashSearchDocument`). */
export interface StoredSearchRecords {
  settings: string;
  version: string;
  includeCharacters: unknown;
  /** Pagefind's client and stemmers (the same for every index of a Pagefind version). */
  shared: PagefindFile[];
  records: Map<string, PagefindPageRecord>;
  /** The index's compressed chunk, filter and meta files by the SHA-1 of their raw bytes (`AssembleOptions.packed`). */
  packed: Map<string, Uint8Array>;
  /** On records read from a store: what its `records.bin` holds (`undefined`: records made in memory). */
  base?: RecordsBase | undefined;
  /** The last index's word lists, which the next one starts from (`AssembleOptions.previous`). */
  assembly?: AssemblyState | undefined;
}

/** What a store's `records.bin` holds: the additions written beside it need only the rest. */
interface RecordsBase {
  id: string;
  /** `settings`, `version`, `includeCharacters` and the shared files' names and sizes. */
  header: string;
  hashes: ReadonlySet<string>;
  packed: ReadonlySet<string>;
}

/** A page record as stored: its words as numbers in the store's vocabulary (strings by the hundred thousand are slow to read back). */
interface StoredRecord extends Omit<PagefindPageRecord, 'words' | 'originals'> {
  wordNumbers: Uint32Array;
  /** The entries with an original spelling. */
  originalSpellings: Array<[entry: number, original: string]>;
}

interface StoredRecordsFile extends Omit<StoredSearchRecords, 'records' | 'base'> {
  /** Names `records.bin`; in `records-added.bin`, the `records.bin` it adds to. */
  id: string;
  vocabulary: string[];
  records: Array<[hash: string, record: StoredRecord]>;
}

const baseName = 'records.bin';
const addedName = 'records-added.bin';
const assemblyName = 'assembly.bin';

/** The stored page records made with `settings`, or `undefined` when there are none (or they cannot be read). */
export function readStoredSearchRecords(folder: string, settings: string): StoredSearchRecords | undefined {
  const base = readRecordsFile(join(folder, baseName), settings);
  if (!base) return undefined;
  const records = decodeRecords(base);
  const packed = base.packed instanceof Map ? base.packed : new Map<string, Uint8Array>();
  const stored: StoredSearchRecords = {
    settings: base.settings, version: base.version, includeCharacters: base.includeCharacters, shared: base.shared, records, packed,
    base: { id: base.id, header: headerOf(base), hashes: new Set(records.keys()), packed: new Set(packed.keys()) },
  };
  const added = readRecordsFile(join(folder, addedName), settings);
  if (added && added.id === base.id && headerOf(added) === stored.base!.header) {
    for (const [hash, record] of decodeRecords(added)) records.set(hash, record);
    if (added.packed instanceof Map) for (const [hash, content] of added.packed) packed.set(hash, content);
  }
  try {
    const assembly = deserialize(readFileSync(join(folder, assemblyName))) as { settings: string; state: AssemblyState };
    if (assembly.settings === settings && assembly.state.languages instanceof Map) stored.assembly = assembly.state;
  } catch {
    // None yet: the next index is put together from the records alone.
  }
  return stored;
}

function readRecordsFile(file: string, settings: string): StoredRecordsFile | undefined {
  try {
    const stored = deserialize(readFileSync(file)) as StoredRecordsFile;
    if (stored.settings !== settings || typeof stored.id !== 'string' || !Array.isArray(stored.records) || !Array.isArray(stored.shared) || !Array.isArray(stored.vocabulary)) return undefined;
    return stored;
  } catch {
    return undefined;
  }
}

function decodeRecords(stored: StoredRecordsFile): Map<string, PagefindPageRecord> {
  const { vocabulary } = stored;
  const records = new Map<string, PagefindPageRecord>();
  for (const [hash, { wordNumbers, originalSpellings, ...record }] of stored.records) {
    // Words are read back when first asked for: an index put together from the last one's word
    // lists (`AssembleOptions.previous`) never asks for those of the pages that did not change.
    let words: string[] | undefined;
    let originals: string[] | undefined;
    const wordsOf = (): string[] => (words ??= Array.from(wordNumbers, (number) => vocabulary[number] as string));
    records.set(hash, Object.defineProperties(record as PagefindPageRecord, {
      words: { enumerable: true, get: wordsOf },
      originals: {
        enumerable: true,
        get: () => {
          if (!originals) {
            originals = wordsOf().map(() => '');
            for (const [entry, original] of originalSpellings) originals[entry] = original;
          }
          return originals;
        },
      },
    }));
  }
  return records;
}

function headerOf(records: Pick<StoredSearchRecords, 'settings' | 'version' | 'includeCharacters' | 'shared'>): string {
  return JSON.stringify([records.settings, records.version, records.includeCharacters, records.shared.map((file) => [file.path, file.content.length])]);
}

/**
 * Replaces the stored page records (`undefined`: deletes them). Best effort, like
 * `writeStoredSearchIndex`. When `previous` (the records this build read) came from the store
 * and few shares changed since its `records.bin` was written (at most one in eight added, one in
 * four no longer used), only the shares and compressed files `records.bin` lacks are written,
 * to `records-added.bin`; otherwise `records.bin` is written anew with every share.
 */
export function writeStoredSearchRecords(folder: string, records: StoredSearchRecords | undefined, previous?: StoredSearchRecords | undefined): void {
  try {
    if (!records) {
      rmSync(join(folder, addedName), { force: true });
      rmSync(join(folder, baseName), { force: true });
      rmSync(join(folder, assemblyName), { force: true });
      return;
    }
    mkdirSync(folder, { recursive: true });
    if (records.assembly) writeWhole(join(folder, assemblyName), serialize({ settings: records.settings, state: records.assembly }));
    else rmSync(join(folder, assemblyName), { force: true });
    const base = previous?.base;
    if (base && base.header === headerOf(records)) {
      const added = [...records.records].filter(([hash]) => !base.hashes.has(hash));
      let unused = 0;
      for (const hash of base.hashes) if (!records.records.has(hash)) unused += 1;
      const allowed = Math.max(16, base.hashes.size);
      if (added.length <= allowed / 8 && unused <= allowed / 4) {
        const packed = new Map([...records.packed].filter(([hash]) => !base.packed.has(hash)));
        writeWhole(join(folder, addedName), serialize(encodeRecords(records, base.id, added, packed)));
        return;
      }
    }
    writeWhole(join(folder, baseName), serialize(encodeRecords(records, randomUUID(), [...records.records], records.packed)));
    // Additions name the `records.bin` they were written for: old ones are never read with this one.
    rmSync(join(folder, addedName), { force: true });
  } catch {
    // See `writeStoredSearchIndex`.
  }
}

/** Records as stored: words as numbers in one vocabulary. */
function encodeRecords(records: StoredSearchRecords, id: string, entries: Array<[string, PagefindPageRecord]>, packed: Map<string, Uint8Array>): StoredRecordsFile {
  const numbers = new Map<string, number>();
  const vocabulary: string[] = [];
  return {
    id, settings: records.settings, version: records.version, includeCharacters: records.includeCharacters, shared: records.shared, packed, vocabulary,
    records: entries.map(([hash, { words, originals, ...record }]) => {
      const wordNumbers = new Uint32Array(words.length);
      words.forEach((word, entry) => {
        let number = numbers.get(word);
        if (number === undefined) {
          number = vocabulary.push(word) - 1;
          numbers.set(word, number);
        }
        wordNumbers[entry] = number;
      });
      const originalSpellings = originals.flatMap((original, entry): Array<[number, string]> => (original === '' ? [] : [[entry, original]]));
      return [hash, { ...record, wordNumbers, originalSpellings }];
    }),
  };
}
