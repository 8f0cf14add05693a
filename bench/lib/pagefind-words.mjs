// What the search benches (`search-records.mjs`, `search-stemmer.mjs`) share about Pagefind 1.6's
// words: the Snowball stemmer of each language, diacritics folded, and a word's positions as
// Pagefind writes them.
import { decodeCbor } from '../../packages/search/dist/index.js';

/** Snowball stemmer names by language code (those multilingual-stemmer and snowball-stemmers share). */
export const stemmerNames = { en: 'english', fr: 'french', es: 'spanish', de: 'german', it: 'italian', pt: 'portuguese', nl: 'dutch', ru: 'russian', sv: 'swedish', no: 'norwegian', da: 'danish', fi: 'finnish', hu: 'hungarian', ro: 'romanian', tr: 'turkish' };

/**
 * A word without its diacritics: Pagefind keeps those apart (a word's "original") and stems the
 * rest. Only combining diacritical marks go: other marks, such as an emoji's variation selector,
 * stay part of the word.
 */
export const fold = (word) => word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');

/**
 * The positions of a page record's entry: Pagefind 1.6 writes a negative number to start a run
 * of one weight (-1 - weight), and within a run each position as the difference from the one
 * before. Weights are left out.
 */
export function positionsOf(record, entry) {
  const positions = [];
  let previous = 0;
  for (const n of decodeCbor(record.locations.subarray(record.bounds[entry], record.bounds[entry + 1]))) {
    if (n < 0) previous = 0;
    else positions.push((previous += n));
  }
  return positions;
}
