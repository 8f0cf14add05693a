import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { remarkChangelog, type ChangelogEntry } from '../src/index.js';
import { processToMarkdown } from './pipeline.js';

const test = suite('remarkChangelog');

async function entriesOf(source: string) {
  const { file, output } = await processToMarkdown(source, { path: 'changelog.mdx', remarkPlugins: [remarkChangelog] });
  return { entries: file.data.changelog as ChangelogEntry[] | undefined, messages: file.messages, output };
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

test('should give an entry whose label repeats an anchor of its own, and warn only for ids written twice', async () => {
  const { entries, messages, output } = await entriesOf(
    [
      '<Update label="2026-06-24" description="v2.0.9">A</Update>',
      '',
      '<Update label="v2">B</Update>',
      '',
      '<Update label="2026-06-24" description="v2.0.8">C</Update>',
      '',
      '<Update label="2026-06-24" description="v2.0.7">D</Update>',
      '',
      '<Update label="V2!">E</Update>',
      '',
      '<Update label="Later" id="v2">F</Update>',
    ].join('\n'),
  );
  // Two releases on one day: numbered as GitHub numbers headings; "V2!" reads as the anchor `v2`.
  assert.equal(entries?.map((entry) => entry.id), [undefined, undefined, '2026-06-24-1', '2026-06-24-2', 'v2-1', 'v2']);
  assert.match(output, '<Update label="2026-06-24" description="v2.0.8" id="2026-06-24-1">C</Update>');
  // The author's own id is never changed: the one message, at the second entry taking `v2`.
  assert.equal(messages.map((m) => [m.ruleId, m.fatal, m.line, m.column]), [['update-label-duplicate', false, 11, 1]]);
  assert.is(messages[0]?.reason, 'Two `<Update>` entries have the anchor `v2`: they share one link, in the page and in the RSS feed');
  assert.match(messages[0]?.note ?? '', /line 3/);
  // Idempotent: a second run finds every anchor taken once.
  const again = await processToMarkdown(output, { path: 'changelog.mdx', remarkPlugins: [remarkChangelog] });
  assert.is(again.output, output);
});

test('should read a label written as JSX by its text, and compare labels by that text', async () => {
  const jsx = (text: string, icon: string) => `<Update label={<><Icon icon="${icon}" size={16} /><span style={{marginLeft: '8px'}}>${text}</span></>}>x</Update>`;
  const { entries, messages } = await entriesOf([jsx('Quickstart', 'rocket'), '', jsx('Simple  Chatbot', 'phone'), '', jsx('Quickstart', 'phone'), '', '<Update label={name}>y</Update>', '', '<Update label={other}>z</Update>'].join('\n'));
  assert.equal(entries?.map((entry) => entry.label), ['Quickstart', 'Simple Chatbot', 'Quickstart', '', '']);
  // Only the real duplicate gets an anchor of its own; labels with no text known are not compared.
  assert.equal(entries?.map((entry) => entry.id), [undefined, undefined, 'quickstart-1', undefined, undefined]);
  assert.equal(messages, []);
});

test('should set nothing for a page without entries, nor for <Update> in code', async () => {
  const { entries } = await entriesOf('# Changelog\n\n```mdx\n<Update label="x">y</Update>\n```\n');
  assert.is(entries, undefined);
});

test.run();
