// Paints text runs with the glyph painter in a process of its own, so its glyph cache starts
// empty. Used by glyph-painter.test.ts.
//
// stdin: JSON `{ runs: TextRun[], batches: number[][] }`. Paints each batch of runs (indexes
// into `runs`) as one layer, in order, so the glyphs they bring are rasterised together; then
// paints each run alone onto a blank picture and prints JSON: the sha256 of each run's pixels.
import { createHash } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { loadCardFonts } from '../src/fonts.js';
import { paintTextLayer, type PaintTarget } from '../src/glyph-painter.js';
import type { TextRun } from '../src/text-runs.js';

const { runs, batches } = JSON.parse(await text(process.stdin)) as { runs: TextRun[]; batches: number[][] };
const fonts = loadCardFonts().fontsFor(runs.map((run) => run.text).join(''));

function blank(): PaintTarget {
  const width = 1200;
  const height = 120;
  const rowBytes = width * 3 + 1;
  return { pixels: Buffer.alloc(rowBytes * height, 255), rowBytes, rowOffset: 1, width, height, originX: 0, originY: 0 };
}

for (const batch of batches) {
  if (!(await paintTextLayer({ runs: batch.map((index) => runs[index] as TextRun), shapes: null }, fonts, blank()))) throw new Error('not painted');
}
const hashes: string[] = [];
for (const run of runs) {
  const target = blank();
  if (!(await paintTextLayer({ runs: [run], shapes: null }, fonts, target))) throw new Error('not painted');
  hashes.push(createHash('sha256').update(target.pixels).digest('hex'));
}
process.stdout.write(JSON.stringify(hashes));
