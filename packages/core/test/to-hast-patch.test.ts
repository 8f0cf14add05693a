// The patch of mdast-util-to-hast (`patches/mdast-util-to-hast@…`): it finds a tree's link and
// footnote definitions with a plain walk instead of `unist-util-visit`. Every definition, at
// any depth, must still be found, the first of a label must still win, and footnotes must
// still be numbered in the order they are called.
import type { Root as MdastRoot } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { toHtml } from 'hast-util-to-html';
import type { Root as HastRoot } from 'hast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const test = suite('mdast-util-to-hast patch');

function html(markdown: string): string {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as MdastRoot;
  return toHtml(toHast(tree) as HastRoot);
}

test('should resolve references to definitions nested in block quotes and lists', () => {
  const out = html(['[a] and [b][] and ![c]', '', '> [a]: /in-quote', '', '- item', '', '  - [b]: /in-list', '', '  * [c]: /image.png "C"'].join('\n'));
  assert.match(out, '<a href="/in-quote">a</a>');
  assert.match(out, '<a href="/in-list">b</a>');
  assert.match(out, '<img src="/image.png" alt="c" title="C">');
});

test('should keep the first definition of a label, whatever its case and depth', () => {
  const out = html(['[Label]', '', '> [LABEL]: /first', '', '[label]: /second'].join('\n'));
  assert.match(out, '<a href="/first">Label</a>');
  assert.not.match(out, '/second');
});

test('should leave a reference without a definition as text', () => {
  assert.match(html('[missing] here'), '<p>[missing] here</p>');
});

test('should number footnotes by first call, with definitions in any order and depth', () => {
  const out = html(['One[^b] two[^a] again[^b].', '', '> [^a]: Note A.', '', '[^b]: Note B.', '', '[^b]: Ignored B.'].join('\n'));
  assert.match(out, /href="#user-content-fn-b"[^>]*>1<\/a>/);
  assert.match(out, /href="#user-content-fn-a"[^>]*>2<\/a>/);
  assert.match(out, 'Note B.');
  assert.not.match(out, 'Ignored B.');
  const order = [...out.matchAll(/<li id="user-content-fn-(\w)">/g)].map((match) => match[1]);
  assert.equal(order, ['b', 'a']);
});

test('should find definitions inside nodes of other syntaxes (any node with children)', () => {
  const tree: MdastRoot = {
    type: 'root',
    children: [
      { type: 'paragraph', children: [{ type: 'linkReference', identifier: 'x', label: 'x', referenceType: 'shortcut', children: [{ type: 'text', value: 'x' }] }] },
      // A JSX element of MDX holding a definition, as remark-mdx makes it.
      { type: 'mdxJsxFlowElement', name: 'Note', attributes: [], children: [{ type: 'definition', identifier: 'x', label: 'x', url: '/in-jsx', title: null }] } as never,
    ],
  };
  const hast = toHast(tree, { passThrough: [] }) as HastRoot;
  assert.match(toHtml(hast), '<a href="/in-jsx">x</a>');
});

test.run();
