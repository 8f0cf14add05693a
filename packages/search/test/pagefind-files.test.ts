import { gunzipSync } from 'node:zlib';
import { close, createIndex } from 'pagefind';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  assemblePagefindIndex,
  assemblePagefindIndexAndState,
  isSamePagefindIndex,
  splitPagefindIndex,
  type AssemblyState,
  type PagefindFile,
  type PagefindPageRecord,
} from '../src/index.js';
import { countWordIndexUpdates, mergeLanguageParts, repackPagefindIndex } from '../src/internal.js';

const files = suite('Pagefind index files');

files.after(async () => {
  await close();
});

interface Page {
  url: string;
  html: string;
}

/** Pagefind's own index of `pages`, added in this order. */
async function pagefind(pages: readonly Page[]): Promise<PagefindFile[]> {
  const { index, errors } = await createIndex({});
  if (!index) throw new Error(errors.join('; '));
  for (const page of pages) {
    const added = await index.addHTMLFile({ url: page.url, content: page.html });
    assert.equal(added.errors, [], page.url);
  }
  const written = await index.getFiles();
  await index.deleteIndex();
  return written.files.map((file) => ({ path: file.path, content: file.content }));
}

const document = (language: string, title: string, body: string, extra = ''): string =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title}</title></head><body><article data-pagefind-body>${extra}<h1>${title}</h1>${body}</article></body></html>`;

// Pages with what the format holds: two languages, filters, meta fields, weighted keywords,
// headings with ids, words with diacritics next to the same words without (their variants),
// French elision, CJK and emoji.
const varied: Page[] = [
  { url: '/', html: document('en', 'Home', '<h2 id="setup">Setup</h2><p>Install zanzibar first. Über café naïve 東京 データ 🚀 résumé.</p><h3 id="deep">Deep</h3><p>More text here.</p>', '<p data-pagefind-weight="5" data-pagefind-meta="keywords">alpha, beta</p><span data-pagefind-filter="version:v2"></span>') },
  { url: '/a', html: document('en', 'A page', '<p>Cafè cafe Café fete resume. Apple banana cherry.</p>', '<span data-pagefind-filter="version:v2"></span>') },
  { url: '/v1/', html: document('en', 'Old home', '<p>CAFÉ fête naïve zanzibar.</p>', '<span data-pagefind-filter="version:v1"></span><span data-pagefind-meta="image:/a.png"></span>') },
  { url: '/fr/', html: document('fr', 'Accueil', '<p>Bonjour le monde, les chevaux. Il a mangé à midi. L\'été où ça a marché.</p>', '<span data-pagefind-filter="language:fr"></span>') },
  { url: '/fr/b', html: document('fr', 'Deuxième', '<p>À bientôt, a demain. Été, ete.</p>', '<span data-pagefind-filter="language:fr"></span>') },
];

/** Numbers below `limit`, the same sequence for the same seed. */
function seededRandom(seed: number): (limit: number) => number {
  let state = seed;
  return (limit) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % limit;
  };
}

/** `count` words from `stems`, one in `oneIn` with a number below `numbers` after it. */
function randomWords(random: (limit: number) => number, stems: readonly string[], count: number, oneIn: number, numbers: number): string[] {
  return Array.from({ length: count }, () => {
    const stem = stems[random(stems.length)] as string;
    return random(oneIn) === 0 ? `${stem}${random(numbers)}` : stem;
  });
}

// A vocabulary for several index chunks, with words that share long prefixes. "pass" and
// "path" are each frequent enough to fill a chunk alone: the chunk of "path" then starts at
// "pat", and its last word stays whole because its shortest distinct prefix ("pa", against
// "pcache") would sort before that.
function manyPages(count: number): Page[] {
  const stems = ['path', 'pathfinder', 'pcache', 'string', 'stream', 'strict', 'support', 'config', 'configure', 'café', 'cafe', 'naïve', 'webhook', 'région', 'region'];
  const random = seededRandom(7);
  return Array.from({ length: count }, (_, page) => {
    const words = randomWords(random, stems, 300, 3, 400);
    return { url: `/page-${page}`, html: document('en', `Page ${page}`, `<p>${words.join(' ')}.</p><p>${'pass path '.repeat(250)}</p>`) };
  });
}

/** Each binary file's content (decompressed) and the entry, by path. */
function contents(list: readonly PagefindFile[]): Map<string, string> {
  return new Map(list.map((file) => [file.path, /\.pf_/.test(file.path) ? gunzipSync(file.content).toString('base64') : Buffer.from(file.content).toString('base64')]));
}

files('should split an index into page shares and put them together into the files Pagefind wrote', async () => {
  const written = await pagefind(varied);
  const split = splitPagefindIndex(written);
  assert.ok(split, 'split');
  assert.equal(split.records.map((record) => [record.url, record.language]), [['/', 'en'], ['/a', 'en'], ['/v1/', 'en'], ['/fr/', 'fr'], ['/fr/b', 'fr']]);
  assert.ok(split.records[1]!.originals.includes('cafè'), 'a word with diacritics keeps its spelling');
  const assembled = await assemblePagefindIndex(split);
  assert.equal([...contents(assembled).keys()].sort(), [...contents(written).keys()].sort());
  assert.ok(isSamePagefindIndex(assembled, written));
  // Assembled without compression, for comparing only: the raw bytes Pagefind compressed.
  const raw = await assemblePagefindIndex(split, { compress: false });
  assert.equal(raw.map((file) => file.path), assembled.map((file) => file.path), 'the same names');
  const chunk = raw.find((file) => file.path.endsWith('.pf_index'))!;
  assert.equal(Buffer.from(chunk.content), gunzipSync(written.find((file) => file.path === chunk.path)!.content).subarray(12), 'a chunk is its raw bytes');
  assert.ok(isSamePagefindIndex(raw, written, { isRaw: true }));
  assert.not.ok(isSamePagefindIndex(raw, written), 'raw files are not read as compressed ones');
  // A compressed assembled file is compared by the hash of its raw bytes.
  const compressedChunk = assembled.find((file) => file.path === chunk.path)!;
  assert.ok(compressedChunk.rawHash, 'an assembled chunk names its raw bytes');
  const misnamed = assembled.map((file) => (file === compressedChunk ? { ...file, rawHash: `${file.rawHash}0` } : file));
  assert.not.ok(isSamePagefindIndex(misnamed, written), 'a chunk whose raw bytes hash otherwise differs');
  const other = raw.map((file) => (file === chunk ? { ...file, content: Buffer.concat([Buffer.from(file.content), Buffer.from([0])]) } : file));
  assert.not.ok(isSamePagefindIndex(other, written, { isRaw: true }), 'one byte more in a chunk differs');
  const brokenEntry = (list: readonly PagefindFile[]): PagefindFile[] => list.map((file) => (file.path === 'pagefind-entry.json' ? { ...file, content: Buffer.from('{"version":') } : file));
  assert.not.ok(isSamePagefindIndex(brokenEntry(assembled), brokenEntry(written)), 'an entry that does not parse is never the same');
  // Content the same byte for byte, file by file; the entry the same JSON.
  const theirs = contents(written);
  for (const [path, content] of contents(assembled)) {
    if (path === 'pagefind-entry.json') assert.equal(JSON.parse(Buffer.from(content, 'base64').toString()), JSON.parse(Buffer.from(theirs.get(path)!, 'base64').toString()));
    else assert.is(content, theirs.get(path), path);
  }
});

files('should repack Pagefind\'s files into the very bytes that splitting and putting them together gives', async () => {
  for (const pages of [varied, [...manyPages(120), ...varied]]) {
    const written = await pagefind(pages);
    const assembled = await assemblePagefindIndex(splitPagefindIndex(written)!);
    const repacked = await repackPagefindIndex(written);
    assert.ok(repacked, 'repacked');
    assert.equal(repacked.map((file) => file.path), assembled.map((file) => file.path), 'the same names');
    for (const [position, file] of repacked.entries()) assert.ok(Buffer.from(file.content).equals(Buffer.from(assembled[position]!.content)), `the same bytes: ${file.path}`);
    // Fragments are Pagefind's bytes; chunks are compressed again (zlib), with the same content.
    const chunk = repacked.find((file) => file.path.endsWith('.pf_index'))!;
    assert.not.ok(Buffer.from(chunk.content).equals(Buffer.from(written.find((file) => file.path === chunk.path)!.content)), 'a chunk is packed again');
    assert.ok(isSamePagefindIndex(repacked, written));
    // Packed files are not packed again (the parts of an index in parts are repacked one by one).
    const again = await repackPagefindIndex(repacked);
    assert.ok(again);
    again.forEach((file, position) => assert.ok(file.path === 'pagefind-entry.json' || file.content === repacked[position]!.content, `${file.path} kept as it is`));
  }
  // Files this package does not know are left to the caller.
  const withoutEntry = (await pagefind(varied)).filter((file) => file.path !== 'pagefind-entry.json');
  assert.is(await repackPagefindIndex(withoutEntry), undefined);
  const broken = (await pagefind(varied)).map((file) => (file.path.endsWith('.pf_meta') ? { ...file, content: Buffer.from('not gzip') } : file));
  assert.is(await repackPagefindIndex(broken), undefined);
});

files('should put together, from the shares of pages indexed apart, the index of all of them', async () => {
  const pages = [...manyPages(120), ...varied];
  const whole = await pagefind(pages);
  const chunks = whole.filter((file) => file.path.startsWith('index/en_')).length;
  assert.ok(chunks >= 5, `${chunks} chunks`);
  // Three separate runs, as three builds would index the pages that changed.
  const parts = [pages.slice(0, 50), pages.slice(50, 51), pages.slice(51)];
  const splits = await Promise.all(parts.map(async (part) => splitPagefindIndex(await pagefind(part))));
  const records = new Map(splits.flatMap((split) => split!.records).map((record) => [record.url, record]));
  const first = splitPagefindIndex(whole)!;
  const assembled = await assemblePagefindIndex({ ...first, records: first.records.map((record) => records.get(record.url)!) });
  assert.ok(isSamePagefindIndex(assembled, whole));
  // One page's text changed: the index of the others' shares and its new share is the index of the new text.
  const changed = pages.map((page, position) => (position === 60 ? { ...page, html: page.html.replace('<p>', '<p>Quokka café zeppelin. ') } : page));
  const again = splitPagefindIndex(await pagefind([changed[60]!]))!;
  records.set(again.records[0]!.url, again.records[0]!);
  const updated = await assemblePagefindIndex({ ...first, records: first.records.map((record) => records.get(record.url)!) });
  assert.ok(isSamePagefindIndex(updated, await pagefind(changed)));
  assert.not.ok(isSamePagefindIndex(updated, whole));
});

// Pages without diacritics but one, with meta keywords on some: what the last index's word lists
// are kept for.
function plainPages(count: number): Page[] {
  const stems = ['alpha', 'beta', 'gamma', 'delta', 'build', 'builder', 'cache', 'cached', 'page', 'pages', 'search', 'index'];
  const random = seededRandom(11);
  return Array.from({ length: count }, (_, page) => {
    const words = randomWords(random, stems, 200, 4, 300);
    const keywords = page % 7 === 0 ? `<p data-pagefind-weight="5" data-pagefind-meta="keywords">alpha, only${page}</p>` : '';
    const accent = page === 3 ? ' café naïve' : '';
    return { url: `/plain-${page}`, html: document('en', `Plain ${page}`, `<p>${words.join(' ')}${accent}.</p><p>${'alpha beta '.repeat(150)}</p>`, keywords) };
  });
}

files('should put an index together from the last one\'s word lists and the changed pages\' shares, as from every share', async () => {
  let pages = plainPages(90);
  const first = splitPagefindIndex(await pagefind(pages))!;
  const records = [...first.records];
  const keys = records.map((_record, position) => `key-${position}`);
  let version = 0;
  /** The index of `records` from `previous` and from the records alone: the same raw bytes, and Pagefind's own files for `pages`. */
  const check = async (previous: AssemblyState | undefined, label: string): Promise<{ state: AssemblyState; isUpdated: boolean }> => {
    const before = countWordIndexUpdates();
    const made = await assemblePagefindIndexAndState({ ...first, records }, { keys, previous, compress: false });
    const isUpdated = countWordIndexUpdates() > before;
    const fromRecords = await assemblePagefindIndexAndState({ ...first, records }, { keys, compress: false });
    const whole = fromRecords.files;
    assert.equal(made.files.map((file) => file.path), whole.map((file) => file.path), `${label}: the same files`);
    // The word lists kept for the next index too, down to each entry's size and place.
    for (const [language, { index }] of fromRecords.state.languages) {
      const kept = made.state.languages.get(language)!.index;
      for (const [name, value] of Object.entries(index)) assert.equal(Array.from(kept[name as keyof typeof kept] as ArrayLike<unknown>), Array.from(value as ArrayLike<unknown>), `${label}: ${name}`);
    }
    made.files.forEach((file, position) => assert.ok(Buffer.from(file.content).equals(Buffer.from(whole[position]!.content)), `${label}: ${file.path}`));
    assert.ok(isSamePagefindIndex(made.files, await pagefind(pages), { isRaw: true }), `${label}: Pagefind's index`);
    return { state: made.state, isUpdated };
  };
  const change = async (edits: Array<[page: number, edit: (html: string) => string]>): Promise<void> => {
    version += 1;
    pages = pages.map((page, position) => {
      const edit = edits.find(([changed]) => changed === position);
      return edit ? { ...page, html: edit[1](page.html) } : page;
    });
    const again = splitPagefindIndex(await pagefind(edits.map(([page]) => pages[page]!)))!;
    for (const record of again.records) {
      const position = pages.findIndex((page) => page.url === record.url);
      records[position] = record as PagefindPageRecord;
      keys[position] = `key-${position}-${version}`;
    }
  };

  let { state, isUpdated } = await check(undefined, 'from the records');
  assert.not.ok(isUpdated);
  // Nothing changed: the word lists are the last ones.
  ({ state, isUpdated } = await check(state, 'nothing changed'));
  assert.ok(isUpdated);
  // A page in the middle: new words, words gone, a word only it has, locations moved.
  await change([[40, (html) => html.replace('<p>', '<p>Zeppelin quokka alpha. ').replace(/\bbuild\b/g, 'rebuild')]]);
  ({ state, isUpdated } = await check(state, 'one page'));
  assert.ok(isUpdated, 'from the last word lists');
  // The first and last pages, and one with keywords (meta locations), at once; a word that only
  // the middle page had goes away.
  await change([
    [0, (html) => html.replace('<p>', '<p>Aardvark first. ')],
    [89, (html) => html.replace('<p>', '<p>Zymurgy last. ')],
    [14, (html) => html.replace('alpha, only14', 'alpha, only14, extra')],
    [40, (html) => html.replace('Zeppelin quokka alpha. ', '')],
  ]);
  ({ state, isUpdated } = await check(state, 'four pages'));
  assert.ok(isUpdated);
  // A page next to the one with diacritics, in the same words' lists.
  await change([[4, (html) => html.replace('<p>', '<p>Near the accents. ')]]);
  ({ state, isUpdated } = await check(state, 'beside variants'));
  assert.ok(isUpdated);
  // The page with diacritics itself: its words' variants are put together from the records.
  await change([[3, (html) => html.replace('café', 'cafés')]]);
  ({ state, isUpdated } = await check(state, 'variants'));
  assert.not.ok(isUpdated, 'from the records');
  // A page gone: other page numbers, from the records.
  pages = pages.slice(0, -1);
  records.pop();
  keys.pop();
  ({ state, isUpdated } = await check(state, 'a page fewer'));
  assert.not.ok(isUpdated);
  ({ isUpdated } = await check(state, 'again'));
  assert.ok(isUpdated);
});

