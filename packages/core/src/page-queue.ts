// The pages a build has left to render, shared by the main thread and its workers: each thread
// takes the next batch by adding to a counter in shared memory, so no thread waits for another
// to hand out work.

/** The queue as it crosses to a worker thread (plain data and a `SharedArrayBuffer`). */
export interface PageQueue {
  slugs: readonly string[];
  batchSize: number;
  /** The next slug's index, as an `Int32Array` over shared memory. */
  next: SharedArrayBuffer;
  /**
   * Batches each thread renders at once: while one page waits (a file read, esbuild's process
   * turning a compiled page into a module), the other's work runs.
   */
  lanes: number;
}

/** A new queue of `slugs`, taken `batchSize` at a time, `lanes` batches at once per thread. */
export function createPageQueue(slugs: readonly string[], batchSize: number, lanes: number): PageQueue {
  return { slugs, batchSize, next: new SharedArrayBuffer(4), lanes };
}

/** Takes batches from `queue` until none is left, `queue.lanes` at once, handing each to `renderBatch`. */
export async function drainPageQueue(queue: PageQueue, renderBatch: (slugs: readonly string[]) => Promise<void>): Promise<void> {
  const next = new Int32Array(queue.next);
  const lane = async (): Promise<void> => {
    for (let start = Atomics.add(next, 0, queue.batchSize); start < queue.slugs.length; start = Atomics.add(next, 0, queue.batchSize)) {
      await renderBatch(queue.slugs.slice(start, start + queue.batchSize));
    }
  };
  await Promise.all(Array.from({ length: queue.lanes }, lane));
}
