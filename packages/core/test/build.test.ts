import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, closeSync, cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { gunzipSync, gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, createSite, outputMarker } from '../src/index.js';
import { llmsFullTxt } from '../src/site-outputs.js';
import { writeTempProject } from './temp-project.js';

const build = suite('buildSite');

const docsJson = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'Test', navigation: { pages: ['index', 'guides/setup', 'guides/usage'] }, ...extra });

const project = (files: Record<string, string> = {}, extra: Record<string, unknown> = {}): string =>
  writeTempProject(
    {
      'docs.json': docsJson(extra),
      'index.mdx': '---\ntitle: Home\n---\n\nWelcome home.\n',
      'guides/setup.mdx': '---\ntitle: Setup\n---\n\nimport Note from "/snippets/note.mdx";\n\n<Note />\n\n```js\nconst a = 1;\n```\n',
      'guides/usage.md': '---\ntitle: Usage\ndescription: How to use it.\n---\n\nUse it **well**.\n',
      'guides/draft.mdx': '---\ntitle: Draft\ndraft: true\n---\n\nNot yet.\n',
      'snippets/note.mdx': 'A shared note.\n',
      'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'images/.secret': 'hidden',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      ...files,
    },
    'docsgen-build-',
  );

/** Every file under `dir` (posix relative path → content). */
function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'latin1');
    }
  };
  walk(dir);
  return files;
}

build('should compile a changelog page once for its page and its feed, and not at all from the cache', async () => {
  const root = project(
    {
      'changelog.mdx': '---\ntitle: Changelog\n---\n\n<Update label="2026-11-02" description="v2">\n  Faster builds.\n</Update>\n\n<Update label="2026-10-01">\n  First release.\n</Update>\n',
      // Counts the compiles of each file (user plugins run in this thread with `workers: 0`).
      'docsgen.config.mjs': 'export default { remarkPlugins: [() => (tree, file) => { (globalThis.__docsgenCompiles ??= []).push(file.path); }] };\n',
    },
    { siteUrl: 'https://docs.example.com', navigation: { pages: ['index', 'changelog', 'guides/setup', 'guides/usage'] } },
  );
  const globals = globalThis as { __docsgenCompiles?: string[] };
  const compilesOf = (name: string): number => (globals.__docsgenCompiles ?? []).filter((file) => file === join(root, name)).length;
  try {
    globals.__docsgenCompiles = [];
    assert.ok((await buildSite(root, { workers: 0 })).ok);
    const feed = readFileSync(join(root, 'dist/changelog/rss.xml'), 'utf8');
    assert.match(feed, '<title>2026-11-02</title>');
    assert.match(feed, 'https://docs.example.com/changelog#2026-11-02');
    assert.is(compilesOf('changelog.mdx'), 1, 'the feed is made as the page renders');
    // From the build cache: the page and its feed, with no compile.
    globals.__docsgenCompiles = [];
    const again = await buildSite(root, { workers: 0 });
    assert.ok(again.ok);
    assert.is(again.cached, 4);
    assert.is(compilesOf('changelog.mdx'), 0);
    assert.is(readFileSync(join(root, 'dist/changelog/rss.xml'), 'utf8'), feed);
  } finally {
    delete globals.__docsgenCompiles;
    rmSync(root, { recursive: true, force: true });
  }
});

build('should write every page, its twin, the 404 page, assets and docsgen assets, without drafts or dotfiles', async () => {
  const root = project({}, { favicon: '/favicon.svg' });
  const result = await buildSite(root, { workers: 0 });
  assert.ok(result.ok, JSON.stringify(result.messages));
  assert.is(result.pages, 3);
  const out = tree(join(root, 'dist'));
  for (const path of ['index.html', 'index.md', 'guides/setup.html', 'guides/setup.md', 'guides/usage.html', 'guides/usage.md', '404.html', '_docsgen/content.css', '_docsgen/client.js', 'images/logo.svg', 'favicon.ico', outputMarker]) {
    assert.ok(path in out, `${path} is written`);
  }
  assert.not.ok('guides/draft.html' in out, 'drafts are left out');
  assert.not.ok('images/.secret' in out, 'dotfiles are not published');
  assert.not.ok('_docsgen/mermaid.min.js' in out, 'the diagram library only ships when a page has a diagram');
  assert.match(out['guides/setup.html'] ?? '', 'A shared note.');
  assert.match(out['guides/setup.html'] ?? '', '<title>Setup - Test</title>');
  assert.ok((out['guides/usage.md'] ?? '').startsWith('# Usage\n\nHow to use it.\n\nUse it **well**.'));
  assert.match(out['404.html'] ?? '', 'Page not found');
  assert.is(result.files, Object.keys(out).length);
  assert.is(result.bytes, Object.values(out).reduce((sum, content) => sum + content.length, 0));
});

build('should write the home page at index.html when the first page is not `index`', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Test', navigation: { pages: ['intro'] } }),
    'intro.mdx': '---\ntitle: Intro\n---\n\nHello.\n',
  });
  const result = await buildSite(root, { workers: 0 });
  assert.ok(result.ok);
  const out = tree(join(root, 'dist'));
  assert.is(out['index.html'], out['intro.html']);
  assert.is(out['index.md'], out['intro.md']);
});

build('should use the project 404 page', async () => {
  const root = project({ '404.mdx': '---\ntitle: Lost\n---\n\nNothing here, sorry.\n' });
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const out = tree(join(root, 'dist'));
  assert.match(out['404.html'] ?? '', 'Nothing here, sorry.');
  assert.not.ok('404.md' in out);
});

build('should give byte-identical output for the same input, from the cache or not', async () => {
  const root = project();
  const first = await buildSite(root, { workers: 0 });
  const firstTree = tree(join(root, 'dist'));
  const second = await buildSite(root, { workers: 0 });
  assert.is(first.cached, 0);
  assert.is(second.cached, 3, 'the second build takes every page from the cache');
  assert.equal(tree(join(root, 'dist')), firstTree);
  const third = await buildSite(root, { workers: 0, cache: false });
  assert.is(third.cached, 0);
  assert.equal(tree(join(root, 'dist')), firstTree);
});


