import { readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'ProjectModules',
    'SiteLoadCache',
    'adapterFiles',
    'adapterNames',
    'agentInstructionsBlock',
    'agentSkillsIndexJson',
    'agentSpecLinks',
    'assetFolders',
    'buildSearchIndex',
    'buildSite',
    'cacheCompiler',
    'changelogFeed',
    'checkFolderMetas',
    'checkProject',
    'classifyAddress',
    'closeSearchIndexer',
    'createFetchSend',
    'createNodeSend',
    'createPageCompiler',
    'createSite',
    'createSiteMcp',
    'defineConfig',
    'describePage',
    'discoverPages',
    'expandFolderNavigation',
    'faviconFile',
    'feedPath',
    'findClosestPage',
    'findOutputKind',
    'findViewerBundles',
    'firstHeading',
    'generateSkill',
    'handleProxyRequest',
    'ignoreFileName',
    'ignoredNames',
    'isIgnoredFolder',
    'isInIgnoredFolder',
    'isLocalOrigin',
    'isMediaPath',
    'isSiteFile',
    'listFolderContents',
    'listIndexablePages',
    'listMcpPages',
    'listSiteMcpResources',
    'llmsFullTxt',
    'llmsTxt',
    'loadFolderMetas',
    'loadProject',
    'loadSiteSkills',
    'loadUserConfig',
    'matchRedirect',
    'maxSitemapUrls',
    'mcpFunctionFiles',
    'mcpFunctionPaths',
    'mcpRoute',
    'mcpSnapshotPath',
    'mediaIgnoredFolders',
    'notFoundRedirectScript',
    'outputMarker',
    'outputTable',
    'parseFolderMeta',
    'parseFrontmatter',
    'projectFolderProblem',
    'proxyFunctionFiles',
    'proxyFunctionPaths',
    'proxyRoute',
    'pruneCompileCache',
    'readAdapterRedirects',
    'readableName',
    'renderPageContent',
    'renderSiteOutput',
    'renderSiteOutputs',
    'resolveBuildOptions',
    'resolveCodeOptions',
    'resolveSiteOptions',
    'robotsTxt',
    'searchFolder',
    'searchableDocument',
    'searchableRegion',
    'siteMcpSource',
    'siteOutputNames',
    'sitemapPart',
    'sitemapXml',
    'skillsIndexJson',
    'toDocsgenMessage',
    'usedViewerFiles',
    'userConfigNames',
    'viewerNames',
    'viewerPackages',
    'viewerVendorPrefix',
  ]);
});

test('should list exactly these package exports (subpaths included)', async () => {
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
  assert.equal(Object.keys(manifest.exports).sort(), [
    '.',
    './adapters',
    './check',
    './package.json',
  ]);
});

test('should expose the public api of `@docsgen/core/adapters`', async () => {
  const mod = await import('../src/adapters.js');
  assert.equal(Object.keys(mod).sort(), [
    'adapterFiles',
    'adapterNames',
    'adapterRunsFunctions',
    'notFoundRedirectScript',
    'readAdapterRedirects',
  ]);
});

test('should expose the public api of `@docsgen/core/check`', async () => {
  const mod = await import('../src/check.js');
  assert.equal(Object.keys(mod).sort(), ['checkProject', 'compileSlugs']);
});

test.run();
