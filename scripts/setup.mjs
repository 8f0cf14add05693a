#!/usr/bin/env node
// Brings a fresh clone to a working state: installs dependencies with the pinned pnpm
// (through npx, because corepack's signature check fails on some machines) and builds
// every package. Safe to run again: the install is skipped while the lockfile and the
// package manifests are unchanged.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpm = manifest.packageManager; // "pnpm@<exact version>"
const quiet = process.argv.includes('--quiet');

function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error(`setup: \`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

function installFingerprint() {
  const hash = createHash('sha256');
  hash.update(pnpm);
  hash.update(readFileSync(join(root, 'pnpm-lock.yaml')));
  hash.update(readFileSync(join(root, 'package.json')));
  for (const dir of readdirSync(join(root, 'packages')).sort()) {
    const file = join(root, 'packages', dir, 'package.json');
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

const stampFile = join(root, 'node_modules', '.docsgen-setup-stamp');
const fingerprint = installFingerprint();
const isInstalled = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint;
if (!isInstalled) {
  run('npx', ['--yes', pnpm, 'install', '--frozen-lockfile']);
  writeFileSync(stampFile, fingerprint);
}
run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b']);
// The CLI runs from one bundle of the compiled packages (see packages/cli/scripts/bundle.mjs).
run(process.execPath, [join(root, 'packages', 'cli', 'scripts', 'bundle.mjs'), '--if-stale']);

// Browser tests drive Debian's Chromium through playwright-core (a browser download at
// install time is not possible on every machine). Installed once, when missing.
const chromium = '/usr/bin/chromium';
if (process.argv.includes('--with-browser') && !existsSync(chromium)) {
  const aptGet = (...args) => (process.getuid?.() === 0 ? run('apt-get', args) : run('sudo', ['apt-get', ...args]));
  console.log('setup: installing Chromium for the browser tests (apt-get)');
  aptGet('update', '-qq');
  aptGet('install', '-y', '-qq', 'chromium');
}
// The API viewer browser tests load Redoc, Scalar and Elements from a project's node_modules.
if (process.argv.includes('--with-browser')) run(process.execPath, [join(root, 'scripts', 'fetch-viewer-packages.mjs')]);
