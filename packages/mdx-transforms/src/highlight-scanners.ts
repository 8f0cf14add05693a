import type { RegexEngine } from 'shiki';

type PatternScanner = ReturnType<RegexEngine['createScanner']>;

/** A regex engine whose scanners are shared by pattern list (see `shareScanners`). */
export interface SharedScannerEngine extends RegexEngine {
  /** How many scanners the engine underneath compiled (internal: for tests and benchmarks). */
  readonly compilations: number;
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

interface Entry {
  key: string;
  scanner: PatternScanner;
  patterns: number;
  /** Handles given out and not disposed. */
  users: number;
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
  let unusedPatterns = 0;
  let compilations = 0;

  function release(entry: Entry): undefined {
    entry.users--;
    if (entry.users > 0) return;
    unused.set(entry.key, entry);
    unusedPatterns += entry.patterns;
    while (unusedPatterns > idlePatterns) {
      const oldest = unused.values().next().value as Entry;
      unused.delete(oldest.key);
      unusedPatterns -= oldest.patterns;
      entries.delete(oldest.key);
      oldest.scanner.dispose?.();
    }
  }

  return {
    get compilations() {
      return compilations;
    },
    get size() {
      return entries.size;
    },
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      // JSON keeps lists apart that a separator could join alike; a RegExp (the JavaScript
      // engine's input) counts by its source and flags.
      const key = JSON.stringify(patterns.map((pattern) => (typeof pattern === 'string' ? pattern : [pattern.source, pattern.flags])));
      let entry = entries.get(key);
      if (entry) {
        if (unused.delete(key)) unusedPatterns -= entry.patterns;
        entry.users++;
      } else {
        const scanner = engine.createScanner(patterns);
        compilations++;
        entry = { key, scanner, patterns: patterns.length, users: 1 };
        entries.set(key, entry);
      }
      const { scanner } = entry;
      const owner = entry;
      let isDisposed = false;
      return {
        findNextMatchSync: (text, start, options) => scanner.findNextMatchSync(text, start, options),
        dispose() {
          if (isDisposed) return;
          isDisposed = true;
          release(owner);
        },
      };
    },
  };
}
