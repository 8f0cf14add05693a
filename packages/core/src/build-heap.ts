import { setFlagsFromString } from 'node:v8';

// How far V8 lets each thread's heap grow during a build. After a full collection V8 sets the
// next one's threshold at a multiple of what survived, chosen from how fast collecting is
// against how fast the program allocates: up to 4 times for a heap allowed 2 GB or more (Node's
// default on a machine with 16 GB), so a build thread holding 120-150 MB kept its heap at 450-550
// MB. The build caps the multiple at 2, the most V8 itself allows a heap limited to less than
// 2 GB: on the platform's docs (1,069 pages, two threads) the build's peak went from 1.1-1.2 GB
// to 0.87-0.92 GB with this alone, for more full collections: 4 % more CPU time on the 1,000-page
// corpus, about 8 % on the platform's docs (quiet machine: 55.6 s with 300, 57.7 s with 150 or
// 200 for 870-900 MB, 60 s with 100 for 730-810 MB). The setting
// is V8's, so it holds for every thread of the process while a build runs; a
// `--heap-growing-percent` given to Node is left as it is.

/** V8's `--heap-growing-percent` during a build: the heap grows to at most twice what survived a full collection. */
export const buildHeapGrowingPercent = 100;

let builds = 0;

/**
 * Caps the heap growth of every thread for a build; returns the function that lifts the cap
 * once the build is done (the last of several builds at once lifts it).
 */
export function capHeapGrowth(): () => void {
  if (process.execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return () => undefined;
  builds += 1;
  if (builds === 1) setFlagsFromString(`--heap-growing-percent=${buildHeapGrowingPercent}`);
  let isLifted = false;
  return () => {
    if (isLifted) return;
    isLifted = true;
    builds -= 1;
    // 0 is V8's default: the multiple is chosen as the heap runs.
    if (builds === 0) setFlagsFromString('--heap-growing-percent=0');
  };
}
