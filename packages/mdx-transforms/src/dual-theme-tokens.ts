import type { Highlighter, ThemeRegistrationResolved } from 'shiki';
import { isPlainLang, splitLines } from 'shiki/core';
import { INITIAL, Theme, type IGrammar, type StateStack } from 'shiki/textmate';

/**
 * The style of a token in both themes, shared by every token with the same colours: treat it
 * as read-only (it is frozen).
 */
export interface DualThemeStyle {
  /** Shiki's `htmlStyle` of the token (`--shiki-light`, `--shiki-dark-font-style`, …). */
  readonly htmlStyle: Readonly<Record<string, string>>;
  /** `htmlStyle` as the `style` attribute (empty when the token has no style). */
  readonly style: string;
}

/** One token: its text and its style in both themes. */
export interface DualThemeToken {
  content: string;
  /** Offset of the token in the code. */
  offset: number;
  style: DualThemeStyle;
}

/** Code tokenized for a light and a dark theme. */
export interface DualThemeTokens {
  /** Tokens of each line, whitespace-only tokens merged into the next as Shiki does. */
  lines: DualThemeToken[][];
  /** `shiki-themes <light> <dark>`, the `<pre>`'s second class. */
  themeName: string;
  /** `style` of the `<pre>`: both themes' foreground and background as CSS variables. */
  rootStyle: string;
}

/** Colour and font style of a token in one theme (vscode-textmate ids resolved). */
interface ThemeStyle {
  color: string;
  fontStyle: number;
}

/** What one theme puts in a token's metadata: its style and its raw colour ids. */
interface ThemeMatch extends ThemeStyle {
  /** Foreground, background and font style before colour replacements. */
  key: string;
}

/**
 * Tokens with the same run are one token in Shiki's output. Shiki splits tokens wherever
 * the metadata vscode-textmate encodes for either theme changes: not only colours and font
 * style, but also the background, the language and the standard token type (comment,
 * string, regex), which do not show in the HTML.
 */
export interface Run {
  style: DualThemeStyle;
}

interface ScopePath {
  scopeName: string;
  parent: ScopePath | null;
}

/** A node of the scope-path trie: the run of the path that ends here. */
export interface ScopeNode {
  children: Map<string, ScopeNode>;
  run: Run | undefined;
}

/** The parts of vscode-textmate's `Grammar` this reads (public methods, not in `IGrammar`). */
interface GrammarMetadata {
  getMetadataForScope(scope: string): { languageId: number; tokenType: number };
  balancedBracketSelectors?: { matchesAlways: boolean; matchesNever: boolean; match(scopes: string[]): boolean } | null;
}

/** Everything resolved once per (highlighter, light theme, dark theme). */
export interface ThemePair {
  themes: [ThemeRegistrationResolved, ThemeRegistrationResolved];
  match: [(scopes: readonly string[]) => ThemeMatch, (scopes: readonly string[]) => ThemeMatch];
  /** Scope-path tries, one per grammar (the language metadata depends on it). */
  scopes: WeakMap<object, ScopeNode>;
  /** Style pairs by their colours, so equal styles are the same object. */
  styles: Map<string, DualThemeStyle>;
  /** Runs by their metadata, so equal runs are the same object. */
  runs: Map<string, Run>;
  plain: DualThemeStyle;
  themeName: string;
  rootStyle: string;
}

const order = ['light', 'dark'] as const;
const pairsByHighlighter = new WeakMap<object, Map<string, ThemePair>>();
const whitespaceOnly = /^\s+$/;

/**
 * Tokenize code once for two themes: Shiki's dual-theme tokens (`codeToTokens` with
 * `themes` and `defaultColor: false`) at the cost of one tokenization.
 *
 * Shiki asks the grammar for tokens once per theme because the tokenizer's binary output
 * carries colours of the theme loaded at the time. Scanning is the expensive part and does
 * not depend on the theme, so this asks for the scopes of each token once and resolves both
 * themes' colours from them, the way vscode-textmate merges styles while pushing scopes.
 * Tokens are split where Shiki splits them: where vscode-textmate's metadata for either theme
 * changes (see `Run`). Scope paths are resolved once per highlighter, theme pair and grammar,
 * into shared, frozen styles. `highlightDualThemeLines` gives the same tokens as HTML, with a
 * cache of lines.
 *
 * @param highlighter
 *   Highlighter with the language and both themes loaded.
 * @param code
 *   Code to tokenize.
 * @param options
 *   Language (a plain-text name gives one unstyled token per line) and themes.
 * @returns
 *   Tokens per line, the `<pre>` theme class and style.
 */
