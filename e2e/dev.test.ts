// `docsgen dev` as a user runs it: a real process on a real port, stopped with Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = join(repo, 'node_modules', '.bin', 'docsgen');

function startDev(args: string[]): { child: ChildProcess; ready: Promise<string>; exited: Promise<number | null>; output: () => string } {
  const child = spawn(bin, ['dev', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
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
    child.once('exit', () => reject(new Error(`docsgen dev exited before it was ready:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => output };
}

const running = new Set<ChildProcess>();
const dev = suite('docsgen dev');
// A failed assertion must not leave a server running (the test file would never end).
dev.after.each(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

dev('should serve the project, print its URL, and stop within 2 s on Ctrl-C', async () => {
  const run = startDev(['fixtures/every-component', '--port', '0', '--host', '127.0.0.1']);
  run.ready.catch(() => {});
  const url = await run.ready;
  assert.match(run.output(), /ready in \d+ ms/);
  const page = await fetch(`${url}callouts`);
  assert.is(page.status, 200);
  assert.match(await page.text(), 'This is a note.');
  const twin = await fetch(`${url}callouts.md`);
  assert.is(twin.headers.get('content-type'), 'text/markdown; charset=utf-8');
  const stoppedAt = Date.now();
  run.child.kill('SIGINT');
  assert.is(await run.exited, 0);
  assert.ok(Date.now() - stoppedAt < 2000, 'stopped within 2 s');
});

dev('should print a page\'s warnings, with its file, when it renders, once', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-dev-warnings-'));
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Warnings', navigation: { pages: ['index'] } }));
  writeFileSync(join(root, 'index.mdx'), '# Home\n\n<Icon icon="no-such-icon-anywhere" />\n');
  const run = startDev([root, '--port', '0', '--host', '127.0.0.1']);
  run.ready.catch(() => {});
  const url = await run.ready;
  assert.is((await fetch(url)).status, 200);
  assert.is((await fetch(url)).status, 200);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const lines = run.output().split('\n').filter((line) => line.includes('icon-unknown'));
  assert.is(lines.length, 1, run.output());
  assert.match(lines[0]!, /index\.mdx\S*\s+warning\s+Unknown icon/);
  run.child.kill('SIGINT');
  assert.is(await run.exited, 0);
});

dev('should keep compiled pages on disk, so a restarted server finds them compiled', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-dev-compile-cache-'));
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Cache', navigation: { pages: ['index'] } }));
  writeFileSync(join(root, 'index.mdx'), '# Home\n\nCompiled once.\n');
  const first = startDev([root, '--port', '0', '--host', '127.0.0.1']);
  first.ready.catch(() => {});
  assert.match(await (await fetch(await first.ready)).text(), 'Compiled once.');
  first.child.kill('SIGINT');
  assert.is(await first.exited, 0);
  const folder = join(root, '.docsgen', 'cache', 'compile');
  const entries = readdirSync(folder).filter((name) => name.endsWith('.json'));
  assert.is(entries.length, 1);
  // Marked on disk: the restarted server shows the mark, so it did not compile the page again.
  const entry = join(folder, entries[0]!);
  writeFileSync(entry, readFileSync(entry, 'utf8').replace('Compiled once.', 'Compiled once, kept.'));
  const second = startDev([root, '--port', '0', '--host', '127.0.0.1']);
  second.ready.catch(() => {});
  assert.match(await (await fetch(await second.ready)).text(), 'Compiled once, kept.');
  second.child.kill('SIGINT');
  assert.is(await second.exited, 0);
});

dev('should take the next free port unless --strict-port', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const taken = (blocker.address() as AddressInfo).port;
  try {
    const run = startDev(['fixtures/minimal', '--port', String(taken), '--host', '127.0.0.1']);
    const url = await run.ready;
    assert.is.not(url, `http://127.0.0.1:${taken}/`);
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    run.child.kill('SIGINT');
    await run.exited;

    const strict = startDev(['fixtures/minimal', '--port', String(taken), '--host', '127.0.0.1', '--strict-port']);
    strict.ready.catch(() => {});
    assert.is(await strict.exited, 1);
    assert.match(strict.output(), `Cannot listen on port ${taken}: it is in use (--strict-port)`);
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});

dev.run();
