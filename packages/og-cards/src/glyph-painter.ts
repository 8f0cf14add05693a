import { createRequire } from 'node:module';
import { oldestFirst } from '@docsgen/util/oldest-first';
import sharp from 'sharp';
import { codePointsOf, type CardFont } from './fonts.js';
import type { LayerShapes, TextLayer, TextRun } from './text-runs.js';
import { woffToSfnt } from './woff.js';

// Text is drawn the way a browser or a terminal draws it: each glyph is rasterised once per
// size and sub-pixel offset (by librsvg, through sharp, as satori's own SVG would be) and kept;
// a card then copies the coverage of its glyphs onto the background. Drawing satori's SVG of
// the same text costs librsvg about 15 ms per card: every glyph outline flattened and filled
// again. Glyphs are chosen and placed with HarfBuzz exactly as satori does for that SVG
// (kerning, ligatures, contextual forms, font fallback in the order of the font list); only the
// position is rounded, to a quarter pixel.

/** Sub-pixel steps per pixel, both axes. */
const steps = 4;
/** Coverage masks kept per process (a site's cards use a few hundred). */
const maxMasks = 8000;
/** Shaped words kept per process. */
const maxShaped = 4000;
/** Tallest picture of new glyphs drawn by one librsvg call (glyphs are stacked, see `rasterise`). */
const maxAtlasHeight = 2048;
/** Cairo's fixed-point step: coordinates are rounded to it before they reach librsvg. */
const fixedSteps = 256;

interface HarfBuzz {
  createBlob(data: Uint8Array): { destroy(): void };
  createFace(blob: unknown, index: number): { upem: number; destroy(): void };
  createFont(face: unknown): HbFont;
  createBuffer(): HbBuffer;
  shape(font: HbFont, buffer: HbBuffer, features?: string): void;
}

interface HbFont {
  setScale(x: number, y: number): void;
  glyphToPath(glyph: number): string;
}

interface HbBuffer {
  addText(text: string): void;
  guessSegmentProperties(): void;
  setDirection(direction: string): void;
  getGlyphInfos(): { codepoint: number; cluster: number }[];
  getGlyphPositions(): { x_advance: number; x_offset: number; y_offset: number }[];
  destroy(): void;
}

interface Face {
  id: number;
  font: HbFont;
  upem: number;
  codePoints: ReadonlySet<number>;
}

interface Shaped {
  glyph: number;
  cluster: number;
  advance: number;
  dx: number;
  dy: number;
}

interface Mask {
  /** Offset of the mask's first column and row from the glyph origin's pixel. */
  left: number;
  top: number;
  width: number;
  height: number;
  coverage: Uint8Array;
}

interface Placement {
  key: string;
  face: Face;
  glyph: number;
  size: number;
  x: number;
  y: number;
  fx: number;
  fy: number;
  colour: [number, number, number];
}

/**
 * Where to draw: RGB rows, `rowBytes` apart, each starting `rowOffset` bytes in (a PNG filter
 * byte), with run coordinates shifted by `originX`/`originY`. Nothing is drawn outside
 * `width` x `height`.
 */
export interface PaintTarget {
  pixels: Buffer;
  rowBytes: number;
  rowOffset: number;
  width: number;
  height: number;
  originX: number;
  originY: number;
  /** Told each range of rows drawn on (`end` exclusive), when given. */
  touch?: ((first: number, end: number) => void) | undefined;
}

const require = createRequire(import.meta.url);
let harfbuzz: Promise<HarfBuzz> | undefined;
const faces = new WeakMap<CardFont, Face>();
let nextFaceId = 0;
const shapedWords = new Map<string, Shaped[]>();
const oldestShaped = oldestFirst(shapedWords);
const masks = new Map<string, Promise<Mask | null>>();
const oldestMask = oldestFirst(masks);

/**
 * Load HarfBuzz (WebAssembly, from `harfbuzzjs`, the build satori uses) once per process.
 */
function loadHarfBuzz(): Promise<HarfBuzz> {
  harfbuzz ??= require('harfbuzzjs') as Promise<HarfBuzz>;
  return harfbuzz;
}

