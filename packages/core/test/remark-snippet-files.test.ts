import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

// `<Snippet file="…" />`, the platform's older way to include a file of `_snippets/`
// (agno-agi/docs: 1,036 tags, some of them a `<Step>` inside `<Steps>`).
const test = suite('remarkSnippetFiles');

const project = (files: Record<string, string>): string =>
  writeTempProject({ 'docs.json': JSON.stringify({ name: 'Snippets', navigation: { pages: ['index'] } }), ...files }, 'docsgen-snippet-');

const messagesOf = (page: { messages: { ruleId: string; line?: number; column?: number; fatal: boolean }[] } | undefined) =>
  (page?.messages ?? []).map((m) => `${m.line}:${m.column} ${m.fatal ? 'error' : 'warning'} ${m.ruleId}`);

test('should render a `_snippets/` file where its tag is, inside `<Steps>` too, with its props', async () => {
  const root = project({
    'index.mdx': [
      '# Usage', '',
      '<Steps>',
      '  <Snippet file="create-venv-step.mdx" />',
      '',
      '  <Step title="Run it">',
      '    Run the agent.',
      '  </Step>',
      '</Steps>', '',
      'Say <Snippet file="/greet.mdx" word="bananas" /> twice: <Snippet file="./greet.mdx" word="apples" />', '',
    ].join('\n'),
    '_snippets/create-venv-step.mdx': '<Step title="Set up your virtual environment">\n  Create it with `uv venv`.\n</Step>\n',
    '_snippets/greet.mdx': 'hello {props.word}\n',
  });
  try {
    const site = await createSite(root);
    assert.not.ok(site.pages.has('_snippets/create-venv-step'), 'a snippet file is not a page');
    const page = await site.render('index');
    assert.equal(messagesOf(page), []);
    const html = page?.html ?? '';
    assert.match(html, /Set up your virtual environment[^]*Create it with <code>uv venv<\/code>/);
    assert.equal([...html.matchAll(/dg-step-marker">(\d+)</g)].map((match) => match[1]), ['1', '2']);
    assert.match(html, /hello bananas[^]*hello apples/);
    assert.match((await site.markdown('index'))?.markdown ?? '', 'Set up your virtual environment');
    // An edit of the snippet renders the page again, as for an imported snippet.
    writeFileSync(join(root, '_snippets/greet.mdx'), 'goodbye {props.word}\n');
    assert.equal(site.invalidate(join(root, '_snippets/greet.mdx')), ['index']);
    assert.match((await site.render('index'))?.html ?? '', /goodbye bananas/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('should find the file in `snippets/`, warn at the tag when it is missing, and refuse paths out of the project', async () => {
  const root = project({
    'index.mdx': '# Moved\n\n<Snippet file="intro.mdx" />\n',
    'missing.mdx': '# Missing\n\nBefore.\n\n  <Snippet file="gone.mdx" />\n\nAfter.\n',
    'outside.mdx': '# Outside\n\n<Snippet file="../../../etc/passwd" />\n',
    'own.mdx': "import { Snippet } from '/snippets/own.jsx';\n\n<Snippet file=\"intro.mdx\" />\n",
    'snippets/intro.mdx': 'Intro from snippets.\n',
    'snippets/own.jsx': 'export const Snippet = ({ file }) => <code>own {file}</code>;\n',
  });
  try {
    const site = await createSite(root);
    assert.match((await site.render('index'))?.html ?? '', 'Intro from snippets.');
    const missing = await site.render('missing');
    assert.equal(messagesOf(missing), ['5:3 warning module-not-found']);
    assert.match(missing?.messages[0]?.reason ?? '', '/_snippets/gone.mdx');
    assert.match(missing?.html ?? '', /Before\.[^]*After\./);
    assert.equal(messagesOf(await site.render('outside')), ['3:1 error module-outside-root']);
    assert.match((await site.render('own'))?.html ?? '', '<code>own intro.mdx</code>', 'a page’s own Snippet component is left alone');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
