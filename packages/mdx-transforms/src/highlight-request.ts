import type { CodeSource } from './code-block-source.js';
import { type HighlightedCode, type HighlightRequest, hashHighlightKey, keyOfHighlight, writeHighlightCache } from './highlight-cache.js';
import { type CustomLanguage, getHighlighter, loadBlockLanguages, loadCustomLanguages, loadThemes, resolveLanguage } from './highlighter.js';

// One way from a block to its highlighted HTML, shared by `rehypeHighlightCode` (code known when
// the page compiles) and `createCodeBlockHighlighter` (code known when it renders): the same
// request, cache key and loading order give the same bytes.

/** The custom grammars of a highlighter, indexed once. */
export interface CustomGrammars {
  /** The grammars themselves. */
  languages: readonly CustomLanguage[];
  /** Lower-cased name or alias → name (`indexCustomLanguages`). */
  index: ReadonlyMap<string, string>;
  /** Name → hash of the grammar (`hashCustomLanguage`). */
  hashes: ReadonlyMap<string, string>;
}

/** A block ready to highlight, with its cache key. */
export interface KeyedRequest {
  request: HighlightRequest;
  key: string;
}

/**
 * The highlight request of a block and its cache key.
 *
 * @param code
 *   Code, language as written and meta.
 * @param themes
 *   Theme of each color mode.
 * @param grammars
 *   Custom grammars.
 * @returns
 *   Request, key, and whether the language is known (an unknown one is highlighted as `text`).
 */
export function createHighlightRequest(
  code: CodeSource,
  themes: { light: string; dark: string },
  grammars: CustomGrammars,
): KeyedRequest & { isKnown: boolean } {
  const language = resolveLanguage(code.language, grammars.index);
  const request: HighlightRequest = {
    code: code.code,
    language: language.name,
    themes,
    highlight: code.meta.highlight,
    focus: code.meta.focus,
    lines: code.meta.lines,
    wrap: code.meta.wrap,
  };
  const grammarHash = grammars.hashes.get(language.name);
  // A custom grammar's content is part of the key: an edited grammar never reuses old output.
  const key = grammarHash ? hashHighlightKey([keyOfHighlight(request), grammarHash]) : keyOfHighlight(request);
  return { request, key, isKnown: language.isKnown };
}

/**
 * Highlight blocks missing from the cache, and cache them: loads Shiki, the themes and the
 * languages the blocks reach first.
 *
 * @param blocks
 *   Requests and their keys, all with the same themes.
 * @param grammars
 *   Custom grammars.
 * @returns
 *   Each block's output, in order.
 */
export async function highlightRequests(blocks: readonly KeyedRequest[], grammars: CustomGrammars): Promise<HighlightedCode[]> {
  if (blocks.length === 0) return [];
  // Shiki and the block renderer load with the first block to highlight (a page whose
  // blocks are all in the cache, as after a prose edit, loads neither).
  const [highlighter, { highlightBlock }] = await Promise.all([getHighlighter(), import('./highlight-block.js')]);
  const themes = blocks[0]!.request.themes;
  await loadThemes(highlighter, [themes.light, themes.dark]);
  const names = new Set(blocks.map((block) => block.request.language));
  const customNames = grammars.languages.filter((language) => names.has(language.name));
  await loadBlockLanguages(highlighter, blocks.map((block) => block.request), grammars.hashes);
  // Last, so no await separates registering a page's grammars from highlighting with them.
  if (customNames.length > 0) await loadCustomLanguages(highlighter, customNames);
  return blocks.map((block) => {
    const result = highlightBlock(highlighter, block.request);
    writeHighlightCache(block.key, result);
    return result;
  });
}
