import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadLogoImage } from '../src/card-logo.js';
import { resolveCardOptions } from '../src/card-options.js';
import { createPalette } from '../src/colours.js';
import { loadCardFonts } from '../src/fonts.js';
import { layoutCard, type CardNode } from '../src/layouts.js';
import { renderCard } from '../src/render-card.js';
import { pixelDifference } from './pixel-difference.js';

const folder = mkdtempSync(join(tmpdir(), 'og-layers-'));
const logo = join(folder, 'logo.svg');
writeFileSync(logo, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 32"><rect width="64" height="32" rx="6" fill="#0ea5e9"/></svg>');

// The plain way to draw the card: one satori tree with the text placed in its region.
async function drawInOnePiece(input: Parameters<typeof renderCard>[0]): Promise<Buffer> {
  const resolved = resolveCardOptions(input);
  const { image } = resolved.logo === null ? { image: null } : await loadLogoImage(resolved.logo);
  const palette = createPalette(resolved.background, resolved.accent, resolved.appearance === 'dark');
  const { background, text, region } = layoutCard(resolved.layout, { ...resolved, logo: image, palette });
  const placed: CardNode = {
    type: 'div',
    props: { style: { display: 'flex', position: 'absolute', left: region.left, top: region.top }, children: [text] },
  };
  const children = [background.props.children ?? []].flat();
  const tree: CardNode = { ...background, props: { ...background.props, children: [...children, placed] } };
  const fonts = loadCardFonts().fontsFor(`${resolved.title}${resolved.description}${resolved.tab}${resolved.siteName}`);
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], { width: 1200, height: 630, fonts });
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
}

// The title and description are drawn from glyphs rasterised once each (see glyph-painter.ts),
// placed to a quarter pixel, where the one-piece card has satori's outlines of the whole text
// filled by librsvg: the same glyphs, with edges that differ slightly. Everything else is the same
// pixels.
test('should draw the pixels of the card drawn in one piece, in every layout, text edges within a shade', async () => {
  // base, pith and pip: the rail, centred and band layouts.
  for (const theme of ['base', 'pith', 'pip']) {
    for (const appearance of ['light', 'dark'] as const) {
      const input = {
        title: 'Configure authentication for the REST API, then “ship” it -> now',
        description: 'Set up keys, scopes and rotation, then verify the first request. Łódź, Привет, Ελληνικά.',
        tab: 'Guides',
        siteName: 'Acme Docs',
        theme,
        appearance,
        logo,
      };
      const layered = await sharp(await renderCard(input)).raw().toBuffer();
      const whole = await drawInOnePiece(input);
      const { mean, max, far } = pixelDifference(layered, whole);
      const label = `${theme} ${appearance}: mean ${mean.toFixed(3)}, max ${max}, ${far} channels more than 48 apart`;
      // Not the same bytes: the text was drawn by the glyph painter, not by the general path
      // (which would give exactly the one-piece pixels).
      assert.ok(max > 0, `${label}: the glyph painter drew the text`);
      assert.ok(mean < 0.25, label);
      assert.ok(max <= 96, label);
      assert.ok(far <= 60, label);
      // Rows the text region does not reach are the background layer, the same bytes.
      const { region } = layoutCard(resolveCardOptions(input).layout, {
        ...resolveCardOptions(input),
        logo: null,
        palette: createPalette('#ffffff', '#000000', false),
      });
      const rowBytes = 1200 * 3;
      assert.ok(layered.subarray(0, region.top * rowBytes).equals(whole.subarray(0, region.top * rowBytes)), `${label}: rows above the text`);
      const below = (region.top + region.height) * rowBytes;
      assert.ok(layered.subarray(below).equals(whole.subarray(below)), `${label}: rows below the text`);
    }
  }
});

// Satori centres a description clamped to its two lines in a box wider than the region: the
// card still takes the glyph painter (it once went to the general path, at twice the cost).
test('should draw a centred description clamped to its lines with the glyph painter, within a shade', async () => {
  const input = {
    title: 'Manage webhooks',
    description:
      'Turn webhooks on and off, replay them, and remove them from the settings page. Set retries, signing secrets, and delivery windows; route events to queues; and archive.',
    tab: 'Guides',
    siteName: 'Acme Docs',
    theme: 'luma',
    logo,
  };
  const layered = await sharp(await renderCard(input)).raw().toBuffer();
  const { mean, max, far } = pixelDifference(layered, await drawInOnePiece(input));
  const label = `mean ${mean.toFixed(3)}, max ${max}, ${far} channels more than 48 apart`;
  assert.ok(max > 0, `${label}: the glyph painter drew the text`);
  assert.ok(mean < 0.25, label);
  assert.ok(max <= 96, label);
  assert.ok(far <= 60, label);
});

test.after(() => rmSync(folder, { recursive: true, force: true }));

test.run();
