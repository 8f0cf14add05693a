#!/usr/bin/env node
// What handing rendered pages from a render thread to the main thread costs (not a test: prints
// numbers only), two ways, on the documents of a built site:
//
//   node bench/page-transfer.mjs OUT_DIR [--pages 1000] [--rounds 4]
//
// OUT_DIR is the output of a `docsgen build` (its `<slug>.html` and `<slug>.md` files). A worker
// thread holds every document and twin as strings (as rendering leaves them: UTF-16 where a
// character is not Latin-1) and sends them in batches of eight; the main thread writes each to a
// folder of its own, feeds search's document maker (`searchableDocument`) and keeps the twin on
// disk, as `PageIntake` does. Two ways, alternated:
//
// - `strings`: the strings are structured-cloned; the main thread measures them
//   (`Buffer.byteLength`), encodes them while writing (`writeFileSync` of a string) and cuts the
//   searchable region from the whole document;
// - `bytes`: the worker encodes each to UTF-8 once and cuts the searchable region; the buffers
//   are transferred; the main thread writes the bytes and reads only the region.
//
// Printed per way: CPU time of the process (both threads; user + system), and the main thread's
// busy time (event-loop utilisation), the part the main thread no longer renders pages in.
//
// In isolation `bytes` costs less (c1000b's documents: 1,136 ms against 1,310 ms of CPU), but a
// build made that way took about 1 s more CPU for c1000b (alternating cold builds, loaded
// machine), so builds send strings: the buffers are external memory, freed only by full
// collections of the threads' heaps, and search cuts the region a second time. Measure the
// whole build (`bench/project-build.mjs`) before trusting a figure of this script.
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const searchModule = new URL('../packages/search/dist/index.js', import.meta.url);
const { searchableDocument, searchableRegion } = await import(searchModule.href);
const batchSize = 8;

if (isMainThread) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { pages: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '4' } } });
  if (positionals.length !== 1) {
    console.error('usage: node bench/page-transfer.mjs OUT_DIR [--pages 1000] [--rounds 4]');
    process.exit(2);
  }
  const dir = positionals[0];
  const names = readdirSync(dir, { recursive: true })
    .filter((name) => name.endsWith('.html') && !name.startsWith('_docsgen') && existsSync(join(dir, name.replace(/\.html$/, '.md'))))
    .sort()
    .slice(0, Number(values.pages));
  const results = { strings: [], bytes: [] };
  for (let round = 0; round < Number(values.rounds); round += 1) {
    for (const way of round % 2 === 0 ? ['strings', 'bytes'] : ['bytes', 'strings']) results[way].push(await run(dir, names, way));
  }
  console.log(`page hand-over, ${names.length} pages of ${dir}, ${values.rounds} rounds (median):`);
  for (const [way, runs] of Object.entries(results)) {
    console.log(`  ${way.padEnd(7)}  CPU ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms (both threads), main thread busy ${median(runs.map((r) => r.mainMs)).toFixed(0)} ms`);
  }
} else {
  // The worker: the pages as strings, then sent the way asked.
  const utf8 = new TextEncoder();
  const pages = workerData.names.map((name) => ({ slug: name.replace(/\.html$/, ''), html: readFileSync(join(workerData.dir, name), 'utf8'), markdown: readFileSync(join(workerData.dir, name.replace(/\.html$/, '.md')), 'utf8') }));
  parentPort.once('message', () => {
    for (let start = 0; start < pages.length; start += batchSize) {
      const batch = pages.slice(start, start + batchSize);
      if (workerData.way === 'strings') {
        parentPort.postMessage(batch);
      } else {
        const sent = batch.map((page) => ({ slug: page.slug, html: utf8.encode(page.html), markdown: utf8.encode(page.markdown), searchHtml: searchableRegion(page.html) }));
        parentPort.postMessage(sent, sent.flatMap((page) => [page.html.buffer, page.markdown.buffer]));
      }
    }
  });
}

async function run(dir, names, way) {
  const out = mkdtempSync(join(tmpdir(), 'docsgen-transfer-'));
  const spill = openSync(join(out, 'spill'), 'w+');
  let spilled = 0;
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { dir, names, way } });
  await new Promise((resolvePromise) => worker.once('online', resolvePromise));
  // Let the worker read its pages before the clock starts.
  await new Promise((resolvePromise) => setTimeout(resolvePromise, 1500 + names.length * 2));
  let received = 0;
  const done = new Promise((resolvePromise) => {
    worker.on('message', (batch) => {
      for (const page of batch) {
        const file = join(out, `${received}.html`);
        if (way === 'strings') {
          Buffer.byteLength(page.html);
          writeFileSync(file, page.html);
          Buffer.byteLength(page.markdown);
          writeFileSync(file.replace(/\.html$/, '.md'), page.markdown);
          searchableDocument(page.html, [], {});
          const twin = Buffer.from(page.markdown, 'utf8');
          spilled += writeSync(spill, twin, 0, twin.length, spilled);
        } else {
          writeFileSync(file, page.html);
          writeFileSync(file.replace(/\.html$/, '.md'), page.markdown);
          searchableDocument(page.searchHtml, [], {});
          spilled += writeSync(spill, page.markdown, 0, page.markdown.length, spilled);
        }
        received += 1;
      }
      if (received === names.length) resolvePromise();
    });
  });
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  worker.postMessage('go');
  await done;
  const used = process.cpuUsage(cpu);
  const main = performance.eventLoopUtilization(loop);
  await worker.terminate();
  closeSync(spill);
  rmSync(out, { recursive: true, force: true });
  return { cpuMs: (used.user + used.system) / 1000, mainMs: main.active };
}

function median(list) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
