import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSearchIndex, closeSearchIndexer, createSite, searchableDocument, searchableRegion, type SearchIndexFile, type SearchShares } from '../src/index.js';
import { isSamePagefindIndex } from '@docsgen/search';
import { countSearchRounds, startSearchIndex } from '../src/search-index.js';
import { writeTempProject } from './temp-project.js';

const search = suite('search index');

const page = (title: string, extra = '', body = `About ${title}.`): string => `---\ntitle: ${title}\n${extra}---\n\n${body}\n`;

/** Pagefind's index files are gzip-compressed behind a signature; their words are plain UTF-8 inside. */
function text(files: SearchIndexFile[], pattern: RegExp): string {
  return files
    .filter((file) => pattern.test(file.path))
    .map((file) => gunzipSync(file.content).toString('utf8'))
    .join('\n');
}

async function indexOf(files: Record<string, string>) {
  const site = await createSite(writeTempProject(files), { mode: 'build' });
  return buildSearchIndex(site, async (slug) => (await site.document(slug))?.html);
}

search.after(async () => {
  await closeSearchIndexer();
});

search('should index navigable pages only, not drafts, noindex, hidden or unlisted pages', async () => {
  const result = await indexOf({
    'docs.json': JSON.stringify({
      name: 'Acme',
      navigation: { groups: [{ group: 'Start', pages: ['index', 'quickstart', 'drafty', 'quiet', 'secret'] }, { group: 'Hidden', hidden: true, pages: ['tucked'] }] },
    }),
    'index.mdx': page('Home'),
    'quickstart.mdx': page('Quickstart', '', 'Install zanzibar first.'),
    'drafty.mdx': page('Drafty', 'draft: true\n'),
    'quiet.mdx': page('Quiet', 'noindex: true\n'),
    'secret.mdx': page('Secret', 'hidden: true\n'),
    'tucked.mdx': page('Tucked'),
    'unlisted.mdx': page('Unlisted'),
  });
  assert.equal(result.messages, []);
  assert.equal(result.slugs, ['index', 'quickstart']);
  const fragments = text(result.files, /^fragment\//);
  assert.ok(fragments.includes('"/quickstart"'), 'the page URL is in its fragment');
  assert.not.ok(/Drafty|Quiet|Secret|Tucked|Unlisted/.test(fragments), 'no fragment of a left-out page');
  assert.ok(text(result.files, /^index\//).includes('zanzibar'), 'page words are in the index');
  assert.ok(result.files.some((file) => file.path === 'pagefind.js'), 'the search client is written');
  assert.not.ok(result.files.some((file) => file.path.startsWith('pagefind-ui')), "Pagefind's own UI is not");
});

search('should index hidden and unlisted pages with `seo.indexing: "all"`, never drafts or noindex', async () => {
  const result = await indexOf({
    'docs.json': JSON.stringify({ name: 'Acme', seo: { indexing: 'all' }, navigation: { groups: [{ group: 'Start', pages: ['index', 'drafty', 'quiet', 'secret'] }] } }),
    'index.mdx': page('Home'),
    'drafty.mdx': page('Drafty', 'draft: true\n'),
    'quiet.mdx': page('Quiet', 'noindex: true\n'),
    'secret.mdx': page('Secret', 'hidden: true\n'),
    'unlisted.mdx': page('Unlisted'),
  });
  assert.equal(result.slugs.sort(), ['index', 'secret', 'unlisted']);
});

search('should stop asking for pages and write nothing once its signal aborts', async () => {
  const slugs = Array.from({ length: 60 }, (_, index) => `page-${index}`);
  const files: Record<string, string> = { 'docs.json': JSON.stringify({ name: 'Abort', navigation: { pages: slugs } }) };
  for (const slug of slugs) files[`${slug}.mdx`] = page(slug);
  const site = await createSite(writeTempProject(files), { mode: 'build' });
  const controller = new AbortController();
  const asked: string[] = [];
  const result = await buildSearchIndex(
    site,
    async (slug) => {
      asked.push(slug);
      if (asked.length === 3) controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 5));
      return (await site.document(slug))?.html;
    },
    { signal: controller.signal },
  );
  assert.equal(result.files, []);
  assert.ok(asked.length < slugs.length, `${asked.length} pages asked for`);
  // An index made afterwards is whole: the stopped one left nothing behind.
  const whole = await buildSearchIndex(site, async (slug) => (await site.document(slug))?.html);
  assert.is(whole.slugs.length, slugs.length);
});

search('should make frontmatter `keywords` searchable terms that the page text lacks', async () => {
  const result = await indexOf({
    'docs.json': JSON.stringify({ name: 'Acme', navigation: { groups: [{ group: 'Start', pages: ['index', 'auth'] }] } }),
    'index.mdx': page('Home'),
    'auth.mdx': page('Authentication', 'keywords: ["oauthflux", "bearertoken"]\n', 'Sign in with a token.'),
  });
  const words = text(result.files, /^index\//);
  assert.ok(words.includes('oauthflux'), words.slice(0, 200));
  assert.ok(words.includes('bearertoken'));
});

search('should keep the UI text around the content out of the index: copy buttons, screen-reader labels, table headers', async () => {
  const result = await indexOf({
    'docs.json': JSON.stringify({ name: 'Acme', navigation: { groups: [{ group: 'Start', pages: ['index'] }] } }),
    'index.mdx': page(
      'Home',
      '',
      '<Warning>Mind the glimmerstep.</Warning>\n\n```zsh\nconst lanternfish = 1;\n```\n\n| Headerword | Other |\n| --- | --- |\n| cellword | x |\n\n<Tabs><Tab title="Tabword">Inside the tab.</Tab></Tabs>\n\n<ParamField path="fieldword" type="string" required>About it.</ParamField>\n',
    ),
  });
  const fragments = text(result.files, /^fragment\//);
  const content = /"content":"([^"]*)"/.exec(fragments)?.[1] ?? '';
  for (const word of ['glimmerstep', 'lanternfish', 'cellword', 'Inside the tab', 'fieldword']) assert.match(content, word, word);
  // The code block's "Copy" button and language, the callout's "Warning:" label for screen
  // readers, the table's header row, the field's "required" badge.
  for (const word of ['Copy', 'zsh', 'Warning', 'Headerword', 'required']) assert.not.match(content, word, `${word} in ${content}`);
});

search('should give each page its navigation version as a filter', async () => {
  const result = await indexOf({
    'docs.json': JSON.stringify({
      name: 'Acme',
      navigation: { versions: [{ version: 'v2', default: true, pages: ['index'] }, { version: 'v1', pages: ['v1/index'] }] },
    }),
    'index.mdx': page('New home'),
    'v1/index.mdx': page('Old home'),
  });
  const filters = text(result.files, /^filter\//);
  assert.ok(filters.includes('version'));
  assert.ok(filters.includes('v1') && filters.includes('v2'));
  // The version is a filter, not words of the page: not in its excerpt text.
  const fragments = text(result.files, /^fragment\//);
  assert.match(fragments, '"content":"Old home. About Old home."');
  assert.not.match(fragments, /"content":"v1/);
});

search('should index again only the pages whose text changed, with shares kept in memory', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Acme', navigation: { pages: ['index', 'guide'] } }),
    'index.mdx': page('Home', '', 'Welcome home.'),
    'guide.mdx': page('Guide', '', 'The zephyrword is here.'),
  });
  const shares: SearchShares = {};
  const before = await createSite(root, { mode: 'build' });
  const first = await buildSearchIndex(before, async (slug) => (await before.document(slug))?.html, { shares });
  assert.equal(first.slugs, ['index', 'guide']);
  assert.is(shares.current?.records.size, 2);
  // Mark the kept share of the home page: an index that takes it from memory publishes the mark.
  const home = [...shares.current!.records.values()].find((record) => record.url === '/')!;
  home.fragment = gzipSync(Buffer.from(gunzipSync(home.fragment).toString('utf8').replace('Welcome home.', 'Welcome home, kept.')));
  home.fragmentHash = 'abcdef0123';
  writeFileSync(join(root, 'guide.mdx'), page('Guide', '', 'Now the quillmark is here.'));
  const site = await createSite(root, { mode: 'build' });
  const again = await buildSearchIndex(site, async (slug) => (await site.document(slug))?.html, { shares });
  assert.equal(again.messages, []);
  const fragments = text(again.files, /^fragment\//);
  assert.match(fragments, 'Welcome home, kept.');
  assert.match(fragments, 'quillmark');
  assert.not.match(fragments, 'zephyrword');
});

search('should send pages to Pagefind in rounds with a store, and give the index Pagefind gives in one', async () => {
  const words = ['zephyr', 'quill', 'café', 'cafe', 'naïve', 'ångström', 'résumé', 'déjà', 'mark', 'lantern', 'harbour'];
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Acme', navigation: { pages: words.map((_word, number) => `page-${number}`) } }),
  };
  words.forEach((word, number) => {
    files[`page-${number}.mdx`] = page(`Page ${number}`, number % 3 === 0 ? `keywords: [${word}s]\n` : '', `The ${word} and the ${words[(number + 1) % words.length]}, ${'repeated words '.repeat(number)}once more.`);
  });
  const root = writeTempProject(files);
  const site = await createSite(root, { mode: 'build' });
  const documents = new Map<string, string>();
  for (const slug of site.pages.keys()) documents.set(slug, (await site.document(slug))!.html);
  const whole = await buildSearchIndex(site, (slug) => documents.get(slug));
  assert.equal(whole.messages, []);

  const run = async (shares: SearchShares, document = (slug: string): string | undefined => documents.get(slug)) => {
    const indexer = startSearchIndex(site, { shares, document, roundSize: 3 });
    for (const slug of indexer.slugs) {
      indexer.add(slug, document(slug));
      await indexer.drained();
    }
    return indexer.finish();
  };
  const before = countSearchRounds();
  const shares: SearchShares = {};
  const inRounds = await run(shares);
  assert.is(countSearchRounds() - before, 4, 'rounds of 3, 3, 3 and 2 pages');
  assert.equal(inRounds.messages, []);
  assert.equal(inRounds.slugs, whole.slugs);
  assert.ok(isSamePagefindIndex(inRounds.files, whole.files), 'the same index');
  assert.is(shares.current?.records.size, words.length, 'every page\'s share is kept');

  // A page Pagefind's output cannot be split for (it sorts by an attribute): one index of every page.
  const sorted = (slug: string): string | undefined => documents.get(slug)?.replace('<article', '<article data-pagefind-sort="weight:2"');
  const wholeSorted = await buildSearchIndex(site, sorted);
  const fallback = await run({}, sorted);
  assert.equal(fallback.messages, []);
  assert.ok(isSamePagefindIndex(fallback.files, wholeSorted.files));
});

search('should hand Pagefind only the article, marked as the indexed region, without heading anchors, with keywords and filters', () => {
  const html =
    '<!doctype html>\n<html lang="fr" data-slug="x"><head><title>A - Site</title><script src="/x.js"></script></head><body><nav>Menu</nav>' +
    '<article class="dg-article"><h2 id="a">A<a href="#a" aria-label="Link to this section" class="dg-heading-anchor"><span aria-hidden="true">#</span></a></h2></article><footer>F</footer></body></html>';
  assert.is(
    searchableDocument(html, ['x<y'], { version: 'v1', language: 'fr' }),
    '<!doctype html>\n<html lang="fr" data-slug="x"><head><meta charset="utf-8"><title>A - Site</title></head><body><article class="dg-article" data-pagefind-body><p data-pagefind-weight="5" data-pagefind-meta="keywords">x&lt;y</p>' +
      '<span data-pagefind-filter="version" data-pagefind-ignore hidden>v1</span><span data-pagefind-filter="language" data-pagefind-ignore hidden>fr</span><h2 id="a">A</h2></article></body></html>',
  );
  assert.is(searchableDocument('<html><body class="x"><p>Hi</p></body></html>', []), '<html><body class="x" data-pagefind-body><p>Hi</p></body></html>');
  // Highlighted code keeps its text, not its token markup; drawings go.
  assert.is(
    searchableDocument('<html><body><article><pre class="shiki"><code><span class="line"><span style="--shiki-light:#000">const</span><span> a</span></span>\n</code></pre><svg viewBox="0 0 1 1"><path d="M0"/></svg></article></body></html>', []),
    '<!doctype html>\n<html><head><meta charset="utf-8"></head><body><article data-pagefind-body><pre class="shiki"><code>const a\n</code></pre></article></body></html>',
  );
});

search('should hand Pagefind the page\'s own ids as anchors, not the ids of the layout\'s parts', async () => {
  // The layout carries the platform's ids (`#content`, `#page-title`, `#pagination`, …) for
  // projects' custom CSS; Pagefind makes every id an anchor, and a heading with one a section.
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Ids', navigation: { pages: ['index', 'next'] } }),
    'index.mdx': page('Home', '', '## Setup\n\nText.\n\n## Footer\n\nAbout the footer.\n'),
    'next.mdx': page('Next'),
  }, 'docsgen-ids-');
  const site = await createSite(root);
  const html = (await site.document('index'))!.html;
  for (const id of ['content-area', 'header', 'page-title', 'content', 'pagination']) assert.match(html, ` id="${id}"`, id);
  // The heading keeps `#footer`: the layout's footer goes without (there is none here anyway).
  assert.is(html.match(/ id="footer"/g)?.length, 1);
  const ids = [...searchableDocument(html, []).matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
  assert.equal(ids.filter((id) => !id!.startsWith('dg-')), ['setup', 'footer']);
});

