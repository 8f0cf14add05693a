import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'createDevServer',
    'createStaticServer',
    'internalPrefix',
    'lookupContentType',
    'maxRequestTargetLength',
    'parseRequestTarget',
    'resolveRequestFile',
    'resolveStaticServerOptions',
    'sendStatus',
    'serveResolvedFile',
  ]);
});

test.run();
