import type { DocsgenMessage } from '@docsgen/config';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { PagefindFile, PagefindPageRecord } from './pagefind-files.js';
import { writeWhole } from './write-whole.js';

/**
 * The last build's search index, kept under `.docsgen/cache/search/` with what it was made
 * from: a hash of each page's searchable document, in index order. When a build hands the
 * indexer the same documents (the text did not change, only the layout, colours or navigation
 * labels), the stored files are the index Pagefind would write again, and Pagefind is not run.
 *
 * Two files: `index.bin`, every index file's bytes one after another, and `index.json`, the
 * manifest (written last, so a manifest always describes a complete `index.bin`). Next to
 * them, `records.bin` keeps each page's share of the index (`StoredSearchRecords`): a build in
 * which some pages changed has Pagefind index those alone.
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
const formatVersion = 3;

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
}

/** A page record as stored: its words as numbers in the store's vocabulary (strings by the hundred thousand are slow to read back). */
interface StoredRecord extends Omit<PagefindPageRecord, 'words' | 'originals'> {
  wordNumbers: Uint32Array;
  /** The entries with an original spelling. */
  originalSpellings: Array<[entry: number, original: string]>;
}

interface StoredRecordsFile extends Omit<StoredSearchRecords, 'records'> {
  vocabulary: string[];
  records: Array<[hash: string, record: StoredRecord]>;
}

/** The stored page records made with `settings`, or `undefined` when there are none (or they cannot be read). */
export function readStoredSearchRecords(folder: string, settings: string): StoredSearchRecords | undefined {
  try {
    const stored = deserialize(readFileSync(join(folder, 'records.bin'))) as StoredRecordsFile;
    if (stored.settings !== settings || !Array.isArray(stored.records) || !Array.isArray(stored.shared) || !Array.isArray(stored.vocabulary)) return undefined;
    const { vocabulary } = stored;
    const records = new Map<string, PagefindPageRecord>();
    for (const [hash, { wordNumbers, originalSpellings, ...record }] of stored.records) {
      const words = Array.from(wordNumbers, (number) => vocabulary[number] as string);
      const originals = words.map(() => '');
      for (const [entry, original] of originalSpellings) originals[entry] = original;
      records.set(hash, { ...record, words, originals });
    }
    const packed = stored.packed instanceof Map ? stored.packed : new Map<string, Uint8Array>();
    return { settings: stored.settings, version: stored.version, includeCharacters: stored.includeCharacters, shared: stored.shared, records, packed };
  } catch {
    return undefined;
  }
}

/** Replaces the stored page records (`undefined`: deletes them). Best effort, like `writeStoredSearchIndex`. */
export function writeStoredSearchRecords(folder: string, records: StoredSearchRecords | undefined): void {
  try {
    if (!records) {
      rmSync(join(folder, 'records.bin'), { force: true });
      return;
    }
    const numbers = new Map<string, number>();
    const vocabulary: string[] = [];
    const stored: StoredRecordsFile = {
      settings: records.settings, version: records.version, includeCharacters: records.includeCharacters, shared: records.shared, packed: records.packed, vocabulary,
      records: [...records.records].map(([hash, { words, originals, ...record }]) => {
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
    mkdirSync(folder, { recursive: true });
    writeWhole(join(folder, 'records.bin'), serialize(stored));
  } catch {
    // See `writeStoredSearchIndex`.
  }
}
