import { CborWriter } from './cbor.js';
import { compareCodePoints } from './pagefind-file.js';
import type { PagefindPageRecord } from './pagefind-split.js';
import { emptyWordIndex, isWordIndex, writeMetaLocations, type WordIndex } from './word-index.js';

/**
 * The word index of `records` from the last one (`earlier`), when the pages are the same ones
 * in the same order and only a few have a new key: every word's list keeps the other pages'
 * entries as they were encoded (only the entry after a changed one gets its page difference
 * again), with the changed pages' entries put in from their records. `undefined` when it cannot
 * (a changed page has words with diacritics, or is in a word's variants; other meta fields).
 */
export function updateWordIndex(earlier: { keys: string[]; fields: string[]; index: WordIndex }, records: readonly PagefindPageRecord[], keys: readonly string[], fields: readonly string[]): WordIndex | undefined {
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


let wordIndexUpdates = 0;

/** How many word indexes were made from an earlier one in this process (internal: for tests). */
export function countWordIndexUpdates(): number {
  return wordIndexUpdates;
}

function updateWords(old: WordIndex, records: readonly PagefindPageRecord[], changed: readonly number[], fields: readonly string[]): WordIndex | undefined {
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

  const update = new WordIndexUpdate(old, records, changed, fields, { words: fresh.length, entries: addedCount, metaOf });
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
      update.copyWords(untouched, number);
      untouched = number;
      update.writeWord(fresh[freshAt]!, undefined, added.get(fresh[freshAt++]!)!);
    }
    if (!touched) continue;
    update.copyWords(untouched, number);
    untouched = number + 1;
    update.writeWord(word, number, news ?? []);
  }
  update.copyWords(untouched, old.words.length);
  while (freshAt < fresh.length) update.writeWord(fresh[freshAt]!, undefined, added.get(fresh[freshAt++]!)!);
  return update.done();
}

/** A word index being written from the last one: old words copied as bytes, touched ones written again. */
class WordIndexUpdate {
  readonly words: string[] = [];
  readonly index: WordIndex;
  readonly writer: CborWriter;
  readonly fieldNumbers: Map<string, number>;
  readonly metaOf: ReadonlyMap<PagefindPageRecord, ReadonlyMap<number, Array<string | number>>>;
  own = 0;
  variantCount = 0;

  constructor(
    readonly old: WordIndex,
    readonly records: readonly PagefindPageRecord[],
    readonly changed: readonly number[],
    fields: readonly string[],
    added: { words: number; entries: number; metaOf: ReadonlyMap<PagefindPageRecord, ReadonlyMap<number, Array<string | number>>> },
  ) {
    this.fieldNumbers = new Map(fields.map((field, position) => [field, position]));
    this.metaOf = added.metaOf;
    this.index = emptyWordIndex(old.words.length + added.words, old.entryPage.length + added.entries, old.variantPage.length);
    // About as many bytes as before: the changed pages' entries, and a word's headers, more.
    this.writer = new CborWriter(old.bytes.length + changed.reduce((sum, page) => sum + records[page]!.locations.length + records[page]!.words.length * 24, 0) + 1024);
  }

  /** Old words `from..to`, none of them touched: their bytes and entries as they were. */
  copyWords(from: number, to: number): void {
    if (from >= to) return;
    const shift = this.writer.length - this.old.wordStart[from]!;
    const entryShift = this.own - this.old.entryStart[from]!;
    const variantShift = this.variantCount - this.old.variantStart[from]!;
    for (let word = from; word < to; word += 1) {
      const number = this.words.push(this.old.words[word]!) - 1;
      this.index.wordStart[number] = this.old.wordStart[word]! + shift;
      this.index.variantsAt[number] = this.old.variantsAt[word]!;
      this.index.sizes[number] = this.old.sizes[word]!;
      this.index.entryStart[number + 1] = this.old.entryStart[word + 1]! + entryShift;
      this.index.variantStart[number + 1] = this.old.variantStart[word + 1]! + variantShift;
    }
    this.writer.bytes(this.old.bytes, this.old.wordStart[from]!, this.old.wordStart[to]!);
    const entries = this.old.entryStart[to]! - this.old.entryStart[from]!;
    this.index.entryPage.set(this.old.entryPage.subarray(this.old.entryStart[from]!, this.old.entryStart[to]!), this.own);
    this.index.entryAt.set(this.old.entryAt.subarray(this.old.entryStart[from]!, this.old.entryStart[to]!), this.own);
    this.index.entrySize.set(this.old.entrySize.subarray(this.old.entryStart[from]!, this.old.entryStart[to]!), this.own);
    this.own += entries;
    this.index.variantPage.set(this.old.variantPage.subarray(this.old.variantStart[from]!, this.old.variantStart[to]!), this.variantCount);
    this.variantCount += this.old.variantStart[to]! - this.old.variantStart[from]!;
  }

