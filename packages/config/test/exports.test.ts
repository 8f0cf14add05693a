import { readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'buildNavigation',
    'compareMessages',
    'createMessage',
    'docsSchema',
    'findDuplicateEntries',
    'findNavigationTrail',
    'findOrphanPages',
    'formatCodeFrame',
    'formatJsonPath',
    'formatMessageLine',
    'hasScheme',
    'isNavigablePage',
    'listNavigationEntries',
    'listNavigationPages',
    'loadConfig',
    'maxConfigSize',
    'maxIncludes',
    'maxJsonDepth',
    'normalizePageSlug',
    'operationKey',
    'parseConfig',
    'parseJsonSource',
    'parseOperationEntry',
    'resolveConfig',
    'resolveIncludes',
    'resolveProjectPath',
    'themeAliases',
    'validateConfig',
  ]);
});

test('should list exactly these package exports (subpaths included)', async () => {
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
  assert.equal(Object.keys(manifest.exports).sort(), ['.', './docs.schema.json', './package.json']);
});

test.run();
