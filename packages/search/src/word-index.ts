import { CborWriter } from './cbor.js';
import { compareCodePoints } from './pagefind-file.js';
import type { PagefindPageRecord } from './pagefind-split.js';

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
export function wordIndexOf(records: readonly PagefindPageRecord[], fields: readonly string[]): WordIndex {
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
export function emptyWordIndex(words: number, entries: number, variantPages: number): WordIndex {
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
export function writeMetaLocations(writer: CborWriter, locations: ReadonlyArray<string | number>, fieldNumbers: ReadonlyMap<string, number>): void {
  writer.header(4, locations.length);
  for (const location of locations) {
    if (typeof location === 'string') writer.header(1, fieldNumbers.get(location)!);
    else writer.value(location);
  }
}

/** Whether `index` (read back from a store) has the shape of a word index, its arrays of matching lengths. */
export function isWordIndex(index: WordIndex): boolean {
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
