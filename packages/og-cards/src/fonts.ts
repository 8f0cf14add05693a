import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readWoffCodePoints } from './woff-cmap.js';
import { woffToSfnt } from './woff.js';

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
  /**
   * Code points some face can draw: both weights of an Inter subset, or a Chinese, Japanese or
   * Korean character an installed Noto Sans face has (see `cjkFamilies`).
   */
  codePoints: CodePoints;
  /**
   * The faces a text needs: Latin always, plus each Inter subset that draws one of its
   * characters, plus the Noto Sans chunks of its Chinese, Japanese and Korean characters, in the
   * face order `language` asks for (see `cjkOrder`). The same combination always returns the
   * same array object (see the cache note below).
   */
  fontsFor(text: string, language?: string | undefined): CardFont[];
}

/** A set of code points, only asked whether it has one. */
export interface CodePoints {
  has(point: number): boolean;
}

interface Subset {
  name: string;
  fonts: CardFont[];
  codePoints: Set<number>;
}

// The @fontsource/inter subsets, Latin first (satori tries faces in order). Chinese, Japanese
// and Korean come from Noto Sans (below); Arabic, Hebrew and emoji have no face: those
// characters are drawn as boxes (see card-text.ts).
const subsetNames = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
const weights = [400, 700] as const;

/** A Noto Sans family for Chinese, Japanese or Korean. */
type CjkFamilyKey = 'sc' | 'tc' | 'jp' | 'kr';

/**
 * The Noto Sans packages, by the key `cjkOrder` uses. SC and KR are dependencies (SC draws
 * Chinese, and Japanese kana and kanji when JP is not installed; only KR has every Hangul
 * syllable); JP and TC are optional peer dependencies (about 80 and 70 MB), used when installed.
 */
export const cjkFamilies: Readonly<Record<CjkFamilyKey, { packageName: string; name: string }>> = {
  sc: { packageName: '@fontsource/noto-sans-sc', name: 'Noto Sans SC' },
  tc: { packageName: '@fontsource/noto-sans-tc', name: 'Noto Sans TC' },
  jp: { packageName: '@fontsource/noto-sans-jp', name: 'Noto Sans JP' },
  kr: { packageName: '@fontsource/noto-sans-kr', name: 'Noto Sans KR' },
};

const require = createRequire(import.meta.url);

// Module-level cache, one per process: the WOFF files are read once. Satori parses the fonts of
// a render and keeps them in a WeakMap keyed by the `fonts` array it was given, so every
// combination of subsets is one array, reused for every card that needs it: most cards need
// only Latin, and parsing two faces instead of fourteen keeps the first card of a process fast.
//
// Each subset has its own family name. Satori picks one face per family and weight, and falls
// back to the faces of *other* families character by character, in the order of the list; under
// one shared name the other subsets would never be used, and a word such as `Łódź` (Latin and
// Latin Extended) would show missing-glyph marks. The glyph painter falls back the same way.
let cache: CardFonts | undefined;
// Each face's own code points, read with its character map when the fonts load.
const faceCodePoints = new WeakMap<CardFont, ReadonlySet<number>>();

/** The code points one loaded face has a glyph for (empty for a face `loadCardFonts` did not load). */
export function codePointsOf(font: CardFont): ReadonlySet<number> {
  return faceCodePoints.get(font) ?? new Set();
}

/**
 * Whether a code point is a Chinese, Japanese or Korean character or punctuation mark: these
 * and the symbols of `isSymbolCodePoint` are drawn with Noto Sans (whose chunks also hold Latin
 * letters and emoji, left to Inter and to the box as before).
 */
export function isCjkCodePoint(point: number): boolean {
  return (
    (point >= 0x1100 && point <= 0x11ff) || // Hangul Jamo
    (point >= 0x2e80 && point <= 0x2fdf) || // CJK and Kangxi radicals
    (point >= 0x2ff0 && point <= 0x303f) || // description characters, CJK symbols and punctuation
    (point >= 0x3040 && point <= 0x30ff) || // hiragana, katakana
    (point >= 0x3100 && point <= 0x31ff) || // bopomofo, Hangul compatibility jamo, kanbun, strokes, katakana extension
    (point >= 0x3200 && point <= 0x4dbf) || // enclosed CJK, compatibility, Han extension A
    (point >= 0x4e00 && point <= 0x9fff) || // Han
    (point >= 0xa960 && point <= 0xa97f) || // Hangul Jamo extended A
    (point >= 0xac00 && point <= 0xd7ff) || // Hangul syllables, Jamo extended B
    (point >= 0xf900 && point <= 0xfaff) || // Han compatibility
    (point >= 0xfe10 && point <= 0xfe1f) || // vertical forms
    (point >= 0xfe30 && point <= 0xfe4f) || // compatibility forms
    (point >= 0xff00 && point <= 0xffef) || // full-width and half-width forms
    (point >= 0x20000 && point <= 0x3ffff) // Han extensions B and later
  );
}

