import { closeSearchIndexer, createSite, type Site } from '@docsgen/core';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDevServer, type DevServer } from '../src/index.js';
import { sendRaw } from './project.js';

const search = suite<{ root: string; site: Site; dev: DevServer; port: number }>('dev server search index');

search.before(async (context) => {
  context.root = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-dev-search-')));
  writeFileSync(join(context.root, 'docs.json'), JSON.stringify({ name: 'Search', navigation: { pages: ['index', 'guide'] } }));
  writeFileSync(join(context.root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
  writeFileSync(join(context.root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nThe zephyrword is here.\n');
  context.site = await createSite(context.root);
  context.dev = createDevServer({ site: context.site, liveReload: false });
  await new Promise<void>((resolve) => context.dev.server.listen(0, '127.0.0.1', resolve));
  context.port = (context.dev.server.address() as AddressInfo).port;
});

search.after(async (context) => {
  await context.dev.close();
  await closeSearchIndexer();
  rmSync(context.root, { recursive: true, force: true });
});

/** GET over raw HTTP (the target is sent as it is). */
const get = (port: number, path: string) => sendRaw(port, `GET ${path} HTTP/1.1`);

/** The words of the index chunks the entry file names (the index is small: one chunk). */
async function indexedWords(port: number): Promise<string> {
  const entry = await get(port, '/_docsgen/search/pagefind-entry.json');
  assert.is(entry.status, 200);
  const meta = JSON.parse(entry.body.toString('utf8')) as { languages: Record<string, { hash: string }> };
  const hash = Object.values(meta.languages)[0]?.hash;
  const metaFile = await get(port, `/_docsgen/search/pagefind.${hash}.pf_meta`);
  assert.is(metaFile.status, 200);
  const chunks = [...gunzipSync(metaFile.body).toString('latin1').matchAll(/en_[0-9a-f]{7}/g)].map((match) => match[0]);
  let words = '';
  for (const chunk of new Set(chunks)) {
    const file = await get(port, `/_docsgen/search/index/${chunk}.pf_index`);
    if (file.status === 200) words += gunzipSync(file.body).toString('utf8');
  }
  return words;
}

search('should serve the index files made in memory, with JavaScript as JavaScript and 404 for others', async ({ port, site }) => {
  // Pages rendered for the index are not kept.
  const released: string[] = [];
  const release = site.release.bind(site);
  site.release = (slug) => {
    released.push(slug);
    release(slug);
  };
  const client = await get(port, '/_docsgen/search/pagefind.js');
  assert.is(client.status, 200);
  assert.is(client.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.is(client.headers['x-content-type-options'], 'nosniff');
  assert.is((await get(port, '/_docsgen/search/pagefind-ui.js')).status, 404, "Pagefind's own UI is not served");
  assert.is((await get(port, '/_docsgen/search/nope.pf_index')).status, 404);
  assert.is((await get(port, '/_docsgen/search/../docs.json')).status, 400);
  assert.match(await indexedWords(port), 'zephyrword');
  assert.equal(released.sort(), ['guide', 'index']);
  site.release = release;
});

search('should index again after a page changed', async (context) => {
  assert.not.match(await indexedWords(context.port), 'quillmark');
  const file = join(context.root, 'guide.mdx');
  writeFileSync(file, '---\ntitle: Guide\n---\n\nNow the quillmark is here.\n');
  // What the dev session does on a page change: the site forgets the file, the server is told.
  context.site.invalidate(file);
  context.dev.reload({ type: 'update', slugs: ['guide'] });
  // Only the changed page renders again; the other is read as search kept it.
  const rendered: string[] = [];
  const document = context.site.document.bind(context.site);
  context.site.document = (slug, options) => {
    rendered.push(slug);
    return document(slug, options);
  };
  const words = await indexedWords(context.port);
  context.site.document = document;
  assert.match(words, 'quillmark');
  assert.not.match(words, 'zephyrword');
  assert.match(words, 'welcom', 'the page kept is still indexed (stemmed)');
  assert.equal(rendered, ['guide']);
});

search('should build the index in the background once the server is quiet, when asked to', async (context) => {
  const site = await createSite(context.root);
  const rendered: string[] = [];
  const document = site.document.bind(site);
  site.document = (slug, options) => {
    rendered.push(slug);
    return document(slug, options);
  };
  const dev = createDevServer({ site, liveReload: false, prepareSearchAfterMs: 50 });
  await new Promise<void>((resolve) => dev.server.listen(0, '127.0.0.1', resolve));
  const port = (dev.server.address() as AddressInfo).port;
  try {
    for (let waited = 0; rendered.length < 2 && waited < 20_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal([...rendered].sort(), ['guide', 'index'], 'every page rendered without a search request');
    const before = rendered.length;
    assert.match(await indexedWords(port), 'quillmark');
    assert.is(rendered.length, before, 'the search used the prepared index');
  } finally {
    await dev.close();
  }
});

search('should serve no index and draw no search box with docsgen.config search: false', async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-dev-nosearch-')));
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'No search', navigation: { pages: ['index'] } }));
  writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
  writeFileSync(join(root, 'docsgen.config.mjs'), 'export default { search: false };\n');
  const site = await createSite(root);
  const dev = createDevServer({ site, liveReload: false });
  await new Promise<void>((resolve) => dev.server.listen(0, '127.0.0.1', resolve));
  const port = (dev.server.address() as AddressInfo).port;
  try {
    assert.is((await get(port, '/_docsgen/search/pagefind.js')).status, 404);
    assert.is((await get(port, '/_docsgen/search/pagefind-entry.json')).status, 404);
    const page = await get(port, '/');
    assert.is(page.status, 200);
    assert.not.match(page.body.toString(), 'data-dg-search');
  } finally {
    await dev.close();
    rmSync(root, { recursive: true, force: true });
  }
});

search.run();
