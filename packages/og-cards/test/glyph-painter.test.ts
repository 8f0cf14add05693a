import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codePointsOf, loadCardFonts } from '../src/fonts.js';
import { paintTextLayer, type PaintTarget } from '../src/glyph-painter.js';
import type { TextRun } from '../src/text-runs.js';
import { woffToSfnt } from '../src/woff.js';
import { pixelDifference } from './pixel-difference.js';

const width = 400;
const height = 80;
const background: [number, number, number] = [246, 248, 250];

function target(): PaintTarget {
  const rowBytes = width * 3 + 1;
  const pixels = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.set(background, y * rowBytes + 1 + x * 3);
  return { pixels, rowBytes, rowOffset: 1, width, height, originX: 0, originY: 0 };
}

function run(text: string, extra: Partial<TextRun> = {}): TextRun {
  return { x: 10.3, y: 50, size: 40, weight: 700, letterSpacing: -0.8, colour: [17, 24, 39], text, width: 300, snap: false, ...extra };
}

function rgb(painted: PaintTarget): Buffer {
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) painted.pixels.copy(out, y * width * 3, y * painted.rowBytes + 1, (y + 1) * painted.rowBytes);
  return out;
}

// The same glyphs the way satori's SVG has them: every outline at its exact place, filled by
// librsvg in one picture.
async function reference(text: string, letterSpacing: number, language?: string): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const hb = await (require('harfbuzzjs') as Promise<any>);
  // Each character in the first bold face that has it, shaped in runs of one face.
  const bold = loadCardFonts()
    .fontsFor(text, language)
    .filter((face) => face.weight === 700);
  const segments: { font: (typeof bold)[number]; text: string }[] = [];
  for (const char of text) {
    const font = bold.find((face) => codePointsOf(face).has(char.codePointAt(0) ?? 0)) ?? bold[0]!;
    const last = segments.at(-1);
    if (last?.font === font) last.text += char;
    else segments.push({ font, text: char });
  }
  const scale = (upem: number) => 40 / upem;
  let pen = 10.3;
  const paths: string[] = [];
  for (const segment of segments) {
    const data = segment.font.data.toString('latin1', 0, 4) === 'wOFF' ? woffToSfnt(segment.font.data) : segment.font.data;
    const face = hb.createFace(hb.createBlob(data), 0);
    const hbFont = hb.createFont(face);
    hbFont.setScale(face.upem, face.upem);
    const buffer = hb.createBuffer();
    buffer.addText(segment.text);
    buffer.guessSegmentProperties();
    hb.shape(hbFont, buffer);
    const glyphs = buffer.json() as { g: number; cl: number; ax: number; dx: number }[];
    const s = scale(face.upem);
    glyphs.forEach((glyph, index) => {
      paths.push(`<path transform="matrix(${s} 0 0 ${-s} ${pen + glyph.dx * s} 50)" d="${hbFont.glyphToPath(glyph.g)}"/>`);
      pen += glyph.ax * s;
      if (glyphs[index + 1]?.cl !== glyph.cl) pen += letterSpacing;
    });
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="rgb(${background})"/><g fill="rgb(17,24,39)">${paths.join('')}</g></svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
}

test('should draw the glyphs librsvg draws from their outlines, edges within a shade', async () => {
  const text = 'Kerning: AVAWAY “fi” -> 12:30';
  const painted = target();
  assert.is(await paintTextLayer({ runs: [run(text)], shapes: null }, loadCardFonts().fontsFor(text), painted), true);
  const ours = rgb(painted);
  const theirs = await reference(text, -0.8);
  const ink = ours.filter((channel) => channel < 100).length;
  const { mean, max } = pixelDifference(ours, theirs);
  assert.ok(ink > 2000, `${ink} dark channels: the text was drawn`);
  assert.ok(mean < 0.8, `mean ${mean}, max ${max}`);
  assert.ok(max <= 80, `max ${max}`);
});

