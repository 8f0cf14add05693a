import { readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), ['defineConfig', 'exitCodes', 'main']);
  // The exit codes are documented in the README and in `docsgen check --help`.
  assert.equal(mod.exitCodes, { ok: 0, failure: 1, usage: 2 });
});

test('should list exactly these package exports (subpaths included)', async () => {
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
  assert.equal(Object.keys(manifest.exports).sort(), ['.', './package.json']);
});

test.run();
