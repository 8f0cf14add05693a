import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

let version: string | undefined;
let codeKey: string | undefined;

/** docsgen's version (`@docsgen/core`'s): part of every cache key, so an upgrade starts afresh. */
export function docsgenVersion(): string {
  return (version ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version);
}

/**
 * docsgen's version and code, for the keys of caches that keep what docsgen made (compiled
 * pages, rendered pages, Markdown twins, parsed config): a docsgen whose code changed without a
 * version bump (a rebuilt checkout, a patched install) must not take what the old code made.
 *
 * The code is known by the name, size and modification time of the modules beside this one:
 * the CLI's bundle (whose chunks are named by their content), or, for the packages' compiled
 * output (`<package>/dist`), every docsgen package's `dist` folder beside core's. Computed once
 * per process; stat calls only, no file is read.
 */
export function docsgenCodeKey(): string {
  return (codeKey ??= codeKeyOf(dirname(fileURLToPath(import.meta.url)), docsgenVersion()));
}

/** The key of docsgen `version` whose core module is in `here` (`docsgenCodeKey`; exported for tests). */
export function codeKeyOf(here: string, version: string): string {
  const isDist = basename(here) === 'dist';
  const folders = isDist ? packageDists(dirname(dirname(here))) : [here];
  const hash = createHash('sha256').update(`${version}\0`);
  for (const folder of folders) {
    hash.update(`${basename(dirname(folder))}/\0`);
    // A package's `dist` has folders of modules (the renderer's `components/`, `layout/`); the
    // CLI's bundle beside them is another build of the same code, not the one running.
    const names = isDist ? safeList(folder, true).filter((name) => !name.startsWith(`bundle${sep}`)) : safeList(folder);
    for (const name of names.filter(isCode).sort()) {
      const info = statSync(join(folder, name), { throwIfNoEntry: false });
      hash.update(`${name}:${info?.size}:${info?.mtimeMs}\0`);
    }
  }
  return `${version}+${hash.digest('hex').slice(0, 16)}`;
}

/** The `dist` folders of the packages in `parent` (the monorepo's `packages/`, or `node_modules/@docsgen/`), sorted. */
function packageDists(parent: string): string[] {
  return safeList(parent)
    .sort()
    .map((name) => join(parent, name, 'dist'))
    .filter((folder) => statSync(folder, { throwIfNoEntry: false })?.isDirectory());
}

/** A module, not a source map or a type declaration. */
function isCode(name: string): boolean {
  return /\.m?js$/.test(name);
}

function safeList(folder: string, recursive = false): string[] {
  try {
    return readdirSync(folder, { recursive }) as string[];
  } catch {
    return [];
  }
}
