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
    'legacyThemeNames',
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
    'validateConfig',
  ]);
});

test.run();
