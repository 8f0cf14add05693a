import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'ProjectModules',
    'adapterFiles',
    'adapterNames',
    'assetFolders',
    'buildSearchIndex',
    'buildSite',
    'checkFolderMetas',
    'checkProject',
    'closeSearchIndexer',
    'createPageCompiler',
    'createSite',
    'defineConfig',
    'describePage',
    'discoverPages',
    'expandFolderNavigation',
    'findClosestPage',
    'firstHeading',
    'ignoredNames',
    'listFolderContents',
    'listIndexablePages',
    'llmsFullTxt',
    'llmsTxt',
    'loadFolderMetas',
    'loadProject',
    'loadUserConfig',
    'matchRedirect',
    'notFoundRedirectScript',
    'outputMarker',
    'parseFolderMeta',
    'parseFrontmatter',
    'readAdapterRedirects',
    'readableName',
    'renderPageContent',
    'renderSiteOutput',
    'renderSiteOutputs',
    'resolveCodeOptions',
    'robotsTxt',
    'searchFolder',
    'searchableDocument',
    'siteOutputNames',
    'sitemapXml',
    'toDocsgenMessage',
    'userConfigNames',
  ]);
});

test.run();
