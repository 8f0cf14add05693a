#!/usr/bin/env node
// Cold `docsgen build` figures of real projects (not a test: prints numbers only): for each
// project folder, wall time, CPU time (user + system, all threads), peak memory (maximum
// resident set, all threads), pages, ms per page and output size, with no build cache.
//
//   node bench/project-build.mjs DIR [DIR …] [--runs 1] [--site-url URL] [--workers N]
//        [--cli packages/cli/bin/docsgen.js] [--hashes FILE] [--compare FILE] [--timeline]
//
// Each DIR is a project with a docs.json, for example the platform's own docs (the public
// repository `mintlify/docs`, brought with the `fetch` tool and extracted outside this
// repository). The project is read, never written: the output goes to a temporary folder.
// `--runs N` builds each project N times and prints the median. `--cli` runs another build of
// the CLI (a copy of an older commit) for before/after figures in one session.
//
// Byte-identical output: `--hashes FILE` writes the sha256 of every output file of each
// project's last build to FILE; `--compare FILE` checks the output against such a file and
// lists the files that differ (the exit code is 1 when one does).
//
// The fastest open-source peer: `--peer` builds each folder (a corpus written by
// ../shared/bench/gen-corpus.mjs) with Docusaurus and `faster` too (../shared/bench/
// peer-docusaurus.sh), alternating with docsgen: docsgen, peer, docsgen, … , docsgen (`--runs`
// peer builds). These machines change speed from minute to minute (the same build took 11.9
// and 16.4 s three minutes apart), so each peer build is compared with the docsgen builds on
// either side of it; the bench prints every build, each peer build's ratio and their median.
//
// Outputs are deleted when the project's builds are done, not between them: on a filesystem
// without a journal (ext4 on these machines), creating a file skips every inode deleted in the
// last minute, and a build that followed the deletion of the previous one's 3,100 files spent
// up to 2.5 s more in the kernel (`perf`: `ext4_create` > `recently_deleted`). The peer's script
// deletes its previous build before each of its own. To compare the two without that effect,
// run both on a memory filesystem: `TMPDIR=/dev/shm XDG_CACHE_HOME=/dev/shm/xdg node bench/…`
// (the peer installs itself there once).
//
// Memory over time: `--timeline` samples the build's resident memory (all threads, from
// /proc, Linux only) every 100 ms and prints it at each tenth of the build's wall time, with
// the peak and when it came, so a figure that grows with the pages shows as a rising line; and
// the peak of the processes the build starts (Pagefind's indexer, esbuild), summed. The
// "peak" figure of GNU time is the largest of the build process and those it started: at
// 10,000 pages that is Pagefind's indexer, not Node. `bin/docsgen.js` runs a build in a Node
// process of its own and waits for it (about 40 MB): GNU time's peak is the build's, the
// timeline's "Node's RSS" is both processes summed.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sizeOf } from './lib/folder-size.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '1' },
    'site-url': { type: 'string' },
    workers: { type: 'string' },
    cli: { type: 'string', default: join(repo, 'packages', 'cli', 'bin', 'docsgen.js') },
    hashes: { type: 'string' },
    compare: { type: 'string' },
    timeline: { type: 'boolean', default: false },
    peer: { type: 'boolean', default: false },
    'peer-script': { type: 'string', default: join(repo, '..', 'shared', 'bench', 'peer-docusaurus.sh') },
  },
});
if (positionals.length === 0) {
  console.error('usage: node bench/project-build.mjs DIR [DIR …] [--runs 1] [--site-url URL] [--workers N] [--cli PATH] [--hashes FILE] [--compare FILE] [--timeline] [--peer [--peer-script PATH]]');
  process.exit(2);
}
const hasGnuTime = spawnSync('/usr/bin/time', ['-f', '%M', 'true'], { encoding: 'utf8' }).status === 0;
if (!hasGnuTime) console.error('bench: /usr/bin/time (GNU time) not found: no CPU or memory figures');

