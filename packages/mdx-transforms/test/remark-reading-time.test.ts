import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { remarkReadingTime } from '../src/index.js';
import { defineFixtureTests, readFixtureCases } from './fixture-runner.js';
import { runRemark } from './pipeline.js';

const test = suite('remarkReadingTime');

defineFixtureTests(test, 'remark-reading-time', async (fixture) => {
  const { file } = await runRemark(fixture.input, {
    path: fixture.inputName,
    remarkPlugins: [[remarkReadingTime, fixture.options]],
  });
  return { outputs: { 'expected.json': JSON.stringify(file.data.readingTime) + '\n' }, file };
});

test('should count prose, not code, math, ESM, expressions or frontmatter', async () => {
  const source = 'import a from "b"\n\nOne two three.\n\n```\nfour five six seven\n```\n\n{eight}\n';
  const { file } = await runRemark(source, { path: 'a.mdx', remarkPlugins: [remarkReadingTime] });
  assert.equal(file.data.readingTime, { minutes: 1, words: 3, characters: 0 });
});

test('should count `a**b**` as one word and separate paragraphs', async () => {
  const { file } = await runRemark('a**b**c\n\nd\n', { path: 'a.md', remarkPlugins: [remarkReadingTime] });
  assert.equal(file.data.readingTime?.words, 2);
});

test('should honour reading speeds', async () => {
  const source = Array.from({ length: 300 }, () => 'word').join(' ');
  const { file } = await runRemark(source, {
    path: 'a.md',
    remarkPlugins: [[remarkReadingTime, { wordsPerMinute: 100 }]],
  });
  assert.is(file.data.readingTime?.minutes, 3);
});

test('should fail when attached with a bad speed', () => {
  assert.throws(() => remarkReadingTime({ wordsPerMinute: -1 }), /`options.wordsPerMinute` is `-1`/);
});

test('should be idempotent', async () => {
  for (const fixture of readFixtureCases('remark-reading-time')) {
    const once = await runRemark(fixture.input, { path: fixture.inputName, remarkPlugins: [remarkReadingTime] });
    const twice = await runRemark(fixture.input, {
      path: fixture.inputName,
      remarkPlugins: [remarkReadingTime, remarkReadingTime],
    });
    assert.equal(twice.file.data.readingTime, once.file.data.readingTime, fixture.name);
    assert.equal(twice.tree, once.tree, fixture.name);
  }
});

test.run();
