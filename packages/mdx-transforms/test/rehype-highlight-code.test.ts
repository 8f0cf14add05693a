import type { Root } from 'hast';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { getHighlighter, rehypeHighlightCode, rememberHighlightedCode, remarkCodeMeta } from '../src/index.js';
import { clearHighlightCache, countHighlightCache, highlightCacheChars, readHighlightCache, writeHighlightCache } from '../src/highlight-cache.js';
import { countHighlighterCreations } from '../src/highlighter.js';
import { type JsxFlowElement, readStringAttribute } from '../src/jsx-attributes.js';
import { defineFixtureTests, readFixtureCases } from './fixture-runner.js';
import { processToHtml, runRehype } from './pipeline.js';

const test = suite('rehypeHighlightCode');

defineFixtureTests(test, 'rehype-highlight-code', async (fixture) => {
  const { output, file } = await processToHtml(fixture.input, {
    path: fixture.inputName,
    rehypePlugins: [[rehypeHighlightCode, fixture.options]],
  });
  return { outputs: { 'expected.html': output }, file };
});

async function highlight(source: string, options?: Parameters<typeof rehypeHighlightCode>[0], path = 'page.mdx') {
  const { tree, file } = await runRehype(source, { path, rehypePlugins: [[rehypeHighlightCode, options]] });
  const blocks = tree.children.filter(
    (node): node is JsxFlowElement => node.type === 'mdxJsxFlowElement',
  );
  const attributes = blocks.map((node) =>
    Object.fromEntries(node.attributes.map((attribute) => [(attribute as { name: string }).name, attribute.value])),
  );
  return { tree, file, blocks, attributes };
}

