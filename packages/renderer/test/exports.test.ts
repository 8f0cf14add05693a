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
    'contextualActions',
    'documentAssetFiles',
    'documentAssetNames',
    'escapeHtml',
    'isLastUpdatedOn',
    'lastUpdatedTimes',
    'loadIcon',
    'loadRepositoryInfo',
    'navigationFileName',
    'pageLastUpdated',
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
    'socialIcon',
    'socialIconNames',
    'themeNames',
    'themeStylesheetName',
  ]);
});

test.run();
