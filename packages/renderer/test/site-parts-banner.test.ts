import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bannerHeadScript, bannerStorageKey, renderBanner, renderInlineMarkdown } from '../src/index.js';

test('should render links, emphasis and inline code of the banner content, nothing else', () => {
  assert.is(
    renderInlineMarkdown('**New**: *v2* and __bold__ _em_ with `npm i` — [notes](/changelog) <https://x.dev>'),
    '<strong>New</strong>: <em>v2</em> and <strong>bold</strong> <em>em</em> with <code>npm i</code> — <a href="/changelog">notes</a> <a href="https://x.dev" rel="noopener noreferrer">https://x.dev</a>',
  );
  assert.is(renderInlineMarkdown('***both*** and **a *b* c**'), '<strong><em>both</em></strong> and <strong>a <em>b</em> c</strong>');
  assert.is(renderInlineMarkdown('[**bold** link](https://a.dev "title")'), '<a href="https://a.dev" rel="noopener noreferrer"><strong>bold</strong> link</a>');
});

test('should keep raw HTML, JSX and expressions as visible text', () => {
  const html = renderInlineMarkdown('<b onclick="x()">hi</b> <Icon icon="x" /> {1 + 1} <img src=x onerror=alert(1)>');
  assert.not.match(html, /<b|<img|<Icon/);
  assert.is(html, '&lt;b onclick=&quot;x()&quot;&gt;hi&lt;/b&gt; &lt;Icon icon=&quot;x&quot; /&gt; {1 + 1} &lt;img src=x onerror=alert(1)&gt;');
});

test('should turn unsafe link schemes into `#` and escape link text and targets', () => {
  assert.is(renderInlineMarkdown('[x](javascript:alert(1))'), '<a href="#">x</a>');
  assert.is(renderInlineMarkdown('[x]( JavaScript:alert(1) )'), '<a href="#">x</a>');
  assert.is(renderInlineMarkdown('[x](<vbscript:msgbox(1)>)'), '<a href="#">x</a>');
  // Not a link at all (a tab cannot be part of a destination): plain text.
  assert.is(renderInlineMarkdown('[x](java\tscript:alert(1))'), '[x](java\tscript:alert(1))');
  assert.is(renderInlineMarkdown('[a"b](/p?a=1&b="2")'), '<a href="/p?a=1&amp;b=&quot;2&quot;">a&quot;b</a>');
  assert.is(renderInlineMarkdown('[outer [inner](/i)](/o)'), '<a href="/o">outer [inner](/i)</a>');
});

test('should leave unmatched markers, intraword underscores and escapes as text', () => {
  assert.is(renderInlineMarkdown('snake_case_name and 2 * 3 * 4'), 'snake_case_name and 2 * 3 * 4');
  assert.is(renderInlineMarkdown('\\*not em\\* and `unclosed'), '*not em* and `unclosed');
  assert.is(renderInlineMarkdown('`` a ` b ``'), '<code>a ` b</code>');
  assert.is(renderInlineMarkdown('*a `*` b*'), '<em>a <code>*</code> b</em>');
});

test('should read character references as the characters they stand for, escaped, and leave code and unknown names alone', () => {
  // Portkey's banner ends "AI agents. &nbsp; [Register …]".
  assert.is(renderInlineMarkdown('AI agents. &nbsp; [Register](/r)'), 'AI agents. \u00a0 <a href="/r">Register</a>');
  assert.is(renderInlineMarkdown('v2 &rarr; v3 &#8594; &#x2192; &copy;'), 'v2 \u2192 v3 \u2192 \u2192 \u00a9');
  assert.is(renderInlineMarkdown('&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp;'), '&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp;');
  assert.is(renderInlineMarkdown('[a &amp; b](/x)'), '<a href="/x">a &amp; b</a>');
  assert.is(renderInlineMarkdown('`&nbsp;` &nosuchname; &#0; &#xD800; & ;'), '<code>&amp;nbsp;</code> &amp;nosuchname; \ufffd \ufffd &amp; ;');
});

test('should render the tone, a close button only when dismissible, and nothing without content', () => {
  const html = renderBanner({ content: 'Hi', type: 'warning', dismissible: true, id: 'launch' });
  assert.match(html, '<div class="dg-banner" id="banner" data-tone="warning" data-dismissible data-banner-key="docsgen:banner:launch" role="region" aria-label="Announcement">');
  assert.match(html, '<button type="button" class="dg-banner-close" aria-label="Dismiss announcement">');
  const fixed = renderBanner({ content: 'Hi', type: 'success' });
  assert.match(fixed, 'data-tone="success"');
  assert.not.match(fixed, 'dg-banner-close');
  assert.not.match(fixed, 'data-dismissible');
  assert.match(renderBanner({ content: 'Hi', type: 'purple' }), 'data-tone="info"');
  assert.match(renderBanner({ content: 'Hi', type: 'critical' }), 'data-tone="critical"');
  assert.is(renderBanner({ content: '  ' }), '');
  assert.is(renderBanner(undefined), '');
});

test('should take background colours only as hex values, each with a text colour that reads on it', () => {
  assert.match(renderBanner({ content: 'Hi', color: { light: '#ffeecc', dark: '#123' } }), 'style="--dg-banner-bg:#ffeecc;--dg-banner-fg:#111827;--dg-banner-bg-dark:#123;--dg-banner-fg-dark:#ffffff"');
  assert.not.match(renderBanner({ content: 'Hi', color: { light: 'red;background:url(x)' } }), 'style=');
});

test('should escape the storage key in the banner attribute', () => {
  assert.match(renderBanner({ content: 'Hi', dismissible: true, id: '"><script>' }), 'data-banner-key="docsgen:banner:&quot;&gt;&lt;script&gt;"');
});

test('should derive the storage key from the id, else from the content', () => {
  assert.is(bannerStorageKey({ content: 'A', id: 'v1' }), 'docsgen:banner:v1');
  assert.is.not(bannerStorageKey({ content: 'A', id: 'v2' }), bannerStorageKey({ content: 'A', id: 'v1' }));
  // The same id keeps the key when the wording changes: only a new id shows the banner again.
  assert.is(bannerStorageKey({ content: 'B', id: 'v1' }), 'docsgen:banner:v1');
  assert.match(bannerStorageKey({ content: 'A' })!, /^docsgen:banner:content-[0-9a-f]{16}$/);
  assert.is.not(bannerStorageKey({ content: 'A' }), bannerStorageKey({ content: 'B' }));
  assert.is(bannerStorageKey({ content: '' }), undefined);
});

test('should give a head script only for a dismissible banner, with the key as safe JSON', () => {
  assert.is(bannerHeadScript({ banner: { content: 'Hi' } }), '');
  assert.is(bannerHeadScript({}), '');
  const head = bannerHeadScript({ banner: { content: 'Hi', dismissible: true, id: '</script><script>alert(1)//' } });
  assert.is(head.match(/<\/script>/g)?.length, 1);
  assert.match(head, 'localStorage.getItem("docsgen:banner:\\u003c/script\\u003e\\u003cscript\\u003ealert(1)//")');
  assert.match(head, 'html[data-dg-banner-dismissed] .dg-banner[data-dismissible]{display:none}');
});

test.run();
