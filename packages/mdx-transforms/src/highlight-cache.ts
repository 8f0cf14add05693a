import { createHash } from 'node:crypto';
import { oldestFirst } from '@docsgen/util/oldest-first';

/**
 * What one highlighted block turns into.
 */
export interface HighlightedCode {
  /** The highlighted `<pre>` as HTML. */
  html: string;
  /** The code as a reader copies it: notation comments (`// [!code ++]`) removed. */
  code: string;
}

/**
 * Most blocks the cache keeps. Every distinct (language, code, line options, themes) is one
 * entry. The least recently used entry goes first.
 */
export const highlightCacheSize = 5000;

/**
 * Most characters of HTML and code the cache keeps (about 32 MB): a 30-line block is about 8 KB
 * of HTML, but long blocks make 5,000 entries far more (74 MB per build thread on the benchmark
 * corpus, whose blocks are all different). The least recently used entries go first.
 */
export const highlightCacheChars = 16 * 1024 * 1024;

// Module state on purpose, next to the highlighter singleton: highlighted output depends only
// on the key, and a dev server re-rendering a page after an edit hits it for every block that
// did not change.
const cache = new Map<string, HighlightedCode>();
// The least recently used key (one used is set again, so it is the newest).
const oldest = oldestFirst(cache);
let cachedChars = 0;

/**
 * Hash everything that changes the highlighted output into a cache key.
 *
 * @param parts
 *   Language, themes, line options and code.
 * @returns
 *   Hex SHA-1 of the parts.
 */
export function hashHighlightKey(parts: readonly unknown[]): string {
  return createHash('sha1').update(JSON.stringify(parts)).digest('hex');
}

/**
 * Look a block up, marking it as recently used.
 *
 * @param key
 *   Key from `hashHighlightKey`.
 * @returns
 *   Cached output, if any.
 */
export function readHighlightCache(key: string): HighlightedCode | undefined {
  const value = cache.get(key);
  if (value) {
    // Map keeps insertion order: re-inserting moves the entry to the young end.
    cache.delete(key);
    cache.set(key, value);
  }
  return value;
}

/**
 * Store a block, evicting the least recently used entry when the cache is full.
 *
 * @param key
 *   Key from `hashHighlightKey`.
 * @param value
 *   Highlighted output.
 */
export function writeHighlightCache(key: string, value: HighlightedCode): undefined {
  forget(key);
  cache.set(key, value);
  cachedChars += charsOf(value);
  while (cache.size > highlightCacheSize || (cachedChars > highlightCacheChars && cache.size > 1)) forget(oldest()!);
}

function forget(key: string): undefined {
  const value = cache.get(key);
  if (!value) return;
  cache.delete(key);
  cachedChars -= charsOf(value);
}

function charsOf(value: HighlightedCode): number {
  return value.html.length + value.code.length;
}

/**
 * Store blocks highlighted by an earlier run (`file.data.highlighted` of a page compiled with
 * the same settings), so that recompiling an edited page whose code blocks did not change
 * neither loads Shiki nor tokenizes again. Malformed entries are skipped.
 *
 * @param entries
 *   `[key, highlighted]` pairs, as `rehypeHighlightCode` records them.
 */
export function rememberHighlightedCode(entries: unknown): undefined {
  if (!Array.isArray(entries)) return;
  for (const entry of entries as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
    const value = entry[1] as Partial<HighlightedCode> | null;
    if (typeof value?.html !== 'string' || typeof value.code !== 'string') continue;
    writeHighlightCache(entry[0], { html: value.html, code: value.code });
  }
}

/**
 * Empty the cache (internal: for tests and benchmarks that measure cold runs).
 */
export function clearHighlightCache(): undefined {
  cache.clear();
  cachedChars = 0;
}

/**
 * Entries in the cache (internal: for tests).
 *
 * @returns
 *   Count of cached blocks.
 */
export function countHighlightCache(): number {
  return cache.size;
}

/**
 * One block to highlight.
 */
export interface HighlightRequest {
  /** Source code, without the trailing newline of the fence. */
  code: string;
  /** Language name from `resolveLanguage` (`text` for plain text). */
  language: string;
  /** Theme of each color mode. */
  themes: { light: string; dark: string };
  /** 1-based lines to mark `highlighted`. */
  highlight: readonly number[];
  /** 1-based lines to mark `focused`. */
  focus: readonly number[];
  /** Whether to show line numbers. */
  lines: boolean;
  /** Whether long lines wrap. */
  wrap: boolean;
}

/**
 * Cache key of a request: everything that changes the output, nothing else (a title does
 * not, so renaming a fence keeps its cache entry).
 *
 * @param request
 *   Block to highlight.
 * @returns
 *   Hash for `readHighlightCache`.
 */
export function keyOfHighlight(request: HighlightRequest): string {
  return hashHighlightKey([
    request.language,
    request.themes.light,
    request.themes.dark,
    request.highlight,
    request.focus,
    request.lines,
    request.wrap,
    request.code,
  ]);
}
