import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCardFonts } from '../src/fonts.js';

test('should load the fonts once per process', () => {
  const first = loadCardFonts();
  assert.is(loadCardFonts(), first);
});

test('should give Latin text the Latin regular and bold faces, as one array per combination', () => {
  const { fontsFor } = loadCardFonts();
  const latin = fontsFor('Quickstart: café, naïve');
  assert.equal(
    latin.map((font) => `${font.name} ${font.weight} ${font.style}`),
    ['Inter 400 normal', 'Inter 700 normal'],
  );
  for (const font of latin) assert.is(font.data.toString('latin1', 0, 4), 'wOFF');
  assert.is(fontsFor('Another title'), latin, 'the same array, so satori reuses its parsed fonts');
  assert.is(fontsFor('日本 🚀'), latin, 'no subset draws these');
});

test('should add the subsets other scripts need, Latin first', () => {
  const { fontsFor } = loadCardFonts();
  const latin = fontsFor('A');
  const cyrillic = fontsFor('Привет');
  assert.is(cyrillic.length, 4);
  assert.equal(cyrillic.slice(0, 2), latin);
  assert.is(fontsFor('Мир'), cyrillic);
  assert.is(fontsFor('Привет Ελληνικά Tiếng Việt').length, 8);
});

test('should know which characters the font draws', () => {
  const { codePoints } = loadCardFonts();
  for (const char of ['A', 'z', 'é', 'Ж', 'Ω', 'ệ', '€', '…']) assert.ok(codePoints.has(char.codePointAt(0) ?? 0), char);
  for (const char of ['日', '한', 'ש', 'م', '🚀']) assert.not.ok(codePoints.has(char.codePointAt(0) ?? 0), char);
});

test.run();
