import { rmSync } from 'node:fs';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { toHtml } from 'hast-util-to-html';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSite } from '../src/index.js';
import { remarkHeadingIds } from '../src/remark-heading-ids.js';
import { writeTempProject } from './temp-project.js';

const test = suite('remarkHeadingIds');

/** The HTML of `markdown` parsed as CommonMark with the plugin. */
async function html(markdown: string): Promise<string> {
  const processor = unified().use(remarkParse).use(remarkHeadingIds).use(remarkRehype);
  return toHtml(await processor.run(processor.parse(markdown)));
}

test('should take `{#id}` off the end of a heading and make it the id', async () => {
  assert.is(await html('## Configuration options {#config}'), '<h2 id="config">Configuration options</h2>');
  assert.is(await html('### Use **bold** text {#bold-text}  '), '<h3 id="bold-text">Use <strong>bold</strong> text</h3>');
  assert.is(await html('Setext heading {#setext}\n==='), '<h1 id="setext">Setext heading</h1>');
  assert.is(await html('## {#only-id}'), '<h2 id="only-id"></h2>');
});

test('should leave `{#…}` as text where it is not a heading id', async () => {
  assert.is(await html('## The {#middle} of it'), '<h2>The {#middle} of it</h2>');
  assert.is(await html('A paragraph {#not-a-heading}'), '<p>A paragraph {#not-a-heading}</p>');
  assert.is(await html('## Spaced {# a}'), '<h2>Spaced {# a}</h2>');
  assert.is(await html('## Code `{#x}`'), '<h2>Code <code>{#x}</code></h2>');
});

test('should read an id written with spaces as its words joined by `-`, with a warning', async () => {
  const processor = unified().use(remarkParse).use(remarkHeadingIds).use(remarkRehype);
  const file = new VFile({ path: 'cli.mdx', value: '## Run Workflows {#comfy run}\n' });
  assert.is(toHtml(await processor.run(processor.parse(file), file)), '<h2 id="comfy-run">Run Workflows</h2>');
  assert.equal(file.messages.map((message) => [message.ruleId, message.reason, message.line, message.column]), [['heading-id-space', 'Unexpected space in heading id `comfy run`, using `comfy-run`', 1, 1]]);
  assert.match(file.messages[0]!.note ?? '', 'write `{#comfy-run}`');
});

test('should compile MDX pages with heading ids, which stopped them before', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Ids', navigation: { pages: ['index', 'plain'] } }),
    'index.mdx': [
      '---', 'title: Upgrading', '---', '',
      '## Memory & embedder config {#memory-embedder-config}', '',
      'Text with {1 + 1} and a literal {#not-an-id} here.', '',
      '### <Icon icon="gear" /> Settings {#settings}', '',
      // ComfyUI's docs: a space in the id stopped the whole build.
      '## Run Workflows {#comfy run}', '',
      '## Plain heading', '',
      '[Back](#memory-embedder-config)', '',
    ].join('\n'),
    'plain.md': '---\ntitle: Plain\n---\n\n## Options {#opts}\n\nText.\n',
  });
  try {
    const site = await createSite(root);
    const page = await site.render('index');
    assert.equal(page?.messages.filter((message) => message.fatal), []);
    const content = page?.html ?? '';
    assert.match(content, /<h2 id="memory-embedder-config"[^>]*>/);
    assert.match(content, /<h3 id="settings"[^>]*>/);
    assert.match(content, /<h2 id="comfy-run"[^>]*>Run Workflows/);
    assert.equal(page?.messages.map((message) => message.ruleId), ['heading-id-space']);
    assert.match(content, /<h2 id="plain-heading"[^>]*>/);
    assert.match(content, /Text with 2 and a literal \{#not-an-id\} here\./);
    assert.not.match(content, /\{#memory-embedder-config\}|\{#settings\}/);
    assert.equal(page?.toc?.map((entry) => [entry.id, entry.text]), [
      ['memory-embedder-config', 'Memory & embedder config'],
      ['settings', 'Settings'],
      ['comfy-run', 'Run Workflows'],
      ['plain-heading', 'Plain heading'],
    ]);
    const twin = (await site.markdown('index'))?.markdown ?? '';
    assert.match(twin, /^## Memory & embedder config$/m);
    assert.not.match(twin, /\{#memory-embedder-config\}/);
    const plain = await site.render('plain');
    assert.match(plain?.html ?? '', /<h2 id="opts"[^>]*>/);
    assert.match((await site.markdown('plain'))?.markdown ?? '', /^## Options$/m);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
