import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'bindingFromRoot',
    'buildAsyncApiPages',
    'buildOpenApiPages',
    'checkOperationReferences',
    'checkSpecs',
    'createOperationLookup',
    'generateCodeSamples',
    'generateExample',
    'httpMethods',
    'labelOperation',
    'loadSpec',
    'maxSchemaDepth',
    'maxSpecDepth',
    'maxSpecFileSize',
    'maxSpecFiles',
    'operationDocument',
    'parseOperationReference',
    'safeLinkProtocols',
    'safeUrl',
    'slugifySegment',
    'untitledOperationLabel',
  ]);
});

test.run();
