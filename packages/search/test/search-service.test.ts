import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSearchService, type SearchPage } from '../src/index.js';

const service = suite('search service');

const pages: SearchPage[] = ['alpha', 'beta', 'gamma'].map((slug) => ({ slug, url: `/${slug}` }));
const html = (slug: string): string => `<!doctype html><html lang="en"><head><title>${slug}</title></head><body><article><h1>${slug}</h1><p>About ${slug} and kettles.</p></article></body></html>`;

service('should finish one service\'s index when another service closes meanwhile', async () => {
  const building = createSearchService();
  const other = createSearchService();
  let release = (): void => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const result = building.buildIndex(pages, async (slug) => {
    if (slug === 'gamma') await held;
    return html(slug);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  // Pagefind's process is shared: closing the other service must not stop it under this index.
  await other.close();
  release();
  const made = await result;
  assert.equal(made.messages, []);
  assert.equal(made.slugs, ['alpha', 'beta', 'gamma']);
  assert.ok(made.files.some((file) => file.path === 'pagefind-entry.json'));
  await building.close();
});

service('should make an index again after it was closed', async () => {
  const search = createSearchService();
  const first = await search.buildIndex(pages, html);
  await search.close();
  const second = await search.buildIndex(pages, html);
  await search.close();
  assert.equal(second.messages, []);
  assert.equal(second.files.map((file) => file.path), first.files.map((file) => file.path), 'the same index, Pagefind started again');
});

service('should stop asking for pages and write nothing once aborted', async () => {
  const search = createSearchService();
  const many: SearchPage[] = Array.from({ length: 40 }, (_, number) => ({ slug: `page-${number}`, url: `/page-${number}` }));
  const controller = new AbortController();
  const asked: string[] = [];
  const made = await search.buildIndex(many, async (slug) => {
    asked.push(slug);
    if (asked.length === 20) controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 5));
    return html(slug);
  }, { signal: controller.signal });
  await search.close();
  assert.equal(made.files, []);
  assert.ok(asked.length < many.length, `asked for ${asked.length} of ${many.length} pages`);
});

service('should name the page and give its URL to Pagefind, with keywords and filters in its document', async () => {
  const search = createSearchService();
  const made = await search.buildIndex([{ slug: 'tea', url: '/guides/tea', keywords: ['infusion'], version: 'v2' }], html);
  await search.close();
  assert.equal(made.messages, []);
  assert.equal(made.slugs, ['tea']);
  const filters = made.files.filter((file) => file.path.startsWith('filter/'));
  assert.is(filters.length, 1, 'one filter file: version');
  const fragment = gunzipSync(made.files.find((file) => file.path.startsWith('fragment/'))!.content).toString('utf8');
  assert.ok(fragment.includes('"url":"/guides/tea"'), 'the page\'s URL');
  assert.ok(fragment.includes('"version":["v2"]'), 'its version filter');
  assert.ok(fragment.includes('"keywords":"infusion"'), 'its keywords as meta');
});

/** Pagefind processes this Node process runs (Linux: from /proc; elsewhere `undefined`). */
function pagefindProcesses(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  let count = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // `pid (name) state ppid …`: the name may hold spaces, the fields after it do not.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [name, rest] = [stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), stat.slice(stat.lastIndexOf(')') + 2).split(' ')];
      if (name.startsWith('pagefind') && Number(rest[1]) === process.pid && rest[0] !== 'Z') count += 1;
    } catch {
      // A process that ended meanwhile.
    }
  }
  return count;
}

service('should make an index of pages in several languages in a Pagefind process per language, and stop them when closed', async () => {
  const multilingual: SearchPage[] = ['en', 'fr', 'en', 'de', 'fr', 'en'].map((language, number) => ({ slug: `${language}/page-${number}`, url: `/${language}/page-${number}`, language }));
  const document = (slug: string): string => html(slug).replace('lang="en"', `lang="${slug.split('/')[0]}"`);
  const indexOf = async (processes: number) => {
    const search = createSearchService();
    const run = search.startIndex(multilingual, { document, processes });
    for (const page of multilingual) run.add(page.slug, document(page.slug));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const running = pagefindProcesses();
    const made = await run.finish();
    await search.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { made, running, after: pagefindProcesses() };
  };
  const one = await indexOf(1);
  const three = await indexOf(3);
  if (one.running !== undefined) {
    assert.is(one.running, 1);
    assert.is(three.running, 3, 'a process per language');
    assert.is(three.after, 0, 'every process stopped once closed');
  }
  assert.equal(three.made.messages, []);
  assert.equal(three.made.files.map((file) => file.path), one.made.files.map((file) => file.path));
  three.made.files.forEach((file, position) => assert.ok(Buffer.from(file.content).equals(Buffer.from(one.made.files[position]!.content)), file.path));
});

service.run();
