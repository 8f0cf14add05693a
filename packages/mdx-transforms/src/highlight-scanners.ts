import { oldestFirst } from '@docsgen/util/oldest-first';
import type { RegexEngine } from 'shiki';

type PatternScanner = ReturnType<RegexEngine['createScanner']>;
type ScannerString = Parameters<PatternScanner['findNextMatchSync']>[0];
type ScannerMatch = ReturnType<PatternScanner['findNextMatchSync']>;

/** A regex engine whose scanners are shared by pattern list (see `shareScanners`). */
export interface SharedScannerEngine extends RegexEngine {
  /** How many scanners the engine underneath compiled (internal: for tests and benchmarks). */
  readonly compilations: number;
  /** How many patterns those scanners had in all (internal: for tests and benchmarks). */
  readonly compiledPatterns: number;
  /** Scanners compiled and kept, in use or idle (internal: for tests). */
  readonly size: number;
}

/** Options of `shareScanners`. */
export interface ShareScannersOptions {
  /**
   * Most patterns in scanners kept while no rule uses them, the least recently used freed first
   * (default: `4096`). A compiled pattern takes about 11 KB of the engine's memory on average (the
   * 273 distinct lists of the platform's own docs, 7,894 patterns, take 88 MB), so the default
   * bounds unused scanners to some 45 MB. Unused scanners come from code whose back-referenced
   * ends vary (a heredoc delimiter per block) and from grammars Shiki recreated; the new grammar
   * takes most of its predecessor's scanners back.
   */
  idlePatterns?: number | null | undefined;
}

const defaultIdlePatterns = 4096;
/**
 * Fewest patterns of the part a list shares with another (its end) for the list to be compiled
 * in two parts: sharing a short part saves little compiling.
 */
const minSharedPatterns = 16;
/**
 * Where docsgen's patch of vscode-textmate (`patches/@shikijs__vscode-textmate@10.1.0.patch`)
 * puts the parts of a rule's pattern list on the list it compiles: per pattern of the rule, the
 * number of patterns an include brought, or -1 for one pattern of the rule itself.
 */
const patternPartsKey = Symbol.for('vscode-textmate.patternParts');

type Handle = { entry: Entry; dispose: () => undefined };

interface Entry {
  key: string;
  scanner: PatternScanner;
  patterns: number;
  /** Handles given out and not disposed. */
  users: number;
  /** The patterns, when the list's ends are indexed for sharing (see `suffixes`). */
  list: readonly string[] | undefined;
  /** Hash of the list from each offset to its end (`hashSuffixes`). */
  suffixHashes: number[] | undefined;
  /**
   * Whether a match may depend on where the search starts (`\G`): such a scanner's last
   * result is never reused (the engine's own test, `hasGAnchor` of vscode-oniguruma).
   */
  isAnchored: boolean;
  /** The last search of a part of a split list and its result (see `searchPart`). */
  lastString: ScannerString | undefined;
  lastStart: number;
  lastOptions: number | undefined;
  lastMatch: ScannerMatch;
}

