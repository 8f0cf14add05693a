import type { Root } from 'hast';
import type { CodeToHastOptions, Highlighter, ShikiTransformer, ThemedToken } from 'shiki';
import { tokensToHast } from 'shiki/core';
import { tokenizeDualTheme } from './dual-theme-tokens.js';

/**
 * Shiki's dual-theme `codeToHast` (`themes` with `defaultColor: false`), tokenizing the code
 * once instead of once per theme (see `tokenizeDualTheme`). Transformers run as in Shiki:
 * `preprocess`, `tokens`, then the hast hooks of Shiki's own `tokensToHast`.
 *
 * @param highlighter
 *   Highlighter with the language and both themes loaded.
 * @param code
 *   Code to highlight.
 * @param options
 *   Language, themes and transformers.
 * @returns
 *   The tree Shiki gives.
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

  const result = tokenizeDualTheme(highlighter, input, options);
  // Transformers may change a token's style: each gets its own copy of the shared one.
  let tokens: ThemedToken[][] = result.lines.map((line) =>
    line.map((token) => ({ content: token.content, offset: token.offset, htmlStyle: { ...token.style.htmlStyle } })),
  );
  const source = { ...context, get source() { return input; } };
  for (const transformer of transformers) tokens = transformer.tokens?.call(source as never, tokens) || tokens;
  return tokensToHast(
    tokens,
    { ...options, themeName: result.themeName, rootStyle: result.rootStyle } as never,
    source as never,
  ) as unknown as Root;
}