  /** Writes a word: the old word `number`'s entries (if any) but the changed pages', with `news` put in. */
  writeWord(word: string, number: number | undefined, news: ReadonlyArray<[page: number, entry: number]>): void {
    const from = number === undefined ? 0 : this.old.entryStart[number]!;
    const to = number === undefined ? 0 : this.old.entryStart[number + 1]!;
    const base = number === undefined ? 0 : this.old.wordStart[number]!;
    // The old entries kept, as runs between the changed pages.
    const kept: Array<[start: number, end: number]> = [];
    let size = number === undefined ? 0 : this.old.sizes[number]!;
    let at = from;
    for (const page of this.changed) {
      const found = findPage(this.old.entryPage, at, to, page);
      const end = found < 0 ? -1 - found : found;
      if (end > at) kept.push([at, end]);
      if (found >= 0) {
        size -= this.old.entrySize[found]!;
        at = found + 1;
      } else at = end;
    }
    if (to > at) kept.push([at, to]);
    const count = kept.reduce((sum, [start, end]) => sum + end - start, 0) + news.length;
    const hasVariants = number !== undefined && this.old.variantStart[number + 1]! > this.old.variantStart[number]!;
    if (count === 0 && !hasVariants) return;
    const start = this.writer.length;
    const wordNumber = this.words.push(word) - 1;
    this.index.wordStart[wordNumber] = start;
    this.writer.header(4, 3);
    this.writer.text(word);
    this.writer.header(4, count);
    let last = 0;
    let next = 0;
    const writeAdded = (page: number, entry: number): void => {
      const record = this.records[page]!;
      const meta = this.metaOf.get(record)!.get(entry);
      this.index.entryPage[this.own] = page;
      this.index.entryAt[this.own] = this.writer.length - start;
      this.index.entrySize[this.own] = record.sizes[entry]! + 1;
      this.own += 1;
      size += record.sizes[entry]! + 1;
      this.writer.pageEntry(page - last, record.locations, record.bounds[entry]!, record.bounds[entry + 1]!, meta === undefined);
      if (meta !== undefined) writeMetaLocations(this.writer, meta, this.fieldNumbers);
      last = page;
    };
    for (const [runStart, runEnd] of kept) {
      while (next < news.length && news[next]![0] < this.old.entryPage[runStart]!) writeAdded(...news[next++]!);
      // The run's first entry gets its page difference again when the page before it changed.
      const firstPage = this.old.entryPage[runStart]!;
      const before = runStart > from ? this.old.entryPage[runStart - 1]! : 0;
      const runBytesEnd = runEnd < to ? base + this.old.entryAt[runEnd]! : base + this.old.variantsAt[number!]!;
      this.index.entryAt[this.own] = this.writer.length - start;
      let copyFrom = base + this.old.entryAt[runStart]!;
      if (before !== last) {
        // [0x83, difference, …]: the old difference's header is 1, 2, 3 or 5 bytes.
        const info = this.old.bytes[copyFrom + 1]! & 0x1f;
        this.writer.pageEntryStart(firstPage - last);
        copyFrom += 2 + (info < 24 ? 0 : info === 24 ? 1 : info === 25 ? 2 : 4);
      }
      const runOffset = this.writer.length - copyFrom + base - start;
      this.writer.bytes(this.old.bytes, copyFrom, runBytesEnd);
      this.index.entryPage.set(this.old.entryPage.subarray(runStart, runEnd), this.own);
      this.index.entrySize.set(this.old.entrySize.subarray(runStart, runEnd), this.own);
      for (let entry = runStart + 1; entry < runEnd; entry += 1) this.index.entryAt[this.own + entry - runStart] = this.old.entryAt[entry]! + runOffset;
      this.own += runEnd - runStart;
      last = this.old.entryPage[runEnd - 1]!;
    }
    while (next < news.length) writeAdded(...news[next++]!);
    this.index.entryStart[wordNumber + 1] = this.own;
    this.index.variantsAt[wordNumber] = this.writer.length - start;
    if (number === undefined) this.writer.header(4, 0);
    else {
      this.writer.bytes(this.old.bytes, base + this.old.variantsAt[number]!, this.old.wordStart[number + 1]!);
      this.index.variantPage.set(this.old.variantPage.subarray(this.old.variantStart[number]!, this.old.variantStart[number + 1]!), this.variantCount);
      this.variantCount += this.old.variantStart[number + 1]! - this.old.variantStart[number]!;
    }
    this.index.variantStart[wordNumber + 1] = this.variantCount;
    this.index.sizes[wordNumber] = size;
  }

  /** The index written. */
  done(): WordIndex {
    const { index, words, own, variantCount } = this;
    index.wordStart[words.length] = this.writer.length;
    return {
      words,
      bytes: this.writer.done(),
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
