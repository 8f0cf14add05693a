#!/usr/bin/env node
// Search figures (not a test: prints numbers only) on the shared corpus: Pagefind index build
// time, index size (files, bytes), and the bytes a reader downloads for a first query, measured
// in real Chromium: the page loads `pagefind.js`, searches, and loads the top 5 results, as the
// search dialog does before "Show more results", from `docsgen preview`'s server (Brotli/gzip on text, as static hosts);
// what the browser received is added up, headers included.
//
//   node bench/search.mjs [--pages 1000,10000] [--query webhook] [--source rendered|markdown]
//
// `--source rendered` (the default up to 2,000 pages) runs `docsgen build` and indexes the pages
// it rendered, as the build does. `--source markdown` (the default above) indexes each page from
// a plain HTML made from its Markdown (headings with ids, paragraphs), to keep 10,000 pages fast;
// the text, headings and so the index are close to the rendered pages'.
import { buildSearchIndex, buildSite, closeSearchIndexer, createSite } from '@docsgen/core';
import { createPreviewServer } from '@docsgen/dev-server';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000,10000' },
    query: { type: 'string', default: 'webhook,typedHeaders' },
    source: { type: 'string' },
    corpus: { type: 'string', default: resolve(repo, '../shared/bench/gen-corpus.mjs') },
  },
});
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const work = mkdtempSync(join(tmpdir(), 'docsgen-bench-search-'));

try {
  for (const pages of values.pages.split(',').map(Number)) {
    const source = values.source ?? (pages <= 2000 ? 'rendered' : 'markdown');
    const root = join(work, `n${pages}`);
    spawnSync(process.execPath, [values.corpus, '--out', root, '--pages', String(pages)], { stdio: 'ignore' });
    let document;
    let site;
    if (source === 'rendered') {
      const outDir = join(work, `n${pages}-dist`);
      const built = await buildSite(root, { outDir, cache: false });
      if (!built.ok) throw new Error(built.messages.map((message) => message.reason).join('\n'));
      site = await createSite(root, { mode: 'build' });
      document = (slug) => readFileSync(join(outDir, slug === site.homeSlug ? 'index.html' : `${slug}.html`), 'utf8');
    } else {
      site = await createSite(root, { mode: 'build' });
      document = (slug) => markdownDocument(readFileSync(site.pages.get(slug).file, 'utf8'));
    }
    const started = performance.now();
    const index = await buildSearchIndex(site, document);
    const ms = performance.now() - started;
    await closeSearchIndexer();
    if (index.messages.some((message) => message.fatal)) throw new Error(index.messages.map((message) => message.reason).join('\n'));
    const folder = join(work, `n${pages}-search`);
    for (const file of index.files) {
      const path = join(folder, '_docsgen', 'search', file.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.content);
    }
    const total = index.files.reduce((sum, file) => sum + file.content.length, 0);
    console.log(`${pages} pages (${source}): ${index.slugs.length} indexed in ${(ms / 1000).toFixed(1)} s (${(ms / index.slugs.length).toFixed(2)} ms/page)`);
    console.log(`  index: ${index.files.length} files, ${kb(total)}`);
    for (const query of values.query.split(',')) {
      const first = await firstQuery(folder, query);
      console.log(`  first query "${query}": ${first.results} results, ${first.requests} requests, ${kb(first.bytes)} transferred from \`docsgen preview\` (target < 300 KB; ${kb(first.uncompressed)} without HTTP compression)`);
      for (const [name, bytes] of first.byKind) console.log(`    ${name.padEnd(10)} ${kb(bytes)}`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** A plain document from a page's Markdown: `#` lines become headings with ids, the rest paragraphs. */
function markdownDocument(markdown) {
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  const title = /^title:\s*"?(.*?)"?$/m.exec(markdown)?.[1] ?? '';
  const blocks = body.split(/\n{2,}/).map((block) => {
    const heading = /^(#{1,6})\s+(.*)$/.exec(block.trim());
    if (!heading) return `<p>${escape(block)}</p>`;
    const id = heading[2].toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    return `<h${heading[1].length} id="${id}">${escape(heading[2])}</h${heading[1].length}>`;
  });
  return `<html lang="en"><body><article><h1>${escape(title)}</h1>${blocks.join('\n')}</article></body></html>`;
}

/**
 * Serves `folder` with `docsgen preview`'s server (which compresses text as static hosts do),
 * runs one search and loads its top 5 results in Chromium, and adds up what the browser
 * received: each response's body as sent (compressed where it was) and its headers.
 */
async function firstQuery(folder, query) {
  writeFileSync(join(folder, 'index.html'), '<!doctype html><title>bench</title>');
  const preview = createPreviewServer({ folder });
  await new Promise((resolvePromise) => preview.server.listen(0, '127.0.0.1', resolvePromise));
  const base = `http://127.0.0.1:${preview.server.address().port}`;
  const browser = await chromium.launch({ executablePath: process.env.DOCSGEN_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    const responses = [];
    page.on('requestfinished', (request) => responses.push(request));
    const results = await page.evaluate(
      async ({ url, query }) => {
        const pagefind = await import(url);
        // As the search dialog does (assets/search.js).
        await pagefind.options({ excerptLength: 24, noWorker: true });
        await pagefind.init();
        const search = await pagefind.search(query);
        await Promise.all(search.results.slice(0, 5).map((result) => result.data()));
        return search.results.length;
      },
      { url: `${base}/_docsgen/search/pagefind.js`, query },
    );
    const byKind = new Map();
    let bytes = 0;
    let uncompressed = 0;
    for (const request of responses) {
      const path = new URL(request.url()).pathname;
      const sizes = await request.sizes();
      const sent = sizes.responseBodySize + sizes.responseHeadersSize;
      bytes += sent;
      const response = await request.response();
      uncompressed += (await response.body()).length + sizes.responseHeadersSize;
      const kind = path.includes('/fragment/') ? 'fragments' : path.includes('/index/') ? 'index' : path.includes('/filter/') ? 'filters' : path.endsWith('.pf_meta') ? 'meta' : path.includes('wasm') ? 'wasm' : 'js+entry';
      byKind.set(kind, (byKind.get(kind) ?? 0) + sent);
    }
    return { bytes, uncompressed, requests: responses.length, results, byKind: [...byKind].sort((a, b) => b[1] - a[1]) };
  } finally {
    await browser.close();
    await preview.close();
  }
}
