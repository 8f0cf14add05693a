// `render-plain.ts`: the plain parts of a tree are written as HTML at once, and must come out
// byte for byte as hast-util-to-jsx-runtime, preact/compat and preact-render-to-string write
// them, with the same content facts, and never where a component could see them.
import type { Root } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { builtinComponents, collectContentFacts } from '@docsgen/renderer';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import rehypeRaw from 'rehype-raw';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { hasPlainOverride, withPlainHtml } from '../src/render-plain.js';
import { renderTree } from '../src/runtime.js';

const test = suite('render-plain');

function hastOf(markdown: string): Root {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeRaw);
  return processor.runSync(processor.parse(markdown) as MdastRoot) as Root;
}

function render(tree: Root, components: Record<string, unknown>) {
  return collectContentFacts(() => renderToString(renderTree(tree, components) as never), { moveSideContent: true });
}

// A map naming a tag this module writes makes the render take the full path (the reference):
// `kbd` mapped to itself renders as the tag it is.
const reference = { ...builtinComponents, kbd: 'kbd' };

const documents: Record<string, string> = {
  prose: 'A *b* **c** `d` ~~e~~ "quotes" & <less> &amp; \\<\n\nOnly "quotes" *"here"*\n\nline  \nbreak\n\n---\n\n> quote *x*\n> > nested',
  lists: '- a\n- b\n  1. c\n  2. d\n\n3. three\n4. four\n\n- [ ] task\n- [x] done',
  tables: '| a | b |\n|---|---|\n| `x` | *y* |\n\n| l | c | r |\n|:--|:-:|--:|\n| 1 | 2 | 3 |',
  footnotes: 'Text[^1] and more[^n].\n\n[^1]: One *a*.\n[^n]: Two.',
  links: 'A [link](/x "T") in *emphasis [inner](https://e.com)* and ![img](/i.png).\n\n## Heading *em*\n\n### Third',
  html: [
    '<div class="  a  b " id="">x &amp; "y"</div>',
    '',
    '<div class="" id="i"><span>s</span><kbd>Ctrl</kbd><!-- c --></div>',
    '',
    '<p title="t">not plain</p>',
    '',
    '<table>\n  <tr>\n    <td> a </td>\n    <td align="right">b</td>\n  </tr>\n</table>',
    '',
    '<dl><dt>t</dt><dd>d<br>e<hr></dd></dl>',
    '',
    '<section><p>inside a tag that is not written</p></section>',
    '',
    '<span style="color: red">styled</span> <sup>1</sup><sub>2</sub><mark>m</mark><small>s</small>',
  ].join('\n'),
};

for (const [name, markdown] of Object.entries(documents)) {
  test(`should write ${name} as the full render does, with the same facts`, () => {
    const tree = hastOf(markdown);
    const fast = render(tree, builtinComponents);
    const full = render(tree, reference);
    assert.is(fast.html, full.html);
    assert.equal(fast.facts, full.facts);
  });
}

test('should write plain parts once per tree, leaving the tree as it was', () => {
  const tree = hastOf('A *b*\n\n- c');
  const before = JSON.stringify(tree);
  const written = withPlainHtml(tree);
  assert.is.not(written, tree);
  assert.is(withPlainHtml(tree), written);
  assert.is(JSON.stringify(tree), before);
  assert.ok(written.children.some((node) => (node.type as string) === 'mdxFlowExpression'), 'a written part');
});

test('should hand components their children as elements, not as written HTML', () => {
  const tree: Root = {
    type: 'root',
    children: [{ type: 'element', tagName: 'Probe', properties: {}, children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'element', tagName: 'em', properties: {}, children: [{ type: 'text', value: 'x' }] }] }] }],
  };
  const seen: string[] = [];
  const Probe = (props: { children?: { type?: unknown; props?: { children?: { type?: unknown } } } }) => {
    seen.push(String(props.children?.type), String(props.children?.props?.children?.type));
    return h('div', null, props.children as never);
  };
  const html = render(tree, { ...builtinComponents, Probe }).html;
  assert.equal(seen, ['p', 'em']);
  assert.is(html, '<div><p><em>x</em></p></div>');
});

test('should render with the map when it overrides a tag this module writes', () => {
  const tree = hastOf('A *b*');
  const P = (props: { children?: unknown }) => h('p', { class: 'mine' }, props.children as never);
  assert.ok(hasPlainOverride({ ...builtinComponents, p: P }));
  assert.not.ok(hasPlainOverride(builtinComponents));
  assert.is(render(tree, { ...builtinComponents, p: P }).html, '<p class="mine">A <em>b</em></p>');
});

test.run();
