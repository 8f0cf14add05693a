#!/usr/bin/env node
// Highlighting every fenced code block of a project with docsgen's highlighter (not a test:
// prints numbers only). One process, one thread, as one build worker sees it: the process
// highlighter (`getHighlighter`), languages loaded page by page as the pages ask for them, each
// block through `highlightBlock` (no highlight cache). Prints the blocks, the start-up of
// Shiki, the CPU time of the first pass (cold: scanners compiled on the way) and of a second
// pass over the same blocks (every scanner compiled, lines cached), the scanners vscode-textmate
// asked the engine for and how many the engine compiled, and a hash of the output so two
// versions can be compared.
//
//   node bench/highlight.mjs [--root DIR] [--shuffle SEED] [--changed FILE] [--engines] [--replay] [PROJECT]
//
// PROJECT is a folder of `.md`/`.mdx` pages (default: docs/). --root runs the highlighter of
// another checkout of docsgen (built), for "before" figures. --shuffle highlights the pages in
// another order (a seeded shuffle); the output hash is over the blocks in the sorted order
// either way, so it must not change: a block's HTML may depend on the block alone. --changed
// writes one line per block (page, language, SHA-256 of its HTML) to FILE, to diff two runs.
// --engines then highlights the same blocks with Shiki's JavaScript regex engine
// (oniguruma-to-es) in a highlighter of its own, and prints per language the CPU of both engines
// (first pass, compiling included) and how many blocks differ from Oniguruma's HTML.
// --replay records every regex search of the first pass (list, line, start, result) and makes
// them again with fresh engines, result by result (see `replaySearches`): Oniguruma as the
// highlighter has it, and patterns that oniguruma-to-es converts in strict accuracy searched as
// JavaScript RegExps; it prints compiling and searching CPU apart, and the results that differ.
//
// Fences are found with a regular expression (indented ones inside components too), not the
// MDX parser, so a few blocks may differ from what a build highlights; the same blocks are
// measured on both sides of a comparison.
//
// The plugin's own cost per block on the shared corpus (cache hits, the tree path) is measured
// by packages/mdx-transforms/bench/highlight.mjs.
//
// 2026-11-27, shared 2-core machine, main at 4b2abd7 (`--root /work/cache/before23`) and with
// shared scanners (`highlight-scanners.ts`), three runs alternated (CPU of the first pass):
//
//   | project                            | scanners compiled | first pass, CPU      | RSS                   |
//   | platform docs: 3,434 blocks, 22 l. | 951 -> 273        | 5.1-5.5 -> 2.9-3.1 s | 348-354 -> 225-227 MB |
//   | shared corpus: 300 pages, 1,032 b. | 78 -> 73          | 1.7-1.9 -> 1.6-1.9 s | 137 -> 141 MB         |
//
// The output hash is the same before and after on both. On the corpus (five languages, no
// nested fences) nothing was compiled twice to begin with; its time is scanning.
//
// Whole builds, same days and machine (`/usr/bin/time -f '%e s %U user %M KB' docsgen build
// PROJECT --out OUT --no-cache`, main thread and one worker; every output file hashed, all runs
// identical): the platform docs 79.1, 79.9, 74.6 s user and 1.35-1.38 GB before, 66.6 and
// 67.7 s user and 1.17-1.19 GB after; 1,274 scanners compiled in a build before (649 on the
// main thread, 625 on the worker), 486 after (240 and 246). The 300-page corpus: 10.4-12.3 s
// user before and 10.5-12.4 s after, five runs each (no difference beyond the noise).
//
// Deterministic embedded languages (`highlight-embedded.ts`), 2026-11-27, same machine, the
// platform docs (`--root /work/main` at 010d25c, then this branch):
//
//   | order                 | before: output sha256 | after: output sha256 |
//   | sorted pages          | eea72568...           | a1cf69e3...          |
//   | --shuffle 7           | 02d3c851...           | a1cf69e3...          |
//
// Before, the hash changed with the page order; after, it does not. Against the sorted order
// of before (--changed, diffed), 44 blocks change: 40 mdx blocks (29 in
// agent-context/.../components.md, 6 in SKILL.md, 4 in configuration.md, 1 in ai-native.mdx)
// and the 4 markdown blocks of */components/icons.mdx, all with more highlighted spans
// (nested fences, frontmatter and JSX of MDX, inline HTML of Markdown). Languages loaded in
// the end: 21 -> 22. CPU of loading languages 346-387 -> 694-745 ms (reading each Markdown/MDX
// grammar's rules once and compiling its fence patterns); first pass 2.9 -> 2.6-2.7 s.
// Whole builds (`docsgen build /work/real/mintlify+docs --out OUT --no-cache --workers N`,
// every output file hashed): --workers 0 and 2 give identical files, before (/work/cache/
// before23) and after; before -> after, 4 of 3,972 files change: */components/icons.html, whose
// ```markdown block now highlights its inline `<Icon>` HTML.
//
// Exact line cache (`dual-theme-lines.ts`: states numbered by every field vscode-textmate reads,
// lines kept compactly, 8 MB per theme pair and thread instead of 3,000 lines per grammar),
// 2026-11-27, same machine under heavy load, main at a2888dd (`--root`, a built copy) and hl3,
// two runs alternated (CPU):
//
//   | project                        | first pass, ms         | second pass, ms      | RSS, MB        |
//   | shared corpus c1000b, 3,551 b. | 4654-4660 -> 4283-4322 | 3447-3624 -> 120-127 | 260 -> 227-230 |
//   | platform docs, 3,434 blocks    | 2678-2791 -> 2565-2767 | 296-359 -> 85-98     | 265 -> 267-270 |
//
// Output sha256 the same before and after, sorted and with --shuffle 7. Most of what is left is
// Oniguruma scanning lines met for the first time (about half the first pass's profile).
//
// --engines (Shiki's JavaScript engine, same blocks, first pass, compiling included), hl3:
// every block of every language gives Oniguruma's HTML on c300, c1000b, the platform docs,
// dubinc/docs and pipecat-docs, but it is slower in all but a few languages: c300 python
// 275 -> 203 ms, json 149 -> 116, yaml 131 -> 107, but ts 1010 -> 1175, bash 189 -> 218; the
// platform docs 2,050 -> 3,826 ms in all (mdx 640 -> 1,536; 42% of the JavaScript engine's
// profile is oniguruma-to-es and its parser translating patterns); pipecat python (1,414 blocks)
// 833 -> 1,040, typescript 362 -> 631; dubinc javascript 446 -> 1,180, php 332 -> 715. Kept
// Oniguruma; the JavaScript engine would spare the engine's WebAssembly memory (89 MB external
// after the platform docs in one thread) at that CPU cost.
//
// Per line and per thread (issue 23), 2026-11-27, same machine under heavy load (load average
// 4-10), `--root /work/cache/before32` (main at 6e8cc94, built) and hl4, runs alternated (CPU):
//
//   | project                     | first pass, ms         | compiling scanners, ms | patterns compiled | loading, ms      |
//   | platform docs, 3,434 blocks | 2432-2463 -> 2027-2254 | 935-1012 -> 678        | 7,641 -> 5,061    | 627-734 -> 550-570 |
//   | shared corpus c1000b        | 3746-3851 -> 3575-3752 | 271-313 -> 234-306     | 2,388 -> 1,723    | 113-149 -> 137   |
//
// Output sha256 unchanged on both, sorted and --shuffle 7. Where a thread's highlighting goes
// (c1000b, one thread, CPU measured around each call): 3.4 s in all, of which Oniguruma's search
// 1.7 s (8 searches per tokenized line, 41,007 lines tokenized of 83,775; 4.5 µs a search),
// vscode-textmate's own work 0.8 s, compiling 0.25 s, docsgen's 0.5 s. On the platform docs:
// compiling 1.0 s, creating the rules of each grammar instance 0.5 s (5 MDX and 3 Markdown
// instances: Shiki recreates an embedding grammar whenever a language it embeds lazily is
// loaded after it), resolving embedded languages 0.5 s, searching 0.4 s. The changes:
// - shared ends (`highlight-scanners.ts`): a list whose end another list has is compiled as its
//   start and that end, searched as both (replaying every search of both projects against the
//   whole lists: identical results, the same search CPU);
// - `highlight-embedded.ts`: each grammar module imported once, not once per block;
// - `dual-theme-lines.ts`: tokens encoded straight from vscode-textmate's tokens.
// Measured and not adopted: every pattern compiled alone and searched one by one with each
// pattern's last result reused (the node-oniguruma way): 5.6 times fewer patterns compiled on
// c1000b but searching 40% slower (2.3 s against 1.65 s replayed); the same until a list is
// searched 64 times, then compiled whole: platform docs 1.19 -> 0.91 s, c1000b 2.41 -> 2.57 s.
//
// Cheaper grammars and scanners (issue 23, hl5), 2026-11-27, same machine under heavy load,
// `--root /work/cache/before33` (main at d5b9660, built) and hl5, two runs alternated (CPU):
//
//   | project                      | loading, ms        | first pass, ms         | patterns compiled | rules created, ms  | RSS, MB   |
//   | platform docs, 3,434 blocks  | 641/727 -> 591/539 | 2331/2552 -> 1872/1835 | 5,061 -> 2,718    | 551/611 -> 341/319 | 255 -> 225 |
//   | dubinc/docs, 781 blocks      | 600/623 -> 521/498 | 1919/1947 -> 1554/1581 | 5,586 -> 2,878    | 263/284 -> 174/147 | 210 -> 178 |
//   | shared corpus c300           | 89/97 -> 64/59     | 1717/1813 -> 1583/1605 | 1,723 -> 888      | 42/36 -> 34/46     | 150 -> 137 |
//   | shared corpus c1000b         | 125/99 -> 126/114  | 4276/4026 -> 3652/4037 | 1,723 -> 888      |                    | 193-223 -> 191-212 |
//
// Output sha256 unchanged on all four, and every token (offsets and scopes) of every block of
// the platform docs and dubinc/docs hashes alike before and after. The changes:
// - a pnpm patch of @shikijs/vscode-textmate (patches/@shikijs__vscode-textmate@10.1.0.patch):
//   the dependency walk each grammar creation made over every grammar it reaches is kept per
//   reference and replayed (a walk is kept only when it met no rule an earlier walk of its queue
//   visited, and replayed only when none of its rules was visited since, so it is the walk's own
//   result); a pattern's four `\A`/`\G` variants are made when first asked for; rules declare no
//   class fields (each constructor assigns every field); and each rule's pattern list carries
//   its parts (what each include brought, the same way down);
// - `highlight-scanners.ts` compiles a list with parts as shared parts: each include of 16
//   patterns or more (split the same way when it includes such a list itself) and each run of
//   patterns between them, searched for the earliest match, the earliest part's on a tie. On the
//   platform docs 16,658 searches of such lists made 43,692 searches of parts (a part's last
//   result reused as before), and 2,700 patterns were compiled instead of 5,100.
// Rule creation is still 80,000 rules per thread on the platform docs: Shiki creates the MDX
// grammar 5 times and Markdown's 3 times per thread (once per lazily embedded language loaded
// after them), each with every rule of every grammar they reach.
//
// Where the search goes, and engines measured (issue 23, hl6), 2026-11-28, same machine under
// heavy load (load average 4-8), main at a697ff0 (`/work/cache/before34`). `--replay`, CPU:
//
//   | project                     | searches | oniguruma: compile, search | JS strict: translate, search, results differ | JS ASCII rules: translate, search, differ |
//   | shared corpus c1000b        | 369,697  | 71, 1,699 ms               | 685, 2,225 ms, 0                              | 250, 1,832 ms, 0                          |
//   | platform docs               | 50,474   | 260, 280 ms                | 1,647, 432 ms, 101                            | 617, 420 ms, 59                           |
//   | dubinc/docs                 | 35,613   | 401, 281 ms                | 2,709, 307 ms, 3                              | 821, 595 ms, 3                            |
//   | salad-cloud-docs            | 67,019   | 200, 358 ms                | 2,540, 406 ms, 24                             | 783, 613 ms, 24                           |
//
// Not adopted, none of them paid:
// - Shiki's JavaScript engine for the patterns oniguruma-to-es converts in strict accuracy
//   (all but 2-8 per project), Oniguruma for the rest: searching is no cheaper (c1000b 31%
//   dearer; a mix by pattern length, long ones or short ones to JavaScript, was dearer than
//   either engine alone), translating costs 0.7-2.7 s per thread, and strict is not exact where
//   it counts: 3-101 searches per real project give other capture groups (an optional group that
//   matched empty, `(\[\d+])?` in Go's format verbs, is a zero-length capture in Oniguruma and
//   none in JavaScript; in a repeated group, Oniguruma keeps what a group captured in an earlier
//   iteration where JavaScript clears it, in TypeScript's arrow-return pattern). With ASCII `\b`
//   and `^`/`$` (exact on ASCII lines) searching is still no cheaper overall; choosing per list
//   the cheaper engine would save 13-51% of searching at best (wall time per search, noisy),
//   less than translating costs. For anyone who tries again: in this replay the RegExps ran
//   about ten times slower on the strings vscode-textmate created (`line + '\n'`) than on flat
//   copies of them (dubinc/docs: 3,673 against 307 ms), so the replay searches copies; a small
//   test of one pattern showed 1.3-1.8 times; the cause was not looked into further.
// - vscode-oniguruma's per-pattern cache (`findNextOnigScannerMatch` reuses each pattern's last
//   result only for strings of 1,000 UTF-8 bytes or more; shorter ones go through
//   `onig_regset_search`, no cache): the wasm's threshold set to 0 (every line through the cached
//   per-pattern path) searched c1000b in 1,531-1,577 ms against 1,547-1,611. The parts of
//   `highlight-scanners.ts` pass the engine's string through unchanged, so long lines keep that
//   cache, and each part keeps its own last result.
// - vscode-oniguruma 2.0.1's WebAssembly (Shiki's is 1.7.0's), through its own binding: the same
//   search CPU (1,656-1,691 against 1,655-1,740 ms).
// - A memo of search results by (list, line, start): 1.8% of c1000b's searches repeat one, 2.4-11%
//   on real projects. Lines met again in the same state already come from the line cache
//   (`dual-theme-lines.ts`): c1000b 51% of lines, the platform docs 73%.
// Oniguruma's search is 85-90% of the search CPU; per search it tries each pattern at each
// position from the start (pattern-led search was no cheaper either: hl4). Compiling is a small
// part on c1000b (428 distinct patterns, 130 ms compiled alone) and the platform docs (1,256,
// 174 ms alone; 2,575 compiled in all, 352 ms; fewer shared-part patterns, 1,667, did not make it
// cheaper).
//
// Line memo hit rates in whole builds (issue 23, hl8), 2026-11-28, shared machine, main at
// 94fae2d: `dual-theme-lines.ts` already tokenizes each (grammar, exact state, line) once per
// thread. Counted by a temporary counter in its built copy, cold builds (`--no-cache`), per
// thread (render worker / main thread, the latter as last written a second before it exited):
// lines, the share met before in that thread, by lines and by characters, and the share of
// `highlightDualThemeLines` time spent tokenizing the misses:
//
//   | project         | lines           | hits, lines | hits, chars | misses' share of time |
//   | c1000b          | 51,163 / 32,612 | 47% / 43%   | 37% / 35%   | 90% / 90%             |
//   | platform docs   | 13,161 / 12,252 | 51% / 54%   | 33% / 35%   | 94% / 93%             |
//   | dubinc/docs     |  6,903 /  3,780 | 58% / 40%   | 46% / 29%   | 95% / 96%             |
//   | Salad           | 13,631 / 11,350 | 51% / 53%   | 37% / 40%   | 88% / 91%             |
//
// These are the distinct-line shares counted over whole projects (c1000b: 47% distinct): the
// memo already gets what one thread can. Across threads, c1000b's two threads tokenize 45,741
// lines for 39,400 distinct ones: a memo shared between threads would save at most 14% of the
// tokenizing. What remains is per-thread set-up and tokenizing distinct lines: one thread
// highlighting all of Salad (this script, CPU profile) spends 0.33 s compiling scanners, 0.40 s
// searching, 0.21 s creating rules (86,000 rules: Markdown's and MDX's grammars twice each,
// 26,600 and 25,300, Ruby's once, 19,200, through the grammars its heredocs embed) and 0.18 s
// loading grammars; the `rules by grammar` line prints the first of those per root scope.
// Of those rules, tokenizing used 2,105 on Salad, 2,434 of 32,375 on dubinc/docs, 4,878 of
// 79,909 on the platform docs, 433 of 2,182 on c300 (`rules used by tokenizing`: rules whose
// patterns went into a scanner or whose own scanner was made): vscode-textmate creates every
// rule a grammar reaches when it first tokenizes. Creating rules when first used would save most
// of that 0.2-0.35 s per thread on Salad, but would resolve external includes later than now
// (a grammar loaded in between would then be found), so it needs care to stay byte-identical.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({
  options: {
    root: { type: 'string', default: repo },
    shuffle: { type: 'string' },
    changed: { type: 'string' },
    engines: { type: 'boolean', default: false },
    replay: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const project = resolve(positionals[0] ?? join(repo, 'docs'));
const dist = (file) => import(pathToFileURL(join(resolve(values.root), 'packages/mdx-transforms/dist', file)).href);
const highlighterModule = await dist('highlighter.js');
const { getHighlighter, loadLanguages, loadThemes, resolveLanguage } = highlighterModule;
// What the plugin loads per page: the blocks' languages and, since `highlight-embedded.ts`, what
// their Markdown and MDX blocks embed (before it, the languages alone).
const loadPage = highlighterModule.loadBlockLanguages ?? ((instance, page) => loadLanguages(instance, new Set(page.map((request) => request.language))));
const { highlightBlock } = await dist('highlight-block.js');

const pages = [];
(function walk(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/\.mdx?$/.test(entry.name)) pages.push(path);
  }
})(project);
pages.sort();