/** One cold build of `root` into a fresh folder: its figures, its memory over time (`--timeline`) and the folder. */
async function build(root) {
  const out = mkdtempSync(join(tmpdir(), 'docsgen-bench-out-'));
  rmSync(out, { recursive: true });
  const args = [values.cli, 'build', root, '--out', out, '--no-cache', ...(values.workers ? ['--workers', values.workers] : []), ...(values['site-url'] ? ['--site-url', values['site-url']] : [])];
  const start = performance.now();
  const child = hasGnuTime ? spawn('/usr/bin/time', ['-f', 'bench-time %e %U %S %M', process.execPath, ...args]) : spawn(process.execPath, args);
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output.stdout = (output.stdout + chunk).slice(-64 * 1024)));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (output.stderr = (output.stderr + chunk).slice(-64 * 1024)));
  const samples = [];
  const sampler = values.timeline
    ? setInterval(() => {
        // bin/docsgen.js starts the build in a Node process of its own and waits for it: both count as Node's.
        const launcher = hasGnuTime ? childrenOf(child.pid)[0] : child.pid;
        const nodes = [launcher, ...childrenOf(launcher).filter(isNode)];
        const started = descendantsOf(nodes.at(-1)).filter((pid) => !nodes.includes(pid));
        const rss = nodes.map(residentMb);
        samples.push([performance.now() - start, rss.includes(undefined) ? undefined : rss.reduce((sum, mb) => sum + mb, 0), started.reduce((sum, each) => sum + (residentMb(each) ?? 0), 0)]);
      }, 100)
    : undefined;
  const status = await new Promise((resolvePromise) => child.on('close', resolvePromise));
  clearInterval(sampler);
  const ms = performance.now() - start;
  if (status !== 0) throw new Error(`build of ${root} failed:\n${output.stdout.slice(-4000)}\n${output.stderr.slice(-4000)}`);
  const time = /bench-time ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(output.stderr);
  const pages = Number(/Built (\d+) pages?/.exec(output.stdout)?.[1] ?? NaN);
  return { out, ms, cpuS: time ? Number(time[2]) + Number(time[3]) : undefined, peakMb: time ? Number(time[4]) / 1024 : undefined, pages, samples: samples.filter(([, mb]) => mb !== undefined) };
}

/** One cold build of the corpus `root` by the peer (its script's figures: wall seconds and peak MB). */
async function peerBuild(root) {
  const child = spawn('bash', [values['peer-script'], root]);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output = (output + chunk).slice(-16 * 1024)));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (output = (output + chunk).slice(-16 * 1024)));
  const status = await new Promise((resolvePromise) => child.on('close', resolvePromise));
  const figures = /([\d.]+) s wall, (\d+) MB peak/.exec(output);
  if (status !== 0 || !figures) throw new Error(`the peer's build of ${root} failed:\n${output.slice(-4000)}`);
  return { ms: Number(figures[1]) * 1000, peakMb: Number(figures[2]) };
}

/** The processes `pid` started (from any of its threads), from /proc. */
function childrenOf(pid) {
  if (pid === undefined) return [];
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** Whether process `pid` runs this Node. */
function isNode(pid) {
  try {
    return readlinkSync(`/proc/${pid}/exe`) === realpathSync(process.execPath);
  } catch {
    return false;
  }
}

/** Every process `pid` started, and those they started. */
function descendantsOf(pid) {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
}

/** The resident memory of a process in MB (every thread), from /proc; `undefined` when it cannot be read. */
function residentMb(pid) {
  if (pid === undefined) return undefined;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** The resident memory at each tenth of the build, the peak sampled and when it came, and the peak of the processes it started. */
function timelineOf(samples, ms) {
  if (samples.length === 0) return 'no samples (no /proc?)';
  const at = [];
  for (let tenth = 1; tenth <= 10; tenth += 1) {
    const until = samples.filter(([when]) => when <= (ms * tenth) / 10);
    at.push(until.length === 0 ? '-' : Math.round(until.at(-1)[1]));
  }
  const [peakAt, peak] = samples.reduce((best, sample) => (sample[1] > best[1] ? sample : best));
  const [childrenAt, children] = samples.reduce((best, sample) => (sample[2] > best[1] ? [sample[0], sample[2]] : best), [0, 0]);
  return `Node's RSS MB at each tenth of the build: ${at.join(' ')}; sampled peak ${Math.round(peak)} MB at ${Math.round((100 * peakAt) / ms)}%; processes it started (Pagefind, esbuild): ${Math.round(children)} MB at ${Math.round((100 * childrenAt) / ms)}%`;
}

/** Every file under `dir` by its path from `dir`, with its sha256 (the output marker left out). */
function hashes(dir) {
  const lines = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name !== '.docsgen-output') lines.push(`${createHash('sha256').update(readFileSync(path)).digest('hex')}  ${relative(dir, path)}`);
    }
  };
  walk(dir);
  return lines.sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1));
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
const allHashes = {};
const expected = values.compare ? JSON.parse(readFileSync(values.compare, 'utf8')) : undefined;
let differs = false;
/**
 * Whether the CLI at `cli` will run its compiled modules instead of its bundle: `bin/docsgen.js`
 * falls back to them when a file the bundle was made from changed since (a `tsc -b` after
 * `npm run build`). Module loading then costs about a tenth more on small projects: such
 * figures are not comparable with bundled ones.
 */
