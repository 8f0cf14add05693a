import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolveCardOptions, type CardOptions } from '../src/index.js';

function message(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.instance(error, TypeError);
    return (error as TypeError).message;
  }

  throw new Error('expected a TypeError');
}

test('should apply every default for a title alone', () => {
  assert.equal(resolveCardOptions({ title: 'Quickstart' }), {
    width: 1200,
    height: 630,
    title: 'Quickstart',
    description: '',
    tab: '',
    background: '#ffffff',
    accent: '#16a34a',
  });
});

test('should keep given values and trim text', () => {
  assert.equal(
    resolveCardOptions({
      title: '  Authentication ',
      description: ' Bearer tokens and keys\n',
      tab: ' API reference ',
      background: '#0F172A',
      accent: '#f0a',
    }),
    {
      width: 1200,
      height: 630,
      title: 'Authentication',
      description: 'Bearer tokens and keys',
      tab: 'API reference',
      background: '#0F172A',
      accent: '#f0a',
    },
  );
});

test('should treat null like a missing field', () => {
  const resolved = resolveCardOptions({ title: 'A', description: null, tab: null, accent: null });
  assert.is(resolved.description, '');
  assert.is(resolved.tab, '');
  assert.is(resolved.accent, '#16a34a');
});

test('should always be 1200x630, whatever the caller passes', () => {
  const sneaky = { title: 'A', width: 800, height: 100 } as CardOptions;
  const resolved = resolveCardOptions(sneaky);
  assert.is(resolved.width, 1200);
  assert.is(resolved.height, 630);
});

test('should accept hex colours with 3, 6 or 8 digits in any case', () => {
  for (const colour of ['#abc', '#ABC', '#16a34a', '#16A34A', '#16a34a80']) {
    assert.is(resolveCardOptions({ title: 'A', accent: colour }).accent, colour);
  }
});

test('should reject a named colour with a precise message', () => {
  assert.is(
    message(() => resolveCardOptions({ title: 'A', accent: 'red' })),
    'Cannot render card: `accent` is `red`, expected a hex colour (`#` followed by 3, 6 or 8 hex digits, such as `#16a34a`)',
  );
});

test('should reject hex colours of other lengths or forms', () => {
  for (const colour of ['#abcd', '#12345', '#1234567', '#123456789', '16a34a', '#ggg', '# abc', '#abc ', '']) {
    assert.match(
      message(() => resolveCardOptions({ title: 'A', background: colour })),
      `Cannot render card: \`background\` is \`${colour}\`, expected a hex colour`,
    );
  }
});

test('should reject a colour that is not a string', () => {
  const bad = { title: 'A', accent: 0x16a34a } as unknown as CardOptions;
  assert.match(message(() => resolveCardOptions(bad)), '`accent` is `1483594`, expected a hex colour');
});

test('should reject a missing or blank title', () => {
  assert.is(
    message(() => resolveCardOptions({} as CardOptions)),
    'Cannot render card: `title` is `undefined`, expected a string',
  );
  assert.is(
    message(() => resolveCardOptions({ title: '  ' })),
    'Cannot render card: `title` is `  `, expected a non-empty string',
  );
});

test('should reject text fields that are not strings', () => {
  const bad = { title: 'A', description: ['x'] } as unknown as CardOptions;
  assert.is(
    message(() => resolveCardOptions(bad)),
    'Cannot render card: `description` is `["x"]`, expected a string',
  );
});

test('should reject missing options', () => {
  assert.is(
    message(() => resolveCardOptions(undefined as unknown as CardOptions)),
    'Cannot render card: `options` is `undefined`, expected an object with a `title`',
  );
});

test.run();