/**
 * Wrap a regex engine so that scanners are compiled once per distinct pattern list and shared.
 *
 * vscode-textmate caches a compiled scanner per rule, but compiles again for the same patterns
 * in three cases that are common in documentation: a begin/end rule whose end has
 * back-references (a Markdown or MDX code fence, a heredoc) recompiles whenever the end
 * differs from the last block's; a grammar embedded in another (TypeScript in MDX, JavaScript
 * in HTML) compiles its rules again inside each; and Shiki recreates a grammar whenever a
 * language it embeds lazily is loaded (Markdown and MDX, for every new fence language).
 * Compiling scanners was 70% of the CPU time of highlighting the platform's own docs (3,434
 * blocks; 951 scanners for 273 distinct lists), and a scanner's matches depend on its patterns
 * only, so equal lists can share one.
 *
 * Lists also share parts: a begin/end rule scans for its end and then its patterns, and rules
 * of a grammar that nest the same patterns (in TypeScript, an expression inside parentheses,
 * brackets, braces, a template) differ only in their first patterns (the end, and what the rule
 * adds). When a list comes whose end (`minSharedPatterns` patterns or more, the longest) ends
 * another list kept, it is compiled as two shared scanners, its start and that end, so a third
 * such list compiles its start only (on the platform's own docs, a third fewer patterns
 * compiled). A search of such a list searches both parts and takes the earlier match, the
 * start's on a tie, which is what the engine does for the whole list (Oniguruma's
 * `ONIG_REGSET_POSITION_LEAD`: the first position where a pattern matches, the first such
 * pattern). A part's last result is reused for a later search of the same string that starts
 * at or before it, as vscode-oniguruma does for long strings, so the end is not searched again
 * while the start keeps matching before it. (One difference remains, beyond any real grammar:
 * a search that exceeds Oniguruma's backtracking limit fails the whole list, but only its own
 * part of a split one.)
 *
 * A list that comes with its parts (docsgen's patch of vscode-textmate gives, per pattern of the
 * rule, what each include brought, the same way down: `chunksOf`) is compiled as parts instead:
 * each include of `minSharedPatterns` patterns or more is a shared scanner (split the same way
 * when it includes such a list itself), and so is each run of patterns between them. Rules of a
 * grammar include the same lists in many places, in the middle as often as at the end, and
 * grammars nest them (on the platform's own docs, 2,700 patterns compiled instead of 5,100; on
 * the shared corpus 900 instead of 1,700). A search takes the earliest match of any part, the
 * earliest part's on a tie.
 *
 * Each `createScanner` returns a handle whose `dispose` releases it (a second call does
 * nothing); the scanner is kept while any handle uses it, then among the unused ones until
 * they hold more than `idlePatterns` patterns, least recently used first out and freed.
 *
 * @param engine
 *   Engine to compile with.
 * @param options
 *   How many unused scanners to keep.
 * @returns
 *   The engine with shared scanners.
 */
export function shareScanners(engine: RegexEngine, options?: ShareScannersOptions | null | undefined): SharedScannerEngine {
  const idlePatterns = options?.idlePatterns ?? defaultIdlePatterns;
  const entries = new Map<string, Entry>();
  // Unused entries, least recently used first (a Map keeps insertion order).
  const unused = new Map<string, Entry>();
  const oldestUnused = oldestFirst(unused);
  let unusedPatterns = 0;
  let compilations = 0;
  let compiledPatterns = 0;
  // Lists kept, by the hash of each of their ends of `minSharedPatterns` or more patterns (and of
  // the whole list): where an end starts in which list.
  const suffixes = new Map<number, Array<{ entry: Entry; offset: number }>>();

  function release(entry: Entry): undefined {
    entry.users--;
    if (entry.users > 0) return;
    unused.set(entry.key, entry);
    unusedPatterns += entry.patterns;
    while (unusedPatterns > idlePatterns) {
      const oldest = unused.get(oldestUnused()!)!;
      unused.delete(oldest.key);
      unusedPatterns -= oldest.patterns;
      entries.delete(oldest.key);
      if (oldest.suffixHashes) {
        for (const hash of new Set(oldest.suffixHashes.slice(0, oldest.patterns - minSharedPatterns + 1))) {
          const left = suffixes.get(hash)!.filter((place) => place.entry !== oldest);
          if (left.length === 0) suffixes.delete(hash);
          else suffixes.set(hash, left);
        }
      }
      oldest.scanner.dispose?.();
    }
  }

  /** A handle on the shared scanner of one list (compiled when new). */
  function acquire(patterns: ReadonlyArray<string | RegExp>, key: string, hashes?: number[]): Handle {
    let entry = entries.get(key);
    if (entry) {
      if (unused.delete(key)) unusedPatterns -= entry.patterns;
      entry.users++;
    } else {
      const scanner = engine.createScanner(patterns as Array<string | RegExp>);
      compilations++;
      compiledPatterns += patterns.length;
      const list = patterns.length >= minSharedPatterns && patterns.every((pattern) => typeof pattern === 'string') ? (patterns.slice() as string[]) : undefined;
      const suffixHashes = list ? (hashes ?? hashSuffixes(list)) : undefined;
      const isAnchored = patterns.some((pattern) => /\\G/.test(typeof pattern === 'string' ? pattern : pattern.source));
      entry = { key, scanner, patterns: patterns.length, users: 1, list, suffixHashes, isAnchored, lastString: undefined, lastStart: 0, lastOptions: undefined, lastMatch: null };
      entries.set(key, entry);
      if (suffixHashes) {
        for (let offset = 0; offset <= patterns.length - minSharedPatterns; offset++) {
          const places = suffixes.get(suffixHashes[offset]!);
          if (places) places.push({ entry, offset });
          else suffixes.set(suffixHashes[offset]!, [{ entry, offset }]);
        }
      }
    }
    const owner = entry;
    let isDisposed = false;
    return {
      entry,
      dispose() {
        if (isDisposed) return;
        isDisposed = true;
        release(owner);
      },
    };
  }

  return {
    get compilations() {
      return compilations;
    },
    get compiledPatterns() {
      return compiledPatterns;
    },
    get size() {
      return entries.size;
    },
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      const chunks = chunksOf(patterns);
      if (chunks) {
        const handles: Handle[] = [];
        try {
          for (const [start, end] of chunks) {
            const chunk = patterns.slice(start, end);
            handles.push(acquire(chunk, keyOf(chunk)));
          }
        } catch (error) {
          for (const handle of handles) handle.dispose();
          throw error;
        }
        return createPartsScanner(handles);
      }
      const key = keyOf(patterns);
      let hashes: number[] | undefined;
      if (!entries.has(key) && patterns.length > minSharedPatterns && patterns.every((pattern) => typeof pattern === 'string')) {
        const list = patterns as string[];
        hashes = hashSuffixes(list);
        // The longest end that a kept list has (as its end or whole).
        for (let start = 1; start <= list.length - minSharedPatterns; start++) {
          const places = suffixes.get(hashes[start]!);
          if (!places?.some((place) => endsAlike(place.entry.list!, place.offset, list, start))) continue;
          const head = acquire(list.slice(0, start), keyOf(list.slice(0, start)));
          try {
            return createPartsScanner([head, acquire(list.slice(start), keyOf(list.slice(start)), hashes.slice(start))]);
          } catch (error) {
            head.dispose();
            throw error;
          }
        }
      }
      const handle = acquire(patterns, key, hashes);
      const { scanner } = handle.entry;
      return {
        findNextMatchSync: (text, start, options) => scanner.findNextMatchSync(text, start, options),
        dispose: handle.dispose,
      };
    },
  };
}

