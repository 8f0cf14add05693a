import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { contrast, luminance, toHex } from '../src/colour.js';
import { isCrossOrigin } from '../src/cross-origin.js';
import { isInside } from '../src/is-inside.js';
import { findLineStarts, placeOfOffset } from '../src/line-index.js';

const colour = suite('colour');

colour('should give WCAG luminance and contrast', () => {
  assert.is(luminance({ r: 0, g: 0, b: 0 }), 0);
  assert.is(luminance({ r: 255, g: 255, b: 255 }), 1);
  assert.is(contrast({ r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 }), 21);
  assert.is(contrast({ r: 255, g: 255, b: 255 }, { r: 0, g: 0, b: 0 }), 21, 'the order does not matter');
  assert.is(Math.round(contrast({ r: 118, g: 118, b: 118 }, { r: 255, g: 255, b: 255 }) * 100) / 100, 4.54);
});

colour('should write #rrggbb with rounded channels', () => {
  assert.is(toHex({ r: 0, g: 128.6, b: 255 }), '#0081ff');
});

colour.run();

const crossOrigin = suite('cross-origin');

crossOrigin('should trust requests without Origin or Sec-Fetch-Site', () => {
  assert.is(isCrossOrigin({ host: 'localhost:3000' }), false);
  assert.is(isCrossOrigin({ secFetchSite: 'same-origin', host: 'localhost:3000' }), false);
  assert.is(isCrossOrigin({ secFetchSite: 'none', origin: null, host: 'localhost:3000' }), false);
});

crossOrigin('should refuse other sites, whatever the Origin says', () => {
  assert.is(isCrossOrigin({ secFetchSite: 'cross-site', origin: 'http://localhost:3000', host: 'localhost:3000' }), true);
  assert.is(isCrossOrigin({ secFetchSite: 'same-site', host: 'localhost:3000' }), true);
  assert.is(isCrossOrigin({ origin: 'http://evil.example', host: 'localhost:3000' }), true);
  assert.is(isCrossOrigin({ origin: 'http://localhost:3001', host: 'localhost:3000' }), true);
  assert.is(isCrossOrigin({ origin: 'null', host: 'localhost:3000' }), true, 'an opaque origin cannot be parsed');
});

crossOrigin('should compare hosts without regard to case', () => {
  assert.is(isCrossOrigin({ origin: 'http://LOCALHOST:3000', host: 'localhost:3000' }), false);
  assert.is(isCrossOrigin({ origin: 'http://localhost:3000', host: 'LocalHost:3000' }), false);
});

crossOrigin.run();

const inside = suite('is-inside');

inside('should accept the root and what lies below it', () => {
  const root = resolve('/srv/site');
  assert.ok(isInside(root, root));
  assert.ok(isInside(root, join(root, 'a', 'b.png')));
});

inside('should refuse the parent, siblings that share the prefix, and other trees', () => {
  const root = resolve('/srv/site');
  assert.not.ok(isInside(root, resolve('/srv')));
  assert.not.ok(isInside(root, resolve('/srv/site-old/a.png')));
  assert.not.ok(isInside(root, resolve('/etc/passwd')));
  assert.ok(isInside(root, join(root, '..foo')), 'a name that starts with two dots is still inside');
});

inside.run();

const lines = suite('line-index');

lines('should find 1-based line and column for every line break style', () => {
  const text = 'ab\ncd\r\nef\rgh';
  const starts = findLineStarts(text);
  assert.equal(starts, [0, 3, 7, 10]);
  assert.equal(placeOfOffset(starts, 0), { line: 1, column: 1 });
  assert.equal(placeOfOffset(starts, 4), { line: 2, column: 2 });
  assert.equal(placeOfOffset(starts, 11), { line: 4, column: 2 });
  assert.equal(findLineStarts(text, { crIsLineBreak: false }), [0, 3, 7]);
});

lines('should place offsets past the end on the last line', () => {
  assert.equal(placeOfOffset([0, 5], 99), { line: 2, column: 95 });
  assert.equal(placeOfOffset([0], 0), { line: 1, column: 1 });
});

lines.run();
