#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

// A cold `docsgen build` runs in a Node started with a young generation of 32 MB semispaces
// (V8's default is 16 MB): a build makes many short-lived objects (syntax trees, tokens,
// strings), and collecting them half as often cut the CPU time of a cold build of the platform's
// docs (1,069 pages) by 8-11 % (48.5 and 43.6 s against 52.8 and 52.0 s) for 30-45 MB more at
// the peak (64 MB saved no more and added 170 MB). A thread's young generation is set when it
// starts, so this process starts the build's and waits for it (about 40 MB and 40 ms); its
// workers set theirs themselves. A build with a cache from an earlier one renders few pages and
// runs here, as do other commands. A `--max-semi-space-size` given to Node (or in
// `NODE_OPTIONS`) is left as it is, and so is a build run here with `DOCSGEN_IN_PROCESS=1`.
const youngFlag = '--max-semi-space-size';
const buildSemiSpaceMb = 32;
// The same Node optimises a function with V8's top compiler (TurboFan) only after about nine
// times V8's default amount of its code has run (`--interrupt-budget`, 67,584 in Node 20): a
// cold build spent as much CPU optimising (on V8's background threads, once per worker thread)
// as rendering, most of it for code that ran a few pages more before the build ended. It cut the
// CPU time of cold builds by 21 % on a 281-page real project (15.0 -> 11.5 s, dubinc/docs), 12 %
// on the platform's docs (39.0 -> 34.3 s) and 8 % on the 1,000-page benchmark corpus (24.4 ->
// 22.4 s), with the same output; four and eighteen times the default saved less or no more. A
// budget given to Node is left as it is.
const budgetFlag = '--interrupt-budget';
const buildInterruptBudget = 600_000;

// Whether Node was given `flag` (`--flag` or `--flag=value`) among `args`.
function hasFlag(flag, args) {
  return args.some((arg) => arg === flag || arg.startsWith(`${flag}=`));
}

const hasBudgetFlag = () => hasFlag(budgetFlag, process.execArgv);
const hasYoungFlag = () => hasFlag(youngFlag, [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]);

// Whether `docsgen build …` (`args`) starts without the cache of an earlier build.
function isColdBuild(args) {
  const { values, positionals } = parseArgs({
    args,
    options: { out: { type: 'string' }, adapter: { type: 'string' }, 'site-url': { type: 'string' }, workers: { type: 'string' }, 'no-cache': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: false,
    allowPositionals: true,
  });
  if (values.help) return false;
  return values['no-cache'] === true || !existsSync(join(resolve(String(positionals[1] ?? '.')), '.docsgen', 'cache', 'build'));
}

if (process.argv[2] === 'build' && !hasYoungFlag() && process.env.DOCSGEN_IN_PROCESS !== '1' && isColdBuild(process.argv.slice(2))) {
  const budget = hasBudgetFlag() ? [] : [`${budgetFlag}=${buildInterruptBudget}`];
  const child = spawn(process.execPath, [...process.execArgv, `${youngFlag}=${buildSemiSpaceMb}`, ...budget, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  // Ctrl-C reaches both processes; a signal sent to this one alone is passed on.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const forward = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  const [code, signal] = await new Promise((settle) => {
    child.on('error', (error) => settle([error, null]));
    child.on('exit', (exitCode, exitSignal) => settle([exitCode, exitSignal]));
  });
  for (const each of signals) process.off(each, forward);
  if (code instanceof Error) {
    process.stderr.write(`docsgen: cannot start the build's process: ${code.message}\n`);
    process.exit(1);
  }
  // Ended by a signal: end the same way, so the shell sees what the build saw.
  if (signal) process.kill(process.pid, signal);
  process.exit(code ?? 1);
}

/**
 * The bundled CLI (`dist/bundle/`, made by `scripts/bundle.mjs` after `tsc -b`) when it was made
 * from the packages' compiled output as it is now; else the compiled modules themselves (after
 * a `tsc -b` with no bundle made since). Loading the bundle saves Node finding and loading
 * about 500 modules one by one.
 */
function entry() {
  let stamps;
  try {
    stamps = JSON.parse(readFileSync(new URL('../dist/bundle/stamps.json', import.meta.url), 'utf8'));
  } catch {
    return '../dist/index.js';
  }
  for (const [file, mtimeMs] of Object.entries(stamps)) {
    try {
      if (statSync(new URL(file, import.meta.url)).mtimeMs !== mtimeMs) return '../dist/index.js';
    } catch {
      // Not built here (an installed package): the bundle is what there is.
    }
  }
  return '../dist/bundle/index.mjs';
}

// Stack traces of internal errors name the TypeScript sources, not the bundle's files.
if (process.argv.includes('--verbose')) process.setSourceMapsEnabled(true);

const { main } = await import(entry());

// `docsgen check | head` closes the pipe early; that is not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await main(process.argv.slice(2), { cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr });
