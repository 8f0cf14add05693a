import { oldestFirst } from '@docsgen/util/oldest-first';
import type { Highlighter } from 'shiki';
import { isPlainLang, splitLines } from 'shiki/core';
import { INITIAL, type StateStack } from 'shiki/textmate';
import { escapeText, openTagOf } from './dual-theme-html.js';
import { type DualThemeGrammar, type DualThemeStyle, grammarOf, resolveThemePair, type ThemePair, tokenizeDualThemeLine, tokenizeDualThemeLineEnds } from './dual-theme-tokens.js';

/** Code highlighted for a light and a dark theme, each line as the HTML of its tokens. */
export interface DualThemeLines {
  /** HTML of each line's tokens, without the line's own `<span class="line">`. */
  lines: string[];
  /** The code as its tokens read, lines joined with `\n` (what a reader copies). */
  text: string;
  /** `shiki-themes <light> <dark>`, the `<pre>`'s second class. */
  themeName: string;
  /** `style` of the `<pre>`: both themes' foreground and background as CSS variables. */
  rootStyle: string;
}

/**
 * Bound of the line cache of a theme pair in one thread, in estimated bytes: per line its key
 * (state number and text), its tokens (two code units each) and `entryBytes`; oldest lines out
 * first.
 * Tokenizing is most of the cost of highlighting, and code repeats within and across a site's
 * pages (imports, install commands, closing brackets, object keys): on the shared 1,000-page
 * corpus 41% of the code's characters are in lines met before, on the platform's own docs 62%.
 * The corpus has 41,000 distinct lines (6.5 MB by this estimate, 10 MB of heap measured), the
 * platform's docs 7,800.
 */
const maxCacheBytes = 8_000_000;
/** What a cached line costs besides its text: its entry in the map, the object, two strings. */
const entryBytes = 100;
/** Lines longer than this are not cached (a token's end must fit in one UTF-16 code unit). */
const maxCachedLineLength = 0xffff;
/** Most field lists numbered per grammar before its numbering starts again (`StateNumbers`). */
const maxNumberedStates = 100_000;

interface LineCache {
  /** `<start state>\0<line>` → the line's tokens and the state after it. */
  lines: Map<string, CachedLine>;
  /** The oldest key of `lines`, the next to go when the cache is full. */
  oldest: () => string | undefined;
  bytes: number;
  /** State numbering per grammar. */
  numbers: WeakMap<DualThemeGrammar, StateNumbers>;
  /** Styles met, numbered for `CachedLine.tokens`. */
  styleNumbers: Map<DualThemeStyle, number>;
  /** Opening tag of each numbered style. */
  tags: string[];
}

/** A line's tokens, compact: most of a cache's lines are kept for a long time. */
interface CachedLine {
  /** Per token two UTF-16 code units: the number of its style and its end offset in the line. */
  tokens: string;
  end: StateStack;
}

/**
 * Exact numbering of tokenizer states: two states get the same number only when every field
 * vscode-textmate reads when it tokenizes the next line is equal (frame by frame: the rule, its
 * end pattern with back-references filled in, whether its begin captured the end of the line,
 * and both scope lists, scope by scope with their token attributes). `StateStack.equals`, which
 * VS Code uses to stop re-tokenizing, is looser (it compares neither the name scopes nor
 * `beginRuleCapturedEOL`, which sets the `\G` anchor of the next line), so two states it calls
 * equal could tokenize the next line differently. Positions (`_enterPos`, `_anchorPos`) are
 * reset at the start of each line and left out. Objects are numbered once (a `WeakMap` by
 * identity); a new state shares all but its top frames with the one before, so numbering a line's
 * end state costs a few map lookups. Numbers come from one counter and are never reused: when a
 * grammar has numbered `maxNumberedStates` field lists its table starts again, and lines cached
 * under old numbers simply stop matching.
 */
interface StateNumbers {
  initial: number;
  /** State frames and scope lists by identity. */
  byObject: WeakMap<object, number>;
  /** By their fields, for objects met for the first time. */
  byFields: Map<string, number>;
}

