import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { PagefindIndex } from 'pagefind';
import { createSearchService } from '../src/search-service.js';
import { countSearchRounds, startSearchIndex } from '../src/search-indexer.js';
import { excludeSelectors } from '../src/searchable-document.js';
import type { IndexerHost, SearchIndexer, SearchIndexFile, SearchPage } from '../src/search-types.js';

const indexer = suite('search indexer');

const pages: SearchPage[] = ['alpha', 'beta', 'gamma'].map((slug) => ({ slug, url: `/${slug}` }));
const html = (slug: string): string => `<!doctype html><html lang="en"><body><article><h1>${slug}</h1></article></body></html>`;
const written = [{ path: 'pagefind.js', content: new Uint8Array([1, 2, 3]) }];

/** A host whose Pagefind index only records what it is asked, in order. */
function recordingHost(events: string[]): IndexerHost {
  const index = {
    addHTMLFile: async (file: { url: string }) => {
      events.push(`add ${file.url}`);
      return { errors: [], file: { url: file.url, meta: {}, uniqueWords: 1 } };
    },
    getFiles: async () => {
      events.push('getFiles');
      return { errors: [], files: written };
    },
    deleteIndex: async () => {
      events.push('deleteIndex');
    },
  } as unknown as PagefindIndex;
  return { createIndex: async () => ({ index, errors: [] }), finished: async () => undefined };
}

const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

indexer('should ask Pagefind for the files once every page is in, before finish is called', async () => {
  const events: string[] = [];
  const run = startSearchIndex(pages, undefined, recordingHost(events));
  // Out of order: the index waits for the pages before the last one.
  run.add('gamma', html('gamma'));
  run.add('alpha', html('alpha'));
  await settled();
  assert.not.ok(events.includes('getFiles'), 'not while a page is missing');
  run.add('beta', html('beta'));
  await settled();
  assert.equal(events, ['add /alpha', 'add /beta', 'add /gamma', 'getFiles', 'deleteIndex'], 'in page order, then written');
  const result = await run.finish();
  assert.equal(result.files.map((file) => file.path), ['pagefind.js']);
  assert.equal(result.slugs, ['alpha', 'beta', 'gamma']);
  assert.is(events.filter((event) => event === 'getFiles').length, 1, 'written once');
});

indexer('should write the pages it has when finished before every page came', async () => {
  const events: string[] = [];
  const run = startSearchIndex(pages, undefined, recordingHost(events));
  run.add('alpha', html('alpha'));
  await settled();
  assert.not.ok(events.includes('getFiles'));
  const result = await run.finish();
  assert.equal(events, ['add /alpha', 'getFiles', 'deleteIndex']);
  assert.equal(result.slugs, ['alpha']);
});

indexer('should delete an index being written early when discarded, once', async () => {
  const events: string[] = [];
  const run = startSearchIndex(pages, undefined, recordingHost(events));
  for (const page of pages) run.add(page.slug, html(page.slug));
  const result = await run.finish({ discard: true });
  assert.equal(result.files, []);
  assert.is(events.filter((event) => event === 'deleteIndex').length, 1);
});

indexer('should send pages in rounds of an eighth without a store, giving the index one round gives', async () => {
  const many: SearchPage[] = Array.from({ length: 24 }, (_, number) => ({ slug: `page-${number}`, url: `/page-${number}` }));
  const document = (slug: string): string => `<!doctype html><html lang="en"><body><article><h1>${slug}</h1><p>Kettles and ${slug} number ${slug.length}.</p></article></body></html>`;
  const search = createSearchService();
  const indexOf = async (options: Parameters<typeof search.startIndex>[1]) => {
    const run = search.startIndex(many, options);
    for (const page of many) run.add(page.slug, document(page.slug));
    return run.finish();
  };
  const roundsBefore = countSearchRounds();
  const inRounds = await indexOf({ document, roundSize: 10 });
  assert.is(countSearchRounds() - roundsBefore, 3, 'rounds of 10, 10 and 4 pages (an eighth is 3, under the 10 asked)');
  const inEighths = await indexOf({ document, roundSize: 2 });
  assert.is(countSearchRounds() - roundsBefore, 11, 'then rounds of an eighth: 3 pages, eight of them');
  const inOne = await indexOf(undefined);
  assert.is(countSearchRounds() - roundsBefore, 11, 'no rounds without a way to read pages again');
  const whole = await indexOf({ document, roundSize: 24 });
  assert.is(countSearchRounds() - roundsBefore, 11, 'no rounds when one round would take every page');
  const covered = await indexOf({ document, roundSize: 10, pagesAfter: 3 });
  assert.is(countSearchRounds() - roundsBefore, 11, 'no rounds when the pages rendered after the index\'s cover its writing');
  await search.close();
  for (const result of [inRounds, inEighths, whole, covered]) {
    assert.equal(result.messages, []);
    assert.equal(result.slugs, many.map((page) => page.slug));
    assert.equal(result.files.map((file) => file.path), inOne.files.map((file) => file.path));
    result.files.forEach((file, position) => assert.ok(Buffer.from(file.content).equals(Buffer.from(inOne.files[position]!.content)), file.path));
  }
});

