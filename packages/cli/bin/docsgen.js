#!/usr/bin/env node
import { readFileSync, statSync } from 'node:fs';

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
