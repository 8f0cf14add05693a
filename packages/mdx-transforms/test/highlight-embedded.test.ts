import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { bundledLanguages } from 'shiki/langs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { highlightBlock, type HighlightRequest } from '../src/highlight-block.js';
import { resolveEmbeddedLanguages } from '../src/highlight-embedded.js';
import { getHighlighter, loadBlockLanguages, loadLanguages } from '../src/highlighter.js';

const test = suite('resolveEmbeddedLanguages');
const themes = { light: 'github-light', dark: 'github-dark' };
const engine = await createOnigurumaEngine(import('shiki/wasm'));

function request(language: string, code: string): HighlightRequest {
  return { code, language, themes, highlight: [], focus: [], lines: false, wrap: false };
}

// Fences nested at several depths and places: in a `md` fence, a blockquote, a JSX child, a list.
const nested = [
  '---',
  'title: Example',
  '---',
  '',
  'import { Card } from "./card"',
  '',
  '````md',
  '```python title="hello.py"',
  'def greet(name):',
  '    return name',
  '```',
  '````',
  '',
  '> ~~~rust',
  '> fn main() {}',
  '> ~~~',
  '',
  '<Card>',
  '  ```go',
  '  package main',
  '  ```',
  '</Card>',
  '',
  '- ```sh',
  '  echo hi',
  '  ```',
].join('\n');

test('should add the fence languages of a block at any depth, and what MDX always embeds', async () => {
  const { languages, embedders } = await resolveEmbeddedLanguages(engine, [{ language: 'mdx', code: nested }]);
  const all = new Set([...languages, ...embedders]);
  for (const name of ['tsx', 'yaml', 'toml', 'markdown', 'python', 'rust', 'go', 'shellscript']) assert.ok(all.has(name), name);
  for (const name of ['java', 'ruby', 'kotlin', 'php']) assert.not.ok(all.has(name), `${name} is in no fence of the block`);
  assert.ok(embedders.indexOf('markdown') < embedders.indexOf('mdx'), 'Markdown, embedded by MDX, loads before it');
  assert.not.ok(languages.includes('mdx'), 'MDX loads last');
});

test('should add nothing to a language that embeds none lazily, and keep names Shiki does not know', async () => {
  const { languages, embedders } = await resolveEmbeddedLanguages(engine, [
    { language: 'python', code: '```rust\n```' },
    { language: 'my-grammar', code: '' },
    { language: 'text', code: '```python' },
  ]);
  assert.equal(languages.sort(), ['my-grammar', 'python', 'text']);
  assert.equal(embedders, []);
});

test('should not change a block when languages it does not use are loaded, whatever their order', async () => {
  const highlighter = await getHighlighter();
  const blocks = [
    request('mdx', nested),
    request('mdx', '# Title\n\n<Note>Hi {1 + 1}</Note>\n\n```js\nlet a = 1\n```'),
    request('markdown', 'Text <b>bold</b>\n\n```yaml\na: 1\n```\n\n```unknown\nplain\n```'),
  ];
  await loadBlockLanguages(highlighter, blocks);
  const first = blocks.map((block) => highlightBlock(highlighter, block).html);
  // Every language Markdown and MDX can embed, one at a time: each one recreates both grammars.
  const lazy = new Set<string>();
  for (const name of ['mdx', 'markdown'] as const) {
    for (const registration of (await bundledLanguages[name]()).default) for (const embedded of registration.embeddedLangsLazy ?? []) lazy.add(embedded);
  }
  const extra = [...lazy].filter((name) => Object.hasOwn(bundledLanguages, name)).reverse();
  assert.ok(extra.length > 60, `${extra.length} languages`);
  for (const name of extra) await loadLanguages(highlighter, [name]);
  assert.equal(
    blocks.map((block) => highlightBlock(highlighter, block).html),
    first,
  );
});

test('should highlight a nested fence the same in a fresh process and after its language was loaded', () => {
  const module = fileURLToPath(new URL('../src/highlighter.ts', import.meta.url));
  const block = fileURLToPath(new URL('../src/highlight-block.ts', import.meta.url));
  const target = JSON.stringify(request('mdx', nested));
  // One process per order, so each starts with no language loaded.
  const run = (before: string[]) => {
    const script = [
      `import { getHighlighter, loadBlockLanguages } from ${JSON.stringify(module)};`,
      `import { highlightBlock } from ${JSON.stringify(block)};`,
      'const highlighter = await getHighlighter();',
      `for (const language of ${JSON.stringify(before)}) {`,
      `  const request = { ...${target}, language, code: 'x' };`,
      '  await loadBlockLanguages(highlighter, [request]);',
      '  highlightBlock(highlighter, request);',
      '}',
      `await loadBlockLanguages(highlighter, [${target}]);`,
      `process.stdout.write(highlightBlock(highlighter, ${target}).html);`,
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.is(child.status, 0, child.stderr);
    return child.stdout;
  };
  const alone = run([]);
  assert.match(alone, /--shiki-dark:#F97583">def<\/span>/, 'the nested Python is highlighted');
  assert.is(run(['python', 'rust', 'mdx']), alone);
  assert.is(run(['markdown', 'java', 'go']), alone);
});

test('should import the grammars a block may embed at once, not one per turn of a busy thread', () => {
  // A build's thread renders another page between two turns of its event loop: imports made one
  // after the other each waited for a turn (a page with a Markdown block: 2 to 3 s). Here every
  // turn is kept busy for 5 ms; Markdown embeds about fifty languages lazily, and Ruby a few.
  const module = fileURLToPath(new URL('../src/highlight-embedded.js', import.meta.url));
  const script = [
    "import { createOnigurumaEngine } from 'shiki/engine/oniguruma';",
    "import { bundledLanguages } from 'shiki/langs';",
    `import { resolveEmbeddedLanguages } from ${JSON.stringify(module)};`,
    "const engine = await createOnigurumaEngine(import('shiki/wasm'));",
    'let turns = 0;',
    'let running = true;',
    'const spin = () => {',
    '  if (!running) return;',
    '  turns += 1;',
    '  const until = performance.now() + 5;',
    '  while (performance.now() < until);',
    '  setImmediate(spin);',
    '};',
    'setImmediate(spin);',
    "const blocks = ['markdown', 'ruby', 'java', 'go'].map((language) => ({ language, code: '```python\\nx = 1\\n```' }));",
    'const { embedders } = await resolveEmbeddedLanguages(engine, blocks);',
    'running = false;',
    "const lazy = (await bundledLanguages.markdown()).default.find((registration) => registration.name === 'markdown').embeddedLangsLazy.length;",
    'process.stdout.write(JSON.stringify({ turns, lazy, embedders }));',
  ].join('\n');
  // Run from this package, where `shiki` resolves.
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)) });
  assert.is(child.status, 0, child.stderr);
  const { turns, lazy, embedders } = JSON.parse(child.stdout) as { turns: number; lazy: number; embedders: string[] };
  assert.ok(embedders.includes('markdown'), 'Markdown embeds languages lazily');
  assert.ok(lazy > 40, `Markdown embeds ${lazy} languages lazily`);
  assert.ok(turns < lazy, `${turns} turns of the event loop for ${lazy} lazy languages`);
});

test.run();
