import { h, type VNode } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinComponents as c, renderToHtml } from '../src/index.js';

test('should render in html mode by default', () => {
  assert.match(renderToHtml(h(c.Badge!, null, 'x')), '<span class="dg-badge"');
});

test('should render in markdown mode when asked', () => {
  assert.is(renderToHtml(h(c.Badge!, null, 'x'), { mode: 'markdown' }), 'x');
});

test('should prefix generated ids with idPrefix', () => {
  assert.match(renderToHtml(h(c.Tooltip!, { tip: 't' }, 'x'), { idPrefix: 'sidebar-' }), 'id="sidebar-');
  assert.match(renderToHtml(h(c.Tooltip!, { tip: 't' }, 'x')), 'id="dg-');
});

test('should escape text and attributes', () => {
  assert.is(renderToHtml(h('p', { title: '"x"' }, '<b>') as VNode), '<p title="&quot;x&quot;">&lt;b></p>');
});

test.run();
