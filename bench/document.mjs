#!/usr/bin/env node
// CPU per page of the page document around a page's content (not a test: prints numbers only):
// the layout (header, tabs, sidebar, page header, pager, table of contents), the head and the
// chrome slots (footer, "Copy page" menu), as `site.document` makes them, without the content's
// own compile and render.
//
//   node bench/document.mjs DIR [--root CHECKOUT] [--passes 5] [--limit N]
//
// DIR is a project with a docs.json (for example the platform's own docs). `--root` loads
// another checkout's built packages (a copy of an older commit) for before/after figures in
// one session. One thread. Every page's content is rendered first (the site keeps it while it
// is unchanged); then a first pass asks every page's document, as a build does, and the
// following passes ask them again, each with, as a baseline, every page's kept content alone
// (`site.render`): the document's own cost is the difference. The figures printed are CPU
// time (this process's user + system, which varies less than wall time on a busy machine),
// the median of the passes.
//
// Measured on the shared 2-core machine (load 3-20), the platform's docs (1,069 pages), CPU ms
// per page, before (6e8cc94) and after the layout kept its site-wide parts (runs alternated):
//
//   |                      | before      | after       |
//   | first document pass  | 4.04-4.24   | 1.72-1.76   |
//   | document alone       | 2.76-3.29   | 0.80-0.85   |
//
// 2026-11-28 (render6, load 12-17, first document pass, CPU ms/page, alternated with before34):
// corpus c1000b 1.57 / 1.44 / 1.48 / 1.66 before, 1.42 / 1.41 after; Salad 1.57 / 1.53 / 1.37 /
// 1.38 / 1.39 before, 1.75 / 1.74 / 1.43 / 1.45 / 1.48 / 1.34 after (no gain there: its
// documents cost what their strings cost to copy).
//
// The first pass also flattens each page's content HTML, which the render left as a tree of
// pieces (the contrast fix is the first to read it), so it costs more than the later passes.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    root: { type: 'string', default: repo },
    passes: { type: 'string', default: '5' },
    limit: { type: 'string' },
  },
});
if (positionals.length !== 1) {
  console.error('usage: node bench/document.mjs DIR [--root CHECKOUT] [--passes 5] [--limit N]');
  process.exit(2);
}
const project = resolve(positionals[0]);
const { createSite } = await import(join(resolve(values.root), 'packages', 'core', 'dist', 'index.js'));

const site = await createSite(project, { mode: 'build' });
const slugs = [...site.pages.keys()].filter((slug) => !site.pages.get(slug).isDraft).slice(0, values.limit ? Number(values.limit) : undefined);
for (const slug of slugs) await site.render(slug);

function cpuMs() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

async function pass(step) {
  const start = cpuMs();
  let bytes = 0;
  for (const slug of slugs) bytes += (await step(slug))?.html?.length ?? 0;
  return { ms: cpuMs() - start, bytes };
}

// The first pass renders what the layout keeps per site, as a build's first pages do.
const first = await pass((slug) => site.document(slug));
const documentMs = [];
const contentMs = [];
let documentBytes = 0;
for (let index = 0; index < Number(values.passes); index++) {
  const documents = await pass((slug) => site.document(slug));
  const contents = await pass((slug) => site.render(slug));
  documentMs.push(documents.ms);
  contentMs.push(contents.ms);
  documentBytes = documents.bytes;
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const perPage = (ms) => (ms / slugs.length).toFixed(3);
console.log(`${project}: ${slugs.length} pages, ${(documentBytes / slugs.length / 1024).toFixed(1)} KB per document`);
console.log(`  first document pass: ${perPage(first.ms)} CPU ms/page`);
console.log(`  document pass: ${perPage(median(documentMs))} CPU ms/page (passes: ${documentMs.map(perPage).join(', ')})`);
console.log(`  kept content:  ${perPage(median(contentMs))} CPU ms/page`);
console.log(`  document alone: ${perPage(median(documentMs) - median(contentMs))} CPU ms/page`);
