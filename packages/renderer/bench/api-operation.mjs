#!/usr/bin/env node
// Renders operation pages of GitHub's REST description (@octokit/openapi) with
// renderApiOperation and prints, for the 20 operations with the largest schemas (counted in
// schema nodes drawn): the first render (cold: Markdown of its descriptions not cached yet),
// then the median of 5 more renders, the HTML size, and the same in markdown mode.
// Target (issue 6): one operation page rendered in under 50 ms.
//
// The spec is not a dependency of docsgen. It is read from `node_modules/@octokit/openapi`
// when installed, else from where packages/openapi-pages/bench/github.mjs fetches it:
//   cd packages/openapi-pages/bench/out && npm pack @octokit/openapi && tar xzf octokit-openapi-*.tgz
// then:
//   npx tsc -b packages/renderer && node packages/renderer/bench/api-operation.mjs [--count 20] [--spec api.github.com.json]
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { spec: { type: 'string', default: 'api.github.com.json' }, count: { type: 'string', default: '20' } } });
const here = dirname(fileURLToPath(import.meta.url));
const candidates = [join(here, '..', '..', 'openapi-pages', 'bench', 'out', 'package', 'generated')];
try {
  const require = createRequire(join(here, '..', '..', '..', 'package.json'));
  candidates.unshift(join(dirname(require.resolve('@octokit/openapi/package.json')), 'generated'));
} catch {
  // Not installed: the copy fetched for the openapi-pages bench, if any.
}
const root = candidates.find((folder) => existsSync(join(folder, values.spec)));
if (!root) {
  console.log(`Missing ${values.spec} in ${candidates.join(' or ')}. Fetch GitHub's description first:`);
  console.log('  cd packages/openapi-pages/bench/out && npm pack @octokit/openapi && tar xzf octokit-openapi-*.tgz');
  process.exit(1);
}

const { buildOpenApiPages, loadSpec } = await import('@docsgen/openapi-pages');
const { renderApiOperation } = await import('../dist/index.js');

const spec = await loadSpec(root, values.spec, { validate: false });
const built = buildOpenApiPages(spec);

// Schema nodes the view draws (shared components count each time they appear).
const size = (schema) => {
  if (!schema || schema.recursive || schema.isTruncated) return schema ? 1 : 0;
  let count = 1;
  for (const property of schema.properties ?? []) count += size(property.schema);
  if (schema.items) count += size(schema.items);
  if (typeof schema.additionalProperties === 'object') count += size(schema.additionalProperties);
  for (const option of schema.variants?.options ?? []) count += size(option.schema);
  return count;
};
const weight = (page) =>
  Object.values(page.parameters).flat().reduce((sum, parameter) => sum + size(parameter.schema), 0) +
  (page.requestBody?.content ?? []).reduce((sum, media) => sum + size(media.schema), 0) +
  page.responses.flatMap((response) => response.content).reduce((sum, media) => sum + size(media.schema), 0);

const playground = { mode: 'interactive', proxy: false, proxyUrl: '/_docsgen/proxy', auth: { method: 'bearer', name: undefined } };
const largest = built.pages
  .map((page) => ({ page, weight: weight(page) }))
  .sort((a, b) => b.weight - a.weight)
  .slice(0, Number(values.count));

const time = (run) => {
  const start = performance.now();
  const result = run();
  return { ms: performance.now() - start, result };
};
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

// The process's first render also pays for compiling the renderer: measured apart, on a small page.
const smallest = built.pages.reduce((a, b) => (weight(b) < weight(a) ? b : a));
const first = time(() => renderApiOperation({ page: smallest, playground }));
console.log(`spec ${values.spec}: ${built.pages.length} pages; first render in the process (${smallest.method} ${smallest.path}): ${first.ms.toFixed(1)} ms`);
console.log(`the ${largest.length} with the largest schemas; cold: first render of the page (its descriptions' Markdown and`);
console.log('its schemas not drawn before, unless an earlier page shared them); warm: median of 5 more:');
console.log('nodes  cold ms  warm ms  html KB  md ms   md KB  operation');
const warmAll = [];
for (const { page, weight: nodes } of largest) {
  const cold = time(() => renderApiOperation({ page, playground }));
  const warm = median(Array.from({ length: 5 }, () => time(() => renderApiOperation({ page, playground })).ms));
  const markdown = time(() => renderApiOperation({ page, playground, mode: 'markdown' }));
  warmAll.push(warm);
  console.log(
    [
      String(nodes).padStart(5),
      cold.ms.toFixed(1).padStart(8),
      warm.toFixed(1).padStart(8),
      (cold.result.html.length / 1024).toFixed(0).padStart(8),
      markdown.ms.toFixed(1).padStart(6),
      (markdown.result.html.length / 1024).toFixed(0).padStart(7),
      ` ${page.method} ${page.path}`,
    ].join(' '),
  );
}
console.log(`warm median over these pages: ${median(warmAll).toFixed(1)} ms, slowest ${Math.max(...warmAll).toFixed(1)} ms`);