files('should cut chunks where Pagefind does, counting each spelling with diacritics of a word', async () => {
  // Sizes at which a chunk boundary falls next to words with variants (naïve32 and naive30).
  for (const count of [80, 160]) {
    const written = await pagefind(manyPages(count));
    assert.ok(isSamePagefindIndex(await assemblePagefindIndex(splitPagefindIndex(written)!), written), `${count} pages`);
  }
});

files('should take the compressed bytes of chunks an earlier index already compressed, and compress the rest', async () => {
  const pages = manyPages(120);
  const first = splitPagefindIndex(await pagefind(pages))!;
  const earlier = await assemblePagefindIndex(first);
  const packedFiles = earlier.filter((file) => file.rawHash !== undefined);
  assert.ok(packedFiles.length >= 5, 'chunks, filters and meta carry the hash of their raw bytes');
  // Marked copies: a file taken from here is this very array.
  const packed = new Map(packedFiles.map((file) => [file.rawHash!, Uint8Array.from(file.content)]));
  const again = await assemblePagefindIndex(first, { packed });
  assert.equal(again.map((file) => [file.path, Buffer.from(file.content).toString('base64')]), earlier.map((file) => [file.path, Buffer.from(file.content).toString('base64')]));
  for (const file of again.filter((file) => file.rawHash !== undefined)) assert.is(file.content, packed.get(file.rawHash!), `${file.path} taken as it was`);

  // A word added at the end of one page: only the chunks holding it (and the meta file) change.
  const changed = pages.map((page, position) => (position === 60 ? { ...page, html: page.html.replace('</p></article>', ' zeppelin.</p></article>') } : page));
  const share = splitPagefindIndex(await pagefind([changed[60]!]))!.records[0]!;
  const updated = await assemblePagefindIndex({ ...first, records: first.records.map((record) => (record.url === share.url ? share : record)) }, { packed });
  assert.ok(isSamePagefindIndex(updated, await pagefind(changed)), 'the index of the new text');
  const chunks = updated.filter((file) => file.path.startsWith('index/'));
  const taken = chunks.filter((file) => file.content === packed.get(file.rawHash!));
  assert.ok(taken.length > 0 && taken.length < chunks.length, `${taken.length} of ${chunks.length} chunks taken as they were`);
  for (const file of chunks.filter((file) => !taken.includes(file))) assert.not.ok(packed.has(file.rawHash!), `${file.path} is new`);
});