function faceOf(hb: HarfBuzz, font: CardFont): Face {
  let face = faces.get(font);
  if (!face) {
    // The Noto Sans chunks are kept as SFNT already (see fonts.ts).
    const sfnt = isSfnt(font.data) ? font.data : woffToSfnt(font.data);
    if (!sfnt) throw new TypeError(`The card font ${font.name} ${font.weight} is neither a WOFF 1.0 nor an SFNT file`);
    const blob = hb.createBlob(sfnt);
    const hbFace = hb.createFace(blob, 0);
    const hbFont = hb.createFont(hbFace);
    const upem = hbFace.upem;
    hbFont.setScale(upem, upem);
    hbFace.destroy();
    blob.destroy();
    face = { id: nextFaceId++, font: hbFont, upem, codePoints: codePointsOf(font) };
    faces.set(font, face);
  }
  return face;
}

// TrueType (`00 01 00 00`) or CFF (`OTTO`) outlines.
function isSfnt(data: Uint8Array): boolean {
  const tag = ((data[0] ?? 0) << 24) | ((data[1] ?? 0) << 16) | ((data[2] ?? 0) << 8) | (data[3] ?? 0);
  return tag === 0x00010000 || tag === 0x4f54544f;
}

/**
 * Draw a text layer onto RGB rows: its shapes (rasterised by librsvg), then its text.
 *
 * Returns `false`, having drawn nothing, when a run needs something this does not do the way
 * satori would (a weight or character no face has); the caller then draws the layer with
 * librsvg.
 *
 * @param layer
 *   As `readTextLayer` gives it.
 * @param fonts
 *   The faces satori laid the text out with, in the same order.
 */
export async function paintTextLayer(layer: TextLayer, fonts: CardFont[], target: PaintTarget): Promise<boolean> {
  const hb = await loadHarfBuzz();
  const placements: Placement[] = [];
  for (const run of layer.runs) {
    if (!placeRun(hb, run, fonts, target, placements)) return false;
  }

  const pending = new Map<string, Placement>();
  for (const placement of placements) if (!masks.has(placement.key)) pending.set(placement.key, placement);
  if (pending.size > 0) rasterise([...pending.values()]);

  const [shapes, drawn] = await Promise.all([
    layer.shapes ? rasteriseShapes(layer.shapes) : null,
    Promise.all(placements.map((placement) => masks.get(placement.key) as Promise<Mask | null>)),
  ]);
  if (shapes && layer.shapes) blendShapes(target, shapes, layer.shapes);
  placements.forEach((placement, index) => {
    const mask = drawn[index];
    if (mask) blend(target, mask, placement);
  });
  // Oldest out first, by first use.
  while (masks.size > maxMasks) masks.delete(oldestMask()!);
  return true;
}

// Rasterised shapes by their SVG. A site's cards repeat the same few (the accent rule of a
// centred card sits at one of a few heights), and each librsvg call costs more than the rule.
const maxShapes = 64;
const shapeLayers = new Map<string, Promise<Buffer>>();

function rasteriseShapes(shapes: LayerShapes): Promise<Buffer> {
  let pending = shapeLayers.get(shapes.svg);
  if (pending) {
    shapeLayers.delete(shapes.svg);
  } else {
    pending = sharp(Buffer.from(shapes.svg)).ensureAlpha().raw().toBuffer();
    // A failed render is not kept, so the next card tries again.
    pending.catch(() => shapeLayers.delete(shapes.svg));
  }
  shapeLayers.set(shapes.svg, pending);
  if (shapeLayers.size > maxShapes) shapeLayers.delete(shapeLayers.keys().next().value as string);
  return pending;
}

// RGBA (not premultiplied) over the rows.
function blendShapes(target: PaintTarget, rgba: Buffer, shapes: LayerShapes): void {
  const { pixels, rowBytes, rowOffset } = target;
  target.touch?.(target.originY + shapes.top, target.originY + shapes.top + shapes.height);
  for (let row = 0; row < shapes.height; row++) {
    const y = target.originY + shapes.top + row;
    if (y < 0 || y >= target.height) continue;
    for (let column = 0; column < shapes.width; column++) {
      const x = target.originX + shapes.left + column;
      if (x < 0 || x >= target.width) continue;
      const from = (row * shapes.width + column) * 4;
      const alpha = rgba[from + 3] as number;
      if (alpha === 0) continue;
      const at = y * rowBytes + rowOffset + x * 3;
      for (let channel = 0; channel < 3; channel++) pixels[at + channel] = over(rgba[from + channel] as number, pixels[at + channel] as number, alpha);
    }
  }
}

