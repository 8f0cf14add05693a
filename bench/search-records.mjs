#!/usr/bin/env node
// How far docsgen is from making each page's Pagefind record itself (issue 23; not a test:
// prints numbers only). For every page of a built site it hands the searchable document to
// Pagefind 1.6 (as the build does, with the build's exclude selectors), splits the index into
// page records, and checks two things a JS record builder must reproduce byte for byte:
//
//   1. the fragment as Pagefind compressed it (the published index keeps those bytes, and
//      `--compare` hashes them): does Node's zlib at level 9 write the same deflate stream from
//      the same JSON? (Pagefind compresses with flate2's Rust backend, miniz_oxide, at
//      `Compression::best()`.)
//   2. the page's words: from the fragment's text, split and normalized as `jsWords` below and
//      stemmed with multilingual-stemmer (Snowball 3.1.1), do the page's words and positions
//      equal the 1.6 binary's? (Weights and the HTML side, the text itself, are not checked.)
//      Positions are read as 1.6 writes them (`positionsOf`).
//
// Findings (see the commits): no fragment's bytes equal Node zlib's at any setting; the old
// miniz_oxide 0.3.5 (wasm-flate) writes 72–99% of them, so byte-identical fragments need a
// port of miniz_oxide 0.8.9's compressor. Words: with the rules below (read off the 1.6
// binary's output: the May 2025 source predates them) the words and positions of every page
// of c300 and docs/ match, 75% of mintlify+docs (left: some emoji, a few compound words).
//
//   node bench/search-records.mjs BUILT_SITE_DIR [--pages N] [--stemmer-dir DIR]
//
// `--stemmer-dir`: a folder whose node_modules holds the packages tried (not dependencies of
// the repository: `npm install multilingual-stemmer@2.1.1 wasm-flate@1.0.2` in a temp folder;
// default /tmp/pf8). With wasm-flate there, it also counts the fragments whose deflate stream
// miniz_oxide 0.3.5 writes identically.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { fold, positionsOf, stemmerNames } from './lib/pagefind-words.mjs';
const { splitPagefindIndex } = await import(new URL('../packages/search/dist/index.js', import.meta.url).href);
const { searchableDocument, excludeSelectors } = await import(new URL('../packages/search/dist/searchable-document.js', import.meta.url).href);

const { values, positionals } = parseArgs({ allowPositionals: true, options: { pages: { type: 'string', default: '100000' }, 'stemmer-dir': { type: 'string', default: '/tmp/pf8' } } });
const pagefind = await import(new URL('../packages/search/node_modules/pagefind/lib/index.js', import.meta.url).href);
const fromStemmerDir = createRequire(join(values['stemmer-dir'], 'package.json'));
// multilingual-stemmer 2.1.1: Snowball 3.1.1 in wasm, stems as Pagefind does once a word's
// diacritics are folded (bench/search-stemmer.mjs).
const multilingual = await import(join(values['stemmer-dir'], 'node_modules/multilingual-stemmer/dist/index.js'));
// wasm-flate 1.0.2: flate2 1.0.13 / miniz_oxide 0.3.5 compiled to wasm (Pagefind 1.6 has
// flate2 1.1.9 / miniz_oxide 0.8.9: `strings` of its binary).
let wasmFlate;
try {
  wasmFlate = fromStemmerDir('wasm-flate');
} catch {
  wasmFlate = undefined;
}

const site = positionals[0];
const htmlFiles = readdirSync(site, { recursive: true }).map(String).filter((file) => file.endsWith('.html') && !file.startsWith('_docsgen')).sort().slice(0, Number(values.pages));
const { index } = await pagefind.createIndex({ excludeSelectors });
for (const file of htmlFiles) {
  const html = readFileSync(join(site, file), 'utf8');
  if (!html.includes('<article')) continue;
  await index.addHTMLFile({ url: '/' + file.replace(/(index)?\.html$/, ''), content: searchableDocument(html, []) });
}
const { files } = await index.getFiles();
await pagefind.close();
const split = splitPagefindIndex(files.map((file) => ({ path: file.path, content: file.content })));

const stemmers = new Map();
function stemmerFor(language) {
  const code = language.split(/[-_]/)[0];
  if (!stemmers.has(code)) {
    // A word's stem, kept: most words of a site recur.
    const stem = stemmerNames[code] ? multilingual[stemmerNames[code]] : null;
    const cache = new Map();
    stemmers.set(code, stem && ((word) => cache.get(word) ?? (cache.set(word, stem(word)), cache.get(word))));
  }
  return stemmers.get(code);
}

