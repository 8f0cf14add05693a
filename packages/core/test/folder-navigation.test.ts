import { buildNavigation, listNavigationPages, loadConfig, type NavNode } from '@docsgen/config';
import { rmSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkProject, createSite, loadProject, parseFolderMeta } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const folders = suite('folder navigation');

const project = (navigation: unknown, files: Record<string, string>): string =>
  writeTempProject({ 'docs.json': JSON.stringify({ name: 'Test', navigation }, null, 2), ...files }, 'docsgen-folders-');

/** The sidebar as text: `Group [root] { pages }`, pages by slug. */
function outline(nodes: readonly NavNode[]): string[] {
  return nodes.map((node) => {
    if (node.kind === 'page') return node.slug;
    if (node.kind === 'group') return `${node.title}${node.root ? ` [${node.root}]` : ''} { ${outline(node.children).join(', ')} }`;
    return node.kind;
  });
}

const summary = (messages: { ruleId: string; fatal: boolean; file?: string; line?: number; column?: number }[], root: string) =>
  messages.map((m) => `${m.file?.slice(root.length + 1)}${m.line ? `:${m.line}:${m.column}` : ''} ${m.fatal ? 'error' : 'warning'} ${m.ruleId}`);

folders('should leave a project without folder entries, _meta.json or _section.mdx as docs.json says', async () => {
  const navigation = { tabs: [{ tab: 'Docs', groups: [{ group: 'Start', root: 'guides/a', pages: ['index', 'guides/b', { group: 'Deep', pages: ['guides/deep/c'] }] }] }] };
  const root = project(navigation, { 'index.mdx': '', 'guides/a.mdx': '', 'guides/b.mdx': '', 'guides/deep/c.mdx': '' });
  const loaded = await loadProject(root);
  assert.equal(loaded.messages, []);
  assert.equal(loaded.navigation, buildNavigation(loadConfig(root).config?.navigation).navigation);
  assert.equal(loaded.locate(['navigation', 'tabs', 0, 'groups', 0, 'pages', 1]), loadConfig(root).locate(['navigation', 'tabs', 0, 'groups', 0, 'pages', 1]));
  rmSync(root, { recursive: true });
});

folders('should expand a folder entry: _meta.json pages first, then the rest by name, sub-folders as nested groups', async () => {
  const root = project(
    { pages: ['index', 'guides'] },
    {
      'index.mdx': '',
      'guides/_meta.json': JSON.stringify({ title: 'All the guides', pages: ['setup', 'advanced', 'zeta'] }),
      'guides/alpha.mdx': '',
      'guides/setup.md': '',
      'guides/zeta.mdx': '',
      'guides/beta.mdx': '',
      'guides/advanced/two.mdx': '',
      'guides/advanced/one.mdx': '',
      'guides/basics/deeper/x.mdx': '',
      'guides/images/logo.png': '',
    },
  );
  const loaded = await loadProject(root);
  assert.equal(loaded.messages, []);
  assert.equal(outline(loaded.navigation?.children ?? []), [
    'index',
    'All the guides { guides/setup, Advanced { guides/advanced/one, guides/advanced/two }, guides/zeta, guides/alpha, Basics { Deeper { guides/basics/deeper/x } }, guides/beta }',
  ]);
  rmSync(root, { recursive: true });
});

folders('should make _section.mdx the landing page, titled by _meta.json, else its frontmatter, else the folder name', async () => {
  const root = project(
    { groups: [{ group: 'Docs', pages: ['first-steps', 'api', 'plain/'] }] },
    {
      'first-steps/_section.mdx': '---\ntitle: Getting going\n---\n\nWelcome.\n',
      'first-steps/install.mdx': '',
      'api/_section.mdx': '---\ntitle: Ignored for the group\n---\n',
      'api/_meta.json': '{ "title": "API" }',
      'api/users.mdx': '',
      'plain/_section.mdx': '# Heading only\n',
      'plain/page.mdx': '',
    },
  );
  const loaded = await loadProject(root);
  assert.equal(loaded.messages, []);
  assert.equal(outline(loaded.navigation?.children ?? []), [
    'Docs { Getting going [first-steps] { first-steps/install }, API [api] { api/users }, Plain [plain] { plain/page } }',
  ]);
  assert.is(loaded.pages.get('first-steps')?.relativePath, 'first-steps/_section.mdx', 'the section is the page of the folder slug');
  assert.is(loaded.pages.get('first-steps')?.title, 'Getting going');
  const site = await createSite(root);
  assert.equal(site.manifest.orphans, [], 'the landing pages and the folder pages are listed');
  assert.match((await site.render('first-steps'))?.html ?? '', 'Welcome.');
  assert.equal(site.navigablePages, ['first-steps', 'first-steps/install', 'api', 'api/users', 'plain', 'plain/page']);
  rmSync(root, { recursive: true });
});

