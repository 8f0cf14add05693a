#!/usr/bin/env node
// Dev server figures (not a test: prints numbers only), on the shared corpus or on a project
// folder (`--project DIR`, copied to a temporary folder first, since the bench edits pages):
//
// - `docsgen dev` as a reader runs it (a fresh Node process, its start-up included) to the first
//   page served: with no cache on disk, then again with the cache the first run left; wall time,
//   and the process's CPU time and resident memory at that moment (from /proc);
// - in this process, from importing core to the first page served, and from a save to the
//   update event plus the re-rendered page (median and max) for each kind of edit the project
//   has: a plain page, a page that imports snippets, a page bound to an OpenAPI operation, a
//   snippet that many pages import, and docs.json; then memory;
// - with `--search`, the first search index (every page rendered and indexed) and the index made
//   again after one page is saved.
//
// `--runs N` starts the command N times each way (its `.docsgen` folder removed before each cold
// start) and prints the median and range: on a shared machine one start says little (`--runs 0`:
// not at all).
//
// `--only WORDS` keeps the edit kinds whose name or file names one of the comma-separated words
// (`--only docs.json`); `--profile DIR` writes a CPU profile of this process (the server runs in
// it) over each kind's edits, `DIR/edit-<kind>.cpuprofile`, for `/work/cache/prof/analyze.mjs`.
//
//   node bench/dev.mjs [--pages 1000] [--project DIR] [--edits 10] [--runs 1] [--search] [--only WORDS] [--profile DIR] [--corpus ../shared/bench/gen-corpus.mjs] [--repo DOCSGEN_CHECKOUT]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createServer, get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    repo: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) },
    pages: { type: 'string', default: '1000' },
    project: { type: 'string' },
    edits: { type: 'string', default: '10' },
    runs: { type: 'string', default: '1' },
    search: { type: 'boolean', default: false },
    // Only the edit kinds whose name or file contains one of these words (comma-separated): `--only docs.json`.
    only: { type: 'string' },
    // A CPU profile of this process over each kind's edits (not the restore), one file per kind in DIR.
    profile: { type: 'string' },
    corpus: { type: 'string', default: fileURLToPath(new URL('../../shared/bench/gen-corpus.mjs', import.meta.url)) },
  },
});
// The docsgen checkout measured (built): this one, or another for a "before" figure.
const repo = resolve(values.repo);
const work = mkdtempSync(join(tmpdir(), 'docsgen-bench-dev-'));
const out = join(work, 'project');
let label;
if (values.project) {
  const source = resolve(values.project);
  // The project's own caches stay behind: the first run starts cold.
  cpSync(source, out, { recursive: true, filter: (path) => !relative(source, path).split(/[\\/]/).some((part) => part === '.docsgen' || part === 'node_modules' || part === '.git') });
  label = `${source}`;
} else {
  if (!existsSync(values.corpus)) {
    console.error(`bench: corpus generator not found at ${values.corpus}; pass --corpus PATH or --project DIR`);
    process.exit(2);
  }
  const generated = spawnSync(process.execPath, [values.corpus, '--out', out, '--pages', values.pages], { encoding: 'utf8' });
  if (generated.status !== 0) throw new Error(generated.stderr);
  label = `the corpus, ${values.pages} pages`;
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const ms = (value) => `${value.toFixed(0)} ms`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// 1. The command a reader runs, cold (no `.docsgen` cache) and again with the cache it left.
async function freePort() {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}
/** CPU seconds (user + system) and resident memory of a process now, from /proc (Linux). */
function processFigures(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command name), in ticks of 1/100 s.
    const cpu = (Number(fields[11]) + Number(fields[12])) / 100;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    return { cpu, rss };
  } catch {
    return undefined;
  }
}
async function runCommand() {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(repo, 'packages', 'cli', 'bin', 'docsgen.js'), 'dev', out, '--port', String(port), '--strict-port', '--host', '127.0.0.1'], { stdio: 'ignore' });
  let firstPage;
  while (firstPage === undefined) {
    const response = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
    if (response?.ok) {
      await response.text();
      firstPage = performance.now() - started;
    } else await new Promise((done) => setTimeout(done, 5));
  }
  const figures = processFigures(child.pid);
  child.kill('SIGINT');
  await new Promise((done) => child.on('exit', done));
  return { firstPage, ...figures };
}
const colds = [];
const warms = [];
for (let run = 0; run < Number(values.runs); run += 1) {
  rmSync(join(out, '.docsgen'), { recursive: true, force: true });
  colds.push(await runCommand());
  warms.push(await runCommand());
}