function runsUnbundled(cli) {
  let stamps;
  try {
    stamps = JSON.parse(readFileSync(new URL('../dist/bundle/stamps.json', pathToFileURL(cli)), 'utf8'));
  } catch {
    return true;
  }
  return Object.entries(stamps).some(([file, mtimeMs]) => {
    try {
      return statSync(new URL(file, pathToFileURL(cli))).mtimeMs !== mtimeMs;
    } catch {
      return false;
    }
  });
}

console.log(`docsgen build, cold (--no-cache), ${values.cli === join(repo, 'packages', 'cli', 'bin', 'docsgen.js') ? 'this checkout' : values.cli}${values['site-url'] ? `, --site-url ${values['site-url']}` : ''}${values.workers ? `, --workers ${values.workers}` : ''}`);
if (runsUnbundled(resolve(values.cli))) console.log('  NOTE: this CLI runs its compiled modules, not its bundle (run `npm run build` first): figures are not comparable');
for (const folder of positionals.map((path) => resolve(path))) {
  if (!existsSync(join(folder, 'docs.json'))) {
    console.log(`  ${folder}: no docs.json, skipped`);
    continue;
  }
  const runs = [];
  const peerRuns = [];
  for (let run = 0; run < Number(values.runs); run += 1) {
    runs.push(await build(folder));
    if (values.peer) peerRuns.push(await peerBuild(folder));
  }
  // Every peer build has a docsgen build on either side.
  if (values.peer) {
    runs.push(await build(folder));
  }
  const last = runs.at(-1);
  const bytes = sizeOf(last.out);
  const ms = median(runs.map((run) => run.ms));
  const cpu = runs[0].cpuS === undefined ? undefined : median(runs.map((run) => run.cpuS));
  const peak = runs[0].peakMb === undefined ? undefined : Math.max(...runs.map((run) => run.peakMb));
  console.log(
    `  ${folder}: ${last.pages} pages, ${(ms / 1000).toFixed(2)} s wall (${runs.map((run) => (run.ms / 1000).toFixed(1)).join(', ')}), ` +
      `${(ms / last.pages).toFixed(1)} ms/page, ${cpu === undefined ? 'n/a' : `${cpu.toFixed(1)} s CPU`}, ${peak === undefined ? 'n/a' : `${peak.toFixed(0)} MB peak`}, output ${(bytes / 1024 / 1024).toFixed(1)} MB`,
  );
  if (values.timeline) for (const run of runs) console.log(`    ${timelineOf(run.samples, run.ms)}`);
  if (peerRuns.length > 0) {
    const ratios = peerRuns.map((peer, index) => peer.ms / ((runs[index].ms + runs[index + 1].ms) / 2));
    console.log(
      `    peer (Docusaurus with faster): ${peerRuns.map((peer) => (peer.ms / 1000).toFixed(1)).join(', ')} s wall, ${Math.max(...peerRuns.map((peer) => peer.peakMb))} MB peak; ` +
        `against the docsgen builds on either side: ${ratios.map((ratio) => `${ratio.toFixed(2)}x`).join(', ')}, median ${median(ratios).toFixed(2)}x`,
    );
  }
  if (values.hashes || expected) {
    const list = hashes(last.out);
    allHashes[folder] = list;
    if (expected?.[folder]) {
      const before = new Set(expected[folder]);
      const after = new Set(list);
      const changed = [...new Set([...expected[folder].filter((line) => !after.has(line)), ...list.filter((line) => !before.has(line))].map((line) => line.slice(66)))];
      if (changed.length > 0) differs = true;
      console.log(`    output against --compare: ${changed.length === 0 ? `byte-identical (${list.length} files)` : `${changed.length} files differ: ${changed.slice(0, 20).join(', ')}`}`);
    }
  }
  for (const run of runs) rmSync(run.out, { recursive: true, force: true });
}
if (values.hashes) writeFileSync(values.hashes, JSON.stringify(allHashes));
if (differs) process.exitCode = 1;