build('should write llms-full.txt in parts, the same bytes as the whole text, unless the project has its own', async () => {
  const root = project({}, { siteUrl: 'https://docs.example.com', markdown: { instructions: 'Be kind to the reader.' } });
  try {
    assert.ok((await buildSite(root, { workers: 0, cache: false })).ok);
    const written = readFileSync(join(root, 'dist', 'llms-full.txt'), 'utf8');
    const site = await createSite(root, { mode: 'build' });
    assert.is(written, await llmsFullTxt(site, { siteUrl: 'https://docs.example.com' }));
    assert.is(written.match(/Be kind to the reader\./g)?.length, 1, 'the instructions once');
    assert.ok(written.endsWith('\n') && !written.endsWith('\n\n'));
    writeFileSync(join(root, 'llms-full.txt'), 'Our own.\n');
    assert.ok((await buildSite(root, { workers: 0, cache: false })).ok);
    assert.is(readFileSync(join(root, 'dist', 'llms-full.txt'), 'utf8'), 'Our own.\n', 'the project file wins');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

build('should keep rendered pages\' twins on disk for llms-full.txt, in a temporary file deleted when the build ends', async () => {
  const root = project({}, { siteUrl: 'https://docs.example.com' });
  const temporary = mkdtempSync(join(tmpdir(), 'docsgen-build-tmp-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = temporary;
  try {
    // No cache: the twins go to the temporary file. With one, they are read from the cache's
    // files (rendered into it, then taken from it), and no temporary file is made.
    for (const cache of [false, true, true]) {
      let spilled = 0;
      const onProgress = ({ done, total }: { done: number; total: number }): void => {
        if (done !== total) return;
        for (const folder of readdirSync(temporary)) for (const file of readdirSync(join(temporary, folder))) spilled += statSync(join(temporary, folder, file)).size;
      };
      const result = await buildSite(root, { workers: 0, cache, onProgress });
      assert.ok(result.ok, JSON.stringify(result.messages));
      if (cache) assert.is(spilled, 0, 'no temporary file with a cache');
      else assert.ok(spilled > 0, 'the twins are in the temporary file once every page is built');
      const out = tree(join(root, 'dist'));
      for (const slug of ['index', 'guides/setup', 'guides/usage']) {
        const twin = out[`${slug}.md`] ?? '';
        assert.ok(twin.length > 0);
        assert.ok((out['llms-full.txt'] ?? '').includes(twin.trim()), `llms-full.txt holds the twin of ${slug} (cache: ${cache})`);
      }
      assert.equal(readdirSync(temporary), [], 'the temporary file is deleted');
    }
    writeFileSync(join(root, 'guides/setup.mdx'), '---\ntitle: Setup\n---\n\n<Broken\n');
    assert.not.ok((await buildSite(root, { workers: 0, cache: false })).ok);
    assert.equal(readdirSync(temporary), [], 'the temporary file is deleted when the build fails');
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(temporary, { recursive: true, force: true });
  }
});
build('should move the output it replaces to .docsgen/trash, emptied by the next build, and keep minified assets', async () => {
  const root = project();
  const trash = join(root, '.docsgen', 'trash');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.not.ok(existsSync(trash), 'nothing replaced yet');
  assert.ok(readdirSync(join(root, '.docsgen', 'cache', 'assets')).some((name) => name.endsWith('.css')), 'minified stylesheets kept');
  writeFileSync(join(root, 'dist', 'first.txt'), 'from the first output');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const [first] = readdirSync(trash);
  assert.ok(existsSync(join(trash, first!, 'first.txt')), 'the replaced output is in the trash');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const left = readdirSync(trash);
  assert.is(left.length, 1, 'the next build deleted the older output');
  assert.not.ok(left.includes(first!));
  assert.equal(readdirSync(root).filter((name) => name.includes('docsgen-')), [], 'no folder left next to the output');
  // Without the cache (no .docsgen), the old output is deleted at once.
  rmSync(join(root, '.docsgen'), { recursive: true });
  assert.ok((await buildSite(root, { workers: 0, cache: false })).ok);
  assert.not.ok(existsSync(join(root, '.docsgen')));
});

build('should link cached pages and kept search files into the output, never write into them, and not publish one edited in place', async () => {
  const root = project();
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const clean = tree(join(root, 'dist'));
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const cacheFolder = join(root, '.docsgen', 'cache', 'build');
  const cachedInodes = new Set(readdirSync(cacheFolder).map((name) => statSync(join(cacheFolder, name)).ino));
  for (const path of ['index.html', 'index.md', 'guides/setup.html', 'guides/usage.md']) {
    assert.ok(cachedInodes.has(statSync(join(root, 'dist', path)).ino), `${path} is a link to its cache entry`);
  }
  const searchFiles = join(root, '.docsgen', 'cache', 'search-files');
  const fragment = readdirSync(join(root, 'dist', '_docsgen', 'search', 'fragment'))[0]!;
  assert.is(statSync(join(root, 'dist', '_docsgen', 'search', 'fragment', fragment)).ino, statSync(join(searchFiles, '_docsgen', 'search', 'fragment', fragment)).ino, 'a search fragment is a link to its kept copy');

  // The last output keeps its content when the next build changes a page and the index: the
  // cache entries it links to are replaced, not written into.
  const old = mkdtempSync(join(tmpdir(), 'docsgen-old-output-'));
  for (const path of ['guides/usage.html', 'guides/usage.md']) linkSync(join(root, 'dist', path), join(old, basename(path)));
  const oldHtml = readFileSync(join(old, 'usage.html'), 'utf8');
  const oldMarkdown = readFileSync(join(old, 'usage.md'), 'utf8');
  writeFileSync(join(root, 'guides/usage.md'), '---\ntitle: Usage\ndescription: How to use it.\n---\n\nUse it **gladly**.\n');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.match(readFileSync(join(root, 'dist', 'guides/usage.html'), 'utf8'), 'gladly');
  assert.is(readFileSync(join(old, 'usage.html'), 'utf8'), oldHtml);
  assert.is(readFileSync(join(old, 'usage.md'), 'utf8'), oldMarkdown);

  // Someone edits the output in place (through the link, into the cache entry and kept copy):
  // the next build renders that page again and writes the search file anew.
  writeFileSync(join(root, 'guides/usage.md'), '---\ntitle: Usage\ndescription: How to use it.\n---\n\nUse it **well**.\n');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.equal(tree(join(root, 'dist')), clean);
  // The HTML keeps its size: its time tells.
  const setupHtml = join(root, 'dist', 'guides/setup.html');
  const descriptor = openSync(setupHtml, 'r+');
  writeSync(descriptor, 'A shared nope.', Buffer.from(readFileSync(setupHtml, 'utf8').split('A shared note.')[0]!, 'utf8').length);
  closeSync(descriptor);
  const cachedFiles = readdirSync(cacheFolder).map((name) => readFileSync(join(cacheFolder, name), 'utf8'));
  assert.ok(cachedFiles.some((text) => text.includes('A shared nope.')), 'the edit reached the cache entry');
  appendFileSync(join(root, 'dist', 'index.md'), 'Edited.\n');
  for (const name of readdirSync(join(root, 'dist', '_docsgen', 'search', 'fragment'))) {
    appendFileSync(join(root, 'dist', '_docsgen', 'search', 'fragment', name), 'edited');
  }
  const edited = await buildSite(root, { workers: 0 });
  assert.ok(edited.ok);
  assert.is(edited.cached, 1, 'the pages edited through their links render again');
  assert.equal(tree(join(root, 'dist')), clean);
  assert.equal(tree(join(searchFiles, '_docsgen', 'search')), tree(join(root, 'dist', '_docsgen', 'search')), 'kept copies of this index alone');
});

build('should keep the rendered pages in one manifest, also when the build fails, and render all of them when it is unreadable', async () => {
  const root = project();
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const folder = join(root, '.docsgen', 'cache', 'build');
  const names = readdirSync(folder);
  assert.is(names.filter((name) => name.endsWith('.json')).join(), 'entries.json', 'one manifest, not a file per page');
  assert.is(names.filter((name) => name.endsWith('.html')).length, 3);
  assert.is(names.filter((name) => name.endsWith('.md')).length, 3);
  // A broken page fails the build; the pages that rendered are kept, and the build after the
  // fix renders the fixed page alone.
  const usage = readFileSync(join(root, 'guides/usage.md'), 'utf8');
  writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nBroken <Home\n');
  writeFileSync(join(root, 'guides/usage.md'), usage.replace('well', 'better'));
  const failed = await buildSite(root, { workers: 0 });
  assert.not.ok(failed.ok);
  assert.is(failed.cached, 1);
  writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome back.\n');
  const fixed = await buildSite(root, { workers: 0 });
  assert.ok(fixed.ok);
  assert.is(fixed.cached, 2, 'the page changed before the failure was kept by it');
  assert.match(readFileSync(join(root, 'dist/guides/usage.html'), 'utf8'), 'better');
  const expected = tree(join(root, 'dist'));
  // An unreadable manifest, or one of another format, means no page is cached; the files it
  // named are deleted at the end.
  for (const manifest of ['{"formatVersion":4,"entries":[', JSON.stringify({ formatVersion: 1, entries: [] }), '[]', 'null']) {
    writeFileSync(join(folder, 'entries.json'), manifest);
    writeFileSync(join(folder, 'stray.html'), 'left by a build that stopped');
    const rebuilt = await buildSite(root, { workers: 0 });
    assert.ok(rebuilt.ok, manifest);
    assert.is(rebuilt.cached, 0, manifest);
    assert.equal(tree(join(root, 'dist')), expected);
    assert.not.ok(existsSync(join(folder, 'stray.html')), 'files of no entry are deleted');
  }
  assert.is((await buildSite(root, { workers: 0 })).cached, 3);
  rmSync(root, { recursive: true, force: true });
});

build('should copy cached pages into an output on another file system, where links cannot go', async () => {
  const root = project();
  // /dev/shm is a memory file system on Linux: never the one the project's cache is on.
  const outDir = mkdtempSync(join('/dev/shm', 'docsgen-build-out-'));
  assert.is.not(statSync(outDir).dev, statSync(root).dev);
  assert.ok((await buildSite(root, { workers: 0, outDir })).ok);
  const clean = tree(outDir);
  const cached = await buildSite(root, { workers: 0, outDir });
  assert.ok(cached.ok);
  assert.is(cached.cached, 3);
  assert.equal(tree(outDir), clean);
  assert.is(statSync(join(outDir, 'guides/setup.html')).nlink, 1, 'a copy, not a link');
  rmSync(outDir, { recursive: true, force: true });
});

build('should render again exactly the pages whose files changed, snippets included', async () => {
  const root = project();
  await buildSite(root, { workers: 0 });
  writeFileSync(join(root, 'snippets/note.mdx'), 'An edited note.\n');
  const result = await buildSite(root, { workers: 0 });
  assert.ok(result.ok);
  assert.is(result.cached, 2, 'only the page importing the snippet renders again');
  assert.match(readFileSync(join(root, 'dist/guides/setup.html'), 'utf8'), 'An edited note.');
  // A change to docs.json changes every page (the layout depends on it).
  writeFileSync(join(root, 'docs.json'), docsJson({ description: 'New' }));
  assert.is((await buildSite(root, { workers: 0 })).cached, 0);
});

build('should build a page whose snippet is missing, and render it again once the snippet is there', async () => {
  const root = project();
  rmSync(join(root, 'snippets/note.mdx'));
  const first = await buildSite(root, { workers: 0 });
  assert.ok(first.ok, 'one page without its snippet does not stop the build');
  assert.equal(first.messages.filter((message) => message.ruleId === 'module-not-found').map((message) => [message.fatal, message.line, message.column]), [[false, 5, 18]]);
  assert.match(readFileSync(join(root, 'dist/guides/setup.html'), 'utf8'), 'const');
  assert.is((await buildSite(root, { workers: 0 })).cached, 3, 'still missing: the page comes from the cache');
  writeFileSync(join(root, 'snippets/note.mdx'), 'The note is back.\n');
  const result = await buildSite(root, { workers: 0 });
  assert.ok(result.ok);
  assert.is(result.messages.filter((message) => message.ruleId === 'module-not-found').length, 0);
  assert.match(readFileSync(join(root, 'dist/guides/setup.html'), 'utf8'), 'The note is back.');
});

build('should keep the shared navigation file across builds, and make it again only when the sidebar changes', async () => {
  const navigation = { groups: [{ group: 'Start', pages: ['index'] }, { group: 'Guides', pages: ['guides/setup', 'guides/usage'] }] };
  const root = project({}, { navigation });
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const keptFile = join(root, '.docsgen/cache/navigation/navigation.json');
  const kept = JSON.parse(readFileSync(keptFile, 'utf8')) as { key: string; name: string; content: string };
  assert.is(readFileSync(join(root, 'dist/_docsgen', kept.name), 'utf8'), kept.content);
  assert.match(kept.content, 'Setup');

  // A kept file with the build's key is published as it is, not made again: a marked one shows it.
  const marked = kept.content.replace('Setup', 'Kept setup');
  const markedName = `navigation-${createHash('sha256').update(marked).digest('hex').slice(0, 16)}.json`;
  writeFileSync(keptFile, JSON.stringify({ ...kept, name: markedName, content: marked }));
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.is(readFileSync(join(root, 'dist/_docsgen', markedName), 'utf8'), marked);
  assert.match(readFileSync(join(root, 'dist/index.html'), 'utf8'), markedName, 'pages link the kept file');

  // An edit to a page's body leaves the sidebar as it was: the kept file, and the other pages, stay.
  appendFileSync(join(root, 'guides/usage.md'), '\nMore usage.\n');
  const bodyEdit = await buildSite(root, { workers: 0 });
  assert.is(bodyEdit.cached, 2);
  assert.ok(existsSync(join(root, 'dist/_docsgen', markedName)));

  // A sidebar title is part of the file: it is made again.
  writeFileSync(join(root, 'guides/setup.mdx'), readFileSync(join(root, 'guides/setup.mdx'), 'utf8').replace('title: Setup', 'title: Setup\nsidebarTitle: Installing'));
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const remade = JSON.parse(readFileSync(keptFile, 'utf8')) as { key: string; name: string; content: string };
  assert.is.not(remade.key, kept.key);
  assert.match(remade.content, 'Installing');
  assert.not.match(remade.content, 'Kept setup');
  assert.is(readFileSync(join(root, 'dist/_docsgen', remade.name), 'utf8'), remade.content);

  // A kept file whose name is not its content's is not used.
  writeFileSync(keptFile, JSON.stringify({ ...remade, content: `${remade.content} ` }));
  assert.ok((await buildSite(root, { workers: 0, cache: true })).ok);
  assert.is(readFileSync(join(root, 'dist/_docsgen', remade.name), 'utf8'), remade.content);
});

build('should render every page again when the repository its edit links come from changes', async () => {
  const root = project();
  const git = (...args: string[]): void => {
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: root, stdio: 'ignore' });
  };
  git('init', '-q', '-b', 'main');
  git('remote', 'add', 'origin', 'https://github.com/acme/one.git');
  git('add', '.');
  git('commit', '-q', '-m', 'one');
  const home = (): string => readFileSync(join(root, 'dist/index.html'), 'utf8');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.match(home(), 'https://github.com/acme/one/edit/main/index.mdx');

  git('remote', 'set-url', 'origin', 'https://github.com/acme/two.git');
  assert.is((await buildSite(root, { workers: 0 })).cached, 0, 'a new remote: every page renders');
  assert.match(home(), 'https://github.com/acme/two/edit/main/index.mdx');

  // Without `origin/HEAD`, links use the checked-out branch.
  git('checkout', '-q', '-b', 'feature');
  assert.is((await buildSite(root, { workers: 0 })).cached, 0, 'another branch: every page renders');
  assert.match(home(), 'https://github.com/acme/two/edit/feature/index.mdx');
  assert.is((await buildSite(root, { workers: 0 })).cached, 3, 'nothing changed: every page from the cache');
});

build('should keep the previous output untouched when a page has an error', async () => {
  const root = project();
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const before = tree(join(root, 'dist'));
  writeFileSync(join(root, 'guides/usage.md'), '---\ntitle: Usage\n---\n\nStill fine.\n');
  writeFileSync(join(root, 'guides/setup.mdx'), '---\ntitle: Setup\n---\n\n<Broken\n');
  const result = await buildSite(root, { workers: 0 });
  assert.not.ok(result.ok);
  const error = result.messages.find((message) => message.fatal);
  assert.is(error?.ruleId, 'mdx-syntax');
  assert.is(error?.file, join(root, 'guides/setup.mdx'));
  assert.ok(typeof error?.line === 'number');
  assert.equal(tree(join(root, 'dist')), before, 'dist is as it was');
  assert.equal(readdirSync(root).filter((name) => name.includes('docsgen-')), [], 'no temporary folder is left');
});

build('should keep docs.json\'s parsed result across builds, and read docs.json again when it changes', async () => {
  const root = project();
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.ok(existsSync(join(root, '.docsgen/cache/config/docs-json.bin')));
  writeFileSync(join(root, 'docs.json'), docsJson({ name: 'Renamed site' }));
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.match(readFileSync(join(root, 'dist/index.html'), 'utf8'), 'Renamed site');
  // Broken after a good build: the error and its place, not the kept result.
  writeFileSync(join(root, 'docs.json'), '{ "name": "Test", ');
  const broken = await buildSite(root, { workers: 0 });
  assert.not.ok(broken.ok);
  assert.ok(broken.messages.some((message) => message.fatal && message.file === join(root, 'docs.json') && message.line === 1));
  assert.match(readFileSync(join(root, 'dist/index.html'), 'utf8'), 'Renamed site', 'the last output stays');
  // A warning keeps its place when the result comes from the cache.
  const text = JSON.stringify({ name: 'Test', navigation: { pages: ['index', 'guides/setup', 'guides/usage'] }, thme: 'pith' }, null, 2);
  writeFileSync(join(root, 'docs.json'), text);
  for (let run = 0; run < 2; run += 1) {
    const warned = await buildSite(root, { workers: 0 });
    assert.ok(warned.ok);
    const unknown = warned.messages.find((message) => message.ruleId === 'unknown-key');
    assert.ok(unknown, 'the unknown key is reported');
    assert.is(unknown.file, join(root, 'docs.json'));
    assert.is(unknown.line, text.split('\n').findIndex((line) => line.includes('"thme"')) + 1);
  }
});

build('should fail without writing anything when docs.json is broken', async () => {
  const root = project({ 'docs.json': '{ "name": "Test", ' });
  const result = await buildSite(root, { workers: 0 });
  assert.not.ok(result.ok);
  assert.ok(result.messages.some((message) => message.fatal && message.file === join(root, 'docs.json') && typeof message.line === 'number'));
  assert.not.ok(existsSync(join(root, 'dist')));
});

build('should refuse output folders it must not replace', async () => {
  const root = project();
  const refused = async (outDir: string): Promise<string | undefined> => {
    const result = await buildSite(root, { workers: 0, outDir });
    assert.not.ok(result.ok, outDir);
    return result.messages.find((message) => message.ruleId === 'build-output-refused')?.reason;
  };
  assert.match((await refused(root)) ?? '', 'project root');
  assert.match((await refused('/')) ?? '', 'file-system root');
  assert.match((await refused(join(root, '..'))) ?? '', 'contains the project');
  assert.match((await refused(join(root, 'guides', 'out'))) ?? '', 'pages would be found in it');
  const foreign = join(tmpdir(), `docsgen-foreign-${process.pid}`);
  mkdirSync(foreign, { recursive: true });
  writeFileSync(join(foreign, 'thesis.txt'), 'precious');
  assert.match((await refused(foreign)) ?? '', 'files docsgen did not write');
  assert.is(readFileSync(join(foreign, 'thesis.txt'), 'utf8'), 'precious');
  writeFileSync(join(root, 'file-out'), 'x');
  rmSync(foreign, { recursive: true });
  // An output folder outside the project, or a dot-folder inside it, is fine.
  assert.ok((await buildSite(root, { workers: 0, outDir: foreign })).ok);
  assert.ok((await buildSite(root, { workers: 0, outDir: foreign })).ok, 'and replaced by the next build');
  assert.ok((await buildSite(root, { workers: 0, outDir: join(root, '.site') })).ok);
  rmSync(foreign, { recursive: true });
});

build('should not publish a symlink that leads out of the project', async () => {
  const outside = writeTempProject({ 'secret.txt': 'TOP SECRET' }, 'docsgen-outside-');
  const root = project();
  symlinkSync(join(outside, 'secret.txt'), join(root, 'images', 'leak.txt'));
  symlinkSync(outside, join(root, 'images', 'leakdir'));
  const result = await buildSite(root, { workers: 0 });
  assert.ok(result.ok);
  assert.not.ok(existsSync(join(root, 'dist/images/leak.txt')));
  assert.not.ok(existsSync(join(root, 'dist/images/leakdir')));
  assert.is(result.messages.filter((message) => message.ruleId === 'build-link-outside').length, 2);
  assert.ok(statSync(join(root, 'dist/images/logo.svg')).isFile());
});

build('should publish images and other media from every folder at their paths, and no other file', async () => {
  const outside = writeTempProject({ 'secret.png': 'TOP SECRET' }, 'docsgen-outside-');
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Media', logo: '/icons/logo.svg', navigation: { pages: ['guides/setup'] } }),
    'guides/setup.mdx': '---\ntitle: Setup\n---\n\n![Step](./shots/step.png)\n',
    'guides/shots/step.png': 'png',
    'icons/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'files/manual.pdf': '%PDF',
    'guides/notes.txt': 'not media',
    'guides/spec.yaml': 'openapi: 3.1.0',
    '.github/banner.png': 'hidden',
    'guides/.drafts/next.png': 'hidden',
    'node_modules/pkg/icon.png': 'package',
    'examples/node_modules/pkg/icon.png': 'package',
    'build/old.png': 'old output',
  });
  symlinkSync(join(outside, 'secret.png'), join(root, 'guides', 'leak.png'));
  const result = await buildSite(root, { workers: 0, cache: false });
  assert.ok(result.ok, JSON.stringify(result.messages));
  const out = join(root, 'dist');
  assert.is(readFileSync(join(out, 'guides/shots/step.png'), 'utf8'), 'png');
  assert.ok(existsSync(join(out, 'icons/logo.svg')));
  assert.ok(existsSync(join(out, 'files/manual.pdf')));
  assert.match(readFileSync(join(out, 'guides/setup.html'), 'utf8'), 'src="/guides/shots/step.png"');
  for (const path of ['guides/notes.txt', 'guides/spec.yaml', 'docs.json', 'guides/setup.mdx', '.github', 'guides/.drafts', 'node_modules', 'examples/node_modules', 'build', 'guides/leak.png', 'dist']) {
    assert.not.ok(existsSync(join(out, path)), path);
  }
  assert.equal(result.messages.filter((message) => message.ruleId === 'build-link-outside').map((message) => message.file), [join(root, 'guides', 'leak.png')]);
  // The output is not published into the next output.
  assert.ok((await buildSite(root, { workers: 0, cache: false })).ok);
  assert.not.ok(existsSync(join(out, 'dist')));
});

build('should publish the search index over a project file at its path, its files written as the others are', async () => {
  // A project's own .js files are published at their paths: one in `_docsgen/search/` gives way to the index's.
  const root = project({ '_docsgen/search/pagefind.js': 'window.projectOwn = true;\n', 'extra.js': 'window.extra = 1;\n' });
  const result = await buildSite(root, { workers: 0, cache: false });
  assert.ok(result.ok, JSON.stringify(result.messages));
  const out = tree(join(root, 'dist'));
  assert.not.match(out['_docsgen/search/pagefind.js'] ?? '', 'projectOwn', 'Pagefind\'s client, not the project\'s file');
  assert.ok(Object.keys(out).some((path) => path.startsWith('_docsgen/search/fragment/')), 'with the index');
  assert.is(out['extra.js'], 'window.extra = 1;\n');
  assert.is(result.files, Object.keys(out).length, 'every file counted once');
  rmSync(root, { recursive: true, force: true });
});

build('should publish a favicon only from inside the project', async () => {
  const outside = writeTempProject({ 'secret.svg': '<svg>TOP SECRET</svg>' }, 'docsgen-outside-');
  const linked = project({}, { favicon: '/linked.svg' });
  symlinkSync(join(outside, 'secret.svg'), join(linked, 'linked.svg'));
  assert.ok((await buildSite(linked, { workers: 0 })).ok);
  assert.not.ok(existsSync(join(linked, 'dist/favicon.ico')), 'a link leading out');
  const escaping = project({}, { favicon: `../${basename(outside)}/secret.svg` });
  assert.ok((await buildSite(escaping, { workers: 0 })).ok);
  assert.not.ok(existsSync(join(escaping, 'dist/favicon.ico')), 'a path leading out');
  const inside = project({}, { favicon: '/favicon.svg' });
  assert.ok((await buildSite(inside, { workers: 0 })).ok);
  assert.is(readFileSync(join(inside, 'dist/favicon.ico'), 'utf8'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

build('should write redirects in the form of each adapter', async () => {
  const redirects = [
    { source: '/old-home', destination: '/' },
    { source: '/blog/:slug', destination: '/guides/:slug', permanent: false },
  ];
  const root = project({}, { redirects });
  assert.ok((await buildSite(root, { workers: 0, adapter: 'netlify' })).ok);
  const netlify = tree(join(root, 'dist'));
  assert.match(netlify._redirects ?? '', /^\/old-home \/ 301!$/m);
  assert.match(netlify._redirects ?? '', /^\/blog\/:slug \/guides\/:slug 302!$/m);

  assert.ok((await buildSite(root, { workers: 0, adapter: 'static' })).ok);
  const plain = tree(join(root, 'dist'));
  assert.not.ok('_redirects' in plain, 'the files of the previous adapter are gone');
  assert.match(plain['old-home.html'] ?? '', 'http-equiv="refresh"');
  assert.match(plain['404.html'] ?? '', '/guides/', 'pattern redirects work from the 404 page');

  assert.ok((await buildSite(root, { workers: 0, adapter: 'github-pages' })).ok);
  assert.ok('.nojekyll' in tree(join(root, 'dist')));
});

build('should build a site whose redirect has a query, leaving the rule out with a warning at its place in docs.json', async () => {
  const root = project({}, { redirects: [{ source: '/old-home', destination: '/' }, { source: '/models?ref=partner', destination: 'https://example.com/models' }] });
  const result = await buildSite(root, { workers: 0, adapter: 'netlify' });
  assert.ok(result.ok, 'the site builds');
  const [query] = result.messages.filter((message) => message.ruleId === 'adapter-redirect-query');
  assert.is(query?.fatal, false);
  assert.is(query?.file, join(root, 'docs.json'));
  assert.ok(typeof query?.line === 'number' && typeof query.column === 'number', 'placed at the rule');
  const redirects = tree(join(root, 'dist'))._redirects ?? '';
  assert.match(redirects, /^\/old-home \/ 301!$/m);
  assert.not.match(redirects, 'models');
});

build('should take build options from docsgen.config, with options given to buildSite first', async () => {
  const root = project({
    'docsgen.config.mjs': "export default { build: { outDir: 'build', adapter: 'vercel' } };\n",
  }, { redirects: [{ source: '/a', destination: '/b' }] });
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.ok(existsSync(join(root, 'build/vercel.json')));
  assert.not.ok(existsSync(join(root, 'dist')));
  const result = await buildSite(root, { workers: 0, outDir: join(root, 'dist'), adapter: 'netlify' });
  assert.ok(result.ok);
  assert.is(result.outDir, join(root, 'dist'));
  assert.ok(existsSync(join(root, 'dist/_redirects')));
});

build('should leave search out with docsgen.config search: false: no index, no search box', async () => {
  const root = project({ 'docsgen.config.mjs': 'export default { search: false };\n' });
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const files = tree(join(root, 'dist'));
  assert.not.ok(Object.keys(files).some((path) => path.startsWith('_docsgen/search/')), 'no index');
  const pages = Object.entries(files).filter(([path]) => path.endsWith('.html'));
  assert.ok(pages.length > 0);
  assert.ok(pages.every(([, html]) => !html.includes('data-dg-search')), 'no search box');
  // The same project with search on has both.
  writeFileSync(join(root, 'docsgen.config.mjs'), 'export default { search: true };\n');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const on = tree(join(root, 'dist'));
  assert.ok('_docsgen/search/pagefind.js' in on);
  assert.match(on['index.html'] ?? '', 'data-dg-search');
});

build('should reuse the stored search index while no page\'s searchable text changes, and index again when it does', async () => {
  const root = project();
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const store = join(root, '.docsgen', 'cache', 'search');
  const live = tree(join(root, 'dist', '_docsgen', 'search'));
  const fragments = (): string[] =>
    Object.entries(tree(join(root, 'dist', '_docsgen', 'search')))
      .filter(([path]) => path.startsWith('fragment/'))
      .map(([, content]) => gunzipSync(Buffer.from(content, 'latin1')).toString('utf8'));
  assert.ok(fragments().some((fragment) => fragment.includes('Use it well')));

  // Mark the stored copy of pagefind.js (same size): a build that reuses the store publishes the mark.
  const manifest = JSON.parse(readFileSync(join(store, 'index.json'), 'utf8')) as { files: Array<{ path: string; size: number }> };
  let offset = 0;
  for (const file of manifest.files) {
    if (file.path === 'pagefind.js') break;
    offset += file.size;
  }
  const bin = readFileSync(join(store, 'index.bin'));
  bin.write('/*docsgen-reused*/', offset + 100, 'latin1');
  writeFileSync(join(store, 'index.bin'), bin);

  // docs.json changes every page's layout, not their searchable text.
  writeFileSync(join(root, 'docs.json'), docsJson({ description: 'New', colors: { primary: '#0f766e' } }));
  const relaid = await buildSite(root, { workers: 0 });
  assert.ok(relaid.ok);
  assert.is(relaid.cached, 0, 'every page rendered again');
  assert.match(readFileSync(join(root, 'dist', '_docsgen', 'search', 'pagefind.js'), 'latin1'), '/*docsgen-reused*/');

  // New text: Pagefind runs, its own pagefind.js comes back, the new words are indexed.
  writeFileSync(join(root, 'guides/usage.md'), '---\ntitle: Usage\ndescription: How to use it.\n---\n\nUse it **wisely** with zeppelins.\n');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.is(readFileSync(join(root, 'dist', '_docsgen', 'search', 'pagefind.js'), 'latin1'), live['pagefind.js']);
  assert.ok(fragments().some((fragment) => fragment.includes('zeppelins')));
  assert.not.ok(fragments().some((fragment) => fragment.includes('Use it well')));

  // A store that cannot be read whole is not used: the index is made again.
  writeFileSync(join(store, 'index.bin'), 'truncated');
  writeFileSync(join(root, 'docs.json'), docsJson({ description: 'Newer' }));
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.ok(fragments().some((fragment) => fragment.includes('zeppelins')));
  assert.is(readFileSync(join(store, 'index.bin')).length, (JSON.parse(readFileSync(join(store, 'index.json'), 'utf8')) as typeof manifest).files.reduce((sum, file) => sum + file.size, 0), 'stored again');
});

build('should index again only the pages whose searchable text changed, giving the index a clean build gives', async () => {
  const root = project({
    'guides/usage.md': '---\ntitle: Usage\ndescription: How to use it.\nkeywords: [operate]\n---\n\nUse it **well**, café or cafe.\n',
  });
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const store = join(root, '.docsgen', 'cache', 'search');
  const fragments = (): string[] =>
    Object.entries(tree(join(root, 'dist', '_docsgen', 'search')))
      .filter(([path]) => path.startsWith('fragment/'))
      .map(([, content]) => gunzipSync(Buffer.from(content, 'latin1')).toString('utf8'));

  // Mark the stored share of the home page (its fragment's text): a build that takes the home
  // page from the store, and not from Pagefind, publishes the mark.
  const stored = deserialize(readFileSync(join(store, 'records.bin'))) as { records: Array<[string, { url: string; fragment: Uint8Array; fragmentHash: string }]> };
  assert.is(stored.records.length, 3);
  const home = stored.records.map(([, record]) => record).find((record) => record.url === '/')!;
  const marked = gunzipSync(home.fragment).toString('utf8').replace('Welcome home.', 'Welcome home, stored.');
  home.fragment = gzipSync(Buffer.from(marked, 'utf8'));
  home.fragmentHash = 'abcdef0123';
  writeFileSync(join(store, 'records.bin'), serialize(stored));

  writeFileSync(join(root, 'guides/usage.md'), '---\ntitle: Usage\ndescription: How to use it.\nkeywords: [operate]\n---\n\nUse it **wisely** with zeppelins, café.\n');
  const warm = await buildSite(root, { workers: 0 });
  assert.ok(warm.ok);
  assert.is(warm.cached, 2);
  assert.ok(fragments().some((fragment) => fragment.includes('Welcome home, stored.')), 'the home page share came from the store');
  assert.ok(fragments().some((fragment) => fragment.includes('zeppelins')), 'the changed page was indexed again');
  assert.not.ok(fragments().some((fragment) => fragment.includes('Use it well')));

  // Without the mark, the rebuilt index is the one a build without any store writes, byte for byte.
  writeFileSync(join(root, 'guides/usage.md'), '---\ntitle: Usage\ndescription: How to use it.\nkeywords: [operate]\n---\n\nUse it **gladly** with quokkas.\n');
  rmSync(store, { recursive: true });
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  writeFileSync(join(root, 'guides/usage.md'), '---\ntitle: Usage\ndescription: How to use it.\nkeywords: [operate]\n---\n\nUse it **wisely** with zeppelins, café.\n');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const rebuilt = tree(join(root, 'dist'));
  assert.ok((await buildSite(root, { workers: 0, cache: false })).ok);
  assert.equal(tree(join(root, 'dist')), rebuilt);
});

build('should store the shares a rebuild changed beside the kept ones, and every share again once many changed', async () => {
  const root = project();
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const store = join(root, '.docsgen', 'cache', 'search');
  type RecordsFile = { id: string; records: Array<[string, { url: string; fragment: Uint8Array }]> };
  const read = (name: string): RecordsFile => deserialize(readFileSync(join(store, name))) as RecordsFile;
  const base = readFileSync(join(store, 'records.bin'));
  assert.not.ok(existsSync(join(store, 'records-added.bin')));
  // The body alone: a new title would change the pages linking to the page too.
  const edit = (file: string, text: string): void => {
    const [, frontmatter] = readFileSync(join(root, file), 'utf8').split('---\n');
    writeFileSync(join(root, file), `---\n${frontmatter}---\n\n${text}\n`);
  };
  const isClean = async (): Promise<boolean> => {
    const warm = tree(join(root, 'dist'));
    assert.ok((await buildSite(root, { workers: 0, cache: false })).ok);
    const clean = tree(join(root, 'dist'));
    return Object.keys({ ...warm, ...clean }).every((path) => warm[path] === clean[path]);
  };

  edit('guides/usage.md', 'Use it with zeppelins.');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.ok(readFileSync(join(store, 'records.bin')).equals(base), 'the kept shares are not written again');
  const added = read('records-added.bin');
  assert.is(added.id, read('records.bin').id, 'the additions name the shares they add to');
  assert.equal(added.records.map(([, record]) => record.url), ['/guides/usage']);
  assert.ok(await isClean(), 'a clean build gives the same index');
  // A second edit reads both files.
  edit('guides/usage.md', 'Use it with quokkas.');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.ok(readFileSync(join(store, 'records.bin')).equals(base));
  assert.ok(await isClean());

  // Additions written for another records.bin are never read: a mark in them is not published.
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const other = read('records-added.bin');
  other.id = 'another';
  const [, share] = other.records[0]!;
  share.fragment = gzipSync(Buffer.from(gunzipSync(share.fragment).toString('utf8').replace('quokkas', 'marked quokkas'), 'utf8'));
  writeFileSync(join(store, 'records-added.bin'), serialize(other));
  edit('index.mdx', 'Welcome to a new home.');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const fragments = Object.entries(tree(join(root, 'dist', '_docsgen', 'search'))).filter(([path]) => path.startsWith('fragment/')).map(([, content]) => gunzipSync(Buffer.from(content, 'latin1')).toString('utf8'));
  assert.ok(fragments.some((fragment) => fragment.includes('quokkas')));
  assert.not.ok(fragments.some((fragment) => fragment.includes('marked')));
  assert.ok(await isClean());

  // Once many shares changed (here every page), every share is written again, without additions.
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  for (const file of ['index.mdx', 'guides/setup.mdx', 'guides/usage.md']) edit(file, `All new, ${file}.`);
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.not.ok(readFileSync(join(store, 'records.bin')).equals(base));
  assert.not.ok(existsSync(join(store, 'records-added.bin')));
  assert.is(read('records.bin').records.length, 3);
  assert.ok(await isClean());
  rmSync(root, { recursive: true, force: true });
});

build('should give a clean build\'s index after reordering pages and editing one language of several', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Langs', navigation: { languages: [{ language: 'en', pages: ['index', 'guide'] }, { language: 'fr', pages: ['fr/index', 'fr/guide'] }] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nWelcome, café lovers.\n',
    'guide.mdx': '---\ntitle: Guide\n---\n\nThe zephyrword guide.\n',
    'fr/index.mdx': '---\ntitle: Accueil\n---\n\nBienvenue à la maison.\n',
    'fr/guide.mdx': '---\ntitle: Guide\n---\n\nLe guide, été comme hiver.\n',
  }, 'docsgen-build-langs-');
  const clean = async (): Promise<Record<string, string>> => {
    const warm = tree(join(root, 'dist'));
    assert.ok((await buildSite(root, { workers: 0, cache: false })).ok);
    const fresh = tree(join(root, 'dist'));
    return Object.fromEntries(Object.keys({ ...warm, ...fresh }).filter((path) => warm[path] !== fresh[path]).map((path) => [path, 'differs']));
  };
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.ok(Object.keys(tree(join(root, 'dist', '_docsgen', 'search'))).includes('wasm.fr.pagefind'));
  // The shares were kept: the index put together from them is the one Pagefind wrote.
  assert.is((deserialize(readFileSync(join(root, '.docsgen', 'cache', 'search', 'records.bin'))) as { records: unknown[] }).records.length, 4);
  writeFileSync(join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nThe quillmark guide.\n');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.equal(await clean(), {}, 'an English page edited');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Langs', navigation: { languages: [{ language: 'en', pages: ['guide', 'index'] }, { language: 'fr', pages: ['fr/guide', 'fr/index'] }] } }));
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.equal(await clean(), {}, 'pages reordered');
});

