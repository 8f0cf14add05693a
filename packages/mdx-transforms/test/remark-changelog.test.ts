import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { remarkChangelog, type ChangelogEntry } from '../src/index.js';
import { processToMarkdown } from './pipeline.js';

const test = suite('remarkChangelog');

async function entriesOf(source: string) {
  const { file } = await processToMarkdown(source, { path: 'changelog.mdx', remarkPlugins: [remarkChangelog] });
  return { entries: file.data.changelog as ChangelogEntry[] | undefined, messages: file.messages };
}

test('should collect each <Update> with its static props, in order', async () => {
  const { entries, messages } = await entriesOf(
    [
      '<Update label="2025-03-14" description="v2.0.0" tags={["Feature", \'API\']}>',
      'Added **things**.',
      '</Update>',
      '',
      '<div>',
      '<Update label={`March 2025`} id="march" rss={{ title: "March release", "description": \'Fixes\' }} tags="a, b">',
      'More.',
      '</Update>',
      '</div>',
    ].join('\n'),
  );
  assert.equal(messages, []);
  assert.equal(entries?.map(({ content: _content, ...entry }) => entry), [
    { label: '2025-03-14', description: 'v2.0.0', tags: ['Feature', 'API'] },
    { label: 'March 2025', id: 'march', tags: ['a', 'b'], rss: { title: 'March release', description: 'Fixes' } },
  ]);
});

test('should leave out props that are computed, not written', async () => {
  const { entries } = await entriesOf(
    [
      'export const version = "v3";',
      '',
      '<Update label={version} tags={[version, "x"]} rss={{ title: `v${version}`, ...extra }} description={"d" + 1}>',
      'Text.',
      '</Update>',
    ].join('\n'),
  );
  assert.equal(entries?.map(({ content: _content, ...entry }) => entry), [{ label: '', tags: [] }]);
});

test('should keep only Markdown in the content, without positions', async () => {
  const { entries } = await entriesOf(
    [
      '<Update label="v1">',
      '## New *API*',
      '',
      'See [the guide](/guide), `code`, and <Tooltip tip="x">this</Tooltip>.',
      '',
      '<Note>Only in a note.</Note>',
      '',
      '```js',
      'run()',
      '```',
      '',
      '<div>raw</div>',
      '',
      '{1 + 1}',
      '',
      '- one',
      '- two',
      '</Update>',
    ].join('\n'),
  );
  const content = entries?.[0]?.content ?? [];
  assert.equal(content.map((node) => node.type), ['heading', 'paragraph', 'list']);
  assert.equal(JSON.stringify(content).includes('position'), false);
  assert.equal(JSON.stringify(content).includes('Only in a note'), false);
  assert.equal(JSON.stringify(content).includes('run()'), false);
  const paragraph = content[1] as { children: Array<{ type: string; value?: string; url?: string }> };
  assert.equal(paragraph.children.map((node) => node.type), ['text', 'link', 'text', 'inlineCode', 'text', 'text']);
  assert.is(paragraph.children[1]?.url, '/guide');
});

test('should warn at the second of two entries with the same anchor', async () => {
  const { entries, messages } = await entriesOf(['<Update label="v1">A</Update>', '', '<Update label="v2">B</Update>', '', '<Update label="v1">C</Update>'].join('\n'));
  assert.is(entries?.length, 3);
  assert.is(messages.length, 1);
  assert.is(messages[0]?.ruleId, 'update-label-duplicate');
  assert.is(messages[0]?.fatal, false);
  assert.is(messages[0]?.line, 5);
  assert.is(messages[0]?.column, 1);
  assert.match(messages[0]?.note ?? '', /line 1/);
});

test('should read a label written as JSX by its text, and compare labels by that text', async () => {
  const jsx = (text: string, icon: string) => `<Update label={<><Icon icon="${icon}" size={16} /><span style={{marginLeft: '8px'}}>${text}</span></>}>x</Update>`;
  const { entries, messages } = await entriesOf([jsx('Quickstart', 'rocket'), '', jsx('Simple  Chatbot', 'phone'), '', jsx('Quickstart', 'phone'), '', '<Update label={name}>y</Update>', '', '<Update label={other}>z</Update>'].join('\n'));
  assert.equal(entries?.map((entry) => entry.label), ['Quickstart', 'Simple Chatbot', 'Quickstart', '', '']);
  // Only the real duplicate; labels with no text known are not compared.
  assert.equal(messages.map((message) => [message.ruleId, message.line]), [['update-label-duplicate', 5]]);
});

test('should set nothing for a page without entries, nor for <Update> in code', async () => {
  const { entries } = await entriesOf('# Changelog\n\n```mdx\n<Update label="x">y</Update>\n```\n');
  assert.is(entries, undefined);
});

test.run();
