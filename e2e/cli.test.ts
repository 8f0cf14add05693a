// Runs the installed CLI (`node_modules/.bin/docsgen`) as a user would, in real folders.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = join(repo, 'node_modules', '.bin', 'docsgen');

function docsgen(args: string[], cwd = repo, timeout?: number) {
  const result = spawnSync(bin, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-cli-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

const page = (title: string) => `---\ntitle: ${title}\n---\n\nText.\n`;
const hasStackTrace = (text: string) => /\n\s+at .+:\d+:\d+/.test(text);

const cli = suite('docsgen cli');

cli('should print help and the version', () => {
  const help = docsgen(['--help']);
  assert.is(help.code, 0);
  assert.match(help.stdout, 'Usage: docsgen <command>');
  const version = docsgen(['--version']);
  assert.is(version.code, 0);
  assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
});

cli('should exit 2 on usage errors', () => {
  for (const args of [['frobnicate'], ['check', '--bogus'], ['check', '--format', 'xml'], ['check', 'a', 'b']]) {
    const result = docsgen(args);
    assert.is(result.code, 2, args.join(' '));
    assert.match(result.stderr, /^docsgen: /);
    assert.not.ok(hasStackTrace(result.stderr));
  }
});

cli('should pass a project that uses every navigation form', () => {
  const result = docsgen(['check', 'fixtures/navigation-all']);
  assert.is(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, 'fixtures/navigation-all: no problems (11 pages checked)');
});

cli("should find no problems in docsgen's own documentation", () => {
  const result = docsgen(['check', 'docs']);
  assert.is(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /^docs: no problems \(\d+ pages checked\)$/m);
});

cli('should report a missing navigation page at its line in docs.json and exit 1', () => {
  const root = project({
    'docs.json': '{\n  "name": "X",\n  "navigation": {\n    "pages": ["index", "quickstrat"]\n  }\n}\n',
    'index.mdx': page('Home'),
    'quickstart.mdx': page('Quickstart'),
  });
  const result = docsgen(['check', root], root);
  assert.is(result.code, 1);
  const lines = result.stdout.split('\n');
  assert.is(
    lines[0],
    'docs.json:4:24  error  Cannot find page `quickstrat` listed in the navigation: no `quickstrat.mdx` or `quickstrat.md` in the project. Did you mean `quickstart`?  [nav-page-missing]',
  );
  assert.match(result.stdout, '.: 1 error, 0 warnings (2 pages checked)');
  rmSync(root, { recursive: true });
});

cli('should report frontmatter that is not valid YAML with its position', () => {
  const root = project({
    'docs.json': JSON.stringify({ name: 'X', navigation: { pages: ['index'] } }),
    'index.mdx': '---\ntitle: Home\ndescription: [oops\n---\n\nBody\n',
  });
  const result = docsgen(['check', '.'], root);
  assert.is(result.code, 1);
  assert.match(result.stdout, /^index\.mdx:3:\d+  error  Cannot parse frontmatter: .+  \[frontmatter-yaml\]$/m);
  rmSync(root, { recursive: true });
});

cli('should warn about a page listed twice and still exit 0', () => {
  const root = project({
    'docs.json': JSON.stringify({ name: 'X', navigation: { pages: ['index', 'index'] } }),
    'index.mdx': page('Home'),
  });
  const result = docsgen(['check', '.'], root);
  assert.is(result.code, 0, result.stdout);
  assert.match(result.stdout, /^docs\.json:1:\d+  warning  Unexpected duplicate page `index`.*\[nav-duplicate-page\]$/m);
  rmSync(root, { recursive: true });
});

cli('should print the same messages as JSON with --format json', () => {
  const root = project({
    'docs.json': '{\n  "name": "X",\n  "navigation": { "pages": ["missing"] }\n}\n',
  });
  const result = docsgen(['check', root, '--format', 'json']);
  assert.is(result.code, 1);
  const report = JSON.parse(result.stdout);
  assert.equal(report.summary, { errors: 1, warnings: 0, pages: 0 });
  const [message] = report.messages;
  assert.equal(
    [message.ruleId, message.file, message.line, message.column, message.fatal],
    ['nav-page-missing', join(root, 'docs.json'), 3, 29, true],
  );
  rmSync(root, { recursive: true });
});

cli('should explain broken docs.json files without a stack trace', () => {
  const cases: Array<[string, (root: string) => void, RegExp]> = [
    ['not JSON', (root) => writeFileSync(join(root, 'docs.json'), '{\n  "name": "X",\n  navigation: {}\n}'), /^docs\.json:3:3  error  .+\[json-syntax\]$/m],
    ['empty', (root) => writeFileSync(join(root, 'docs.json'), ''), /\[config-empty\]/],
    ['a directory', (root) => mkdirSync(join(root, 'docs.json')), /docs\.json.*error.*\[config-unreadable\]/],
    ['missing', () => {}, /\[config-missing\]/],
    ['50 MB', (root) => {
      writeFileSync(join(root, 'docs.json'), '');
      truncateSync(join(root, 'docs.json'), 50 * 1024 * 1024);
    }, /\[config-too-large\]/],
    ['deeply nested', (root) => writeFileSync(join(root, 'docs.json'), '['.repeat(100_000)), /\[json-too-deep\]/],
  ];
  for (const [name, setup, expected] of cases) {
    const root = project({});
    setup(root);
    const result = docsgen(['check', '.'], root);
    assert.is(result.code, 1, `${name}: ${result.stdout}${result.stderr}`);
    assert.match(result.stdout, expected, name);
    assert.not.ok(hasStackTrace(result.stdout + result.stderr), `${name}: no stack trace`);
    rmSync(root, { recursive: true });
  }
});

cli('should compile a large project across worker threads and report each broken page once', () => {
  const files: Record<string, string> = { 'snippets/shared.mdx': 'Shared <Note>unclosed\n' };
  const pages: string[] = [];
  for (let index = 0; index < 240; index += 1) {
    pages.push(`p${index}`);
    files[`p${index}.mdx`] = index % 2 === 0 ? `# Page ${index}\n\nText.\n` : `import Shared from '/snippets/shared.mdx';\n\n# Page ${index}\n\n<Shared />\n`;
  }
  files['p7.mdx'] = '# Broken\n\nValue: {1 +}\n';
  files['docs.json'] = JSON.stringify({ name: 'Big', navigation: { pages } });
  const root = project(files);
  const result = docsgen(['check', '.', '--format', 'json'], root);
  assert.is(result.code, 1, result.stderr);
  const report = JSON.parse(result.stdout);
  assert.equal(
    report.messages.map((m: { ruleId: string; file: string; line: number }) => [m.ruleId, m.file.slice(root.length + 1), m.line]),
    [['mdx-syntax', 'p7.mdx', 3], ['mdx-syntax', 'snippets/shared.mdx', 1]],
  );
  assert.is(report.summary.pages, 240);
  rmSync(root, { recursive: true });
});

cli('should skip compiling pages with --config-only', () => {
  const root = project({
    'docs.json': JSON.stringify({ name: 'X', navigation: { pages: ['index'] } }),
    'index.mdx': '# Hi\n\n<Note>unclosed\n',
  });
  const full = docsgen(['check', '.'], root);
  assert.is(full.code, 1, full.stdout);
  assert.match(full.stdout, '[mdx-syntax]');
  const configOnly = docsgen(['check', '.', '--config-only'], root);
  assert.is(configOnly.code, 0, configOnly.stdout);
  rmSync(root, { recursive: true });
});

cli('should report a folder that does not exist', () => {
  const result = docsgen(['check', 'no/such/folder']);
  assert.is(result.code, 1);
  assert.match(result.stdout, '[project-missing]');
  // A mistyped path to build or serve says so too, instead of an internal error.
  for (const command of ['build', 'dev']) {
    // `dev` would serve until stopped: a server started is a failure, not a hang.
    const mistyped = docsgen([command, 'no/such/folder'], repo, 30_000);
    assert.is(mistyped.code, 1, command);
    assert.match(`${mistyped.stdout}${mistyped.stderr}`, 'Cannot find project folder', command);
    assert.match(`${mistyped.stdout}${mistyped.stderr}`, '[project-missing]', command);
    assert.not.match(`${mistyped.stdout}${mistyped.stderr}`, 'internal error', command);
  }
});

cli('should write a starter project that passes check, with an offline $schema', () => {
  const parent = mkdtempSync(join(tmpdir(), 'docsgen-init-'));
  const result = docsgen(['init', 'site'], parent);
  assert.is(result.code, 0, result.stderr);
  const root = join(parent, 'site');
  const config = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8'));
  const schemaFile = resolve(root, config.$schema);
  assert.ok(existsSync(schemaFile), `$schema ${config.$schema} resolves to a file`);
  assert.is(JSON.parse(readFileSync(schemaFile, 'utf8')).title !== undefined, true);
  assert.ok(config.navigation.tabs.length >= 2, 'the starter uses tabs');
  const check = docsgen(['check', 'site'], parent);
  assert.is(check.code, 0, check.stdout);
  assert.match(check.stdout, 'no problems');
  rmSync(parent, { recursive: true });
});

cli('should refuse to overwrite existing files and write nothing', () => {
  const root = project({ 'index.mdx': 'mine' });
  const result = docsgen(['init', '.'], root);
  assert.is(result.code, 1);
  assert.match(result.stderr, 'already has `index.mdx`');
  assert.is(readFileSync(join(root, 'index.mdx'), 'utf8'), 'mine');
  assert.not.ok(existsSync(join(root, 'docs.json')), 'nothing else was written');
  rmSync(root, { recursive: true });
});

cli.run();
