import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lookupContentType } from '../src/index.js';

test('should map every listed extension', () => {
  const expected: Record<string, string> = {
    'a.png': 'image/png',
    'a.jpg': 'image/jpeg',
    'a.jpeg': 'image/jpeg',
    'a.gif': 'image/gif',
    'a.svg': 'image/svg+xml',
    'a.webp': 'image/webp',
    'a.ico': 'image/x-icon',
    'a.css': 'text/css; charset=utf-8',
    'a.js': 'text/javascript; charset=utf-8',
    'a.json': 'application/json; charset=utf-8',
    'a.txt': 'text/plain; charset=utf-8',
    'a.woff': 'font/woff',
    'a.woff2': 'font/woff2',
    'a.mp4': 'video/mp4',
    'a.pdf': 'application/pdf',
  };

  for (const [name, type] of Object.entries(expected)) assert.is(lookupContentType(name), type, name);
});

test('should ignore the case of the extension', () => {
  assert.is(lookupContentType('/x/LOGO.PNG'), 'image/png');
  assert.is(lookupContentType('Diagram.Svg'), 'image/svg+xml');
});

test('should fall back to application/octet-stream, html included', () => {
  for (const name of ['a.html', 'a.htm', 'a.xml', 'a', 'a.', '.png', 'a.png.exe']) {
    assert.is(lookupContentType(name), 'application/octet-stream', name);
  }
});

test('should not read prototype properties for odd extensions', () => {
  assert.is(lookupContentType('a.constructor'), 'application/octet-stream');
  assert.is(lookupContentType('a.__proto__'), 'application/octet-stream');
});

test.run();
