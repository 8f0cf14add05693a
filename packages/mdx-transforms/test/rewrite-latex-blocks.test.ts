import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import 'mdast-util-math';
import { visit } from 'unist-util-visit';
import { rewriteLatexBlocks } from '../src/index.js';
import { defineFixtureTests, readFixtureCases } from './fixture-runner.js';
import { runRemark } from './pipeline.js';

const test = suite('rewriteLatexBlocks');

defineFixtureTests(test, 'rewrite-latex-blocks', async (fixture) => ({
  outputs: { 'expected.mdx': rewriteLatexBlocks(fixture.input) },
}));

test('should return the same string when there is no latex tag', () => {
  const source = 'No math here, only $x$ and <Note>a note</Note>.\n';
  assert.is(rewriteLatexBlocks(source), source);
});

test('should keep the line count when the tags have lines of their own', () => {
  const source = 'a\n\n<latex>\nx^{2}\n</latex>\n\nb\n';
  const result = rewriteLatexBlocks(source);
  assert.is(result, 'a\n\n$$\nx^{2}\n$$\n\nb\n');
  assert.is(result.split('\n').length, source.split('\n').length);
});

test('should keep CRLF line endings of the content', () => {
  assert.is(rewriteLatexBlocks('<latex>\r\nx\r\n</latex>\r\n'), '$$\r\nx\r\n$$\r\n');
});

test('should be idempotent', () => {
  for (const fixture of readFixtureCases('rewrite-latex-blocks')) {
    const once = rewriteLatexBlocks(fixture.input);
    assert.is(rewriteLatexBlocks(once), once, fixture.name);
  }
});

test('should give block math to MDX, braces and all, with positions after it unchanged', async () => {
  const source = 'Intro\n\n<latex>\n\\frac{a}{b}\n</latex>\n\n## After\n';
  const { tree } = await runRemark(rewriteLatexBlocks(source), { path: 'page.mdx' });
  const math = tree.children.find((node) => node.type === 'math');
  assert.ok(math && math.type === 'math');
  assert.is(math.value, '\\frac{a}{b}');
  const heading = tree.children.find((node) => node.type === 'heading');
  assert.is(heading?.position?.start.line, 7);
});

test('should turn every tag of the fixtures into math that remark-math parses', async () => {
  const expected: Record<string, string[]> = {
    code: ['math'],
    indented: ['math', 'math', 'math'],
    inline: ['inlineMath', 'inlineMath', 'math'],
    'one-line': ['math'],
    'own-lines': ['math', 'math'],
    unclosed: ['math'],
  };
  for (const fixture of readFixtureCases('rewrite-latex-blocks')) {
    // An unclosed `<latex>` is an MDX syntax error of its own; read that case as Markdown.
    const path = fixture.name === 'unclosed' ? 'page.md' : 'page.mdx';
    const { tree } = await runRemark(rewriteLatexBlocks(fixture.input), { path });
    const found: string[] = [];
    visit(tree, (node) => {
      if (node.type === 'math' || node.type === 'inlineMath') {
        found.push(node.type);
        assert.not.match(node.value, /<\/?latex|\$\$/i, fixture.name);
      }
    });
    assert.equal(found, expected[fixture.name], fixture.name);
  }
});

test('should leave a tag inside a fence that is still open at the end alone', () => {
  const source = '```\n<latex>x</latex>\n';
  assert.is(rewriteLatexBlocks(source), source);
});

test('should throw for a value that is not a string', () => {
  assert.throws(
    () => rewriteLatexBlocks(undefined as unknown as string),
    /Cannot rewrite latex blocks: `source` is `undefined`, expected a string/,
  );
});

test.run();
