#!/usr/bin/env node
// Page models for GitHub's full REST description (@octokit/openapi: 13 MB of JSON, 1,000+
// operations). Prints, for one fresh process:
//   load      loadSpec without schema validation (read, JSON.parse, every $ref checked, cycles)
//   validate  the OpenAPI 3.0 schema validation that `docsgen check` adds
//   pages     buildOpenApiPages: every operation's page model (schemas normalised, examples,
//             code samples, sanitised Markdown)
//   peak      the process's peak resident memory (maxRSS) and the heap after the models are built
//   markdown  renderSpecMarkdown over the descriptions of the page with the most of them (what
//             rendering that page adds, cold), then over every distinct description of the spec
// Targets (issue 6): all models in under 5 s and 500 MB.
//
// The spec is not a dependency of docsgen; fetch it once with:
//   cd packages/openapi-pages/bench/out && npm pack @octokit/openapi && tar xzf octokit-openapi-*.tgz
// then:
//   npx tsc -b packages/openapi-pages && node packages/openapi-pages/bench/github.mjs [--spec api.github.com.json]
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { spec: { type: 'string', default: 'api.github.com.json' } } });
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, 'out', 'package', 'generated');
if (!existsSync(join(root, values.spec))) {
  console.log(`Missing ${join(root, values.spec)}. Fetch GitHub's description first:`);
  console.log('  cd packages/openapi-pages/bench/out && npm pack @octokit/openapi && tar xzf octokit-openapi-*.tgz');
  process.exit(1);
}

const { buildOpenApiPages, loadSpec, renderSpecMarkdown } = await import('../dist/index.js');
const ms = (start) => `${(performance.now() - start).toFixed(0)} ms`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

let start = performance.now();
const spec = await loadSpec(root, values.spec, { validate: false });
const loadTime = ms(start);
const fatal = spec.messages.filter((message) => message.fatal).length;

start = performance.now();
const built = buildOpenApiPages(spec);
const pagesTime = ms(start);
const heap = process.memoryUsage().heapUsed;
const peak = process.resourceUsage().maxRSS * 1024;

// Descriptions stay Markdown in the models; a page renders its own when it is rendered.
const descriptionsOf = (value, found = new Set(), seen = new Set()) => {
  if (typeof value !== 'object' || value === null || seen.has(value)) return found;
  seen.add(value);
  for (const [key, child] of Object.entries(value)) {
    if (key === 'description' && typeof child === 'string' && child !== '') found.add(child);
    else descriptionsOf(child, found, seen);
  }
  return found;
};
const perPage = built.pages.map((page) => descriptionsOf(page));
const largest = perPage.reduce((a, b) => (b.size > a.size ? b : a));
start = performance.now();
for (const text of largest) renderSpecMarkdown(text);
const pageMarkdown = ms(start);
const all = new Set(perPage.flatMap((set) => [...set]));
start = performance.now();
for (const text of all) renderSpecMarkdown(text);
const allMarkdown = ms(start);

start = performance.now();
const validated = await loadSpec(root, values.spec, { validate: true });
const validateTime = `${(performance.now() - start).toFixed(0)} ms (load included)`;

console.log(`spec      ${values.spec} (${spec.documents.size} file, ${spec.kind} ${spec.version})`);
console.log(`load      ${loadTime}  (${spec.messages.length} messages, ${fatal} errors, ${spec.cycles.length} ref cycles)`);
console.log(`pages     ${pagesTime}  (${built.pages.length} pages in ${built.groups.length} groups, ${built.messages.length} messages)`);
console.log(`peak      ${mb(peak)} RSS, ${mb(heap)} heap after the models`);
console.log(`markdown  ${pageMarkdown} for the ${largest.size} descriptions of the largest page; then ${allMarkdown} for all ${all.size} distinct ones`);
console.log(`validate  ${validateTime}  (${validated.messages.length - spec.messages.length} schema messages)`);
