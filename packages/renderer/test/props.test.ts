import { h } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classNames, elementChildren, parseBoolean, parseInteger, parseList, parseText, safeCssValue, textOfChildren } from '../src/props.js';

test('should read booleans the way MDX and HTML write them', () => {
  for (const value of [true, '', 'true', 'TRUE', ' true ', 1, '1']) assert.is(parseBoolean(value), true, String(value));
  for (const value of [false, 'false', 0, '0']) assert.is(parseBoolean(value, true), false, String(value));
  for (const value of [undefined, null, 'maybe', {}]) {
    assert.is(parseBoolean(value), false);
    assert.is(parseBoolean(value, true), true);
  }
});

test('should read integers from numbers and strings, clamped', () => {
  assert.is(parseInteger('3', 2, 1, 4), 3);
  assert.is(parseInteger(9, 2, 1, 4), 4);
  assert.is(parseInteger('-1', 2, 0), 0);
  assert.is(parseInteger('2.7', 0), 2);
  assert.is(parseInteger('', 2), 2);
  assert.is(parseInteger('three', 2), 2);
  assert.is(parseInteger(undefined, 2), 2);
});

test('should read lists from arrays, JSON strings and single strings', () => {
  assert.equal(parseList(['a', 2]), ['a', '2']);
  assert.equal(parseList('["a","b"]'), ['a', 'b']);
  assert.equal(parseList('[not json'), ['[not json']);
  assert.equal(parseList('one'), ['one']);
  assert.equal(parseList(''), []);
  assert.equal(parseList(undefined), []);
});

test('should read text props and ignore objects', () => {
  assert.is(parseText('a'), 'a');
  assert.is(parseText(3), '3');
  assert.is(parseText({}), undefined);
});

test('should join class names and skip empty ones', () => {
  assert.is(classNames('a', undefined, '', 'b'), 'a b');
  assert.is(classNames(undefined), undefined);
});

test('should keep only element children and read nested text', () => {
  assert.is(elementChildren(['\n', h('p', null), ' ', h('b', null)]).length, 2);
  assert.is(textOfChildren(['a', h('b', null, 'c', 1)]), 'ac1');
});

test('should accept colours, lengths and variables, and refuse break-outs', () => {
  for (const value of ['#fff', 'rgb(0 0 0 / 50%)', 'var(--x)', '2rem', 'light-dark(#fff, #000)']) assert.is(safeCssValue(value), value);
  for (const value of ['red;color:blue', 'a{b}', 'url(x)', 'URL (x)', 'red\\3b', 'red/*x*/', '"x"', '', undefined, {}]) {
    assert.is(safeCssValue(value), undefined, String(value));
  }
});

test.run();
