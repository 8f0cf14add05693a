#!/usr/bin/env node
// Social cards of a real project, drawn in one process: what `docsgen build --site-url` draws,
// without the rest of the build. Prints, per card: CPU time (all threads of this process) and
// wall time, for all cards and split into cards drawn the fast way and cards with characters the
// font lacks (CJK, emoji, …: drawn as boxes, through librsvg), then a sha256 of every card's
// bytes in page order, so two builds of this package can be compared (`--dist`).
//
//   npx tsc -b packages/og-cards packages/core
//   node packages/og-cards/bench/project-cards.mjs --project DIR [--cards N] [--dist DIR] [--plans FILE]
//
// `--project` is a folder with a docs.json (for example the platform's own docs, the public
// repository `mintlify/docs`, extracted outside this repository). The cards are planned by
// @docsgen/core exactly as a build plans them (site URL https://docs.example.com). `--dist`
// draws with another build of this package (say an unchanged copy of main) for before/after
// figures; `--plans FILE` keeps the plans in FILE (outside the repository) so a second run skips
// loading the project. `--cards N` draws N cards spread over the pages.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    project: { type: 'string' },
    cards: { type: 'string' },
    dist: { type: 'string', default: new URL('../dist', import.meta.url).pathname },
    plans: { type: 'string' },
  },
});
if (!values.project && !(values.plans && existsSync(values.plans))) {
  console.error('usage: node packages/og-cards/bench/project-cards.mjs --project DIR [--cards N] [--dist DIR] [--plans FILE]');
  process.exit(2);
}

async function planProject(root) {
  const { createSite } = await import(new URL('../../core/dist/index.js', import.meta.url).href);
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

const started = performance.now();
const startedCpu = process.cpuUsage();
const { renderCard } = await import(pathToFileURL(resolve(values.dist, 'index.js')).href);
// The first card: satori, sharp and HarfBuzz loaded, fonts read, the first background drawn.
await renderCard(plans[0].input);
const coldMs = performance.now() - started;
const coldCpu = process.cpuUsage(startedCpu);

const groups = { all: { count: 0, ms: 0, cpu: 0 }, fast: { count: 0, ms: 0, cpu: 0 }, boxes: { count: 0, ms: 0, cpu: 0 } };
const hash = createHash('sha256');
for (const plan of plans) {
  let boxes = false;
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const png = await renderCard(plan.input, { onMessage: (message) => (boxes ||= message.ruleId === 'card-glyph-missing') });
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - wall;
  hash.update(png);
  for (const group of [groups.all, boxes ? groups.boxes : groups.fast]) {
    group.count += 1;
    group.ms += ms;
    group.cpu += (used.user + used.system) / 1000;
  }
}

console.log(`${plans.length} cards of ${values.project ?? values.plans}, drawn one at a time with ${values.dist}`);
console.log(`${'cold (first card)'.padEnd(30)} ${coldMs.toFixed(1).padStart(8)} ms        cpu ${((coldCpu.user + coldCpu.system) / 1000).toFixed(1).padStart(6)} ms`);
for (const [label, group] of [
  ['all cards', groups.all],
  ['cards without boxes', groups.fast],
  ['cards with boxes (CJK, emoji)', groups.boxes],
]) {
  if (group.count === 0) continue;
  console.log(`${label.padEnd(30)} ${(group.ms / group.count).toFixed(2).padStart(8)} ms/card   cpu ${(group.cpu / group.count).toFixed(2).padStart(6)} ms/card   (${group.count} cards)`);
}
console.log(`sha256 of every card, in page order: ${hash.digest('hex')}`);