// A fence, its indentation taken off every line (as CommonMark does for a fence in a list or
// a component).
const fence = /^([ \t]*)(`{3,}|~{3,})([^\s`{]*)[^\n]*\n([\s\S]*?)^\1\2[ \t]*$/gm;
const themes = { light: 'github-light', dark: 'github-dark' };
const requests = pages.map((path, page) =>
  [...readFileSync(path, 'utf8').matchAll(fence)].map((match) => {
    const indent = match[1].length;
    const code = match[4]
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
      .join('\n');
    return { code, language: resolveLanguage(match[3]).name, themes, highlight: [], focus: [], lines: false, wrap: false, page };
  }),
);
const blocks = requests.flat();
blocks.forEach((request, index) => (request.index = index));
// A seeded Fisher-Yates shuffle of the pages (mulberry32), so an order can be repeated.
if (values.shuffle !== undefined) {
  let seed = Number(values.shuffle) >>> 0;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = requests.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [requests[i], requests[j]] = [requests[j], requests[i]];
  }
}
const languages = new Set(blocks.map((request) => request.language));

function cpu(start) {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

let clock = process.cpuUsage();
const instance = await getHighlighter();
await loadThemes(instance, [themes.light, themes.dark]);
const startMs = cpu(clock);

// What vscode-textmate asks the engine for: every grammar shares one `onigLib` (Shiki's
// resolver), so wrapping it once counts them all.
// The CPU of the scanners compiled is measured around the calls that compiled one (counted by
// the engine; before the shared scanners, every call compiled).
let requested = 0;
let compileMs = 0;
await loadLanguages(instance, ['json']);
const onigLib = instance.getLanguage('json')._onigLib;
const createOnigScanner = onigLib.createOnigScanner;
const countCompilations = highlighterModule.countScannerCompilations ?? (() => requested);
onigLib.createOnigScanner = (patterns) => {
  const before = countCompilations();
  const start = process.cpuUsage();
  requested++;
  const scanner = createOnigScanner(patterns);
  if (countCompilations() > before) compileMs += cpu(start);
  return recording ? recordSearches(patterns, scanner) : scanner;
};
// --replay: every search of the first pass (the line, the list, where it starts, its result), to
// search again with other engines (see `replaySearches`).
const recorded = { lists: [], listIds: new Map(), strings: [], searches: [] };
let recording = values.replay;
if (recording) {
  const createOnigString = onigLib.createOnigString;
  onigLib.createOnigString = (text) => {
    const string = createOnigString(text);
    // A flat copy: the JavaScript RegExps of this replay searched the strings vscode-textmate
    // created (`line + '\n'`) about ten times slower (dubinc/docs).
    if (recording) stringIds.set(string, recorded.strings.push(text.split('').join('')) - 1);
    return string;
  };
}
const stringIds = new WeakMap();
const partsKey = Symbol.for('vscode-textmate.patternParts');
const matchKey = (match) => (match === null ? null : [match.index, ...match.captureIndices.flatMap((capture) => [capture.start, capture.end])]);
function recordSearches(patterns, scanner) {
  const key = JSON.stringify([patterns, patterns[partsKey] ?? null]);
  let id = recorded.listIds.get(key);
  if (id === undefined) {
    const list = [...patterns];
    if (patterns[partsKey]) list[partsKey] = patterns[partsKey];
    id = recorded.lists.push(list) - 1;
    recorded.listIds.set(key, id);
  }
  const listId = id;
  return {
    findNextMatchSync(string, start, options) {
      const match = scanner.findNextMatchSync(string, start, options);
      if (recording) recorded.searches.push([stringIds.get(string), listId, start, options ?? 0, matchKey(match)]);
      return match;
    },
    dispose: () => scanner.dispose?.(),
  };
}
// Lines the grammars tokenized (the others came from the line cache): every grammar is an
// instance of vscode-textmate's `Grammar`.
let tokenized = 0;
const grammarPrototype = Object.getPrototypeOf(instance.getLanguage('json'));
const tokenizeLine = grammarPrototype.tokenizeLine;
grammarPrototype.tokenizeLine = function (...parameters) {
  tokenized++;
  return tokenizeLine.apply(this, parameters);
};

// Rules the grammars created (vscode-textmate builds every rule a grammar reaches when the
// grammar first tokenizes, and Shiki creates a grammar again when a language it embeds lazily is
// loaded), the grammar instances that created them and the CPU time of creating them.
let rules = 0;
let ruleMs = 0;
let ruleDepth = 0;
const grammarInstances = new Set();
const registerRule = grammarPrototype.registerRule;
// Rules and instances per root scope, for the `rules by grammar` line.
const rulesByScope = new Map();
// Rules that tokenizing used: those whose patterns went into a scanner, or whose own scanner
// was made. Their methods are wrapped once per class, when the first rule of it is created.
const usedRules = new WeakSet();
const wrappedClasses = new Set();
const ruleMethods = ['collectPatterns', 'compile', 'compileAG', 'compileWhileAG'];
function watchRuleClass(rule) {
  for (let prototype = Object.getPrototypeOf(rule); prototype && prototype !== Object.prototype; prototype = Object.getPrototypeOf(prototype)) {
    if (wrappedClasses.has(prototype)) continue;
    wrappedClasses.add(prototype);
    for (const method of ruleMethods) {
      if (!Object.hasOwn(prototype, method)) continue;
      const original = prototype[method];
      prototype[method] = function (...parameters) {
        usedRules.add(this);
        return original.apply(this, parameters);
      };
    }
  }
}
grammarPrototype.registerRule = function (createRule) {
  const factory = (id) => {
    const rule = createRule(id);
    watchRuleClass(rule);
    return rule;
  };
  rules++;
  if (!grammarInstances.has(this)) {
    grammarInstances.add(this);
    const known = rulesByScope.get(this._rootScopeName) ?? { rules: 0, instances: 0 };
    known.instances++;
    rulesByScope.set(this._rootScopeName, known);
  }
  rulesByScope.get(this._rootScopeName).rules++;
  if (ruleDepth++ > 0) {
    try {
      return registerRule.call(this, factory);
    } finally {
      ruleDepth--;
    }
  }
  const start = process.cpuUsage();
  try {
    return registerRule.call(this, factory);
  } finally {
    ruleDepth--;
    ruleMs += cpu(start);
  }
};

const outputs = [];
let loadMs = 0;
clock = process.cpuUsage();
const byLanguage = new Map();
for (const page of requests) {
  const loading = process.cpuUsage();
  await loadPage(instance, page);
  loadMs += cpu(loading);
  for (const request of page) {
    const start = values.engines ? process.cpuUsage() : undefined;
    outputs[request.index] = highlightBlock(instance, request).html;
    if (start) byLanguage.set(request.language, (byLanguage.get(request.language) ?? 0) + cpu(start));
  }
}
const firstMs = cpu(clock) - loadMs;
recording = false;
const firstTokenized = tokenized;
const firstCompileMs = compileMs;
clock = process.cpuUsage();
for (const request of blocks) highlightBlock(instance, request);
const secondMs = cpu(clock);
// Lines as Shiki splits them, empty ones and plain-text blocks left out: those it never tokenizes.
const lineCount = blocks.reduce((sum, request) => (request.language === 'text' ? sum : sum + request.code.split(/\r?\n/).filter((line) => line !== '').length), 0);
// Before the shared scanners, the engine compiled every scanner asked for.
const compiled = highlighterModule.countScannerCompilations?.() ?? requested;
const hash = createHash('sha256');
for (const html of outputs) hash.update(html).update('\0');
if (values.changed) {
  const sha = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);
  const lines = blocks.map((request, index) => `${pages[request.page].slice(project.length + 1)}\t${index}\t${request.language}\t${sha(outputs[index])}`);
  writeFileSync(values.changed, `${lines.join('\n')}\n`);
}

