import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readWoffCodePoints } from './woff-cmap.js';

/**
 * One font face as satori takes it.
 */
export interface CardFont {
  name: 'Inter';
  data: Buffer;
  weight: 400 | 700;
  style: 'normal';
}

/**
 * The loaded card fonts and the code points they can draw.
 */
export interface CardFonts {
  /** Every face, Latin first; one array object for the whole process, see `loadCardFonts`. */
  fonts: CardFont[];
  /** Code points that both weights have a glyph for. */
  codePoints: ReadonlySet<number>;
}

// The @fontsource/inter subsets loaded, Latin first (satori tries faces in order). CJK, Arabic,
// Hebrew and emoji have no Inter subset: those characters are drawn as boxes (see glyphs.ts).
const subsets = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
const weights = [400, 700] as const;

const require = createRequire(import.meta.url);

// Module-level cache, one per process: the WOFF files are read once, and satori keeps its parsed
// fonts in a WeakMap keyed by this exact array, so passing the same array to every render
// skips parsing the fonts again (satori issue #590).
let cache: CardFonts | undefined;

/**
 * Load the bundled Inter faces (regular and bold) once per process.
 *
 * The first call reads 14 small WOFF files from `@fontsource/inter`; every later call returns the
 * same object. Nothing is fetched.
 */
export function loadCardFonts(): CardFonts {
  if (cache) return cache;

  const fonts: CardFont[] = [];
  const perWeight = new Map<number, Set<number>>();
  for (const subset of subsets) {
    for (const weight of weights) {
      const data = readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`));
      fonts.push({ name: 'Inter', data, weight, style: 'normal' });
      const points = perWeight.get(weight) ?? new Set<number>();
      for (const point of readWoffCodePoints(data)) points.add(point);
      perWeight.set(weight, points);
    }
  }

  const regular = perWeight.get(400) ?? new Set<number>();
  const bold = perWeight.get(700) ?? new Set<number>();
  const codePoints = new Set([...regular].filter((point) => bold.has(point)));
  cache = { fonts, codePoints };
  return cache;
}

/**
 * Versions of what decides how text looks, for the card hash.
 */
export function fontFingerprint(): string {
  const inter = JSON.parse(readFileSync(require.resolve('@fontsource/inter/package.json'), 'utf8')) as { version: string };
  return `@fontsource/inter@${inter.version} ${subsets.join(',')} ${weights.join(',')}`;
}