build('should index every page again when the new pages\' index cannot be split into shares', async () => {
  const root = project();
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  // Sorting attributes make a part of Pagefind's index that shares do not hold.
  writeFileSync(join(root, 'guides/usage.md'), '---\ntitle: Usage\ndescription: How to use it.\n---\n\n<div data-pagefind-sort="weight:2">Use it with zeppelins.</div>\n');
  const warm = await buildSite(root, { workers: 0 });
  assert.ok(warm.ok);
  assert.is(warm.cached, 2);
  const rebuilt = tree(join(root, 'dist'));
  assert.ok(Object.keys(rebuilt).filter((path) => path.startsWith('_docsgen/search/fragment/')).length === 3, 'every page is in the index');
  const meta = Object.entries(rebuilt).find(([path]) => path.endsWith('.pf_meta'))!;
  assert.match(gunzipSync(Buffer.from(meta[1], 'latin1')).toString('latin1'), 'weight', 'the index sorts by the attribute');
  assert.ok((await buildSite(root, { workers: 0, cache: false })).ok);
  assert.equal(tree(join(root, 'dist')), rebuilt);
});

build('should give the same output from kept compiles as from fresh ones, for every component and both page kinds', async () => {
  for (const fixture of ['every-component', 'compat-mintlify']) {
    const root = mkdtempSync(join(tmpdir(), `docsgen-kept-${fixture}-`));
    cpSync(fileURLToPath(new URL(`../../../fixtures/${fixture}/`, import.meta.url)), root, { recursive: true });
    const fresh = await buildSite(root, { workers: 0, cache: false });
    assert.ok(fresh.ok, fresh.messages.map((message) => message.reason).join('\n'));
    const expected = tree(join(root, 'dist'));
    assert.ok((await buildSite(root, { workers: 0 })).ok);
    assert.ok(readdirSync(join(root, '.docsgen', 'cache', 'compile')).length > 0);
    // Pages render again (the rendered-page cache is dropped) from the kept compiles.
    rmSync(join(root, '.docsgen', 'cache', 'build'), { recursive: true });
    const kept = await buildSite(root, { workers: 0 });
    assert.is(kept.cached, 0);
    const actual = tree(join(root, 'dist'));
    for (const path of new Set([...Object.keys(expected), ...Object.keys(actual)])) assert.is(actual[path], expected[path], `${fixture}: ${path}`);
    rmSync(root, { recursive: true, force: true });
  }
});

