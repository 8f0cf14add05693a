import { readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'cardInputHash',
    'cardThemeNames',
    'renderCard',
    'resolveCardOptions',
    'resolveThumbnailSettings',
  ]);
});

test('should list exactly these package exports (subpaths included)', async () => {
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
  assert.equal(Object.keys(manifest.exports).sort(), ['.', './package.json', './settings']);
});

test('should expose the public api of `@docsgen/og-cards/settings`', async () => {
  const mod = await import('../src/thumbnail-settings.js');
  assert.equal(Object.keys(mod).sort(), ['resolveThumbnailSettings']);
});

test.run();
