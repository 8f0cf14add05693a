#!/usr/bin/env node
// API reference pages of GitHub's full REST description (13 MB, 1,000+ operations) through the
// whole site model, as `docsgen dev` and `docsgen build` use it (not a test: prints numbers):
//
//   site      createSite on a project whose docs.json names the spec: load, every page model,
//             the navigation groups (what a dev server does before its first page)
//   peak      the process's peak resident memory after the site is made
//   first     the first operation page rendered as a whole document (highlighter start-up included)
//   page      one operation page as a whole document, cold (not rendered before), median and
//             worst of --pages operations, the largest ones by spec size first
//   twin      the same pages' Markdown twins
// Targets (issue 6): all pages generated in under 5 s and 500 MB; one operation page under 50 ms.
//
// The spec is not a dependency of docsgen; fetch it once with:
//   cd packages/openapi-pages/bench/out && npm pack @octokit/openapi && tar xzf octokit-openapi-*.tgz
// then:
//   npx tsc -b packages/core && node bench/api.mjs [--pages 40]
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '40' } } });
const here = fileURLToPath(new URL('.', import.meta.url));
const spec = resolve(here, '../packages/openapi-pages/bench/out/package/generated/api.github.com.json');
if (!existsSync(spec)) {
  console.log(`Missing ${spec}. Fetch GitHub's description first:`);
  console.log('  cd packages/openapi-pages/bench/out && npm pack @octokit/openapi && tar xzf octokit-openapi-*.tgz');
  process.exit(1);
}
const root = join(here, 'out', 'api-github');
rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });
// A copy, not a link: specs are read only inside the project, real path included.
copyFileSync(spec, join(root, 'openapi.json'));
writeFileSync(join(root, 'index.mdx'), '# GitHub REST API\n');
writeFileSync(
  join(root, 'docs.json'),
  JSON.stringify({ name: 'GitHub', theme: 'base', colors: { primary: '#0969da' }, navigation: { tabs: [{ tab: 'Guides', pages: ['index'] }] }, api: { openapi: 'openapi.json', auth: { method: 'bearer' } } }),
);

const { createSite } = await import('../packages/core/dist/index.js');
const ms = (value) => `${value.toFixed(0)} ms`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

let start = performance.now();
const site = await createSite(root, { mode: 'build' });
const siteTime = performance.now() - start;
const apiPages = [...site.pages.values()].filter((page) => page.api);
const peak = process.resourceUsage().maxRSS * 1024;
console.log(`site      ${ms(siteTime)} for ${apiPages.length} API pages (target: under 5 s)`);
console.log(`peak      ${mb(peak)} resident (target: under 500 MB), heap ${mb(process.memoryUsage().heapUsed)}`);

// The biggest operations first: they are the slowest to draw.
const sized = apiPages.map((page) => ({ slug: page.slug, size: JSON.stringify(page.api.model).length })).sort((a, b) => b.size - a.size);
const count = Math.min(Number(values.pages), sized.length);
start = performance.now();
await site.document(sized[count]?.slug ?? sized[0].slug);
console.log(`first     ${ms(performance.now() - start)} (highlighter start-up included)`);
const times = [];
const twins = [];
for (const { slug } of sized.slice(0, count)) {
  start = performance.now();
  const document = await site.document(slug);
  times.push(performance.now() - start);
  if (!document || document.messages.some((message) => message.fatal)) console.log(`  ${slug}: ${JSON.stringify(document?.messages)}`);
  start = performance.now();
  await site.markdown(slug);
  twins.push(performance.now() - start);
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`page      median ${ms(median(times))}, worst ${ms(Math.max(...times))} over the ${count} largest operations (target: under 50 ms)`);
console.log(`twin      median ${ms(median(twins))}, worst ${ms(Math.max(...twins))}`);
console.log(`peak      ${mb(process.resourceUsage().maxRSS * 1024)} resident after rendering`);