// JSON keeps lists apart that a separator could join alike; a RegExp (the JavaScript engine's
// input) counts by its source and flags.
function keyOf(patterns: ReadonlyArray<string | RegExp>): string {
  return JSON.stringify(patterns.map((pattern) => (typeof pattern === 'string' ? pattern : [pattern.source, pattern.flags])));
}

/**
 * Hash of a list from each offset to its end (FNV-1a over each pattern, folded from the end):
 * equal ends hash alike, whatever comes before them.
 */
function hashSuffixes(list: readonly string[]): number[] {
  const hashes = new Array<number>(list.length + 1);
  let hash = 0x811c9dc5;
  hashes[list.length] = hash;
  for (let index = list.length - 1; index >= 0; index--) {
    const pattern = list[index]!;
    // The length first: patterns cannot run into each other.
    hash = Math.imul(hash ^ pattern.length, 0x01000193);
    for (let char = 0; char < pattern.length; char++) hash = Math.imul(hash ^ pattern.charCodeAt(char), 0x01000193);
    hashes[index] = hash >>> 0;
  }
  return hashes;
}

/** Whether `a` from `aStart` and `b` from `bStart` are the same patterns to their ends. */
function endsAlike(a: readonly string[], aStart: number, b: readonly string[], bStart: number): boolean {
  if (a.length - aStart !== b.length - bStart) return false;
  for (let index = 0; aStart + index < a.length; index++) if (a[aStart + index] !== b[bStart + index]) return false;
  return true;
}

/**
 * The parts of a list as docsgen's patch of vscode-textmate gives them: per pattern of the rule,
 * -1 for one of its own patterns, or an include's parts, the same way down.
 */
type PatternParts = ReadonlyArray<-1 | PatternParts>;

/** Chunks by parts: the same parts (of a rule's list, all its variants) split alike. */
const chunksByParts = new WeakMap<PatternParts, Array<[number, number]> | null>();

/**
 * Where a list splits into shared scanners, from the parts vscode-textmate gave with it (see
 * `patternPartsKey`): an include of `minSharedPatterns` patterns or more (a grammar's
 * `#expression`, `#statements`: lists many rules include) is a scanner of its own, unless it
 * includes such a list itself, when its parts are split the same way; what lies between such
 * includes (the rule's own patterns, its end, short includes) is one scanner.
 *
 * @returns
 *   `[start, end)` of each scanner in order, or nothing when the list is better compiled whole
 *   (no parts given, or a single scanner).
 */
