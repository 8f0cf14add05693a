#!/usr/bin/env node
// Dev server figures (not a test: prints numbers only): time from start to the first page
// served, in this process (from importing core) and as a reader sees it (from running
// `docsgen dev`, Node's own start-up included); and from saving a page to the update event plus
// the re-rendered page, on the shared corpus. With `--search`, also the first search index (every
// page rendered and indexed) and the index made again after one page is saved (that page renders
// and goes to Pagefind again; the others' shares of the index are kept in memory).
//
//   node bench/dev.mjs [--pages 1000] [--edits 20] [--search] [--corpus ../shared/bench/gen-corpus.mjs]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    edits: { type: 'string', default: '20' },
    search: { type: 'boolean', default: false },
    corpus: { type: 'string', default: resolve(repo, '../shared/bench/gen-corpus.mjs') },
  },
});
if (!existsSync(values.corpus)) {
  console.error(`bench: corpus generator not found at ${values.corpus}; pass --corpus PATH`);
  process.exit(2);
}
const out = join(repo, 'bench', 'out', `dev-${values.pages}`);
rmSync(out, { recursive: true, force: true });
mkdirSync(join(repo, 'bench', 'out'), { recursive: true });
const generated = spawnSync(process.execPath, [values.corpus, '--out', out, '--pages', values.pages], { encoding: 'utf8' });
if (generated.status !== 0) throw new Error(generated.stderr);

const start = performance.now();
const { createSite } = await import(join(repo, 'packages', 'core', 'dist', 'index.js'));
const { startDevSession } = await import(join(repo, 'packages', 'dev-server', 'dist', 'index.js'));
const session = await startDevSession({ root: out, loadSite: () => createSite(out) });
await new Promise((done) => session.server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${session.server.address().port}`;
const first = await fetch(`${base}/`);
await first.text();
const firstPage = performance.now() - start;

const events = [];
await new Promise((done) => {
  get(`${base}/_docsgen/events`, (response) => {
    response.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.startsWith('data: ')) events.push(performance.now());
    });
    done();
  });
});
const slug = [...session.site.pages.keys()][1];
const file = session.site.pages.get(slug).file;
await (await fetch(`${base}/${slug}`)).text();
const original = readFileSync(file, 'utf8');
const latencies = [];
for (let edit = 0; edit < Number(values.edits); edit += 1) {
  const before = events.length;
  const saved = performance.now();
  writeFileSync(file, `${original}\n\nEdit ${edit}.\n`);
  while (events.length === before) await new Promise((done) => setTimeout(done, 2));
  const page = await (await fetch(`${base}/${slug}`)).text();
  if (!page.includes(`Edit ${edit}.`)) throw new Error('the edit is not on the page');
  latencies.push(performance.now() - saved);
}
writeFileSync(file, original);
let searchFigures;
if (values.search) {
  // The index is made on the first request for one of its files, and again after a change.
  const entry = async () => {
    const started = performance.now();
    const response = await fetch(`${base}/_docsgen/search/pagefind-entry.json`);
    await response.text();
    if (!response.ok) throw new Error(`search index: ${response.status}`);
    return performance.now() - started;
  };
  const whole = await entry();
  const before = events.length;
  writeFileSync(file, `${original}\n\nA searchable wombat.\n`);
  while (events.length === before) await new Promise((done) => setTimeout(done, 2));
  const again = await entry();
  writeFileSync(file, original);
  searchFigures = { whole, again };
}
await session.close();

// The command a reader runs: a fresh Node process, from its start to the first page served.
const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => done(free));
  });
});
const commandStart = performance.now();
const child = spawn(process.execPath, [join(repo, 'packages', 'cli', 'bin', 'docsgen.js'), 'dev', out, '--port', String(port), '--strict-port', '--host', '127.0.0.1'], { stdio: 'ignore' });
let commandFirstPage;
while (commandFirstPage === undefined) {
  const response = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
  if (response?.ok) {
    await response.text();
    commandFirstPage = performance.now() - commandStart;
  } else await new Promise((done) => setTimeout(done, 5));
}
child.kill('SIGINT');
await new Promise((done) => child.on('exit', done));
const sorted = [...latencies].sort((a, b) => a - b);
console.log(`docsgen dev, ${values.pages} pages`);
console.log(`  start (modules loaded, project read) to first page served: ${firstPage.toFixed(0)} ms`);
console.log(`  \`docsgen dev\` run to first page served (Node start-up included): ${commandFirstPage.toFixed(0)} ms`);
console.log(`  save to update event + re-rendered page, median of ${latencies.length}: ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms (includes the 50 ms change batching)`);
if (searchFigures) {
  console.log(`  first search index (every page rendered and indexed): ${(searchFigures.whole / 1000).toFixed(1)} s`);
  console.log(`  search index again after saving one page: ${searchFigures.again.toFixed(0)} ms`);
}
