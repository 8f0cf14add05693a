import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { remarkUnknownComponents } from '../src/index.js';
import { defineFixtureTests, readFixtureCases } from './fixture-runner.js';
import { processToMarkdown } from './pipeline.js';

const test = suite('remarkUnknownComponents');

defineFixtureTests(test, 'remark-unknown-components', async (fixture) => {
  const { output, file } = await processToMarkdown(fixture.input, {
    path: fixture.inputName,
    remarkPlugins: [[remarkUnknownComponents, fixture.options]],
  });
  return { outputs: { 'expected.mdx': output }, file };
});

test('should be idempotent', async () => {
  for (const fixture of readFixtureCases('remark-unknown-components')) {
    const plugin = [remarkUnknownComponents, fixture.options] as const;
    const once = await processToMarkdown(fixture.input, { path: fixture.inputName, remarkPlugins: [[...plugin]] });
    const twice = await processToMarkdown(fixture.input, {
      path: fixture.inputName,
      remarkPlugins: [[...plugin], [...plugin]],
    });
    assert.is(twice.output, once.output, fixture.name);
    assert.is(twice.file.messages.length, once.file.messages.length, fixture.name);
  }
});

test('should report with position, rule id, source, actual and a did-you-mean note', async () => {
  const { file } = await processToMarkdown('# Title\n\n<Cards />\n', {
    path: 'page.mdx',
    remarkPlugins: [[remarkUnknownComponents, { known: ['Card'] }]],
  });
  const [message] = file.messages;
  assert.ok(message);
  assert.equal(
    [message.line, message.column, message.ruleId, message.source, message.fatal, message.actual, message.note],
    [3, 1, 'component-unknown', '@docsgen/mdx-transforms', false, 'Cards', 'Did you mean `<Card>`?'],
  );
  assert.is(
    message.reason,
    "Unexpected component `<Cards>`, expected one of docsgen's components or an import; its children are rendered",
  );
});

test('should read bindings from the ESM source when there is no ESTree', async () => {
  const { runRemark } = await import('./pipeline.js');
  const { tree } = await runRemark("import A, { B as C } from 'x'\nexport const D = 1\n\n<A /><C /><D /><E />\n", {
    path: 'page.mdx',
  });
  for (const node of tree.children) if (node.type === 'mdxjsEsm') delete node.data;
  const { VFile } = await import('vfile');
  const file = new VFile();
  remarkUnknownComponents()(tree, file);
  assert.equal(file.messages.map((message) => message.actual), ['E']);
});

test('should fail when attached with bad options', () => {
  assert.throws(
    () => remarkUnknownComponents({ known: 'Note' as unknown as string[] }),
    /Cannot check components with `Note` for `options.known`, expected an array of component names/,
  );
  assert.throws(
    () => remarkUnknownComponents({ fallback: 'not a name' }),
    /`options.fallback`, expected a component name such as `UnknownComponent`/,
  );
  assert.throws(
    () => remarkUnknownComponents({ elements: { Link: '<a onclick>' } }),
    /`options.elements`, expected an object of component names to HTML element names such as `\{ Link: 'a' \}`/,
  );
});

test.run();
