// The pages a build has left to render, shared by the main thread and its workers: each thread
// takes the next batch by moving a counter in shared memory, so no thread waits for another
// to hand out work.

/** The queue as it crosses to a worker thread (plain data and a `SharedArrayBuffer`). */
export interface PageQueue {
  slugs: readonly string[];
  /** Pages in a batch, at most: fewer once the pages left are few (`batchOf`). */
  batchSize: number;
  /** The next slug's index, as an `Int32Array` over shared memory. */
  next: SharedArrayBuffer;
  /**
   * Batches each thread renders at once: while one page waits (a file read, esbuild's process
   * turning a compiled page into a module), the other's work runs.
   */
  lanes: number;
  /** Threads taking batches (this one and the workers). */
  threads: number;
}

/** A new queue of `slugs`, taken at most `batchSize` at a time, `lanes` batches at once per thread, by `threads` threads. */
export function createPageQueue(slugs: readonly string[], batchSize: number, lanes: number, threads = 1): PageQueue {
  return { slugs, batchSize, next: new SharedArrayBuffer(4), lanes, threads };
}

/**
 * The size of the batch taken when `left` pages are left: `batchSize`, until the pages left
 * would give each lane of each thread fewer than four such batches; then smaller, down to one
 * page. The threads then run out of pages at about the same time, instead of one rendering a
 * last full batch (or two) while the others wait.
 */
export function batchOf(queue: Pick<PageQueue, 'batchSize' | 'lanes' | 'threads'>, left: number): number {
  return Math.max(1, Math.min(queue.batchSize, Math.floor(left / (4 * queue.lanes * queue.threads))));
}

/** Takes batches from `queue` until none is left, `queue.lanes` at once, handing each to `renderBatch`. */
export async function drainPageQueue(queue: PageQueue, renderBatch: (slugs: readonly string[]) => Promise<void>): Promise<void> {
  const next = new Int32Array(queue.next);
  const total = queue.slugs.length;
  const take = (): readonly string[] | undefined => {
    for (;;) {
      const start = Atomics.load(next, 0);
      if (start >= total) return undefined;
      const end = start + batchOf(queue, total - start);
      if (Atomics.compareExchange(next, 0, start, end) === start) return queue.slugs.slice(start, end);
    }
  };
  const lane = async (): Promise<void> => {
    for (let batch = take(); batch; batch = take()) await renderBatch(batch);
  };
  await Promise.all(Array.from({ length: queue.lanes }, lane));
}
