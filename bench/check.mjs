#!/usr/bin/env node
// Times `docsgen check` on a generated project (not a test: prints numbers only).
//
//   node bench/check.mjs [--pages 1000] [--runs 5] [--corpus ../shared/bench/gen-corpus.mjs]
//
// The project comes from the shared corpus generator that the peers were measured on, so
// figures compare. Reports the median wall time of the whole CLI process (Node start-up
// included) and of `checkProject` alone, in-process and warm, for `--config-only` (docs.json,
// navigation, frontmatter), and one run of the full check that also compiles every page.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
    corpus: { type: 'string', default: resolve(repo, '../shared/bench/gen-corpus.mjs') },
  },
});
const pages = Number(values.pages);
const runs = Number(values.runs);
if (!existsSync(values.corpus)) {
  console.error(`bench: corpus generator not found at ${values.corpus}; pass --corpus PATH`);
  process.exit(2);
}

const out = join(repo, 'bench', 'out', `check-${pages}`);
rmSync(out, { recursive: true, force: true });
mkdirSync(join(repo, 'bench', 'out'), { recursive: true });
const generated = spawnSync(process.execPath, [values.corpus, '--out', out, '--pages', String(pages)], { encoding: 'utf8' });
if (generated.status !== 0) {
  console.error(generated.stderr);
  process.exit(1);
}

const cli = join(repo, 'packages', 'cli', 'bin', 'docsgen.js');
const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

const processTimes = [];
let lastOutput = '';
for (let run = 0; run < runs; run += 1) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [cli, 'check', out, '--config-only'], { encoding: 'utf8' });
  processTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
  lastOutput = result.stdout.trim().split('\n').at(-1);
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    process.exit(1);
  }
}

const { checkProject } = await import(join(repo, 'packages', 'core', 'dist', 'index.js'));
await checkProject(out, { compile: false }); // warm-up: schema compilation, module loading
const inProcessTimes = [];
for (let run = 0; run < runs; run += 1) {
  const start = process.hrtime.bigint();
  await checkProject(out, { compile: false });
  inProcessTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
}
const fullStart = process.hrtime.bigint();
const full = spawnSync(process.execPath, [cli, 'check', out], { encoding: 'utf8' });
const fullTime = Number(process.hrtime.bigint() - fullStart) / 1e6;

console.log(`docsgen check --config-only, ${pages} pages (${lastOutput})`);
console.log(`  whole CLI process, median of ${runs}: ${median(processTimes).toFixed(0)} ms`);
console.log(`  checkProject in-process (warm), median of ${runs}: ${median(inProcessTimes).toFixed(0)} ms`);
console.log(`docsgen check (every page compiled and rendered), one run: ${(fullTime / 1000).toFixed(1)} s (${full.stdout.trim().split('\n').at(-1)})`);
