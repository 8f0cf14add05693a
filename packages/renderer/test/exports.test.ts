import { readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'ApiOperation',
    'RenderContext',
    'analyticsProviderNames',
    'analyticsScripts',
    'bannerHeadScript',
    'bannerStorageKey',
    'builtinComponentNames',
    'builtinComponents',
    'clientStringKeys',
    'clientStringsScript',
    'collectContentFacts',
    'contextualActions',
    'documentAssetFiles',
    'documentAssetNames',
    'escapeHtml',
    'findIcon',
    'findUnknownIcon',
    'formatUiString',
    'isLastUpdatedOn',
    'islandAssetNames',
    'languageTag',
    'loadIcon',
    'navigationFileName',
    'navigationFileParts',
    'pageLanguage',
    'pageMode',
    'renderApiOperation',
    'renderAsyncApiOperation',
    'renderBanner',
    'renderContextualMenu',
    'renderDocument',
    'renderFooter',
    'renderInlineMarkdown',
    'renderNavigationFile',
    'renderPageDocument',
    'renderProblemsOverlay',
    'renderSchemaFile',
    'renderSpecMarkdown',
    'renderToHtml',
    'rendererAssets',
    'resolveComponents',
    'resolveContextualOptions',
    'resolveEditUrl',
    'resolveIcon',
    'sanitizeHref',
    'sanitizeSrc',
    'serializeJsonForScript',
    'sitePartAssetFiles',
    'sitePartAssetNames',
    'sitePartAssetTags',
    'slugify',
    'socialIcon',
    'socialIconNames',
    'textDirection',
    'themeNames',
    'themeStylesheetName',
    'uiStringTables',
    'uiStrings',
  ]);
});

test('should list exactly these package exports (subpaths included)', async () => {
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
  assert.equal(Object.keys(manifest.exports).sort(), ['.', './package.json']);
});

test.run();
