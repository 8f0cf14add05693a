// Draws cards in a process of its own, so every cache of the package (glyph coverage, shaped
// words, backgrounds) starts empty. Used by reproducible.test.ts.
//
// stdin: JSON `{ cards: CardOptions[], orders: number[][] }`. Draws every card once per order,
// in that order, all in this one process; prints JSON: per order, the sha256 of each card's PNG
// by card index.
import { createHash } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { renderCard, type CardOptions } from '../src/index.js';

const { cards, orders } = JSON.parse(await text(process.stdin)) as { cards: CardOptions[]; orders: number[][] };
const passes: string[][] = [];
for (const order of orders) {
  const hashes: string[] = [];
  for (const index of order) hashes[index] = createHash('sha256').update(await renderCard(cards[index] as CardOptions)).digest('hex');
  passes.push(hashes);
}
process.stdout.write(JSON.stringify(passes));
