#!/usr/bin/env node
// What writing the Markdown twins costs (not a test: prints numbers only).
//
//   node bench/twin.mjs <project folder> [--rounds 1] [--out FILE]   (or --project DIR)
//
// Loads the project as a build does, compiles and renders every page first (not timed: the
// build has done that before it asks for a twin), then writes every page's twin, one at a
// time, and prints for each way a twin is written (`api`: from the API model; `bound`: a page
// bound to an operation; `source`: plain Markdown, its own twin; `tree`: from the compiled
// tree; `html`: from the page rendered in Markdown mode) the number of pages, the total
// wall-clock ms and ms per page, and the same in process CPU time (steadier on a busy
// machine: it counts the garbage collector's threads, not time lost to other processes), then
// the totals.
// `--rounds N` writes every twin N times (a fresh site each round) and prints each round.
// `--warm N` measures, instead, the conversion alone, warm: it renders every page with
// components (not plain Markdown, not an API page) in Markdown mode once, as the twin writer
// does, then converts each page's HTML with `toMarkdownTwin`, N rounds (at least 3), and prints
// the CPU ms per page of the fastest and the median round after the first two.
// `--profile FILE` writes a CPU profile (`.cpuprofile`) of writing the twins of the last round
// only, without the compile and render before them.
// `--out FILE` writes every twin into FILE (`slug`, a NUL, the twin, a NUL) to compare two
// versions byte for byte.
//
// DG_ROOT=/path/to/a/checkout measures another built checkout (default: this one). A checkout
// from before the twin writer named its paths counts every page as `?`, unless `--paths FILE`
// is given: a run whose twins name their paths writes them to FILE (slug → path, JSON), a run
// whose twins do not reads them from it (the paths are chosen the same way in both).
//
// Measured on the shared 2-core machine, load average 15-20 (so CPU ms; wall ran at 1.5-3
// times it), 2026-11-27, the hosted platform's own docs (1,069 pages), two runs each,
// alternated: `node bench/twin.mjs /work/real/mintlify+docs --paths P` with
// DG_ROOT=<unchanged main> for "before":
//
//   |        | pages | before: CPU ms, ms/page     | after: CPU ms, ms/page    |
//   | html   |   853 | 13,344 / 13,121: 15.6 / 15.4 | 8,945 / 9,345: 10.5 / 11.0 |
//   | tree   |    66 |    384 /    389:  5.8 /  5.9 |   283 /   307:  4.3 /  4.7 |
//   | bound  |   100 |    336 /    299:  3.4 /  3.0 |   230 /   262:  2.3 /  2.6 |
//   | source |    50 |     40 /     37:  0.8 /  0.8 |    33 /    31:  0.7 /  0.6 |
//   | total  | 1,069 | 14,174 / 13,950: 13.3 / 13.1 | 9,671 / 10,077: 9.1 / 9.4  |
//
// The twins, written with `--out`, were byte-identical before and after. The 300-page
// benchmark corpus's pages are all `source` (plain Markdown, its own twin): 0.2-0.4 ms/page
// before and after.
//
// Issue 23, second pass (patches of hast-util-to-mdast, hast-util-minify-whitespace and
// mdast-util-to-markdown; the twin's own text and inline code handlers), 2026-11-27, load
// average 14-28 (wall 2-6 times CPU), the same command, alternated, DG_ROOT=<main at 6e8cc94>
// for "before", CPU ms/page:
//
//   |        | pages | before      | after       |
//   | html   |   853 | 8.78 / 8.29 | 6.56 / 6.12 |
//   | tree   |    66 | 3.17 / 2.87 | 1.93 / 1.54 |
//   | bound  |   100 | 2.17 / 2.00 | 1.83 / 1.79 |
//   | total  | 1,069 | 7.71 / 7.24 | 5.89 / 5.44 |
//
// A round is each page's first twin, as in a build: cold code and the garbage of a process
// holding the whole site. Warm, the conversion alone (`toMarkdownTwin` on the 973 pages'
// Markdown-mode HTML, captured once, third of three rounds): 3.6-3.9 -> 2.0-2.2 ms/page.
//
// Issue 23, third pass (patches of mdast-util-to-markdown: each phrasing and flow child's info
// without spreading the tracker, phrasing without attention joined as it is, one construct's
// scope without a list; hast-util-minify-whitespace: only text with something to collapse
// replaced, its state copied without spreads; hast-util-to-mdast: a text trimmed only where a
// blank or line ending is; mdast-util-phrasing: its types as a set. The twin's inline code gets
// a `peek`, so code after another node is written once, not twice; the text handler's pattern
// filter allocates no candidate lists and skips patterns that need a line ending when none is
// there), 2026-11-27, load average 25-37, the same command, alternated, DG_ROOT=<main at
// d5b9660> for "before", CPU ms/page (this round is cold and holds the whole site: most of its
// time is not the conversion, and the load moved it by ±15%):
//
//   |        | pages | before      | after       |
//   | html   |   853 | 6.24 / 6.69 | 6.24 / 5.32 |
//   | total  | 1,069 | 5.67 / 5.99 | 5.51 / 4.73 |
//
// (Measured before the last patch, zwitch's call, which the figures below include.) Again on a
// quieter machine (load average 3-5), after merging main at 2e6d52d, two runs each, alternated,
// wall / CPU ms/page (CPU counts the garbage collector's threads):
//
//   |        | pages | before                    | after                     |
//   | html   |   853 | 4.45 / 6.17, 4.67 / 6.51  | 4.10 / 5.82, 3.86 / 5.46  |
//   | total  | 1,069 | 3.76 / 5.38, 3.94 / 5.57  | 3.44 / 5.04, 3.26 / 4.73  |
//
// Warm, the conversion alone: `node bench/twin.mjs DIR --warm 8`, alternated with
// DG_ROOT=<main at d5b9660>, fastest / median round, CPU ms/page:
//
//   |                              | pages | before                  | after                   |
//   | the platform's docs          |   981 | 2.41 / 2.52, 2.27 / 2.49 | 1.87 / 1.97, 1.68 / 1.73 |
//   | dubinc/docs                  |   231 | 2.08 / 2.44, 2.23 / 2.30 | 1.76 / 1.87, 1.76 / 1.96 |
//
// In a cold build of the platform's docs (one CPU profile each, both threads summed, load
// average 11-18): `writeTwin` 13.5 -> 11.0 s (it includes the Markdown-mode render),
// `hastToMarkdownTwin` 9.9 -> 7.1 s, mdast-util-to-markdown 6.2 -> 4.5 s, hast-util-to-mdast
// 3.4 -> 2.2 s; parse5 the same (2.8 / 3.1 s). Twins byte-identical (`--out`), and every output
// file of a build of the platform's docs, dubinc/docs and the 300-page corpus.
// Issue 23, fourth pass (twin7: rendered HTML parsed without parse5 when well formed; texts
// no unsafe pattern can match written as they are), 2026-11-28, load average < 1, warm
// conversion alone on captured Markdown-mode HTML, DG_ROOT=/work/cache/before35 for before,
// two runs each, alternated, CPU ms/page (fastest / median round):
//   platform docs (981 pages): 1.50 / 1.57, 1.49 / 1.51 -> 1.12 / 1.15, 1.05 / 1.08
//   dubinc/docs   (231 pages): 1.63 / 1.65, 1.56 / 1.70 -> 1.14 / 1.25, 1.19 / 1.33
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Session } from 'node:inspector/promises';

