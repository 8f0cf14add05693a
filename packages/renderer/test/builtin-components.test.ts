import { h } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinComponentNames, builtinComponents, renderToHtml } from '../src/index.js';

// COMPAT.md section 2 and issue 3 "Components": every name a page may use.
const required = [
  'Accordion', 'AccordionGroup', 'Badge', 'Callout', 'Card', 'CardGroup', 'Check', 'CodeBlock',
  'CodeGroup', 'Color', 'Column', 'Columns', 'Danger', 'Expandable', 'FileTree', 'Frame', 'GitHub', 'Heading', 'Icon',
  'Info', 'Latex', 'Mermaid', 'Note', 'OpenApiEndpoint', 'OpenApiViewerA', 'OpenApiViewerB', 'OpenApiViewerC', 'Panel', 'ParamField', 'Prompt', 'RequestExample',
  'ResponseExample', 'ResponseField', 'Step', 'Steps', 'Tab', 'Tabs', 'Tile', 'Tip', 'Tooltip',
  'Tree', 'Update', 'View', 'Visibility', 'Warning',
];

test('should hold every component real projects use', () => {
  for (const name of required) assert.type(builtinComponents[name], 'function', name);
});

test('should hold the element overrides and the unknown-component stand-in', () => {
  for (const name of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'img', 'UnknownComponent']) {
    assert.type(builtinComponents[name], 'function', name);
  }
});

test('should expose Tree and Color members as components, and FileTree as Tree', () => {
  const tree = builtinComponents.Tree as unknown as Record<string, unknown>;
  const color = builtinComponents.Color as unknown as Record<string, unknown>;
  assert.type(tree.Folder, 'function');
  assert.type(tree.File, 'function');
  assert.type(color.Row, 'function');
  assert.type(color.Item, 'function');
  assert.is(builtinComponents.FileTree, builtinComponents.Tree);
});

test('should list the capitalised names, sorted, without UnknownComponent', () => {
  assert.equal(builtinComponentNames, [...required].sort());
  assert.equal([...builtinComponentNames].sort(), builtinComponentNames);
});

test('should render every component with no props at all in both modes', () => {
  for (const [name, component] of Object.entries(builtinComponents)) {
    for (const mode of ['html', 'markdown'] as const) {
      assert.type(renderToHtml(h(component, {}), { mode }), 'string', `${name} in ${mode} mode`);
    }
  }
});

test('should render a frame caption\'s Markdown, sanitised, and keep a plain caption as text', () => {
  const frame = (caption: string, mode: 'html' | 'markdown' = 'html') => renderToHtml(h(builtinComponents.Frame!, { caption }, h('img', { src: '/a.png', alt: 'A' })), { mode });
  const rich = frame('See the [site](https://x.com) and **bold** `code`');
  assert.match(rich, '<figcaption class="dg-frame-caption"><span>See the <a href="https://x.com">site</a> and <strong>bold</strong> <code>code</code></span></figcaption>');
  assert.match(frame('See the [site](https://x.com)', 'markdown'), '<em><span>See the <a href="https://x.com">site</a></span></em>');
  // Script links and raw HTML do not survive; plain text is escaped as before.
  const hostile = frame('[x](javascript:alert(1)) *a* <img src=x onerror=alert(1)>');
  assert.not.match(hostile, 'javascript:');
  assert.not.match(hostile, 'onerror');
  assert.match(frame('Plain <b>text</b> "quoted"'), '<figcaption class="dg-frame-caption">Plain &lt;b>text&lt;/b> &quot;quoted&quot;</figcaption>');
});

test('should give a typed card its type\'s icon unless it names one, and none to an unknown type', () => {
  const card = (props: Record<string, unknown>) => renderToHtml(h(builtinComponents.Card!, { title: 'T', ...props }, 'Body'));
  assert.match(card({ type: 'tip' }), '<span class="dg-card-icon dg-card-glyph" aria-hidden="true"></span>');
  assert.not.match(card({ type: 'tip', icon: 'rocket' }), 'dg-card-glyph');
  assert.not.match(card({ type: 'sparkly' }), 'dg-card-glyph');
  assert.not.match(card({}), 'dg-card-glyph');
});

test.run();
