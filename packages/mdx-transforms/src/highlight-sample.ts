import { getHighlighter, loadBlockLanguages, loadThemes, resolveLanguage } from './highlighter.js';

/** Highlights a code sample synchronously; `undefined` for a language that is not loaded. */
export type SampleHighlighter = (code: string, language: string) => string | undefined;

/**
 * A synchronous highlighter for code that is not in a Markdown tree (API reference code samples
 * and examples): both themes as CSS variables, the same HTML as fenced code blocks, no line
 * options. Languages must be named up front (Shiki loads grammars asynchronously); any other
 * language comes back `undefined`, for the caller to render as plain text.
 *
 * @param themes
 *   Theme of each color mode (`code.theme` of docs.json).
 * @param languages
 *   Languages to load (`bash`, `json`, …); unknown names are skipped.
 */
export async function createSampleHighlighter(themes: { light: string; dark: string }, languages: Iterable<string>): Promise<SampleHighlighter> {
  const [instance, { highlightBlock }] = await Promise.all([getHighlighter(), import('./highlight-block.js')]);
  await loadThemes(instance, [themes.light, themes.dark]);
  const known = [...new Set([...languages].map((name) => resolveLanguage(name)).filter((language) => language.isKnown).map((language) => language.name))];
  // With what Markdown or MDX always embed (MDX's tsx, Markdown's inline HTML); a fence nested in
  // a sample is highlighted only if its language is loaded for another reason (samples come
  // later, one by one, and this stays synchronous).
  await loadBlockLanguages(instance, known.map((name) => ({ language: name, code: '' })));
  const loaded = new Set(known);
  return (code, language) => {
    const resolved = resolveLanguage(language);
    if (!resolved.isKnown || !loaded.has(resolved.name)) return undefined;
    return highlightBlock(instance, { code, language: resolved.name, themes, highlight: [], focus: [], lines: false, wrap: false }).html;
  };
}
