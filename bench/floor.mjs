#!/usr/bin/env node
// The least CPU a cold build of the shared corpus can cost with the libraries docsgen is built
// on (not a test: prints numbers only). In one warm process, best of three rounds:
//
// - parsing every page to mdast the way a `.md` page is parsed (remark-parse, frontmatter,
//   GFM without autolink literals: micromark and mdast-util-from-markdown);
// - tokenizing every fenced code block for both colour themes at once (Shiki's TextMate
//   grammars with the Oniguruma engine, through docsgen's single-pass `tokenizeDualTheme`,
//   with its cache of repeated lines and its shared scanners, as a build has it).
//
// Nothing else a build does is counted: no transforms, rendering, file writes or search index.
// Divided by the cores, it is a floor under the cold build's wall time.
//
//   node bench/floor.mjs [--pages 1000] [--corpus ../shared/bench/gen-corpus.mjs]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    corpus: { type: 'string', default: resolve(repo, '../shared/bench/gen-corpus.mjs') },
  },
});
if (!existsSync(values.corpus)) {
  console.error(`bench: corpus generator not found at ${values.corpus}; pass --corpus PATH`);
  process.exit(2);
}

// The packages' own dependencies (pnpm links them under each package, not at the root).
const fromPackage = (name, file) => import(pathToFileURL(join(repo, 'packages', name, file)).href);
const { unified } = await fromPackage('core', 'node_modules/unified/index.js');
const { default: remarkParse } = await fromPackage('core', 'node_modules/remark-parse/index.js');
const { default: remarkFrontmatter } = await fromPackage('core', 'node_modules/remark-frontmatter/index.js');
const { remarkGfmWithoutAutolinkLiterals } = await fromPackage('core', 'dist/compile-helpers.js');
const { createHighlighter } = await fromPackage('mdx-transforms', 'node_modules/shiki/dist/bundle-full.mjs');
const { createOnigurumaEngine } = await fromPackage('mdx-transforms', 'node_modules/shiki/dist/engine-oniguruma.mjs');
const { tokenizeDualTheme } = await fromPackage('mdx-transforms', 'dist/dual-theme-tokens.js');
const { shareScanners } = await fromPackage('mdx-transforms', 'dist/highlight-scanners.js');

const out = join(repo, 'bench', 'out', `floor-${values.pages}`);
rmSync(out, { recursive: true, force: true });
mkdirSync(join(repo, 'bench', 'out'), { recursive: true });
const generated = spawnSync(process.execPath, [values.corpus, '--out', out, '--pages', values.pages], { encoding: 'utf8' });
if (generated.status !== 0) throw new Error(generated.stderr);

const texts = [];
(function walk(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/\.mdx?$/.test(entry.name)) texts.push(readFileSync(path, 'utf8'));
  }
})(out);
const blocks = texts.flatMap((text) => [...text.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```$/gm)].map((match) => ({ lang: match[1], code: match[2] })));

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfmWithoutAutolinkLiterals).freeze();
const langs = [...new Set(blocks.map((block) => block.lang))];
const themes = { light: 'github-light', dark: 'github-dark' };
// A new highlighter each round (made before the clock starts): its cache of repeated lines
// starts empty, as in a build's first pass over the site.
const highlighters = [];
for (let index = 0; index < 3; index += 1) {
  highlighters.push(await createHighlighter({ themes: Object.values(themes), langs, engine: createOnigurumaEngine(import(pathToFileURL(join(repo, 'packages/mdx-transforms/node_modules/shiki/dist/wasm.mjs')).href)).then((engine) => shareScanners(engine)) }));
}

function best(round) {
  let fastest = Infinity;
  for (let index = 0; index < 3; index += 1) {
    const start = process.cpuUsage();
    round(index);
    const used = process.cpuUsage(start);
    fastest = Math.min(fastest, (used.user + used.system) / 1000);
  }
  return fastest;
}

const parseMs = best(() => {
  for (const text of texts) parser.parse(text);
});
const highlightMs = best((index) => {
  for (const block of blocks) tokenizeDualTheme(highlighters[index], block.code, { lang: block.lang, themes });
});
const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
const cores = availableParallelism();
const total = parseMs + highlightMs;
console.log(`corpus: ${texts.length} pages, ${(bytes / 1e6).toFixed(1)} MB, ${blocks.length} code blocks (${langs.join(', ')})`);
console.log(`parse to mdast: ${(parseMs / 1000).toFixed(2)} s CPU (${(parseMs / texts.length).toFixed(1)} ms per page, ${(bytes / 1e6 / (parseMs / 1000)).toFixed(2)} MB/s)`);
console.log(`highlight code blocks: ${(highlightMs / 1000).toFixed(2)} s CPU`);
console.log(`together: ${(total / 1000).toFixed(2)} s CPU; on ${cores} cores at least ${(total / 1000 / cores).toFixed(2)} s of wall time, before any transform, render, write or search index`);
