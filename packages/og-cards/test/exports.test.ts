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

test.run();