console.log(`project: ${project}: ${pages.length} pages, ${blocks.length} code blocks in ${languages.size} languages`);
console.log(`start-up (highlighter, engine, two themes): ${startMs.toFixed(0)} ms CPU`);
console.log(`loading ${languages.size} languages: ${loadMs.toFixed(0)} ms CPU`);
console.log(`first pass: ${firstMs.toFixed(0)} ms CPU (${((firstMs / blocks.length) * 1000).toFixed(0)} µs per block)`);
console.log(`  lines: ${lineCount}, ${firstTokenized} tokenized (the rest from the line cache): ${((firstMs / lineCount) * 1000).toFixed(1)} µs per line, ${(((firstMs - firstCompileMs) / firstTokenized) * 1000).toFixed(1)} µs per tokenized line besides compiling scanners`);
console.log(`  compiling scanners: ${firstCompileMs.toFixed(0)} ms CPU`);
console.log(`second pass: ${secondMs.toFixed(0)} ms CPU`);
// Grammars, not aliases: Shiki lists both.
const loaded = instance.getLoadedLanguages().filter((name) => instance.getLanguage(name).name === name);
console.log(`languages loaded in the end: ${loaded.length}`);
const patterns = highlighterModule.countCompiledPatterns?.();
console.log(`scanners: ${requested} asked for, ${compiled} compiled${patterns === undefined ? '' : ` (${patterns} patterns)`} (${compileMs.toFixed(0)} ms CPU)`);
console.log(`rules created: ${rules} by ${grammarInstances.size} grammar instances (${ruleMs.toFixed(0)} ms CPU)`);
let usedRuleCount = 0;
for (const grammar of grammarInstances) for (const rule of grammar._ruleId2desc) if (rule && usedRules.has(rule)) usedRuleCount++;
console.log(`  rules used by tokenizing: ${usedRuleCount}`);
const topScopes = [...rulesByScope].sort((a, b) => b[1].rules - a[1].rules).slice(0, 8);
console.log(`  rules by grammar: ${topScopes.map(([scope, { rules, instances }]) => `${scope} ${rules} (${instances}×)`).join(', ')}`);
console.log(`output sha256: ${hash.digest('hex')}`);
console.log(`memory: ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB RSS`);

