import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderCard, type CardMessage, type CardOptions } from '../src/index.js';

const folder = mkdtempSync(join(tmpdir(), 'og-cards-'));
const svgLogo = join(folder, 'logo.svg');
const pngLogo = join(folder, 'logo.png');
const brokenLogo = join(folder, 'broken.png');
writeFileSync(
  svgLogo,
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#e11d48"/></svg>',
);
writeFileSync(pngLogo, await sharp({ create: { width: 120, height: 60, channels: 4, background: '#7c3aed' } }).png().toBuffer());
writeFileSync(brokenLogo, 'this is not a PNG');

const page: CardOptions = {
  title: 'Quickstart: your first API call',
  description: 'Create a key, call an endpoint and read the response.',
  tab: 'Guides',
  siteName: 'Acme Docs',
  accent: '#2563eb',
};

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

async function pixels(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function pixel(image: Pixels, x: number, y: number): string {
  const at = (y * image.width + x) * image.channels;
  return `#${[0, 1, 2].map((channel) => (image.data[at + channel] ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

// Distinct colours inside a rectangle of the card.
function colours(image: Pixels, left: number, top: number, width: number, height: number): Set<string> {
  const found = new Set<string>();
  for (let y = top; y < top + height; y++) for (let x = left; x < left + width; x++) found.add(pixel(image, x, y));
  return found;
}

async function render(input: CardOptions): Promise<{ png: Buffer; messages: CardMessage[] }> {
  const messages: CardMessage[] = [];
  const png = await renderCard(input, { onMessage: (message) => messages.push(message) });
  return { png, messages };
}

test('should render an RGB PNG of exactly 1200x630', async () => {
  const { png, messages } = await render(page);
  assert.equal([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const meta = await sharp(png).metadata();
  assert.is(meta.format, 'png');
  assert.is(meta.width, 1200);
  assert.is(meta.height, 630);
  assert.is(meta.channels, 3);
  assert.equal(messages, []);
});

test('should give the same bytes for the same input', async () => {
  const first = await renderCard({ ...page, logo: svgLogo });
  const second = await renderCard({ ...page, logo: svgLogo });
  assert.ok(first.equals(second));
});

test('should draw the background and accent it is given', async () => {
  const image = await pixels(await renderCard({ ...page, background: '#fdf6e3', accent: '#dc2626' }));
  assert.is(pixel(image, 1190, 10), '#fdf6e3');
  assert.is(pixel(image, 8, 300), '#dc2626'); // the rail of the base layout
});

test('should use the theme surface for dark appearance', async () => {
  const image = await pixels(await renderCard({ ...page, appearance: 'dark' }));
  assert.is(pixel(image, 1190, 10), '#151b23');
});

test('should give each theme its own card, in at least three layouts', async () => {
  const cards = new Map<string, Pixels>();
  for (const theme of ['base', 'pith', 'pip', 'readable', 'theme-e', 'maple', 'linden', 'aspen', 'luma']) {
    cards.set(theme, await pixels(await renderCard({ ...page, theme })));
  }

  const signatures = [...cards.values()].map((image) => image.data.toString('base64'));
  assert.is(new Set(signatures).size, 9, 'nine different images');

  const accent = '#2563eb';
  const rail = (image: Pixels) => pixel(image, 8, 400) === accent; // bar down the left edge
  const band = (image: Pixels) => pixel(image, 600, 5) === accent && pixel(image, 600, 100) === accent; // band across the top
  const strip = (image: Pixels) => pixel(image, 600, 5) === accent && pixel(image, 600, 100) !== accent; // thin strip
  const layoutOf = (theme: string) => {
    const image = cards.get(theme) as Pixels;
    return rail(image) ? 'rail' : band(image) ? 'band' : strip(image) ? 'centered' : 'unknown';
  };
  assert.equal(
    ['base', 'pith', 'pip', 'readable', 'theme-e', 'maple', 'linden', 'aspen', 'luma'].map(layoutOf),
    ['rail', 'centered', 'band', 'rail', 'band', 'band', 'centered', 'rail', 'centered'],
  );
});

test('should keep a 300-character title inside its area', async () => {
  const long = `${'Configure the deployment pipeline for every environment '.repeat(6)}`.slice(0, 300);
  assert.is(long.length, 300);
  const plain = await pixels(await renderCard({ ...page, title: 'Short' }));
  const image = await pixels(await renderCard({ ...page, title: long, description: long }));
  assert.is(image.width, 1200);
  assert.is(image.height, 630);
  // The footer (rule and site name) is unchanged: the title wrapped, was clamped and did not spill.
  assert.ok(colours(image, 92, 480, 1028, 150).size > 2, 'footer drawn');
  assert.equal(
    [...colours(image, 0, 480, 1200, 150)].sort(),
    [...colours(plain, 0, 480, 1200, 150)].sort(),
  );
  // Clamped to three title lines and two description lines, the text ends well above the rule.
  assert.equal([...colours(image, 20, 400, 1180, 80)], ['#f6f8fa']);
  // Nothing is drawn right of the text column.
  assert.equal([...colours(image, 1124, 0, 76, 630)], ['#f6f8fa']);
});

test('should not throw on emoji, RTL and mixed titles, and report characters drawn as boxes', async () => {
  const titles = [
    '日本語のタイトル 中文标题 한국어 제목 🚀',
    'Launch day 🚀 with 👩‍👩‍👧 and 🇫🇷',
    'שלום עולם مرحبا بالعالم',
    'Mixed: Привет, Ελληνικά, Tiếng Việt, 日本 and 🚀 in one title',
    `ש${'日本語'.repeat(120)}`,
  ];
  for (const title of titles) {
    const { png, messages } = await render({ ...page, title, theme: 'pip' });
    const meta = await sharp(png).metadata();
    assert.is(meta.width, 1200, title);
    assert.is(messages.length, 1, title);
    assert.is(messages[0]?.ruleId, 'card-glyph-missing');
    assert.is(messages[0]?.fatal, false);
  }

  const { messages } = await render({ ...page, title: 'Launch 🚀 and Привет, Ελληνικά, Tiếng Việt, 中文, 日本語, 한국어' });
  assert.is(messages[0]?.actual, '🚀', 'Cyrillic, Greek, Vietnamese, Chinese, Japanese and Korean are drawn by the fonts');
});

test('should draw arrows, non-breaking hyphens and other symbols Inter lacks with Noto Sans, not as boxes', async () => {
  for (const title of ['Migration Guide → v2', 'Camel AI: non‑breaking hyphen', 'Done ✓ and 1 ≤ 2']) {
    const { messages } = await render({ ...page, title });
    assert.equal(messages, [], title);
  }
  // A box and the arrow are different drawings.
  const arrow = await pixels((await render({ ...page, title: 'Go → there', description: '' })).png);
  const box = await render({ ...page, title: 'Go \u05d0 there', description: '' });
  assert.is(box.messages[0]?.actual, '\u05d0');
  assert.not.ok(arrow.data.equals((await pixels(box.png)).data), 'the arrow is not drawn as a box');
});

test('should draw the tab’s characters as boxes, whatever the title holds', async () => {
  // The tab is drawn with the background, which is shared by cards whose titles differ; the
  // boxes of the title's characters must not leave the tab without its own.
  const input: CardOptions = { ...page, tab: 'שלום', description: '', theme: 'base' };
  const tabRows = async (title: string): Promise<Buffer> => {
    const image = await pixels((await render({ ...input, title })).png);
    return image.data.subarray(50 * image.width * image.channels, 100 * image.width * image.channels);
  };
  const plain = await tabRows('Plain title');
  const withBoxes = await tabRows('مرحبا and שלום');
  assert.ok(plain.equals(withBoxes), 'the tab looks the same whatever the title');
  const tab = colours({ data: plain, width: 1200, height: 50, channels: 3 }, 80, 0, 320, 50);
  assert.ok(tab.has('#5a606b'), 'boxes in the muted tone');
  assert.not.ok(tab.has('#2563eb'), 'no missing-glyph mark in the tab colour');
});

test('should draw letters of every bundled subset, also inside one word', async () => {
  // A letter the chosen face lacks would be drawn as the font's missing-glyph mark, the same
  // picture for every such letter: so the cards of these titles must all differ.
  const titles = ['Ł', 'Ж', 'Ω', 'Ể', 'ἀ', 'Ѡ', 'aŁb', 'aЖb', 'aΩb', 'aỂb'];
  const images = new Set<string>();
  for (const title of titles) {
    const { png, messages } = await render({ title, siteName: '' });
    assert.equal(messages, [], title);
    images.add((await pixels(png)).data.toString('base64'));
  }
  assert.is(images.size, titles.length);
});

test('should draw SVG and PNG logos where the logo goes', async () => {
  // Base layout: the brand sits at x 92, y 522, up to 280x56.
  const without = await pixels(await renderCard({ ...page, siteName: '' }));
  assert.equal([...colours(without, 92, 522, 280, 56)], ['#f6f8fa']);

  const svg = await pixels(await renderCard({ ...page, siteName: '', logo: svgLogo }));
  assert.ok(colours(svg, 92, 522, 280, 56).has('#e11d48'), 'SVG logo colour');

  const png = await pixels(await renderCard({ ...page, siteName: '', logo: pngLogo }));
  assert.ok(colours(png, 92, 522, 280, 56).has('#7c3aed'), 'PNG logo colour');

  const bytes = await pixels(await renderCard({ ...page, siteName: '', logo: await sharp(pngLogo).toBuffer() }));
  assert.ok(bytes.data.equals(png.data), 'bytes draw like the file');
});

test('should draw a very thin SVG logo', async () => {
  const thin = join(folder, 'thin.svg');
  writeFileSync(thin, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5000"><rect width="10" height="5000" fill="#e11d48"/></svg>');
  const { png, messages } = await render({ ...page, siteName: '', logo: thin });
  assert.equal(messages, []);
  const found = colours(await pixels(png), 92, 522, 280, 56);
  assert.ok([...found].some((colour) => colour !== '#f6f8fa'), 'something drawn where the logo goes');
});

test('should pick the dark logo in dark appearance', async () => {
  const image = await pixels(await renderCard({ ...page, siteName: '', appearance: 'dark', logo: { light: svgLogo, dark: pngLogo } }));
  const found = colours(image, 92, 522, 280, 56);
  assert.ok(found.has('#7c3aed'));
  assert.not.ok(found.has('#e11d48'));
});

test('should draw the card without a logo and report a missing logo file', async () => {
  const expected = await renderCard(page);
  const missing = join(folder, 'nope.svg');
  const { png, messages } = await render({ ...page, logo: missing });
  assert.ok(png.equals(expected));
  assert.is(messages.length, 1);
  assert.equal(messages[0], {
    reason: `Cannot read logo \`${missing}\`: no such file; the card is drawn without a logo`,
    ruleId: 'card-logo-unreadable',
    source: '@docsgen/og-cards',
    fatal: false,
    file: missing,
    note: 'Check the logo path (docs.json `logo`): it must name an image file in the project.',
  });
});

test('should draw the card without a logo and report a logo that is not an image', async () => {
  const expected = await renderCard(page);
  for (const logo of [brokenLogo, new Uint8Array([1, 2, 3, 4])]) {
    const { png, messages } = await render({ ...page, logo });
    assert.ok(png.equals(expected));
    assert.is(messages.length, 1);
    assert.is(messages[0]?.ruleId, 'card-logo-invalid');
    assert.match(messages[0]?.reason ?? '', /^Cannot draw logo .+; the card is drawn without a logo$/);
  }
});

test('should reject invalid options', async () => {
  try {
    await renderCard({ title: '' });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.instance(error, TypeError);
  }
});

test.after(() => rmSync(folder, { recursive: true, force: true }));

test.run();
