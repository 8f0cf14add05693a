import { parseCodeMeta, parseLineList } from './code-meta.js';
import { type HighlightedCode, readHighlightCache } from './highlight-cache.js';
import { type CustomLanguage, hashCustomLanguage, indexCustomLanguages } from './highlighter.js';
import { type CustomGrammars, type KeyedRequest, createHighlightRequest, highlightRequests } from './highlight-request.js';
import { resolveHighlightCodeOptions } from './rehype-highlight-code.js';

/**
 * Options for `createCodeBlockHighlighter`: those of `rehypeHighlightCode` that change the
 * highlighted HTML.
 */
export interface CodeBlockHighlighterOptions {
  /**
   * Shiki theme for both color modes, or one per mode (default:
   * `{ light: 'github-light', dark: 'github-dark' }`).
   */
  themes?: string | { light: string; dark: string } | null | undefined;
  /** Extra TextMate grammars, as `rehypeHighlightCode` takes them (default: none). */
  languages?: readonly CustomLanguage[] | null | undefined;
}

/**
 * A `<CodeBlock>` as the renderer has it: its text children, and its attributes as written or
 * as `rehypeHighlightCode` completed them.
 */
export interface RenderedCodeBlock {
  /** Code, as `rehypeHighlightCode` reads literal children (no leading blank line, no trailing space). */
  code: string;
  /** Language as written, matched in any case (default: `text`). */
  language?: string | null | undefined;
  /** Lines to mark, `1-3,5` (braces allowed) (default: none). */
  highlight?: string | null | undefined;
  /** Lines to focus, `1-3,5` (braces allowed) (default: none). */
  focus?: string | null | undefined;
  /** Show line numbers (default: `false`). */
  lines?: boolean | null | undefined;
  /** Wrap long lines (default: `false`). */
  wrap?: boolean | null | undefined;
}

/**
 * Highlights a block synchronously, while a page renders: its HTML and code as copied, the
 * same as `rehypeHighlightCode` gives for the block written as literal text, or `undefined`
 * when it is not ready yet (its grammar loads before the next draw).
 */
export type HighlightCodeBlock = (block: RenderedCodeBlock) => HighlightedCode | undefined;

/** Highlights the code blocks of renders (see `createCodeBlockHighlighter`). */
export interface CodeBlockHighlighter {
  /**
   * Calls `render` with a highlight function, then again, once, when it asked for blocks that
   * were not ready: they are highlighted in between (Shiki loads grammars asynchronously).
   *
   * @param render
   *   Draws a page, calling the highlight function for each block it draws.
   * @returns
   *   What the last call returned.
   */
  draw<T>(render: (highlight: HighlightCodeBlock) => T | Promise<T>): Promise<T>;
}

/**
 * Highlight the code of `<CodeBlock>` elements whose children are only known when the page
 * renders (`{PyUsage}`, a constant a snippet exports; `rehypeHighlightCode` leaves them for
 * this). Rendering is synchronous and loading grammars is not, so a draw notes the blocks it
 * could not highlight, they are highlighted, and the page is drawn again with them. Output goes
 * through the same request, cache and loading as `rehypeHighlightCode`, so a block's HTML is
 * byte-for-byte the one it would have had written as literal text.
 *
 * @param options
 *   Themes and custom grammars, as given to `rehypeHighlightCode`.
 * @returns
 *   Highlighter.
 */
export function createCodeBlockHighlighter(options?: CodeBlockHighlighterOptions | null | undefined): CodeBlockHighlighter {
  // Checked as the plugin checks them: the same message for the same mistake.
  const settings = resolveHighlightCodeOptions({ themes: options?.themes, languages: options?.languages });
  const grammars: CustomGrammars = {
    languages: settings.languages,
    index: indexCustomLanguages(settings.languages),
    hashes: new Map(settings.languages.map((language) => [language.name, hashCustomLanguage(language)])),
  };

  function requestOf(block: RenderedCodeBlock): KeyedRequest {
    const meta = parseCodeMeta(undefined);
    if (typeof block.highlight === 'string') meta.highlight = parseLineList(block.highlight);
    if (typeof block.focus === 'string') meta.focus = parseLineList(block.focus);
    meta.lines = block.lines === true;
    meta.wrap = block.wrap === true;
    return createHighlightRequest({ code: block.code, language: block.language ?? undefined, meta }, settings.themes, grammars);
  }

  return {
    async draw(render) {
      // What this draw highlighted, kept for the next draw whatever the shared cache drops.
      const ready = new Map<string, HighlightedCode>();
      for (let round = 0; ; round++) {
        const missed = new Map<string, KeyedRequest>();
        const drawn = await render((block) => {
          const keyed = requestOf(block);
          const found = ready.get(keyed.key) ?? readHighlightCache(keyed.key);
          if (found) {
            ready.set(keyed.key, found);
            return found;
          }
          // A second draw asks for nothing new unless the page changes as it renders: it stays plain.
          if (round === 0) missed.set(keyed.key, keyed);
          return undefined;
        });
        if (missed.size === 0) return drawn;
        const blocks = [...missed.values()];
        const results = await highlightRequests(blocks, grammars);
        for (const [index, block] of blocks.entries()) ready.set(block.key, results[index]!);
      }
    },
  };
}
