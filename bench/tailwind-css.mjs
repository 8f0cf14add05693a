#!/usr/bin/env node
// Prints the size of the Tailwind stylesheet a project's pages give, and how long collecting
// their class names and generating it take (not a test; not run in CI).
//
//   node bench/tailwind-css.mjs <project folder>
import { createSite } from '@docsgen/core';
import { generateTailwindCss } from '../packages/core/dist/tailwind-css.js';

const root = process.argv[2];
if (!root) {
  console.error('usage: node bench/tailwind-css.mjs <project folder>');
  process.exit(2);
}
let started = performance.now();
const site = await createSite(root, { mode: 'build', compileCache: true });
const loaded = performance.now() - started;
started = performance.now();
const candidates = await site.classCandidates({ all: true });
const collected = performance.now() - started;
started = performance.now();
const { css, messages } = await generateTailwindCss(candidates);
const generated = performance.now() - started;
const pages = [...site.pages.values()].filter((page) => !page.api).length;
console.log(`${root}: ${pages} page files, ${candidates.length} class names`);
console.log(`load ${(loaded / 1000).toFixed(2)} s, collect (compile every page) ${(collected / 1000).toFixed(2)} s, generate ${generated.toFixed(0)} ms`);
console.log(`tailwind.css: ${Buffer.byteLength(css)} bytes (${(Buffer.byteLength(css) / 1024).toFixed(1)} KB), ${(css.match(/\{/g) ?? []).length} blocks${messages.length ? `, ${messages.length} messages` : ''}`);
