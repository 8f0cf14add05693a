import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import satori from 'satori';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

// patches/satori@0.63.2.patch makes satori do less work per card (more shaped words kept,
// graphemes of plain text split without Intl.Segmenter, HarfBuzz's glyphs read from its arrays)
// and must not change what it draws. Each case is the sha256 (first 16 hex digits) of the SVG
// that satori 0.63.2 *without* the patch wrote for the text, laid out as a card title (bold,
// three lines, tightened, left or centred) and description (two lines), as words
// (`embedFont: false`, what the glyph painter reads) and as outlines (what librsvg fills for
// text with boxes). The texts mix what the fast paths take (Latin, Greek, Cyrillic,
// punctuation) with what they leave to satori (combining marks, emoji, CJK drawn as images,
// scripts the font lacks).
const cases: [string, string][] = [
  ["Quickstart: call the API in five minutes", '009363a2a39ac2bf'],
  ["Café crème, naïve façade — déjà vu (é with a combining accent)", '44f8a1b759adf8cf'],
  ["Łódź, Ærøskøbing, Øresund and İstanbul: Latin Extended", '9599842df4ffb4e4'],
  ["Привет мир: настройка API и ключи доступа ё й", '61c0683eb4606ba1'],
  ["Кириллица с комбинирующим знаком: д҃ и а҉", '86d12ae239261604'],
  ["Ελληνικά: Καλημέρα κόσμε, ΆΈΉΊΌΎΏ", 'b0594a6139c7b6ed'],
  ["Tiếng Việt: Xin chào thế giới, cập nhật tài liệu", '64ed135e86933a7c'],
  ["A very long title that keeps going and going so that the three line clamp has to cut it with an ellipsis somewhere near the end of the third line", '2223f194252decec'],
  ["Supercalifragilisticexpialidocious-antidisestablishmentarianism-floccinaucinihilipilification", '569dacee8bf9c6f3'],
  ["Arrows -> and => ligatures, quotes “like these” and ‘these’, dashes – —, ellipsis …", 'bd89f14cc9896ea5'],
  ["中文 mixed with Latin 文 text", 'de63908aeed27479'],
  ["Tabs\tand  double  spaces, no-break spaces and zero​width", '55fee1cbc3398c31'],
  ["Emoji 👋🏽 and flags 🇫🇷 and keycaps 1️⃣ with Latin", '4f2da79cba3fc06b'],
  ["Hangul 한국어 and Devanagari हिन्दी and Thai ภาษาไทย", 'd74a4b5104613525'],
  ["€ ₹ ™ № ℃ ‰ ′ ″ ‹ › « » ¿ ¡ § ¶ © ®", 'b999aaef6ce1542c'],
  ["CaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCaféCafé", '53476e94884676f0'],
  ["Word Word Word Word Word Word Word Word Word Word Word Word Word Word Word Word Word Word Word Word overlong-café-café-café-café with accents cut at the clamp éééééé", 'f75caee7a654d855'],
  ["КириллицаКириллицаКириллицаКириллицаКириллицаКириллицаКириллицаКириллицаКириллицаКириллицаКириллицаКириллица", '966103d4bcffa3f5']
];

const require = createRequire(import.meta.url);
const face = (subset: string, weight: 400 | 700) => ({
  name: subset === 'latin' ? 'Inter' : `Inter ${subset}`,
  data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
  weight,
  style: 'normal' as const,
});
const fonts = ['latin', 'latin-ext', 'cyrillic', 'greek'].flatMap((subset) => [face(subset, 400), face(subset, 700)]);
const box = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>').toString('base64')}`;

test('the patched satori is the one this package renders with', () => {
  // The ES module build: the one `import satori from 'satori'` loads.
  const bundle = readFileSync(join(dirname(require.resolve('satori/package.json')), 'dist/index.js'), 'utf8');
  assert.ok(bundle.includes('docsgen patch'), 'patches/satori@0.63.2.patch is not applied: run `pnpm install`');
});

test('satori draws card text as it did without the patch', async () => {
  for (const [index, [text, expected]] of cases.entries()) {
    const tree = {
      type: 'div',
      props: {
        style: { display: 'flex', flexDirection: 'column', width: 700, height: 400, fontFamily: 'Inter' },
        children: [
          {
            type: 'div',
            props: {
              style: { display: 'block', fontSize: 56, fontWeight: 700, letterSpacing: '-0.02em', lineClamp: 3, wordBreak: 'break-word', textAlign: index % 2 ? 'center' : 'left' },
              children: text,
            },
          },
          { type: 'div', props: { style: { display: 'block', fontSize: 30, lineClamp: 2, wordBreak: 'break-word' }, children: text } },
        ],
      },
    };
    const svgs: string[] = [];
    for (const embedFont of [false, true]) {
      const graphemeImages = index % 3 === 2 ? { 中: box, 文: box } : undefined;
      svgs.push(await satori(tree as unknown as Parameters<typeof satori>[0], { width: 700, height: 400, fonts, embedFont, graphemeImages }));
    }
    assert.is(createHash('sha256').update(svgs.join('\n')).digest('hex').slice(0, 16), expected, text);
  }
});

test.run();
