import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'ReloadChannel',
    'createDevServer',
    'createPreviewServer',
    'createStaticServer',
    'internalPrefix',
    'isAllowedHost',
    'lookupContentType',
    'maxRequestTargetLength',
    'parseRequestTarget',
    'reloadClientScript',
    'resolveRequestFile',
    'resolveStaticServerOptions',
    'sendStatus',
    'serveResolvedFile',
    'startDevSession',
  ]);
});

test.run();
