import { readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'bindingFromRoot',
    'buildAsyncApiPages',
    'buildMdxApiPage',
    'buildOpenApiPages',
    'checkOperationReferences',
    'checkSpecs',
    'createOperationLookup',
    'generateCodeSamples',
    'generateExample',
    'httpMethods',
    'labelOperation',
    'loadSpec',
    'maxExampleValues',
    'maxSpecDepth',
    'maxSpecFileSize',
    'maxSpecFiles',
    'operationDocument',
    'parseMdxEndpoint',
    'parseOperationReference',
    'safeLinkProtocols',
    'safeUrl',
    'sampleCredentials',
    'slugifySegment',
    'templateVariables',
    'untitledOperationLabel',
    'whenReferenceBuilt',
  ]);
});

test('should list exactly these package exports (subpaths included)', async () => {
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
  assert.equal(Object.keys(manifest.exports).sort(), ['.', './mdx-api', './package.json', './sample-credentials', './sample-writers']);
});

test('should expose the public api of `@docsgen/openapi-pages/sample-credentials`', async () => {
  const mod = await import('../src/sample-credentials.js');
  assert.equal(Object.keys(mod).sort(), ['sampleCredentials']);
});

test('should expose the public api of `@docsgen/openapi-pages/sample-writers`', async () => {
  const mod = await import('../src/sample-writers.js');
  assert.equal(Object.keys(mod).sort(), ['sampleFormats', 'sampleWriters']);
});

test.run();