export function tokenizeDualTheme(
  highlighter: Highlighter,
  code: string,
  options: { lang: string; themes: { light: string; dark: string } },
): DualThemeTokens {
  const pair = resolveThemePair(highlighter, options.themes);
  const lines: DualThemeToken[][] = [];
  const result = { lines, themeName: pair.themeName, rootStyle: pair.rootStyle };

  if (isPlainLang(options.lang)) {
    // Shiki keeps a plain line, even an empty one, as one token without colour.
    for (const [line, offset] of splitLines(code)) lines.push([{ content: line, offset, style: pair.plain }]);
    return result;
  }

  const { grammar, root } = grammarOf(highlighter, pair, options.lang);
  let stack: StateStack = INITIAL;
  for (const [line, lineOffset] of splitLines(code)) {
    // Shiki skips empty lines without tokenizing them: the state carries over.
    if (line === '') {
      lines.push([]);
      continue;
    }
    const tokenized = tokenizeDualThemeLine(pair, grammar, root, line, stack);
    stack = tokenized.ruleStack;
    for (const token of tokenized.tokens) token.offset += lineOffset;
    lines.push(tokenized.tokens);
  }

  return result;
}

/** A grammar as vscode-textmate gives it, with the metadata this reads. */
export type DualThemeGrammar = IGrammar & GrammarMetadata;

/**
 * The grammar of a loaded language and its scope-path trie for a theme pair (internal).
 *
 * @param highlighter
 *   Highlighter with the language loaded.
 * @param pair
 *   From `resolveThemePair`.
 * @param lang
 *   Language name.
 * @returns
 *   Grammar and the root of its trie.
 */
export function grammarOf(highlighter: Highlighter, pair: ThemePair, lang: string): { grammar: DualThemeGrammar; root: ScopeNode } {
  const grammar = highlighter.getLanguage(lang) as unknown as DualThemeGrammar;
  let root = pair.scopes.get(grammar);
  if (!root) pair.scopes.set(grammar, (root = { children: new Map(), run: undefined }));
  return { grammar, root };
}

/**
 * Tokenize one line for both themes (internal): tokens with offsets in the line, whitespace
 * merged as Shiki does, and the state after the line.
 *
 * @param pair
 *   From `resolveThemePair`.
 * @param grammar
 *   From `grammarOf`.
 * @param root
 *   From `grammarOf`.
 * @param line
 *   One line, without its line ending.
 * @param stack
 *   State before the line.
 * @returns
 *   Tokens and the state after the line.
 */
export function tokenizeDualThemeLine(
  pair: ThemePair,
  grammar: DualThemeGrammar,
  root: ScopeNode,
  line: string,
  stack: StateStack,
): { tokens: DualThemeToken[]; ruleStack: StateStack } {
  // No time limit: with one, a line tokenized while the machine is busy (a build's worker
  // threads starting together) stops early and loses its rest, so the same page would
  // highlight differently from run to run. Output must depend on the input only.
  const tokenized = grammar.tokenizeLine(line, stack, 0);
  const lineTokens: DualThemeToken[] = [];
  let last: DualThemeToken | undefined;
  let lastRun: Run | undefined;
  for (const token of tokenized.tokens) {
    const end = Math.min(token.endIndex, line.length);
    if (token.startIndex >= end) continue;
    const run = runOfScopes(pair, grammar, root, token.scopes);
    const content = line.slice(token.startIndex, end);
    if (last && lastRun === run) {
      last.content += content;
    } else {
      last = { content, offset: token.startIndex, style: run.style };
      lastRun = run;
      lineTokens.push(last);
    }
  }
  return { tokens: mergeWhitespace(lineTokens), ruleStack: tokenized.ruleStack };
}

// Sticky: tests whether a token is whitespace only from its offset, without slicing it.
const whitespaceRun = /\s+/y;

/**
 * `tokenizeDualThemeLine` for the line cache (internal): the same tokens, each given as its
 * style and its end offset in the line (its start is the end of the one before), without a
 * token object or a copy of its text per token.
 *
 * @param pair
 *   From `resolveThemePair`.
 * @param grammar
 *   From `grammarOf`.
 * @param root
 *   From `grammarOf`.
 * @param line
 *   One line, without its line ending.
 * @param stack
 *   State before the line.
 * @param push
 *   Called with each token's style and end offset, in order.
 * @returns
 *   The state after the line.
 */
