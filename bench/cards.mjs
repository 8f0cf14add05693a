#!/usr/bin/env node
// Social cards: CPU milliseconds and JavaScript heap allocated per card, for this checkout's
// @docsgen/og-cards and, with `--baseline`, another build of it (an unchanged copy of main), in
// one process, alternating, so load on a shared machine hits both alike. Every card's
// bytes are compared between the two: a faster path must draw the same PNG. Not a test: prints
// numbers only.
//
//   npm run build   (or: npx tsc -b packages/og-cards packages/core)
//   node bench/cards.mjs --project DIR [--plans FILE] [--cards N] [--chunk 20] [--baseline DIST]
//   node bench/cards.mjs --plans FILE [...]
//
// `--project` is a folder with a docs.json (for example the platform's own docs, the public
// repository `mintlify/docs`, extracted outside this repository); its cards are planned by
// @docsgen/core as a build plans them (site URL https://docs.example.com). `--plans FILE` keeps
// those plans (outside the repository) so later runs skip loading the project. `--baseline` is
// the `dist` folder of another build of the package, say
// /work/cache/before33/packages/og-cards/dist. `--cards N` draws N cards spread over the pages
// (default: all); `--chunk` is how many cards one build draws before the other takes its turn.
//
// Printed per build: CPU ms per card (user + system, all threads of the process: libvips draws
// on its own), wall ms per card, KB of JavaScript heap allocated per card (V8's sampling heap
// profiler), the CPU of the first card, and a sha256 of every card.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    project: { type: 'string' },
    plans: { type: 'string' },
    cards: { type: 'string' },
    chunk: { type: 'string', default: '20' },
    baseline: { type: 'string' },
  },
});
if (!values.project && !(values.plans && existsSync(values.plans))) {
  console.error('usage: node bench/cards.mjs --project DIR [--plans FILE] [--cards N] [--chunk 20] [--baseline DIST]');
  process.exit(2);
}

const repository = new URL('..', import.meta.url);

async function planProject(root) {
  const { createSite } = await import(new URL('packages/core/dist/index.js', repository).href);
  const site = await createSite(resolve(root), { mode: 'build', siteUrl: 'https://docs.example.com' });
  const plans = [];
  for (const slug of site.pages.keys()) {
    const plan = await site.cardPlan(slug);
    if (plan) plans.push({ slug, input: plan.input });
  }
  return plans;
}

let plans;
if (values.plans && existsSync(values.plans)) {
  plans = JSON.parse(readFileSync(values.plans, 'utf8'));
} else {
  plans = await planProject(values.project);
  if (values.plans) writeFileSync(values.plans, JSON.stringify(plans));
}
if (values.cards && Number(values.cards) < plans.length) {
  // Spread over the pages, so every language and tab is in the sample.
  const step = plans.length / Number(values.cards);
  plans = Array.from({ length: Number(values.cards) }, (_, index) => plans[Math.floor(index * step)]);
}

const builds = [{ name: 'this checkout', dist: new URL('packages/og-cards/dist', repository).pathname }];
if (values.baseline) builds.push({ name: 'baseline', dist: resolve(values.baseline) });
for (const build of builds) {
  const started = process.cpuUsage();
  build.renderCard = (await import(pathToFileURL(resolve(build.dist, 'index.js')).href)).renderCard;
  // The first card loads satori, sharp and HarfBuzz, reads the fonts and draws a background.
  await build.renderCard(plans[0].input);
  const used = process.cpuUsage(started);
  build.coldCpu = (used.user + used.system) / 1000;
  build.cpu = 0;
  build.wall = 0;
  build.allocated = 0;
  build.hashes = [];
}

// Each build draws every card once, as a build does (a card drawn again would find its words
// and glyphs cached), in chunks that alternate between the builds, so load on a shared machine
// hits both alike. The heap is sampled throughout (every 16 KB, collected objects counted);
// each sample counts for the build whose files are on its stack.
const chunk = Math.max(1, Number(values.chunk));
const roots = builds.map((build) => resolve(build.dist, '../../..'));
const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 16_384,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
for (let from = 0, turn = 0; from < plans.length; from += chunk, turn++) {
  const order = turn % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    for (const plan of plans.slice(from, from + chunk)) {
      const png = await build.renderCard(plan.input);
      build.hashes.push(createHash('sha256').update(png).digest('hex'));
    }
    const used = process.cpuUsage(cpu);
    build.cpu += (used.user + used.system) / 1000;
    build.wall += performance.now() - wall;
  }
}
const { profile } = await session.post('HeapProfiler.stopSampling');
session.disconnect();
let unowned = 0;
const visit = (node, owner) => {
  const url = node.callFrame.url.replace(/^file:\/\//, '');
  const own = roots.findIndex((root) => url.startsWith(`${root}/`));
  const now = own >= 0 ? own : owner;
  if (now >= 0) builds[now].allocated += node.selfSize;
  else unowned += node.selfSize;
  for (const child of node.children) visit(child, now);
};
visit(profile.head, -1);

let differing = 0;
if (builds.length > 1) {
  const [current, baseline] = builds;
  differing = current.hashes.filter((hash, index) => hash !== baseline.hashes[index]).length;
}

console.log(`${plans.length} cards of ${values.project ?? values.plans}, one at a time, in chunks of ${chunk} alternating between builds`);
for (const build of builds) {
  console.log(
    `${build.name.padEnd(14)} cpu ${(build.cpu / plans.length).toFixed(2).padStart(6)} ms/card   wall ${(build.wall / plans.length).toFixed(2).padStart(6)} ms/card` +
      `   heap ${(build.allocated / plans.length / 1024).toFixed(0).padStart(5)} KB/card   cold ${build.coldCpu.toFixed(0)} ms cpu   ${build.dist}`,
  );
}
console.log(`heap allocated outside either build: ${(unowned / plans.length / 1024).toFixed(0)} KB/card`);
for (const build of builds) {
  console.log(`${build.name.padEnd(14)} sha256 of every card, in page order: ${createHash('sha256').update(build.hashes.join('\n')).digest('hex')}`);
}
if (builds.length > 1) console.log(differing === 0 ? 'every card byte-identical to the baseline' : `${differing} cards differ from the baseline`);
process.exitCode = differing === 0 ? 0 : 1;