build('should take an edited page\'s unchanged code blocks from its earlier compile', async () => {
  const root = project();
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const folder = join(root, '.docsgen', 'cache', 'compile');
  const setup = join(root, 'guides/setup.mdx');
  const entryOf = (): string => readdirSync(folder).find((name) => readFileSync(join(folder, name), 'utf8').includes(JSON.stringify(setup)))!;
  const earlier = entryOf();
  // Entries are named by file, then text: the page's entries share a prefix.
  assert.match(earlier, /^[0-9a-f]{16}-[0-9a-f]{32}\.json$/);
  // Mark the highlighted block the entry keeps: a compile that reuses it publishes the mark.
  // Two lines: the compile, then its highlighted blocks.
  const [compiled, blocks] = readFileSync(join(folder, earlier), 'utf8').split('\n') as [string, string];
  assert.not.match(compiled, 'highlighted', 'a cache hit does not read the blocks');
  const highlighted = JSON.parse(blocks) as Array<[string, { html: string; code: string }]>;
  assert.is(highlighted.length, 1);
  highlighted[0]![1].html = highlighted[0]![1].html.replace('<pre ', '<pre data-kept="yes" ');
  writeFileSync(join(folder, earlier), `${compiled}\n${JSON.stringify(highlighted)}`);
  const before = readFileSync(setup, 'utf8');
  writeFileSync(setup, before.replace('<Note />', '<Note />\n\nNew prose.'));
  const edited = await buildSite(root, { workers: 0 });
  assert.is(edited.cached, 2);
  const page = readFileSync(join(root, 'dist/guides/setup.html'), 'utf8');
  assert.match(page, 'New prose.');
  assert.match(page, 'data-kept="yes"', 'the block comes from the earlier compile');
  assert.ok(readdirSync(folder).some((name) => name !== earlier && name.slice(0, 17) === earlier.slice(0, 17)), 'the new text is kept beside the old');
  // Edited code is highlighted again.
  writeFileSync(setup, before.replace('const a = 1;', 'const b = 2;'));
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const recoded = readFileSync(join(root, 'dist/guides/setup.html'), 'utf8');
  assert.not.match(recoded, 'data-kept');
  assert.match(recoded, '--shiki-light');
  rmSync(root, { recursive: true, force: true });
});

