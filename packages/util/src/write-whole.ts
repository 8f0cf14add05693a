import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes `file` whole: into a file beside it, then renamed over it, so a reader (another
 * thread, another build, a build stopped halfway) finds the old content or the new, never part.
 */
export function writeWhole(file: string, content: string | NodeJS.ArrayBufferView): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes `file` in place when there is none yet (one file operation fewer than `writeWhole`,
 * which counts when a build writes thousands), else replaces it whole with `writeWhole`. Only
 * for files that no reader trusts before they are complete: a reader that finds one half
 * written must see it as unusable (a cache entry that does not parse, or whose size is not the
 * size recorded once it was written). A file a failed write leaves is deleted.
 */
export function writeNew(file: string, content: string | NodeJS.ArrayBufferView): void {
  try {
    writeFileSync(file, content, { flag: 'wx' });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      rmSync(file, { force: true });
      throw error;
    }
  }
  writeWhole(file, content);
}
