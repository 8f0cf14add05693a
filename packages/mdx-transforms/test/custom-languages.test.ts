import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rehypeHighlightCode } from '../src/index.js';
import { type JsxFlowElement } from '../src/jsx-attributes.js';
import { countCustomLanguageLoads, type CustomLanguage } from '../src/highlighter.js';
import { runRehype } from './pipeline.js';

const test = suite('custom languages');

// A tiny grammar: `dg` keywords, `#` comments. github-light colours `keyword` #D73A49 and
// `comment` #6A737D.
const dgdemo: CustomLanguage = {
  name: 'dgdemo',
  scopeName: 'source.dgdemo',
  aliases: ['dgd'],
  patterns: [
    { match: '\\b(?:let|emit)\\b', name: 'keyword.control.dgdemo' },
    { match: '#.*$', name: 'comment.line.dgdemo' },
  ],
};

async function highlight(source: string, options?: Parameters<typeof rehypeHighlightCode>[0]) {
  const { tree, file } = await runRehype(source, { path: 'page.md', rehypePlugins: [[rehypeHighlightCode, options]] });
  const blocks = tree.children.filter((node): node is JsxFlowElement => node.type === 'mdxJsxFlowElement');
  const attributes = blocks.map((node) =>
    Object.fromEntries(node.attributes.map((attribute) => [(attribute as { name: string }).name, attribute.value])),
  );
  return { file, blocks, attributes };
}

test('should color the tokens of a custom grammar, by name and by alias, without warnings', async () => {
  const { file, attributes } = await highlight('```dgdemo\nlet x # note\n```\n\n```DGD\nemit y\n```\n', { languages: [dgdemo] });
  assert.equal(file.messages.map(String), []);
  const [byName, byAlias] = attributes.map((block) => String(block!.html));
  assert.match(byName!, /<span style="--shiki-light:#D73A49;--shiki-dark:#F97583">let<\/span>/);
  assert.match(byName!, /--shiki-light:#6A737D[^>]*># note<\/span>/);
  assert.match(byName!, /data-language="dgdemo"/);
  assert.match(byAlias!, /<span style="--shiki-light:#D73A49;--shiki-dark:#F97583">emit<\/span>/);
  assert.is(attributes[1]!.language, 'dgdemo');
});

test('should warn about the language when no grammar gives it', async () => {
  const { file, attributes } = await highlight('```dgdemo\nlet x\n```\n');
  assert.equal(file.messages.map((message) => message.ruleId), ['code-language-unknown']);
  assert.not.match(String(attributes[0]!.html), /#D73A49/);
});

test('should register a grammar once per process, however many pages and plugin instances use it', async () => {
  await highlight('```dgdemo\nlet a1\n```\n', { languages: [dgdemo] });
  const before = countCustomLanguageLoads();
  await Promise.all([
    highlight('```dgdemo\nlet a2\n```\n', { languages: [dgdemo] }),
    highlight('```dgd\nlet a3\n```\n', { languages: [{ ...dgdemo }] }),
  ]);
  assert.is(countCustomLanguageLoads(), before);
});

test('should reject a grammar without name, scopeName or patterns, or named like a bundled language', () => {
  assert.throws(
    () => rehypeHighlightCode({ languages: [{ name: 'x' } as CustomLanguage] }),
    /Cannot highlight code with `x` for `options.languages\[0\]`/,
  );
  assert.throws(() => rehypeHighlightCode({ languages: [{ ...dgdemo, name: 'json' }] }), /`options.languages\[0\]`/);
});

test('should let an alias shadow a bundled language on pages that use the grammar, and only there', async () => {
  const aliased = await highlight('```ini\nlet x\n```\n', { languages: [{ ...dgdemo, name: 'dgdemo2', scopeName: 'source.dgdemo2', aliases: ['ini'] }] });
  assert.match(String(aliased.attributes[0]!.html), /data-language="dgdemo2"/);
  const bundled = await highlight('```ini\n[a]\nb = 1\n```\n');
  assert.match(String(bundled.attributes[0]!.html), /data-language="ini"/);
});

test('should pass `actions` and `placement` from a Mermaid fence meta to `<Mermaid>`', async () => {
  const { attributes } = await highlight(
    '```mermaid actions placement=top-left\ngraph TD\n  A --> B\n```\n\n```mermaid actions=false\ngraph TD\n  A --> B\n```\n\n```mermaid\ngraph TD\n```\n',
  );
  assert.is(attributes[0]!.actions, 'true');
  assert.is(attributes[0]!.placement, 'top-left');
  assert.is(attributes[1]!.actions, 'false');
  assert.is(attributes[1]!.placement, undefined);
  assert.is(attributes[2]!.actions, undefined);
});

test.run();
