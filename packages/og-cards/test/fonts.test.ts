import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCardFonts } from '../src/fonts.js';

test('should load Inter regular and bold once per process', () => {
  const first = loadCardFonts();
  assert.is(loadCardFonts(), first, 'the same object, so satori reuses its parsed fonts');
  assert.is(first.fonts.length, 14);
  assert.equal([...new Set(first.fonts.map((font) => `${font.name} ${font.weight}`))], ['Inter 400', 'Inter 700']);
  for (const font of first.fonts) assert.is(font.data.toString('latin1', 0, 4), 'wOFF');
});

test('should know which characters the font draws', () => {
  const { codePoints } = loadCardFonts();
  for (const char of ['A', 'z', 'é', 'Ж', 'Ω', 'ệ', '€', '…']) assert.ok(codePoints.has(char.codePointAt(0) ?? 0), char);
  for (const char of ['日', '한', 'ש', 'م', '🚀']) assert.not.ok(codePoints.has(char.codePointAt(0) ?? 0), char);
});

test.run();
