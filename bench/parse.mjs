#!/usr/bin/env node
// What parsing pages costs (not a test: prints numbers only): every `.md` and `.mdx` file of
// each project folder (pages and snippets; not `node_modules` or dot-folders) parsed to mdast
// exactly as a build parses it (`createPageCompiler(…).parsePage`: frontmatter, GFM, math, MDX
// syntax for `.mdx`, the second parse of a page with autolink literals), nothing else. In one
// process: a first round, JIT-cold for the first folder (a build parses each page once, so
// this is the figure closest to a build's: give one folder per process), then `--rounds N`
// warm rounds; prints the first, the best and the median round in process CPU time (steadier
// than wall time on a busy machine; it counts the garbage collector's and the JIT's threads),
// as ms per MB of source and per file.
//
//   node bench/parse.mjs DIR [DIR …] [--rounds 5] [--same-as ROOT]
//
// `--same-as ROOT` checks, before timing, that every file parses to the same tree (JSON,
// positions and MDX's estrees included, or the same syntax error) as with
// the built checkout at ROOT (its own `node_modules`: without this checkout's patches), and
// lists the files that differ (exit code 1 when one does).
//
// DG_ROOT=/path/to/a/checkout measures another built checkout (default: this one); it needs
// `parsePage`, so copy this checkout's `packages/core/dist/compile.js` into an older one to
// measure its parser (its own `node_modules`: micromark without this checkout's patches).
//
// Measured on the shared 2-core machine, 2026-11-27, three rounds per process, processes
// alternated, DG_ROOT=<main at eb5f97b with this compile.js copied in> for "before"
// (micromark, gfm-table and from-markdown unpatched); best round of each process. Load
// average 10-20 for the first two pairs, about 2 for the last:
//
//   | project                 | files | MB   | before: best ms CPU (ms/MB)             | after                              |
//   | 1,000-page corpus (.md) | 1,000 | 7.99 | 6,961 / 6,049 / 5,405 (871 / 757 / 676) | 3,224 / 3,175 / 2,908 (404 / 397 / 364) |
//   | platform's docs (.mdx)  | 1,116 | 7.67 | 10,352 / 8,925 / 8,866 (1,349 / 1,163 / 1,156) | 5,478 / 6,217 / 5,165 (714 / 810 / 673) |
//
// Same machine, 2026-11-27 (load average 8-10), three rounds per process, alternated, best round,
// DG_ROOT=/work/cache/before32 (main at 31b1660) for "before"; "after" with this checkout's
// micromark, micromark-util-edit-map and from-markdown patches (the first two pairs without the
// micromark `store` patch):
//
//   | project                 | before: best ms CPU     | after                  |
//   | 1,000-page corpus (.md) | 5,541 / 6,273 / 7,147   | 5,187 / 5,795 / 6,013  |
//   | platform's docs (.mdx)  | 9,111 / 9,653 / 10,165  | 8,010 / 8,187 / 9,277  |
//
// Same machine, 2026-11-27 (load average 25-28), three rounds per process, alternated, best round
// and median, with the build's young generation (`--max-semi-space-size=32`, now the default
// here), DG_ROOT=/work/cache/before33 (main at d5b9660) for "before"; "after" with the patches of
// micromark-extension-gfm-autolink-literal (its constructs read ahead, so text is not stopped at
// every word to try them) and mdast-util-gfm-autolink-literal (its find-and-replace only on text
// nodes with `@`, `://` or `www.`):
//
//   | project                 | before: best / median ms CPU      | after                             |
//   | 1,000-page corpus (.md) | 3,961 / 4,154; 3,218 / 3,297      | 3,577 / 3,700; 3,310 / 3,313      |
//   | platform's docs (.mdx)  | 5,731 / 6,192; 5,401 / 5,509      | 5,483 / 5,890; 4,898 / 5,152      |
//
// The 159 pages of the platform's docs that take the full-GFM path (1.8 MB), parsed with full GFM
// and without autolink literals (best of 6-10 rounds, same load): before 2,132 and 2,117 ms against
// 1,390 and 1,475 (about 700 ms for autolink literals); after 1,457 against 1,521 (none measurable).
//
// Same machine, 2026-11-28 (load average 12-15), two rounds per process (the first JIT-cold),
// one folder per process, alternated, DG_ROOT=/work/cache/before34 (main at a697ff0) for
// "before"; "after" with `consumeRun` (micromark, micromark-core-commonmark, gfm-table: a state
// that consumes any character takes the rest of its string chunk at once) and the one-pass
// `subtokenize` (micromark-util-subtokenize): first round / best warm round, ms CPU:
//
//   | project                 | before                      | after                       |
//   | 1,000-page corpus (.md) | 4,094 / 2,939; 4,154 / 2,925 | 3,573 / 2,345; 3,527 / 2,260 |
//   | platform's docs (.mdx)  | 7,464 / 4,610; 7,273 / 4,447 | 6,460 / 4,127; 6,453 / 3,808 |
//   | Salad                   | 2,733 / 1,397               | 2,760 / 1,171               |
//   | dubinc                  | 2,732 / 1,039               | 2,354 / 949                 |
//
// Same machine, 2026-11-28 (load average 5-15), two rounds per process, one folder per process,
// alternated, DG_ROOT=/work/cache/before35 (main at 67ddddb) for "before"; "after" with the
// attempts that cannot match left out (micromark: the flow's blank line only at a space, tab,
// line ending or the end, the document's container check and attempt only after indent or at a
// code a document construct is listed for, disabled constructs out of the lists by code;
// micromark-core-commonmark: the list's blank-line checks likewise), one-chunk tokens sliced at
// once, and from-markdown's handlers from a Map. Attempts: platform docs 818,239 -> 625,187,
// c1000b 672,412 -> 550,651. First round / best warm round, ms CPU:
//
//   | project                 | before                                      | after                                       |
//   | 1,000-page corpus (.md) | 3,638 / 2,315; 3,501 / 2,284; 3,476 / 2,223; 3,620 / 2,345; 3,621 / 2,321 | 3,283 / 2,148; 3,315 / 2,106; 3,339 / 1,981; 3,418 / 2,136; 3,484 / 2,209 |
//   | platform's docs (.mdx)  | 6,452 / 3,819; 6,243 / 4,028; 6,770 / 4,395 | 6,356 / 3,426; 7,039 / 3,555; 6,733 / 3,839 |
//
// The platform docs' first round alone (`--rounds 0`, four pairs): before 6,577 / 6,235 / 6,294
// / 6,429, after 6,152 / 6,066 / 6,475 / 6,081 (about 3% less; within the noise in the pairs
// above). Warm rounds 5-13% less; the corpus's first round 4-10% less.

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

