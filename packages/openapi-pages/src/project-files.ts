import { isInside } from '@docsgen/config';
import { realpath, readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';

/** Largest spec file read, in bytes (GitHub's full REST description is about 13 MB). */
export const maxSpecFileSize = 64 * 1024 * 1024;

/** Why a file could not be read. */
export type ReadRefusal = 'remote' | 'outside-root' | 'missing' | 'not-a-file' | 'too-large' | 'unreadable';

/** A file read from inside the project, or the reason it was refused. */
export type ReadResult = { ok: true; file: string; text: string } | { ok: false; reason: ReadRefusal; file: string };

/** A URI with a scheme (`https:`, `file:`, `data:`), except a Windows drive letter (`C:`). */
export function hasScheme(reference: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(reference) && !/^[a-z]:[\\/]/i.test(reference);
}


/**
 * The one place this package reads a file. `reference` is resolved against `base` (a folder);
 * it is refused when it names a remote URL, when it lies outside `root` as written, and when
 * its real path (symlinks followed) lies outside the real path of `root`, so a spec can never
 * pull in `/etc/passwd`, `../../secret.yaml` or a symlink to them.
 */
export async function readProjectFile(root: string, base: string, reference: string): Promise<ReadResult> {
  if (hasScheme(reference)) return { ok: false, reason: 'remote', file: reference };
  const file = resolve(base, reference);
  const rootPath = resolve(root);
  // Checked before the disk is touched, so nothing is learned about files outside the root.
  if (!isInside(rootPath, file)) return { ok: false, reason: 'outside-root', file };
  let real: string;
  let realRoot: string;
  try {
    realRoot = await realpath(rootPath);
    real = await realpath(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'unreadable', file };
  }
  if (!isInside(realRoot, real)) return { ok: false, reason: 'outside-root', file };
  try {
    const info = await stat(real);
    if (!info.isFile()) return { ok: false, reason: 'not-a-file', file };
    if (info.size > maxSpecFileSize) return { ok: false, reason: 'too-large', file };
    return { ok: true, file: real, text: await readFile(real, 'utf8') };
  } catch {
    return { ok: false, reason: 'unreadable', file };
  }
}

/** Words for a refusal, completing "Cannot read `x`: …". */
export function describeRefusal(reason: ReadRefusal): string {
  switch (reason) {
    case 'remote':
      return 'remote files are never fetched';
    case 'outside-root':
      return 'it is outside the project folder';
    case 'missing':
      return 'the file does not exist';
    case 'not-a-file':
      return 'it is not a file';
    case 'too-large':
      return `it is larger than ${maxSpecFileSize / 1024 / 1024} MB`;
    case 'unreadable':
      return 'the file cannot be read';
  }
}