files('should put together again an index with a language without a stemmer', async () => {
  for (const language of ['zh', 'xx']) {
    const own = await pagefind([...varied.slice(0, 2), { url: `/${language}/`, html: document(language, '首页', '<p>欢迎使用 kettle 文档。</p>') }]);
    const entry = JSON.parse(Buffer.from(own.find((file) => file.path === 'pagefind-entry.json')!.content).toString('utf8')) as { languages: Record<string, { wasm: unknown }> };
    assert.is(entry.languages[language]?.wasm, null, `${language}: Pagefind names no stemmer file`);
    const split = splitPagefindIndex(own);
    assert.ok(split, `${language}: the index splits`);
    const made = await assemblePagefindIndex(split!);
    assert.ok(isSamePagefindIndex(made, own), `${language}: and puts together into Pagefind's files`);
    const madeEntry = JSON.parse(Buffer.from(made.find((file) => file.path === 'pagefind-entry.json')!.content).toString('utf8')) as typeof entry;
    assert.is(madeEntry.languages[language]?.wasm, null, `${language}: still naming no stemmer file`);
  }
});

files('should put together an index of languages in any page order, naming them in the order of their codes', async () => {
  // Pages in French, then Chinese, then English, then Spanish: Pagefind names its languages in
  // its hash map's order; the put-together entry names them by code, and is the same index.
  const mixed = [
    varied[3]!,
    { url: '/zh/', html: document('zh', '首页', '<p>欢迎使用 kettle 文档。</p>') },
    varied[0]!,
    { url: '/es/', html: document('es', 'Inicio', '<p>Bienvenido a la documentación de las teteras.</p>') },
  ];
  const own = await pagefind(mixed);
  const made = await assemblePagefindIndex(splitPagefindIndex(own)!);
  assert.ok(isSamePagefindIndex(made, own));
  const entry = JSON.parse(Buffer.from(made.find((file) => file.path === 'pagefind-entry.json')!.content).toString('utf8')) as { languages: Record<string, unknown> };
  assert.equal(Object.keys(entry.languages), ['en', 'es', 'fr', 'zh']);
  const reordered = made.map((file) => (file.path === 'pagefind-entry.json' ? { ...file, content: Buffer.from(JSON.stringify({ ...entry, languages: Object.fromEntries(Object.entries(entry.languages).reverse()) })) } : file));
  assert.ok(isSamePagefindIndex(reordered, own), 'the order of the languages means nothing');
  const changed = made.map((file) => (file.path === 'pagefind-entry.json' ? { ...file, content: Buffer.from(JSON.stringify({ ...entry, languages: { ...entry.languages, zh: { ...(entry.languages.zh as object), page_count: 2 } } })) } : file));
  assert.not.ok(isSamePagefindIndex(changed, own), 'but what each language says does');
});

