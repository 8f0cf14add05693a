#!/usr/bin/env node
// Runs `docsgen check` and `docsgen build` over real projects of the docs.json format and sums
// their messages by rule (not a test: prints numbers only; never run in CI).
//
//   node bench/real-projects.mjs DIR [DIR …] [--list FILE] [--no-build] [--json OUT]
//
// Each DIR is a project folder with a docs.json (for example a public repository brought with
// the `fetch` tool and extracted outside this repository). `--list FILE` reads more folders,
// one a line. For every project it prints pages, check errors and warnings, whether the build
// succeeded, its wall time, ms per page and peak memory (maximum resident set of the process
// and its worker threads, from /usr/bin/time), then one table of messages by rule id and
// severity across all projects, with the number of projects each rule appears in. `--json OUT`
// also writes every figure and message to OUT, to compare two runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { sizeOf } from './lib/folder-size.mjs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repo, 'packages', 'cli', 'bin', 'docsgen.js');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    list: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

const folders = [...positionals];
if (values.list) folders.push(...readFileSync(values.list, 'utf8').split('\n').map((line) => line.trim()).filter(Boolean));
if (folders.length === 0) {
  console.error('usage: node bench/real-projects.mjs DIR [DIR …] [--list FILE] [--no-build] [--json OUT]');
  process.exit(2);
}
const hasGnuTime = existsSync('/usr/bin/time');

/** Runs the CLI with wall time and, where /usr/bin/time exists, peak resident memory. */
function runCli(args) {
  const command = hasGnuTime ? '/usr/bin/time' : process.execPath;
  const argv = hasGnuTime ? ['-f', 'peak-kb %M', process.execPath, cli, ...args] : [cli, ...args];
  const start = process.hrtime.bigint();
  const result = spawnSync(command, argv, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const peak = /peak-kb (\d+)/.exec(result.stderr ?? '');
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '', ms, peakMb: peak ? Number(peak[1]) / 1024 : undefined };
}

/** Counts the source pages of a project (the pages check and build render). */
function countPages(dir) {
  let count = 0;
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.mdx?$/.test(entry.name)) count += 1;
    }
  };
  walk(dir);
  return count;
}

/** Messages of the text format, "file:line:column  severity  reason  [rule-id]". */
function parseTextMessages(text) {
  const messages = [];
  for (const line of text.split('\n')) {
    const match = /(?:^|\s)(error|warning)\s.*\[([a-z0-9-]+)\]\s*$/.exec(line);
    if (match) messages.push({ severity: match[1], ruleId: match[2], line: line.trim() });
  }
  return messages;
}

const results = [];
for (const folder of folders.map((dir) => resolve(dir))) {
  if (!existsSync(join(folder, 'docs.json'))) {
    console.error(`bench: no docs.json in ${folder}; skipped`);
    continue;
  }
  const name = basename(folder);
  const pages = countPages(folder);
  process.stderr.write(`${name}: check…`);
  const check = runCli(['check', folder, '--format', 'json']);
  let checkMessages = [];
  try {
    checkMessages = JSON.parse(check.stdout).messages.map((m) => ({ severity: m.fatal === false ? 'warning' : 'error', ruleId: m.ruleId ?? 'unknown', line: `${m.file ? relative(folder, m.file) : 'docs.json'}${m.line === undefined ? '' : `:${m.line}:${m.column ?? 1}`} ${m.reason}` }));
  } catch {
    checkMessages = [{ severity: 'error', ruleId: 'check-crashed', line: (check.stderr || check.stdout).trim().split('\n').slice(-3).join(' | ') }];
  }
  let build;
  if (!values['no-build']) {
    process.stderr.write(' build…');
    const out = mkdtempSync(join(tmpdir(), `real-${name}-`));
    build = runCli(['build', folder, '--out', out, '--no-cache']);
    build.messages = parseTextMessages(`${build.stdout}\n${build.stderr}`);
    if (build.status !== 0 && build.messages.every((m) => m.severity !== 'error')) {
      build.messages.push({ severity: 'error', ruleId: 'build-crashed', line: build.stderr.trim().split('\n').slice(-3).join(' | ') });
    }
    build.outMb = sizeOf(out) / 1024 / 1024;
    rmSync(out, { recursive: true, force: true });
  }
  process.stderr.write(' done\n');
  results.push({ name, folder, pages, check: { status: check.status, ms: check.ms, peakMb: check.peakMb, messages: checkMessages }, build });
}

const fixed = (n, digits = 0) => (n === undefined ? 'n/a' : n.toFixed(digits));
const count = (messages, severity) => messages.filter((m) => m.severity === severity).length;

console.log('\n| project | pages | check errors | check warnings | check s | build | build s | ms/page | peak MB | output MB |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const b = r.build;
  console.log(
    `| ${r.name} | ${r.pages} | ${count(r.check.messages, 'error')} | ${count(r.check.messages, 'warning')} | ${fixed(r.check.ms / 1000, 1)} | ` +
      (b ? `${b.status === 0 ? 'ok' : `failed (${count(b.messages, 'error')} errors)`} | ${fixed(b.ms / 1000, 1)} | ${fixed(b.ms / Math.max(r.pages, 1))} | ${fixed(b.peakMb)} | ${fixed(b.outMb, 1)} |` : '- | - | - | - | - |'),
  );
}

// Messages by rule: check's messages, and the build's where the build stopped (its errors are
// the ones that take a whole project down).
const byRule = new Map();
for (const r of results) {
  const all = [...r.check.messages.map((m) => ({ ...m, from: 'check' })), ...(r.build?.status ? r.build.messages.map((m) => ({ ...m, from: 'build' })) : [])];
  for (const m of all) {
    const key = `${m.from}\t${m.ruleId}\t${m.severity}`;
    const entry = byRule.get(key) ?? { count: 0, projects: new Set(), example: m.line };
    entry.count += 1;
    entry.projects.add(r.name);
    byRule.set(key, entry);
  }
}
console.log('\n| from | rule | severity | messages | projects | example |');
console.log('|---|---|---|---|---|---|');
for (const [key, entry] of [...byRule].sort((a, b) => b[1].count - a[1].count)) {
  const [from, ruleId, severity] = key.split('\t');
  const example = entry.example.replaceAll('|', '\\|').slice(0, 140);
  console.log(`| ${from} | ${ruleId} | ${severity} | ${entry.count} | ${entry.projects.size} | ${example} |`);
}
if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
