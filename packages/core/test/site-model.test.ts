import { rmSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { collect, loadSiteModel } from '../src/site-model.js';
import { writeTempProject } from './temp-project.js';

const model = suite('site model');

model('should load config, pages, navigation, manifest, home page and root files without rendering a page', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Model', siteUrl: 'https://docs.example.com', navigation: { pages: ['start', 'guides/one', 'missing'] } }),
    'start.mdx': '---\ntitle: Start\n---\n\n{broken\n',
    'guides/one.mdx': '# One\n',
    'guides/_section.mdx': '# Guides\n',
    'draft.mdx': '---\ndraft: true\n---\n\n# Draft\n',
    'custom.css': 'body {}',
    'docsgen.config.js': 'export default {};\n',
  }, 'docsgen-model-');
  const site = await loadSiteModel(root, { mode: 'build', siteUrl: 'https://other.example.com' });
  assert.is(site.mode, 'build');
  assert.is(site.siteUrl, 'https://other.example.com', 'the option wins over docs.json');
  assert.equal([...site.pages.keys()].sort(), ['draft', 'guides', 'guides/one', 'start']);
  assert.is(site.homeSlug, 'start');
  assert.equal(site.navigablePages, ['start', 'guides/one']);
  assert.equal(site.projectFiles, ['custom.css'], 'docsgen.config.* is not a project file');
  const collections = Object.fromEntries(Object.entries(site.manifest.collections).map(([folder, slugs]) => [folder, [...slugs].sort()]));
  assert.equal(collections, { '': ['draft', 'start'], guides: ['guides', 'guides/one'] });
  assert.equal(site.manifest.pages.find((page) => page.slug === 'draft')?.isDraft, true);
  assert.ok(site.messages.some((message) => message.reason.includes('missing')), 'a listed page without a file is reported');
  assert.not.ok(site.messages.some((message) => message.file?.endsWith('start.mdx')), 'pages are not compiled while loading');
  rmSync(root, { recursive: true, force: true });
});

model('should make index.mdx the home page, listed or not, unless a redirect takes `/` elsewhere', async () => {
  // The platform's help-center template: a custom landing page in index.mdx, out of the navigation.
  const files = { 'index.mdx': '---\ntitle: How can we help?\nmode: custom\n---\n\nHi.\n', 'start.mdx': '# Start\n', 'more.mdx': '# More\n' };
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['unlisted', { navigation: { pages: ['start', 'more'] } }, 'index'],
    ['listed second', { navigation: { pages: ['start', 'index'] } }, 'index'],
    ['redirected', { navigation: { pages: ['start', 'more'] }, redirects: [{ source: '/', destination: '/more' }] }, 'start'],
  ];
  for (const [label, config, home] of cases) {
    const root = writeTempProject({ 'docs.json': JSON.stringify({ name: 'Home', ...config }), ...files }, 'docsgen-home-');
    const site = await loadSiteModel(root, { mode: 'build' });
    assert.is(site.homeSlug, home, label);
    rmSync(root, { recursive: true, force: true });
  }
});

model('should group pages by their first folder, a folder section with its folder', () => {
  const page = (slug: string, isSection = false) => ({ slug, isSection }) as Parameters<typeof collect>[0][number];
  assert.equal(collect([page('index'), page('guides', true), page('guides/a'), page('api/b')]), { '': ['index'], guides: ['guides', 'guides/a'], api: ['api/b'] });
});

model.run();
