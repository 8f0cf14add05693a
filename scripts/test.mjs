#!/usr/bin/env node
// Runs every test file (packages/*/test/**/*.test.ts and e2e/**/*.test.ts) in its own
// Node process with uvu, two at a time, and ends with one summary line:
// `N passed, N failed` (plus `, N skipped` when some were skipped).
//
//   node scripts/test.mjs [filter...]   only files whose path contains a filter
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const filters = process.argv.slice(2);

function findTests(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'fixtures' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...findTests(path));
    else if (name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

const files = [
  ...readdirSync(join(root, 'packages')).flatMap((pkg) => {
    const dir = join(root, 'packages', pkg, 'test');
    try {
      return findTests(dir);
    } catch {
      return [];
    }
  }),
  ...findTests(join(root, 'e2e')),
]
  .map((file) => relative(root, file))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort();

// uvu prints "Total: N", "Passed: N", "Skipped: N" at the end of each file.
function readCounts(output) {
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const number = (label) => Number(plain.match(new RegExp(`${label}:\\s+(\\d+)`))?.[1] ?? NaN);
  return { total: number('Total'), passed: number('Passed'), skipped: number('Skipped') };
}

// A file that hangs (a server left open, a promise never settled) fails instead of stalling CI.
const fileTimeoutMs = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 10 * 60 * 1000);

// Each file gets a temporary folder of its own (TMPDIR, and TMP and TEMP for Windows), removed
// when it ends: every temporary project, build output, browser profile and child process of the
// file lands there, so none outlives the run. Before, the tests left about 150 folders behind
// per run (15 GB after some thirty runs on one machine).
function runFile(file) {
  const temporary = mkdtempSync(join(tmpdir(), 'docsgen-test-file-'));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', TMPDIR: temporary, TMP: temporary, TEMP: temporary },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      output += `\ntest runner: ${file} did not finish within ${fileTimeoutMs / 1000} s and was stopped\n`;
      child.kill('SIGKILL');
    }, fileTimeoutMs);
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      clearTimeout(timer);
      void rm(temporary, { recursive: true, force: true, maxRetries: 3 }).then(
        () => resolve({ file, code: code ?? 1, output }),
        (error) => resolve({ file, code: code ?? 1, output: `${output}\ntest runner: cannot remove ${temporary}: ${error.message}\n` }),
      );
    });
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
const queue = [...files];
const workers = Math.max(1, Math.min(2, availableParallelism()));

// Tests run through tsx, which does not type-check; `tsc` does it for every test file, as one
// more job of the queue (skipped when filters pick files).
const typecheck = 'typecheck: tsc -p tsconfig.test.json';
if (filters.length === 0) queue.unshift(typecheck);

function runTypecheck() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.test.json'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function work() {
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (file === typecheck) {
      const { code, output } = await runTypecheck();
      process.stdout.write(`\n${code === 0 ? 'ok  ' : 'FAIL'} ${typecheck}\n`);
      if (code !== 0) {
        process.stdout.write(output.replace(/^/gm, '    ') + '\n');
        failed += 1;
      }
      continue;
    }
    const { code, output } = await runFile(file);
    const counts = readCounts(output);
    // A file whose `before` hook threw still exits 0 under uvu but counts fewer passes than tests.
    const ok = code === 0 && Number.isFinite(counts.total) && counts.passed + (counts.skipped || 0) === counts.total;
    process.stdout.write(`\n${ok ? 'ok  ' : 'FAIL'} ${file}\n`);
    if (!ok || process.env.VERBOSE) process.stdout.write(output.replace(/^/gm, '    ') + '\n');
    if (Number.isFinite(counts.total)) {
      passed += counts.passed;
      skipped += counts.skipped;
      failed += counts.total - counts.passed - counts.skipped;
    }
    // A file that crashed before uvu could count (syntax error, unhandled rejection) is one failure.
    if (code !== 0 && !(counts.total > counts.passed + counts.skipped)) failed += 1;
  }
}

await Promise.all(Array.from({ length: workers }, work));
if (files.length === 0) {
  console.error('no test files matched');
  failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;