function placeRun(hb: HarfBuzz, run: TextRun, fonts: CardFont[], target: PaintTarget, out: Placement[]): boolean {
  const candidates = fonts.filter((font) => font.weight === run.weight).map((font) => faceOf(hb, font));
  if (candidates.length === 0) return false;

  // Split the word where the face drawing it changes, as satori does: each character goes to
  // the first face that has it.
  const segments: { face: Face; text: string }[] = [];
  for (const char of run.text) {
    const point = char.codePointAt(0) as number;
    const face = candidates.find((candidate) => candidate.codePoints.has(point));
    if (!face) return false;
    const last = segments.at(-1);
    if (last && last.face === face) last.text += char;
    else segments.push({ face, text: char });
  }

  // Where satori would start this run when embedding outlines (see TextRun.snap).
  let pen = run.snap ? Math.round(run.x) : run.x;
  for (const { face, text } of segments) {
    const scale = run.size / face.upem;
    const glyphs = shape(hb, face, text);
    glyphs.forEach((glyph, index) => {
      const x = target.originX + pen + glyph.dx * scale;
      const y = target.originY + run.y + glyph.dy * scale;
      const [px, fx] = split(x);
      const [py, fy] = split(y);
      out.push({ key: `${face.id}:${glyph.glyph}:${run.size}:${fx}:${fy}`, face, glyph: glyph.glyph, size: run.size, x: px, y: py, fx, fy, colour: run.colour });
      pen += glyph.advance * scale;
      if (glyphs[index + 1]?.cluster !== glyph.cluster) pen += run.letterSpacing;
    });
  }
  return true;
}

// A coordinate as whole pixels and the nearest sub-pixel step.
function split(value: number): [number, number] {
  let whole = Math.floor(value);
  let step = Math.round((value - whole) * steps);
  if (step === steps) {
    whole += 1;
    step = 0;
  }
  return [whole, step];
}

function shape(hb: HarfBuzz, face: Face, text: string): Shaped[] {
  const key = `${face.id}\0${text}`;
  let shaped = shapedWords.get(key);
  if (shaped) {
    shapedWords.delete(key);
  } else {
    const buffer = hb.createBuffer();
    try {
      buffer.addText(text);
      buffer.guessSegmentProperties();
      hb.shape(face.font, buffer);
      // Read from HarfBuzz's arrays: `json()` writes the buffer as JSON text and parses it back.
      const infos = buffer.getGlyphInfos();
      const positions = buffer.getGlyphPositions();
      shaped = infos.map(({ codepoint, cluster }, index) => {
        const position = positions[index] as { x_advance: number; x_offset: number; y_offset: number };
        return { glyph: codepoint, cluster, advance: position.x_advance, dx: position.x_offset, dy: position.y_offset };
      });
    } finally {
      buffer.destroy();
    }
    if (shapedWords.size >= maxShaped) shapedWords.delete(oldestShaped()!);
  }
  shapedWords.set(key, shaped);
  return shaped;
}

