import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Code } from 'mdast';
import { visit } from 'unist-util-visit';
import { type CodeMeta, parseCodeMeta, remarkCodeMeta } from '../src/index.js';
import { formatLineList, parseLineList } from '../src/code-meta.js';
import { defineFixtureTests } from './fixture-runner.js';
import { processToMarkdown, runRemark } from './pipeline.js';

const test = suite('parseCodeMeta');
const empty: CodeMeta = {
  title: undefined,
  icon: undefined,
  lines: false,
  wrap: false,
  expandable: false,
  highlight: [],
  focus: [],
  chrome: undefined,
  noCopy: false,
  twoslash: false,
};

defineFixtureTests(test, 'remark-code-meta', async (fixture) => {
  const { tree, file } = await runRemark(fixture.input, {
    path: fixture.inputName,
    remarkPlugins: [remarkCodeMeta],
  });
  const metas: unknown[] = [];
  visit(tree, 'code', (node: Code) => {
    metas.push({ lang: node.lang, meta: node.meta, data: node.data?.meta });
  });
  return { outputs: { 'expected.json': JSON.stringify(metas, null, 2) + '\n' }, file };
});

test('should return every field for nothing', () => {
  assert.equal(parseCodeMeta(undefined), empty);
  assert.equal(parseCodeMeta(null), empty);
  assert.equal(parseCodeMeta('   '), empty);
});

test('should parse the examples of the Mintlify docs', () => {
  assert.equal(parseCodeMeta('index.js icon="js" lines highlight={1-2,5}'), {
    ...empty,
    title: 'index.js',
    icon: 'js',
    lines: true,
    highlight: [1, 2, 5],
  });
  assert.equal(parseCodeMeta('Install wrap'), { ...empty, title: 'Install', wrap: true });
  assert.equal(parseCodeMeta('focus={3} bare'), { ...empty, focus: [3], chrome: 'bare' });
});

test('should join the bare words of a title and let `title=` win', () => {
  assert.is(parseCodeMeta('Install the CLI wrap').title, 'Install the CLI');
  assert.is(parseCodeMeta('"Quoted lines" lines').title, 'Quoted lines');
  assert.is(parseCodeMeta("words title='Real title'").title, 'Real title');
});

test('should read flags as written, and as `flag=true` in any case', () => {
  const meta = parseCodeMeta('wrap showLineNumbers Expandable=true nocopy=false');
  assert.equal([meta.wrap, meta.lines, meta.expandable, meta.noCopy, meta.title], [true, true, true, false, undefined]);
});

test('should keep capitalised words that name a flag in the title, as the hosted platform\'s own pages write them', () => {
  const cases: Array<[string, string | undefined, Partial<CodeMeta>]> = [
    ['Expandable example expandable', 'Expandable example', { expandable: true }],
    ['Wrap example wrap', 'Wrap example', { wrap: true }],
    ['twoslash Twoslash example', 'Twoslash example', { twoslash: true }],
    ['Lines of code', 'Lines of code', { lines: false }],
    ['NoCopy WRAP', 'NoCopy WRAP', { noCopy: false, wrap: false }],
    ['lines Bare', 'Bare', { lines: true, chrome: undefined }],
  ];
  for (const [meta, title, fields] of cases) {
    const parsed = parseCodeMeta(meta);
    assert.is(parsed.title, title, meta);
    for (const [field, value] of Object.entries(fields)) assert.equal(parsed[field as keyof CodeMeta], value, `${meta}: ${field}`);
  }
});

test('should let the last of `bare` and `bar` win', () => {
  assert.is(parseCodeMeta('bare bar').chrome, 'bar');
  assert.is(parseCodeMeta('bar bare').chrome, 'bare');
});

test('should take a bare `{…}` as highlight unless `highlight=` is given', () => {
  assert.equal(parseCodeMeta('{1,3-4}').highlight, [1, 3, 4]);
  assert.equal(parseCodeMeta('highlight={2} {5}').highlight, [2]);
  assert.equal(parseCodeMeta('highlight="1-2"').highlight, [1, 2]);
});

test('should read an attribute in braces of its own, as converted projects write it', () => {
  assert.equal(parseCodeMeta('{highlight={1,4,7}}'), { ...empty, highlight: [1, 4, 7] });
  assert.equal(parseCodeMeta('{highlight={5}} {title="Setup"}'), { ...empty, title: 'Setup', highlight: [5] });
  assert.equal(parseCodeMeta('title="A tool" {highlight={6,8}} lines'), { ...empty, title: 'A tool', highlight: [6, 8], lines: true });
  // A plain line list stays one.
  assert.equal(parseCodeMeta('{1,3}').highlight, [1, 3]);
});

test('should take a first word with `=` for meta, not a language', async () => {
  const source = '```title="Wrapper that adds a tool" {highlight={2}}\na\nb\n```\n\n```python {highlight={1}}\nx\n```\n';
  const { tree } = await runRemark(source, { path: 'a.md', remarkPlugins: [remarkCodeMeta] });
  const codes: Code[] = [];
  visit(tree, 'code', (node: Code) => {
    codes.push(node);
  });
  assert.is(codes[0]?.lang, null);
  assert.equal(codes[0]?.data?.meta, { ...empty, title: 'Wrapper that adds a tool', highlight: [2] });
  assert.is(codes[1]?.lang, 'python');
  assert.equal(codes[1]?.data?.meta, { ...empty, highlight: [1] });
});

test('should not treat prototype names as flags', () => {
  assert.is(parseCodeMeta('constructor toString').title, 'constructor toString');
  assert.equal(parseCodeMeta('constructor=1 hasOwnProperty=x valueOf'), { ...empty, title: 'valueOf' });
});

test('should skip bad line list parts and bound huge ranges', () => {
  assert.equal(parseLineList('{3,a,1-2,0,-4,2}'), [1, 2, 3]);
  assert.equal(parseLineList('[4, 2]'), [2, 4]);
  assert.is(parseLineList('1-999999999').length, 10_000);
  assert.equal(parseLineList('5-3'), []);
});

test('should write line lists back compactly', () => {
  assert.is(formatLineList([1, 2, 3, 5, 7, 8]), '1-3,5,7-8');
  assert.is(formatLineList([]), '');
});

test('should be idempotent as a plugin', async () => {
  const source = '```js a.js {1}\nx\n```\n';
  const once = await runRemark(source, { path: 'a.md', remarkPlugins: [remarkCodeMeta] });
  const twice = await runRemark(source, { path: 'a.md', remarkPlugins: [remarkCodeMeta, remarkCodeMeta] });
  assert.equal(twice.tree, once.tree);
  const { output } = await processToMarkdown(source, { path: 'a.md', remarkPlugins: [remarkCodeMeta] });
  assert.is(output, source);
});

test.run();