build('should keep compiled pages across builds, until a page\'s text or the compile settings change', async () => {
  const root = project();
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const folder = join(root, '.docsgen', 'cache', 'compile');
  const entries = (): string[] => readdirSync(folder).filter((name) => name.endsWith('.json'));
  assert.is(entries().length, 4, 'three pages and the snippet');
  const usageEntry = entries().map((name) => readFileSync(join(folder, name), 'utf8')).find((text) => text.includes('Use it'))!;
  assert.match(usageEntry, '"tree"');
  assert.not.match(usageEntry, '"position"', 'a kept tree holds no source positions');
  // Mark the kept compile of index.mdx: a build that uses it publishes the mark.
  const mark = (): void => {
    for (const name of entries()) {
      const text = readFileSync(join(folder, name), 'utf8');
      if (text.includes('Welcome home.')) writeFileSync(join(folder, name), text.replace('Welcome home.', 'Welcome from the cache.'));
    }
  };
  mark();
  // A docs.json edit renders every page again, from their kept compiles.
  writeFileSync(join(root, 'docs.json'), docsJson({ description: 'New' }));
  const relaid = await buildSite(root, { workers: 0 });
  assert.is(relaid.cached, 0);
  assert.match(readFileSync(join(root, 'dist/index.html'), 'utf8'), 'Welcome from the cache.');
  // Code themes change what a compile gives: every page compiles again.
  writeFileSync(join(root, 'docs.json'), docsJson({ description: 'New', styling: { codeblocks: { theme: 'dracula' } } }));
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.match(readFileSync(join(root, 'dist/index.html'), 'utf8'), 'Welcome home.');
  // So does a user plugin, which also keeps the cache out of it.
  mark();
  writeFileSync(join(root, 'docsgen.config.mjs'), 'export default { remarkPlugins: [() => () => undefined] };\n');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.match(readFileSync(join(root, 'dist/index.html'), 'utf8'), 'Welcome home.');
  rmSync(join(root, 'docsgen.config.mjs'));
  // The marked entries go: what follows compares with a build without the cache.
  rmSync(folder, { recursive: true });
  assert.ok((await buildSite(root, { workers: 0 })).ok);

  // A build that takes every page from its rendered-page cache keeps the compiles: the next
  // docs.json edit needs them.
  const kept = entries();
  assert.is((await buildSite(root, { workers: 0 })).cached, 3);
  assert.equal(entries(), kept);
  // Entries unused for a week (here the old version of an edited page) are deleted at the end
  // of a build, the first one in a day.
  const usage = kept.find((name) => (JSON.parse(readFileSync(join(folder, name), 'utf8').split('\n')[0]!) as { file: string }).file === join(root, 'guides/usage.md'))!;
  const weekAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
  utimesSync(join(folder, usage), weekAgo, weekAgo);
  writeFileSync(join(root, 'guides/usage.md'), '---\ntitle: Usage\n---\n\nEdited.\n');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.is(entries().length, 5, 'the builds above looked through the entries less than a day ago');
  const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
  utimesSync(join(folder, '.pruned'), dayAgo, dayAgo);
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  const after = entries();
  assert.is(after.length, 4);
  assert.not.ok(after.includes(usage), 'the old version is gone');
  assert.is(after.filter((name) => !kept.includes(name)).length, 1, 'the edited page is stored anew');
  const cached = tree(join(root, 'dist'));
  await buildSite(root, { workers: 0, cache: false });
  const uncached = tree(join(root, 'dist'));
  for (const path of new Set([...Object.keys(cached), ...Object.keys(uncached)])) assert.is(cached[path], uncached[path], path);
});

build.run();
