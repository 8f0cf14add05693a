import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSpec, type LoadedSpec } from '../src/load-spec.js';

/** Folder of the spec fixtures. */
export const specFixtures = fileURLToPath(new URL('fixtures/specs/', import.meta.url));

/** Loads `fixtures/specs/<name>/<file>`. */
export function loadFixture(name: string, file: string): Promise<LoadedSpec> {
  return loadSpec(join(specFixtures, name), file);
}

/** Writes `files` into a fresh temp folder, runs `run` with it, and removes it. */
export async function withProject<T>(files: Record<string, string>, run: (root: string) => Promise<T>): Promise<T> {
  const root = mkdtempSync(join(tmpdir(), 'openapi-pages-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(root, name, '..'), { recursive: true });
      writeFileSync(join(root, name), text);
    }
    return await run(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Loads a spec given as an object (written as JSON) from a temp folder. */
export function withSpec<T>(spec: unknown, run: (loaded: LoadedSpec) => T | Promise<T>): Promise<T> {
  return withProject({ 'openapi.json': JSON.stringify(spec, null, 2) }, async (root) => run(await loadSpec(root, 'openapi.json')));
}
