import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readWoffCodePoints } from './woff-cmap.js';

/**
 * One font face as satori takes it.
 */
export interface CardFont {
  /** `Inter` for the Latin faces, `Inter <subset>` for the others (see `loadCardFonts`). */
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: 'normal';
}

/**
 * The loaded card fonts and the code points they can draw.
 */
export interface CardFonts {
  /** Code points that both weights of some subset have a glyph for. */
  codePoints: ReadonlySet<number>;
  /**
   * The faces a text needs: Latin always, plus each subset that draws one of its characters.
   * The same combination always returns the same array object (see the cache note below).
   */
  fontsFor(text: string): CardFont[];
}

interface Subset {
  name: string;
  fonts: CardFont[];
  codePoints: Set<number>;
}

// The @fontsource/inter subsets, Latin first (satori tries faces in order). CJK, Arabic,
// Hebrew and emoji have no Inter subset: those characters are drawn as boxes (see card-text.ts).
const subsetNames = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
const weights = [400, 700] as const;

const require = createRequire(import.meta.url);

// Module-level cache, one per process: the WOFF files are read once. Satori parses the fonts of
// a render and keeps them in a WeakMap keyed by the `fonts` array it was given, so every
// combination of subsets is one array, reused for every card that needs it: most cards need
// only Latin, and parsing two faces instead of fourteen keeps the first card of a process fast.
//
// Each subset has its own family name. Satori picks one face per family and weight, and falls
// back to the faces of *other* families character by character; under one shared name the
// other subsets would never be used, and a word such as `Łódź` (Latin and Latin Extended)
// would show missing-glyph marks.
let cache: CardFonts | undefined;
// Each face's own code points, read with its character map when the fonts load.
const faceCodePoints = new WeakMap<CardFont, ReadonlySet<number>>();

/** The code points one loaded face has a glyph for (empty for a face `loadCardFonts` did not load). */
export function codePointsOf(font: CardFont): ReadonlySet<number> {
  return faceCodePoints.get(font) ?? new Set();
}

/**
 * Load the bundled Inter faces (regular and bold) once per process.
 *
 * The first call reads 14 small WOFF files from `@fontsource/inter` (seven subsets, two weights)
 * and their character maps; every later call returns the same object. Nothing is fetched.
 */
export function loadCardFonts(): CardFonts {
  if (cache) return cache;

  const subsets: Subset[] = subsetNames.map((name) => {
    const fonts: CardFont[] = [];
    let codePoints: Set<number> | undefined;
    for (const weight of weights) {
      const data = readFileSync(require.resolve(`@fontsource/inter/files/inter-${name}-${weight}-normal.woff`));
      const font: CardFont = { name: name === 'latin' ? 'Inter' : `Inter ${name}`, data, weight, style: 'normal' };
      fonts.push(font);
      const points = new Set(readWoffCodePoints(data));
      faceCodePoints.set(font, points);
      // A character counts only when every weight has it.
      codePoints = codePoints ? new Set([...codePoints].filter((point) => points.has(point))) : points;
    }
    return { name, fonts, codePoints: codePoints ?? new Set() };
  });

  const codePoints = new Set<number>();
  for (const subset of subsets) for (const point of subset.codePoints) codePoints.add(point);

  const [latin, ...others] = subsets as [Subset, ...Subset[]];
  const combinations = new Map<string, CardFont[]>();
  const fontsFor = (text: string): CardFont[] => {
    const used = new Set<Subset>();
    for (const char of text) {
      const point = char.codePointAt(0) ?? 0;
      if (latin.codePoints.has(point)) continue;
      const subset = others.find((candidate) => candidate.codePoints.has(point));
      if (subset) used.add(subset);
    }
    const chosen = [latin, ...others.filter((subset) => used.has(subset))];
    const key = chosen.map((subset) => subset.name).join('+');
    let fonts = combinations.get(key);
    if (!fonts) {
      fonts = chosen.flatMap((subset) => subset.fonts);
      combinations.set(key, fonts);
    }
    return fonts;
  };

  cache = { codePoints, fontsFor };
  return cache;
}

/**
 * Versions of what decides how text looks, for the card hash.
 */
export function fontFingerprint(): string {
  const inter = JSON.parse(readFileSync(require.resolve('@fontsource/inter/package.json'), 'utf8')) as { version: string };
  return `@fontsource/inter@${inter.version} ${subsetNames.join(',')} ${weights.join(',')}`;
}
