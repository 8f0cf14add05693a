import { createHash } from 'node:crypto';
import satori from 'satori';
import sharp from 'sharp';
import { resolveCardOptions, type CardOptions } from './card-options.js';
import { loadLogoImage } from './card-logo.js';
import type { CardMessage } from './card-message.js';
import { prepareCardText } from './card-text.js';
import { createPalette } from './colours.js';
import { loadCardFonts, type CardFont } from './fonts.js';
import { layoutCard, type CardLogoImage, type CardNode, type CardRegion } from './layouts.js';
import { paintTextLayer } from './glyph-painter.js';
import { createPngBands, encodeOnBand, encodePngBands, type PngBands } from './png-bands.js';
import { readTextLayer } from './text-runs.js';

/**
 * How to render.
 */
export interface RenderCardOptions {
  /** Receives each warning (missing logo, characters without a glyph); the card is drawn anyway (default: warnings are dropped). */
  onMessage?: ((message: CardMessage) => void) | null | undefined;
}

// Longest text kept before layout clamps it to lines (see prepareCardText).
const limits = { title: 140, description: 240, tab: 48, siteName: 48 } as const;

/**
 * Render a 1200x630 PNG social card.
 *
 * Fonts come from `@fontsource/inter` (loaded once per process) and, for Chinese, Japanese and
 * Korean, from `@fontsource/noto-sans-sc`, `-kr` and, when installed, `-jp` and `-tc` (the face
 * of Han characters is picked by `language`, see `cjkOrder`); nothing is fetched. Characters no
 * font can draw (Arabic, Hebrew, emoji, …) are drawn as outlined boxes and reported once per
 * card as `card-glyph-missing`. A logo that cannot be read or decoded leaves the card
 * without a logo and reports `card-logo-unreadable` or `card-logo-invalid`. Equal input gives
 * byte-identical output, whatever cards were drawn before it in the process.
 *
 * @param input
 *   The page's card options; resolved with `resolveCardOptions`.
 * @param options
 *   Where warnings go.
 * @returns
 *   PNG bytes, 1200x630, RGB.
 * @throws {TypeError}
 *   When `input` is invalid (see `resolveCardOptions`); never for a bad logo or odd text.
 */
export async function renderCard(input: CardOptions, options?: RenderCardOptions | null): Promise<Buffer> {
  const resolved = resolveCardOptions(input);
  const report = options?.onMessage ?? undefined;
  const { codePoints, fontsFor } = loadCardFonts();
  const palette = createPalette(resolved.background, resolved.accent, resolved.appearance === 'dark');

  let logo: CardLogoImage | null = null;
  if (resolved.logo !== null) {
    const loaded = await loadLogoImage(resolved.logo);
    logo = loaded.image;
    if (loaded.message) report?.(loaded.message);
  }

  const title = prepareCardText(resolved.title, limits.title, codePoints);
  const description = prepareCardText(resolved.description, limits.description, codePoints);
  const tab = prepareCardText(resolved.tab, limits.tab, codePoints);
  const siteName = prepareCardText(resolved.siteName, limits.siteName, codePoints);

  const box = missingGlyphImage(palette.muted);
  const missing = [...new Set([...title.missing, ...description.missing, ...tab.missing, ...siteName.missing])];
  const graphemeImages = boxesFor(missing, box);
  if (missing.length > 0) {
    report?.({
      reason: `Cannot draw ${missing.slice(0, 5).map((grapheme) => `\`${grapheme}\``).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''} on the card of \`${resolved.title}\`: the card font has no glyph for them, so they are drawn as boxes`,
      ruleId: 'card-glyph-missing',
      source: '@docsgen/og-cards',
      fatal: false,
      actual: missing.join(''),
      note: 'Cards draw Latin, Cyrillic, Greek and Vietnamese (Inter), and Chinese, Japanese, Korean and symbols such as arrows (Noto Sans); not Arabic, Hebrew or emoji. Set `seo.ogImage` on the page, or `thumbnails.image`, to use your own image instead.',
    });
  }

  const layers = layoutCard(resolved.layout, {
    title: title.text,
    description: description.text,
    tab: tab.text,
    siteName: siteName.text,
    logo,
    palette,
  });
  const { region } = layers;
  // Only the boxes of the background's own text: the title's would make each card's background
  // a new one, drawn again for every card with a character the font lacks.
  const background = await renderBackground(layers.background, region, {
    fonts: fontsFor(`${tab.text}${siteName.text}`, resolved.language),
    graphemeImages: boxesFor([...tab.missing, ...siteName.missing], box),
    box,
  });
  const textFonts = fontsFor(`${title.text}${description.text}`, resolved.language);
  if (missing.length === 0) {
    const drawn = await drawText(layers.text, region, textFonts, background);
    if (drawn) return drawn;
  }

  // The general way, for text with boxes in it or anything the glyph painter leaves alone:
  // satori's SVG of the text, rasterised by librsvg.
  const textDraw = { fonts: textFonts, graphemeImages, box };
  const { svg, top, height } = cropToContent(await drawSvg(layers.text, region.width, region.height, textDraw), region);
  const text = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();

  // Both layers are opaque and the text layer has the card's background, so placing it is a
  // copy of its rows: the same pixels as drawing the text in place. Only the rows from the text
  // region down are compressed per card (see png-bands.ts).
  return encodePngBands(background, text, { left: region.left, top, width: region.width, height });
}