folders('should use index as the landing page when there is no _section.mdx, and warn when there are both', async () => {
  const root = project({ pages: ['one', 'two'] }, { 'one/index.mdx': '', 'one/b.mdx': '', 'two/_section.mdx': '', 'two/index.mdx': '', 'two/a.mdx': '' });
  const loaded = await loadProject(root);
  assert.equal(outline(loaded.navigation?.children ?? []), ['One [one/index] { one/b }', 'Two [two] { two/a, two/index }']);
  assert.equal(summary(loaded.messages, root), ['two/index.mdx warning folder-landing-conflict']);
  assert.is(
    loaded.messages[0]?.reason,
    'Unexpected `two/index.mdx` next to `two/_section.mdx`: the section is the landing page of `two`, `two/index` is listed as an ordinary page',
  );
  rmSync(root, { recursive: true });
});

folders('should keep an entry a page when the page exists, even next to a folder of the same name', async () => {
  const root = project({ pages: ['guides'] }, { 'guides.mdx': '', 'guides/a.mdx': '' });
  const loaded = await loadProject(root);
  assert.equal(outline(loaded.navigation?.children ?? []), ['guides']);
  assert.is(loaded.pages.get('guides')?.relativePath, 'guides.mdx');
  rmSync(root, { recursive: true });
});

folders('should give pages the sidebar labels of _meta.json titles unless their frontmatter sets sidebarTitle', async () => {
  const root = project(
    { pages: ['guides/a', 'guides/b', 'guides/c', 'top'] },
    {
      '_meta.json': '{ "titles": { "top": "Top label" } }',
      'top.mdx': '',
      'guides/_meta.json': '{ "titles": { "a": "Label A", "b": "Label B" } }',
      'guides/a.mdx': '---\ntitle: Title A\n---\n',
      'guides/b.mdx': '---\nsidebarTitle: Own B\n---\n',
      'guides/c.mdx': '# Heading C\n',
    },
  );
  const { pages, messages } = await loadProject(root);
  assert.equal(messages, []);
  assert.equal(
    ['guides/a', 'guides/b', 'guides/c', 'top'].map((slug) => [pages.get(slug)?.title, pages.get(slug)?.sidebarTitle]),
    [['Title A', 'Label A'], ['B', 'Own B'], ['Heading C', 'Heading C'], ['Top', 'Top label']],
  );
  rmSync(root, { recursive: true });
});

folders('should report a _meta.json that is not JSON with its line and column, and still expand the folder', async () => {
  const root = project({ pages: ['guides'] }, { 'guides/_meta.json': '{\n  "title": "Guides",\n  "pages": ["b"\n}\n', 'guides/a.mdx': '', 'guides/b.mdx': '' });
  const loaded = await loadProject(root);
  assert.equal(summary(loaded.messages, root), ['guides/_meta.json:4:1 error json-syntax', 'guides/_meta.json:5:1 error json-syntax']);
  assert.equal(outline(loaded.navigation?.children ?? []), ['Guides { guides/a, guides/b }']);
  rmSync(root, { recursive: true });
});

