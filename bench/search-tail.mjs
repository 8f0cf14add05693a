#!/usr/bin/env node
// The search index's tail (not a test: prints numbers only): how long an index takes to finish
// after its last page is handed over, and what Node and Pagefind spend on it. Reads the pages of
// a built site (`docsgen build … --out DIR`), hands them to `@docsgen/search` at the pace a build
// renders them (`--rate` pages a second; 75 is a cold build of the 1,000-page corpus on two
// cores), as a cold `--no-cache` build does (no store, pages read again on demand), and prints:
// the CPU seconds of Pagefind's process and of this Node process (all threads) in all and
// after the last page, and the wall time from the last page to the finished index. A build
// renders on both cores meanwhile: on a quiet machine the tail is the wall figure, on a busy one
// the CPU spent after the last page is the steadier figure.
//
//   node bench/search-tail.mjs OUTDIR [--rate 75] [--runs 1] [--package DIR] [--hashes FILE]
//
// `--package` takes `@docsgen/search` from another checkout's `packages/search` (an older
// commit, for before/after figures); `--hashes FILE` writes the SHA-256 of every index file, to
// compare two versions' indexes.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rate: { type: 'string', default: '75' }, runs: { type: 'string', default: '1' }, package: { type: 'string' }, hashes: { type: 'string' } },
});
if (positionals.length !== 1) {
  console.error('usage: node bench/search-tail.mjs OUTDIR [--rate 75] [--runs 1] [--package DIR] [--hashes FILE]');
  process.exit(2);
}
const { createSearchService } = await import(pathToFileURL(join(values.package ?? join(repo, 'packages/search'), 'dist/index.js')).href);
const out = positionals[0];

/** The built pages, by slug, in path order (404 and docsgen's own files left out). */
function builtPages(folder) {
  const pages = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('_')) walk(path);
      } else if (entry.name.endsWith('.html') && path !== join(folder, '404.html')) {
        const slug = relative(folder, path).replace(/\.html$/, '').replace(/(^|\/)index$/, '$1') || 'index';
        pages.push({ slug, url: slug === 'index' ? '/' : `/${slug}`, html: readFileSync(path, 'utf8') });
      }
    }
  };
  walk(folder);
  return pages;
}

/** CPU seconds of this process's children named `pagefind…` (from /proc; Linux only). */
function pagefindCpu() {
  let cpu = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === process.pid && stat.includes('(pagefind')) cpu += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // Ended meanwhile.
    }
  }
  return cpu;
}

const nodeCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

const pages = builtPages(out);
const byUrl = new Map(pages.map((page) => [page.slug, page.html]));
const gap = 1000 / Number(values.rate);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const runs = [];
let files = [];
for (let run = 0; run < Number(values.runs); run += 1) {
  const service = createSearchService();
  let pagefindBefore = 0;
  const node0 = nodeCpu();
  const started = performance.now();
  const indexer = service.startIndex(pages.map(({ slug, url }) => ({ slug, url })), { document: (slug) => byUrl.get(slug) });
  for (const [position, page] of pages.entries()) {
    const due = started + position * gap;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    indexer.add(page.slug, page.html);
  }
  const last = performance.now();
  const nodeLast = nodeCpu();
  const pagefindLast = pagefindCpu();
  // Pagefind's process is closed once the index is finished: read its CPU just before.
  const sampler = setInterval(() => (pagefindBefore = Math.max(pagefindBefore, pagefindCpu())), 20);
  const result = await indexer.finish();
  clearInterval(sampler);
  const pagefindEnd = Math.max(pagefindBefore, pagefindLast);
  const nodeEnd = nodeCpu();
  runs.push({ tail: (performance.now() - last) / 1000, nodeTail: nodeEnd - nodeLast, pagefindTail: pagefindEnd - pagefindLast, node: nodeEnd - node0, pagefind: pagefindEnd });
  files = result.files;
  await service.close();
}
const median = (pick) => [...runs.map(pick)].sort((a, b) => a - b)[Math.floor(runs.length / 2)].toFixed(2);
console.log(`${pages.length} pages at ${values.rate}/s: tail ${median((run) => run.tail)} s wall, ${median((run) => run.nodeTail)} s Node CPU + ${median((run) => run.pagefindTail)} s Pagefind CPU after the last page; in all Node ${median((run) => run.node)} s, Pagefind ${median((run) => run.pagefind)} s (median of ${runs.length}); ${files.length} files`);
if (values.hashes) writeFileSync(values.hashes, files.map((file) => `${createHash('sha256').update(file.content).digest('hex')}  ${file.path}\n`).join(''));
