#!/usr/bin/env node
// Social card rendering speed. Prints ms per card:
//   cold  the first card of a fresh process (fonts read, layout engine started)
//   warm  the mean over N more cards with varied titles, one at a time, and with 2 and 4 in
//         flight (satori runs on the main thread while sharp encodes on libuv threads)
//   skip  the mean cost of `cardInputHash` for the same N cards, what a rebuild pays per
//         unchanged card instead of rendering it
// Wall time is shared with whatever else runs on the machine; CPU time (all threads of this
// process) is printed beside it, as it is less disturbed by other load.
//
//   npx tsc -b packages/og-cards && node packages/og-cards/bench/cards.mjs [--cards 200]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { cards: { type: 'string', default: '200' } } });
const count = Number(values.cards);

const started = performance.now();
const startedCpu = process.cpuUsage();
const { cardInputHash, renderCard, cardThemeNames } = await import('../dist/index.js');

const folder = mkdtempSync(join(tmpdir(), 'og-bench-'));
const logo = join(folder, 'logo.svg');
writeFileSync(
  logo,
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0ea5e9"/><path d="M18 33l9 9 19-21" stroke="#fff" stroke-width="7" fill="none"/></svg>',
);

const words = ['Configure', 'authentication', 'for', 'the', 'REST', 'API', 'webhooks', 'and', 'deploy', 'previews', 'with', 'custom', 'domains', 'quickstart', 'migrating', 'from', 'version', '2'];
function input(index) {
  const length = 2 + ((index * 7) % 14);
  const title = Array.from({ length }, (_, at) => words[(index + at * 5) % words.length]).join(' ');
  return {
    title: `${title} ${index}`,
    description: 'Set up keys, scopes and rotation for production traffic, then verify the first request end to end.',
    tab: index % 3 === 0 ? 'API reference' : 'Guides',
    siteName: 'Acme Docs',
    theme: cardThemeNames[index % cardThemeNames.length],
    appearance: index % 4 === 0 ? 'dark' : 'light',
    accent: '#2563eb',
    logo,
  };
}

await renderCard(input(0));
const coldMs = performance.now() - started;
const coldCpu = process.cpuUsage(startedCpu);

async function measure(label, inFlight, run) {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  let next = 1;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next <= count) await run(input(next++));
    }),
  );
  const used = process.cpuUsage(cpu);
  const ms = (performance.now() - wall) / count;
  const cpuMs = (used.user + used.system) / 1000 / count;
  console.log(`${label.padEnd(22)} ${ms.toFixed(2).padStart(7)} ms/card   cpu ${cpuMs.toFixed(2).padStart(6)} ms/card`);
}

console.log(`${count} cards, 1200x630 PNG, ${cardThemeNames.length} themes, SVG logo`);
console.log(`${'cold (first card)'.padEnd(22)} ${coldMs.toFixed(1).padStart(7)} ms        cpu ${((coldCpu.user + coldCpu.system) / 1000).toFixed(1).padStart(6)} ms`);
await measure('warm, 1 in flight', 1, renderCard);
await measure('warm, 2 in flight', 2, renderCard);
await measure('warm, 4 in flight', 4, renderCard);
await measure('skip (cardInputHash)', 1, cardInputHash);

rmSync(folder, { recursive: true, force: true });
