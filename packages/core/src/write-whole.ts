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