export function tokenizeDualThemeLineEnds(
  pair: ThemePair,
  grammar: DualThemeGrammar,
  root: ScopeNode,
  line: string,
  stack: StateStack,
  push: (style: DualThemeStyle, end: number) => undefined,
): StateStack {
  // No time limit, as in `tokenizeDualThemeLine`.
  const tokenized = grammar.tokenizeLine(line, stack, 0);
  // The token being built: tokens of the same run join it (as in `tokenizeDualThemeLine`).
  let run: Run | undefined;
  let start = 0;
  let end = 0;
  for (const token of tokenized.tokens) {
    const tokenEnd = Math.min(token.endIndex, line.length);
    if (token.startIndex >= tokenEnd) continue;
    const next = runOfScopes(pair, grammar, root, token.scopes);
    if (run === next) {
      end = tokenEnd;
      continue;
    }
    // `mergeWhitespace`: a whitespace-only token that is not the last joins the one after it,
    // which then starts where it started: with ends only, it is simply not given.
    if (run && !isWhitespace(line, start, end)) push(run.style, end);
    run = next;
    start = token.startIndex;
    end = tokenEnd;
  }
  if (run) push(run.style, end);
  return tokenized.ruleStack;
}

function isWhitespace(line: string, start: number, end: number): boolean {
  whitespaceRun.lastIndex = start;
  return whitespaceRun.test(line) && whitespaceRun.lastIndex >= end;
}

/**
 * Everything resolved once per highlighter and theme pair (internal).
 *
 * @param highlighter
 *   Highlighter with both themes loaded.
 * @param names
 *   Theme of each mode.
 * @returns
 *   The pair, the same object on every call.
 */
export function resolveThemePair(highlighter: Highlighter, names: { light: string; dark: string }): ThemePair {
  let pairs = pairsByHighlighter.get(highlighter);
  if (!pairs) pairsByHighlighter.set(highlighter, (pairs = new Map()));
  const key = `${names.light}\u0000${names.dark}`;
  const known = pairs.get(key);
  if (known) return known;

  const themes = order.map((mode) => highlighter.getTheme(names[mode])) as ThemePair['themes'];
  // Shiki's `mapThemeColors`: theme names carry no colour replacements for the root.
  const fg = themes.map((theme, index) => `--shiki-${order[index]}:${theme.fg || 'inherit'}`).join(';');
  const bg = themes.map((theme, index) => `--shiki-${order[index]}-bg:${theme.bg || 'inherit'}`).join(';');
  const pair: ThemePair = {
    themes,
    match: [createThemeMatcher(themes[0]), createThemeMatcher(themes[1])],
    scopes: new WeakMap(),
    styles: new Map(),
    runs: new Map(),
    plain: createStyle({ color: '', fontStyle: 0 }, { color: '', fontStyle: 0 }),
    themeName: `shiki-themes ${themes.map((theme) => theme.name).join(' ')}`,
    rootStyle: `${fg};${bg}`,
  };
  pairs.set(key, pair);
  return pair;
}

/** The run of a scope path, walking a trie of scope names (no key string to build per token). */
function runOfScopes(pair: ThemePair, grammar: GrammarMetadata, root: ScopeNode, scopes: string[]): Run {
  let node = root;
  for (const scope of scopes) {
    let child = node.children.get(scope);
    if (!child) node.children.set(scope, (child = { children: new Map(), run: undefined }));
    node = child;
  }
  if (node.run) return node.run;

  const light = pair.match[0](scopes);
  const dark = pair.match[1](scopes);
  const styleKey = `${light.color}|${light.fontStyle}|${dark.color}|${dark.fontStyle}`;
  let style = pair.styles.get(styleKey);
  if (!style) pair.styles.set(styleKey, (style = createStyle(light, dark)));
  const runKey = `${languageMetadata(grammar, scopes)}|${light.key}|${dark.key}|${styleKey}`;
  let run = pair.runs.get(runKey);
  if (!run) pair.runs.set(runKey, (run = { style }));
  node.run = run;
  return run;
}

/**
 * The theme-independent part of vscode-textmate's token metadata, as `Grammar` folds it over
 * the scopes (`AttributedScopeStack.mergeAttributes`, `LineTokens.produceFromScopes`):
 * language id, standard token type, and whether brackets balance. Shiki configures no token
 * type overrides, so those need no handling.
 */