// Satori lays the text out (lines, wrapping, clamping with `…`) and gives each word's place;
// the glyph painter draws the words onto a copy of the background's rows. `undefined` when the
// layer holds anything but words and shapes under them (see readTextLayer and paintTextLayer).
async function drawText(tree: CardNode, region: CardRegion, fonts: CardFont[], background: PngBands): Promise<Buffer | undefined> {
  // The rows already have the background: without it, satori writes no rectangle for
  // readTextLayer to skip (the layout is the same).
  const { backgroundColor, ...style } = tree.props.style ?? {};
  const bare = { ...tree, props: { ...tree.props, style } };
  const svg = await satori(bare as unknown as Parameters<typeof satori>[0], { width: region.width, height: region.height, fonts, embedFont: false });
  const layer = readTextLayer(svg, region.width, region.height);
  if (!layer) return undefined;
  const rowBytes = background.width * 3 + 1;
  // A glyph that failed to rasterise leaves the card to the general path, which reports.
  return encodeOnBand(background, (rows, touch) =>
    paintTextLayer(layer, fonts, {
      pixels: rows,
      rowBytes,
      rowOffset: 1,
      width: background.width,
      height: rows.length / rowBytes,
      originX: region.left,
      originY: 0,
      touch,
    }),
  ).catch(() => undefined);
}

// Rows of the text region below and above its content are the background already: leave them
// out of the SVG (an integer shift of the view box, so the pixels drawn are the same). The
// margin covers accents and descenders that reach past the line boxes.
function cropToContent(drawn: DrawnSvg, region: CardRegion): { svg: string; top: number; height: number } {
  const margin = 24;
  const top = Math.max(0, Math.floor(drawn.contentTop) - margin);
  const bottom = Math.min(region.height, Math.ceil(drawn.contentBottom) + margin);
  if (bottom <= top) return { svg: drawn.svg, top: 0, height: region.height };

  const opening = `<svg width="${region.width}" height="${region.height}" viewBox="0 0 ${region.width} ${region.height}"`;
  if (!drawn.svg.startsWith(opening)) return { svg: drawn.svg, top: 0, height: region.height };
  const cropped = `<svg width="${region.width}" height="${bottom - top}" viewBox="0 ${top} ${region.width} ${bottom - top}"`;
  return { svg: cropped + drawn.svg.slice(opening.length), top, height: bottom - top };
}

interface DrawOptions {
  fonts: CardFont[];
  graphemeImages: Record<string, string>;
  box: string;
}

// Rendered backgrounds, by everything they show: a site has one per tab and appearance. Each
// holds the rows from the text region down (about 2 MB) and the rows above it compressed.
// Module-level, bounded, oldest out first.
const maxBackgrounds = 16;
const backgrounds = new Map<string, Promise<PngBands>>();

function renderBackground(tree: CardNode, region: CardRegion, draw: DrawOptions): Promise<PngBands> {
  const key = createHash('sha256').update(JSON.stringify([tree, region, draw.graphemeImages])).digest('base64');
  let pending = backgrounds.get(key);
  if (pending) {
    backgrounds.delete(key);
  } else {
    pending = drawSvg(tree, 1200, 630, draw)
      .then(({ svg }) => sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer())
      .then((rgb) => createPngBands(rgb, 1200, 630, region.top, region.height));
    // A failed render is not kept, so the next card tries again.
    pending.catch(() => backgrounds.delete(key));
  }
  backgrounds.set(key, pending);
  if (backgrounds.size > maxBackgrounds) backgrounds.delete(backgrounds.keys().next().value as string);
  return pending;
}

interface DrawnSvg {
  svg: string;
  /** Top of the highest element below the root, in pixels (the height when there is none). */
  contentTop: number;
  /** Bottom of the lowest element below the root, in pixels (0 when there is none). */
  contentBottom: number;
}

async function drawSvg(tree: CardNode, width: number, height: number, draw: DrawOptions): Promise<DrawnSvg> {
  let contentTop = height;
  let contentBottom = 0;
  let isRoot = true;
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width,
    height,
    fonts: draw.fonts,
    graphemeImages: draw.graphemeImages,
    // Only reached for a grapheme the check above let through: emoji get the box, other
    // scripts get no font, and satori draws the font's own missing-glyph mark. Never throws.
    loadAdditionalAsset: async (code) => (code === 'emoji' ? draw.box : []),
    onNodeDetected: (node) => {
      if (isRoot) {
        isRoot = false;
        return;
      }
      contentTop = Math.min(contentTop, node.top);
      contentBottom = Math.max(contentBottom, node.top + node.height);
    },
  });
  // Satori gives every image an overflow mask and clip path. Card images (logo, boxes) are drawn
  // at their own size with square corners, so both are no-ops, and a mask costs librsvg an
  // offscreen pass over the whole card.
  return {
    svg: svg.replace(/<image [^>]*>/g, (tag) => tag.replace(/ (?:clip-path|mask)="url\(#satori_[^)"]*\)"/g, '')),
    contentTop,
    contentBottom,
  };
}

// Satori draws each of these graphemes as the box image; graphemes it never meets change nothing.
function boxesFor(graphemes: readonly string[], box: string): Record<string, string> {
  const images: Record<string, string> = {};
  for (const grapheme of graphemes) images[grapheme] = box;
  return images;
}

// An outlined square, drawn by satori at the font size in place of a character without a glyph.
function missingGlyphImage(colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect x="1.6" y="1.6" width="6.8" height="6.8" rx="1" fill="none" stroke="${colour}" stroke-width="0.7"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
