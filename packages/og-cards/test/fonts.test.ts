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
  assert.is(fontsFor('שלום مرحبا 🚀'), latin, 'no subset draws these');
  assert.is(fontsFor('Quickstart', 'zh'), latin, 'a language changes nothing for Latin text');
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
  for (const char of ['日', '本', 'あ', 'カ', '한', '글', '，', '。']) assert.ok(codePoints.has(char.codePointAt(0) ?? 0), char);
  for (const char of ['ש', 'م', '🚀']) assert.not.ok(codePoints.has(char.codePointAt(0) ?? 0), char);
});

// The face names of the Noto Sans chunks a text gets, without the chunk number.
function notoFamilies(text: string, language?: string): string[] {
  const names = loadCardFonts()
    .fontsFor(text, language)
    .filter((font) => font.name.startsWith('Noto Sans'))
    .map((font) => font.name.replace(/ \d+$/, ''));
  return [...new Set(names)];
}

test('should draw Han characters in the forms of the page’s language', () => {
  // 直 is drawn differently in Chinese and Japanese: the language picks the face.
  assert.equal(notoFamilies('直', 'zh'), ['Noto Sans SC']);
  assert.equal(notoFamilies('直', 'zh-Hans-CN'), ['Noto Sans SC']);
  assert.equal(notoFamilies('直', 'zh-TW'), ['Noto Sans TC']);
  assert.equal(notoFamilies('直', 'zh-HK'), ['Noto Sans TC']);
  assert.equal(notoFamilies('直', 'ja'), ['Noto Sans JP']);
  assert.equal(notoFamilies('直', 'ko'), ['Noto Sans KR']);
});

test('should tell the language from the text when the page has none', () => {
  assert.equal(notoFamilies('直'), ['Noto Sans SC']);
  assert.equal(notoFamilies('直', 'en'), ['Noto Sans SC']);
  assert.equal(notoFamilies('直すこと'), ['Noto Sans JP']);
  assert.equal(notoFamilies('직 直'), ['Noto Sans KR']);
});

test('should take a character the first family lacks from the next', () => {
  // Hangul is only in Noto Sans KR; a Chinese page quoting Korean still draws it.
  assert.equal(notoFamilies('中文 뷁', 'zh'), ['Noto Sans SC', 'Noto Sans KR']);
});

test('should load only the chunks a text needs, Latin first, one array per combination', () => {
  const { fontsFor } = loadCardFonts();
  const fonts = fontsFor('Editor 编辑器', 'zh');
  assert.equal(fonts.slice(0, 2), fontsFor('Editor'));
  assert.ok(fonts.length <= 2 + 2 * 3, `${fonts.length} faces`);
  // Inter as WOFF; the Noto Sans chunks uncompressed (TrueType outlines), parsed faster.
  for (const font of fonts) assert.is(font.data.toString('hex', 0, 4), font.name.startsWith('Noto') ? '00010000' : '774f4646', font.name);
  assert.is(fontsFor('编辑器 Editor', 'zh'), fonts, 'the same chunks: the same array');
});

test.run();