function languageMetadata(grammar: GrammarMetadata, scopes: string[]): string {
  // Every token starts from the grammar's default language id (a constant, so any start value
  // splits the same) and the token type Other.
  let languageId = 0;
  let tokenType = 0;
  for (const scope of scopes) {
    const metadata = grammar.getMetadataForScope(scope);
    if (metadata.languageId !== 0) languageId = metadata.languageId;
    // 8 is `NotSet`: the scope says nothing about the token type.
    if (metadata.tokenType !== 8) tokenType = metadata.tokenType;
  }
  const brackets = grammar.balancedBracketSelectors;
  const isBalanced = brackets ? brackets.matchesAlways || (!brackets.matchesNever && brackets.match(scopes)) : false;
  return `${languageId}|${tokenType}|${isBalanced}`;
}

/**
 * Resolve a scope path to a colour and font style in one theme, with vscode-textmate's own
 * matching: each scope pushed in turn, a match overriding what it sets.
 */
function createThemeMatcher(registration: ThemeRegistrationResolved): (scopes: readonly string[]) => ThemeMatch {
  const theme = Theme.createFromRawTheme({ name: registration.name, settings: registration.settings } as never, undefined);
  const colors = theme.getColorMap();
  const defaults = theme.getDefaults();
  const replacements: Record<string, string> = registration.colorReplacements ?? {};

  return (scopes) => {
    let foreground = defaults.foregroundId;
    let background = defaults.backgroundId;
    let fontStyle = defaults.fontStyle;
    let path: ScopePath | null = null;
    for (const scopeName of scopes) {
      path = { scopeName, parent: path };
      const match = theme.match(path as never);
      if (!match) continue;
      if (match.fontStyle !== -1) fontStyle = match.fontStyle;
      if (match.foregroundId !== 0) foreground = match.foregroundId;
      if (match.backgroundId !== 0) background = match.backgroundId;
    }
    const color = colors[foreground] ?? '';
    // Shiki's `applyColorReplacements`.
    return {
      color: (color && replacements[color.toLowerCase()]) || color,
      fontStyle,
      key: `${foreground}/${background}/${fontStyle}`,
    };
  };
}

/** Shiki's `flatTokenVariants` with `--shiki-` variables, computed once per style pair. */
function createStyle(light: ThemeStyle, dark: ThemeStyle): DualThemeStyle {
  const variants = [styleObject(light), styleObject(dark)];
  const keys = new Set(variants.flatMap((variant) => Object.keys(variant)));
  const htmlStyle: Record<string, string> = {};
  variants.forEach((variant, index) => {
    for (const key of keys) {
      const suffix = key === 'color' ? '' : key === 'background-color' ? '-bg' : `-${key}`;
      htmlStyle[`--shiki-${order[index]}${suffix}`] = variant[key] || 'inherit';
    }
  });
  const style = Object.entries(htmlStyle)
    .map(([key, value]) => `${key}:${value}`)
    .join(';');
  return Object.freeze({ htmlStyle: Object.freeze(htmlStyle), style });
}

/** Shiki's `getTokenStyleObject`. */
function styleObject(token: ThemeStyle): Record<string, string> {
  const styles: Record<string, string> = {};
  if (token.color) styles.color = token.color;
  if (token.fontStyle) {
    if (token.fontStyle & 1) styles['font-style'] = 'italic';
    if (token.fontStyle & 2) styles['font-weight'] = 'bold';
    const decorations: string[] = [];
    if (token.fontStyle & 4) decorations.push('underline');
    if (token.fontStyle & 8) decorations.push('line-through');
    if (decorations.length > 0) styles['text-decoration'] = decorations.join(' ');
  }
  return styles;
}

/**
 * Shiki's `mergeWhitespaceTokens` (default `mergeWhitespaces: true`) for one line: a
 * whitespace-only token joins the token after it. Dual-theme tokens carry no `fontStyle`, so
 * Shiki's exception for underlined tokens never applies.
 */
function mergeWhitespace(line: DualThemeToken[]): DualThemeToken[] {
  let carry = '';
  let carryOffset = 0;
  let merged: DualThemeToken[] | undefined;
  for (let index = 0; index < line.length; index++) {
    const token = line[index]!;
    if (index + 1 < line.length && whitespaceOnly.test(token.content)) {
      if (!carry) carryOffset = token.offset;
      carry += token.content;
      merged ??= line.slice(0, index);
    } else if (carry) {
      merged!.push({ content: carry + token.content, offset: carryOffset, style: token.style });
      carry = '';
    } else if (merged) {
      merged.push(token);
    }
  }
  return merged ?? line;
}
