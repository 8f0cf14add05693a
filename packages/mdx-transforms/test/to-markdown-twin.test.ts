import type { Nodes } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toMarkdownTwin } from '../src/to-markdown-twin.js';
import { defineFixtureTests, readFixtureCases } from './fixture-runner.js';

const test = suite('toMarkdownTwin');

defineFixtureTests(test, 'to-markdown-twin', async (fixture) => ({
  outputs: { 'expected.md': toMarkdownTwin(fixture.input, fixture.options) },
}));

/** Every HTML node a Markdown parser finds, and any `<tag` left outside code. */
function findHtml(markdown: string): string[] {
  const tree = unified().use(remarkParse).use(remarkGfm).use(remarkMath).parse(markdown);
  const found: string[] = [];
  visit(tree, (node: Nodes) => {
    if (node.type === 'html') found.push(`html node: ${node.value}`);
    if (node.type === 'text' && /<[A-Za-z!/?]/.test(node.value)) {
      // Text nodes hold the unescaped value: a `<` there was escaped in the Markdown, so look
      // at the source to tell `\<b>` from a bare `<b>`.
      const start = node.position?.start.offset ?? 0;
      const end = node.position?.end.offset ?? 0;
      const raw = markdown.slice(start, end);
      if (/(?<!\\)<[A-Za-z!/?]/.test(raw)) found.push(`text: ${raw}`);
    }
  });
  return found;
}

test('should leave no HTML outside code in any fixture', () => {
  for (const fixture of readFixtureCases('to-markdown-twin')) {
    assert.equal(findHtml(toMarkdownTwin(fixture.input, fixture.options)), [], fixture.name);
  }
});

test('should end with exactly one newline and use `-`, `*` and fences', () => {
  const markdown = toMarkdownTwin(
    '<ul><li><em>a</em> <strong>b</strong></li></ul><pre><code>x</code></pre><p>end</p>\n\n\n',
  );
  assert.is(markdown, '- *a* **b**\n\n```\nx\n```\n\nend\n');
});

test('should return an empty string for HTML without content', () => {
  assert.is(toMarkdownTwin(''), '');
  assert.is(toMarkdownTwin('<script>x</script><svg></svg> \n'), '');
});

test('should make root-relative image URLs absolute with `siteUrl` only', () => {
  assert.is(toMarkdownTwin('<img src="/a.png" alt="A">'), '![A](/a.png)\n');
  assert.is(toMarkdownTwin('<img src="/a.png" alt="A">', { siteUrl: 'https://x.dev' }), '![A](https://x.dev/a.png)\n');
  assert.is(toMarkdownTwin('<img src="//cdn/a.png">', { siteUrl: 'https://x.dev' }), '![](//cdn/a.png)\n');
});

test('should turn code, math and mermaid into fenced and dollar forms', () => {
  assert.is(
    toMarkdownTwin('<pre data-language="ts" data-title="index.ts"><code>const a = 1;\n</code></pre>'),
    '```ts index.ts\nconst a = 1;\n```\n',
  );
  assert.is(toMarkdownTwin('<pre class="mermaid">graph TD</pre>'), '```mermaid\ngraph TD\n```\n');
  const tex = (value: string) => `<math><semantics><annotation encoding="application/x-tex">${value}</annotation></semantics></math>`;
  assert.is(
    toMarkdownTwin(`<p>a <span class="katex">${tex('x')}</span> b</p><span class="katex-display"><span class="katex">${tex('y')}</span></span>`),
    'a $x$ b\n\n$$\ny\n$$\n',
  );
});

test('should fail for a `siteUrl` that is not an absolute URL', () => {
  assert.throws(
    () => toMarkdownTwin('', { siteUrl: 'docs.example.com' }),
    /Cannot write a Markdown twin with `docs.example.com` for `options.siteUrl`, expected an absolute URL such as `https:\/\/docs.example.com`/,
  );
  assert.throws(() => toMarkdownTwin(3 as unknown as string), /`html` is `3`, expected a string/);
});

test('should keep text of neighbouring block containers in separate paragraphs', () => {
  assert.is(toMarkdownTwin('<div>Left</div><div>Middle <em>here</em></div><section>Right</section>'), 'Left\n\nMiddle *here*\n\nRight\n');
  assert.is(toMarkdownTwin('<div><p>Kept</p>as is</div>'), 'Kept\n\nas is\n');
  // JSX elements on lines of their own, set apart by the page's CSS (the platform's knowledge-base template).
  assert.is(toMarkdownTwin('<a href="/first-day"><div><span>Your first day</span><span>Getting oriented.</span></div></a>'), '[Your first day Getting oriented.](/first-day)\n');
  assert.is(toMarkdownTwin('<div><a href="/a">One.</a><a href="/b">Two</a></div>'), '[One.](/a) [Two](/b)\n');
  assert.is(toMarkdownTwin('<div><span>Note:</span><span>kept</span> and <em>un</em>-<em>touched</em></div>'), 'Note:kept and *un*-*touched*\n');
});

test('should give the same Markdown for the same HTML', () => {
  for (const fixture of readFixtureCases('to-markdown-twin')) {
    assert.is(toMarkdownTwin(fixture.input, fixture.options), toMarkdownTwin(fixture.input, fixture.options));
  }
});

test.run();
