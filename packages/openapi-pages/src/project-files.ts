import { resolveProjectPath } from '@docsgen/config';
import { readFile, stat } from 'node:fs/promises';

/** Largest spec file read, in bytes (GitHub's full REST description is about 13 MB). */
export const maxSpecFileSize = 64 * 1024 * 1024;

/** Why a file could not be read. */
export type ReadRefusal = 'remote' | 'outside-root' | 'missing' | 'not-a-file' | 'too-large' | 'unreadable';

/** A file read from inside the project, or the reason it was refused. */
export type ReadResult = { ok: true; file: string; text: string } | { ok: false; reason: ReadRefusal; file: string };

/**
 * The one place this package reads a file. `reference` is resolved against `base` (a folder)
 * and checked by `resolveProjectPath` of `@docsgen/config`: refused when it names a remote URL,
 * when it lies outside `root` as written, and when its real path (symlinks followed) lies
 * outside the real path of `root`, so a spec can never pull in `/etc/passwd`,
 * `../../secret.yaml` or a symlink to them.
 */
export async function readProjectFile(root: string, base: string, reference: string): Promise<ReadResult> {
  const resolved = resolveProjectPath(root, reference, { base });
  if (!resolved.ok) return { ok: false, reason: resolved.reason === 'link-outside-root' ? 'outside-root' : resolved.reason, file: resolved.file };
  try {
    const info = await stat(resolved.real);
    if (!info.isFile()) return { ok: false, reason: 'not-a-file', file: resolved.file };
    if (info.size > maxSpecFileSize) return { ok: false, reason: 'too-large', file: resolved.file };
    return { ok: true, file: resolved.real, text: await readFile(resolved.real, 'utf8') };
  } catch {
    return { ok: false, reason: 'unreadable', file: resolved.file };
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
