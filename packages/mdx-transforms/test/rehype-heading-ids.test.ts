import type { Root } from 'hast';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { VFile } from 'vfile';
import { rehypeHeadingIds } from '../src/index.js';
import { defineFixtureTests, readFixtureCases } from './fixture-runner.js';
import { processToHtml } from './pipeline.js';

const test = suite('rehypeHeadingIds');

defineFixtureTests(test, 'rehype-heading-ids', async (fixture) => {
  const { output, file } = await processToHtml(fixture.input, {
    path: fixture.inputName,
    rehypePlugins: [rehypeHeadingIds],
  });
  return {
    outputs: { 'expected.html': output, 'toc.json': JSON.stringify(file.data.toc, null, 2) + '\n' },
    file,
  };
});

test('should be idempotent', async () => {
  for (const fixture of readFixtureCases('rehype-heading-ids')) {
    const once = await processToHtml(fixture.input, { path: fixture.inputName, rehypePlugins: [rehypeHeadingIds] });
    const twice = await processToHtml(fixture.input, {
      path: fixture.inputName,
      rehypePlugins: [rehypeHeadingIds, rehypeHeadingIds],
    });
    assert.is(twice.output, once.output, fixture.name);
    assert.equal(twice.file.data.toc, once.file.data.toc, fixture.name);
  }
});

test('should keep ids the author gave and never reuse them', async () => {
  const tree: Root = {
    type: 'root',
    children: [
      { type: 'element', tagName: 'h2', properties: {}, children: [{ type: 'text', value: 'Intro' }] },
      { type: 'element', tagName: 'h2', properties: { id: 'intro' }, children: [{ type: 'text', value: 'Other' }] },
    ],
  };
  const file = new VFile();
  rehypeHeadingIds()(tree, file);
  const ids = tree.children.map((node) => (node.type === 'element' ? node.properties.id : undefined));
  assert.equal(ids, ['intro-2', 'intro']);
  assert.equal(file.data.toc, [
    { depth: 2, id: 'intro-2', text: 'Intro' },
    { depth: 2, id: 'intro', text: 'Other' },
  ]);
});

test('should give the same ids to the same page every time', async () => {
  const source = '## A\n\n## A\n\n### B\n';
  const first = await processToHtml(source, { path: 'a.md', rehypePlugins: [rehypeHeadingIds] });
  const second = await processToHtml(source, { path: 'a.md', rehypePlugins: [rehypeHeadingIds] });
  assert.is(first.output, second.output);
  assert.match(first.output, /<h2 id="a-2" data-dg-alias="a-1">/);
});

test('should make ids as the hosted platform documents them, with GitHub-style aliases', async () => {
  const source = [
    '## Getting started',
    "## What's new",
    '## Config.json options',
    '## Rate limits (per minute)',
    '## Read/write access',
    '## Fees & billing',
    '## OAuth',
    '## Overview',
    '## Overview',
    '## `navigation.global.languages`',
  ].join('\n\n');
  const { output } = await processToHtml(source, { path: 'a.md', rehypePlugins: [rehypeHeadingIds] });
  const found = [...output.matchAll(/<h2 id="([^"]*)"(?: data-dg-alias="([^"]*)")?>/g)].map((match) => [match[1], match[2]]);
  assert.equal(found, [
    ['getting-started', undefined],
    ['what’s-new', 'whats-new'],
    ['config-json-options', 'configjson-options'],
    ['rate-limits-per-minute', undefined],
    ['read/write-access', 'readwrite-access'],
    ['fees-&#x26;-billing', 'fees--billing'],
    ['oauth', undefined],
    ['overview', undefined],
    ['overview-2', 'overview-1'],
    ['navigation-global-languages', 'navigationgloballanguages'],
  ]);
});

test('should not give a heading an alias that another heading has as its id', async () => {
  // The second "Setup" was `setup-1` for GitHub, which is the third heading's id here.
  const { output } = await processToHtml('## Setup\n\n## Setup\n\n## Setup-1\n', { path: 'a.md', rehypePlugins: [rehypeHeadingIds] });
  assert.match(output, /<h2 id="setup-2">Setup<\/h2>/);
  assert.match(output, /<h2 id="setup-1" data-dg-alias="setup-1-1">Setup-1<\/h2>/);
});

test.run();
