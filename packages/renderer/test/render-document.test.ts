import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderDocument } from '../src/index.js';

test('should title the document `Page - Site` and escape every value', () => {
  const html = renderDocument({ title: 'A <b>page</b>', siteName: 'Site & co', description: '"quoted"', contentHtml: '<p>Body</p>' });
  assert.match(html, '<title>A &lt;b&gt;page&lt;/b&gt; - Site &amp; co</title>');
  assert.match(html, '<meta name="description" content="&quot;quoted&quot;">');
  assert.match(html, '<h1>A &lt;b&gt;page&lt;/b&gt;</h1>');
  assert.match(html, '<p>Body</p>');
  assert.ok(html.startsWith('<!doctype html>'));
});

test('should link math and diagram assets only when the page needs them', () => {
  const plain = renderDocument({ title: 'T', siteName: 'S', contentHtml: '' });
  assert.not.match(plain, 'katex');
  assert.not.match(plain, 'mermaid');
  assert.match(plain, '<script src="/_docsgen/client.js" defer></script>');
  const rich = renderDocument({ title: 'T', siteName: 'S', contentHtml: '', hasMath: true, hasMermaid: true, assetBase: '/x' });
  assert.match(rich, '<link rel="stylesheet" href="/x/katex.min.css">');
  assert.match(rich, '<script src="/x/mermaid.min.js" defer></script>');
  assert.match(rich, '<script src="/x/mermaid-loader.js" defer></script>');
});

test('should leave the heading to the content when asked', () => {
  assert.not.match(renderDocument({ title: 'T', siteName: 'S', contentHtml: '<h1>T</h1>', showTitle: false }), '<h1>T</h1>\n<h1>');
  assert.is(renderDocument({ title: 'S', siteName: 'S', contentHtml: '' }).match(/<title>S<\/title>/)?.length, 1);
});

test.run();
