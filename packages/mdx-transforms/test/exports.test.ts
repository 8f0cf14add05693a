import { readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'createCodeBlockHighlighter',
    'createSampleHighlighter',
    'estimateReadingTime',
    'getHighlighter',
    'parseCodeMeta',
    'rehypeHeadingIds',
    'rehypeHighlightCode',
    'remarkAbsoluteImages',
    'remarkAbsoluteLinks',
    'remarkChangelog',
    'remarkCodeMeta',
    'remarkReadingTime',
    'remarkUnknownComponents',
    'remarkUnnestLinks',
    'remarkUnnestParagraphs',
    'rememberHighlightedCode',
    'rewriteLatexBlocks',
  ]);
});

test('should expose the Markdown twin on its own entry, loaded only by what writes twins', async () => {
  const mod = await import('../src/to-markdown-twin.js');
  assert.equal(Object.keys(mod).sort(), ['hastToMarkdownTwin', 'toMarkdownTwin']);
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, { default: string }> };
  assert.equal(manifest.exports['./markdown-twin']?.default, './dist/to-markdown-twin.js');
});

test('should list exactly these package exports (subpaths included)', async () => {
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
  assert.equal(Object.keys(manifest.exports).sort(), ['.', './markdown-twin', './package.json']);
});

test.run();
