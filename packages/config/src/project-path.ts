import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { isInside } from '@docsgen/util/is-inside';
import { isMissing } from './file-errors.js';

/**
 * Why a path that project content names cannot be used:
 *
 * - `remote`: a URL with a scheme (`https:`, `file:`, `data:`), never fetched;
 * - `outside-root`: outside the project root as written (or it holds a NUL byte);
 * - `link-outside-root`: inside as written, but a symbolic link leads outside;
 * - `missing`: nothing there (`ENOENT`, `ENOTDIR`);
 * - `unreadable`: any other error following the path (`error` says which).
 */
export type ProjectPathRefusal = 'remote' | 'outside-root' | 'link-outside-root' | 'missing' | 'unreadable';

/** A path inside the project (`real`: symbolic links followed), or why it was refused. */
export type ProjectPath =
  | { ok: true; file: string; real: string }
  | { ok: false; reason: ProjectPathRefusal; file: string; error?: unknown };

export interface ResolveProjectPathOptions {
  /** Folder a relative `reference` is resolved against (default: `root`). */
  base?: string | null | undefined;
  /** Follows symbolic links (default: `fs.realpathSync`); `parseConfig` passes its own. */
  realpath?: ((path: string) => string) | null | undefined;
}

/** A URI with a scheme (`https:`, `file:`, `data:`), except a Windows drive letter (`C:\`). */
export function hasScheme(reference: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(reference) && !/^[a-z]:[\\/]/i.test(reference);
}

/**
 * The one check of a file path that project content names (a docs.json include, an OpenAPI
 * file or `$ref`, a custom grammar, a logo for social cards), before anything reads it.
 *
 * Refused before the disk is touched, so nothing is learned about files outside: a NUL byte, a
 * URL with a scheme, a path outside `root` as written (`../secret.json`, `/etc/passwd`). Then
 * the real path (symbolic links followed) must lie inside the real path of `root`. Never throws.
 *
 * @param root
 *   The project root (absolute, or relative to the working directory).
 * @param reference
 *   The path as the project wrote it, relative to `options.base`.
 * @returns
 *   `{ok: true, file, real}` with `file` resolved as written and `real` its real path, or
 *   `{ok: false, reason, file}`.
 */
export function resolveProjectPath(root: string, reference: string, options?: ResolveProjectPathOptions | null): ProjectPath {
  if (hasScheme(reference)) return { ok: false, reason: 'remote', file: reference };
  const rootPath = resolve(root);
  const file = resolve(options?.base ?? rootPath, reference);
  if (reference.includes('\0') || !isInside(rootPath, file)) return { ok: false, reason: 'outside-root', file };
  const realpath = options?.realpath ?? realpathSync;
  let real: string;
  try {
    real = realpath(file);
  } catch (error) {
    return { ok: false, reason: isMissing(error) ? 'missing' : 'unreadable', file, error };
  }
  // Every folder on a real path is real: a real path under the root as written is under its real
  // path too, and the root need not be followed (one call fewer per file, the usual case).
  if (isInside(rootPath, real)) return { ok: true, file, real };
  let realRoot = rootPath;
  try {
    realRoot = realpath(rootPath);
  } catch {
    // A root that cannot be followed keeps its written path: only files under it as written pass.
  }
  if (!isInside(realRoot, real)) return { ok: false, reason: 'link-outside-root', file };
  return { ok: true, file, real };
}
