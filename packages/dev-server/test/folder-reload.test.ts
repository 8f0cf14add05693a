import { createSite } from '@docsgen/core';
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevSession, type DevSession } from '../src/index.js';

type Change = { files: string[]; reload: 'full' | 'pages'; slugs: string[] };
const reload = suite<{ root: string; session: DevSession; changes: Change[] }>('folder and config reload');

reload.before.each(async (context) => {
  // realpath: the watcher reports paths under the real folder.
  context.root = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-folder-reload-')));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Folders', navigation: { pages: ['guides'] } }),
    'guides/_meta.json': JSON.stringify({ pages: ['b', 'a'] }),
    'guides/a.mdx': '# A\n',
    'guides/b.mdx': '# B\n',
    'guides/c.mdx': '# C\n\n<Badge />\n',
    'docsgen.config.ts': "import { label } from './config/label';\nexport default { components: { Badge: () => label } };\n",
    'config/label.ts': "export const label = 'first label';\n",
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(context.root, name)), { recursive: true });
    writeFileSync(join(context.root, name), content);
  }
  context.changes = [];
  context.session = await startDevSession({ root: context.root, loadSite: () => createSite(context.root), onChange: (change) => context.changes.push(change) });
});

reload.after.each(async (context) => {
  await context.session.close();
  rmSync(context.root, { recursive: true });
});

async function waitFor(changes: Change[], count: number): Promise<void> {
  for (let waited = 0; changes.length < count && waited < 5000; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
}

reload('should reload the site with the new sidebar order when _meta.json is edited', async (context) => {
  assert.equal(context.session.site.navigablePages, ['guides/b', 'guides/a', 'guides/c']);
  writeFileSync(join(context.root, 'guides/_meta.json'), JSON.stringify({ title: 'Renamed', pages: ['c'] }));
  await waitFor(context.changes, 1);
  assert.is(context.changes[0]?.reload, 'full');
  assert.equal(context.session.site.navigablePages, ['guides/c', 'guides/a', 'guides/b']);
  const group = context.session.site.navigation?.children[0];
  assert.is(group?.kind === 'group' ? group.title : undefined, 'Renamed');
});

reload('should reload the site when a file the config imports is edited', async (context) => {
  assert.match((await context.session.site.render('guides/c'))?.html ?? '', 'first label');
  writeFileSync(join(context.root, 'config/label.ts'), "export const label = 'second label';\n");
  await waitFor(context.changes, 1);
  assert.is(context.changes[0]?.reload, 'full');
  assert.match((await context.session.site.render('guides/c'))?.html ?? '', 'second label');
});

reload('should reload the site when a stylesheet appears at the project root, and link it on every page', async (context) => {
  assert.equal(context.session.site.projectFiles, []);
  writeFileSync(join(context.root, 'custom.css'), 'body { color: red; }\n');
  await waitFor(context.changes, 1);
  assert.is(context.changes[0]?.reload, 'full');
  assert.equal(context.session.site.projectFiles, ['custom.css']);
  assert.match((await context.session.site.document('guides/a'))?.html ?? '', 'href="/custom.css"');
  // An edit of it reloads the open pages without loading the project again.
  writeFileSync(join(context.root, 'custom.css'), 'body { color: blue; }\n');
  await waitFor(context.changes, 2);
  assert.is(context.changes[1]?.reload, 'full');
  assert.equal(context.session.site.projectFiles, ['custom.css']);
});

reload('should reload the site when a script appears in a content folder, and load it on every page', async (context) => {
  mkdirSync(join(context.root, 'site-scripts'));
  writeFileSync(join(context.root, 'site-scripts', 'hubspot.js'), 'window.loaded = true;\n');
  await waitFor(context.changes, 1);
  assert.is(context.changes[0]?.reload, 'full');
  assert.equal(context.session.site.projectFiles, ['site-scripts/hubspot.js']);
  assert.match((await context.session.site.document('guides/a'))?.html ?? '', '<script src="/site-scripts/hubspot.js" defer></script>');
});

reload('should follow folders moved in and deleted, and never watch node_modules', async (context) => {
  // A folder of pages made elsewhere and moved in at once, as a file manager or `git checkout` does.
  const elsewhere = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-folder-elsewhere-')));
  mkdirSync(join(elsewhere, 'extra', 'deeper'), { recursive: true });
  writeFileSync(join(elsewhere, 'extra', 'e.mdx'), '# E\n');
  writeFileSync(join(elsewhere, 'extra', 'deeper', 'f.mdx'), '# F\n');
  renameSync(join(elsewhere, 'extra'), join(context.root, 'guides', 'extra'));
  rmSync(elsewhere, { recursive: true });
  await waitFor(context.changes, 1);
  assert.is(context.changes[0]?.reload, 'full');
  assert.ok(context.session.site.pages.has('guides/extra/e') && context.session.site.pages.has('guides/extra/deeper/f'), 'the pages moved in are found');
  // A file in the moved-in folder is watched like any other.
  const before = context.changes.length;
  writeFileSync(join(context.root, 'guides', 'extra', 'deeper', 'f.mdx'), '# F, edited\n');
  await waitFor(context.changes, before + 1);
  assert.equal(context.changes.at(-1)?.slugs, ['guides/extra/deeper/f']);

  // The folder deleted: its pages go.
  const beforeDelete = context.changes.length;
  rmSync(join(context.root, 'guides', 'extra'), { recursive: true });
  await waitFor(context.changes, beforeDelete + 1);
  assert.is(context.changes.at(-1)?.reload, 'full');
  assert.not.ok(context.session.site.pages.has('guides/extra/e'), 'the deleted pages are gone');

  // node_modules is never watched: nothing there is reported.
  const beforeModules = context.changes.length;
  mkdirSync(join(context.root, 'node_modules', 'pkg'), { recursive: true });
  writeFileSync(join(context.root, 'node_modules', 'pkg', 'index.js'), 'export {};\n');
  writeFileSync(join(context.root, 'node_modules', 'pkg', 'index.js'), 'export const a = 1;\n');
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.is(context.changes.length, beforeModules);
});

reload.run();
