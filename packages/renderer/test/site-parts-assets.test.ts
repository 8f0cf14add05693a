import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sitePartAssetFiles, sitePartAssetNames, sitePartAssetTags } from '../src/index.js';

test('should point at the site parts client script and stylesheet', () => {
  assert.equal(Object.keys(sitePartAssetFiles).sort(), ['site-parts.css', 'site-parts.js']);
  for (const file of Object.values(sitePartAssetFiles)) assert.ok(existsSync(file), file);
  assert.is(sitePartAssetNames.js, 'site-parts.js');
});

test('should link both assets under the asset prefix, escaped', () => {
  assert.is(sitePartAssetTags(), '<link rel="stylesheet" href="/_docsgen/site-parts.css"><script src="/_docsgen/site-parts.js" defer></script>');
  assert.match(sitePartAssetTags('/a"b'), 'href="/a&quot;b/site-parts.css"');
});

test('should keep the client script small and free of imports', () => {
  const source = readFileSync(sitePartAssetFiles['site-parts.js']!, 'utf8');
  // Part of the 30 KB (gzip) budget of a plain page (issue 5). 3.5 KB since the "Copy page" menu
  // carries every documented option and the full menu-button keyboard pattern (issue 25).
  assert.ok(gzipSync(source).length < 3.5 * 1024, `${gzipSync(source).length} bytes gzip`);
  assert.not.match(source, /^\s*import\s/m);
  assert.not.match(source, /\brequire\(/);
});

test.run();
