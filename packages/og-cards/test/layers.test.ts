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

test('should draw exactly the pixels of the card drawn in one piece, in every layout', async () => {
  for (const theme of ['base', 'pith', 'pip']) {
    for (const appearance of ['light', 'dark'] as const) {
      const input = {
        title: 'Configure authentication for the REST API',
        description: 'Set up keys, scopes and rotation, then verify the first request.',
        tab: 'Guides',
        siteName: 'Acme Docs',
        theme,
        appearance,
        logo,
      };
      const layered = await sharp(await renderCard(input)).raw().toBuffer();
      const whole = await drawInOnePiece(input);
      assert.ok(layered.equals(whole), `${theme} ${appearance}`);
    }
  }
});

test.after(() => rmSync(folder, { recursive: true, force: true }));

test.run();
