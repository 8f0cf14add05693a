import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serializeJsonForScript } from '../src/index.js';

const hostile = {
  name: '</script><script>alert(1)</script>',
  comment: '<!-- <script>',
  cdata: ']]> & &amp;',
  separators: 'line\u2028paragraph\u2029end',
  nested: [{ headline: '</SCRIPT >' }],
};

test('should round-trip through JSON.parse', () => {
  assert.equal(JSON.parse(serializeJsonForScript(hostile)), hostile);
});

test('should leave no character that can end a script or a JS line', () => {
  const json = serializeJsonForScript(hostile);
  assert.not.match(json, /[<>&\u2028\u2029]/);
  assert.not.match(json.toLowerCase(), '</script');
  assert.not.match(json, '<!--');
});

test('should escape as \\u sequences', () => {
  assert.is(
    serializeJsonForScript('</script><script>alert(1)</script>'),
    '"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"',
  );
  assert.is(serializeJsonForScript('<!--'), '"\\u003c!--"');
  assert.is(serializeJsonForScript('a&b'), '"a\\u0026b"');
  assert.is(serializeJsonForScript('\u2028\u2029'), '"\\u2028\\u2029"');
});

test('should escape object keys too', () => {
  assert.is(serializeJsonForScript({ '</script>': 1 }), '{"\\u003c/script\\u003e":1}');
});

test('should evaluate to the same value as JavaScript', () => {
  const json = serializeJsonForScript(hostile);
  assert.equal(new Function(`return ${json}`)(), hostile);
});

test('should serialize plain values like JSON.stringify', () => {
  assert.is(serializeJsonForScript({ a: [1, true, null, 'x'] }), '{"a":[1,true,null,"x"]}');
  assert.is(serializeJsonForScript(null), 'null');
});

test('should throw for values with no JSON form', () => {
  assert.throws(
    () => serializeJsonForScript(undefined),
    (error: unknown) =>
      error instanceof TypeError &&
      error.message === 'Cannot serialize `undefined` for a script: expected a JSON value',
  );
  assert.throws(() => serializeJsonForScript(() => 1), TypeError);
});

test('should throw on cycles', () => {
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  assert.throws(() => serializeJsonForScript(cycle), TypeError);
});

test.run();