// Rasterise glyphs not seen before and keep each one's coverage.
//
// A glyph's pixels must depend on the glyph alone (face, glyph, size, sub-pixel offset), never
// on the other glyphs drawn with it, or a card's bytes would depend on which cards came before
// it in the process. Cairo's scan converter is not that local on its own: it fills a pixel row
// in one step when no edge starts or ends inside it, so a glyph's coverage can change with the
// edges of glyphs that share its rows; and an outline placed by a transform is rounded to
// cairo's 1/256 pixel after the shift, so the same glyph at another place can round otherwise.
// So each glyph gets rows of its own (glyphs are stacked, one column), and its outline is moved
// to its place here, rounded to 1/256 pixel before the whole-pixel shift: exact in floating
// point, so every glyph is filled exactly as it would be alone. Several glyphs still share one
// librsvg call, which is most of the cost.
function rasterise(wanted: Placement[]): void {
  const cells: Cell[] = [];
  const settle = new Map<string, { resolve: (mask: Mask | null) => void; reject: (error: unknown) => void }>();
  for (const placement of wanted) {
    masks.set(
      placement.key,
      new Promise<Mask | null>((resolve, reject) => {
        settle.set(placement.key, { resolve, reject });
      }),
    );
    const outline = readOutline(placement.face.font.glyphToPath(placement.glyph));
    if (!outline) {
      settle.get(placement.key)?.reject(new TypeError(`Glyph ${placement.glyph} of a card font has an outline the glyph painter cannot read`));
      continue;
    }
    if (outline.points.length === 0) {
      settle.get(placement.key)?.resolve(null);
      continue;
    }
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let index = 0; index + 1 < outline.points.length; index += 2) {
      const x = outline.points[index] as number;
      const y = outline.points[index + 1] as number;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    const scale = placement.size / placement.face.upem;
    const offsetX = placement.fx / steps;
    const offsetY = placement.fy / steps;
    // Font units are y-up: the top of the glyph is its largest y. One pixel of margin for
    // anti-aliasing.
    const left = Math.floor(minX * scale + offsetX) - 1;
    const top = Math.floor(offsetY - maxY * scale) - 1;
    const width = Math.ceil(maxX * scale + offsetX) + 1 - left;
    const height = Math.ceil(offsetY - minY * scale) + 1 - top;
    cells.push({ placement, outline, scale, left, top, width, height, atY: 0 });
  }

  // Stacked two rows apart, in pictures of at most maxAtlasHeight rows (a glyph taller than
  // that gets a picture of its own).
  const atlases: Cell[][] = [];
  let rows = Infinity;
  for (const cell of cells) {
    if (rows + cell.height > maxAtlasHeight) {
      atlases.push([]);
      rows = 0;
    }
    cell.atY = rows;
    rows += cell.height + 2;
    atlases.at(-1)?.push(cell);
  }
  for (const atlas of atlases) rasteriseAtlas(atlas, settle);
}

interface Outline {
  /** Path commands, each followed by its number of coordinate pairs. */
  commands: string;
  /** x, y, x, y, … in font units (y-up). */
  points: number[];
}

interface Cell {
  placement: Placement;
  outline: Outline;
  scale: number;
  /** Offset of the cell's first column and row from the glyph origin's pixel. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** First row of the cell in its picture (its first column is the picture's). */
  atY: number;
}

// Coordinate pairs each absolute command of HarfBuzz's glyph paths takes.
const pairsOf: Record<string, number> = { M: 1, L: 1, Q: 2, C: 3, Z: 0 };

