import { PassThrough } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../src/main.js';

const help = suite('docsgen build --help');

async function run(argv: string[]): Promise<{ code: number; stdout: string }> {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const code = await main(argv, { cwd: process.cwd(), env: {}, stdout, stderr: new PassThrough() });
  return { code, stdout: Buffer.concat(chunks).toString('utf8') };
}

help('should list every option in one block, with the paragraph on defaults after it', async () => {
  const { code, stdout } = await run(['build', '--help']);
  assert.is(code, 0);
  const blocks = stdout.split('\n\n');
  const options = blocks.find((block) => block.startsWith('Options:'));
  assert.ok(options, stdout);
  for (const flag of ['--out DIR', '--adapter NAME', '--site-url URL', '--workers N', '--no-cache', '--verbose']) assert.match(options, flag);
  const after = blocks[blocks.indexOf(options) + 1] ?? '';
  assert.match(after, /^Defaults not given here come from build in docsgen\.config/);
});

help.run();
