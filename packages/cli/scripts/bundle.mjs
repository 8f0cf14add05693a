#!/usr/bin/env node
// Bundles the compiled CLI (`dist/`, from `tsc -b`) and everything it imports into
// `dist/bundle/`: one module graph of a few dozen files instead of about 500 packages' modules,
// which Node loads one by one (half a second on a small machine, before any work starts).
// `bin/docsgen.js` runs the bundle while it was made from every package's compiled output as it is.
//
//   node packages/cli/scripts/bundle.mjs [--out DIR] [--if-stale]
//
// `--out`: where to write (default: packages/cli/dist/bundle). `--if-stale`: do nothing when the
// bundle there was made from the files as they are (see `stamps.json` below).
//
// The bundle behaves as if each module were still where it was compiled: every
// `import.meta.url` (and `__dirname`, `__filename` of CommonJS modules) is replaced by the
// module's own location, so files found next to a module (themes, assets, grammars, the
// Oniguruma WebAssembly, package.json files) and `createRequire` resolve as before. Packages
// that find their own binaries (sharp, esbuild, Pagefind) and satori stay outside the bundle,
// imported by their path from here. The build and check workers are entry points too.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const cli = fileURLToPath(new URL('..', import.meta.url));
const packages = dirname(cli);
const { values } = parseArgs({ options: { out: { type: 'string' }, 'if-stale': { type: 'boolean' } } });
const outdir = values.out ? resolve(values.out) : join(cli, 'dist', 'bundle');
const bin = join(cli, 'bin');
const external = /^(?:sharp|esbuild|pagefind|satori)(?:\/.*)?$/;
// Files the bundle depends on besides its inputs: this script, the installed dependencies
// (pnpm rewrites its lock file in node_modules on every install) and the patches of them (a
// patch edited in place changes the bundled code before any install).
const workspaceLock = join(dirname(packages), 'node_modules', '.pnpm', 'lock.yaml');
const patchFolder = join(dirname(packages), 'patches');
const patches = existsSync(patchFolder) ? readdirSync(patchFolder).filter((name) => name.endsWith('.patch')).map((name) => join(patchFolder, name)) : [];
const tools = [fileURLToPath(import.meta.url), ...(existsSync(workspaceLock) ? [workspaceLock] : []), ...patches];

if (values['if-stale'] && isFresh()) {
  console.log(`bundle: ${relative(process.cwd(), outdir) || '.'} is up to date`);
  process.exit(0);
}

/** Whether the bundle in `outdir` was made from the files as they are now. */
function isFresh() {
  let stamps;
  try {
    stamps = JSON.parse(readFileSync(join(outdir, 'stamps.json'), 'utf8'));
  } catch {
    return false;
  }
  const entries = Object.entries(stamps).map(([file, mtimeMs]) => [resolve(bin, file), mtimeMs]);
  if (!tools.every((tool) => entries.some(([file]) => file === tool))) return false;
  return entries.every(([file, mtimeMs]) => {
    try {
      return statSync(file).mtimeMs === mtimeMs;
    } catch {
      return false;
    }
  });
}

/** Paths inside the bundle to files outside it, as relative specifiers. */
function fromBundle(file) {
  const path = relative(outdir, file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

const inPlace = {
  name: 'modules-in-place',
  setup(esbuild) {
    // Outside the bundle, by path, so they resolve from here whatever this package depends on.
    esbuild.onResolve({ filter: external }, async (args) => {
      if (args.pluginData?.resolving) return undefined;
      const resolved = await esbuild.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { resolving: true } });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: fromBundle(resolved.path), external: true };
    });
    esbuild.onLoad({ filter: /\.(?:m?js|cjs)$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      // The build and check workers run bundled too: `new URL('./build-worker.js', import.meta.url)`
      // names the worker's entry beside the chunk that starts it (`import.meta['url']` is left as it is).
      text = text.replace(/new URL\('\.\/(build|check)-worker\.js', import\.meta\.url\)/g, "new URL('./$1-worker.mjs', import.meta['url'])");
      // `import.meta.url` as code (not the text 'import.meta.url', as in an esbuild `define`).
      text = text.replace(/(?<!['"`.\w])import\.meta\.url\b(?!['"`])/g, url);
      text = text.replace(/(?<!['"`.\w])import\.meta\.(dirname|filename)\b(?!['"`])/g, (_match, name) =>
        JSON.stringify(name === 'dirname' ? dirname(args.path) : args.path));
      for (const [call, , specifier] of text.matchAll(/import\.meta\.resolve\((['"])([^'"]+)\1\)/g)) {
        const resolved = await esbuild.resolve(specifier, { kind: 'import-statement', resolveDir: dirname(args.path), pluginData: { resolving: true } });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        text = text.replace(call, JSON.stringify(pathToFileURL(resolved.path).href));
      }
      // CommonJS modules (ES modules declare their own, from `import.meta.url`).
      const isCommonJs = /\bmodule\.exports\b|\bexports\.\w|\brequire\(/.test(text) && !/\b(?:const|let|var)\s+__(?:dirname|filename)\b/.test(text);
      if (isCommonJs && /\b__(?:dirname|filename)\b/.test(text)) {
        text = `var __dirname = ${JSON.stringify(dirname(args.path))}, __filename = ${JSON.stringify(args.path)};\n${text}`;
      }
      return { contents: text, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    index: join(cli, 'dist', 'index.js'),
    'build-worker': join(packages, 'core', 'dist', 'build-worker.js'),
    'check-worker': join(packages, 'core', 'dist', 'check-worker.js'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // ES modules where a package has both: a UMD build's `require` of its own files is not bundled.
  mainFields: ['module', 'main'],
  outExtension: { '.js': '.mjs' },
  // CommonJS modules' `require` of what the bundle does not hold (Node built-ins, files by path).
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [inPlace],
  logLevel: 'warning',
  // Licence comments of bundled packages (`/*! */`, `@license`) are kept, in a .LEGAL.txt file beside the output that had them.
  legalComments: 'linked',
  // Linked maps back to the TypeScript sources (through tsc's maps), for `--verbose` stack traces.
  sourcemap: 'linked',
  metafile: true,
});
if (result.errors.length > 0) process.exit(1);

// What the bundle was made from: each package's compiled output, by the time `tsc -b` last
// wrote it, the packages' other files it holds (JSON files, when a package imports one),
// the installed dependencies and this script. `bin/docsgen.js` runs the compiled modules
// instead once one of them changed.
const stamps = {};
const stamp = (file) => {
  stamps[relative(bin, file).split(sep).join('/')] = statSync(file).mtimeMs;
};
for (const tool of tools) stamp(tool);
for (const name of ['cli', 'config', 'core', 'dev-server', 'mdx-transforms', 'og-cards', 'openapi-pages', 'renderer', 'search', 'util']) stamp(join(packages, name, 'dist', '.tsbuildinfo'));
for (const input of Object.keys(result.metafile.inputs)) {
  const file = join(process.cwd(), input);
  if (!relative(packages, file).startsWith('..') && !file.split(sep).includes('dist') && !file.split(sep).includes('node_modules')) stamp(file);
}
mkdirSync(outdir, { recursive: true });
writeFileSync(join(outdir, 'stamps.json'), `${JSON.stringify(stamps, null, 2)}\n`);
console.log(`bundle: ${Object.keys(result.metafile?.outputs ?? {}).length || 'all'} files in ${relative(process.cwd(), outdir) || '.'}`);
