import { chmodSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { discoverPages, isInIgnoredFolder } from '../src/index.js';
import { countPageFiles, listedPagesInOutputFolders } from '../src/discover.js';
import { writeTempProject } from './temp-project.js';

const discover = suite('discover');

const project = (files: Record<string, string>): string => writeTempProject(files, 'docsgen-discover-');

discover('should find .mdx and .md pages with slugs, sorted', async () => {
  const root = project({
    'index.mdx': '',
    'guides/b.md': '',
    'guides/a.mdx': '',
    'guides/deep/c.MDX': '',
    'images/logo.png': '',
    'docs.json': '{}',
  });
  const { pages } = await discoverPages(root);
  assert.equal(
    pages.map((page) => [page.slug, page.relativePath, page.format]),
    [
      ['guides/a', 'guides/a.mdx', 'mdx'],
      ['guides/b', 'guides/b.md', 'md'],
      ['guides/deep/c', 'guides/deep/c.MDX', 'mdx'],
      ['index', 'index.mdx', 'mdx'],
    ],
  );
  assert.is(pages[0]?.file, join(root, 'guides/a.mdx'));
  rmSync(root, { recursive: true });
});

discover('should find the .css and .js files every page loads, in content folders only', async () => {
  const root = project({
    'index.mdx': '',
    'custom.css': '',
    'site-scripts/hubspot.js': '',
    'guides/deep/widget.js': '',
    'guides/deep/style.CSS': '',
    'docsgen.config.js': '',
    'guides/docsgen.config.js': '',
    'snippets/counter.js': '',
    'theme/Card.js': '',
    'node_modules/pkg/index.js': '',
    'dist/_docsgen/client.js': '',
    '.vscode/x.js': '',
    'out/.docsgen-output': '',
    'out/_docsgen/client.js': '',
    'out/index.md': '',
    'guides/bad name.js': '',
  });
  const { pages, siteFiles } = await discoverPages(root);
  assert.equal(siteFiles, ['custom.css', 'guides/deep/widget.js', 'guides/docsgen.config.js', 'site-scripts/hubspot.js']);
  // A build's output folder inside the project is not content: neither its scripts nor its twins.
  assert.equal(pages.map((page) => page.slug), ['index']);
  rmSync(root, { recursive: true });
});

discover('should skip snippets, dependencies, build output, dot folders and READMEs', async () => {
  const root = project({
    'page.mdx': '',
    'snippets/note.mdx': '',
    'node_modules/pkg/readme.md': '',
    '.git/x.md': '',
    '.hidden.mdx': '',
    'dist/out.md': '',
    'README.md': '',
    'guides/README.md': '',
    'theme/Callout.mdx': '',
  });
  assert.equal((await discoverPages(root)).pages.map((page) => page.slug), ['page']);
  rmSync(root, { recursive: true });
});

discover('should read pages, scripts and stylesheets from build/, dist/, tmp/ below the root, as the hosted platform does', async () => {
  // Dify's docs: `en/cloud/use-dify/build/workflow-chatflow.mdx`, listed in its navigation.
  const root = project({
    'index.mdx': '',
    'en/use/build/workflow.mdx': '',
    'en/use/build/steps.js': '',
    'guides/dist/bundles.md': '',
    'guides/tmp/scratch.mdx': '',
    'guides/node_modules/pkg/readme.md': '',
    'guides/snippets/note.mdx': '',
    'build/out.md': '',
    'build/site.js': '',
    'coverage/report.md': '',
    'temp/x.mdx': '',
  });
  const { pages, siteFiles } = await discoverPages(root);
  assert.equal(pages.map((page) => page.slug), ['en/use/build/workflow', 'guides/dist/bundles', 'guides/tmp/scratch', 'index']);
  assert.equal(siteFiles, ['en/use/build/steps.js']);
  assert.is(countPageFiles(root, 10), 4);
  assert.ok(isInIgnoredFolder('build/out.md'));
  assert.ok(isInIgnoredFolder('guides/node_modules/pkg/readme.md'));
  assert.not.ok(isInIgnoredFolder('en/use/build/workflow.mdx'));
  assert.not.ok(isInIgnoredFolder('build'));
  rmSync(root, { recursive: true });
});

discover('should read the pages the navigation lists in a root build/ folder, and nothing else there', async () => {
  // Cobalt's docs: 47 listed pages in a root `build/`, published by the hosted platform.
  const root = project({
    'index.mdx': '',
    'build/basics/proxies.mdx': '',
    'build/basics/events.md': '',
    'build/basics/unlisted.mdx': '',
    'dist/out.mdx': '',
    'build/secret.mdx': '',
  });
  symlinkSync(join(root, '..'), join(root, 'build', 'up'));
  const navigation = { groups: [{ group: 'Build', pages: ['build/basics/proxies', '/build/basics/events.md', 'build/../index', 'build/up/x', 'build/secret', 'build/missing', 'dist', 'guides/build/x'] }] };
  const listed = listedPagesInOutputFolders(root, navigation, (path) => path === 'build/secret.mdx');
  assert.equal(listed.map((page) => [page.slug, page.relativePath, page.format]), [
    ['build/basics/events', 'build/basics/events.md', 'md'],
    ['build/basics/proxies', 'build/basics/proxies.mdx', 'mdx'],
  ]);
  assert.equal((await discoverPages(root)).pages.map((page) => page.slug), ['index'], 'pages are not looked for there');
  rmSync(root, { recursive: true });
});

discover('should make a folder\'s _section.mdx the page of the folder slug, after a page file of that slug', async () => {
  const root = project({ 'guides/_section.mdx': '', 'guides/a.mdx': '', 'guides.md': '', 'api/v1/_section.mdx': '', 'guides/_section.md': '' });
  const { pages, messages } = await discoverPages(root);
  assert.equal(
    pages.map((page) => [page.slug, page.relativePath, page.isSection]),
    [
      ['api/v1', 'api/v1/_section.mdx', true],
      ['guides', 'guides.md', false],
      ['guides', 'guides/_section.mdx', true],
      ['guides/_section', 'guides/_section.md', false],
      ['guides/a', 'guides/a.mdx', false],
    ],
  );
  assert.equal(messages, []);
  rmSync(root, { recursive: true });
});

discover('should skip a _section.mdx at the project root with a warning', async () => {
  const root = project({ '_section.mdx': '', 'index.mdx': '' });
  const { pages, messages } = await discoverPages(root);
  assert.equal(pages.map((page) => page.slug), ['index']);
  assert.equal(
    messages.map((message) => [message.ruleId, message.fatal, message.file, message.reason]),
    [['section-outside-folder', false, join(root, '_section.mdx'), 'Unexpected `_section.mdx` at the project root, expected it in a folder: it is the landing page of its folder']],
  );
  rmSync(root, { recursive: true });
});

discover('should list an .mdx page before an .md page of the same slug', async () => {
  const root = project({ 'a.md': '', 'a.mdx': '' });
  assert.equal((await discoverPages(root)).pages.map((page) => page.relativePath), ['a.mdx', 'a.md']);
  rmSync(root, { recursive: true });
});

discover('should follow symbolic links inside the project but not outside or in loops', async () => {
  const outside = project({ 'secret.mdx': '' });
  const root = project({ 'real/page.mdx': '' });
  symlinkSync(join(root, 'real'), join(root, 'alias'));
  symlinkSync(outside, join(root, 'escape'));
  symlinkSync(root, join(root, 'real', 'loop'));
  const slugs = (await discoverPages(root)).pages.map((page) => page.slug);
  assert.ok(slugs.includes('real/page'));
  assert.not.ok(slugs.some((slug) => slug.includes('secret')), 'a link out of the project is not followed');
  assert.ok(slugs.length <= 3, `a loop is visited once: ${slugs.join(', ')}`);
  rmSync(root, { recursive: true });
  rmSync(outside, { recursive: true });
});

discover('should give the same slugs every time when a folder is also reachable through a link', async () => {
  const root = project({ 'b/x.mdx': '' });
  symlinkSync(join(root, 'b'), join(root, 'a'));
  for (let run = 0; run < 5; run += 1) {
    assert.equal((await discoverPages(root)).pages.map((page) => page.slug), ['b/x']);
  }
  rmSync(root, { recursive: true });
});

discover('should report a folder it cannot read and go on', async () => {
  const root = project({ 'ok.mdx': '', 'locked/page.mdx': '' });
  chmodSync(join(root, 'locked'), 0o000);
  const result = await discoverPages(root);
  chmodSync(join(root, 'locked'), 0o755);
  assert.ok(result.pages.some((page) => page.slug === 'ok'));
  // root reads every folder regardless of permissions; elsewhere the folder is reported.
  if (process.getuid?.() !== 0) {
    assert.equal(result.messages.map((m) => [m.ruleId, m.fatal]), [['folder-unreadable', false]]);
    assert.not.ok(result.pages.some((page) => page.slug === 'locked/page'));
  }
  rmSync(root, { recursive: true });
});

discover.run();