/**
 * Whether a code point is a symbol Inter's subsets may lack that Noto Sans draws: general
 * punctuation (the non-breaking hyphen `‑`), letterlike symbols, number forms, arrows (`→`),
 * mathematical operators, technical symbols, enclosed numbers, box drawing, geometric shapes,
 * miscellaneous symbols and dingbats (`✓`). Inter draws the ones it has; Noto Sans the rest.
 */
export function isSymbolCodePoint(point: number): boolean {
  return (
    (point >= 0x2000 && point <= 0x206f) || // general punctuation
    (point >= 0x2100 && point <= 0x23ff) || // letterlike, number forms, arrows, operators, technical
    (point >= 0x2460 && point <= 0x27bf) || // enclosed alphanumerics to dingbats
    (point >= 0x27f0 && point <= 0x297f) // supplemental arrows
  );
}

/** What Noto Sans draws on a card: Chinese, Japanese and Korean characters, and symbols (`isSymbolCodePoint`). */
function isNotoCodePoint(point: number): boolean {
  return isCjkCodePoint(point) || isSymbolCodePoint(point);
}

/**
 * The Noto Sans families to try for a text's Chinese, Japanese and Korean characters, first
 * choice first. Han characters are shared by the languages but drawn in each one's own forms, so
 * the page's language decides: `ja` → JP, `ko` → KR, `zh-TW`, `zh-HK`, `zh-MO` or `zh-Hant` → TC,
 * other `zh` → SC. Without a CJK language the text decides: kana → JP, Hangul → KR, else SC.
 * Each character goes to the first family that has it.
 */
