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
    siteName: '',
    theme: 'base',
    layout: 'rail',
    appearance: 'light',
    background: '#f6f8fa',
    accent: '#2563eb',
    logo: null,
    language: '',
  });
});

test('should take the default background from the theme and appearance', () => {
  assert.is(resolveCardOptions({ title: 'A', theme: 'base', appearance: 'dark' }).background, '#151b23');
  assert.is(resolveCardOptions({ title: 'A', theme: 'pith' }).background, '#ffffff');
  assert.is(resolveCardOptions({ title: 'A', theme: 'pith', appearance: 'dark' }).background, '#0a0a0a');
  assert.is(resolveCardOptions({ title: 'A', theme: 'pith', background: '#123456' }).background, '#123456');
});

test('should give every shipped theme its layout and draw other names as base', () => {
  const layouts = Object.fromEntries(
    ['base', 'pith', 'pip', 'readable', 'theme-e', 'maple', 'linden', 'aspen', 'luma'].map((theme) => [theme, resolveCardOptions({ title: 'A', theme }).layout]),
  );
  assert.equal(layouts, { base: 'rail', pith: 'centered', pip: 'band', readable: 'rail', 'theme-e': 'band', maple: 'band', linden: 'centered', aspen: 'rail', luma: 'centered' });
  const legacy = resolveCardOptions({ title: 'A', theme: 'mint' });
  assert.is(legacy.theme, 'base');
  assert.is(legacy.layout, 'rail');
});

test('should pick the logo for the appearance, falling back to the other one', () => {
  assert.is(resolveCardOptions({ title: 'A', logo: { light: 'l.svg', dark: 'd.svg' } }).logo, 'l.svg');
  assert.is(resolveCardOptions({ title: 'A', appearance: 'dark', logo: { light: 'l.svg', dark: 'd.svg' } }).logo, 'd.svg');
  assert.is(resolveCardOptions({ title: 'A', appearance: 'dark', logo: { light: 'l.svg' } }).logo, 'l.svg');
  assert.is(resolveCardOptions({ title: 'A', logo: {} }).logo, null);
  const bytes = new Uint8Array([1, 2, 3]);
  assert.is(resolveCardOptions({ title: 'A', logo: bytes }).logo, bytes);
});

test('should reject a logo that is neither a path nor bytes', () => {
  assert.is(
    message(() => resolveCardOptions({ title: 'A', logo: 42 } as unknown as CardOptions)),
    'Cannot render card: `logo` is `42`, expected a file path, bytes or `{light, dark}`',
  );
  assert.is(
    message(() => resolveCardOptions({ title: 'A', logo: { dark: 7 } } as unknown as CardOptions)),
    'Cannot render card: `logo.dark` is `7`, expected a file path or bytes',
  );
});

test('should reject an unknown appearance', () => {
  assert.is(
    message(() => resolveCardOptions({ title: 'A', appearance: 'dim' } as unknown as CardOptions)),
    'Cannot render card: `appearance` is `dim`, expected `light` or `dark`',
  );
});

test('should keep given values and trim text', () => {
  assert.equal(
    resolveCardOptions({
      title: '  Authentication ',
      description: ' Bearer tokens and keys\n',
      tab: ' API reference ',
      siteName: ' Acme ',
      theme: 'pip',
      appearance: 'dark',
      background: '#0F172A',
      accent: '#f0a',
      logo: '/logo.svg',
      language: ' zh-TW ',
    }),
    {
      width: 1200,
      height: 630,
      title: 'Authentication',
      description: 'Bearer tokens and keys',
      tab: 'API reference',
      siteName: 'Acme',
      theme: 'pip',
      layout: 'band',
      appearance: 'dark',
      background: '#0F172A',
      accent: '#f0a',
      logo: '/logo.svg',
      language: 'zh-TW',
    },
  );
});

test('should treat null like a missing field', () => {
  const resolved = resolveCardOptions({ title: 'A', description: null, tab: null, accent: null, logo: null, theme: null });
  assert.is(resolved.description, '');
  assert.is(resolved.tab, '');
  assert.is(resolved.accent, '#2563eb');
  assert.is(resolved.logo, null);
  assert.is(resolved.theme, 'base');
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
