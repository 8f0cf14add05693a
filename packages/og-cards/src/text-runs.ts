/**
 * A line of text placed by satori's layout: the words satori would shape as one run when
 * embedding glyph outlines (consecutive words on one line, in one style).
 */
export interface TextRun {
  /** Pen position of the first glyph, in the layer's pixels. */
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  /** 400 or 700. */
  weight: number;
  /** Added after each character, in pixels (negative tightens). */
  letterSpacing: number;
  /** Fill colour as `[red, green, blue]`, 0-255. */
  colour: [number, number, number];
  text: string;
  /** Advance of the whole run as satori measured it. */
  width: number;
  /**
   * Whether the run starts on a whole pixel: satori rounds the position of each word of a
   * paragraph of several lines when it embeds outlines, and not when it writes `<text>`.
   */
  snap: boolean;
}

/**
 * Shapes drawn under the text (a rule, a bar), as an SVG of their own covering `left`, `top`,
 * `width`, `height` of the layer, whole pixels.
 */
export interface LayerShapes {
  svg: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * What a text layer holds, read back from satori's SVG.
 */
export interface TextLayer {
  runs: TextRun[];
  shapes: LayerShapes | null;
}

const attributePattern = /\s([a-z-]+)="([^"]*)"/g;
const known = new Set(['x', 'y', 'width', 'height', 'font-weight', 'font-style', 'font-size', 'font-family', 'letter-spacing', 'fill']);
const plainText =
  /^<text x="([^"]*)" y="([^"]*)" width="([^"]*)" height="[^"]*" font-weight="([^"]*)" font-style="normal" font-size="([^"]*)" font-family="[^"]*"(?: letter-spacing="([^"]*)")? fill="([^"]*)">([^<]*)<\/text>$/;
const shapeAttributes = new Set(['x', 'y', 'width', 'height', 'fill', 'd', 'rx', 'ry']);
const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/**
 * Read the words of a layer that satori laid out with `embedFont: false`: an SVG whose only
 * drawing is its background rectangle, plain `<text>` elements, and filled shapes before them.
 *
 * Returns `null` for anything else (an image, a stroke, a transform, opacity, a clip or mask in
 * use, a colour that is not hex, a shape drawn over text), so the caller draws that layer the
 * general way instead. The `<mask>` definitions satori writes for `overflow: hidden` are ignored:
 * nothing refers to them.
 *
 * @param svg
 *   Satori's output for a layer of `width` by `height` pixels.
 */
export function readTextLayer(svg: string, width: number, height: number): TextLayer | null {
  const opening = `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">`;
  if (!svg.startsWith(opening) || !svg.endsWith('</svg>')) return null;
  let body = svg.slice(opening.length, -'</svg>'.length);
  // A box wider than the layer (a centred description clamped to its lines) starts left of it.
  body = body.replace(/<mask id="satori_[\w-]+"><rect x="-?[\d.]+" y="-?[\d.]+" width="[\d.]+" height="[\d.]+" fill="#fff"\/><\/mask>/g, '');
  // The layer's own background: the first element, covering all of it.
  body = body.replace(new RegExp(`^<rect x="0" y="0" width="${width}" height="[\\d.]+" fill="#[0-9a-fA-F]{3,8}"/>`), '');

  const words: TextRun[] = [];
  const shapes: { markup: string; left: number; top: number; right: number; bottom: number }[] = [];
  const elementPattern = /<text((?:\s[a-z-]+="[^"]*")*)>([^<]*)<\/text>|<(rect|path)((?:\s[a-z-]+="[^"]*")*)\/>/y;
  let match: RegExpExecArray | null;
  let at = 0;
  while ((match = elementPattern.exec(body))) {
    at = elementPattern.lastIndex;
    const shape = match[3];
    // Satori writes the attributes of a word in one order; anything else is read one by one.
    const plain = shape ? null : plainText.exec(match[0]);
    if (plain) {
      const word = toRun(
        { x: plain[1], y: plain[2], width: plain[3], fontWeight: plain[4], fontSize: plain[5], fill: plain[7], letterSpacing: plain[6], fontStyle: undefined },
        decode(plain[8] as string),
      );
      if (!word) return null;
      words.push(word);
      continue;
    }
    const attributes = readAttributes(match[shape ? 4 : 1] as string, shape ? shapeAttributes : known);
    if (!attributes) return null;
    if (shape) {
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((name) => Number(attributes.get(name)));
      // Shapes come before every word, so drawing them first keeps satori's order.
      if (words.length > 0 || ![x, y, w, h].every(Number.isFinite) || !parseHex(attributes.get('fill') ?? '')) return null;
      shapes.push({ markup: match[0], left: x as number, top: y as number, right: (x as number) + (w as number), bottom: (y as number) + (h as number) });
      continue;
    }
    const word = toRun(
      {
        x: attributes.get('x'),
        y: attributes.get('y'),
        width: attributes.get('width'),
        fontWeight: attributes.get('font-weight'),
        fontSize: attributes.get('font-size'),
        fill: attributes.get('fill'),
        letterSpacing: attributes.get('letter-spacing'),
        fontStyle: attributes.get('font-style'),
      },
      decode(match[2] as string),
    );
    if (!word) return null;
    words.push(word);
  }
  if (at !== body.length) return null;

  // A paragraph is the words of one style. Its runs snap when they lie on several lines, or
  // when its line starts between pixels (centred or right-aligned), as satori's own do.
  const paragraphs = new Map<string, TextRun[]>();
  for (const word of words) {
    const key = `${word.size} ${word.weight} ${word.letterSpacing} ${word.colour.join()}`;
    const paragraph = paragraphs.get(key);
    if (paragraph) paragraph.push(word);
    else paragraphs.set(key, [word]);
  }
  for (const paragraph of paragraphs.values()) {
    const first = paragraph[0] as TextRun;
    const snap = paragraph.some((word) => word.y !== first.y) || Math.abs(first.x - Math.round(first.x)) > 1e-6;
    for (const word of paragraph) word.snap = snap;
  }
  return { runs: joinLines(words), shapes: shapeLayer(shapes, width, height) };
}