indexer('should ask for a round\'s files before the next round\'s pages, while they are still coming', async () => {
  const many: SearchPage[] = Array.from({ length: 16 }, (_, number) => ({ slug: `page-${number}`, url: `/page-${number}` }));
  const events: string[] = [];
  const run = startSearchIndex(many, { document: (slug) => html(slug), roundSize: 8 }, recordingHost(events));
  for (const page of many.slice(0, 9)) run.add(page.slug, html(page.slug));
  await settled();
  const firstWrite = events.indexOf('getFiles');
  assert.ok(firstWrite !== -1, 'the first round written once its 8 pages are in, with 7 pages still to come');
  assert.equal(events.slice(0, 8), many.slice(0, 8).map((page) => `add ${page.url}`), 'after its own pages');
  for (const page of many.slice(9)) run.add(page.slug, html(page.slug));
  await settled();
  assert.is(events.filter((event) => event === 'getFiles').length, 2, 'the last round written as soon as its last page is in');
  await run.finish();
});

indexer('should make the rounds before the last page shorter, down to 16 pages', async () => {
  const many: SearchPage[] = Array.from({ length: 64 }, (_, number) => ({ slug: `page-${number}`, url: `/page-${number}` }));
  const events: string[] = [];
  const run = startSearchIndex(many, { document: (slug) => html(slug), roundSize: 32 }, recordingHost(events));
  const writes = (): number => events.filter((event) => event === 'getFiles').length;
  for (const page of many.slice(0, 32)) run.add(page.slug, html(page.slug));
  await settled();
  assert.is(writes(), 1, 'a first round of 32 pages');
  for (const page of many.slice(32, 48)) run.add(page.slug, html(page.slug));
  await settled();
  assert.is(writes(), 2, 'then one of 16 once no more pages than that are still to come');
  for (const page of many.slice(48)) run.add(page.slug, html(page.slug));
  await settled();
  assert.is(writes(), 3, 'and the last 16 as soon as they are in');
  await run.finish();
});

indexer('should send every page again to one index when a round cannot be split', async () => {
  const many: SearchPage[] = Array.from({ length: 24 }, (_, number) => ({ slug: `page-${number}`, url: `/page-${number}` }));
  const events: string[] = [];
  // The recording host writes files that are not an index Pagefind would write: no round splits.
  const run = startSearchIndex(many, { document: (slug) => html(slug), roundSize: 10 }, recordingHost(events));
  for (const page of many) run.add(page.slug, html(page.slug));
  const result = await run.finish();
  assert.is(events.filter((event) => event === 'getFiles').length, 4, 'three rounds, then one index of every page');
  assert.is(events.filter((event) => event === 'add /page-0').length, 2, 'the first page sent again');
  assert.equal(result.files.map((file) => file.path), ['pagefind.js']);
  assert.equal(result.slugs, many.map((page) => page.slug));
});

