import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'createSampleHighlighter',
    'estimateReadingTime',
    'getHighlighter',
    'hastToMarkdownTwin',
    'parseCodeMeta',
    'rehypeHeadingIds',
    'rehypeHighlightCode',
    'remarkAbsoluteImages',
    'remarkCodeMeta',
    'remarkReadingTime',
    'remarkUnknownComponents',
    'rewriteLatexBlocks',
    'toMarkdownTwin',
  ]);
});

test.run();