files('should merge the indexes of languages made apart into the index of all of them', async () => {
  const chinese = { url: '/zh/', html: document('zh', '首页', '<p>欢迎使用 kettle 文档。</p>') };
  const own = await pagefind([...varied, chinese]);
  const parts = [await pagefind(varied.slice(0, 3)), await pagefind([...varied.slice(3), chinese])];
  const merged = mergeLanguageParts(parts);
  assert.ok(merged, 'merged');
  assert.equal(merged.map((file) => file.path), own.map((file) => file.path).sort(), 'every file of the index, once');
  for (const file of merged) {
    if (file.path === 'pagefind-entry.json') continue;
    assert.ok(Buffer.from(file.content).equals(Buffer.from(own.find((other) => other.path === file.path)!.content)), `${file.path}: Pagefind's own bytes`);
  }
  assert.ok(isSamePagefindIndex(merged, own), 'an entry naming every language');
  const entry = JSON.parse(Buffer.from(merged.find((file) => file.path === 'pagefind-entry.json')!.content).toString('utf8')) as { languages: Record<string, unknown> };
  assert.equal(Object.keys(entry.languages), ['en', 'fr', 'zh'], 'in the order of their codes');

  // Not the shape of an index in parts: what Pagefind writes then is not known.
  assert.is(mergeLanguageParts([await pagefind(varied.slice(0, 2)), await pagefind(varied.slice(2))]), undefined, 'English in both parts');
  const client = (list: PagefindFile[]): PagefindFile[] => list.map((file) => (file.path === 'pagefind.js' ? { ...file, content: Buffer.from('// another client') } : file));
  assert.is(mergeLanguageParts([parts[0]!, client(parts[1]!)]), undefined, 'a shared file with other bytes');
  const version = (list: PagefindFile[]): PagefindFile[] => list.map((file) => (file.path === 'pagefind-entry.json' ? { ...file, content: Buffer.from(Buffer.from(file.content).toString('utf8').replace('"1.', '"0.')) } : file));
  assert.is(mergeLanguageParts([parts[0]!, version(parts[1]!)]), undefined, 'another version');
  assert.is(mergeLanguageParts([parts[0]!.filter((file) => file.path !== 'pagefind-entry.json')]), undefined, 'no entry');
});

