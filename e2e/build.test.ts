// `docsgen build` through the installed CLI, as a user runs it: worker threads, progress lines,
// exit codes, the disk cache, and output that does not depend on how pages were rendered.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = join(repo, 'node_modules', '.bin', 'docsgen');

function docsgen(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(bin, args, { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A project of `count` pages with code blocks, a shared snippet and a math page: enough for several workers. */
function project(count: number): string {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-build-e2e-'));
  const write = (name: string, content: string): void => {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  };
  const slugs = Array.from({ length: count }, (_, index) => `guides/page-${String(index).padStart(3, '0')}`);
  write('docs.json', JSON.stringify({ name: 'Build test', navigation: { groups: [{ group: 'Guides', pages: ['index', ...slugs] }] } }));
  write('index.mdx', '---\ntitle: Home\n---\n\nimport Shared from "/snippets/shared.mdx";\n\n<Shared />\n\n$$\na^2 + b^2 = c^2\n$$\n');
  write('snippets/shared.mdx', 'Shared text, version one.\n');
  slugs.forEach((slug, index) =>
    write(`${slug}.${index % 2 ? 'md' : 'mdx'}`, `---\ntitle: Page ${index}\n---\n\n## Section ${index}\n\nBody of page ${index}.\n\n\`\`\`ts\nconst page: number = ${index};\n\`\`\`\n`),
  );
  return root;
}

function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'latin1');
    }
  };
  walk(dir);
  return files;
}

const build = suite('docsgen build');

build('should build with worker threads the same bytes as in one thread, with progress and a summary', () => {
  const root = project(60);
  // A changelog among them: its feed is made on the thread that renders it.
  const docs = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8')) as { navigation: { groups: Array<{ pages: string[] }> } };
  docs.navigation.groups[0]!.pages.splice(30, 0, 'changelog');
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ ...docs, siteUrl: 'https://docs.example.test', thumbnails: { enabled: false } }));
  writeFileSync(join(root, 'changelog.mdx'), '---\ntitle: Changelog\n---\n\n<Update label="2026-11-02">\n  Faster builds, see www.example.com.\n</Update>\n\n<Update label="2026-10-01">\n  First release.\n</Update>\n');
  const threaded = docsgen(['build', root, '--workers', '2', '--no-cache']);
  assert.is(threaded.code, 0, threaded.stdout + threaded.stderr);
  // Not a terminal: plain progress lines, then the summary.
  assert.match(threaded.stdout, /^Building: \d+\/62 pages\n/m);
  assert.match(threaded.stdout, /^Built 62 pages in \d+\.\d\d s → .*dist \(\d+ files, [\d.]+ (KB|MB)\)\n$/m);
  const withWorkers = tree(join(root, 'dist'));
  assert.match(withWorkers['changelog/rss.xml'] ?? '', 'https://docs.example.test/changelog#2026-11-02');
  assert.ok('_docsgen/katex.min.css' in withWorkers, 'math assets ship when a page has math');
  assert.ok(Object.keys(withWorkers).some((path) => path.startsWith('_docsgen/fonts/')), 'with their fonts');

  const single = docsgen(['build', root, '--workers', '0', '--no-cache']);
  assert.is(single.code, 0, single.stderr);
  assert.equal(tree(join(root, 'dist')), withWorkers);
});

build('should take unchanged pages from the cache and render pages whose snippet changed', () => {
  const root = project(40);
  assert.is(docsgen(['build', root, '--workers', '2']).code, 0);
  const again = docsgen(['build', root, '--workers', '2']);
  assert.match(again.stdout, /Built 41 pages in .* s, 41 from cache/);
  writeFileSync(join(root, 'snippets/shared.mdx'), 'Shared text, version two.\n');
  const edited = docsgen(['build', root, '--workers', '2']);
  assert.match(edited.stdout, /Built 41 pages in .* s, 40 from cache/);
  assert.match(readFileSync(join(root, 'dist/index.html'), 'utf8'), 'version two');
});

build('should exit 1 and keep the old output when a page is broken', () => {
  const root = project(20);
  assert.is(docsgen(['build', root]).code, 0);
  const before = tree(join(root, 'dist'));
  writeFileSync(join(root, 'guides/page-004.mdx'), '---\ntitle: Broken\n---\n\n<Card title="x"\n');
  const result = docsgen(['build', root, '--workers', '2']);
  assert.is(result.code, 1);
  assert.match(result.stdout, /guides\/page-004\.mdx:\d+:\d+\s+error .*\[mdx-syntax\]/);
  assert.match(result.stdout, /Build failed: 1 error; .*dist was left as it was\./);
  assert.equal(tree(join(root, 'dist')), before);
});