// The build's worker threads have a young generation of 96 MB (`build-schedule.ts`); with
// Node's default the collector runs about three times as often and took a third of this
// bench's CPU time. So the bench runs itself again with the same (semi-spaces of 32 MB)
// unless a semi-space size is given.
if (!process.execArgv.some((arg) => arg.startsWith('--max-semi-space-size'))) {
  const { status } = spawnSync(process.execPath, ['--max-semi-space-size=32', ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(status ?? 1);
}

const repo = process.env.DG_ROOT ? resolve(process.env.DG_ROOT) : fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '5' }, 'same-as': { type: 'string' } } });
if (positionals.length === 0) {
  console.error('usage: node bench/parse.mjs DIR [DIR …] [--rounds 5]');
  process.exit(2);
}
const { createPageCompiler } = await import(pathToFileURL(join(repo, 'packages', 'core', 'dist', 'compile.js')).href);
const reference = values['same-as'] ? await import(pathToFileURL(join(resolve(values['same-as']), 'packages', 'core', 'dist', 'compile.js')).href) : undefined;

/** Every `.md`/`.mdx` file under `folder` with its text. */
function sourcesOf(folder) {
  const files = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.mdx?$/i.test(entry.name)) files.push({ file: path, source: readFileSync(path, 'utf8') });
    }
  };
  walk(folder);
  return files;
}

/** The tree (or the syntax error) and messages a file parses to, as JSON. */
async function parsedAsJson(compiler, { file, source }) {
  try {
    return JSON.stringify(await compiler.parsePage({ file, source }));
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Files of `files` that parse differently with `createPageCompiler` and `reference`'s. */
async function filesParsedDifferently(folder, files) {
  const options = { root: folder, code: { themes: { light: 'github-light', dark: 'github-dark' }, chrome: 'bar', copyButton: true }, knownComponents: [] };
  const ours = createPageCompiler(options);
  const theirs = reference.createPageCompiler(options);
  const differ = [];
  for (const file of files) if ((await parsedAsJson(ours, file)) !== (await parsedAsJson(theirs, file))) differ.push(file.file);
  return differ;
}

let someDiffer = false;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
console.log(`parse to mdast, ${repo === fileURLToPath(new URL('..', import.meta.url)) ? 'this checkout' : repo}, best and median of ${values.rounds} rounds, process CPU`);
for (const folder of positionals.map((path) => resolve(path))) {
  const files = sourcesOf(folder);
  const megabytes = files.reduce((sum, { source }) => sum + Buffer.byteLength(source), 0) / 1e6;
  const compiler = createPageCompiler({
    root: folder,
    code: { themes: { light: 'github-light', dark: 'github-dark' }, chrome: 'bar', copyButton: true },
    knownComponents: [],
  });
  let failed = 0;
  const round = async () => {
    failed = 0;
    const start = process.cpuUsage();
    for (const file of files) {
      try {
        await compiler.parsePage(file);
      } catch {
        // A syntax error costs its parse too; the build reports it.
        failed += 1;
      }
    }
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  // The first round (of the first folder) runs with the JIT cold, as a build's parse does: it
  // parses each page once.
  const cold = await round();
  const rounds = [];
  for (let index = 0; index < Number(values.rounds); index += 1) rounds.push(await round());
  const best = rounds.length > 0 ? Math.min(...rounds) : cold;
  const middle = rounds.length > 0 ? median(rounds) : cold;
  console.log(
    `  ${folder}: ${files.length} files, ${megabytes.toFixed(2)} MB${failed ? ` (${failed} with syntax errors)` : ''}; ` +
      `cold ${cold.toFixed(0)} ms CPU (${(cold / megabytes).toFixed(0)} ms/MB); best ${best.toFixed(0)} ms CPU (${(best / megabytes).toFixed(0)} ms/MB, ${(best / files.length).toFixed(2)} ms/file), ` +
      `median ${middle.toFixed(0)} ms (${(middle / megabytes).toFixed(0)} ms/MB, ${(middle / files.length).toFixed(2)} ms/file); rounds ${rounds.map((ms) => ms.toFixed(0)).join(', ')}`,
  );
  // After the timing: the check parses every file twice, which would warm the JIT up.
  if (reference) {
    const differ = await filesParsedDifferently(folder, files);
    someDiffer ||= differ.length > 0;
    console.log(`  ${folder}: ${differ.length === 0 ? `all ${files.length} files parse to the same tree as with ${values['same-as']}` : `${differ.length} of ${files.length} files parse differently:\n    ${differ.join('\n    ')}`}`);
  }
}
if (someDiffer) process.exitCode = 1;
