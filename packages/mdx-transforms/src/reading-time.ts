/**
 * Options for `estimateReadingTime`.
 */
export interface ReadingTimeOptions {
  /** Reading speed for space-delimited words (Latin, Cyrillic, Greek, Hangul, …) (default: `200`). */
  wordsPerMinute?: number | null | undefined;
  /** Reading speed for Chinese and Japanese characters, each counted on its own (default: `500`). */
  charactersPerMinute?: number | null | undefined;
}

/**
 * `ReadingTimeOptions` with every default applied.
 */
export interface ResolvedReadingTimeOptions {
  wordsPerMinute: number;
  charactersPerMinute: number;
}

/**
 * Result of `estimateReadingTime`.
 */
export interface ReadingTime {
  /** Whole minutes, rounded up; at least `1` when there is anything to read, `0` otherwise. */
  minutes: number;
  /** Space-delimited words (tokens with at least one letter or digit). */
  words: number;
  /** Chinese and Japanese characters (Han, Hiragana, Katakana), which are not space-delimited. */
  characters: number;
}

const defaults: ResolvedReadingTimeOptions = {
  wordsPerMinute: 200,
  charactersPerMinute: 500,
};

// Chinese and Japanese do not separate words with spaces, so each character is one unit.
// Korean (Hangul) does use spaces and is counted as words.
const cjkCharacter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const wordCharacter = /[\p{L}\p{N}]/u;

/**
 * Estimate how long a reader needs for a piece of prose.
 *
 * The text is counted as given: it is not parsed as Markdown, so callers that want code
 * blocks or markup left out pass only the prose (the remark plugin that will wrap this
 * walks the syntax tree and skips `code` nodes).
 *
 * @param text
 *   Plain text to estimate.
 * @param options
 *   Reading speeds.
 * @returns
 *   Minutes (rounded up, minimum 1 for non-empty text), words and CJK characters.
 */
export function estimateReadingTime(
  text: string,
  options?: ReadingTimeOptions | null | undefined,
): ReadingTime {
  if (typeof text !== 'string') {
    throw new TypeError(
      `Cannot estimate reading time: \`text\` is \`${String(text)}\`, expected a string`,
    );
  }

  const settings = resolveReadingTimeOptions(options);
  const characters = text.match(cjkCharacter)?.length ?? 0;
  // Replace CJK characters with spaces so `日本語abc` counts 3 characters and 1 word.
  const rest = text.replace(cjkCharacter, ' ');
  let words = 0;

  for (const token of rest.split(/\s+/u)) {
    if (wordCharacter.test(token)) words++;
  }

  const exact = words / settings.wordsPerMinute + characters / settings.charactersPerMinute;
  const minutes = words + characters === 0 ? 0 : Math.max(1, Math.ceil(exact));

  return { minutes, words, characters };
}

/**
 * Apply the defaults to `options` and check the speeds (internal: shared with
 * `remarkReadingTime`, which resolves once when attached).
 *
 * @param options
 *   Reading speeds.
 * @returns
 *   Complete options.
 */
export function resolveReadingTimeOptions(
  options: ReadingTimeOptions | null | undefined,
): ResolvedReadingTimeOptions {
  return {
    wordsPerMinute: resolveSpeed(options?.wordsPerMinute, 'wordsPerMinute'),
    charactersPerMinute: resolveSpeed(options?.charactersPerMinute, 'charactersPerMinute'),
  };
}

function resolveSpeed(
  value: number | null | undefined,
  name: keyof ResolvedReadingTimeOptions,
): number {
  if (value === null || value === undefined) return defaults[name];

  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(
      `Cannot estimate reading time: \`options.${name}\` is \`${String(value)}\`, expected a positive number`,
    );
  }

  return value;
}
