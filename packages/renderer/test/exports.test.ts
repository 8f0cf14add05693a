import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'RenderContext',
    'builtinComponentNames',
    'builtinComponents',
    'documentAssetFiles',
    'documentAssetNames',
    'escapeHtml',
    'renderDocument',
    'renderToHtml',
    'rendererAssets',
    'resolveComponents',
    'serializeJsonForScript',
  ]);
});

test.run();