const repo = process.env.DG_ROOT ? resolve(process.env.DG_ROOT) : fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { project: { type: 'string' }, rounds: { type: 'string', default: '1' }, out: { type: 'string' }, paths: { type: 'string' }, profile: { type: 'string' }, warm: { type: 'string' } },
});
if (values.project) positionals.push(values.project);
if (positionals.length !== 1) {
  console.error('usage: node bench/twin.mjs <project folder> [--rounds N] [--out FILE] [--paths FILE] [--profile FILE] [--warm N]');
  process.exit(2);
}
const root = resolve(positionals[0]);
const { createSite } = await import(join(repo, 'packages', 'core', 'dist', 'index.js'));
if (values.warm) {
  await convertWarm(root, Math.max(3, Number(values.warm)));
  process.exit(0);
}
const knownPaths = values.paths && existsSync(values.paths) ? JSON.parse(readFileSync(values.paths, 'utf8')) : {};

for (let round = 1; round <= Number(values.rounds); round += 1) {
  const site = await createSite(root, { mode: 'build' });
  const slugs = [...site.pages.keys()];
  for (const slug of slugs) await site.render(slug);

  const paths = new Map();
  const named = {};
  const outputs = [];
  const profiler = values.profile && round === Number(values.rounds) ? await startProfile() : undefined;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (const slug of slugs) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const twin = await site.markdown(slug);
    const cpuUsed = process.cpuUsage(cpuStart);
    const ms = performance.now() - start;
    const path = twin?.via ?? knownPaths[slug] ?? '?';
    if (twin?.via) named[slug] = twin.via;
    const entry = paths.get(path) ?? { pages: 0, ms: 0, cpu: 0 };
    entry.pages += 1;
    entry.ms += ms;
    entry.cpu += (cpuUsed.user + cpuUsed.system) / 1000;
    paths.set(path, entry);
    if (values.out) outputs.push(slug, '\0', twin?.markdown ?? '', '\0');
  }
  const total = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  if (profiler) writeFileSync(values.profile, JSON.stringify(await profiler.stop()));

  console.log(`round ${round}: ${slugs.length} pages in ${root}`);
  const line = (path, pages, ms, cpuMs) =>
    `  ${path.padEnd(7)} ${String(pages).padStart(5)} pages ${ms.toFixed(0).padStart(7)} ms ${(ms / pages).toFixed(2).padStart(6)} ms/page  CPU ${cpuMs.toFixed(0).padStart(7)} ms ${(cpuMs / pages).toFixed(2).padStart(6)} ms/page`;
  for (const [path, { pages, ms, cpu: cpuMs }] of [...paths].sort((a, b) => b[1].cpu - a[1].cpu)) console.log(line(path, pages, ms, cpuMs));
  console.log(line('total', slugs.length, total, (cpu.user + cpu.system) / 1000));
  if (values.out) writeFileSync(values.out, outputs.join(''));
  if (values.paths && Object.keys(named).length > 0) writeFileSync(values.paths, JSON.stringify(named));
}

