#!/usr/bin/env node
// Prints the JavaScript a plain content page loads, each script's size and gzip size, and the
// total against the 30 KB (gzip) budget. The page is rendered by the site model from a small
// project (a title, prose, a heading and a code block: no math, diagrams or widgets).
//
//   node bench/client-size.mjs
import { createSite } from '@docsgen/core';
import { documentAssetFiles } from '@docsgen/renderer';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const budget = 30 * 1024;
const root = mkdtempSync(join(tmpdir(), 'docsgen-client-size-'));
try {
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Size', navigation: { groups: [{ group: 'Start', pages: ['index', 'next'] }] } }));
  writeFileSync(join(root, 'index.mdx'), '---\ntitle: Plain page\n---\n\nSome prose.\n\n## A heading\n\n```js\nconsole.log(1);\n```\n');
  writeFileSync(join(root, 'next.mdx'), '---\ntitle: Next\n---\n\nMore.\n');
  const site = await createSite(root);
  const page = await site.document('index');
  if (!page) throw new Error('the page did not render');

  const scripts = [];
  for (const match of page.html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(match[1] ?? '')?.[1];
    if (src) {
      const name = src.replace(/^\/_docsgen\//, '');
      const file = documentAssetFiles[name];
      if (!file) throw new Error(`unknown script ${src}`);
      scripts.push({ name: src, text: readFileSync(file, 'utf8') });
    } else {
      scripts.push({ name: 'inline <script>', text: match[2] ?? '' });
    }
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  let total = 0;
  let totalGzip = 0;
  for (const script of scripts) {
    const size = Buffer.byteLength(script.text);
    const gzip = gzipSync(script.text, { level: 9 }).length;
    total += size;
    totalGzip += gzip;
    console.log(`${script.name.padEnd(28)} ${kb(size).padStart(9)} ${kb(gzip).padStart(9)} gzip`);
  }
  console.log(`${'total'.padEnd(28)} ${kb(total).padStart(9)} ${kb(totalGzip).padStart(9)} gzip (budget ${kb(budget)}: ${totalGzip <= budget ? 'within' : 'OVER'})`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
