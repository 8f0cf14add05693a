import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { prepareCardText } from '../src/card-text.js';
import { loadCardFonts } from '../src/fonts.js';

const { codePoints } = loadCardFonts();

test('should collapse whitespace and keep short text as it is', () => {
  assert.equal(prepareCardText('  Quick\n\tstart  guide ', 140, codePoints), { text: 'Quick start guide', missing: [] });
});

test('should drop control characters and bidirectional marks', () => {
  assert.equal(prepareCardText('a\u0000b\u0007c\u202eRTL\u202c \u200fx\u2066y\u2069', 140, codePoints), { text: 'abcRTL xy', missing: [] });
});

test('should cut long text on a word boundary and end it with an ellipsis', () => {
  const long = 'Configure the deployment pipeline for every environment '.repeat(6).slice(0, 300);
  const { text } = prepareCardText(long, 140, codePoints);
  assert.ok([...text].length <= 140);
  assert.ok(text.endsWith('environment…') || /\w…$/.test(text), text);
  assert.ok(long.startsWith(text.slice(0, -1)));
  assert.not.match(text, / …$/);
});

test('should cut a text without spaces at the limit', () => {
  const { text } = prepareCardText('x'.repeat(300), 140, codePoints);
  assert.is(text, `${'x'.repeat(139)}…`);
});

test('should never split a grapheme when cutting', () => {
  const family = '👩‍👩‍👧';
  const { text } = prepareCardText(family.repeat(20), 10, codePoints);
  assert.is(text, `${family.repeat(9)}…`);
});

test('should list each grapheme the font cannot draw once', () => {
  const { missing } = prepareCardText('שלום 🚀 שלום 🇫🇷 ❤️ 日本 한국 Привет Ελληνικά Tiếng Việt café', 140, codePoints);
  assert.equal(missing, ['ש', 'ל', 'ו', 'ם', '🚀', '🇫🇷', '❤️']);
});

test('should find nothing missing in Latin, Cyrillic, Greek and Vietnamese text', () => {
  const { missing } = prepareCardText('Ünïcödé “quotes” — dash… € © ™ Привет Ελληνικά Tiếng Việt', 140, codePoints);
  assert.equal(missing, []);
});

test('should cut text one grapheme over the limit, and keep text at the limit', () => {
  assert.equal(prepareCardText('abcde', 5, codePoints), { text: 'abcde', missing: [] });
  assert.equal(prepareCardText('abcdef', 5, codePoints), { text: 'abcd…', missing: [] });
  assert.equal(prepareCardText('abcd ש', 6, codePoints), { text: 'abcd ש', missing: ['ש'] });
  // Five graphemes in ten UTF-16 units: no cut.
  assert.equal(prepareCardText('🚀🚀🚀🚀🚀', 5, codePoints), { text: '🚀🚀🚀🚀🚀', missing: ['🚀'] });
});

test.run();