function decode(text: string): string {
  return text.includes('&') ? text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => entities[entity] as string) : text;
}

function readAttributes(source: string, allowed: ReadonlySet<string>): Map<string, string> | null {
  const attributes = new Map<string, string>();
  for (const [, name, value] of source.matchAll(attributePattern)) {
    if (!allowed.has(name as string)) return null;
    attributes.set(name as string, value as string);
  }
  return attributes;
}

// Satori, when it embeds outlines, shapes the words of a line together up to and including
// each word separator (space, no-break space, and a few others), so kerning and contextual forms
// apply across a break after `-` or between a quote and its word, but not across a space. The
// same runs here give the same glyphs at the same places.
const separators = new Set([0x20, 0xa0, 0x1361, 0x10100, 0x10101, 0x1039, 0x1091, 0x0a].map((point) => String.fromCodePoint(point)));

function joinLines(words: TextRun[]): TextRun[] {
  const runs: TextRun[] = [];
  let open: TextRun | undefined;
  for (const word of words) {
    if (
      open &&
      open.y === word.y &&
      open.size === word.size &&
      open.weight === word.weight &&
      open.letterSpacing === word.letterSpacing &&
      open.colour.join() === word.colour.join() &&
      Math.abs(open.x + open.width - word.x) < 0.01
    ) {
      open.text += word.text;
      open.width += word.width;
    } else {
      open = { ...word };
      runs.push(open);
    }
    if (separators.has(word.text) || word.text.includes('\t')) open = undefined;
  }
  return runs;
}

function shapeLayer(shapes: { markup: string; left: number; top: number; right: number; bottom: number }[], width: number, height: number): LayerShapes | null {
  if (shapes.length === 0) return null;
  const left = Math.max(0, Math.floor(Math.min(...shapes.map((shape) => shape.left))) - 1);
  const top = Math.max(0, Math.floor(Math.min(...shapes.map((shape) => shape.top))) - 1);
  const right = Math.min(width, Math.ceil(Math.max(...shapes.map((shape) => shape.right))) + 1);
  const bottom = Math.min(height, Math.ceil(Math.max(...shapes.map((shape) => shape.bottom))) + 1);
  if (right <= left || bottom <= top) return null;
  const size = { width: right - left, height: bottom - top };
  const svg = `<svg width="${size.width}" height="${size.height}" viewBox="${left} ${top} ${size.width} ${size.height}" xmlns="http://www.w3.org/2000/svg">${shapes.map((shape) => shape.markup).join('')}</svg>`;
  return { svg, left, top, ...size };
}

// A word's attributes as written (`undefined` when absent).
interface WordAttributes {
  x: string | undefined;
  y: string | undefined;
  width: string | undefined;
  fontWeight: string | undefined;
  fontSize: string | undefined;
  fill: string | undefined;
  letterSpacing: string | undefined;
  fontStyle: string | undefined;
}

const weights = new Map([
  ['normal', 400],
  ['bold', 700],
  ['400', 400],
  ['700', 700],
]);

function toRun(attributes: WordAttributes, text: string): TextRun | null {
  if ((attributes.fontStyle ?? 'normal') !== 'normal') return null;
  const weight = weights.get(attributes.fontWeight ?? 'normal');
  const colour = parseHex(attributes.fill ?? '');
  const x = Number(attributes.x);
  const y = Number(attributes.y);
  const size = Number(attributes.fontSize);
  const width = Number(attributes.width);
  const letterSpacing = Number(attributes.letterSpacing ?? 0);
  if (weight === undefined || !colour || ![x, y, size, width, letterSpacing].every(Number.isFinite) || size <= 0) return null;
  return { x, y, size, weight, letterSpacing, colour, text, width, snap: false };
}

function parseHex(value: string): [number, number, number] | null {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return [short[1], short[2], short[3]].map((digit) => parseInt(`${digit}${digit}`, 16)) as [number, number, number];
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  if (long) return [long[1], long[2], long[3]].map((pair) => parseInt(pair as string, 16)) as [number, number, number];
  return null;
}
