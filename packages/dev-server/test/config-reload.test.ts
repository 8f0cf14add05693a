import { createSite } from '@docsgen/core';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevSession, type DevSession } from '../src/index.js';

// A docs.json edit reloads the site through the load cache, which keeps what the edit leaves
// unchanged (the pages found, their metadata, `_meta.json`, the navigation model, the page
// compiler). What a reader gets over HTTP after the save must be what a fresh start gives:
// these tests save files, wait for the watcher, and ask the server as a browser would.

type Change = { files: string[]; reload: 'full' | 'pages'; slugs: string[] };
const reload = suite<{ root: string; session: DevSession; changes: Change[]; base: string }>('dev: a docs.json edit, as a reader sees it');

const spec = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://spec.example.com' }],
  paths: { '/pets': { get: { summary: 'List pets', responses: { 200: { description: 'OK' } } } } },
});

const docsJson = (changes: Record<string, unknown> = {}) =>
  JSON.stringify(
    {
      name: 'Kept site',
      colors: { primary: '#112233' },
      navigation: {
        groups: [
          { group: 'Getting started', pages: ['index', 'guide'] },
          { group: 'Folder', pages: ['notes'] },
          { group: 'Reference', pages: ['api/pets'] },
        ],
      },
      api: { baseUrl: 'https://first.example.com' },
      redirects: [{ source: '/old-guide', destination: '/guide' }],
      ...changes,
    },
    null,
    2,
  );

reload.before.each(async (context) => {
  context.root = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-config-reload-')));
  const files: Record<string, string> = {
    'docs.json': docsJson(),
    'index.mdx': '---\ntitle: Home\n---\n\nWelcome home.\n',
    'guide.mdx': '---\ntitle: Guide\n---\n\nimport Shared from "/snippets/shared.mdx";\n\nGuide text.\n\n<Shared />\n',
    'snippets/shared.mdx': 'Shared words.\n',
    'notes/_meta.json': JSON.stringify({ titles: { first: 'First label' } }),
    'notes/first.mdx': '---\ntitle: First note\n---\n\nFirst.\n',
    'api/pets.mdx': '---\nopenapi: /openapi.json GET /pets\n---\n\nAbout pets.\n',
    'openapi.json': spec,
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(context.root, name)), { recursive: true });
    writeFileSync(join(context.root, name), content);
  }
  context.changes = [];
  // As `docsgen dev` loads it: the compile cache on disk and the session's load cache.
  context.session = await startDevSession({
    root: context.root,
    loadSite: ({ loadCache }) => createSite(context.root, { mode: 'dev', compileCache: true, loadCache }),
    onChange: (change) => context.changes.push(change),
  });
  await new Promise<void>((done) => context.session.server.listen(0, '127.0.0.1', done));
  context.base = `http://127.0.0.1:${(context.session.server.address() as AddressInfo).port}`;
});

reload.after.each(async (context) => {
  await context.session.close();
  rmSync(context.root, { recursive: true });
});