export function cjkOrder(text: string, language?: string | undefined): CjkFamilyKey[] {
  const tag = (language ?? '').toLowerCase();
  if (/^ja(?:-|$)/.test(tag)) return ['jp', 'sc', 'tc', 'kr'];
  if (/^ko(?:-|$)/.test(tag)) return ['kr', 'sc', 'tc', 'jp'];
  if (/^zh(?:-|$)/.test(tag)) return /^zh-(?:hant|tw|hk|mo)(?:-|$)/.test(tag) ? ['tc', 'sc', 'jp', 'kr'] : ['sc', 'tc', 'jp', 'kr'];
  if (/[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/.test(text)) return ['jp', 'sc', 'tc', 'kr'];
  if (/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/.test(text)) return ['kr', 'sc', 'tc', 'jp'];
  return ['sc', 'tc', 'jp', 'kr'];
}

interface Chunk {
  family: CjkFamilyKey;
  /** Position of the chunk in the family's `unicode.json`. */
  index: number;
  file: string;
  name: string;
  fonts?: CardFont[];
}

interface CjkFamily {
  key: CjkFamilyKey;
  version: string;
  /** The chunk holding each code point (the first listed, when several do). */
  chunkOf: Map<number, Chunk>;
}

// The Noto Sans families read so far, each when a text first needs it: only its chunk list
// (`unicode.json`, about 25 ms); a chunk's WOFF files are read when a text first needs it.
// `null` for a family that is not installed.
const cjk = new Map<CjkFamilyKey, CjkFamily | null>();

// The installed Noto Sans families: their folders and versions (cheap: no chunk list read).
let installed: { key: CjkFamilyKey; folder: string; version: string }[] | undefined;

function installedCjkFamilies(): { key: CjkFamilyKey; folder: string; version: string }[] {
  if (installed) return installed;
  installed = [];
  for (const key of Object.keys(cjkFamilies) as CjkFamilyKey[]) {
    let manifest: string;
    try {
      manifest = require.resolve(`${cjkFamilies[key].packageName}/package.json`);
    } catch {
      // An optional family that is not installed: its characters go to the next family.
      continue;
    }
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    installed.push({ key, folder: dirname(manifest), version });
  }
  return installed;
}

function cjkFamily(key: CjkFamilyKey): CjkFamily | null {
  let family = cjk.get(key);
  if (family !== undefined) return family;
  family = null;
  const found = installedCjkFamilies().find((candidate) => candidate.key === key);
  if (found) {
    const { folder, version } = found;
    const { packageName } = cjkFamilies[key];
    const ranges = JSON.parse(readFileSync(join(folder, 'unicode.json'), 'utf8')) as Record<string, string>;
    const chunkOf = new Map<number, Chunk>();
    const id = packageName.slice('@fontsource/'.length);
    let index = 0;
    for (const [subset, list] of Object.entries(ranges)) {
      // Numbered chunks (`[12]`) hold the CJK characters; the named ones are Latin, Cyrillic, …
      const number = /^\[(\d+)\]$/.exec(subset)?.[1];
      if (number === undefined) continue;
      const chunk: Chunk = { family: key, index: index++, file: join(folder, 'files', `${id}-${number}`), name: `${cjkFamilies[key].name} ${number}` };
      for (const range of list.split(',')) {
        const [from, to] = range.trim().replace(/^U\+/i, '').split('-').map((hex) => Number.parseInt(hex, 16));
        if (from === undefined || !Number.isFinite(from)) continue;
        const last = to !== undefined && Number.isFinite(to) ? to : from;
        for (let point = from; point <= last; point++) {
          if (isNotoCodePoint(point) && !chunkOf.has(point)) chunkOf.set(point, chunk);
        }
      }
    }
    family = { key, version, chunkOf };
  }
  cjk.set(key, family);
  return family;
}

// The families in the order `codePoints` asks them: the most characters first.
const coverageOrder: CjkFamilyKey[] = ['sc', 'kr', 'jp', 'tc'];

function chunkFonts(chunk: Chunk): CardFont[] {
  chunk.fonts ??= weights.map((weight) => {
    const woff = readFileSync(`${chunk.file}-${weight}-normal.woff`);
    // Kept uncompressed: satori parses the fonts of every new combination again, and a CJK card
    // is often a new combination; inflating its chunks each time cost more than drawing it.
    const data = woffToSfnt(woff) ?? woff;
    const font: CardFont = { name: chunk.name, data, weight, style: 'normal' };
    faceCodePoints.set(font, new Set(readWoffCodePoints(woff)));
    return font;
  });
  return chunk.fonts;
}

/**
 * Load the bundled Inter faces (regular and bold) once per process.
 *
 * The first call reads 14 small WOFF files from `@fontsource/inter` (seven subsets, two weights)
 * and their character maps; every later call returns the same object. Nothing is fetched. The
 * Noto Sans faces for Chinese, Japanese and Korean are read chunk by chunk, when a text first
 * needs one (a chunk is about 40 KB per weight).
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

  const interPoints = new Set<number>();
  for (const subset of subsets) for (const point of subset.codePoints) interPoints.add(point);
  const codePoints: CodePoints = {
    has: (point) => interPoints.has(point) || notoChunk(point, coverageOrder) !== undefined,
  };

  const [latin, ...others] = subsets as [Subset, ...Subset[]];
  const combinations = new Map<string, CardFont[]>();
  const fontsFor = (text: string, language?: string | undefined): CardFont[] => {
    const used = new Set<Subset>();
    const chunks = new Set<Chunk>();
    let order: CjkFamilyKey[] | undefined;
    for (const char of text) {
      const point = char.codePointAt(0) ?? 0;
      if (latin.codePoints.has(point)) continue;
      const subset = others.find((candidate) => candidate.codePoints.has(point));
      if (subset) {
        used.add(subset);
        continue;
      }
      if (!isNotoCodePoint(point)) continue;
      const chunk = notoChunk(point, (order ??= cjkOrder(text, language)));
      if (chunk) chunks.add(chunk);
    }
    const chosen = [latin, ...others.filter((subset) => used.has(subset))];
    // Chunks by the family order, then as each family lists them: a character two loaded chunks
    // have goes to the first family's.
    const rank = new Map(order?.map((key, index) => [key, index]));
    const cjkChosen = [...chunks].sort((a, b) => (rank.get(a.family) ?? 0) - (rank.get(b.family) ?? 0) || a.index - b.index);
    const key = [...chosen.map((subset) => subset.name), ...cjkChosen.map((chunk) => chunk.name)].join('+');
    let fonts = combinations.get(key);
    if (!fonts) {
      fonts = [...chosen.flatMap((subset) => subset.fonts), ...cjkChosen.flatMap(chunkFonts)];
      // Bounded: CJK text makes many combinations (the Latin ones are few and stay).
      if (combinations.size >= maxCombinations) {
        for (const old of combinations.keys()) {
          if (old.includes('Noto')) {
            combinations.delete(old);
            break;
          }
        }
      }
      combinations.set(key, fonts);
    }
    return fonts;
  };

  cache = { codePoints, fontsFor };
  return cache;
}

/**
 * The Noto Sans chunk that draws a code point, trying the families in `order`: a family is read
 * only when the ones before it lack the character. A CJK character is in its chunk; a symbol
 * (`isSymbolCodePoint`) must also be in the chunk's character map in both weights, since a
 * chunk's range lists more symbols than it has glyphs for (its faces are read to know, once
 * per process and only for a text with such a symbol). `undefined` when none draws it.
 */
function notoChunk(point: number, order: readonly CjkFamilyKey[]): Chunk | undefined {
  const isSymbol = !isCjkCodePoint(point);
  if (isSymbol && !isSymbolCodePoint(point)) return undefined;
  for (const key of order) {
    const chunk = cjkFamily(key)?.chunkOf.get(point);
    if (chunk && (!isSymbol || chunkFonts(chunk).every((font) => codePointsOf(font).has(point)))) return chunk;
  }
  return undefined;
}

/** Font combinations kept per process. */
const maxCombinations = 512;

/**
 * Versions of what decides how text looks, for the card hash.
 */
export function fontFingerprint(): string {
  const inter = JSON.parse(readFileSync(require.resolve('@fontsource/inter/package.json'), 'utf8')) as { version: string };
  const noto = installedCjkFamilies().map((family) => `${cjkFamilies[family.key].packageName}@${family.version}`);
  return `@fontsource/inter@${inter.version} ${subsetNames.join(',')} ${weights.join(',')} ${noto.join(' ')}`;
}