if (values.engines) {
  // Shiki's JavaScript engine, from the highlighter's own copy of Shiki.
  const require = createRequire(join(resolve(values.root), 'packages/mdx-transforms/package.json'));
  const shikiDir = dirname(require.resolve('shiki/package.json'));
  const { createHighlighter } = await import(pathToFileURL(join(shikiDir, 'dist/bundle-full.mjs')).href);
  const { createJavaScriptRegexEngine } = await import(pathToFileURL(join(shikiDir, 'dist/engine-javascript.mjs')).href);
  const javascript = await createHighlighter({ themes: [themes.light, themes.dark], langs: [], engine: createJavaScriptRegexEngine() });
  // The bundled languages Oniguruma ended with (grammars only embedded, such as cpp-macro, come
  // with their language); those that embed others lazily last, as the plugin loads them.
  const bundled = new Set(highlighterModule.listLanguages());
  const embedders = new Set(['markdown', 'mdx']);
  const names = loaded.filter((name) => bundled.has(name));
  for (const name of [...names.filter((name) => !embedders.has(name)), ...names.filter((name) => embedders.has(name))]) {
    await javascript.loadLanguage(name);
  }
  const rows = new Map();
  for (const page of requests) {
    for (const request of page) {
      const row = rows.get(request.language) ?? { blocks: 0, differ: 0, failed: 0, ms: 0 };
      rows.set(request.language, row);
      row.blocks++;
      const start = process.cpuUsage();
      let html;
      try {
        html = highlightBlock(javascript, request).html;
      } catch {
        row.failed++;
      }
      row.ms += cpu(start);
      if (html !== undefined && html !== outputs[request.index]) row.differ++;
    }
  }
  console.log('language: blocks, Oniguruma ms CPU -> JavaScript ms CPU, blocks that differ, blocks that failed');
  for (const [language, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${language}: ${row.blocks}, ${byLanguage.get(language).toFixed(0)} -> ${row.ms.toFixed(0)}, ${row.differ}, ${row.failed}`);
  }
}

if (values.replay) await replaySearches();

/**
 * --replay: search again every search the first pass made (the lists as vscode-textmate asked for
 * them, the lines, the start positions), with fresh engines, each result checked against the
 * recorded one, and print the CPU of compiling and of searching (the median of three rounds;
 * the first warms up). Engines:
 * - `oniguruma`: the highlighter's own (`shareScanners` over Oniguruma), as a reference;
 * - `javascript`: every pattern that oniguruma-to-es converts exactly (`accuracy: 'strict'`,
 *   Oniguruma's rules: Unicode `\b`, `^`/`$` at line ends) searched as a JavaScript `RegExp`
 *   with its last result reused as Shiki's JavaScript engine does, the rest of each list with
 *   Oniguruma; the earliest match wins, the lower pattern on a tie;
 * - `javascript-ascii`: the same with ASCII `\b` and `^`/`$` as string ends (Shiki's defaults),
 *   which match as Oniguruma's on a line of ASCII characters with one line feed at its end (what
 *   vscode-textmate searches); other lines search the whole list with Oniguruma.
 * Then per list the cheaper of `oniguruma` and `javascript-ascii` (timed per search): what a
 * choice per list could save at best, translating aside.
 */
async function replaySearches() {
  const require = createRequire(join(resolve(values.root), 'packages/mdx-transforms/package.json'));
  const shikiDir = dirname(require.resolve('shiki/package.json'));
  const { createOnigurumaEngine } = await import(pathToFileURL(join(shikiDir, 'dist/engine-oniguruma.mjs')).href);
  // oniguruma-to-es as Shiki's JavaScript engine has it, its ES module.
  const toEs = createRequire(createRequire(join(shikiDir, 'package.json')).resolve('@shikijs/engine-javascript')).resolve('oniguruma-to-es');
  const { toRegExp } = await import(pathToFileURL(toEs.replace(/([/\\])cjs([/\\])/, '$1esm$2')).href);
  const { shareScanners } = await dist('highlight-scanners.js');
  const wasm = readFileSync(require.resolve('shiki/onig.wasm'));
  const newOniguruma = () => createOnigurumaEngine({ instantiator: async (imports) => (await WebAssembly.instantiate(wasm, imports)).instance });
  const same = (a, b) => (a === null || b === null ? a === b : a.length === b.length && a.every((value, index) => value === b[index]));
  const unmatched = 4294967295;

  // One pattern as a JavaScript RegExp, or null where oniguruma-to-es cannot convert it exactly.
  function translator(ascii) {
    const regexps = new Map();
    const stats = { ms: 0, converted: 0, failed: 0 };
    return {
      stats,
      translate(pattern) {
        let regexp = regexps.get(pattern);
        if (regexp !== undefined) return regexp;
        const start = process.cpuUsage();
        try {
          regexp = toRegExp(pattern, { accuracy: 'strict', global: true, hasIndices: true, rules: { captureGroup: true, asciiWordBoundaries: ascii, singleline: ascii } });
          stats.converted++;
        } catch {
          regexp = null;
          stats.failed++;
        }
        stats.ms += cpu(start);
        regexps.set(pattern, regexp);
        return regexp;
      },
    };
  }

  // An engine whose scanners search converted patterns as RegExps, the others with Oniguruma
  // (with `ascii`, on ASCII-only lines; the whole list with Oniguruma on others).
  function mixedEngine(onig, translate, ascii) {
    return {
      createString: (text) => onig.createString(text),
      createScanner(patterns) {
        const regexps = patterns.map((pattern) => translate(pattern));
        const rest = [];
        regexps.forEach((regexp, index) => regexp || rest.push(index));
        const restScanner = rest.length > 0 ? onig.createScanner(rest.map((index) => patterns[index])) : undefined;
        let whole;
        const last = regexps.map((regexp) => (regexp && !regexp.sticky && !regexp.rawOptions?.strategy ? { string: null, from: 0, at: -1, indices: null } : null));
        return {
          findNextMatchSync(string, start, options) {
            // Oniguruma's strings of ASCII characters have no offset table.
            if (ascii && string.utf8OffsetToUtf16) return (whole ??= onig.createScanner(patterns)).findNextMatchSync(string, start, options);
            const text = string.content;
            let bestAt = -1;
            let bestIndex = -1;
            let best = null;
            let restDone = false;
            for (let index = 0; index < regexps.length; index++) {
              const regexp = regexps[index];
              if (regexp === null) {
                if (restDone) continue;
                restDone = true;
                const match = restScanner.findNextMatchSync(string, start, options);
                if (match !== null && (bestAt === -1 || match.captureIndices[0].start < bestAt)) {
                  bestAt = match.captureIndices[0].start;
                  bestIndex = rest[match.index];
                  best = match.captureIndices;
                }
                if (bestAt === start) break;
                continue;
              }
              const reuse = last[index];
              let at;
              let indices;
              if (reuse !== null && reuse.string === string && reuse.from <= start && (reuse.at === -1 || reuse.at >= start)) {
                at = reuse.at;
                indices = reuse.indices;
              } else {
                regexp.lastIndex = start;
                const match = regexp.exec(text);
                at = match === null ? -1 : match.index;
                indices = match === null ? null : match.indices;
                if (reuse !== null) {
                  reuse.string = string;
                  reuse.from = start;
                  reuse.at = at;
                  reuse.indices = indices;
                }
              }
              // On a tie, the lower pattern: one of Oniguruma's part may have come first.
              if (at === -1 || (bestAt !== -1 && (at > bestAt || (at === bestAt && index > bestIndex)))) continue;
              bestAt = at;
              bestIndex = index;
              best = indices;
              // A match where the search starts wins unless Oniguruma's part, not searched yet, has
              // a lower pattern matching there too.
              if (at === start && (restDone || rest.length === 0 || rest[0] > index)) break;
            }
            if (bestAt === -1) return null;
            if (!Array.isArray(best[0])) return { index: bestIndex, captureIndices: best };
            // As Oniguruma gives a group that took no part: offset 2^32 - 1, or the length of a line
            // with other than ASCII characters.
            const none = string.utf8OffsetToUtf16 ? string.utf16Length : unmatched;
            const captureIndices = [];
            for (const range of best) captureIndices.push(range ? { start: range[0], end: range[1], length: range[1] - range[0] } : { start: none, end: none, length: 0 });
            return { index: bestIndex, captureIndices };
          },
          dispose() {
            restScanner?.dispose?.();
            whole?.dispose?.();
          },
        };
      },
    };
  }

  // Replay every recorded search; per list, CPU of the last round (nanoseconds).
  function replay(engine, perList) {
    let start = process.cpuUsage();
    const scanners = recorded.lists.map((list) => engine.createScanner(list));
    const compileMs = cpu(start);
    const rounds = [];
    let differ = 0;
    for (let round = 0; round < 3; round++) {
      start = process.cpuUsage();
      let stringId = -1;
      let string;
      for (const [id, list, at, options, expected] of recorded.searches) {
        if (id !== stringId) {
          string?.dispose?.();
          stringId = id;
          string = engine.createString(recorded.strings[id]);
        }
        const started = perList && round === 2 ? process.hrtime.bigint() : 0n;
        const match = scanners[list].findNextMatchSync(string, at, options);
        if (started) perList[list] = (perList[list] ?? 0n) + process.hrtime.bigint() - started;
        if (round === 0 && !same(matchKey(match), expected)) {
          differ++;
          if (process.env.SHOW) console.log(JSON.stringify(recorded.strings[id]), at, JSON.stringify(matchKey(match)), JSON.stringify(expected), JSON.stringify(recorded.lists[list][matchKey(match)?.[0]] ?? null).slice(0, 200), JSON.stringify(recorded.lists[list][expected?.[0]] ?? null).slice(0, 200));
        }
      }
      string?.dispose?.();
      rounds.push(cpu(start));
    }
    return { compileMs, searchMs: rounds.slice(1).sort((a, b) => a - b)[0], differ };
  }

  console.log(`replay: ${recorded.searches.length} searches of ${recorded.lists.length} lists on ${recorded.strings.length} lines`);
  console.log('engine: compiling (translating) ms CPU, searching ms CPU (best of rounds 2-3), results that differ from the recording');
  const timings = {};
  for (const name of ['oniguruma', 'javascript', 'javascript-ascii']) {
    const onig = await newOniguruma();
    const ascii = name === 'javascript-ascii';
    const translation = name === 'oniguruma' ? undefined : translator(ascii);
    const engine = translation ? shareScanners(mixedEngine(onig, translation.translate, ascii)) : shareScanners(onig);
    timings[name] = [];
    const { compileMs, searchMs, differ } = replay(engine, name === 'javascript' ? undefined : timings[name]);
    const translated = translation ? ` (translating ${translation.stats.ms.toFixed(0)} ms: ${translation.stats.converted} patterns converted, ${translation.stats.failed} left to Oniguruma)` : '';
    console.log(`  ${name}: ${compileMs.toFixed(0)}${translated}, ${searchMs.toFixed(0)}, ${differ}`);
  }
  let oniguruma = 0n;
  let best = 0n;
  for (let list = 0; list < recorded.lists.length; list++) {
    const a = timings.oniguruma[list] ?? 0n;
    const b = timings['javascript-ascii'][list] ?? 0n;
    oniguruma += a;
    best += a < b ? a : b;
  }
  console.log(`  per list, the cheaper of oniguruma and javascript-ascii: ${(Number(best) / 1e6).toFixed(0)} ms against ${(Number(oniguruma) / 1e6).toFixed(0)} (wall time per search)`);
}