/** Starts the V8 CPU profiler of this thread; `stop()` gives the profile. */
async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return profile;
    },
  };
}

/** `--warm N`: `toMarkdownTwin` alone on every rendered page's Markdown-mode HTML, N rounds. */
async function convertWarm(root, rounds) {
  const { loadSiteModel } = await import(join(repo, 'packages', 'core', 'dist', 'site-model.js'));
  const { createPageRenderer } = await import(join(repo, 'packages', 'core', 'dist', 'page-renderer.js'));
  const { toMarkdownTwin } = await import(join(repo, 'packages', 'mdx-transforms', 'dist', 'to-markdown-twin.js'));
  const model = await loadSiteModel(root, { mode: 'build' });
  const renderer = createPageRenderer(model);
  const htmls = [];
  for (const page of model.pages.values()) {
    if (page.api) continue;
    await model.modules.link(page.file);
    const record = model.modules.recordOf(page.file);
    if (!record || record.markdown !== undefined) continue;
    htmls.push((await renderer.renderMdx(page, 'markdown')).html);
  }
  const perPage = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = process.cpuUsage();
    for (const html of htmls) toMarkdownTwin(html, { siteUrl: model.siteUrl });
    const used = process.cpuUsage(start);
    if (round >= 2) perPage.push((used.user + used.system) / 1000 / htmls.length);
  }
  perPage.sort((a, b) => a - b);
  console.log(`${htmls.length} pages rendered in Markdown mode, ${rounds} rounds of toMarkdownTwin`);
  console.log(`  CPU ms/page: fastest ${perPage[0].toFixed(2)}, median ${perPage[perPage.length >> 1].toFixed(2)} (rounds 3-${rounds})`);
}
