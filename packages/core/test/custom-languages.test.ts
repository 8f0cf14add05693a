import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkProject, createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const test = suite('custom languages');

// github-light colours `keyword` #D73A49.
const grammar = JSON.stringify({
  name: 'dgdemo',
  scopeName: 'source.dgdemo',
  aliases: ['dgd'],
  patterns: [{ match: '\\b(?:let|emit)\\b', name: 'keyword.control.dgdemo' }],
});
const page = '# Home\n\n```dgdemo\nlet x\n```\n\n```dgd\nemit y\n```\n';

function project(custom: string[], files: Record<string, string> = {}): string {
  const docs = { name: 'Test', navigation: { pages: ['index'] }, styling: { codeblocks: { languages: { custom } } } };
  return writeTempProject({ 'docs.json': JSON.stringify(docs, null, 2), 'index.md': page, ...files }, 'docsgen-grammar-');
}

const summary = (messages: { ruleId: string; line?: number | undefined; path?: string | undefined; fatal: boolean }[]) =>
  messages.map((m) => `${m.line} ${m.fatal ? 'error' : 'warning'} ${m.ruleId} ${m.path ?? ''}`.trim());

test('should highlight fences in a custom grammar, by name and alias, with no warnings', async () => {
  const root = project(['grammars/dgdemo.json'], { 'grammars/dgdemo.json': grammar });
  const site = await createSite(root);
  assert.equal(site.messages, []);
  const rendered = await site.render('index');
  assert.equal(rendered?.messages, []);
  const html = rendered!.html;
  assert.match(html, /--shiki-light:#D73A49[^>]*>let<\/span>/);
  assert.match(html, /--shiki-light:#D73A49[^>]*>emit<\/span>/);
  assert.equal((await checkProject(root)).messages, []);
  // The grammar is part of the site like a config file: the build cache key and dev reloads use it.
  assert.equal(site.configFiles, [join(root, 'grammars/dgdemo.json')]);
});

test('should refuse a grammar outside the project root, by path or through a symbolic link', async () => {
  const outside = mkdtempSync(join(tmpdir(), 'docsgen-grammar-outside-'));
  writeFileSync(join(outside, 'dgdemo.json'), grammar);
  const root = project(['../' + outside.split('/').pop() + '/dgdemo.json', 'linked.json']);
  symlinkSync(join(outside, 'dgdemo.json'), join(root, 'linked.json'));
  const site = await createSite(root);
  assert.equal(summary(site.messages), [
    '12 warning code-language-outside-root styling.codeblocks.languages.custom[0]',
    '13 warning code-language-outside-root styling.codeblocks.languages.custom[1]',
  ]);
  assert.is(site.messages[0]!.file, join(root, 'docs.json'));
  const rendered = await site.render('index');
  assert.equal(summary(rendered!.messages), ['3 warning code-language-unknown', '7 warning code-language-unknown']);
  assert.not.match(rendered!.html, /#D73A49[^>]*>let</);
});

test('should warn about a missing, unreadable or invalid grammar at its docs.json entry, in `docsgen check` too', async () => {
  const root = project(['missing.json', 'broken.json', 'shapeless.json', 'bundled.json', 'grammars'], {
    'broken.json': '{ "name": "dgdemo", ',
    'shapeless.json': JSON.stringify({ name: 'dgdemo', scopeName: 'source.dgdemo' }),
    'bundled.json': JSON.stringify({ name: 'json', scopeName: 'source.myjson', patterns: [] }),
    'grammars/readme.txt': 'not a grammar',
  });
  const expected = [
    '12 warning code-language-missing styling.codeblocks.languages.custom[0]',
    '13 warning code-language-invalid styling.codeblocks.languages.custom[1]',
    '14 warning code-language-invalid styling.codeblocks.languages.custom[2]',
    '15 warning code-language-invalid styling.codeblocks.languages.custom[3]',
    '16 warning code-language-unreadable styling.codeblocks.languages.custom[4]',
  ];
  const site = await createSite(root);
  assert.equal(summary(site.messages), expected);
  assert.match(site.messages[1]!.reason, /Cannot load grammar `broken.json`: it is not valid JSON/);
  assert.match(site.messages[2]!.reason, /expected an array `patterns`/);
  // Pages still render; the fences fall back to plain text.
  assert.equal(summary((await site.render('index'))!.messages), ['3 warning code-language-unknown', '7 warning code-language-unknown']);
  const checked = await checkProject(root);
  assert.equal(
    summary(checked.messages.filter((message) => message.ruleId.startsWith('code-language-') && message.ruleId !== 'code-language-unknown')),
    expected,
  );
});

test.run();
