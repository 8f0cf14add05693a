import type { PhrasingContent, Root } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { mathToMarkdown } from 'mdast-util-math';
import { defaultHandlers, toMarkdown, type Handle, type Options } from 'mdast-util-to-markdown';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { inlineCodeWith } from '../src/to-markdown-twin-code.js';

const test = suite('to-markdown-twin-code');

const gfm = gfmToMarkdown();
const gfmInlineCode = gfm.extensions!.map((extension) => extension.handlers?.inlineCode).findLast((handle) => handle !== undefined)!;
const options: Options = { bullet: '-', emphasis: '*', strong: '*', fences: true, resourceLink: true, extensions: [gfm, mathToMarkdown()] };

/** `value` as inline code in a paragraph, a heading, a link, a list item and a table cell. */
function contexts(value: string): Root[] {
  const code = (): PhrasingContent => ({ type: 'inlineCode', value });
  return [
    { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'a' }, code(), { type: 'text', value: 'b' }] }] },
    { type: 'root', children: [{ type: 'heading', depth: 3, children: [code()] }] },
    { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'link', url: '/x', title: null, children: [code()] }] }] },
    { type: 'root', children: [{ type: 'list', ordered: true, children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [code()] }] }] }] },
    { type: 'root', children: [{ type: 'table', align: [null], children: [{ type: 'tableRow', children: [{ type: 'tableCell', children: [code()] }] }] }] },
  ];
}

/** The Markdown of `tree` with `handle` as it is and wrapped. */
function both(tree: Root, handle: Handle, settings: Options = options): [string, string] {
  return [toMarkdown(tree, { ...settings, handlers: { inlineCode: handle } }), toMarkdown(tree, { ...settings, handlers: { inlineCode: inlineCodeWith(handle) } })];
}

const alphabet = ['a', '1', ' ', '\t', '\n', '\r', '`', '|', '\\', '#', '-', '*', '+', '>', '=', '.', ')', '~', '[', '_', '$', ':'];

test('should write what GFM’s and the default inline code handlers write', () => {
  const samples = ['plain', 'a\n# not a heading', 'x\r\n- not a list', 'pipe | in code', 'a\\|b', '`tick`', 'x\n\n1. y', ' \n ', ''];
  let seed = 5;
  for (let index = 0; index < 300; index += 1) {
    let value = '';
    for (let character = 0; character < 1 + (index % 9); character += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      value += alphabet[seed % alphabet.length];
    }
    samples.push(value);
  }
  for (const value of samples) {
    for (const tree of contexts(value)) {
      for (const handle of [gfmInlineCode, defaultHandlers.inlineCode]) {
        const [expected, actual] = both(tree, handle);
        assert.is(actual, expected, JSON.stringify(value));
      }
    }
  }
});

test('should keep the patterns that need no line ending (`atBreak` with `beforeNode`)', () => {
  // An extension's pattern: `#` at the start of the code, whatever comes before it.
  const settings: Options = { ...options, extensions: [...options.extensions!, { unsafe: [{ character: '#', atBreak: true, beforeNode: 'text' }] }] };
  for (const value of ['#a', 'a#', '# b', 'x\n#']) {
    for (const tree of contexts(value)) {
      const [expected, actual] = both(tree, defaultHandlers.inlineCode, settings);
      assert.is(actual, expected, JSON.stringify(value));
    }
  }
});

test('should leave the state’s unsafe patterns as they were', () => {
  let seen: unknown[] | undefined;
  const tree: Root = { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'inlineCode', value: 'a' }, { type: 'text', value: 'b' }] }] };
  toMarkdown(tree, {
    ...options,
    handlers: {
      inlineCode: inlineCodeWith(gfmInlineCode),
      text(node, _parent, state) {
        seen = state.unsafe;
        return (node as { value: string }).value;
      },
    },
  });
  assert.ok(seen && seen.length > 50, 'every pattern is back after the code');
});

test('should give the code’s first character without writing the code (`peek`)', () => {
  // Code after other phrasing: mdast-util-to-markdown asks it for its first character first.
  const tree: Root = {
    type: 'root',
    children: [{ type: 'paragraph', children: [{ type: 'text', value: 'a ' }, { type: 'inlineCode', value: 'b|c' }, { type: 'link', url: '/x', title: null, children: [{ type: 'text', value: 'd' }] }, { type: 'inlineCode', value: '`e' }] }],
  };
  for (const handle of [gfmInlineCode, defaultHandlers.inlineCode]) {
    let calls = 0;
    const counted: Handle = (...parameters) => {
      calls += 1;
      return handle(...parameters);
    };
    const [expected, actual] = both(tree, handle);
    assert.is(actual, expected);
    toMarkdown(tree, { ...options, handlers: { inlineCode: inlineCodeWith(counted) } });
    assert.is(calls, 2, 'each code written once');
    assert.is(inlineCodeWith(counted).peek({ type: 'inlineCode', value: 'x' }, undefined, {} as never, {} as never), '`');
  }
});

test.run();
