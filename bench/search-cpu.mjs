#!/usr/bin/env node
// Pagefind's share of a cold `docsgen build` (not a test: prints numbers only). Builds each
// project with no cache, samples the CPU time of every process the build starts (from /proc,
// Linux only) every 50 ms, and prints: wall time, CPU of Node (all of its threads) and of
// Pagefind's indexer, and the tail: how long the build ran at its end while Node was all but
// idle (under a fifth of a core), waiting for Pagefind's last round and the index's files.
//
//   node bench/search-cpu.mjs DIR [DIR …] [--runs 1] [--cli packages/cli/bin/docsgen.js] [--timeline]
//
// `--cli` runs another build of the CLI (a copy of an older commit) for before/after figures;
// `--timeline` prints, per tenth of a second of the last three seconds, each process's CPU.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '1' },
    cli: { type: 'string', default: join(repo, 'packages', 'cli', 'bin', 'docsgen.js') },
    timeline: { type: 'boolean', default: false },
  },
});
if (positionals.length === 0) {
  console.error('usage: node bench/search-cpu.mjs DIR [DIR …] [--runs 1] [--cli PATH] [--timeline]');
  process.exit(2);
}
const ticks = 100;
const interval = 50;

/** Every process's parent, name and CPU time (user + system, seconds), from /proc. */
function processes() {
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.set(Number(name), { parent: Number(fields[1]), comm, cpu: (Number(fields[11]) + Number(fields[12])) / ticks });
    } catch {
      // The process ended meanwhile.
    }
  }
  return all;
}

/** One cold build of `root`: wall time, each descendant's CPU and the samples over time. */
function build(root) {
  const out = mkdtempSync(join(tmpdir(), 'docsgen-search-cpu-'));
  rmSync(out, { recursive: true });
  const started = performance.now();
  const child = spawn(process.execPath, [values.cli, 'build', root, '--out', out, '--no-cache'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const best = new Map();
  const samples = [];
  const sample = () => {
    const all = processes();
    const mine = new Set([child.pid]);
    // Parents come before their children in /proc's order often, not always: repeat until stable.
    for (let grown = true; grown; ) {
      grown = false;
      for (const [pid, proc] of all) if (!mine.has(pid) && mine.has(proc.parent)) (mine.add(pid), (grown = true));
    }
    const byKind = { node: 0, pagefind: 0, other: 0 };
    for (const pid of mine) {
      const proc = all.get(pid);
      if (!proc) continue;
      const cpu = Math.max(proc.cpu, best.get(pid)?.cpu ?? 0);
      best.set(pid, { comm: proc.comm, cpu });
    }
    for (const { comm, cpu } of best.values()) byKind[kindOf(comm)] += cpu;
    samples.push({ at: (performance.now() - started) / 1000, ...byKind });
  };
  const timer = setInterval(sample, interval);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const wall = (performance.now() - started) / 1000;
      rmSync(out, { recursive: true, force: true });
      if (code !== 0) reject(new Error(`build of ${root} exited with ${code}`));
      else resolve({ wall, samples, best });
    });
  });
}

function kindOf(comm) {
  if (comm.startsWith('pagefind')) return 'pagefind';
  if (comm === 'node' || comm.startsWith('node') || comm === 'MainThread') return 'node';
  return 'other';
}

/** The build's last stretch during which Node used under a fifth of a core (seconds). */
function tailOf(samples) {
  let tail = 0;
  for (let index = samples.length - 1; index > 0; index -= 1) {
    const [before, after] = [samples[index - 1], samples[index]];
    const span = after.at - before.at;
    if (span <= 0) continue;
    if ((after.node - before.node) / span >= 0.2) break;
    tail += span;
  }
  return tail;
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
for (const root of positionals) {
  const runs = [];
  for (let run = 0; run < Number(values.runs); run += 1) runs.push(await build(root));
  const last = (run, kind) => run.samples.at(-1)?.[kind] ?? 0;
  const figure = (pick) => median(runs.map(pick)).toFixed(2);
  console.log(`${root}: wall ${figure((run) => run.wall)} s, Node CPU ${figure((run) => last(run, 'node'))} s, Pagefind CPU ${figure((run) => last(run, 'pagefind'))} s, other ${figure((run) => last(run, 'other'))} s, tail ${figure((run) => tailOf(run.samples))} s (median of ${runs.length})`);
  if (values.timeline) {
    const { samples } = runs.at(-1);
    const end = samples.at(-1).at;
    let previous = samples.find((each) => each.at >= end - 3) ?? samples[0];
    for (const each of samples) {
      if (each.at < previous.at + 0.1) continue;
      const span = each.at - previous.at;
      console.log(`  ${each.at.toFixed(1).padStart(6)} s  node ${((each.node - previous.node) / span).toFixed(2)}  pagefind ${((each.pagefind - previous.pagefind) / span).toFixed(2)} cores`);
      previous = each;
    }
  }
}