/** The fields of vscode-textmate's `StateStackImpl` that decide how the next line tokenizes. */
interface StateFrame {
  parent: StateFrame | null;
  ruleId: number;
  beginRuleCapturedEOL: boolean;
  endRule: string | null;
  nameScopesList: AttributedScopes | null;
  contentNameScopesList: AttributedScopes | null;
}

/** vscode-textmate's `AttributedScopeStack`: a scope path and its token attributes. */
interface AttributedScopes {
  parent: AttributedScopes | null;
  scopePath: ScopePath;
  tokenAttributes: number;
}

/** vscode-textmate's `ScopeStack`. */
interface ScopePath {
  parent: ScopePath | null;
  scopeName: string;
}

const caches = new WeakMap<ThemePair, LineCache>();
let nextNumber = 1;

/**
 * Highlight code for two themes, each line as HTML (`highlightBlock`'s fast path): the same
 * tokens as `tokenizeDualTheme`, with lines met before in the same tokenizer state taken from a
 * cache. A line's tokens and the state after it depend on the state before it and its text only
 * (vscode-textmate reads nothing else), and states are compared exactly (see `StateNumbers`), so
 * the cache never changes the output; tests compare it with `tokenizeDualTheme` and Shiki.
 *
 * @param highlighter
 *   Highlighter with the language and both themes loaded.
 * @param code
 *   Code to highlight.
 * @param options
 *   Language (a plain-text name gives one unstyled token per line) and themes.
 * @returns
 *   HTML per line, the text, the `<pre>` theme class and style.
 */
export function highlightDualThemeLines(
  highlighter: Highlighter,
  code: string,
  options: { lang: string; themes: { light: string; dark: string } },
): DualThemeLines {
  const pair = resolveThemePair(highlighter, options.themes);
  const split = splitLines(code);
  const lines: string[] = [];
  const result = { lines, text: split.map(([line]) => line).join('\n'), themeName: pair.themeName, rootStyle: pair.rootStyle };

  if (isPlainLang(options.lang)) {
    // Shiki keeps a plain line, even an empty one, as one token without colour.
    const tag = openTagOf(pair.plain);
    for (const [line] of split) lines.push(`${tag}${escapeText(line)}</span>`);
    return result;
  }

  const { grammar, root } = grammarOf(highlighter, pair, options.lang);
  const cache = cacheOf(pair);
  let numbers = cache.numbers.get(grammar);
  if (!numbers) cache.numbers.set(grammar, (numbers = createStateNumbers()));

  // Style number and end offset of each token of the line being tokenized.
  const codes: number[] = [];
  const pushCode = (style: DualThemeStyle, end: number): undefined => {
    codes.push(numberStyle(cache, style), end);
  };
  let stack: StateStack = INITIAL;
  for (const [line] of split) {
    // Shiki skips empty lines without tokenizing them: the state carries over.
    if (line === '') {
      lines.push('');
      continue;
    }
    if (line.length > maxCachedLineLength) {
      const tokenized = tokenizeDualThemeLine(pair, grammar, root, line, stack);
      let html = '';
      for (const token of tokenized.tokens) html += `${openTagOf(token.style)}${escapeText(token.content)}</span>`;
      lines.push(html);
      stack = tokenized.ruleStack;
      continue;
    }
    // Joined, not a template: a template string would keep the code block it was cut from.
    const key = [stack === INITIAL ? numbers.initial : numberState(numbers, stack as unknown as StateFrame), line].join('\u0000');
    let known = cache.lines.get(key);
    if (!known) {
      codes.length = 0;
      const end = tokenizeDualThemeLineEnds(pair, grammar, root, line, stack, pushCode);
      known = { tokens: encodeCodes(codes), end };
      cache.lines.set(key, known);
      cache.bytes += key.length + known.tokens.length + entryBytes;
      while (cache.bytes > maxCacheBytes) {
        const oldestKey = cache.oldest()!;
        const oldest = cache.lines.get(oldestKey)!;
        cache.lines.delete(oldestKey);
        cache.bytes -= oldestKey.length + oldest.tokens.length + entryBytes;
      }
    }
    lines.push(renderLine(cache, line, known.tokens));
    stack = known.end;
  }

  return result;
}