/** Saves `file` and waits until the session has applied it. */
async function save(context: { root: string; changes: Change[] }, file: string, content: string): Promise<void> {
  const before = context.changes.length;
  writeFileSync(join(context.root, file), content);
  for (let waited = 0; context.changes.length === before && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(context.changes.length > before, `the session applied the save of ${file}`);
}

async function page(base: string, path: string): Promise<string> {
  const response = await fetch(`${base}${path}`);
  assert.is(response.status, 200, path);
  return response.text();
}

/**
 * The sidebar and the main column of a page, as a fresh start on the project as it is now draws
 * them (the reference for a reload); the page as served, cut the same way. The rest of a served
 * page names the server's origin and the session's navigation file.
 */
async function freshParts(root: string, slug: string): Promise<string> {
  const site = await createSite(root, { mode: 'dev' });
  return partsOf((await site.document(slug))?.html ?? '');
}
function partsOf(html: string): string {
  const between = (start: string, end: string) => html.slice(html.indexOf(start), html.indexOf(end) + end.length);
  return `${between('<nav', '</nav>').replace(/data-nav-src="[^"]*"/, '')}\n${between('<main', '</main>')}`;
}

reload('should show a renamed group on every page, and a fresh start agrees on the navigation', async (context) => {
  for (const path of ['/', '/guide', '/notes/first']) assert.match(await page(context.base, path), 'Getting started');
  await save(context, 'docs.json', docsJson({ navigation: { groups: [{ group: 'First steps', pages: ['index', 'guide'] }, { group: 'Folder', pages: ['notes'] }, { group: 'Reference', pages: ['api/pets'] }] } }));
  assert.is(context.changes.at(-1)?.reload, 'full');
  for (const path of ['/', '/guide', '/notes/first', '/api/pets']) {
    const html = await page(context.base, path);
    assert.match(html, 'First steps', path);
    assert.not.match(html, 'Getting started', path);
  }
  assert.is(partsOf(await page(context.base, '/guide')), await freshParts(context.root, 'guide'));
  const fresh = await createSite(context.root, { mode: 'dev' });
  assert.equal(context.session.site.navigation, fresh.navigation);
  assert.equal(context.session.site.navigablePages, fresh.navigablePages);
  assert.equal(context.session.site.manifest.pages, fresh.manifest.pages);
});

reload('should render a page and its snippet after a docs.json edit, and the snippet edited after it', async (context) => {
  assert.match(await page(context.base, '/guide'), 'Shared words.');
  await save(context, 'docs.json', docsJson({ name: 'Edited' }));
  const html = await page(context.base, '/guide');
  assert.match(html, 'Shared words.');
  assert.match(html, 'Edited');
  await save(context, 'snippets/shared.mdx', 'Shared, edited.\n');
  assert.is(context.changes.at(-1)?.reload, 'pages');
  const edited = await page(context.base, '/guide');
  assert.match(edited, 'Shared, edited.');
  assert.not.match(edited, 'Shared words.');
  assert.is(partsOf(edited), await freshParts(context.root, 'guide'));
});

reload('should show a changed colour, name and a new redirect at once', async (context) => {
  assert.match(await page(context.base, '/guide'), '#112233');
  assert.is((await fetch(`${context.base}/new-guide`, { redirect: 'manual' })).status, 404);
  await save(context, 'docs.json', docsJson({ name: 'Renamed site', colors: { primary: '#445566' }, redirects: [{ source: '/old-guide', destination: '/guide' }, { source: '/new-guide', destination: '/' }] }));
  const html = await page(context.base, '/guide');
  assert.match(html, '#445566');
  assert.not.match(html, '#112233');
  assert.match(html, 'Renamed site');
  const redirected = await fetch(`${context.base}/new-guide`, { redirect: 'manual' });
  assert.ok(redirected.status >= 300 && redirected.status < 400, `redirect status ${redirected.status}`);
  assert.is(redirected.headers.get('location'), '/');
  // A redirect taken out goes.
  await save(context, 'docs.json', docsJson({ redirects: [] }));
  assert.is((await fetch(`${context.base}/old-guide`, { redirect: 'manual' })).status, 404);
});

reload('should show a changed API base URL on the API page and let the try-it proxy reach it', async (context) => {
  const before = await page(context.base, '/api/pets');
  assert.match(before, 'https://first.example.com');
  await save(context, 'docs.json', docsJson({ api: { baseUrl: 'https://second.example.com' } }));
  const after = await page(context.base, '/api/pets');
  assert.match(after, 'https://second.example.com');
  assert.not.match(after, 'https://first.example.com');
  assert.ok(context.session.site.apiOrigins.includes('https://second.example.com'));
  assert.not.ok(context.session.site.apiOrigins.includes('https://first.example.com'));
  assert.is(partsOf(after), await freshParts(context.root, 'api/pets'));
});

reload('should show a page added with its docs.json entry, and its frontmatter saved in the same batch', async (context) => {
  assert.is((await fetch(`${context.base}/added`)).status, 404);
  mkdirSync(join(context.root, 'more'), { recursive: true });
  writeFileSync(join(context.root, 'added.mdx'), '---\ntitle: Added page\n---\n\nNew here.\n');
  writeFileSync(join(context.root, 'guide.mdx'), '---\ntitle: Guide renamed\n---\n\nGuide text.\n');
  await save(context, 'docs.json', docsJson({ navigation: { groups: [{ group: 'Getting started', pages: ['index', 'guide', 'added'] }, { group: 'Folder', pages: ['notes'] }, { group: 'Reference', pages: ['api/pets'] }] } }));
  // The watcher may have sent the three saves in more than one batch: wait for the last.
  for (let waited = 0; context.session.site.pages.get('guide')?.title !== 'Guide renamed' && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  const html = await page(context.base, '/added');
  assert.match(html, 'New here.');
  assert.match(await page(context.base, '/'), 'Guide renamed');
  assert.ok(context.session.site.navigablePages.includes('added'));
});

reload('should show a folder label saved in _meta.json, and keep it across a docs.json edit', async (context) => {
  assert.match(await page(context.base, '/'), 'First label');
  await save(context, 'notes/_meta.json', JSON.stringify({ titles: { first: 'Second label' } }));
  assert.match(await page(context.base, '/'), 'Second label');
  await save(context, 'docs.json', docsJson({ name: 'After the label' }));
  const html = await page(context.base, '/');
  assert.match(html, 'Second label');
  assert.not.match(html, 'First label');
  assert.is(partsOf(html), await freshParts(context.root, 'index'));
  assert.is(context.session.site.pages.get('notes/first')?.sidebarTitle, 'Second label');
});

reload('should place navigation warnings where docs.json has them after lines move', async (context) => {
  const duplicated = (changes: Record<string, unknown>) => docsJson({ navigation: { groups: [{ group: 'Getting started', pages: ['index', 'guide', 'guide'] }, { group: 'Folder', pages: ['notes'] }, { group: 'Reference', pages: ['api/pets'] }] }, ...changes });
  await save(context, 'docs.json', duplicated({}));
  const lineOf = () => context.session.site.messages.find((message) => message.ruleId === 'nav-duplicate-page')?.line;
  const first = lineOf();
  assert.ok(first);
  // The same navigation, two lines further down.
  await save(context, 'docs.json', duplicated({}).replace('{\n', '{\n  "description": "Two more",\n  "logo": "/logo.svg",\n'));
  assert.is(lineOf(), first + 2);
  const text = readFileSync(join(context.root, 'docs.json'), 'utf8').split('\n');
  assert.match(text[first + 1]!, '"guide"');
});

reload.run();
