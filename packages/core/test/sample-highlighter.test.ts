import { createSampleHighlighter } from '@docsgen/mdx-transforms';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createLazySampleHighlighter, drawWithSamples } from '../src/sample-highlighter.js';

// API samples load their languages on first use: a draw that met a language not loaded yet is
// drawn again once it is, and the last draw is what a highlighter with every language loaded
// up front would give.

const lazy = suite('lazy sample highlighter');

const themes = { light: 'github-light', dark: 'github-dark' };
const languages = ['bash', 'python', 'go', 'json', 'ruby'];
const samples = [
  { code: "curl -X POST 'https://api.example.com/v1/users' --data '{\"name\": \"Ada\"}'", lang: 'bash' },
  { code: 'import requests\nrequests.post("https://api.example.com/v1/users")\n', lang: 'python' },
  { code: 'package main\n\nfunc main() {}\n', lang: 'go' },
  { code: '{ "id": 1, "name": "Ada" }', lang: 'JSON' },
  { code: 'puts <<~SQL\n  SELECT 1;\nSQL\n', lang: 'ruby' },
];

lazy('should draw again once the languages it met are loaded, and give what every language loaded up front gives', async () => {
  const highlighter = createLazySampleHighlighter(() => themes, languages);
  let draws = 0;
  const drawn = await drawWithSamples(highlighter, (highlight) => {
    draws += 1;
    return samples.map((sample) => highlight(sample.code, sample.lang));
  });
  assert.is(draws, 2, 'one draw without the languages, one with them');
  const eager = await createSampleHighlighter(themes, languages);
  assert.equal(drawn, samples.map((sample) => eager(sample.code, sample.lang)));
  for (const html of drawn) assert.match(html ?? '', /^<pre[^>]*data-language=/);
});

lazy('should draw once when its languages are loaded, and leave other languages plain at once', async () => {
  const highlighter = createLazySampleHighlighter(() => themes, languages);
  await drawWithSamples(highlighter, (highlight) => highlight('echo hi', 'bash'));
  let draws = 0;
  const again = await drawWithSamples(highlighter, (highlight) => {
    draws += 1;
    return [highlight('echo again', 'bash'), highlight('x = 1', 'cobol'), highlight('echo sh', 'sh'), highlight('plain', 'text')];
  });
  assert.is(draws, 1);
  assert.ok(again[0]?.includes('again'));
  assert.equal(again.slice(1), [undefined, undefined, undefined], 'languages not listed are never highlighted, as before');
});

lazy('should keep one function until a language loads, whose answers never change', async () => {
  const highlighter = createLazySampleHighlighter(() => themes, languages);
  const before = highlighter.current();
  assert.is(highlighter.current(), before, 'the renderer keeps what it highlighted per function');
  assert.is(before('print(1)', 'python'), undefined);
  assert.is(highlighter.loadMissed(highlighter.current()) instanceof Promise, true);
  await highlighter.loadMissed(before);
  const after = highlighter.current();
  assert.is.not(after, before);
  assert.is(before('print(1)', 'python'), undefined, 'a function made before the language loaded still lacks it');
  assert.match(after('print(1)', 'python') ?? '', 'data-language="python"');
  assert.is(highlighter.loadMissed(after), undefined, 'nothing missed with the new one');
});

lazy('should serve draws that run at the same time, each with what it met', async () => {
  const highlighter = createLazySampleHighlighter(() => themes, languages);
  const [go, bash] = await Promise.all([
    drawWithSamples(highlighter, async (highlight) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return highlight('package main', 'go');
    }),
    drawWithSamples(highlighter, (highlight) => highlight('ls -la', 'bash')),
  ]);
  assert.match(go ?? '', 'data-language="go"');
  assert.match(bash ?? '', 'data-language="bash"');
});

lazy.run();
