import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { documentAssetFiles, documentAssetNames } from '../src/index.js';

// api-playground.js is a browser module whose imports are other served assets: each must be
// in the asset table (the build publishes and the dev server serves only what is there) and
// export what the script imports.
const playground = readFileSync(documentAssetFiles[documentAssetNames.apiPlaygroundJs]!, 'utf8');
const imports = [...playground.matchAll(/^import \{([^}]+)\} from '\.\/([^']+)';$/gm)].map((match) => ({
  names: match[1]!.split(',').map((name) => name.trim()),
  asset: match[2]!,
}));

test('should import only the request-sample writers, from the asset table', () => {
  assert.equal(imports, [{ names: ['sampleWriters'], asset: documentAssetNames.apiSamplesJs }]);
  assert.is((playground.match(/^\s*import\b/gm) ?? []).length, imports.length, 'every import is a named import of a sibling asset');
});

test('should serve modules that export what the playground imports', async () => {
  for (const { names, asset } of imports) {
    const file = documentAssetFiles[asset];
    assert.ok(file && existsSync(file), asset);
    const source = readFileSync(file!, 'utf8');
    assert.not.match(source, /^\s*import\s/m, `${asset} must not import: the browser would fetch a path no one serves`);
    const mod = (await import(pathToFileURL(file!).href)) as Record<string, unknown>;
    for (const name of names) assert.ok(name in mod, `${asset} exports ${name}`);
  }
});

test('should write the same cURL sample in the browser module as the package exports', async () => {
  const served = (await import(pathToFileURL(documentAssetFiles[documentAssetNames.apiSamplesJs]!).href)) as typeof import('@docsgen/openapi-pages/sample-writers');
  const request = { method: 'GET', url: 'https://api.example.com/a b', headers: [['X-Key', "it's"]] as [string, string][], body: undefined };
  assert.is(served.sampleWriters.curl(request), "curl --request GET 'https://api.example.com/a b' \\\n  --header 'X-Key: it'\\''s'");
});

test.run();