folders('should report fields of the wrong shape and unknown keys at their position, keeping the valid ones', () => {
  const file = '/project/guides/_meta.json';
  const text = '{\n  "title": 3,\n  "pages": ["a", 7, ""],\n  "titles": { "a": "A", "b": false },\n  "order": []\n}\n';
  const { meta, messages } = parseFolderMeta(text, { file, folder: 'guides' });
  assert.equal(
    messages.map((m) => `${m.line}:${m.column} ${m.fatal ? 'error' : 'warning'} ${m.ruleId} ${m.reason}${m.note ? ` ${m.note}` : ''}`),
    [
      '5:3 warning folder-meta-unknown-key Unexpected key `order` in `guides/_meta.json` Known keys: `title`, `pages`, `titles`.',
      '2:12 error folder-meta-invalid Unexpected `3` for `title` in `guides/_meta.json`, expected a non-empty string',
      '3:18 error folder-meta-invalid Unexpected `7` in `pages` of `guides/_meta.json`, expected a page or folder name Names are file names without extension (`intro` for `intro.mdx`) or sub-folder names.',
      '3:21 error folder-meta-invalid Unexpected empty string in `pages` of `guides/_meta.json`, expected a page or folder name Names are file names without extension (`intro` for `intro.mdx`) or sub-folder names.',
      '4:30 error folder-meta-invalid Unexpected `false` for `titles.b` in `guides/_meta.json`, expected a non-empty string',
    ],
  );
  assert.equal(meta?.pages.map((entry) => entry.name), ['a']);
  assert.equal([...(meta?.titles.keys() ?? [])], ['a']);
  assert.equal(parseFolderMeta('[]', { file, folder: 'guides' }).messages.map((m) => m.reason), ['Unexpected array in `guides/_meta.json`, expected an object']);
  assert.equal(parseFolderMeta(' \n', { file, folder: 'guides' }).messages.map((m) => m.reason), ['Cannot read `guides/_meta.json`: the file is empty, expected an object']);
});

folders('should report names in _meta.json that are no page or folder, with a did-you-mean', async () => {
  const root = project(
    { pages: ['guides'] },
    { 'guides/_meta.json': '{\n  "pages": ["intro", "instal", "deep/"],\n  "titles": { "nope": "x" }\n}\n', 'guides/intro.mdx': '', 'guides/install.mdx': '' },
  );
  const loaded = await loadProject(root);
  assert.equal(summary(loaded.messages, root), [
    'guides/_meta.json:2:22 error folder-meta-page-missing',
    'guides/_meta.json:2:32 error folder-meta-page-missing',
    'guides/_meta.json:3:15 error folder-meta-page-missing',
  ]);
  assert.is(loaded.messages[0]?.reason, 'Cannot find page or folder `instal` named in `guides/_meta.json`: there is none in `guides/`');
  assert.is(loaded.messages[0]?.note, 'Did you mean `install`?');
  assert.equal(outline(loaded.navigation?.children ?? []), ['Guides { guides/intro, guides/install }']);
  rmSync(root, { recursive: true });
});

folders('should let docsgen check accept folder entries, point duplicates at _meta.json, and still report missing pages', async () => {
  const root = project(
    { pages: ['guides', 'missing'] },
    { 'guides/_meta.json': '{\n  "pages": ["a",\n    "a"]\n}\n', 'guides/a.mdx': '# A\n', 'guides/b.mdx': '# B\n' },
  );
  const result = await checkProject(root, { compile: false });
  assert.equal(summary(result.messages, root), ['docs.json:6:7 error nav-page-missing', 'guides/_meta.json:3:5 warning nav-duplicate-page']);
  assert.equal(listNavigationPages(result.navigation!), ['guides/a', 'guides/b', 'missing']);
  rmSync(root, { recursive: true });
});

folders('should build and check the pages the navigation lists in a root build/ folder (Cobalt\'s docs)', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Cobalt', navigation: { groups: [{ group: 'Build', pages: ['index', 'build/basics/proxies'] }] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nSee [proxies](/build/basics/proxies).\n',
    'build/basics/proxies.mdx': '---\ntitle: Proxies\n---\n\nProxy **settings**.\n',
  });
  const checked = await checkProject(root);
  assert.equal(checked.messages.filter((message) => message.fatal || message.ruleId.startsWith('nav-') || message.ruleId === 'link-broken'), []);
  const site = await createSite(root);
  assert.match((await site.render('build/basics/proxies'))?.html ?? '', '<strong>settings</strong>');
  assert.equal(listNavigationPages(site.navigation!), ['index', 'build/basics/proxies']);
  rmSync(root, { recursive: true });
});

folders.run();
