#!/usr/bin/env node
// Social card rendering speed. Prints milliseconds per card:
//   cold     the first card of a fresh process: satori and sharp loaded, fonts read, the first
//            background drawn
//   warm     the mean over N more cards with varied titles (a site: one theme, three tabs, one
//            logo), rendered one at a time, then with 2 in flight (satori runs on the main
//            thread while sharp rasterises and encodes on libuv threads), then across worker
//            threads as a build does (--workers, default 2, each with 2 in flight)
//   skip     `cardInputHash` for the same N cards: what a rebuild pays per unchanged card
//   baseline the same cards drawn the plain way, for comparison: one satori SVG of the whole
//            card with every font face, rasterised and encoded by sharp with its defaults
// Wall time is shared with whatever else runs on the machine; CPU time (all threads of this
// process) is printed beside it and is less disturbed by other load. Themes take turns, N/5
// cards each, so every run draws the five designs.
//
//   npx tsc -b packages/og-cards && node packages/og-cards/bench/cards.mjs [--cards 200] [--workers 2]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const words = ['Configure', 'authentication', 'for', 'the', 'REST', 'API', 'webhooks', 'and', 'deploy', 'previews', 'with', 'custom', 'domains', 'quickstart', 'migrating', 'from', 'version', '2'];
const themes = ['base', 'pith', 'pip', 'readable', 'theme-e', 'maple', 'linden', 'aspen', 'luma'];
const tabs = ['Guides', 'API reference', 'Changelog'];

function input(index, count, logo) {
  const length = 2 + ((index * 7) % 14);
  const title = Array.from({ length }, (_, at) => words[(index + at * 5) % words.length]).join(' ');
  return {
    title: `${title} ${index}`,
    description: 'Set up keys, scopes and rotation for production traffic, then verify the first request end to end.',
    tab: tabs[index % tabs.length],
    siteName: 'Acme Docs',
    theme: themes[Math.min(themes.length - 1, Math.floor((index * themes.length) / count))],
    accent: '#2563eb',
    logo,
  };
}

async function runAll(run, indexes, count, logo, inFlight) {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < indexes.length) await run(input(indexes[next++], count, logo));
    }),
  );
}

// The plain way: the same layout as a single tree, one satori call, sharp defaults.
async function createBaseline() {
  const { default: satori } = await import('satori');
  const { default: sharp } = await import('sharp');
  const { resolveCardOptions } = await import('../dist/card-options.js');
  const { loadLogoImage } = await import('../dist/card-logo.js');
  const { createPalette } = await import('../dist/colours.js');
  const { loadCardFonts } = await import('../dist/fonts.js');
  const { layoutCard } = await import('../dist/layouts.js');
  const fonts = loadCardFonts().fontsFor('ă Ѐ Ѡ Ω ἀ ế');
  return async (card) => {
    const resolved = resolveCardOptions(card);
    const { image } = await loadLogoImage(resolved.logo);
    const palette = createPalette(resolved.background, resolved.accent, resolved.appearance === 'dark');
    const { background, text, region } = layoutCard(resolved.layout, { ...resolved, logo: image, palette });
    const placed = { type: 'div', props: { style: { display: 'flex', position: 'absolute', left: region.left, top: region.top }, children: [text] } };
    const tree = { ...background, props: { ...background.props, children: [...background.props.children, placed] } };
    const svg = await satori(tree, { width: 1200, height: 630, fonts });
    return sharp(Buffer.from(svg)).png().toBuffer();
  };
}

// One card of each theme and tab, so the runs measure cards, not first backgrounds.
async function warmUp(renderCard, count, logo) {
  for (let theme = 0; theme < themes.length; theme++) {
    const first = Math.ceil((theme * count) / themes.length);
    for (let tab = 0; tab < tabs.length; tab++) await renderCard(input(first + tab, count, logo));
  }
}

if (!isMainThread) {
  const { renderCard } = await import('../dist/index.js');
  const { indexes, count, logo } = workerData;
  await warmUp(renderCard, count, logo); // start-up and first backgrounds, outside the measured part
  parentPort.postMessage('ready');
  parentPort.once('message', async () => {
    await runAll(renderCard, indexes, count, logo, 2);
    parentPort.postMessage('done');
  });
} else {
  const { values } = parseArgs({ options: { cards: { type: 'string', default: '200' }, workers: { type: 'string', default: '2' } } });
  const count = Number(values.cards);
  const workers = Number(values.workers);

  const started = performance.now();
  const startedCpu = process.cpuUsage();
  const { cardInputHash, renderCard } = await import('../dist/index.js');

  const folder = mkdtempSync(join(tmpdir(), 'og-bench-'));
  const logo = join(folder, 'logo.svg');
  writeFileSync(
    logo,
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0ea5e9"/><path d="M18 33l9 9 19-21" stroke="#fff" stroke-width="7" fill="none"/></svg>',
  );

  await renderCard(input(0, count, logo));
  const coldMs = performance.now() - started;
  const coldCpu = process.cpuUsage(startedCpu);
  const all = Array.from({ length: count }, (_, index) => index);
  await warmUp(renderCard, count, logo);

  const line = (label, ms, cpuMs) =>
    console.log(`${label.padEnd(28)} ${ms.toFixed(2).padStart(8)} ms/card   cpu ${cpuMs === undefined ? '     -' : cpuMs.toFixed(2).padStart(6)} ms/card`);

  async function measure(label, inFlight, run) {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    await runAll(run, all, count, logo, inFlight);
    const used = process.cpuUsage(cpu);
    line(label, (performance.now() - wall) / count, (used.user + used.system) / 1000 / count);
  }

  console.log(`${count} cards, 1200x630 PNG, ${themes.length} themes, SVG logo, ${tabs.length} tabs`);
  console.log(`${'cold (first card)'.padEnd(28)} ${coldMs.toFixed(1).padStart(8)} ms        cpu ${((coldCpu.user + coldCpu.system) / 1000).toFixed(1).padStart(6)} ms`);
  await measure('warm, 1 in flight', 1, renderCard);
  await measure('warm, 2 in flight', 2, renderCard);

  if (workers > 0) {
    const pool = Array.from({ length: workers }, (_, worker) => {
      const indexes = all.filter((index) => index % workers === worker);
      const thread = new Worker(new URL(import.meta.url), { workerData: { indexes, count, logo } });
      return { thread, ready: new Promise((resolve) => thread.once('message', resolve)) };
    });
    await Promise.all(pool.map((worker) => worker.ready));
    const wall = performance.now();
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise((resolve) => {
            worker.thread.once('message', resolve);
            worker.thread.postMessage('go');
          }),
      ),
    );
    line(`warm, ${workers} worker threads`, (performance.now() - wall) / count, undefined);
    await Promise.all(pool.map((worker) => worker.thread.terminate()));
  }

  await measure('skip (cardInputHash)', 1, cardInputHash);
  await measure('baseline, 1 in flight', 1, await createBaseline());
  rmSync(folder, { recursive: true, force: true });
}
