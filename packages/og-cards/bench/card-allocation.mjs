#!/usr/bin/env node
// JavaScript heap allocated per social card (not a test: prints numbers only). Inside a build,
// each card's short-lived objects fill the young generation sooner, and a scavenge there costs
// far more than in a process drawing cards alone (the pages in flight survive it), so this is
// what decides what a card costs on top of its own drawing. V8's sampling heap profiler, with
// objects collected since counted, gives the bytes allocated by each function; printed per card,
// heaviest first, by function and by package.
//
//   npx tsc -b packages/og-cards
//   node packages/og-cards/bench/card-allocation.mjs --plans FILE [--cards 200] [--dist DIR] [--top 20]
//
// `--plans FILE` is the file `project-cards.mjs --plans` writes (the card inputs of a real
// project). `--dist` samples another build of this package, for before/after figures.
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    plans: { type: 'string' },
    cards: { type: 'string', default: '200' },
    dist: { type: 'string', default: new URL('../dist', import.meta.url).pathname },
    top: { type: 'string', default: '20' },
  },
});
if (!values.plans) {
  console.error('usage: node packages/og-cards/bench/card-allocation.mjs --plans FILE [--cards 200] [--dist DIR] [--top 20]');
  process.exit(2);
}

let plans = JSON.parse(readFileSync(values.plans, 'utf8'));
const count = Math.min(Number(values.cards), plans.length);
// Spread over the pages, so every language and tab is in the sample.
const step = plans.length / count;
plans = Array.from({ length: count }, (_, index) => plans[Math.floor(index * step)]);

const { renderCard } = await import(pathToFileURL(resolve(values.dist, 'index.js')).href);
// The first card loads satori, sharp, HarfBuzz and the fonts: not counted.
await renderCard(plans[0].input);

const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
for (const plan of plans) await renderCard(plan.input);
const { profile } = await session.post('HeapProfiler.stopSampling');
session.disconnect();

const byFunction = new Map();
const byPackage = new Map();
let total = 0;
const packageOf = (url) => {
  const modules = [...url.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1);
  if (modules) return modules[1];
  const own = /packages\/([^/]+)\//.exec(url);
  if (own) return `@docsgen/${own[1]}`;
  return url;
};
// Built-ins (\`Array.prototype.push\`, iterators, \`String.prototype.replace\`) count for the
// package of the code that called them.
const visit = (node, caller) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const owner = url ? packageOf(url) : caller;
  if (node.selfSize > 0) {
    total += node.selfSize;
    const name = `${functionName || '(anonymous)'} ${url ? `${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + node.selfSize);
  }
  for (const child of node.children) visit(child, owner);
};
visit(profile.head, '(runtime)');

const kb = (bytes) => `${(bytes / count / 1024).toFixed(1).padStart(8)} KB/card`;
console.log(`${count} cards of ${values.plans}, drawn with ${values.dist}`);
console.log(`JavaScript heap allocated: ${kb(total)} (sampled every 16 KB)`);
console.log('by package:');
for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`${kb(bytes)}  ${name}`);
console.log('by function:');
for (const [name, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`${kb(bytes)}  ${name}`);
