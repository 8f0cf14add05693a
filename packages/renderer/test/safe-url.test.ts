import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isExternalHref, sanitizeHref, sanitizeSrc } from '../src/safe-url.js';

test('should turn unsafe link schemes into #, however they are spelt', () => {
  for (const href of ['javascript:alert(1)', 'JAVASCRIPT:x', ' javascript:x', '\tjava\nscript:x', '\u0000javascript:x', 'vbscript:x', 'data:text/html,x', 'file:///etc/passwd']) {
    assert.is(sanitizeHref(href), '#', JSON.stringify(href));
  }
});

test('should keep relative, fragment and allowed-scheme links', () => {
  for (const href of ['/a', 'a/b', '../c', '#x', '?q=1', 'https://x.dev', 'http://x.dev', 'mailto:a@b.c', 'tel:+1', 'ftp://x', 'a:b/c'.replace('a:', './a:')]) {
    assert.is(sanitizeHref(href), href);
  }
  assert.is(sanitizeHref(undefined), undefined);
});

test('should drop only script sources from images', () => {
  assert.is(sanitizeSrc('javascript:x'), undefined);
  assert.is(sanitizeSrc('data:image/png;base64,AA'), 'data:image/png;base64,AA');
  assert.is(sanitizeSrc('/images/a.png'), '/images/a.png');
});

test('should tell external links from internal ones', () => {
  assert.ok(isExternalHref('https://x.dev'));
  assert.ok(isExternalHref('//cdn.x.dev/a'));
  assert.not.ok(isExternalHref('/docs'));
  assert.not.ok(isExternalHref('mailto:a@b.c'));
  assert.not.ok(isExternalHref(undefined));
});

test.run();