test('should put both themes in one HTML as CSS variables, without inline colors', async () => {
  const { attributes } = await highlight('```js\nconst a = 1\n```\n');
  const html = String(attributes[0]!.html);
  assert.match(html, /^<pre class="shiki shiki-themes github-light github-dark"/);
  assert.match(html, /--shiki-light:#D73A49;--shiki-dark:#F97583/);
  assert.match(html, /--shiki-light-bg:#fff;--shiki-dark-bg:#24292e/);
  assert.not.match(html, /[";]color:/);
});

test('should use one theme for both modes when `themes` is a name', async () => {
  const { attributes } = await highlight('```js\nconst a = 1\n```\n', { themes: 'nord' });
  assert.match(String(attributes[0]!.html), /shiki-themes nord nord/);
});

test('should accept the `css-variables` theme', async () => {
  const { attributes } = await highlight('```js\nconst a = 1\n```\n', { themes: 'css-variables' });
  assert.match(String(attributes[0]!.html), /--shiki-light:var\(--shiki-token-keyword\)/);
});

test('should warn about an unknown language with the fence position and render plain text', async () => {
  const { file, attributes } = await highlight('Intro\n\n```javascrpt\nconst a = 1\n```\n');
  assert.is(file.messages.length, 1);
  const [message] = file.messages;
  assert.is(message!.ruleId, 'code-language-unknown');
  assert.is(message!.source, '@docsgen/mdx-transforms');
  assert.is(message!.fatal, false);
  assert.equal([message!.line, message!.column, message!.place && 'end' in message!.place ? message!.place.end.line : 0], [3, 1, 5]);
  assert.is(message!.note, 'Did you mean `javascript`?');
  assert.is(attributes[0]!.language, 'text');
  assert.match(String(attributes[0]!.html), /<span>const a = 1<\/span>/);
});

test('should not warn for a missing language or `text`', async () => {
  const { file, attributes } = await highlight('```\nplain\n```\n\n```txt\nplain\n```\n');
  assert.equal(file.messages, []);
  assert.equal(attributes.map((a) => a.language), ['text', 'text']);
});

test('should highlight names other highlighters use with Shiki\'s grammar, and `output` as text', async () => {
  // Shapes of real projects: DeepL's `markup`, crewAI's `env` and `output`, the platform's own `curl`.
  const { file, attributes } = await highlight('```markup\n<b>bold</b>\n```\n\n```env\nKEY=value\n```\n\n```curl cURL\ncurl -X POST https://example.com\n```\n\n```output\nDone.\n```\n');
  assert.equal(file.messages, []);
  assert.equal(attributes.map((a) => a.language), ['html', 'dotenv', 'shellscript', 'text']);
  // Coloured, not plain: the tag name and the command have a colour of their own.
  assert.match(String(attributes[0]!.html), /<span style="--shiki-light:#[0-9A-F]{6};--shiki-dark:#[0-9A-F]{6}">b<\/span>/);
  assert.match(String(attributes[2]!.html), /--shiki-light:[^>]*>curl<\/span>/);
  // dubinc's and firecrawl's `gradle`, Phoenix's `logs`, unkey's `ascii` and `diagram`.
  const more = await highlight('```gradle\nimplementation "a:b:1.0"\n```\n\n```logs\n2024-01-01 ERROR failed\n```\n\n```ascii\n+--+\n```\n\n```diagram\nA -> B\n```\n');
  assert.equal(more.file.messages, []);
  assert.equal(more.attributes.map((a) => a.language), ['groovy', 'log', 'text', 'text']);
  // ClickHouse's `response`, `result`, `pgsql`, `sbt`, `python3` and `vbnet`.
  const novu = await highlight('```package-install\nnpm install @novu/js\n```\n');
  assert.equal([novu.file.messages.length, novu.attributes[0]!.language], [0, 'shellscript']);
  const clickhouse = await highlight('```response\n┌─count()─┐\n```\n\n```result\n1\n```\n\n```pgsql\nSELECT 1;\n```\n\n```sbt\nname := "x"\n```\n\n```python3\nprint(1)\n```\n\n```vbnet\nDim x As Integer\n```\n');
  assert.equal(clickhouse.file.messages, []);
  assert.equal(clickhouse.attributes.map((a) => a.language), ['text', 'text', 'sql', 'scala', 'python', 'vb']);
  // Stagehand's `gitignore` and Upstash's `redis`: Shiki has no grammar for them.
  const ignores = await highlight('```gitignore\nnode_modules/\n.env\n```\n\n```dockerignore\ndist\n```\n\n```redis\nSET key1 valuex\n```\n');
  assert.equal([ignores.file.messages, ignores.attributes.map((a) => a.language)], [[], ['text', 'text', 'text']]);
});

test('should mark diff, highlight and focus lines, from markers and from meta', async () => {
  const source =
    '```ts {1} focus={2}\nconst a = 1\nconst b = 2\nconst c = 3 // [!code ++]\nconst d = 4 // [!code --]\nconst e = 5 // [!code highlight]\nconst f = 6 // [!code focus]\n```\n';
  const { attributes } = await highlight(source);
  const html = String(attributes[0]!.html);
  for (const name of ['has-diff', 'has-highlighted', 'has-focused', 'line diff add', 'line diff remove', 'line highlighted', 'line focused']) {
    assert.ok(html.includes(name), name);
  }
  assert.is((html.match(/class="line highlighted"/g) ?? []).length, 2);
  assert.is((html.match(/class="line focused"/g) ?? []).length, 2);
  assert.not.match(html, /\[!code/);
  assert.is(attributes[0]!.code, 'const a = 1\nconst b = 2\nconst c = 3\nconst d = 4\nconst e = 5\nconst f = 6');
  assert.is(attributes[0]!.highlight, '1');
  assert.is(attributes[0]!.focus, '2');
});

test('should flag line numbers and wrapping on the pre', async () => {
  const { attributes } = await highlight('```js lines wrap\nx\n```\n');
  assert.match(String(attributes[0]!.html), /^<pre class="shiki shiki-themes github-light github-dark line-numbers wrap"/);
  assert.equal([attributes[0]!.lines, attributes[0]!.wrap], ['true', 'true']);
});

test('should resolve the copy button from the option, chrome and meta', async () => {
  const cases: [Parameters<typeof rehypeHighlightCode>[0], string, string][] = [
    [{}, '', 'always'],
    [{ copyButton: 'always' }, 'bare', 'always'],
    [{ copyButton: 'hover' }, '', 'always'],
    [{ copyButton: 'hover' }, 'bare', 'hover'],
    [{ copyButton: 'hover', chrome: 'bare' }, '', 'hover'],
    [{ copyButton: 'hover', chrome: 'bare' }, 'bar', 'always'],
    [{ copyButton: false }, 'bare', 'none'],
    [{ copyButton: true }, 'nocopy', 'none'],
  ];
  for (const [options, meta, copy] of cases) {
    const { attributes } = await highlight('```js ' + meta + '\nx\n```\n', options);
    assert.is(attributes[0]!.copy, copy, JSON.stringify([options, meta]));
  }
});

test('should return identical HTML from the cache without growing it', async () => {
  const source = '```ts\nexport const cached = ' + Date.now() + ';\n```\n';
  const first = await highlight(source);
  const size = countHighlightCache();
  const second = await highlight(source, null, 'other.md');
  assert.is(countHighlightCache(), size);
  assert.is(second.attributes[0]!.html, first.attributes[0]!.html);
  // A new title does not change the highlighted HTML, so it is a cache hit too.
  await highlight(source.replace('```ts', '```ts renamed.ts'));
  assert.is(countHighlightCache(), size);
});

test('should keep at most highlightCacheChars characters of blocks, the least recently used going first', () => {
  clearHighlightCache();
  const html = 'h'.repeat(highlightCacheChars / 4);
  for (const key of ['a', 'b', 'c']) writeHighlightCache(key, { html, code: key });
  assert.is(countHighlightCache(), 3, 'three quarters of the budget');
  assert.ok(readHighlightCache('a'), 'a is now the most recently used');
  writeHighlightCache('d', { html, code: 'd' });
  writeHighlightCache('e', { html, code: 'e' });
  assert.is(countHighlightCache(), 3);
  assert.not.ok(readHighlightCache('b'), 'the least recently used went first');
  assert.not.ok(readHighlightCache('c'));
  assert.ok(readHighlightCache('a') && readHighlightCache('d') && readHighlightCache('e'));
  // A block larger than the budget is kept alone, until the next one.
  writeHighlightCache('huge', { html: html.repeat(5), code: 'huge' });
  assert.is(countHighlightCache(), 1);
  writeHighlightCache('small', { html: 'x', code: 'small' });
  assert.equal([readHighlightCache('huge')?.code, readHighlightCache('small')?.code], [undefined, 'small']);
  clearHighlightCache();
});

test('should list each block\'s output in file.data.highlighted, and take it back from an earlier run', async () => {
  const source = '```ts\nexport const remembered = ' + Date.now() + ';\n```\n\n```mermaid\ngraph TD\n```\n\n```sh\nls\n```\n';
  const first = await highlight(source);
  const highlighted = first.file.data.highlighted!;
  assert.is(highlighted.length, 2, 'code blocks, not diagrams');
  assert.is(highlighted[0]![1].html, first.attributes[0]!.html);
  assert.is(highlighted[1]![1].code, 'ls');
  // A later process starts with an empty cache; blocks an earlier run kept are not highlighted again.
  clearHighlightCache();
  const kept = JSON.parse(JSON.stringify(highlighted)) as typeof highlighted;
  kept[0]![1].html = kept[0]![1].html.replace('remembered', 'kept');
  rememberHighlightedCode([...kept, ['bad'], ['no-html', { code: 'x' }], null, 'text', [1, { html: '', code: '' }]]);
  assert.is(countHighlightCache(), 2, 'malformed entries are skipped');
  const second = await highlight(source);
  assert.match(String(second.attributes[0]!.html), 'kept', 'the kept output is used');
  assert.is(readHighlightCache(kept[1]![0])?.code, 'ls');
  rememberHighlightedCode(undefined);
  rememberHighlightedCode({ length: 1 });
  assert.is(countHighlightCache(), 2);
});

test('should create the highlighter once per process', async () => {
  await highlight('```css\na { color: red }\n```\n', { themes: { light: 'min-light', dark: 'min-dark' } });
  await highlight('```yaml\na: 1\n```\n', { themes: 'github-dark' });
  assert.is(await getHighlighter(), await getHighlighter());
  assert.is(getHighlighter(), getHighlighter());
  assert.is(countHighlighterCreations(), 1);
});

test('should read parsed meta from remarkCodeMeta and raw meta alike', async () => {
  const source = '```js app.js {2} wrap bare\na\nb\n```\n';
  const raw = await highlight(source);
  const parsed = await runRehype(source, {
    path: 'page.mdx',
    remarkPlugins: [remarkCodeMeta],
    rehypePlugins: [rehypeHighlightCode],
  });
  assert.equal(parsed.tree.children[0], raw.tree.children[0]);
  assert.equal(raw.attributes[0]!.title, 'app.js');
  assert.equal(raw.attributes[0]!.chrome, 'bare');
});

test('should keep the position of the fence on the generated element', async () => {
  const { blocks } = await highlight('# A\n\n```js\nx\n```\n');
  assert.equal(blocks[0]!.position?.start, { line: 3, column: 1, offset: 5 });
});

test('should set `hasMermaid` and keep the chart as written', async () => {
  const { file, blocks } = await highlight('```mermaid\ngraph TD\n  A --> B\n```\n');
  assert.is(file.data.hasMermaid, true);
  assert.is(blocks[0]!.name, 'Mermaid');
  assert.is(readStringAttribute(blocks[0]!, 'chart'), 'graph TD\n  A --> B');
  const none = await highlight('```js\nx\n```\n');
  assert.is(none.file.data.hasMermaid, false);
});

test('should be idempotent', async () => {
  for (const fixture of readFixtureCases('rehype-highlight-code')) {
    const plugin = [rehypeHighlightCode, fixture.options] as const;
    const once = await processToHtml(fixture.input, { path: fixture.inputName, rehypePlugins: [[...plugin]] });
    const twice = await processToHtml(fixture.input, {
      path: fixture.inputName,
      rehypePlugins: [[...plugin], [...plugin]],
    });
    assert.is(twice.output, once.output, fixture.name);
    assert.is(twice.file.messages.length, once.file.messages.length, fixture.name);
    assert.is(twice.file.data.hasMermaid, once.file.data.hasMermaid, fixture.name);
  }
});

test('should complete a `<CodeBlock>` whose children are values, keep them, and warn once however often it runs', async () => {
  const source = '<CodeBlock filename="Python" language="Pyton" lang="x">{PyUsage}</CodeBlock>\n';
  // Two separate transformers on one tree: unified attaches the same plugin only once.
  const transform = rehypeHighlightCode({ chrome: 'bare', copyButton: false });
  const { tree, file } = await runRehype(source, { path: 'page.mdx', rehypePlugins: [() => transform, () => transform] });
  const block = tree.children[0] as JsxFlowElement;
  assert.equal(
    block.attributes.map((attribute) => [(attribute as { name: string }).name, attribute.value]),
    [['filename', 'Python'], ['language', 'Pyton'], ['lang', 'x'], ['title', 'Python'], ['chrome', 'bare'], ['copy', 'none']],
  );
  assert.equal(block.children.map((child) => child.type), ['mdxFlowExpression']);
  assert.equal(file.messages.map((message) => [message.ruleId, message.line]), [['code-language-unknown', 1]]);
});

test('should fail when attached with bad options', () => {
  assert.throws(
    () => rehypeHighlightCode({ themes: 'github-lite' }),
    /Cannot highlight code with `github-lite` for `options.themes`, expected a Shiki theme name such as `github-light`/,
  );
  assert.throws(
    () => rehypeHighlightCode({ themes: { light: 'github-light', dark: 'nope' } }),
    /`options.themes.dark`/,
  );
  assert.throws(() => rehypeHighlightCode({ chrome: 'frame' as 'bar' }), /`options.chrome`, expected `'bar'` or `'bare'`/);
  assert.throws(() => rehypeHighlightCode({ copyButton: 'yes' as 'hover' }), /`options.copyButton`/);
});

test('should leave a tree without code alone', async () => {
  const tree: Root = { type: 'root', children: [{ type: 'text', value: 'x' }] };
  const { tree: result } = await runRehype('x\n', { path: 'a.md', rehypePlugins: [rehypeHighlightCode] });
  assert.is(result.children.length, 1);
  assert.ok(tree);
});

test.run();
