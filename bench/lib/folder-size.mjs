import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Bytes of every file under `dir` (the benches' output size); 0 when there is no such folder. */
export function sizeOf(dir) {
  if (!existsSync(dir)) return 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    bytes += entry.isDirectory() ? sizeOf(path) : statSync(path).size;
  }
  return bytes;
}