indexer('should give the files most likely final before the index is finished, as the index has them', async () => {
  const many: SearchPage[] = Array.from({ length: 24 }, (_, number) => ({ slug: `page-${number}`, url: `/page-${number}` }));
  const document = (slug: string): string => `<!doctype html><html lang="en"><body><article><h1>${slug}</h1><p>Kettles and ${slug} number ${slug.length}.</p></article></body></html>`;
  const search = createSearchService();
  const waitFor = async (done: () => boolean): Promise<void> => {
    for (let tries = 0; !done() && tries < 500; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  const bytesOf = (files: Array<{ path: string; content: Uint8Array }>) => new Map(files.map((file) => [file.path, Buffer.from(file.content)]));

  // In rounds: a round's fragments once its shares check out, while later pages are still to come.
  const inRounds: Array<{ path: string; content: Uint8Array }> = [];
  const rounds = search.startIndex(many, { document, roundSize: 10, onFiles: (files) => inRounds.push(...files) });
  for (const page of many.slice(0, 12)) rounds.add(page.slug, document(page.slug));
  await waitFor(() => inRounds.length > 0);
  assert.is(inRounds.length, 10, 'the first round\'s ten fragments, with twelve pages still to come');
  assert.ok(inRounds.every((file) => /^fragment\/en_[0-9a-f]{7}\.pf_fragment$/.test(file.path)), inRounds.map((file) => file.path).join(' '));
  for (const page of many.slice(12)) rounds.add(page.slug, document(page.slug));
  const roundsIndex = await rounds.finish();
  assert.is(inRounds.length, 24, 'every round\'s fragments');
  const roundsFiles = bytesOf(roundsIndex.files);
  for (const file of inRounds) assert.ok(roundsFiles.get(file.path)?.equals(Buffer.from(file.content)), `${file.path} as the index has it`);

  // One index: Pagefind's fragments and client files once it has written them, before finish.
  const inOne: Array<{ path: string; content: Uint8Array }> = [];
  const one = search.startIndex(many, { onFiles: (files) => inOne.push(...files) });
  for (const page of many) one.add(page.slug, document(page.slug));
  await waitFor(() => inOne.length > 0);
  assert.is(inOne.filter((file) => file.path.startsWith('fragment/')).length, 24);
  assert.ok(inOne.some((file) => file.path === 'pagefind.js'), 'the client');
  assert.not.ok(inOne.some((file) => file.path === 'pagefind-entry.json' || /\.pf_(meta|index|filter)$/.test(file.path)), 'not the files published repacked');
  const oneIndex = await one.finish();
  const oneFiles = bytesOf(oneIndex.files);
  for (const file of inOne) assert.ok(oneFiles.get(file.path)?.equals(Buffer.from(file.content)), `${file.path} as the index has it`);
  await search.close();
});

// Pages in three languages, and a host that makes each index in the Pagefind process asked for
// (another instance of Pagefind's module each), recording which.
const languages = ['en', 'en', 'fr', 'de', 'en', 'fr', 'de', 'en', 'fr', 'en', 'de', 'fr'];
const multilingual: SearchPage[] = languages.map((language, number) => ({ slug: `${language}/page-${number}`, url: `/${language}/page-${number}`, language }));
const words: Record<string, string> = { en: 'kettles boil water quickly', fr: 'les bouilloires chauffent l\'eau', de: 'Wasserkocher kochen Wasser schnell' };
const multilingualHtml = (slug: string, lang: string | null = slug.split('/')[0]!): string =>
  `<!doctype html><html${lang === null ? '' : ` lang="${lang}"`}><head><title>${slug}</title></head><body><nav>Menu</nav><article><h1 id="top">${slug}</h1><p>${words[slug.split('/')[0]!]} ${slug}</p></article></body></html>`;

function pagefindHost(asked: number[], held?: Promise<void>): IndexerHost & { close(): Promise<void> } {
  const modules = new Map<number, Promise<typeof import('pagefind')>>();
  const moduleOf = (process: number) => {
    let module = modules.get(process);
    if (!module) modules.set(process, (module = import(`${import.meta.resolve('pagefind')}?indexer-test=${process}`) as Promise<typeof import('pagefind')>));
    return module;
  };
  return {
    createIndex: async (_messages, process = 0) => {
      asked.push(process);
      const made = await (await moduleOf(process)).createIndex({ excludeSelectors });
      // The second process's files are held back until `held` settles.
      const index = made.index;
      if (process !== 1 || !held || !index) return made;
      return { ...made, index: { ...index, getFiles: async () => (await held, index.getFiles()) } };
    },
    finished: async () => undefined,
    close: async () => {
      for (const module of modules.values()) await (await module).close();
    },
  };
}

async function multilingualIndex(processes: number, html: (slug: string) => string = multilingualHtml): Promise<{ result: Awaited<ReturnType<SearchIndexer['finish']>>; asked: number[] }> {
  const asked: number[] = [];
  const host = pagefindHost(asked);
  const run = startSearchIndex(multilingual, { document: html, processes }, host);
  for (const page of multilingual) run.add(page.slug, html(page.slug));
  const result = await run.finish();
  await host.close();
  return { result, asked };
}

function assertSameFiles(actual: readonly SearchIndexFile[], expected: readonly SearchIndexFile[]): void {
  assert.equal(actual.map((file) => file.path), expected.map((file) => file.path));
  actual.forEach((file, position) => assert.ok(Buffer.from(file.content).equals(Buffer.from(expected[position]!.content)), file.path));
}

indexer('should make an index of pages in several languages in one Pagefind process per language, with the files of one index', async () => {
  const one = await multilingualIndex(1);
  assert.equal(one.asked, [0]);
  const inTwo = await multilingualIndex(2);
  assert.equal(inTwo.asked, [0, 1], 'a second process');
  const inThree = await multilingualIndex(4);
  assert.equal(inThree.asked, [0, 1, 2], 'a process per language, no more');
  for (const { result } of [one, inTwo, inThree]) {
    assert.equal(result.messages, []);
    assert.equal(result.slugs, multilingual.map((page) => page.slug));
  }
  assert.equal(one.result.files.filter((file) => file.path.endsWith('.pf_meta')).length, 3, 'three languages');
  assertSameFiles(inTwo.result.files, one.result.files);
  assertSameFiles(inThree.result.files, one.result.files);
});

indexer('should make rounds in Pagefind\'s processes in turn, giving the index of one process', async () => {
  const many: SearchPage[] = Array.from({ length: 30 }, (_, number) => ({ slug: `page-${number}`, url: `/page-${number}`, language: number % 2 ? 'en' : 'fr' }));
  const document = (slug: string): string => `<!doctype html><html lang="en"><body><article><h1>${slug}</h1><p>Kettles and ${slug} number ${slug.length}.</p></article></body></html>`;
  const indexOf = async (processes: number) => {
    const asked: number[] = [];
    const host = pagefindHost(asked);
    const run = startSearchIndex(many, { document, roundSize: 10, processes }, host);
    for (const page of many) run.add(page.slug, document(page.slug));
    const result = await run.finish();
    await host.close();
    return { result, asked };
  };
  const one = await indexOf(1);
  assert.equal(one.asked, [0, 0, 0]);
  const two = await indexOf(2);
  assert.equal(two.asked, [0, 1, 0], 'three rounds of ten, in turn');
  assert.equal(two.result.messages, []);
  assert.equal(two.result.slugs, many.map((page) => page.slug));
  assertSameFiles(two.result.files, one.result.files);
});

indexer('should give a part\'s fragments as soon as it has written them, before the other parts', async () => {
  let release = (): void => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const host = pagefindHost([], held);
  const given: SearchIndexFile[] = [];
  const run = startSearchIndex(multilingual, { document: multilingualHtml, processes: 2, onFiles: (files) => given.push(...files) }, host);
  for (const page of multilingual) run.add(page.slug, multilingualHtml(page.slug));
  for (let tries = 0; given.length === 0 && tries < 500; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  const fragments = (): string[] => [...new Set(given.filter((file) => file.path.startsWith('fragment/')).map((file) => file.path.slice('fragment/'.length, 'fragment/'.length + 2)))].sort();
  assert.equal(fragments(), ['en'], 'English (the first part) while the second is held');
  release();
  const result = await run.finish();
  await host.close();
  assert.equal(fragments(), ['de', 'en', 'fr']);
  const files = new Map(result.files.map((file) => [file.path, Buffer.from(file.content)]));
  for (const file of given) assert.ok(files.get(file.path)?.equals(Buffer.from(file.content)), `${file.path} as the index has it`);
});

indexer('should send every page again to one index when a page has no language to place it by', async () => {
  const one = await multilingualIndex(1);
  // Pagefind puts a page without `<html lang>` with the language of the most pages: not a part's to index.
  const withoutLang = (slug: string): string => multilingualHtml(slug, slug === 'fr/page-5' ? null : slug.split('/')[0]!);
  const oneWithout = await multilingualIndex(1, withoutLang);
  const inTwo = await multilingualIndex(2, withoutLang);
  assert.equal(inTwo.asked, [0, 1, 0], 'the parts, then one index');
  assert.equal(inTwo.result.messages, []);
  assert.equal(inTwo.result.slugs, multilingual.map((page) => page.slug));
  assertSameFiles(inTwo.result.files, oneWithout.result.files);
  assert.not.equal(oneWithout.result.files.map((file) => file.path), one.result.files.map((file) => file.path), 'the page is indexed as English');
});

indexer.run();
