import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createCodeBlockHighlighter, rehypeHighlightCode, type RenderedCodeBlock } from '../src/index.js';
import { clearHighlightCache } from '../src/highlight-cache.js';
import type { CustomLanguage } from '../src/highlighter.js';
import { type JsxFlowElement, readStringAttribute } from '../src/jsx-attributes.js';
import { runRehype } from './pipeline.js';

const test = suite('createCodeBlockHighlighter');

const dgdemo: CustomLanguage = {
  name: 'dgdemo',
  scopeName: 'source.dgdemo',
  aliases: ['dgd'],
  patterns: [{ match: '\\b(?:let|emit)\\b', name: 'keyword.control.dgdemo' }],
};

/** `html` and `code` rehypeHighlightCode gives `<CodeBlock {attributes}>{literal}</CodeBlock>`. */
async function literal(attributes: string, code: string, options?: Parameters<typeof rehypeHighlightCode>[0]) {
  const source = `<CodeBlock ${attributes}>{${JSON.stringify(code)}}</CodeBlock>\n`;
  const { tree } = await runRehype(source, { path: 'page.mdx', rehypePlugins: [[rehypeHighlightCode, options]] });
  const block = tree.children.find((node): node is JsxFlowElement => node.type === 'mdxJsxFlowElement')!;
  return { html: readStringAttribute(block, 'html'), code: readStringAttribute(block, 'code') };
}

test('should give the HTML and copied code rehypeHighlightCode gives the same block written as literal text', async () => {
  const python = 'import lancedb\n\ndb = lancedb.connect("~/.lancedb")  # [!code highlight]\nprint(db)';
  const cases: Array<{ attributes: string; block: RenderedCodeBlock; options?: Parameters<typeof rehypeHighlightCode>[0] }> = [
    // The language matched in any case, as lancedb writes it.
    { attributes: 'filename="Python" language="Python" icon="python"', block: { code: python, language: 'Python' } },
    { attributes: 'language="py" highlight="{1,3}" focus="2" lines wrap', block: { code: python, language: 'py', highlight: '{1,3}', focus: '2', lines: true, wrap: true } },
    { attributes: 'language="ts"', block: { code: 'const a: number = 1;', language: 'ts' }, options: { themes: { light: 'vitesse-light', dark: 'catppuccin-mocha' } } },
    // A Markdown block loads the languages of its fences first, as the plugin does.
    { attributes: 'language="md"', block: { code: '# Title\n\n```rust\nfn main() {}\n```', language: 'md' } },
    { attributes: 'language="DGD"', block: { code: 'let x', language: 'DGD' }, options: { languages: [dgdemo] } },
    { attributes: 'language="pyton"', block: { code: 'print(1)', language: 'pyton' } },
    { attributes: '', block: { code: 'plain' } },
  ];
  for (const { attributes, block, options } of cases) {
    clearHighlightCache();
    const expected = await literal(attributes, block.code, options);
    assert.ok(expected.html, attributes);
    clearHighlightCache();
    const highlighter = createCodeBlockHighlighter({ themes: options?.themes, languages: options?.languages });
    const drawn = await highlighter.draw((highlight) => highlight(block));
    assert.equal(drawn, expected, attributes);
  }
});

test('should draw again once the blocks it could not highlight are, and once only when they are cached', async () => {
  clearHighlightCache();
  const highlighter = createCodeBlockHighlighter();
  const blocks: RenderedCodeBlock[] = [
    { code: 'fn main() {}', language: 'rust' },
    { code: 'SELECT 1', language: 'SQL' },
  ];
  const draws: Array<Array<string | undefined>> = [];
  const render = (highlight: (block: RenderedCodeBlock) => { html: string } | undefined) => {
    const drawn = blocks.map((block) => highlight(block)?.html);
    draws.push(drawn);
    return drawn;
  };
  const first = await highlighter.draw(render);
  assert.is(draws.length, 2);
  assert.equal(draws[0], [undefined, undefined]);
  assert.ok(first.every((html) => html?.startsWith('<pre class="shiki')));
  assert.match(first[1]!, 'data-language="sql"');
  // What a draw highlights goes to the shared cache: the next page with these blocks draws once.
  draws.length = 0;
  assert.equal(await highlighter.draw(render), first);
  assert.is(draws.length, 1);
});

test('should leave plain a block first asked for in the second draw, and stop there', async () => {
  clearHighlightCache();
  const highlighter = createCodeBlockHighlighter();
  let draws = 0;
  // A page that changes as it renders (a random or time-dependent value) never settles.
  const drawn = await highlighter.draw((highlight) => highlight({ code: `x = ${draws++}`, language: 'python' }));
  assert.is(draws, 2);
  assert.is(drawn, undefined);
});

test('should keep what a draw highlighted for its next draw, whatever the shared cache drops', async () => {
  clearHighlightCache();
  const highlighter = createCodeBlockHighlighter();
  let draws = 0;
  const drawn = await highlighter.draw((highlight) => {
    draws++;
    clearHighlightCache();
    return highlight({ code: 'echo hi', language: 'bash' });
  });
  assert.is(draws, 2);
  assert.match(drawn!.html, 'data-language="bash"');
});

test('should refuse the options rehypeHighlightCode refuses, with its message', () => {
  assert.throws(() => createCodeBlockHighlighter({ themes: 'no-such-theme' }), /Cannot highlight code with `no-such-theme` for `options.themes`/);
  assert.throws(() => createCodeBlockHighlighter({ languages: [{ ...dgdemo, name: 'python' }] }), /options.languages\[0\]/);
});

test.run();
