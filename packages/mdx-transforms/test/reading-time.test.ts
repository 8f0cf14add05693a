import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { estimateReadingTime } from '../src/index.js';

function words(count: number, word = 'lorem'): string {
  return Array.from({ length: count }, () => word).join(' ');
}

test('should return zero for empty and whitespace-only text', () => {
  assert.equal(estimateReadingTime(''), { minutes: 0, words: 0, characters: 0 });
  assert.equal(estimateReadingTime(' \n\t  '), { minutes: 0, words: 0, characters: 0 });
});

test('should return zero for punctuation without letters or digits', () => {
  assert.equal(estimateReadingTime('— … !!! 。、'), { minutes: 0, words: 0, characters: 0 });
});

test('should count one minute for a single word', () => {
  assert.equal(estimateReadingTime('Hello'), { minutes: 1, words: 1, characters: 0 });
});

test('should count latin words separated by any whitespace', () => {
  const result = estimateReadingTime("Don't panic,\nit's only\tan e-mail (v2).");
  assert.equal(result, { minutes: 1, words: 7, characters: 0 });
});

test('should read 200 words per minute by default and round up', () => {
  assert.is(estimateReadingTime(words(200)).minutes, 1);
  assert.is(estimateReadingTime(words(201)).minutes, 2);
  assert.is(estimateReadingTime(words(1000)).minutes, 5);
});

test('should honour `wordsPerMinute`', () => {
  assert.equal(estimateReadingTime(words(300), { wordsPerMinute: 100 }), {
    minutes: 3,
    words: 300,
    characters: 0,
  });
});

test('should count chinese and japanese characters one by one at 500 per minute', () => {
  assert.equal(estimateReadingTime('文档生成器'), { minutes: 1, words: 0, characters: 5 });
  assert.equal(estimateReadingTime('ひらがなとカタカナ'), { minutes: 1, words: 0, characters: 9 });
  assert.is(estimateReadingTime('字'.repeat(500)).minutes, 1);
  assert.is(estimateReadingTime('字'.repeat(501)).minutes, 2);
});

test('should honour `charactersPerMinute`', () => {
  assert.is(estimateReadingTime('字'.repeat(500), { charactersPerMinute: 250 }).minutes, 2);
});

test('should split mixed CJK and latin text', () => {
  // `docsgen` and `API` are words; the 6 Han characters are characters.
  assert.equal(estimateReadingTime('使用docsgen生成API文档'), {
    minutes: 1,
    words: 2,
    characters: 6,
  });
});

test('should add latin and CJK reading time together', () => {
  // 150 words at 200/min + 250 characters at 500/min = 0.75 + 0.5 = 1.25 → 2.
  const text = words(150) + ' ' + '字'.repeat(250);
  assert.equal(estimateReadingTime(text), { minutes: 2, words: 150, characters: 250 });
});

test('should count korean as space-delimited words', () => {
  assert.equal(estimateReadingTime('문서 생성기 입니다'), { minutes: 1, words: 3, characters: 0 });
});

test('should count code in the text as words (no markdown parsing)', () => {
  assert.is(estimateReadingTime('```js\nconst a = 1\n```').words, 4);
});

test('should throw for a non-positive or non-finite speed', () => {
  assert.throws(
    () => estimateReadingTime('a', { wordsPerMinute: 0 }),
    (error: unknown) =>
      error instanceof TypeError &&
      error.message ===
        'Cannot estimate reading time: `options.wordsPerMinute` is `0`, expected a positive number',
  );
  assert.throws(
    () => estimateReadingTime('a', { charactersPerMinute: Number.NaN }),
    /`options.charactersPerMinute` is `NaN`, expected a positive number/,
  );
});

test('should accept null options and null fields as defaults', () => {
  assert.is(estimateReadingTime(words(201), null).minutes, 2);
  assert.is(estimateReadingTime(words(201), { wordsPerMinute: null }).minutes, 2);
});

test.run();
