#!/usr/bin/env node
// Does an npm Snowball stemmer stem as Pagefind 1.6 does (its `pagefind_stem` crate)? Issue 23
// prototype; not a test: prints numbers only. Collects every distinct plain word (letters only)
// of a built site's pages by language, hands Pagefind one page per language with those words in
// order, reads each position's stem from Pagefind's record and compares it with the stems of
// the `snowball-stemmers` and `multilingual-stemmer` packages (installed in `--stemmer-dir`).
//
//   node bench/search-stemmer.mjs BUILT_SITE_DIR [--stemmer-dir /tmp/pf8]
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fold, positionsOf, stemmerNames as names } from './lib/pagefind-words.mjs';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'stemmer-dir': { type: 'string', default: '/tmp/pf8' } } });
const pagefind = await import(new URL('../packages/search/node_modules/pagefind/lib/index.js', import.meta.url).href);
const { splitPagefindIndex } = await import(new URL('../packages/search/dist/index.js', import.meta.url).href);
const snowball = createRequire(join(values['stemmer-dir'], 'package.json'))('snowball-stemmers');
// multilingual-stemmer 2.1.1: Snowball 3.1.1 compiled to wasm (its engines say Node 22).
let multilingual;
try {
  multilingual = await import(join(values['stemmer-dir'], 'node_modules/multilingual-stemmer/dist/index.js'));
} catch {
  multilingual = undefined;
}

const site = positionals[0];
const words = new Map();
for (const file of readdirSync(site, { recursive: true }).map(String).filter((f) => f.endsWith('.html') && !f.startsWith('_docsgen'))) {
  const html = readFileSync(join(site, file), 'utf8');
  const language = (/<html[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? 'en').split('-')[0];
  if (!names[language]) continue;
  const text = html.replace(/<(script|style|svg)\b[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' ');
  const set = words.get(language) ?? words.set(language, new Set()).get(language);
  for (const word of text.toLowerCase().split(/\s+/)) if (/^\p{Ll}+$/u.test(word)) set.add(word);
}
const { index } = await pagefind.createIndex({});
const lists = [...words].map(([language, set]) => [language, [...set]]);
for (const [language, list] of lists) await index.addHTMLFile({ url: `/${language}`, content: `<html lang="${language}"><body><p>${list.join(' ')}</p></body></html>` });
const { files } = await index.getFiles();
await pagefind.close();
const split = splitPagefindIndex(files.map((file) => ({ path: file.path, content: file.content })));
for (const record of split.records) {
  const language = record.url.replace(/\//g, '');
  const list = lists.find(([code]) => code === language)[1];
  const stems = new Array(list.length);
  record.words.forEach((word, entry) => {
    for (const position of positionsOf(record, entry)) stems[position] = word;
  });
  const stemmer = snowball.newStemmer(names[language]);
  const candidates = [['snowball-stemmers 0.6.0', (word) => stemmer.stem(word)]];
  if (multilingual) candidates.push(['multilingual-stemmer 2.1.1', (word) => multilingual[names[language]](word)]);
  for (const [name, stem] of candidates) {
    for (const [how, prepare] of [['stem(word)', (word) => fold(stem(word))], ['stem(folded word)', (word) => stem(fold(word))]]) {
      const differ = list.map((word, position) => [word, stems[position], prepare(word)]).filter(([, theirs, mine]) => theirs !== mine);
      console.log(`${language} ${name}, folded ${how}: ${list.length - differ.length}/${list.length} words stemmed as Pagefind does`);
      for (const [word, theirs, mine] of differ.slice(0, 4)) console.log(`  ${word}: Pagefind ${theirs}, ${mine}`);
    }
  }
}