build('should end the worker threads it started before loading when the project needs none, or cannot be built', () => {
  // Enough pages for the build to start a worker while it loads the project (on a machine with
  // two cores or more), which docsgen.config then turns down: the worker must end, or the
  // process would not exit.
  const root = project(40);
  writeFileSync(join(root, 'docsgen.config.mjs'), 'export default { build: { workers: 1 } };\n');
  const configured = docsgen(['build', root, '--no-cache']);
  assert.is(configured.code, 0, configured.stdout + configured.stderr);
  const oneThread = tree(join(root, 'dist'));
  assert.is(docsgen(['build', root, '--no-cache', '--workers', '2']).code, 0);
  assert.equal(tree(join(root, 'dist')), oneThread, 'the same bytes with a worker');
  // A docs.json that does not parse: the build stops before any page, its workers with it.
  writeFileSync(join(root, 'docs.json'), '{ "name": ');
  const broken = docsgen(['build', root, '--no-cache', '--workers', '2']);
  assert.is(broken.code, 1, broken.stdout + broken.stderr);
  assert.match(broken.stdout, /docs\.json:\d+:\d+\s+error/);
  assert.equal(tree(join(root, 'dist')), oneThread, 'the output is left as it was');
});

build('should exit 2 on bad options', () => {
  const root = project(1);
  for (const args of [['--adapter', 'ftp'], ['--workers', 'many'], ['--site-url', 'javascript:alert(1)'], ['--site-url', 'example.com']]) {
    const result = docsgen(['build', root, ...args]);
    assert.is(result.code, 2, args.join(' '));
    assert.match(result.stderr, /^docsgen: Unexpected /);
  }
  const fromEnv = docsgen(['build', root], { DOCSGEN_SITE_URL: 'ftp://example.com' });
  assert.is(fromEnv.code, 2);
  assert.match(fromEnv.stderr, 'DOCSGEN_SITE_URL');
});

build('should build the every-component fixture without a warning', () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-build-fixture-'));
  cpSync(join(repo, 'fixtures', 'every-component'), root, { recursive: true });
  const result = docsgen(['build', root, '--site-url', 'https://docs.example.test']);
  assert.is(result.code, 0, result.stdout);
  const lines = result.stdout.split('\n').filter((line) => line !== '' && !line.startsWith('Building: '));
  assert.is(lines.length, 1, result.stdout);
  assert.match(lines[0] ?? '', /^Built \d+ pages in /);
});

build('should build the same bytes from the bundled CLI as from the compiled modules, workers included', () => {
  // A bundle made now (not the one setup made, which a `tsc -b` since may have left behind).
  const work = mkdtempSync(join(tmpdir(), 'docsgen-bundle-'));
  const made = spawnSync(process.execPath, [join(repo, 'packages', 'cli', 'scripts', 'bundle.mjs'), '--out', join(work, 'bundle')], { encoding: 'utf8' });
  assert.is(made.status, 0, made.stderr);
  // As bin/docsgen.js runs it, from a file (worker threads take the process's Node options).
  const runner = join(work, 'run.mjs');
  writeFileSync(runner, 'const { main } = await import(process.argv[2]);\nprocess.exitCode = await main(process.argv.slice(3), { cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr });\n');
  const run = (entry: string, args: string[]) => {
    const result = spawnSync(process.execPath, [runner, pathToFileURL(entry).href, ...args], { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.is(result.status, 0, result.stdout + result.stderr);
    return result.stdout;
  };
  // Components, code, math, images and social cards; OpenAPI pages, API viewers and languages;
  // enough pages for a worker thread.
  const copy = (fixture: string): string => {
    const root = mkdtempSync(join(tmpdir(), 'docsgen-bundle-project-'));
    cpSync(join(repo, 'fixtures', fixture), root, { recursive: true });
    return root;
  };
  for (const [fixture, root] of [['every-component', copy('every-component')], ['compat-mintlify', copy('compat-mintlify')], ['pages', project(40)]] as const) {
    const args = (out: string) => ['build', root, '--out', join(work, out), '--site-url', 'https://docs.example.test', '--no-cache', '--workers', '2'];
    const compiled = run(join(repo, 'packages', 'cli', 'dist', 'index.js'), args(`${fixture}-compiled`));
    const bundled = run(join(work, 'bundle', 'index.mjs'), args(`${fixture}-bundled`));
    assert.is(bundled.replace(/ in \d+\.\d\d s/, ''), compiled.replace(/ in \d+\.\d\d s/, '').replaceAll(`${fixture}-compiled`, `${fixture}-bundled`));
    const expected = tree(join(work, `${fixture}-compiled`));
    assert.ok(Object.keys(expected).some((path) => path.startsWith('og/')), `${fixture}: social cards drawn`);
    assert.equal(tree(join(work, `${fixture}-bundled`)), expected, fixture);
  }
});

build.run();
