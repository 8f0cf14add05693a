#!/usr/bin/env node
// Compile + render throughput of the page pipeline (not a test: prints numbers only).
//
//   node bench/render.mjs [--pages 1000] [--format md|mdx|both] [--corpus ../shared/bench/gen-corpus.mjs]
//   node bench/render.mjs --project DIR [--docsgen CHECKOUT]
//
// `--project DIR` measures a real project instead (the platform's own docs, say): every page
// compiled and rendered once, cold, on one thread, after a warm-up of 10 of its pages in
// another site. `--docsgen` loads another built checkout of docsgen (a copy of an older
// commit), for before/after figures in one session: run the two alternately.
//
// Uses the shared corpus (prose, tables, 2-5 code blocks per page) so figures compare with
// the peers'. One thread. "cold" is a fresh process-level pipeline on a fresh project (Shiki
// and the compilers already loaded, and their code paths warmed, by 10 warm-up pages of
// another project), with the highlight cache emptied first: the generator is seeded, so the
// `.md` and `.mdx` projects (and the warm-up one) hold the same code blocks, and before this
// was cleared the second format measured found every block highlighted already. "warm"
// renders every page again with nothing changed (cache hits). CPU time is printed beside the
// cold wall time: it counts the garbage collector's helper threads too, but not time lost to
// other processes, so it varies less on a busy machine.
//
// Measured on the shared 2-core machine, 1,000 pages, old and new code run alternately (CPU
// ms/page, median of 8 runs; wall ms/page in the quietest runs):
//
//   |              | before (5cc01db)      | after                 |
//   | `.md` cold   | 28.9 CPU, 26-28 wall  | 19.6 CPU, 15-17 wall  |
//   | `.mdx` cold  | 32.0 CPU, 33-37 wall  | 22.4 CPU, 24-26 wall  |
//   | warm         | 0.08-0.4 ms/page      | 0.1-0.9 ms/page       |
//
// Since `.mdx` pages without JavaScript render from their tree (no MDX code generation or
// evaluation), the corpus's `.mdx` pages cost what its `.md` pages do: on 2026-11-26, load ~2.3,
// `.md` cold 15.2 ms/page (CPU 18.1), `.mdx` cold 14.7 ms/page (CPU 16.5), warm 0.26 ms/page.
//
// The platform's own docs (`--project`, 1,069 pages), 2026-11-27, load 18-25, render5 against
// before33 (d5b9660) run alternately: CPU 20.7 and 18.5 ms/page against 23.4 and 22.7 (esbuild's
// own process, which compiled pages used, not counted), once `.mdx` pages with comments, literal
// attributes, imports and member components render from their tree (1,062 of 1,106 files).
//
// 2026-11-28 (render6, load 12-17, against before34 = 1e1609f, alternated): the corpus
// (`--project /work/cache/c1000b`) 12.57 and 14.30 CPU ms/page before, 13.69 and 14.53 after;
// Salad 21.85 and 22.97 before, 21.63 and 23.00 after: at that load the changes (to-hast's
// definitions walk, plain HTML written at once) are inside the noise here. Every page's
// `site.render` in a 32 MB young generation, the corpus, CPU s: 12.74 / 12.63 / 11.99 before,
// 11.12 / 11.99 / 11.50 after.
//
// Wall time under load reached 2-4 times these. The CPU time includes the garbage collector's
// threads on the second core, which is why it can exceed the wall time.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    format: { type: 'string', default: 'both' },
    corpus: { type: 'string', default: resolve(repo, '../shared/bench/gen-corpus.mjs') },
    project: { type: 'string' },
    docsgen: { type: 'string', default: repo },
  },
});
const pageCount = Number(values.pages);
if (!values.project && !existsSync(values.corpus)) {
  console.error(`bench: corpus generator not found at ${values.corpus}; pass --corpus PATH`);
  process.exit(2);
}
const { createSite } = await import(join(resolve(values.docsgen), 'packages', 'core', 'dist', 'index.js'));
// Internal module of @docsgen/mdx-transforms: the process-wide highlight cache.
const { clearHighlightCache } = await import(join(resolve(values.docsgen), 'packages', 'mdx-transforms', 'dist', 'highlight-cache.js'));

function generate(name, format) {
  const out = join(repo, 'bench', 'out', name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(repo, 'bench', 'out'), { recursive: true });
  const result = spawnSync(process.execPath, [values.corpus, '--out', out, '--pages', String(pageCount)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  if (format === 'mdx') renameAll(out);
  return out;
}

function renameAll(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) renameAll(path);
    else if (name.endsWith('.md')) renameSync(path, `${path}x`);
  }
}

async function measure(format) {
  // Warm-up: load the compilers and Shiki's highlighter and grammars once.
  const warmup = await createSite(generate(`render-warmup-${format}`, format));
  for (const slug of [...warmup.pages.keys()].slice(0, 10)) await warmup.render(slug);
  clearHighlightCache();

  const root = generate(`render-${pageCount}-${format}`, format);
  const site = await createSite(root);
  const slugs = [...site.pages.keys()];
  let errors = 0;
  const coldStart = process.hrtime.bigint();
  const coldCpu = process.cpuUsage();
  for (const slug of slugs) {
    const page = await site.render(slug);
    if (!page || page.messages.some((m) => m.fatal)) errors += 1;
  }
  const cold = Number(process.hrtime.bigint() - coldStart) / 1e6;
  const { user, system } = process.cpuUsage(coldCpu);
  const coldCpuMs = (user + system) / 1000;
  const warmStart = process.hrtime.bigint();
  for (const slug of slugs) await site.render(slug);
  const warm = Number(process.hrtime.bigint() - warmStart) / 1e6;
  const twinStart = process.hrtime.bigint();
  for (const slug of slugs.slice(0, 100)) await site.markdown(slug);
  const twin = Number(process.hrtime.bigint() - twinStart) / 1e6 / Math.min(100, slugs.length);
  console.log(`${format}: ${slugs.length} pages, ${errors} failed`);
  console.log(`  cold compile+render: ${(cold / slugs.length).toFixed(2)} ms/page (${(slugs.length / (cold / 1000)).toFixed(0)} pages/s on one core; CPU ${(coldCpuMs / slugs.length).toFixed(2)} ms/page)`);
  console.log(`  warm (unchanged):    ${(warm / slugs.length).toFixed(3)} ms/page`);
  console.log(`  Markdown twin:       ${twin.toFixed(2)} ms/page (first 100 pages, compiled already)`);
}

/** Every page of a real project, cold: compile and render, as a build's worker does before the layout. */
async function measureProject(root) {
  const warmup = await createSite(root);
  for (const slug of [...warmup.pages.keys()].slice(0, 10)) await warmup.render(slug);
  clearHighlightCache();
  const site = await createSite(root);
  const slugs = [...site.pages.keys()];
  let errors = 0;
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (const slug of slugs) {
    const page = await site.render(slug);
    if (!page || page.messages.some((m) => m.fatal)) errors += 1;
  }
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const { user, system } = process.cpuUsage(cpu);
  console.log(`${root} (docsgen at ${resolve(values.docsgen)}): ${slugs.length} pages, ${errors} failed`);
  console.log(`  cold compile+render: ${(wall / slugs.length).toFixed(2)} ms/page wall, CPU ${((user + system) / 1000 / slugs.length).toFixed(2)} ms/page, ${((user + system) / 1e6).toFixed(1)} s CPU in all`);
}

if (values.project) await measureProject(resolve(values.project));
else for (const format of values.format === 'both' ? ['md', 'mdx'] : [values.format]) await measure(format);
