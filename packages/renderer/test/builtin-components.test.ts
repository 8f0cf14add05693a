import { h } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinComponentNames, builtinComponents, renderToHtml } from '../src/index.js';

// COMPAT.md section 2 and issue 3 "Components": every name a page may use.
const required = [
  'Accordion', 'AccordionGroup', 'Badge', 'Callout', 'Card', 'CardGroup', 'Check', 'CodeBlock',
  'CodeGroup', 'Color', 'Column', 'Columns', 'Danger', 'Expandable', 'FileTree', 'Frame', 'Icon',
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

test.run();
