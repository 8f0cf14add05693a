import { h, type ComponentType, type VNode } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinComponents, renderToHtml } from '../src/index.js';
import { startTags } from './html-tags.js';

const script = '<script>alert(1)</script>';
const breakout = '" onmouseover="alert(1)';

// Every text prop any component reads, set to hostile text (`html` is the trusted Shiki
// contract and is tested on its own below).
const textProps = [
  'title', 'label', 'description', 'tip', 'headline', 'cta', 'name', 'caption', 'hint', 'type',
  'default', 'query', 'path', 'body', 'header', 'chart', 'code', 'language', 'filename', 'icon',
  'id', 'placeholder', 'tags', 'pre', 'post', 'value', 'color', 'img', 'for',
];

function allComponents(): [string, ComponentType<any>][] {
  const entries = Object.entries(builtinComponents);
  for (const parent of ['Tree', 'Color']) {
    for (const [member, component] of Object.entries(builtinComponents[parent] as unknown as Record<string, ComponentType>)) {
      if (typeof component === 'function') entries.push([`${parent}.${member}`, component]);
    }
  }
  return entries;
}

test('should escape hostile text in every prop and in children of every component', () => {
  for (const hostile of [script, breakout]) {
    const props = Object.fromEntries(textProps.map((key) => [key, hostile]));
    for (const [name, component] of allComponents()) {
      for (const mode of ['html', 'markdown'] as const) {
        const html = renderToHtml(h(component, props, hostile), { mode });
        assert.not.match(html, '<script', `${name} (${mode})`);
        assert.not.match(html, '" onmouseover=', `${name} (${mode})`);
      }
    }
  }
});

test('should neutralise script URLs in every link-taking component', () => {
  const urls = ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', '\u0001javascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>'];
  for (const href of urls) {
    for (const name of ['a', 'Card', 'Tile', 'Tooltip']) {
      for (const mode of ['html', 'markdown'] as const) {
        const html = renderToHtml(h(builtinComponents[name]!, { href, tip: 't', cta: 'go', title: 'x' }, 'text'), { mode });
        assert.not.match(html.toLowerCase().replace(/\s/g, ''), /(java|vb)script:|data:text/, `${name} ${JSON.stringify(href)} (${mode})`);
      }
    }
  }
});

test('should replace a script href with # and keep safe ones', () => {
  assert.is(renderToHtml(h(builtinComponents.a!, { href: 'javascript:alert(1)' }, 'x')), '<a href="#">x</a>');
  for (const href of ['/docs', '#top', 'mailto:a@b.c', 'https://x.dev/?q=<b>', 'tel:+1', 'relative/path:with-colon']) {
    assert.match(renderToHtml(h(builtinComponents.a!, { href }, 'x')), `href="${href.replace('<', '&lt;')}"`);
  }
});

test('should drop script sources from images and keep data images', () => {
  assert.not.match(renderToHtml(h(builtinComponents.img!, { src: 'javascript:alert(1)', alt: '' })), 'src=');
  assert.match(renderToHtml(h(builtinComponents.img!, { src: 'data:image/png;base64,AAAA', alt: '' })), 'src="data:image/png;base64,AAAA"');
});

test('should drop CSS values that could break out of their declaration', () => {
  for (const color of ['red;background:url(https://x.example/a)', 'red}body{display:none', 'url(x)', 'red/**/']) {
    for (const element of [
      h(builtinComponents.Callout!, { color }, 'x'),
      h(builtinComponents.Card!, { color, title: 't' }),
      h(builtinComponents.Icon!, { icon: 'x', color }),
      h((builtinComponents.Color as any).Item, { name: 'n', value: color }),
    ]) {
      const styles = startTags(renderToHtml(element as VNode)).map((tag) => tag.attributes.style ?? '').join(' ');
      assert.not.match(styles, 'url(', color);
      assert.not.match(styles, 'display:none', color);
      assert.not.match(styles, '/*', color);
    }
  }
});

test('should inject the CodeBlock html contract as is, and only that', () => {
  const html = '<pre class="shiki"><code><span class="line">x</span></code></pre>';
  assert.match(renderToHtml(h(builtinComponents.CodeBlock!, { html, code: 'x' })), html);
  // In markdown mode the raw code is used, never the HTML.
  assert.is(
    renderToHtml(h(builtinComponents.CodeBlock!, { html: '<pre><script>alert(1)</script></pre>', code: '<b>' }), { mode: 'markdown' }),
    '<pre><code>&lt;b></code></pre>',
  );
});

test.run();
