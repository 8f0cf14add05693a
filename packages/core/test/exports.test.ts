import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'ProjectModules',
    'checkProject',
    'createPageCompiler',
    'createSite',
    'describePage',
    'discoverPages',
    'findClosestPage',
    'firstHeading',
    'ignoredNames',
    'loadProject',
    'matchRedirect',
    'parseFrontmatter',
    'readableName',
    'renderPageContent',
    'resolveCodeOptions',
    'toDocsgenMessage',
  ]);
});

test.run();