function cacheOf(pair: ThemePair): LineCache {
  let cache = caches.get(pair);
  if (!cache) {
    const lines = new Map<string, CachedLine>();
    caches.set(pair, (cache = { lines, oldest: oldestFirst(lines), bytes: 0, numbers: new WeakMap(), styleNumbers: new Map(), tags: [] }));
  }
  return cache;
}

function numberStyle(cache: LineCache, style: DualThemeStyle): number {
  let number = cache.styleNumbers.get(style);
  // A theme pair has a few hundred styles at most; numbers stay far below 0xffff.
  if (number === undefined) {
    number = cache.tags.push(openTagOf(style)) - 1;
    cache.styleNumbers.set(style, number);
  }
  return number;
}

function encodeCodes(codes: readonly number[]): string {
  if (codes.length <= 8192) return String.fromCharCode.apply(null, codes as number[]);
  // In slices: a call takes a limited number of arguments.
  let encoded = '';
  for (let index = 0; index < codes.length; index += 8192) encoded += String.fromCharCode(...codes.slice(index, index + 8192));
  return encoded;
}

// hast-util-to-html escapes `<` and `&` in text: most lines have neither.
const needsEscape = /[<&]/;

function renderLine(cache: LineCache, line: string, tokens: string): string {
  const escape = needsEscape.test(line);
  let html = '';
  let start = 0;
  for (let index = 0; index < tokens.length; index += 2) {
    const end = tokens.charCodeAt(index + 1);
    const content = line.slice(start, end);
    html += cache.tags[tokens.charCodeAt(index)] + (escape ? escapeText(content) : content) + '</span>';
    start = end;
  }
  return html;
}

function createStateNumbers(): StateNumbers {
  return { initial: nextNumber++, byObject: new WeakMap(), byFields: new Map() };
}

function numberState(numbers: StateNumbers, frame: StateFrame | null): number {
  if (frame === null) return 0;
  return numberObject(numbers, frame, () => {
    const endRule = frame.endRule === null ? '-' : `=${frame.endRule}`;
    // Numbers first, the free-form end rule last: the fields cannot run into each other.
    return `f${numberState(numbers, frame.parent)}|${frame.ruleId}|${frame.beginRuleCapturedEOL ? 1 : 0}|${numberScopes(numbers, frame.nameScopesList)}|${numberScopes(numbers, frame.contentNameScopesList)}|${endRule}`;
  });
}

function numberScopes(numbers: StateNumbers, scopes: AttributedScopes | null): number {
  if (scopes === null) return 0;
  return numberObject(numbers, scopes, () => `a${numberScopes(numbers, scopes.parent)}|${numberPath(numbers, scopes.scopePath)}|${scopes.tokenAttributes}`);
}

function numberPath(numbers: StateNumbers, path: ScopePath | null): number {
  if (path === null) return 0;
  return numberObject(numbers, path, () => `p${numberPath(numbers, path.parent)}|${path.scopeName}`);
}

/** The number of `object` (immutable in vscode-textmate): the number of its fields, once per object. */
function numberObject(numbers: StateNumbers, object: object, fields: () => string): number {
  let number = numbers.byObject.get(object);
  if (number === undefined) {
    number = numberFields(numbers, fields());
    numbers.byObject.set(object, number);
  }
  return number;
}

function numberFields(numbers: StateNumbers, fields: string): number {
  let number = numbers.byFields.get(fields);
  if (number === undefined) {
    if (numbers.byFields.size >= maxNumberedStates) {
      // Start again; objects numbered before keep their (still exact) numbers.
      numbers.byFields.clear();
    }
    number = nextNumber++;
    numbers.byFields.set(fields, number);
  }
  return number;
}

/**
 * Lines in the cache of a highlighter and theme pair, and their estimated bytes (internal: for
 * tests).
 *
 * @param highlighter
 *   Highlighter.
 * @param themes
 *   Theme of each mode.
 * @returns
 *   Count of cached lines and their estimated size (`0` for both before the first line).
 */
export function measureLineCache(highlighter: Highlighter, themes: { light: string; dark: string }): { lines: number; bytes: number; maxBytes: number } {
  const cache = caches.get(resolveThemePair(highlighter, themes));
  return { lines: cache?.lines.size ?? 0, bytes: cache?.bytes ?? 0, maxBytes: maxCacheBytes };
}
