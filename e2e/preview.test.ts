// `docsgen preview` as a user runs it: a real process serving a build output folder, stopped with Ctrl-C.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = join(repo, 'node_modules', '.bin', 'docsgen');

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-preview-cli-'));
  folders.push(root);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

function startPreview(args: string[], cwd: string): { child: ChildProcess; ready: Promise<string>; exited: Promise<number | null>; output: () => string } {
  const child = spawn(bin, ['preview', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const url = /Local: (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`docsgen preview exited before it was ready:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => output };
}

const running = new Set<ChildProcess>();
const folders: string[] = [];
const preview = suite('docsgen preview');
// A failed assertion must not leave a server running (the test file would never end).
preview.after.each(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});
preview.after(() => {
  for (const root of folders) rmSync(root, { recursive: true, force: true });
});

preview('should serve <root>/dist with clean URLs and redirects, and stop on Ctrl-C', async () => {
  const project = folder({
    'dist/index.html': '<!doctype html><title>Home</title>',
    'dist/guides/intro.html': '<!doctype html><title>Intro</title>',
    'dist/guides/intro.md': '# Intro\n',
    'dist/404.html': '<!doctype html><title>Not found</title>',
    'dist/_redirects': '/old /guides/intro 301!\n',
  });
  const run = startPreview(['.', '--port', '0', '--host', '127.0.0.1'], project);
  run.ready.catch(() => {});
  const url = await run.ready;
  assert.match(run.output(), `docsgen preview: ${join(project, 'dist')}`);
  const page = await fetch(`${url}guides/intro`);
  assert.is(page.status, 200);
  assert.is(page.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.match(await page.text(), '<title>Intro</title>');
  const twin = await fetch(`${url}guides/intro.md`);
  assert.is(twin.headers.get('content-type'), 'text/markdown; charset=utf-8');
  const moved = await fetch(`${url}old`, { redirect: 'manual' });
  assert.is(moved.status, 301);
  assert.is(moved.headers.get('location'), '/guides/intro');
  assert.is((await fetch(`${url}nope`)).status, 404);
  run.child.kill('SIGINT');
  assert.is(await run.exited, 0);
});

preview('should serve --out relative to the current folder', async () => {
  const cwd = folder({ 'site/out/index.html': '<!doctype html><title>Out</title>' });
  const run = startPreview(['--out', 'site/out', '--port', '0', '--host', '127.0.0.1'], cwd);
  const url = await run.ready;
  assert.match(await (await fetch(url)).text(), '<title>Out</title>');
  run.child.kill('SIGINT');
  assert.is(await run.exited, 0);
});

preview('should say to run docsgen build first when there is no output, and reject bad options', () => {
  const project = folder({ 'docs.json': '{}' });
  const missing = spawnSync(bin, ['preview', '--port', '0'], { cwd: project, encoding: 'utf8' });
  assert.is(missing.status, 1);
  assert.is(missing.stderr, 'docsgen: Cannot preview `dist`: there is no such folder. Run `docsgen build` first.\n');
  const badPort = spawnSync(bin, ['preview', '--port', '70000'], { cwd: project, encoding: 'utf8' });
  assert.is(badPort.status, 2);
  assert.match(badPort.stderr, 'docsgen: Unexpected `--port 70000`, expected a port number from 0 to 65535');
  assert.match(badPort.stderr, 'Usage: docsgen preview');
  const help = spawnSync(bin, ['preview', '--help'], { cwd: project, encoding: 'utf8' });
  assert.is(help.status, 0);
  assert.match(help.stdout, '--out DIR');
  assert.match(help.stdout, '--strict-port');
});

preview.run();
