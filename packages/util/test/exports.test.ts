import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };

// The package has no index: each concern is its own subpath, so client bundles that need
// `safe-url` never see `node:path` from `is-inside`.
const surface: Record<string, string[]> = {
  './colour': ['barTextOn', 'contrast', 'hexToRgb', 'luminance', 'mix', 'toHex'],
  './cross-origin': ['isCrossOrigin'],
  './did-you-mean': ['didYouMean', 'suggest'],
  './escape-html': ['escapeHtml'],
  './is-inside': ['isInside'],
  './line-index': ['findLineStarts', 'placeOfOffset'],
  './oldest-first': ['oldestFirst'],
  './safe-url': ['safeLinkProtocols', 'safeUrl', 'sanitizeHref', 'sanitizeSrc'],
  './slug': ['headingSlug', 'slugify'],
  './write-whole': ['writeNew', 'writeWhole'],
};

test('should list exactly these subpath exports', () => {
  assert.equal(Object.keys(manifest.exports).sort(), [...Object.keys(surface), './package.json'].sort());
});

test('should expose the public api of every subpath', async () => {
  for (const [subpath, names] of Object.entries(surface)) {
    const mod = await import(`../src/${subpath.slice(2)}.js`);
    assert.equal(Object.keys(mod).sort(), names, subpath);
  }
});

test('should import no node: module in the subpaths client code uses', () => {
  for (const name of ['colour', 'escape-html', 'safe-url']) {
    const source = readFileSync(new URL(`../src/${name}.ts`, import.meta.url), 'utf8');
    assert.not.match(source, /from 'node:/, name);
  }
});

test.run();
