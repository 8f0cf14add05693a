import { createSampleHighlighter, type SampleHighlighter } from '@docsgen/mdx-transforms';

// API code samples and examples are highlighted synchronously while a page renders, but Shiki
// loads grammars asynchronously, so `createSampleHighlighter` wants its languages up front.
// Loading every language a sample may use costs about half a second (Ruby alone pulls in some
// thirty grammars), which a page without samples (a first page in `docsgen dev`) should not
// wait for. So languages load on first use: a render with the highlighter of the moment leaves a
// sample in a language not loaded yet as plain text and notes the language; the caller loads
// what was noted (`loadMissed`) and renders again with the highlighter of the moment, which has
// it. A block's HTML depends on the block alone, not on what was loaded before
// (`resolveEmbeddedLanguages`), so the final render is the one every language loaded up front
// would give.

/** The highlighter of the moment and what its renders could not highlight yet. */
export interface LazySampleHighlighter {
  /**
   * The highlighter with the languages loaded so far. The same function until another language
   * loads (the renderer keeps what it highlighted per function).
   */
  current(): SampleHighlighter;
  /**
   * Loads the languages `highlight` (from `current()`) was asked for and did not have; resolves
   * once `current()` has them. `undefined` when it was never asked for one: what was rendered
   * with it is final.
   */
  loadMissed(highlight: SampleHighlighter): Promise<void> | undefined;
}

/** One highlighter function and the languages it had, frozen: its answers never change. */
interface Generation {
  highlight: SampleHighlighter;
  missed: Set<string>;
}

/**
 * A sample highlighter whose languages load on first use.
 *
 * @param themes
 *   Theme of each color mode (`code.theme` of docs.json), read when the first language loads.
 * @param languages
 *   Languages samples are highlighted in (lower-case names, as `createSampleHighlighter`
 *   takes them); any other comes back `undefined` at once, as it does there.
 */
export function createLazySampleHighlighter(themes: () => { light: string; dark: string }, languages: Iterable<string>): LazySampleHighlighter {
  const listed = new Set(languages);
  const loaded = new Map<string, SampleHighlighter>();
  const loading = new Map<string, Promise<void>>();
  const generations = new WeakMap<SampleHighlighter, Generation>();
  let latest = generation();

  function generation(): Generation {
    const known = new Map(loaded);
    const missed = new Set<string>();
    const highlight: SampleHighlighter = (code, language) => {
      const name = language.toLowerCase();
      if (!listed.has(name)) return undefined;
      const loadedHighlight = known.get(name);
      if (loadedHighlight) return loadedHighlight(code, language);
      missed.add(name);
      return undefined;
    };
    const made = { highlight, missed };
    generations.set(highlight, made);
    return made;
  }

  function load(name: string): Promise<void> {
    let pending = loading.get(name);
    if (!pending) {
      pending = createSampleHighlighter(themes(), [name]).then((highlight) => {
        loaded.set(name, highlight);
        latest = generation();
      });
      loading.set(name, pending);
      // A failed load (a broken install) fails the render that asked, and is tried again next time.
      pending.catch(() => loading.delete(name));
    }
    return pending;
  }

  return {
    current: () => latest.highlight,
    loadMissed(highlight) {
      const missed = generations.get(highlight)?.missed;
      if (!missed || missed.size === 0) return undefined;
      return Promise.all([...missed].map(load)).then(() => undefined);
    },
  };
}

/**
 * Draws with the highlighter of the moment until nothing drawn lacked a language.
 *
 * @param samples
 *   The site's lazy sample highlighter.
 * @param draw
 *   Renders with the given highlighter (again when it lacked a language).
 * @returns
 *   What the last draw returned.
 */
export async function drawWithSamples<T>(samples: LazySampleHighlighter, draw: (highlight: SampleHighlighter) => T | Promise<T>): Promise<T> {
  for (;;) {
    const highlight = samples.current();
    const drawn = await draw(highlight);
    const loading = samples.loadMissed(highlight);
    if (!loading) return drawn;
    await loading;
  }
}
