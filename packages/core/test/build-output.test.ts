import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OutputWriter, removeStaleStaging, stagingFolder } from '../src/build-output.js';
import { buildSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const writer = suite('build output writer');

/** The id of a process that has exited (a child that ran `true`). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
  assert.ok(child.pid, 'a child process ran');
  return child.pid!;
}

writer('should write, link and replace files in its staging folder, then swap it in for the output', () => {
  const work = mkdtempSync(join(tmpdir(), 'docsgen-writer-'));
  const outDir = join(work, 'dist');
  mkdirSync(outDir);
  writeFileSync(join(outDir, 'old.html'), 'old');
  const output = new OutputWriter({ outDir });
  output.open();
  assert.is(output.staging, join(work, `.dist.docsgen-${process.pid}`));
  output.write('a/b.html', 'first');
  output.write('a/b.html', 'second');
  const cached = join(work, 'cached.md');
  writeFileSync(cached, 'cached twin');
  output.linkFrom('a/b.md', 11, cached);
  output.linkFrom('a/b.md', 11, cached);
  assert.is(output.read('a/b.html'), 'second', 'a file written twice is replaced');
  assert.equal([...output.written], [['a/b.html', 6], ['a/b.md', 11]]);
  assert.is(output.bytes, 17);
  assert.ok(existsSync(join(outDir, 'old.html')), 'the old output stays until the swap');
  output.swapIn();
  assert.equal(readdirSync(outDir).sort(), ['a']);
  assert.is(readFileSync(join(outDir, 'a', 'b.md'), 'utf8'), 'cached twin');
  assert.is(readFileSync(cached, 'utf8'), 'cached twin', 'the cache entry is never written into');
  assert.not.ok(existsSync(output.staging));
  rmSync(work, { recursive: true, force: true });
});

writer('should copy a tree in name order, leave out dotfiles and what include refuses, and report links out of it', () => {
  const work = mkdtempSync(join(tmpdir(), 'docsgen-writer-tree-'));
  const root = join(work, 'project');
  mkdirSync(join(root, 'images', 'sub'), { recursive: true });
  writeFileSync(join(root, 'images', 'b.png'), 'b');
  writeFileSync(join(root, 'images', 'sub', 'a.png'), 'a');
  writeFileSync(join(root, 'images', '.secret'), 'no');
  writeFileSync(join(root, 'images', 'skip.txt'), 'no');
  writeFileSync(join(work, 'outside.png'), 'outside');
  symlinkSync(join(work, 'outside.png'), join(root, 'images', 'link.png'));
  const output = new OutputWriter({ outDir: join(work, 'dist') });
  output.open();
  const messages: import('@docsgen/config').DocsgenMessage[] = [];
  output.copyTree({ within: root, from: join(root, 'images'), prefix: 'images', messages, include: (path, isDirectory) => isDirectory || path.endsWith('.png') });
  assert.equal([...output.written.keys()], ['images/b.png', 'images/sub/a.png']);
  assert.equal(messages.map((message) => message.ruleId), ['build-link-outside']);
  output.discard();
  assert.not.ok(existsSync(output.staging));
  rmSync(work, { recursive: true, force: true });
});

writer('should remove the staging folders of dead processes only', () => {
  const work = mkdtempSync(join(tmpdir(), 'docsgen-writer-stale-'));
  const outDir = join(work, 'dist');
  const dead = stagingFolder(outDir, 4_000_001);
  const alive = stagingFolder(outDir, 4_000_002);
  for (const folder of [dead, alive, join(work, '.dist.docsgen-old-4000003'), join(work, '.other.docsgen-4000001'), join(work, '.dist.docsgen-x')]) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'index.html'), 'left behind');
  }
  const removed = removeStaleStaging(outDir, (pid) => pid === 4_000_002);
  assert.equal(removed.sort(), ['.dist.docsgen-4000001', '.dist.docsgen-old-4000003']);
  assert.equal(readdirSync(work).sort(), ['.dist.docsgen-4000002', '.dist.docsgen-x', '.other.docsgen-4000001']);
  // Without a stand-in, a process is looked up: this one runs, an exited child does not.
  const exited = stagingFolder(outDir, deadPid());
  const own = stagingFolder(outDir, process.pid);
  mkdirSync(exited);
  mkdirSync(own);
  removeStaleStaging(outDir);
  assert.not.ok(existsSync(exited), 'the staging folder of an exited process is removed');
  assert.ok(existsSync(own), "this process's staging folder is left alone");
  rmSync(work, { recursive: true, force: true });
});

writer('should leave the previous output and remove the staging folder of a build killed with SIGKILL on the next build', async () => {
  const files: Record<string, string> = { 'docs.json': JSON.stringify({ name: 'Killed', navigation: { pages: ['index'] } }), 'index.mdx': '# Home\n\nFirst.\n' };
  for (let index = 0; index < 60; index += 1) files[`guides/page-${index}.mdx`] = `---\ntitle: Page ${index}\n---\n\n${'Some text. '.repeat(200)}\n\n\`\`\`js\nconst a = ${index};\n\`\`\`\n`;
  const root = writeTempProject(files, 'docsgen-killed-');
  const outDir = join(root, '.output');
  const first = await buildSite(root, { outDir, workers: 1 });
  assert.ok(first.ok);
  writeFileSync(join(root, 'index.mdx'), '# Home\n\nSecond.\n');
  rmSync(join(root, '.docsgen'), { recursive: true, force: true });
  // A build in a process of its own, killed once its staging folder has files in it.
  const script = `import { buildSite } from ${JSON.stringify(fileURLToPath(new URL('../src/index.ts', import.meta.url)))};\nawait buildSite(${JSON.stringify(root)}, { outDir: ${JSON.stringify(outDir)}, workers: 1 });\n`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' });
  const staging = stagingFolder(outDir, child.pid!);
  const started = Date.now();
  while (!(existsSync(staging) && readdirSync(staging).length > 1) && Date.now() - started < 60_000) await new Promise((resolve) => setTimeout(resolve, 10));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  assert.ok(existsSync(staging), 'the killed build left its staging folder');
  assert.match(readFileSync(join(outDir, 'index.html'), 'utf8'), 'First.', 'the previous output is intact');
  const next = await buildSite(root, { outDir, workers: 1 });
  assert.ok(next.ok);
  assert.not.ok(existsSync(staging), 'the next build removed it');
  assert.match(readFileSync(join(outDir, 'index.html'), 'utf8'), 'Second.');
  assert.ok(statSync(outDir).isDirectory());
  rmSync(root, { recursive: true, force: true });
});

writer.run();
