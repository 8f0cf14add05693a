#!/usr/bin/env node
// Dev server memory across edits (not a test: prints numbers only). Edits one page of the
// shared corpus N times; after each save it waits for the update event and fetches the page
// again, as an open browser tab would. Reports the process's resident set and V8 heap after a
// warm-up and at the end (both after a full garbage collection).
//
//   node --expose-gc bench/dev-memory.mjs [--pages 200] [--cycles 1000]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '200' },
    cycles: { type: 'string', default: '1000' },
    corpus: { type: 'string', default: resolve(repo, '../shared/bench/gen-corpus.mjs') },
  },
});
if (typeof globalThis.gc !== 'function') {
  console.error('bench: run with `node --expose-gc bench/dev-memory.mjs`');
  process.exit(2);
}
if (!existsSync(values.corpus)) {
  console.error(`bench: corpus generator not found at ${values.corpus}; pass --corpus PATH`);
  process.exit(2);
}
const out = join(repo, 'bench', 'out', `dev-memory-${values.pages}`);
rmSync(out, { recursive: true, force: true });
mkdirSync(join(repo, 'bench', 'out'), { recursive: true });
const generated = spawnSync(process.execPath, [values.corpus, '--out', out, '--pages', values.pages], { encoding: 'utf8' });
if (generated.status !== 0) throw new Error(generated.stderr);

const { createSite } = await import(join(repo, 'packages', 'core', 'dist', 'index.js'));
const { startDevSession } = await import(join(repo, 'packages', 'dev-server', 'dist', 'index.js'));
const session = await startDevSession({ root: out, loadSite: () => createSite(out) });
await new Promise((done) => session.server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${session.server.address().port}`;
let events = 0;
await new Promise((done) => {
  get(`${base}/_docsgen/events`, (response) => {
    response.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.startsWith('data: ')) events += 1;
    });
    done();
  });
});
const slug = [...session.site.pages.keys()][1];
const file = session.site.pages.get(slug).file;
const original = readFileSync(file, 'utf8');

async function cycle(index) {
  const before = events;
  writeFileSync(file, `${original}\n\nEdit number ${index}, with \`code\` and a [link](/x).\n\n\`\`\`js\nconst edit = ${index};\n\`\`\`\n`);
  while (events === before) await new Promise((done) => setTimeout(done, 1));
  const page = await (await fetch(`${base}/${slug}`)).text();
  if (!page.includes(`Edit number ${index},`)) throw new Error(`edit ${index} is not on the page`);
  await (await fetch(`${base}/${slug}.md`)).text();
}

function measure() {
  globalThis.gc();
  globalThis.gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: rss / 1024 / 1024, heap: heapUsed / 1024 / 1024 };
}

const cycles = Number(values.cycles);
const warmup = Math.min(50, Math.floor(cycles / 10));
for (let index = 0; index < warmup; index += 1) await cycle(index);
const start = measure();
const started = performance.now();
for (let index = warmup; index < cycles; index += 1) await cycle(index);
const seconds = (performance.now() - started) / 1000;
const end = measure();
writeFileSync(file, original);
await session.close();
console.log(`docsgen dev, ${values.pages} pages, ${cycles} edit-and-reload cycles of one page (${(seconds / (cycles - warmup) * 1000).toFixed(0)} ms each)`);
console.log(`  after ${warmup} warm-up cycles: rss ${start.rss.toFixed(1)} MB, heap ${start.heap.toFixed(1)} MB`);
console.log(`  after ${cycles} cycles:          rss ${end.rss.toFixed(1)} MB, heap ${end.heap.toFixed(1)} MB`);
console.log(`  growth: rss ${(end.rss - start.rss).toFixed(1)} MB, heap ${(end.heap - start.heap).toFixed(1)} MB (target: under 50 MB)`);
