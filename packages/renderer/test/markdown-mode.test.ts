import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { h } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinComponents as c, RenderContext, renderToHtml } from '../src/index.js';
import { loadFixtureInput } from './fixture-input.js';

const base = fileURLToPath(new URL('fixtures/components/', import.meta.url));

test('should never output scripts, buttons, SVG or form controls in markdown mode', async () => {
  for (const name of readdirSync(base)) {
    const folder = join(base, name);
    const html = renderToHtml(await loadFixtureInput(folder, readdirSync(folder)), { mode: 'markdown' });
    for (const tag of ['<script', '<button', '<svg', '<input', '<label', '<details', '<figure', '<style']) {
      assert.not.match(html, tag, `${name}: ${tag}`);
    }
    assert.not.match(html, /\srole=/, `${name}: role`);
  }
});

test('should render Visibility for humans only in html mode and for agents only in markdown mode', () => {
  const page = h('div', null, h(c.Visibility!, { for: 'humans' }, 'web'), h(c.Visibility!, { for: 'agents' }, 'twin'));
  assert.is(renderToHtml(page), '<div>web</div>');
  assert.is(renderToHtml(page, { mode: 'markdown' }), '<div>twin</div>');
});

test('should apply Visibility inside other components', () => {
  const note = h(c.Note!, null, h(c.Visibility!, { for: 'agents' }, h('p', null, 'for agents')));
  assert.match(renderToHtml(note, { mode: 'markdown' }), 'for agents');
  assert.not.match(renderToHtml(note), 'for agents');
});

test('should render Visibility without a known audience in both modes', () => {
  for (const mode of ['html', 'markdown'] as const) {
    assert.is(renderToHtml(h(c.Visibility!, null, 'both'), { mode }), 'both');
  }
});

test('should read the mode from RenderContext when rendered by another renderer', async () => {
  const { renderToString } = await import('preact-render-to-string');
  const element = h(RenderContext.Provider, { value: { mode: 'markdown' } }, h(c.Badge!, { color: 'red' }, 'New'));
  assert.is(renderToString(element), 'New');
  assert.match(renderToString(h(c.Badge!, null, 'New')), '<span class="dg-badge"');
});

test('should lower callouts to blockquotes with their label', () => {
  assert.is(
    renderToHtml(h(c.Warning!, null, h('p', null, 'Careful.'), h('p', null, 'More.')), { mode: 'markdown' }),
    '<blockquote><p><strong>Warning:</strong> Careful.</p><p>More.</p></blockquote>',
  );
  assert.is(
    renderToHtml(h(c.Note!, null, h('ul', null, h('li', null, 'item'))), { mode: 'markdown' }),
    '<blockquote><p><strong>Note:</strong></p><ul><li>item</li></ul></blockquote>',
  );
});

test('should lower fields to a list item with type and flags', () => {
  assert.is(
    renderToHtml(h(c.ParamField!, { body: 'name', type: 'string', required: true, default: 'x', deprecated: true }, h('p', null, 'The name.')), { mode: 'markdown' }),
    '<ul><li><p><code>name</code> (string, required, default: x, deprecated): The name.</p></li></ul>',
  );
});

test('should lower code blocks to pre with language and title, without highlighting', () => {
  assert.is(
    renderToHtml(h(c.CodeBlock!, { code: 'let a = 1;\n', language: 'ts', title: 'index.ts', html: '<pre class="shiki">…</pre>' }), { mode: 'markdown' }),
    '<pre data-language="ts" data-title="index.ts"><code>let a = 1;</code></pre>',
  );
});

test('should read the code from the highlighted html when no raw code is given', () => {
  assert.is(
    renderToHtml(h(c.CodeBlock!, { html: '<pre class="shiki"><code><span class="line"><span>a &lt; b &amp;&amp; c</span></span>\n<span class="line">&#x3C;d></span></code></pre>' }), { mode: 'markdown' }),
    '<pre><code>a &lt; b &amp;&amp; c\n&lt;d></code></pre>',
  );
});

test('should drop heading anchors and ids in markdown mode', () => {
  assert.is(renderToHtml(h(c.h2!, { id: 'a' }, 'A'), { mode: 'markdown' }), '<h2>A</h2>');
});


test('should keep titles written as JSX in markdown mode', () => {
  const title = h('span', { className: 'step-title' }, 'Launch Phoenix');
  assert.is(renderToHtml(h(c.Step!, { title }, 'Run it.'), { mode: 'markdown' }), '<li><p><strong><span class="step-title">Launch Phoenix</span></strong></p>Run it.</li>');
  assert.match(renderToHtml(h(c.Card!, { title: h('span', null, 'Platform overview'), href: '/platform' }), { mode: 'markdown' }), '<p><a href="/platform"><span>Platform overview</span></a></p>');
});

test.run();
