import type { RegexEngine } from 'shiki';

type PatternScanner = ReturnType<RegexEngine['createScanner']>;

/** A regex engine whose scanners are shared by pattern list (see `shareScanners`). */
export interface SharedScannerEngine extends RegexEngine {
  /** How many scanners the engine underneath compiled (internal: for tests and benchmarks). */
  readonly compilations: number;
  /** Scanners compiled and kept, in use or idle (internal: for tests). */
  readonly size: number;
}

/**
 * Most scanners kept when no rule uses them (default of `shareScanners`). The platform's
 * own docs, 3,400 blocks in 20 languages, compile 272 distinct pattern lists in all, so a site
 * rarely evicts; what bounds it is code whose back-referenced ends vary without end (a
 * heredoc delimiter per block).
 */
export const idleScannerLimit = 512;

interface Entry {
  key: string;
  scanner: PatternScanner;
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
 * Compiling is most of the cost of highlighting a site, and a scanner's matches depend on its
 * patterns only, so equal lists can share one.
 *
 * Each `createScanner` returns a handle whose `dispose` releases it (a second call does
 * nothing); the scanner is kept while any handle uses it, then among at most `idle` unused
 * ones, least recently used first out and freed.
 *
 * @param engine
 *   Engine to compile with.
 * @param idle
 *   Most unused scanners to keep (default: `idleScannerLimit`).
 * @returns
 *   The engine with shared scanners.
 */
export function shareScanners(engine: RegexEngine, idle: number = idleScannerLimit): SharedScannerEngine {
  const entries = new Map<string, Entry>();
  // Unused entries, least recently used first (a Map keeps insertion order).
  const unused = new Map<string, Entry>();
  let compilations = 0;

  function release(entry: Entry): undefined {
    entry.users--;
    if (entry.users > 0) return;
    unused.set(entry.key, entry);
    if (unused.size <= idle) return;
    const oldest = unused.values().next().value as Entry;
    unused.delete(oldest.key);
    entries.delete(oldest.key);
    oldest.scanner.dispose?.();
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
        unused.delete(key);
        entry.users++;
      } else {
        const scanner = engine.createScanner(patterns);
        compilations++;
        entry = { key, scanner, users: 1 };
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
