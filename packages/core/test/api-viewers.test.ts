import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findViewerBundles, usedViewerFiles } from '../src/api-viewers.js';
import { buildSite } from '../src/build.js';
import { writeTempProject } from './temp-project.js';

const test = suite('findViewerBundles');

/** The browser files of the three packages, as if installed in `node_modules`. */
const installed: Record<string, string> = {
  'node_modules/redoc/bundles/redoc.standalone.js': 'redoc',
  'node_modules/@scalar/api-reference/dist/browser/standalone.js': 'scalar',
  'node_modules/@stoplight/elements/web-components.min.js': 'elements',
  'node_modules/@stoplight/elements/styles.min.css': 'elements css',
};

test('should use pinned CDN URLs with integrity when no package is installed', () => {
  const root = writeTempProject({ 'docs.json': '{}' });
  try {
    const { bundles, files } = findViewerBundles(root);
    assert.equal(files.size, 0);
    assert.equal(bundles['viewer-a'].scripts, ['https://cdn.jsdelivr.net/npm/redoc@2.5.4/bundles/redoc.standalone.js']);
    assert.equal(bundles['viewer-b'].scripts, ['https://cdn.jsdelivr.net/npm/@scalar/api-reference@1.72.1/dist/browser/standalone.js']);
    assert.equal(bundles['viewer-c'].scripts, ['https://cdn.jsdelivr.net/npm/@stoplight/elements@9.0.25/web-components.min.js']);
    assert.equal(bundles['viewer-c'].styles, ['https://cdn.jsdelivr.net/npm/@stoplight/elements@9.0.25/styles.min.css']);
    for (const bundle of Object.values(bundles)) {
      assert.is(bundle.source, 'cdn');
      for (const url of [...bundle.scripts, ...bundle.styles]) assert.match(bundle.integrity?.[url] ?? '', /^sha384-[A-Za-z0-9+/]{64}$/);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('should serve installed packages locally under fixed names', () => {
  const root = writeTempProject({ 'docs.json': '{}', ...installed });
  try {
    const { bundles, files } = findViewerBundles(root);
    assert.equal(bundles['viewer-a'], { scripts: ['/_docsgen/vendor/viewer-a/redoc.standalone.js'], styles: [], source: 'local' });
    assert.equal(bundles['viewer-b'], { scripts: ['/_docsgen/vendor/viewer-b/standalone.js'], styles: [], source: 'local' });
    assert.equal(bundles['viewer-c'], {
      scripts: ['/_docsgen/vendor/viewer-c/web-components.min.js'],
      styles: ['/_docsgen/vendor/viewer-c/styles.min.css'],
      source: 'local',
    });
    assert.equal([...files.keys()].sort(), [
      '/_docsgen/vendor/viewer-a/redoc.standalone.js',
      '/_docsgen/vendor/viewer-b/standalone.js',
      '/_docsgen/vendor/viewer-c/styles.min.css',
      '/_docsgen/vendor/viewer-c/web-components.min.js',
    ]);
    assert.ok(files.get('/_docsgen/vendor/viewer-c/styles.min.css')?.endsWith(join('node_modules', '@stoplight', 'elements', 'styles.min.css')));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('should find a package installed in a folder above the project (a workspace)', () => {
  const base = writeTempProject({ 'node_modules/redoc/bundles/redoc.standalone.js': 'redoc', 'docs/docs.json': '{}' });
  try {
    const { bundles, files } = findViewerBundles(join(base, 'docs'));
    assert.is(bundles['viewer-a'].source, 'local');
    assert.is(bundles['viewer-b'].source, 'cdn');
    assert.is(files.size, 1);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should fall back to the CDN when only part of a package is there', () => {
  const root = writeTempProject({ 'node_modules/@stoplight/elements/web-components.min.js': 'elements' });
  try {
    const { bundles, files } = findViewerBundles(root);
    assert.is(bundles['viewer-c'].source, 'cdn');
    assert.is(files.size, 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('should refuse a package file whose real path leaves node_modules', () => {
  const root = writeTempProject({ 'secret.js': 'SECRET', 'node_modules/redoc/bundles/.keep': '' });
  try {
    symlinkSync(join(root, 'secret.js'), join(root, 'node_modules/redoc/bundles/redoc.standalone.js'));
    mkdirSync(join(root, 'outside'));
    writeFileSync(join(root, 'outside', 'standalone.js'), 'SECRET');
    mkdirSync(join(root, 'node_modules/@scalar/api-reference/dist'), { recursive: true });
    symlinkSync(join(root, 'outside'), join(root, 'node_modules/@scalar/api-reference/dist/browser'));
    const { bundles, files } = findViewerBundles(root);
    assert.is(bundles['viewer-a'].source, 'cdn');
    assert.is(bundles['viewer-b'].source, 'cdn');
    assert.is(files.size, 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('should accept a symlinked package that stays in node_modules (pnpm)', () => {
  const root = writeTempProject({ 'node_modules/.pnpm/redoc@2.5.4/node_modules/redoc/bundles/redoc.standalone.js': 'redoc' });
  try {
    symlinkSync(join(root, 'node_modules/.pnpm/redoc@2.5.4/node_modules/redoc'), join(root, 'node_modules/redoc'));
    const { files } = findViewerBundles(root);
    assert.match(files.get('/_docsgen/vendor/viewer-a/redoc.standalone.js') ?? '', /\.pnpm/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('should list only the local files of the viewers pages use', () => {
  const files = new Map([
    ['/_docsgen/vendor/viewer-a/redoc.standalone.js', '/x/a.js'],
    ['/_docsgen/vendor/viewer-c/web-components.min.js', '/x/c.js'],
    ['/_docsgen/vendor/viewer-c/styles.min.css', '/x/c.css'],
  ]);
  assert.equal(usedViewerFiles(files, ['viewer-c']), [
    { path: '_docsgen/vendor/viewer-c/web-components.min.js', file: '/x/c.js' },
    { path: '_docsgen/vendor/viewer-c/styles.min.css', file: '/x/c.css' },
  ]);
  assert.equal(usedViewerFiles(files, []), []);
});

test('should copy into the build the local bundles of the viewers pages use, and only those', async () => {
  const root = writeTempProject({
    ...installed,
    'docs.json': JSON.stringify({ name: 'Viewers', api: { openapi: 'openapi.json' }, navigation: { pages: ['index', 'plain'] } }),
    'openapi.json': JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/ping': { get: { summary: 'Ping', responses: { '200': { description: 'OK' } } } } } }),
    'index.mdx': '---\ntitle: Home\n---\n\n<OpenApiViewerC method="GET" path="/ping" />\n',
    'plain.mdx': '---\ntitle: Plain\n---\n\nNo viewer.\n',
  });
  try {
    const result = await buildSite(root, { cache: false });
    assert.equal(result.messages.filter((message) => message.fatal), []);
    const out = join(root, 'dist', '_docsgen', 'vendor');
    assert.is(readFileSync(join(out, 'viewer-c', 'web-components.min.js'), 'utf8'), 'elements');
    assert.is(readFileSync(join(out, 'viewer-c', 'styles.min.css'), 'utf8'), 'elements css');
    assert.not.ok(existsSync(join(out, 'viewer-a')), 'viewer-a is used by no page');
    assert.not.ok(existsSync(join(out, 'viewer-b')));
    const home = readFileSync(join(root, 'dist', 'index.html'), 'utf8');
    assert.match(home, 'data-dg-viewer="viewer-c"');
    assert.match(home, '/_docsgen/vendor/viewer-c/web-components.min.js');
    assert.match(home, 'api-viewers.js');
    assert.not.match(readFileSync(join(root, 'dist', 'plain.html'), 'utf8'), 'api-viewers.js');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('should publish the viewers a cached page shows, as its cache entry recorded them', async () => {
  const root = writeTempProject({
    ...installed,
    'docs.json': JSON.stringify({ name: 'Viewers', api: { openapi: 'openapi.json' }, navigation: { pages: ['index', 'plain'] } }),
    'openapi.json': JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/ping': { get: { summary: 'Ping', responses: { '200': { description: 'OK' } } } } } }),
    'index.mdx': '---\ntitle: Home\n---\n\n<OpenApiViewerA method="GET" path="/ping" />\n',
    'plain.mdx': '---\ntitle: Plain\n---\n\nNo viewer.\n',
  });
  try {
    const first = await buildSite(root);
    assert.is(first.cached, 0);
    const again = await buildSite(root);
    assert.equal(again.messages.filter((message) => message.fatal), []);
    assert.is(again.cached, again.pages, 'every page came from the cache');
    const out = join(root, 'dist', '_docsgen');
    assert.is(readFileSync(join(out, 'vendor', 'viewer-a', 'redoc.standalone.js'), 'utf8'), 'redoc');
    assert.ok(existsSync(join(out, 'api-viewers.js')), 'the viewers loader');
    assert.ok(existsSync(join(out, 'api.css')), 'the viewer box styles');
    assert.not.ok(existsSync(join(out, 'vendor', 'viewer-c')));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
