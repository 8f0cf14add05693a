import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolveThumbnailSettings } from '../src/index.js';

const siteUrl = 'https://docs.example.com/';

test('should generate cards once a site URL is set, with theme defaults', () => {
  assert.equal(resolveThumbnailSettings({ siteUrl }), {
    mode: 'generated',
    image: null,
    siteUrl: 'https://docs.example.com',
    theme: 'base',
    appearance: 'light',
    background: '#f6f8fa',
    accent: '#2563eb',
    messages: [],
  });
});

test('should make no cards without a site URL', () => {
  assert.is(resolveThumbnailSettings({}).mode, 'off');
  assert.is(resolveThumbnailSettings({ siteUrl: '  ' }).mode, 'off');
});

test('should make no cards when turned off, even with an image', () => {
  const settings = resolveThumbnailSettings({ siteUrl, thumbnails: { enabled: false, image: '/og.png' } });
  assert.is(settings.mode, 'off');
  assert.is(settings.image, null);
});

test('should use one static image instead of cards', () => {
  assert.equal(
    [resolveThumbnailSettings({ siteUrl, thumbnails: { image: '/og.png' } })].map(({ mode, image }) => ({ mode, image })),
    [{ mode: 'image', image: '/og.png' }],
  );
  // An absolute image URL needs no site URL; a relative one does.
  assert.is(resolveThumbnailSettings({ thumbnails: { image: 'https://cdn.example.com/og.png' } }).mode, 'image');
  assert.is(resolveThumbnailSettings({ thumbnails: { image: '/og.png' } }).mode, 'off');
});

test('should take the accent from thumbnails, then colors.primary, then the theme', () => {
  const colors = { primary: '#16a34a' };
  assert.is(resolveThumbnailSettings({ colors, thumbnails: { accent: '#f0a' } }).accent, '#f0a');
  assert.is(resolveThumbnailSettings({ colors }).accent, '#16a34a');
  assert.is(resolveThumbnailSettings({ theme: 'pip' }).accent, '#7c3aed');
});

test('should take the background from thumbnails, else the theme surface for the appearance', () => {
  assert.is(resolveThumbnailSettings({ thumbnails: { background: '#101010' } }).background, '#101010');
  assert.is(resolveThumbnailSettings({ theme: 'readable' }).background, '#fbf8f1');
  assert.is(resolveThumbnailSettings({ theme: 'readable', thumbnails: { appearance: 'dark' } }).background, '#1f1d1a');
  assert.is(resolveThumbnailSettings({ theme: 'willow' }).theme, 'base');
});

test('should warn about a background image and use the theme surface', () => {
  const settings = resolveThumbnailSettings({ thumbnails: { background: '/images/card-bg.png' } });
  assert.is(settings.background, '#f6f8fa');
  assert.equal(settings.messages, [
    {
      reason: 'Unexpected image `/images/card-bg.png` in `thumbnails.background`: cards take a hex colour, so the theme\'s surface colour is used',
      ruleId: 'card-background-image',
      source: '@docsgen/og-cards',
      fatal: false,
      actual: '/images/card-bg.png',
      note: 'Set `thumbnails.background` to a colour such as `#0f172a`, or use `thumbnails.image` for one image on every page.',
    },
  ]);
});

test('should reject a colour that is not hex', () => {
  assert.throws(
    () => resolveThumbnailSettings({ thumbnails: { accent: 'red' } }),
    (error: unknown) => error instanceof TypeError && error.message.startsWith('Cannot resolve thumbnails: `thumbnails.accent` is `red`, expected a hex colour'),
  );
});

test.run();
