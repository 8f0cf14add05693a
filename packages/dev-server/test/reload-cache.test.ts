import { createSite } from '@docsgen/core';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevSession, type DevSession } from '../src/index.js';

// A docs.json change reloads the site; the pages' frontmatter and the specs read by the load
// before are taken again while their files are unchanged (`SiteLoadCache`), never when saved.

type Change = { files: string[]; reload: 'full' | 'pages'; slugs: string[] };
const reload = suite<{ root: string; session: DevSession; changes: Change[] }>('dev: reload through the load cache');

const spec = (summary: string) =>
  `openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths:\n  /users:\n    get:\n      summary: ${summary}\n      responses:\n        "200":\n          description: OK\n`;

reload.before.each(async (context) => {
  context.root = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-reload-cache-')));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Before', navigation: { pages: ['index', 'guide', 'api/list'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
    'guide.mdx': '---\ntitle: Guide\nkeywords: ["a", "b"]\n---\n\nGuide text.\n',
    // No title of its own: the page takes the operation's, and shows its method.
    'api/list.mdx': '---\nopenapi: /specs/openapi.yaml GET /users\n---\n\nAbout listing.\n',
    'specs/openapi.yaml': spec('List users'),
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(context.root, name)), { recursive: true });
    writeFileSync(join(context.root, name), content);
  }
  context.changes = [];
  context.session = await startDevSession({
    root: context.root,
    loadSite: ({ loadCache }) => createSite(context.root, { loadCache }),
    onChange: (change) => context.changes.push(change),
  });
});

reload.after.each(async (context) => {
  await context.session.close();
  rmSync(context.root, { recursive: true });
});

async function waitUntil(isDone: () => boolean): Promise<void> {
  for (let waited = 0; !isDone() && waited < 5000; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
}

function editDocsJson(root: string, name: string): void {
  const file = join(root, 'docs.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/"name":"[^"]*"/, `"name":"${name}"`));
}

reload('should show a docs.json edit on pages whose frontmatter and spec were read before', async (context) => {
  const before = context.session.site;
  assert.is(before.pages.get('api/list')?.title, 'List users');
  editDocsJson(context.root, 'After');
  await waitUntil(() => context.changes.length > 0);
  assert.is(context.changes[0]?.reload, 'full');
  const site = context.session.site;
  assert.is.not(site, before);
  assert.is(site.config?.name, 'After');
  // The spec's operation is the one read before: the specs were not read again.
  assert.is(site.api.bindings.get('api/list'), before.api.bindings.get('api/list'));
  assert.is(site.pages.get('api/list')?.title, 'List users');
  assert.is(site.pages.get('api/list')?.method, 'GET');
  assert.equal(site.pages.get('guide')?.frontmatter.keywords, ['a', 'b']);
  const page = await site.document('api/list');
  assert.match(page?.html ?? '', 'After');
  assert.match(page?.html ?? '', 'About listing.');
  assert.match(page?.html ?? '', 'data-dg-api');
});

reload('should read a saved spec and a saved page again on the next reload', async (context) => {
  const before = context.session.site;
  writeFileSync(join(context.root, 'specs/openapi.yaml'), spec('List members'));
  await waitUntil(() => context.changes.length > 0);
  assert.is(context.session.site.pages.get('api/list')?.title, 'List members');
  assert.is.not(context.session.site.api.bindings.get('api/list'), before.api.bindings.get('api/list'));

  // A page's new frontmatter, then docs.json.
  writeFileSync(join(context.root, 'guide.mdx'), '---\ntitle: Guide renamed\n---\n\nGuide text.\n');
  editDocsJson(context.root, 'Again');
  await waitUntil(() => context.session.site.config?.name === 'Again');
  const site = context.session.site;
  assert.is(site.config?.name, 'Again');
  assert.is(site.pages.get('guide')?.title, 'Guide renamed');
  assert.is(site.pages.get('guide')?.frontmatter.keywords, undefined);
  assert.is(site.pages.get('api/list')?.title, 'List members');
});

reload.run();