test('should draw Chinese, Japanese and Korean glyphs of the Noto Sans chunks as librsvg does', async () => {
  for (const [text, language] of [
    ['编辑器设置', 'zh'],
    ['設定と権限', 'ja'],
    ['편집기설정', 'ko'],
  ] as const) {
    const fonts = loadCardFonts().fontsFor(text, language);
    assert.ok(fonts.some((font) => font.name.startsWith('Noto Sans')), text);
    const painted = target();
    assert.is(await paintTextLayer({ runs: [run(text)], shapes: null }, fonts, painted), true, text);
    const ours = rgb(painted);
    const theirs = await reference(text, -0.8, language);
    const ink = ours.filter((channel) => channel < 100).length;
    const { mean, max } = pixelDifference(ours, theirs);
    assert.ok(ink > 2000, `${text}: ${ink} dark channels, the text was drawn`);
    assert.ok(mean < 0.8, `${text}: mean ${mean}, max ${max}`);
    assert.ok(max <= 80, `${text}: max ${max}`);
  }
});

test('should give the same pixels when drawing the same text again (glyphs from the cache)', async () => {
  const fonts = loadCardFonts().fontsFor('a');
  const first = target();
  const second = target();
  await paintTextLayer({ runs: [run('Cached glyphs')], shapes: null }, fonts, first);
  await paintTextLayer({ runs: [run('Cached glyphs')], shapes: null }, fonts, second);
  assert.ok(first.pixels.equals(second.pixels));
});

test('should draw nothing and say so for a weight or a character no face has', async () => {
  const fonts = loadCardFonts().fontsFor('a');
  for (const layer of [
    { runs: [run('Medium', { weight: 500 })], shapes: null },
    { runs: [run('ok'), run('日本', { x: 200 })], shapes: null },
  ]) {
    const painted = target();
    const untouched = Buffer.from(painted.pixels);
    assert.is(await paintTextLayer(layer, fonts, painted), false);
    assert.ok(painted.pixels.equals(untouched));
  }
});

test('should use the face that has each character, in the order given', async () => {
  const text = 'Łódź Привет';
  const fonts = loadCardFonts().fontsFor(text);
  const painted = target();
  assert.is(await paintTextLayer({ runs: [run(text)], shapes: null }, fonts, painted), true);
  const ours = rgb(painted);
  let dark = 0;
  for (let y = 0; y < height; y++) for (let x = 150; x < width; x++) if ((ours[(y * width + x) * 3] as number) < 100) dark++;
  assert.ok(dark > 300, `${dark} dark pixels right of the Latin word: the Cyrillic one is drawn`);
});

test('should clip text that reaches past the target, and draw shapes under it', async () => {
  const fonts = loadCardFonts().fontsFor('a');
  const painted = target();
  const shapes = {
    svg: '<svg width="20" height="10" viewBox="0 0 20 10" xmlns="http://www.w3.org/2000/svg"><rect x="0" y="0" width="20" height="10" fill="#ff0000"/></svg>',
    left: 0,
    top: 0,
    width: 20,
    height: 10,
  };
  const runs = [run('Off the left edge', { x: -60 }), run('Off the bottom', { x: 200, y: 95 }), run('Off the right edge', { x: 380 })];
  assert.is(await paintTextLayer({ runs, shapes }, fonts, painted), true);
  assert.equal([...painted.pixels.subarray(1, 4)], [255, 0, 0], 'the shape');
  for (let y = 0; y < height; y++) assert.is(painted.pixels[y * painted.rowBytes], 0, 'filter bytes untouched');
});

// Runs of every letter and digit, in both weights and a few sizes, at every quarter-pixel
// offset: a few thousand glyph masks.
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 ,.:;!?()@&';
const manyRuns: TextRun[] = [30, 48].flatMap((size) =>
  ([400, 700] as const).flatMap((weight) =>
    [0, 1, 2, 3].map((step) => run(letters, { x: 10 + step / 4, y: 60 + step / 4, size, weight, letterSpacing: 0 })),
  ),
);

// Paint in a new Node process (an empty glyph cache): each batch as one layer, then each run alone.
function paintInFreshProcess(batches: number[][]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(new URL('./paint-in-order.ts', import.meta.url));
    const child = execFile(process.execPath, ['--import', 'tsx', script], (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as string[]);
    });
    child.stdin?.end(JSON.stringify({ runs: manyRuns, batches }));
  });
}

test('should give a glyph the same pixels whatever glyphs were rasterised with it, in whatever order', async () => {
  const indexes = manyRuns.map((_, index) => index);
  const [together, alone] = await Promise.all([
    // Every glyph rasterised in one batch.
    paintInFreshProcess([indexes]),
    // A batch per run, last run first.
    paintInFreshProcess([...indexes].reverse().map((index) => [index])),
  ]);
  assert.is(new Set(together).size, manyRuns.length, 'every run is a different picture');
  assert.equal(alone, together);
});

test.run();