search('should keep of a page only what search reads: the same document for Pagefind, from a fraction of the page', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Region', navigation: { pages: ['index'] } }),
    'index.mdx': page('Home', 'keywords: [alpha]\n', '## Setup\n\n```js\nconst a = 1;\n```\n\n<Note>Careful.</Note>\n'),
  }, 'docsgen-region-');
  const site = await createSite(root);
  const html = (await site.document('index'))!.html;
  const region = searchableRegion(html);
  assert.ok(region.length < html.length / 2, `${region.length} of ${html.length} bytes`);
  assert.is(searchableRegion(region), region);
  assert.is(searchableDocument(region, ['alpha'], { version: 'v1' }), searchableDocument(html, ['alpha'], { version: 'v1' }));
  assert.is(searchableDocument('<html><body><p>Hi</p></body></html>', []), searchableDocument(searchableRegion('<html><body><p>Hi</p></body></html>'), []));
});

search('should say how to fix a missing Pagefind binary instead of failing obscurely', async () => {
  await closeSearchIndexer();
  process.env.PAGEFIND_BINARY_PATH = '/nonexistent/pagefind';
  try {
    const site = await createSite(writeTempProject({ 'docs.json': JSON.stringify({ name: 'Acme', navigation: { pages: ['index'] } }), 'index.mdx': page('Home') }));
    const result = await buildSearchIndex(site, () => '<html><body></body></html>');
    assert.equal(result.files, []);
    assert.is(result.messages.length, 1);
    const [message] = result.messages;
    assert.is(message?.ruleId, 'search-index-failed');
    assert.is(message?.fatal, true);
    assert.match(message?.note ?? '', new RegExp(`@pagefind/${process.platform}-${process.arch}`));
    assert.match(message?.note ?? '', /Reinstall dependencies/);
  } finally {
    delete process.env.PAGEFIND_BINARY_PATH;
    await closeSearchIndexer();
  }
});

search('should finish an index when Pagefind is asked to close while it is still building', async () => {
  const site = await createSite(
    writeTempProject({ 'docs.json': JSON.stringify({ name: 'Acme', navigation: { pages: ['index', 'other'] } }), 'index.mdx': page('Home'), 'other.mdx': page('Other') }),
    { mode: 'build' },
  );
  let release = (): void => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The first page waits until another user of the shared process (a dev server shutting down,
  // another build) has asked for it to close.
  const building = buildSearchIndex(site, async (slug) => {
    if (slug === 'other') await held;
    return (await site.document(slug))?.html;
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  await closeSearchIndexer();
  release();
  const result = await building;
  assert.equal(result.messages, []);
  assert.equal(result.slugs, ['index', 'other']);
  assert.ok(result.files.length > 0);
});

search.run();
