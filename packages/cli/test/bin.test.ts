// `bin/docsgen.js` picks the bundle only while it was made from the files as they are, and
// `scripts/bundle.mjs --if-stale` makes it again exactly when it is not.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const cli = fileURLToPath(new URL('..', import.meta.url));
const bin = suite('bin/docsgen.js');

/** A package laid out as this one, whose two entries say which of them ran. */
function layout(): { root: string; run: () => string } {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-bin-'));
  mkdirSync(join(root, 'bin'));
  mkdirSync(join(root, 'dist', 'bundle'), { recursive: true });
  copyFileSync(join(cli, 'bin', 'docsgen.js'), join(root, 'bin', 'docsgen.js'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  const entry = (name: string): string => `export async function main(argv, context) { context.stdout.write(${JSON.stringify(name)}); return 0; }\n`;
  writeFileSync(join(root, 'dist', 'index.js'), entry('compiled'));
  writeFileSync(join(root, 'dist', 'bundle', 'index.mjs'), entry('bundled'));
  writeFileSync(join(root, 'dist', '.tsbuildinfo'), '{}');
  const stamps = { '../dist/.tsbuildinfo': statSync(join(root, 'dist', '.tsbuildinfo')).mtimeMs, '../../not-installed/lock.yaml': 1 };
  writeFileSync(join(root, 'dist', 'bundle', 'stamps.json'), JSON.stringify(stamps));
  const run = (): string => {
    const result = spawnSync(process.execPath, [join(root, 'bin', 'docsgen.js')], { encoding: 'utf8' });
    assert.is(result.status, 0, result.stderr);
    return result.stdout;
  };
  return { root, run };
}

bin('should run the bundle while it was made from the compiled output as it is', () => {
  const { run } = layout();
  // A stamped file that is not there (an installed package has no lock file of ours) is skipped.
  assert.is(run(), 'bundled');
});

bin('should run the compiled modules once a package was compiled again since the bundle', () => {
  const { root, run } = layout();
  const later = new Date(Date.now() + 5000);
  utimesSync(join(root, 'dist', '.tsbuildinfo'), later, later);
  assert.is(run(), 'compiled');
});

bin('should run the compiled modules when there is no bundle, or its stamps cannot be read', () => {
  const { root, run } = layout();
  writeFileSync(join(root, 'dist', 'bundle', 'stamps.json'), '{ not json');
  assert.is(run(), 'compiled');
  rmSync(join(root, 'dist', 'bundle'), { recursive: true });
  assert.is(run(), 'compiled');
});

/** A package laid out as this one whose entry prints its Node options and process id, and exits with `code`. */
function reporting(code: number, wait = false): string {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-bin-'));
  mkdirSync(join(root, 'bin'));
  mkdirSync(join(root, 'dist'));
  copyFileSync(join(cli, 'bin', 'docsgen.js'), join(root, 'bin', 'docsgen.js'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(root, 'dist', 'index.js'), `export async function main(argv, context) {
  context.stdout.write(JSON.stringify({ argv, execArgv: process.execArgv, pid: process.pid }) + '\\n');
  if (${wait}) await new Promise(() => setInterval(() => undefined, 1000));
  return ${code};
}
`);
  return join(root, 'bin', 'docsgen.js');
}

interface Reported {
  argv: string[];
  execArgv: string[];
  pid: number;
}

function runReporting(file: string, args: string[], nodeArgs: string[] = [], env: NodeJS.ProcessEnv = {}): { status: number | null; reported: Reported } {
  const result = spawnSync(process.execPath, [...nodeArgs, file, ...args], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', DOCSGEN_IN_PROCESS: '', ...env } });
  assert.is(result.stderr, '');
  return { status: result.status, reported: JSON.parse(result.stdout) as Reported };
}

bin('should run a build in a Node with a larger young generation, and exit with its code', () => {
  const file = reporting(3);
  const project = mkdtempSync(join(tmpdir(), 'docsgen-bin-project-'));
  const { status, reported } = runReporting(file, ['build', project, '--out', 'site']);
  assert.is(status, 3);
  assert.equal(reported.argv, ['build', project, '--out', 'site']);
  assert.equal(reported.execArgv.filter((arg) => arg.startsWith('--max-semi-space-size')), ['--max-semi-space-size=32']);
});

bin('should run a cold build with a larger interrupt budget, unless Node was given one', () => {
  const file = reporting(0);
  const project = mkdtempSync(join(tmpdir(), 'docsgen-bin-project-'));
  assert.equal(runReporting(file, ['build', project, '--no-cache']).reported.execArgv.filter((arg) => arg.startsWith('--interrupt-budget')), ['--interrupt-budget=600000']);
  assert.equal(runReporting(file, ['build', project, '--no-cache'], ['--interrupt-budget=70000']).reported.execArgv.filter((arg) => arg.startsWith('--interrupt-budget')), ['--interrupt-budget=70000']);
});

bin('should run other commands, builds with a cache, and builds told the young generation, in this process', () => {
  const file = reporting(0);
  assert.equal(runReporting(file, ['check', 'docs']).reported.execArgv, []);
  assert.equal(runReporting(file, ['build', '--help']).reported.execArgv, []);
  // A project built before, with its cache: few pages to render.
  const project = mkdtempSync(join(tmpdir(), 'docsgen-bin-project-'));
  mkdirSync(join(project, '.docsgen', 'cache', 'build'), { recursive: true });
  assert.equal(runReporting(file, ['build', project, '--out', join(project, 'out')]).reported.execArgv, []);
  assert.equal(runReporting(file, ['build', '--out', 'site', project]).reported.execArgv, []);
  assert.equal(runReporting(file, ['build', project, '--no-cache']).reported.execArgv, ['--max-semi-space-size=32', '--interrupt-budget=600000']);
  assert.equal(runReporting(file, ['build'], ['--max-semi-space-size=8']).reported.execArgv, ['--max-semi-space-size=8']);
  assert.equal(runReporting(file, ['build'], [], { NODE_OPTIONS: '--max-semi-space-size=8' }).reported.execArgv, []);
  assert.equal(runReporting(file, ['build'], [], { DOCSGEN_IN_PROCESS: '1' }).reported.execArgv, []);
});

bin('should pass a signal on to the build and end by it', async () => {
  const file = reporting(0, true);
  const child = spawn(process.execPath, [file, 'build'], { env: { ...process.env, NODE_OPTIONS: '', DOCSGEN_IN_PROCESS: '' } });
  let stdout = '';
  child.stdout.setEncoding('utf8');
  await new Promise<void>((resolve) => child.stdout.on('data', (chunk: string) => {
    stdout += chunk;
    if (stdout.includes('\n')) resolve();
  }));
  const build = (JSON.parse(stdout) as Reported).pid;
  try {
    assert.is.not(build, child.pid);
    child.kill('SIGTERM');
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])));
    assert.equal([code, signal], [null, 'SIGTERM']);
    // The build's process is gone too.
    assert.throws(() => process.kill(build, 0));
  } finally {
    try {
      process.kill(build, 'SIGKILL');
    } catch {
      // Gone, as it should be.
    }
  }
});

bin('should make the bundle with --if-stale only when one of its files changed', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'docsgen-bundle-')), 'bundle');
  const bundle = (): string => {
    const result = spawnSync(process.execPath, [join(cli, 'scripts', 'bundle.mjs'), '--out', out, '--if-stale'], { encoding: 'utf8' });
    assert.is(result.status, 0, result.stderr);
    return result.stdout;
  };
  assert.match(bundle(), /^bundle: \d+ files in /);
  const stamps = JSON.parse(readFileSync(join(out, 'stamps.json'), 'utf8')) as Record<string, number>;
  for (const file of ['../scripts/bundle.mjs', '../dist/.tsbuildinfo', '../../core/dist/.tsbuildinfo', '../../../node_modules/.pnpm/lock.yaml']) {
    assert.type(stamps[file], 'number', file);
  }
  assert.match(bundle(), /is up to date/);
  // As if core had been compiled again.
  writeFileSync(join(out, 'stamps.json'), JSON.stringify({ ...stamps, '../../core/dist/.tsbuildinfo': 1 }));
  assert.match(bundle(), /^bundle: \d+ files in /);
  assert.match(bundle(), /is up to date/);
});

bin.run();