function chunksOf(patterns: ReadonlyArray<string | RegExp>): Array<[number, number]> | undefined {
  const parts = (patterns as unknown as { [patternPartsKey]?: unknown })[patternPartsKey];
  if (!Array.isArray(parts)) return undefined;
  let chunks = chunksByParts.get(parts);
  if (chunks === undefined) {
    try {
      chunks = splitParts(parts);
    } catch {
      // Not parts as the patch gives them.
      chunks = null;
    }
    chunksByParts.set(parts, chunks);
  }
  // Parts that do not add up to the list are not this list's: compile it whole.
  if (!chunks || chunks.at(-1)![1] !== patterns.length) return undefined;
  return chunks;
}

function splitParts(parts: PatternParts): Array<[number, number]> | null {
  const sizes = new Map<PatternParts, number>();
  const sizeOf = (list: PatternParts): number => {
    let size = sizes.get(list);
    if (size === undefined) {
      size = 0;
      for (const part of list) {
        if (part === -1) size++;
        else if (Array.isArray(part)) size += sizeOf(part);
        else throw new TypeError('Unexpected pattern part');
      }
      sizes.set(list, size);
    }
    return size;
  };
  const chunks: Array<[number, number]> = [];
  let runStart = 0;
  let offset = 0;
  const isLarge = (part: -1 | PatternParts): part is PatternParts => part !== -1 && sizeOf(part) >= minSharedPatterns;
  (function walk(list: PatternParts): undefined {
    for (const part of list) {
      if (!isLarge(part)) {
        offset += part === -1 ? 1 : sizeOf(part);
      } else if (part.some(isLarge)) {
        // Its short parts make a run of their own, the same in every list that includes it.
        if (offset > runStart) chunks.push([runStart, offset]);
        runStart = offset;
        walk(part);
        if (offset > runStart) chunks.push([runStart, offset]);
        runStart = offset;
      } else {
        if (offset > runStart) chunks.push([runStart, offset]);
        chunks.push([offset, offset + sizeOf(part)]);
        offset += sizeOf(part);
        runStart = offset;
      }
    }
  })(parts);
  if (offset > runStart) chunks.push([runStart, offset]);
  return chunks.length > 1 ? chunks : null;
}

/**
 * A list searched as consecutive parts, each a shared scanner (see `shareScanners`): the
 * earliest match of any part, the earlier part's on a tie, which is what the engine does for
 * the whole list.
 */
function createPartsScanner(parts: readonly Handle[]): PatternScanner {
  const offsets: number[] = [];
  let offset = 0;
  for (const part of parts) {
    offsets.push(offset);
    offset += part.entry.patterns;
  }
  return {
    findNextMatchSync(text, start, options) {
      let best: ScannerMatch = null;
      let bestIndex = 0;
      for (let index = 0; index < parts.length; index++) {
        const match = searchPart(parts[index]!.entry, text, start, options);
        if (!match || (best && best.captureIndices[0]!.start <= match.captureIndices[0]!.start)) continue;
        best = match;
        bestIndex = index;
        // Nothing in a later part can come before a match where the search starts.
        if (match.captureIndices[0]!.start === start) break;
      }
      if (!best || bestIndex === 0) return best;
      return { index: best.index + offsets[bestIndex]!, captureIndices: best.captureIndices };
    },
    dispose() {
      for (const part of parts) part.dispose();
    },
  };
}

/**
 * Search a part of a split list. A search from `start` finds the first position at or after it
 * where a pattern matches; if the last search of the same string found that at or after this
 * `start` (or found nothing), from an earlier `start`, this one finds the same.
 */
function searchPart(entry: Entry, text: ScannerString, start: number, options: number): ScannerMatch {
  if (!entry.isAnchored && entry.lastString === text && entry.lastOptions === options && entry.lastStart <= start) {
    const last = entry.lastMatch;
    if (!last || last.captureIndices[0]!.start >= start) return last;
  }
  const match = entry.scanner.findNextMatchSync(text, start, options);
  entry.lastString = text;
  entry.lastStart = start;
  entry.lastOptions = options;
  entry.lastMatch = match;
  return match;
}
