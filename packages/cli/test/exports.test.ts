import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), ['defineConfig', 'exitCodes', 'main']);
  // The exit codes are documented in the README and in `docsgen check --help`.
  assert.equal(mod.exitCodes, { ok: 0, failure: 1, usage: 2 });
});

test.run();