// Word rules of Pagefind 1.6, read off its output (`convert_case` 0.12; see the header).
const alnum = /[\p{Alphabetic}\p{Nd}\p{Nl}\p{No}_]/u;
const normalize = (word) => [...word].filter((c) => alnum.test(c)).join('').toLowerCase();
/** convert_case's Case::Lower with its default boundaries, after ASCII punctuation → space. */
function discreteWords(word) {
  const spaced = word.replace(/[!-/:-@[-`{-~]/g, ' ');
  const out = [];
  for (const piece of spaced.split(/\s+/).filter(Boolean)) {
    const parts = piece
      .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
      .replace(/(\p{L})(\p{Nd})/gu, '$1 $2')
      .replace(/(\p{Nd})(\p{L})/gu, '$1 $2');
    out.push(...parts.split(' ').filter(Boolean).map((part) => part.toLowerCase()));
  }
  return out.join(' ');
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
function truncateBytes(text, bytes) {
  let out = '';
  let size = 0;
  for (const c of text) {
    size += Buffer.byteLength(c);
    if (size > bytes) break;
    out += c;
  }
  return out;
}

function jsWords(content, stem) {
  const map = new Map();
  // Weights are not compared: only words and positions.
  const store = (word, position) => {
    const key = stem ? stem(fold(word)) : word;
    (map.get(key) ?? map.set(key, []).get(key)).push(position);
  };
  content.split(' ').forEach((base, position) => {
    const normalized = normalize(base);
    if (normalized) store(normalized, position);
    if ([...base].every((c) => c !== '_' && alnum.test(c) && c.toLowerCase() === c)) return;
    const parts = discreteWords(base);
    const words = [];
    if (normalized && (/\s/.test(parts) || !normalized.startsWith(parts))) words.push(...parts.split(' ').filter((p) => Buffer.byteLength(p) > 1));
    const stemmed = new Set(words.map((word) => (stem ? stem(fold(word)) : word)));
    // After each '.', the rest of the word is a word too (unless it is one of the parts).
    const segments = base.split('.');
    for (let from = 1; normalized && from < segments.length; from += 1) {
      // The rest is cut at 64 bytes first (seen on ASCII; where a cut in a character falls is a guess).
      const rest = normalize(truncateBytes(segments.slice(from).join('.'), 64));
      const key = stem ? stem(fold(rest)) : rest;
      if (Buffer.byteLength(rest) > 1 && rest !== normalized && !stemmed.has(key)) {
        words.push(rest);
        stemmed.add(key);
      }
    }
    for (const word of words) store(word, position);
    // Emoji are words of their own (Pagefind: the graphemes the `emojis` crate knows).
    if (/\p{Extended_Pictographic}/u.test(base)) {
      for (const { segment } of graphemes.segment(base)) if (/^\p{RGI_Emoji}$/v.test(segment) || /^\p{Extended_Pictographic}$/u.test(segment)) store(segment, position);
    }
  });
  return map;
}

let wordsTime = 0;
let gzipSame = 0;
let minizSame = 0;
const minizDiffer = [];
let wordsSame = 0;
const differences = [];
for (const record of split.records) {
  const raw = gunzipSync(Buffer.from(record.fragment));
  if (gzipSync(raw, { level: 9 }).subarray(10).equals(Buffer.from(record.fragment).subarray(10))) gzipSame += 1;
  if (wasmFlate) {
    // The deflate stream: without gzip's 10-byte header and 8-byte trailer.
    const deflated = Buffer.from(record.fragment).subarray(10, record.fragment.length - 8);
    const mine = Buffer.from(wasmFlate.deflate_encode_raw(raw));
    if (mine.equals(deflated)) minizSame += 1;
    else minizDiffer.push(`${record.url}: ${raw.length} bytes raw, Pagefind ${deflated.length} deflated, miniz_oxide 0.3.5 ${mine.length}`);
  }
  const fragment = JSON.parse(raw.subarray('pagefind_dcd'.length).toString('utf8'));
  const theirs = new Map();
  record.words.forEach((word, entry) => {
    const positions = positionsOf(record, entry);
    if (positions.length === 0) return;
    (theirs.get(word) ?? theirs.set(word, []).get(word)).push(...positions);
  });
  const started = performance.now();
  const mine = jsWords(fragment.content, stemmerFor(record.language));
  wordsTime += performance.now() - started;
  const diff = [];
  for (const [word, positions] of theirs) {
    const other = mine.get(word);
    if (!other || other.slice().sort((a, b) => a - b).join() !== positions.slice().sort((a, b) => a - b).join()) diff.push(`-${word}`);
  }
  for (const word of mine.keys()) if (!theirs.has(word)) diff.push(`+${word}`);
  if (diff.length === 0) wordsSame += 1;
  else differences.push(`${record.url} [${record.language}]: ${diff.slice(0, 8).join(' ')}`);
}
const total = split.records.length;
console.log(`pages ${total}; fragment gzip bytes equal to zlib -9: ${gzipSame}/${total}; words and positions equal: ${wordsSame}/${total} (${((100 * wordsSame) / total).toFixed(1)}%)`);
console.log(`JS words from a fragment's text: ${(wordsTime / total).toFixed(2)} ms a page (split, fold, stem; no HTML parsing, no fragment)`);
if (wasmFlate) console.log(`fragment deflate streams equal to miniz_oxide 0.3.5 (wasm-flate): ${minizSame}/${total} (${((100 * minizSame) / total).toFixed(1)}%)`);
for (const line of minizDiffer.slice(0, 5)) console.log('  ' + line);
console.log('word differences (-word: Pagefind has it at other positions or only it has it; +word: only the JS has it):');
for (const line of differences.slice(0, 10)) console.log('  ' + line);
