import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'assemblePagefindIndex',
    'assemblePagefindIndexAndState',
    'createSearchService',
    'decodeCbor',
    'encodeCbor',
    'isSamePagefindIndex',
    'searchableDocument',
    'searchableRegion',
    'splitPagefindIndex',
  ]);
});

test('should expose the counters for tests, the repacking and the merging of parts at `@docsgen/search/internal`', async () => {
  const mod = await import('../src/internal.js');
  assert.equal(Object.keys(mod).sort(), ['countSearchRounds', 'countWordIndexUpdates', 'mergeLanguageParts', 'repackPagefindIndex']);
});

test('should list every entry point in package.json exports', () => {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
  assert.equal(Object.keys(manifest.exports).sort(), ['.', './internal', './package.json']);
});

test.run();
