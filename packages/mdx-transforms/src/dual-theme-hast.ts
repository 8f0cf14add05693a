import type { Root } from 'hast';
import type { CodeToHastOptions, Highlighter, ShikiTransformer, ThemedToken, ThemeRegistrationResolved } from 'shiki';
import { flatTokenVariants, splitLines, tokensToHast } from 'shiki/core';
import { INITIAL, Theme, type IGrammar, type StateStack } from 'shiki/textmate';

/** Colour and font style of a token in one theme. */
interface TokenStyle {
  color: string;
  fontStyle: number;
}

/** Resolves the style of a scope path in one theme, memoised by path. */
interface ThemeStyles {
  resolve(scopes: readonly string[]): TokenStyle;
}

interface ScopePath {
  scopeName: string;
  parent: ScopePath | null;
}

const stylesByHighlighter = new WeakMap<object, Map<string, ThemeStyles>>();

/**
 * Shiki's dual-theme output, tokenizing the code once instead of once per theme.
 *
 * Shiki asks the grammar for tokens once per theme because the tokenizer's binary output
 * carries colours of the theme loaded at the time. Scanning is the expensive part and does
 * not depend on the theme, so this asks for the scopes of each token once and resolves both
 * themes' colours from them, the way vscode-textmate merges styles while pushing scopes.
 * Tokens are split where either theme's style changes, as Shiki's alignment does, and the
 * rest (variants to CSS variables, transformers, hast) is Shiki's own code.
 */
export function codeToHastDualTheme(
  highlighter: Highlighter,
  code: string,
  options: CodeToHastOptions & { lang: string; themes: { light: string; dark: string }; transformers?: ShikiTransformer[] },
): Root {
  const transformers = options.transformers ?? [];
  const context = {
    meta: {},
    options,
    codeToHast: (text: string, other: CodeToHastOptions) => highlighter.codeToHast(text, other),
    codeToTokens: (text: string, other: CodeToHastOptions) => highlighter.codeToTokens(text, other as never),
  };
  let input = code;
  for (const transformer of transformers) input = transformer.preprocess?.call(context as never, input, options) || input;

  const grammar = highlighter.getLanguage(options.lang) as unknown as IGrammar;
  const order = ['light', 'dark'] as const;
  const themes = order.map((mode) => highlighter.getTheme(options.themes[mode]));
  const styles = themes.map((theme) => themeStyles(highlighter, theme));

  let tokens: ThemedToken[][] = [];
  let stack: StateStack = INITIAL;
  for (const [line, lineOffset] of splitLines(input)) {
    if (line === '') {
      tokens.push([]);
      continue;
    }
    const result = grammar.tokenizeLine(line, stack, 500);
    stack = result.ruleStack;
    const lineTokens: ThemedToken[] = [];
    let previousKey = '';
    for (const token of result.tokens) {
      const end = Math.min(token.endIndex, line.length);
      if (token.startIndex >= end) continue;
      const [light, dark] = styles.map((style) => style.resolve(token.scopes)) as [TokenStyle, TokenStyle];
      const key = `${light.color}|${light.fontStyle}|${dark.color}|${dark.fontStyle}`;
      const content = line.slice(token.startIndex, end);
      const last = lineTokens.at(-1);
      if (last && key === previousKey) {
        last.content += content;
        continue;
      }
      previousKey = key;
      lineTokens.push(
        flatTokenVariants(
          { content, offset: lineOffset + token.startIndex, variants: { light, dark } },
          [...order],
          '--shiki-',
          false,
          'css-vars',
        ),
      );
    }
    tokens.push(lineTokens);
  }

  // Shiki merges whitespace-only tokens into their neighbours by default; so does this.
  tokens = tokens.map(mergeWhitespace);
  const source = { ...context, get source() { return input; } };
  for (const transformer of transformers) tokens = transformer.tokens?.call(source as never, tokens) || tokens;
  const fg = themes.map((theme, index) => `--shiki-${order[index]}:${theme.fg || 'inherit'}`).join(';');
  const bg = themes.map((theme, index) => `--shiki-${order[index]}-bg:${theme.bg || 'inherit'}`).join(';');
  return tokensToHast(
    tokens,
    { ...options, fg, bg, themeName: `shiki-themes ${themes.map((theme) => theme.name).join(' ')}`, rootStyle: [fg, bg].join(';') } as never,
    source as never,
  ) as unknown as Root;
}

function themeStyles(highlighter: Highlighter, registration: ThemeRegistrationResolved): ThemeStyles {
  let cache = stylesByHighlighter.get(highlighter);
  if (!cache) stylesByHighlighter.set(highlighter, (cache = new Map()));
  const known = cache.get(registration.name);
  if (known) return known;
  const theme = Theme.createFromRawTheme({ name: registration.name, settings: registration.settings } as never, undefined);
  const colors = theme.getColorMap();
  const defaults = theme.getDefaults();
  const replacements = registration.colorReplacements ?? {};
  const memo = new Map<string, TokenStyle>();
  const styles: ThemeStyles = {
    resolve(scopes) {
      const key = scopes.join(' ');
      const hit = memo.get(key);
      if (hit) return hit;
      let foreground = defaults.foregroundId;
      let fontStyle = defaults.fontStyle;
      let path: ScopePath | null = null;
      for (const scopeName of scopes) {
        path = { scopeName, parent: path };
        const match = theme.match(path as never);
        if (!match) continue;
        if (match.fontStyle !== -1) fontStyle = match.fontStyle;
        if (match.foregroundId !== 0) foreground = match.foregroundId;
      }
      const color = colors[foreground] ?? '';
      const style = { color: replacements[color.toLowerCase()] ?? color, fontStyle };
      memo.set(key, style);
      return style;
    },
  };
  cache.set(registration.name, styles);
  return styles;
}

/** Shiki's `mergeWhitespaceTokens` (default `mergeWhitespaces: true`), for one line. */
function mergeWhitespace(line: ThemedToken[]): ThemedToken[] {
  const merged: ThemedToken[] = [];
  let carry = '';
  let firstOffset: number | undefined;
  line.forEach((token, index) => {
    const couldMerge = !(token.fontStyle && (token.fontStyle & 4 || token.fontStyle & 8)); // underline, strikethrough
    if (couldMerge && /^\s+$/.test(token.content) && line[index + 1]) {
      firstOffset ??= token.offset;
      carry += token.content;
    } else if (carry) {
      if (couldMerge) merged.push({ ...token, offset: firstOffset ?? token.offset, content: carry + token.content });
      else merged.push({ content: carry, offset: firstOffset ?? token.offset } as ThemedToken, token);
      firstOffset = undefined;
      carry = '';
    } else merged.push(token);
  });
  return merged;
}
