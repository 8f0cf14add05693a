// The packages as published: each one packed into a tarball, installed into an empty folder
// with npm (no workspace links; dependencies from the registry), then used the way the package
// READMEs show. Slow (one npm install of every package and its dependencies), so one file.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const test = suite('packages standalone');

const repo = fileURLToPath(new URL('..', import.meta.url));
const rootManifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { packageManager: string };
const folder = mkdtempSync(join(tmpdir(), 'docsgen-standalone-'));
const tarballs = join(folder, 'tarballs');
const project = join(folder, 'project');

interface Manifest {
  name: string;
  private?: boolean;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const packages = readdirSync(join(repo, 'packages'))
  .sort()
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(repo, 'packages', dir, 'package.json'), 'utf8')) as Manifest }))
  .filter(({ manifest }) => !manifest.private);

// What the README examples import besides the packages: the plain unified HTML pipeline, at
// the versions the workspace tests with.
const mdxTransforms = packages.find(({ dir }) => dir === 'mdx-transforms')!.manifest;
const pipeline = ['unified', 'remark-parse', 'remark-rehype', 'rehype-stringify'];

function run(command: string, args: string[], cwd: string, timeout = 8 * 60 * 1000) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, NO_COLOR: '1', npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  assert.is(result.status, 0, `\`${command} ${args.join(' ')}\` in ${cwd} failed (${result.status ?? result.signal}):\n${output}`);
  return result.stdout;
}

/** The README's block marked as the standalone example, as the installed package ships it. */
function readmeExample(dir: string, name: string): string {
  const readme = readFileSync(join(project, 'node_modules', name, 'README.md'), 'utf8');
  const match = /<!-- standalone example:[^>]*-->\n```js\n([\s\S]*?)\n```/.exec(readme);
  assert.ok(match, `packages/${dir}/README.md has no \`<!-- standalone example -->\` block`);
  return match[1]!;
}

function runExample(dir: string, name: string): string {
  const file = join(project, `example-${dir}.mjs`);
  writeFileSync(file, readmeExample(dir, name));
  return run(process.execPath, [file], project, 2 * 60 * 1000);
}

test.before(() => {
  for (const { dir } of packages) {
    assert.ok(existsSync(join(repo, 'packages', dir, 'dist')), `packages/${dir}/dist is missing: run \`npm run build\` first`);
    // pnpm pack writes `workspace:*` as the version it stands for, as `pnpm publish` does.
    run('npx', ['--yes', rootManifest.packageManager, 'pack', '--pack-destination', tarballs], join(repo, 'packages', dir));
  }
  const files = readdirSync(tarballs);
  const dependencies: Record<string, string> = {};
  for (const { dir, manifest } of packages) {
    const tarball = files.find((file) => file.startsWith(`${manifest.name.replace('@', '').replace('/', '-')}-`));
    assert.ok(tarball, `no tarball for packages/${dir}`);
    dependencies[manifest.name] = `file:${join(tarballs, tarball)}`;
  }
  for (const name of pipeline) dependencies[name] = mdxTransforms.devDependencies?.[name] ?? mdxTransforms.dependencies![name]!;
  // Every package's dependency on another one resolves to its tarball, never to the registry.
  const overrides = Object.fromEntries(packages.map(({ manifest }) => [manifest.name, `$${manifest.name}`]));
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'standalone', private: true, type: 'module', dependencies, overrides }, null, 2));
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], project, 15 * 60 * 1000);
});

test.after(() => {
  rmSync(folder, { recursive: true, force: true });
});

test('should install every package from its tarball, not as a link to the workspace', () => {
  for (const { manifest } of packages) {
    const installed = join(project, 'node_modules', manifest.name);
    assert.not.ok(lstatSync(installed).isSymbolicLink(), `${manifest.name} is a link`);
    const shipped = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Manifest;
    for (const [name, version] of Object.entries(shipped.dependencies ?? {})) {
      assert.not.match(version, /^workspace:/, `${manifest.name} depends on ${name}@${version}`);
    }
  }
  const nested = readdirSync(join(project, 'node_modules', '@docsgen')).filter((name) => existsSync(join(project, 'node_modules', '@docsgen', name, 'node_modules', '@docsgen')));
  assert.equal(nested, [], 'one copy of each package');
});

test('should load every export of every package', () => {
  const specifiers = packages.flatMap(({ manifest }) =>
    Object.keys(manifest.exports ?? { '.': null })
      .filter((subpath) => !subpath.endsWith('.json'))
      .map((subpath) => (subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`)),
  );
  writeFileSync(
    join(project, 'load-all.mjs'),
    `for (const specifier of ${JSON.stringify(specifiers)}) {\n  const mod = await import(specifier);\n  console.log(specifier, Object.keys(mod).length);\n}\n`,
  );
  const output = run(process.execPath, ['load-all.mjs'], project);
  for (const specifier of specifiers) assert.match(output, new RegExp(`^${specifier.replace(/[/.-]/g, '\\$&')} [1-9]\\d*$`, 'm'), specifier);
});

test('should run the remark/rehype plugins in a plain unified HTML pipeline (mdx-transforms README)', () => {
  const output = runExample('mdx-transforms', '@docsgen/mdx-transforms');
  assert.match(output, '<h2 id="install">Install</h2>');
  assert.match(output, '<img src="/images/logo.png" alt="Logo">');
  assert.match(output, /<figure class="code-block" data-language="sh"><figcaption>Terminal<\/figcaption><pre class="shiki shiki-themes github-light github-dark has-highlighted"/);
  assert.match(output, "[ { depth: 2, id: 'install', text: 'Install' } ]");
  assert.not.match(output, /mdxJsx/);
});

test('should validate a docs.json with positions and did-you-mean (config README)', () => {
  const output = runExample('config', '@docsgen/config');
  assert.match(output, 'docs.json:3:3  warning  Unexpected key `thme` in `docs.json`. Did you mean `theme`?  [unknown-key]');
  assert.match(output, /^base$/m);
  assert.match(output, "[ 'index', 'quickstart' ]");
});

test('should turn a spec into page models (openapi-pages README)', () => {
  const output = runExample('openapi-pages', '@docsgen/openapi-pages');
  assert.match(output, /^0$/m);
  assert.match(output, "Users [ 'api-reference/users/list-users', 'api-reference/users/get-a-user' ]");
  assert.match(output, 'List users GET /users');
  assert.match(output, /^api-reference\/users\/get-a-user$/m);
});

test('should render a social card (og-cards README)', () => {
  const output = runExample('og-cards', '@docsgen/og-cards');
  assert.match(output, 'generated PNG 1200 630');
});

test('should build a search index with Pagefind (search README)', () => {
  const output = runExample('search', '@docsgen/search');
  assert.match(output, "[ 'index', 'guides/tea' ] 0");
  assert.match(output, /^pagefind-entry\.json pagefind-worker\.js pagefind\.en_[0-9a-f]+\.pf_meta pagefind\.js wasm\.en\.pagefind wasm\.unknown\.pagefind$/m);
});

test('should search and refuse a path outside the site over MCP (mcp README)', () => {
  const output = runExample('mcp', '@docsgen/mcp');
  assert.match(output, "[ 'https://tea.example/guides/steeping' ]");
  assert.match(output, /^true Cannot read the page: `\.\.\/\.\.\/etc\/passwd` leaves the site/m);
});

test('should run the installed CLI', () => {
  const output = run(join(project, 'node_modules', '.bin', 'docsgen'), ['--help'], project);
  assert.match(output, /docsgen build/);
});

test.run();