// HarfBuzz's glyph path (`M1,2L3,4Q…Z`, absolute commands only); `null` for anything else.
function readOutline(path: string): Outline | null {
  const tokens = path.match(/[A-Za-z]|-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  if (tokens.join('').length !== path.replace(/[\s,]/g, '').length) return null;
  let commands = '';
  const points: number[] = [];
  let index = 0;
  while (index < tokens.length) {
    const command = tokens[index++] as string;
    const pairs = pairsOf[command];
    if (pairs === undefined) return null;
    commands += command;
    for (let number = 0; number < pairs * 2; number++) {
      const value = Number(tokens[index++]);
      if (!Number.isFinite(value)) return null;
      points.push(value);
    }
  }
  return { commands, points };
}

// The cell's outline in picture pixels: scaled, flipped, placed at its sub-pixel offset and
// rounded to 1/256 pixel, then moved down to its rows by a whole number (exact).
function placedPath(cell: Cell): string {
  const { outline, scale, placement } = cell;
  const originX = placement.fx / steps - cell.left;
  const originY = placement.fy / steps - cell.top;
  let d = '';
  let point = 0;
  for (const command of outline.commands) {
    d += command;
    for (let pair = 0; pair < (pairsOf[command] as number); pair++, point += 2) {
      const x = Math.round(((outline.points[point] as number) * scale + originX) * fixedSteps) / fixedSteps;
      const y = Math.round((originY - (outline.points[point + 1] as number) * scale) * fixedSteps) / fixedSteps + cell.atY;
      d += `${pair > 0 ? ' ' : ''}${x},${y}`;
    }
  }
  return d;
}

function rasteriseAtlas(cells: Cell[], settle: Map<string, { resolve: (mask: Mask | null) => void; reject: (error: unknown) => void }>): void {
  const width = Math.max(1, ...cells.map((cell) => cell.width));
  const last = cells.at(-1) as Cell;
  const height = last.atY + last.height;
  const paths = cells.map((cell) => `<path d="${placedPath(cell)}"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g fill="#fff">${paths.join('')}</g></svg>`;
  sharp(Buffer.from(svg))
    .extractChannel(3)
    .raw()
    .toBuffer()
    .then((alpha) => {
      for (const cell of cells) settle.get(cell.placement.key)?.resolve(cut(alpha, width, cell));
    })
    .catch((error: unknown) => {
      // Not kept: the next card tries again.
      for (const cell of cells) {
        masks.delete(cell.placement.key);
        settle.get(cell.placement.key)?.reject(error);
      }
    });
}

// A cell's coverage, trimmed to the pixels the glyph touches (`null` when none).
function cut(alpha: Buffer, atlasWidth: number, cell: Cell): Mask | null {
  let [first, last, start, end] = [cell.height, -1, cell.width, -1];
  for (let row = 0; row < cell.height; row++) {
    const line = (cell.atY + row) * atlasWidth;
    for (let column = 0; column < cell.width; column++) {
      if (alpha[line + column] === 0) continue;
      first = Math.min(first, row);
      last = Math.max(last, row);
      start = Math.min(start, column);
      end = Math.max(end, column);
    }
  }
  if (last < 0) return null;
  const width = end - start + 1;
  const height = last - first + 1;
  const coverage = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    const from = (cell.atY + first + row) * atlasWidth + start;
    coverage.set(alpha.subarray(from, from + width), row * width);
  }
  return { left: cell.left + start, top: cell.top + first, width, height, coverage };
}

// The glyph's colour over the rows, at its coverage (see `over`).
function blend(target: PaintTarget, mask: Mask, placement: Placement): void {
  // Indexed, not destructured: destructuring an array allocates an iterator until the
  // function is optimised, and this runs for every glyph of every card.
  const colour = placement.colour;
  const red = colour[0];
  const green = colour[1];
  const blue = colour[2];
  const { pixels, rowBytes, rowOffset } = target;
  const { coverage, width } = mask;
  const startX = placement.x + mask.left;
  const startY = placement.y + mask.top;
  const firstColumn = Math.max(0, -startX);
  const endColumn = Math.min(width, target.width - startX);
  const firstRow = Math.max(0, -startY);
  const endRow = Math.min(mask.height, target.height - startY);
  if (endRow > firstRow) target.touch?.(startY + firstRow, startY + endRow);
  for (let row = firstRow; row < endRow; row++) {
    let at = (startY + row) * rowBytes + rowOffset + (startX + firstColumn) * 3;
    let index = row * width + firstColumn;
    for (let column = firstColumn; column < endColumn; column++, index++, at += 3) {
      const alpha = coverage[index] as number;
      if (alpha === 0) continue;
      if (alpha === 255) {
        pixels[at] = red;
        pixels[at + 1] = green;
        pixels[at + 2] = blue;
        continue;
      }
      pixels[at] = over(red, pixels[at] as number, alpha);
      pixels[at + 1] = over(green, pixels[at + 1] as number, alpha);
      pixels[at + 2] = over(blue, pixels[at + 2] as number, alpha);
    }
  }
}

// One channel of `source` over `destination` at coverage `alpha` (0-255), as cairo composites in
// 8 bits: (source * alpha + destination * (255 - alpha)) / 255, rounded, in integers.
function over(source: number, destination: number, alpha: number): number {
  const sum = source * alpha + destination * (255 - alpha) + 128;
  return (sum + (sum >> 8)) >> 8;
}