files('should refuse files it does not read', async () => {
  const written = await pagefind(varied.slice(0, 2));
  assert.is(splitPagefindIndex(written.filter((file) => !file.path.endsWith('.pf_meta'))), undefined, 'no meta file');
  assert.is(splitPagefindIndex(written.filter((file) => !file.path.startsWith('index/'))), undefined, 'no chunk');
  assert.is(splitPagefindIndex(written.map((file) => (file.path.startsWith('index/') ? { ...file, content: Buffer.from('not gzip') } : file))), undefined, 'a broken chunk');
  // Sorting attributes make a part of the index this module does not model.
  const sorted = await pagefind([{ url: '/s', html: document('en', 'Sorted', '<p data-pagefind-sort="weight:2">Text.</p>') }]);
  assert.is(splitPagefindIndex(sorted), undefined, 'sorts');
});

files('should tell indexes apart by content, not by compression', async () => {
  const written = await pagefind(varied.slice(0, 2));
  const assembled = await assemblePagefindIndex(splitPagefindIndex(written)!);
  const chunk = assembled.find((file) => file.path.startsWith('index/'))!;
  assert.not.equal(Buffer.from(chunk.content), Buffer.from(written.find((file) => file.path === chunk.path)!.content), 'compressed apart');
  assert.ok(isSamePagefindIndex(assembled, written));
  const other = await pagefind([varied[0]!, { ...varied[1]!, html: varied[1]!.html.replace('banana', 'mango') }]);
  assert.not.ok(isSamePagefindIndex(other, written));
  assert.not.ok(isSamePagefindIndex(written.slice(1), written));
});

files.run();
