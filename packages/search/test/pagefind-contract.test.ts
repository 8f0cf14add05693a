import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { close, createIndex } from 'pagefind';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  assemblePagefindIndex,
  createSearchService,
  isSamePagefindIndex,
  searchableDocument,
  splitPagefindIndex,
  type PagefindFile,
  type SearchPage,
  type SearchShares,
} from '../src/index.js';
import { countSearchRounds } from '../src/internal.js';

// The Pagefind version contract (README, "Pagefind version contract"): the index this package
// writes is read by Pagefind's own browser client (`pagefind.js`, the file Pagefind ships with
// every index) exactly as the index Pagefind writes for the same pages. Each case indexes the
// same small pages with Pagefind's Node API alone and with `@docsgen/search`, then runs
// `pagefind.js` in Node over both and compares its answers.

const contract = suite('Pagefind version contract');

const folders: string[] = [];
/** Every index file written for the client, by its file URL (the client fetches them). */
const served = new Map<string, Uint8Array>();
const realFetch = globalThis.fetch;

contract.before(() => {
  // The client fetches `<basePath>file?ts=…`; Node's fetch reads no file URLs.
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input).split('?')[0]!;
    const bytes = served.get(url);
    return bytes ? new Response(new Uint8Array(bytes)) : new Response(null, { status: 404 });
  }) as typeof fetch;
});

contract.after(async () => {
  globalThis.fetch = realFetch;
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  await close();
});

interface Page {
  url: string;
  html: string;
}

const article = (title: string, body: string, extra = ''): string =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><article data-pagefind-body>${extra}<h1>${title}</h1>${body}</article></body></html>`;

const pages: Page[] = [
  { url: '/', html: article('Home', '<p>Welcome to Acme. Brew tea with the kettle.</p><h2 id="install">Install</h2><p>Install the kettle first.</p>') },
  {
    url: '/guides/tea',
    html: article(
      'Tea guide',
      '<p>Green tea, black tea and a café au lait for the résumé.</p><h2 id="steep">Steep</h2><p>Steep for three minutes.</p>',
      '<p data-pagefind-weight="5" data-pagefind-meta="keywords">kettle, infusion</p><span data-pagefind-filter="version" data-pagefind-ignore hidden>v2</span>',
    ),
  },
  { url: '/guides/coffee', html: article('Coffee guide', '<p>Coffee is brewed, never steeped.</p>', '<span data-pagefind-filter="version" data-pagefind-ignore hidden>v1</span>') },
  { url: '/reference', html: article('Reference', '<p>Every kettle setting: temperature, timer, keep warm.</p><h2 id="timer">Timer</h2><p>The timer counts minutes.</p>') },
];

/** Pagefind's own index of `list`, added in this order. */
async function pagefindIndex(list: readonly Page[]): Promise<PagefindFile[]> {
  const { index, errors } = await createIndex({});
  if (!index) throw new Error(errors.join('; '));
  for (const page of list) assert.equal((await index.addHTMLFile({ url: page.url, content: page.html })).errors, [], page.url);
  const written = await index.getFiles();
  await index.deleteIndex();
  return written.files.map((file) => ({ path: file.path, content: file.content }));
}

interface Client {
  search(term: string, options?: unknown): Promise<{ results: Array<{ data(): Promise<Record<string, unknown>> }> }>;
  filters(): Promise<unknown>;
}

/** Pagefind's browser client over `files`: the `pagefind.js` among them, loaded in Node. */
async function clientOf(files: readonly PagefindFile[]): Promise<Client> {
  const folder = mkdtempSync(join(tmpdir(), 'docsgen-pagefind-contract-'));
  folders.push(folder);
  for (const file of files) {
    const path = join(folder, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
    served.set(pathToFileURL(path).href, file.content);
  }
  const client = (await import(pathToFileURL(join(folder, 'pagefind.js')).href)) as Client & { options(options: unknown): Promise<void> };
  await client.options({ basePath: `${pathToFileURL(folder).href}/` });
  return client;
}

const queries: Array<[term: string, options?: unknown]> = [['kettle'], ['tea'], ['steep'], ['cafe'], ['résumé'], ['minutes'], ['infusion'], ['tea', { filters: { version: 'v2' } }], ['guide', { filters: { version: 'v1' } }], ['nothingmatches']];

/** What a reader sees: each query's results in order, with URL, title, excerpt, sub-results, filters and meta; and the filter counts. */
async function answers(client: Client): Promise<unknown> {
  const results = [];
  for (const [term, options] of queries) {
    const found = await client.search(term, options);
    const data = await Promise.all(found.results.map((result) => result.data()));
    results.push([term, data.map((page) => [page.url, page.excerpt, page.word_count, page.filters, page.meta, page.sub_results])]);
  }
  return { results, filters: await client.filters() };
}

contract('should run the pagefind.js that ships with the pinned Pagefind', async () => {
  const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> }).dependencies.pagefind;
  const entry = (await pagefindIndex(pages.slice(0, 1))).find((file) => file.path === 'pagefind-entry.json')!;
  assert.is((JSON.parse(Buffer.from(entry.content).toString('utf8')) as { version: string }).version, version, 'the format is the one of the version in package.json');
  const found = await (await clientOf(await pagefindIndex(pages))).search('kettle');
  const urls = (await Promise.all(found.results.map((result) => result.data()))).map((page) => page.url);
  assert.equal(urls.sort(), ['/', '/guides/tea', '/reference'], 'the client finds pages in Pagefind\'s own index');
});

contract('should give the same answers for an index assembled from two Pagefind runs as for one run', async () => {
  const whole = await pagefindIndex(pages);
  const first = splitPagefindIndex(await pagefindIndex(pages.slice(0, 2)));
  const second = splitPagefindIndex(await pagefindIndex(pages.slice(2)));
  assert.ok(first && second, 'Pagefind\'s output splits into page records');
  const assembled = await assemblePagefindIndex({ ...first, records: [...first.records, ...second.records] });
  assert.ok(isSamePagefindIndex(assembled, whole), 'the same files, compared decompressed');
  const expected = await answers(await clientOf(whole));
  assert.equal(await answers(await clientOf(assembled)), expected);
});

contract('should give the same answers after one page changed, with only that page sent to Pagefind', async () => {
  const service = createSearchService();
  try {
    const list: SearchPage[] = pages.map((page, position) => ({ slug: `page-${position}`, url: page.url }));
    const shares: SearchShares = {};
    const make = async (documents: readonly Page[]) => {
      const document = (slug: string): string => documents[Number(slug.slice('page-'.length))]!.html;
      const indexer = service.startIndex(list, { shares, document, roundSize: 1 });
      for (const slug of indexer.slugs) indexer.add(slug, document(slug));
      return indexer.finish();
    };
    await make(pages);
    const edited = pages.map((page) => (page.url === '/guides/coffee' ? { ...page, html: page.html.replace('never steeped', 'never steeped, always with a kettle') } : page));
    const rounds = countSearchRounds();
    const updated = await make(edited);
    assert.equal(updated.messages, []);
    assert.is(countSearchRounds() - rounds, 1, 'one round: the changed page alone went to Pagefind');
    // Pagefind gets what the service hands it: each page's searchable document.
    const whole = await pagefindIndex(edited.map((page) => ({ ...page, html: searchableDocument(page.html, []) })));
    assert.equal(await answers(await clientOf(updated.files)), await answers(await clientOf(whole)));
  } finally {
    await service.close();
  }
});

contract.run();
