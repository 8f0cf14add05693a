import satori from 'satori';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolveCardOptions } from '../src/card-options.js';
import { createPalette } from '../src/colours.js';
import { loadCardFonts } from '../src/fonts.js';
import { layoutCard, type CardNode } from '../src/layouts.js';
import { readTextLayer, type TextRun } from '../src/text-runs.js';

async function textLayerOf(input: { title: string; description: string; theme: string }) {
  const resolved = resolveCardOptions({ tab: 'Guides', siteName: 'Acme', ...input });
  const palette = createPalette(resolved.background, resolved.accent, false);
  const { text, region } = layoutCard(resolved.layout, { ...resolved, logo: null, palette });
  const fonts = loadCardFonts().fontsFor(`${resolved.title}${resolved.description}`);
  const svg = await satori(text as unknown as Parameters<typeof satori>[0], { width: region.width, height: region.height, fonts, embedFont: false });
  return { svg, region, layer: readTextLayer(svg, region.width, region.height) };
}

const words = (runs: TextRun[]) => runs.map((run) => run.text);

test('should read the words of every layout, so cards take the glyph painter', async () => {
  for (const theme of ['base', 'pith', 'pip', 'readable', 'theme-e', 'maple', 'linden', 'aspen', 'luma']) {
    const { layer } = await textLayerOf({ title: 'Configure authentication', description: 'Set up keys & scopes.', theme });
    assert.ok(layer, theme);
    assert.is(words(layer.runs).join(''), 'Configure authenticationSet up keys & scopes.', theme);
  }
});

test('should run words together as satori shapes them: across breaks and quotes, ending after each space', async () => {
  const { layer } = await textLayerOf({ title: 'Pre-flight “checks” -> now', description: 'Short.', theme: 'base' });
  assert.ok(layer);
  assert.equal(words(layer.runs), ['Pre-flight ', '“checks” ', '-> ', 'now', 'Short.']);
  const [first, second] = layer.runs as [TextRun, TextRun];
  assert.is(first.weight, 700);
  assert.is(first.size, 76);
  assert.ok(first.letterSpacing < 0);
  assert.ok(Math.abs(first.x + first.width - second.x) < 0.01, 'runs of a line follow each other');
  assert.equal(layer.runs.at(-1)?.weight, 400);
});

test('should snap runs of a paragraph on several lines, and of a centred line, to whole pixels', async () => {
  const long = 'Configure authentication for the REST API webhooks and deploy previews';
  const wrapped = await textLayerOf({ title: long, description: 'One line.', theme: 'base' });
  assert.ok(wrapped.layer);
  const title = wrapped.layer.runs.filter((run) => run.weight === 700);
  assert.ok(new Set(title.map((run) => run.y)).size > 1);
  assert.ok(title.every((run) => run.snap));
  assert.ok(wrapped.layer.runs.filter((run) => run.weight === 400).every((run) => !run.snap), 'one left-aligned line');

  const centred = await textLayerOf({ title: 'Quickstart', description: 'Get going.', theme: 'pith' });
  assert.ok(centred.layer);
  assert.ok(centred.layer.runs.every((run) => run.snap));
  assert.ok(centred.layer.shapes, 'the accent bar above the title');
  assert.match(centred.layer.shapes.svg, /^<svg width="\d+" height="\d+" viewBox="\d+ \d+ \d+ \d+"/);
});

// A centred description longer than its two lines: satori measures its box wider than the
// region and centres it, so the box (and the unused mask satori writes for it) starts left of it.
const clamped =
  'Turn webhooks on and off, replay them, and remove them from the settings page. Set retries, signing secrets, and delivery windows; route events to queues; and archive.';

test('should read a centred description clamped to its lines, whose box starts left of the layer', async () => {
  for (const theme of ['pith', 'luma']) {
    const { svg, layer } = await textLayerOf({ title: 'Manage webhooks', description: clamped, theme });
    assert.match(svg, /<mask id="satori_[\w-]+"><rect x="-\d/, `${theme}: the description's box starts left of the layer`);
    assert.ok(layer, theme);
    const description = words(layer.runs.filter((run) => run.weight === 400)).join('');
    assert.ok(description.startsWith('Turn webhooks on and off,'), `${theme}: ${description}`);
    assert.ok(description.endsWith('…'), `${theme}: clamped to two lines: ${description}`);
  }
});

test('should decode entities and read colours and positions', () => {
  const svg =
    '<svg width="100" height="50" viewBox="0 0 100 50" xmlns="http://www.w3.org/2000/svg"><rect x="0" y="0" width="100" height="50" fill="#fff"/>' +
    '<text x="1.5" y="30" width="40" height="36" font-weight="normal" font-style="normal" font-size="30" font-family="inter" fill="#0a0B0c">&lt;a&gt; &amp; &quot;b&quot;</text></svg>';
  const layer = readTextLayer(svg, 100, 50);
  assert.ok(layer);
  assert.equal(layer.runs, [{ x: 1.5, y: 30, size: 30, weight: 400, letterSpacing: 0, colour: [10, 11, 12], text: '<a> & "b"', width: 40, snap: true }]);
});

test('should leave layers it cannot draw the same way to the general path', () => {
  const open = '<svg width="100" height="50" viewBox="0 0 100 50" xmlns="http://www.w3.org/2000/svg">';
  const word = (extra = '', fill = '#000') =>
    `<text x="0" y="30" width="40" height="36" font-weight="700" font-style="normal" font-size="30" font-family="inter" fill="${fill}"${extra}>Hi</text>`;
  const bar = '<path x="0" y="0" width="10" height="4" fill="#2563eb" d="M0,0 h10 v4 h-10 z"/>';
  const cases = {
    'an image': `${open}<image x="0" y="0" width="10" height="10" href="data:image/svg+xml;base64,AAAA"/>${word()}</svg>`,
    'a transform': `${open}${word(' transform="matrix(1,0,0,1,0,0)"')}</svg>`,
    'opacity': `${open}${word(' opacity="0.5"')}</svg>`,
    'a mask in use': `${open}<g mask="url(#satori_om-id)">${word()}</g></svg>`,
    'a colour that is not hex': `${open}${word('', 'rgba(0,0,0,0.5)')}</svg>`,
    'italic text': `${open}${word().replace('font-style="normal"', 'font-style="italic"')}</svg>`,
    'a shape over the text': `${open}${word()}${bar}</svg>`,
    'another size': '<svg width="99" height="50" viewBox="0 0 99 50" xmlns="http://www.w3.org/2000/svg"></svg>',
  };
  for (const [name, svg] of Object.entries(cases)) assert.is(readTextLayer(svg, 100, 50), null, name);
  assert.ok(readTextLayer(`${open}${bar}${word()}</svg>`, 100, 50), 'a shape under the text is fine');
});

test('should read a layer with no words', async () => {
  const node: CardNode = { type: 'div', props: { style: { display: 'flex', width: 100, height: 50, backgroundColor: '#ffffff' } } };
  const svg = await satori(node as unknown as Parameters<typeof satori>[0], { width: 100, height: 50, fonts: loadCardFonts().fontsFor(''), embedFont: false });
  assert.equal(readTextLayer(svg, 100, 50), { runs: [], shapes: null });
});

test.run();