// 2. In this process: start to first page, then edits. CPU time too: on a busy machine the wall
// clock says more about the other processes than about this one.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const startCpu = cpuMs();
const start = performance.now();
const { createSite } = await import(join(repo, 'packages', 'core', 'dist', 'index.js'));
const { startDevSession } = await import(join(repo, 'packages', 'dev-server', 'dist', 'index.js'));
// `context` is absent in checkouts from before the load cache.
const session = await startDevSession({ root: out, loadSite: (context) => createSite(out, { mode: 'dev', compileCache: true, loadCache: context?.loadCache }) });
await new Promise((done) => session.server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${session.server.address().port}`;
const first = await fetch(`${base}/`);
await first.text();
const firstPage = performance.now() - start;
const firstPageCpu = cpuMs() - startCpu;
const afterStart = process.memoryUsage();

const events = [];
await new Promise((done) => {
  get(`${base}/_docsgen/events`, (response) => {
    response.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.startsWith('data: ')) events.push(performance.now());
    });
    done();
  });
});

// The kinds of edit the project has: each names the file saved and a page that shows the edit.
const site = session.site;
const sourceOf = (page) => (page.api ? '' : readFileSync(page.file, 'utf8'));
const candidates = site.navigablePages.filter((slug) => slug !== site.homeSlug).map((slug) => site.pages.get(slug)).filter((page) => page && !page.api && /\.mdx?$/.test(page.file));
const importsOf = (page) => [...sourceOf(page).matchAll(/^import\s[^'"]*from\s+['"]([^'"]+\.mdx?)['"]/gm)].map((match) => (match[1].startsWith('/') ? join(out, match[1]) : resolve(dirname(page.file), match[1])));
const kinds = [];
const plain = candidates.find((page) => importsOf(page).length === 0 && !page.frontmatter.openapi && !sourceOf(page).includes('<Update'));
if (plain) kinds.push({ name: 'a plain page', file: plain.file, slug: plain.slug });
const importing = candidates.find((page) => importsOf(page).length > 0 && !page.frontmatter.openapi);
if (importing) kinds.push({ name: 'a page with snippet imports', file: importing.file, slug: importing.slug });
const bound = candidates.find((page) => typeof page.frontmatter.openapi === 'string');
if (bound) kinds.push({ name: 'a page bound to an OpenAPI operation', file: bound.file, slug: bound.slug });
const importers = new Map();
for (const page of candidates) for (const file of importsOf(page)) if (existsSync(file)) importers.set(file, [...(importers.get(file) ?? []), page.slug]);
const [snippet, readers] = [...importers].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
if (snippet) kinds.push({ name: `a snippet ${readers.length} pages import`, file: snippet, slug: readers[0] });
kinds.push({ name: 'docs.json', file: join(out, 'docs.json'), slug: plain?.slug ?? site.homeSlug, isConfig: true });

const only = values.only?.split(',').filter(Boolean);
const chosen = only ? kinds.filter((kind) => only.some((word) => kind.name.includes(word) || relative(out, kind.file).includes(word))) : kinds;
let profiler;
if (values.profile) {
  mkdirSync(values.profile, { recursive: true });
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 250 });
}
const results = [];
for (const kind of chosen) {
  await (await fetch(`${base}/${kind.slug}`)).text();
  if (profiler) await profiler.post('Profiler.start');
  const original = readFileSync(kind.file, 'utf8');
  const latencies = [];
  const cpu = [];
  for (let edit = 0; edit < Number(values.edits); edit += 1) {
    const marker = `Edit${edit}x${Date.now()}`;
    // docs.json: the site's name, which every page's title carries; anything else: a paragraph.
    const text = kind.isConfig ? original.replace(/"name"\s*:\s*"([^"]*)"/, (_all, name) => `"name": "${name} ${marker}"`) : `${original}\n\n${marker}\n`;
    const before = events.length;
    const saved = performance.now();
    const savedCpu = cpuMs();
    writeFileSync(kind.file, text);
    while (events.length === before) await new Promise((done) => setTimeout(done, 2));
    const page = await (await fetch(`${base}/${kind.slug}`)).text();
    latencies.push(performance.now() - saved);
    cpu.push(cpuMs() - savedCpu);
    if (!page.includes(marker)) throw new Error(`the edit of ${kind.name} (${relative(out, kind.file)}) is not on /${kind.slug}`);
  }
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    const name = relative(out, kind.file).replace(/[^A-Za-z0-9.]+/g, '-');
    writeFileSync(join(values.profile, `edit-${name}.cpuprofile`), JSON.stringify(profile));
  }
  const before = events.length;
  writeFileSync(kind.file, original);
  while (events.length === before) await new Promise((done) => setTimeout(done, 2));
  results.push({ ...kind, latencies, cpu });
}
const afterEdits = process.memoryUsage();

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
  const file = (plain ?? candidates[0]).file;
  const original = readFileSync(file, 'utf8');
  const before = events.length;
  writeFileSync(file, `${original}\n\nA searchable wombat.\n`);
  while (events.length === before) await new Promise((done) => setTimeout(done, 2));
  const again = await entry();
  writeFileSync(file, original);
  searchFigures = { whole, again };
}
await session.close();
rmSync(work, { recursive: true, force: true });

console.log(`docsgen dev, ${label} (${site.pages.size} pages)`);
// `--runs 0` leaves the command out (the in-process figures only).
for (const [name, runs] of [['no cache', colds], ['cache of the run before', warms]].filter(([, runs]) => runs.length > 0)) {
  const pick = (key) => runs.map((run) => run[key]).filter((value) => value !== undefined);
  const range = (list, format) => (list.length > 1 ? ` [${format(Math.min(...list))}-${format(Math.max(...list))}]` : '');
  const seconds = (value) => `${value.toFixed(2)} s`;
  const [walls, cpus, rsss] = [pick('firstPage'), pick('cpu'), pick('rss')];
  console.log(
    `  \`docsgen dev\` run to first page served (Node start-up included), ${name}${runs.length > 1 ? `, median of ${runs.length}` : ''}: ${ms(median(walls))}${range(walls, ms)} (CPU ${cpus.length > 0 ? seconds(median(cpus)) + range(cpus, seconds) : '?'}, RSS ${rsss.length > 0 ? mb(median(rsss)) : '?'})`,
  );
}
console.log(`  in process, start (modules loaded, project read) to first page served, with the cache those runs left: ${ms(firstPage)} (CPU ${ms(firstPageCpu)})`);
console.log(`  save to update event + re-rendered page, ${values.edits} edits each (includes the watcher's batching of changes), median / max (median CPU of this process):`);
for (const result of results) console.log(`    ${result.name} (${relative(out, result.file)} -> /${result.slug}): ${ms(median(result.latencies))} / ${ms(Math.max(...result.latencies))} (CPU ${ms(median(result.cpu))})`);
console.log(`  memory: RSS ${mb(afterStart.rss)} after the first page, ${mb(afterEdits.rss)} after the edits; heap ${mb(afterStart.heapUsed)} / ${mb(afterEdits.heapUsed)}; peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`);
if (searchFigures) {
  console.log(`  first search index (every page rendered and indexed): ${(searchFigures.whole / 1000).toFixed(1)} s`);
  console.log(`  search index again after saving one page: ${ms(searchFigures.again)}`);
}
