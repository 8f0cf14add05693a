#!/usr/bin/env node
// Cost of `rehypeHighlightCode` per code block, cold and warm (not a test: prints numbers).
//
//   node ../../node_modules/typescript/bin/tsc -b packages/mdx-transforms   (builds dist/)
//   node packages/mdx-transforms/bench/highlight.mjs [--pages 200] [--corpus ../shared/bench/gen-corpus.mjs]
//
// Pages come from the shared corpus generator (2-5 fences of bash/ts/json/python/yaml, 10-40
// lines, per page). Markdown is parsed and turned into hast before timing; only the plugin is
// timed. "cold" = empty cache (the highlighter's creation and the first use of each grammar
// are reported apart); "warm" = the same pages again, every block a cache hit.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '200' },
    corpus: { type: 'string', default: resolve(repo, '../shared/bench/gen-corpus.mjs') },
  },
});
const dist = new URL('../dist/', import.meta.url);
if (!existsSync(fileURLToPath(new URL('index.js', dist)))) {
  console.error('bench: build first: node node_modules/typescript/bin/tsc -b packages/mdx-transforms');
  process.exit(2);
}
if (!existsSync(values.corpus)) {
  console.error(`bench: corpus generator not found at ${values.corpus}; pass --corpus PATH`);
  process.exit(2);
}

const { rehypeHighlightCode, getHighlighter } = await import(new URL('index.js', dist).href);
const { clearHighlightCache } = await import(new URL('highlight-cache.js', dist).href);

const out = mkdtempSync(join(tmpdir(), 'docsgen-highlight-bench-'));
const generated = spawnSync(process.execPath, [values.corpus, '--out', out, '--pages', values.pages], {
  encoding: 'utf8',
});
if (generated.status !== 0) {
  console.error(generated.stderr);
  process.exit(1);
}

const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.md')) files.push(path);
  }
})(out);

const toHast = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);
const pages = await Promise.all(
  files.map(async (path) => {
    const value = readFileSync(path, 'utf8');
    const tree = await toHast.run(toHast.parse(value));
    return { value, tree };
  }),
);
rmSync(out, { recursive: true, force: true });

const blocksOf = (tree) => JSON.stringify(tree).split('"tagName":"pre"').length - 1;
const blocks = pages.reduce((sum, page) => sum + blocksOf(page.tree), 0);
const transform = rehypeHighlightCode();

async function pass() {
  const trees = pages.map((page) => structuredClone(page.tree));
  const start = performance.now();
  for (let index = 0; index < pages.length; index++) {
    await transform(trees[index], new VFile({ value: pages[index].value }));
  }
  return performance.now() - start;
}

let start = performance.now();
const highlighter = await getHighlighter();
const creation = performance.now() - start;

// First use of each grammar and theme pair compiles regular expressions: time it on one page
// per language, then clear the cache so the cold pass starts empty.
start = performance.now();
await transform(structuredClone(pages[0].tree), new VFile());
for (const lang of ['bash', 'ts', 'json', 'python', 'yaml']) {
  const probe = await toHast.run(toHast.parse('```' + lang + '\nx\n```\n'));
  await transform(probe, new VFile());
}
const grammars = performance.now() - start;
clearHighlightCache();

const cold = await pass();
const warm = await pass();
const warmAgain = await pass();
// Cold again with every grammar's regular expressions compiled: the steady cost of a miss in
// a long-running dev server.
clearHighlightCache();
const coldCompiled = await pass();

// The lookup alone: hash of (language, themes, line options, code) and the LRU read.
const requests = [];
for (const page of pages) {
  (function collect(node) {
    if (node.type === 'element' && node.tagName === 'pre') {
      const code = node.children[0];
      const className = code?.properties?.className?.[0] ?? 'language-text';
      const text = code.children.map((child) => child.value ?? '').join('').replace(/\n$/, '');
      requests.push({ code: text, language: className.slice(9), themes: { light: 'github-light', dark: 'github-dark' }, highlight: [], focus: [], lines: false, wrap: false });
    }
    for (const child of node.children ?? []) collect(child);
  })(page.tree);
}
const { keyOfHighlight } = await import(new URL('highlight-block.js', dist).href);
const { readHighlightCache } = await import(new URL('highlight-cache.js', dist).href);
let hits = 0;
start = performance.now();
for (let round = 0; round < 10; round++) {
  for (const request of requests) if (readHighlightCache(keyOfHighlight(request))) hits++;
}
const lookup = (performance.now() - start) / 10;

const perBlock = (ms) => `${((ms / blocks) * 1000).toFixed(1)} µs/block`;
const perPage = (ms) => `${(ms / pages.length).toFixed(3)} ms/page`;
console.log(`pages ${pages.length}, code blocks ${blocks}, languages loaded ${highlighter.getLoadedLanguages().length}`);
console.log(`highlighter creation (once per process): ${creation.toFixed(1)} ms`);
console.log(`first use of 5 grammars + 2 themes:      ${grammars.toFixed(1)} ms`);
console.log(`cold, first pass (empty cache, grammars compiling): ${perBlock(cold)}  ${perPage(cold)}`);
console.log(`cold, grammars compiled (empty cache):             ${perBlock(coldCompiled)}  ${perPage(coldCompiled)}`);
console.log(`warm (every block a cache hit, page walk included): ${perBlock(Math.min(warm, warmAgain))}  ${perPage(Math.min(warm, warmAgain))}`);
console.log(`cache lookup alone (hash + LRU read):               ${perBlock(lookup)}  (${hits / 10}/${requests.length} hits)`);
