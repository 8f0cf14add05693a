import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { escapeHtml } from '../src/index.js';

test('should escape the five html-significant characters', () => {
  assert.is(escapeHtml(`&<>"'`), '&amp;&lt;&gt;&quot;&#39;');
});

test('should leave other text alone', () => {
  assert.is(escapeHtml('Plain text, ünïcödé, 文档 and `code`.'), 'Plain text, ünïcödé, 文档 and `code`.');
  assert.is(escapeHtml(''), '');
});

test('should neutralise a script break-out', () => {
  assert.is(
    escapeHtml('</script><script>alert(1)</script>'),
    '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
  );
});

test('should neutralise attribute break-outs with either quote', () => {
  assert.is(escapeHtml('" onmouseover="alert(1)'), '&quot; onmouseover=&quot;alert(1)');
  assert.is(escapeHtml("' onfocus='alert(1)"), '&#39; onfocus=&#39;alert(1)');
});

test('should escape ampersands in existing entities exactly once per call', () => {
  assert.is(escapeHtml('&amp; &lt;'), '&amp;amp; &amp;lt;');
});

test('should escape comment openers', () => {
  assert.is(escapeHtml('<!-- x -->'), '&lt;!-- x --&gt;');
});

test('should throw for non-strings', () => {
  assert.throws(() => escapeHtml(undefined as unknown as string), /Cannot escape `undefined`: expected a string/);
});

test.run();
