import { documentAssetNames, islandAssetNames, themeStylesheetName } from '@docsgen/renderer';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isAssetUsed, MinifiedAssets, publishAssets, type AssetsUsed } from '../src/build-assets.js';
import { OutputWriter } from '../src/build-output.js';
import { createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const assets = suite('build asset publisher');

const none: AssetsUsed = { math: false, mermaid: false, api: false, apiViewer: false, islands: false };

assets('should publish an asset only when the pages use what it serves, and the theme stylesheet of the site theme only', () => {
  assert.not.ok(isAssetUsed(documentAssetNames.katexCss, none, 'mint'));
  assert.ok(isAssetUsed(documentAssetNames.katexCss, { ...none, math: true }, 'mint'));
  assert.not.ok(isAssetUsed(documentAssetNames.mermaidJs, none, 'mint'));
  assert.not.ok(isAssetUsed(documentAssetNames.apiCss, { ...none, math: true }, 'mint'));
  assert.ok(isAssetUsed(documentAssetNames.apiCss, { ...none, api: true }, 'mint'));
  assert.not.ok(isAssetUsed(documentAssetNames.apiSamplesJs, none, 'mint'));
  assert.ok(isAssetUsed(documentAssetNames.apiSamplesJs, { ...none, api: true }, 'mint'));
  assert.not.ok(isAssetUsed(documentAssetNames.apiViewersJs, { ...none, api: true }, 'mint'));
  assert.not.ok(isAssetUsed(islandAssetNames[0]!, none, 'mint'));
  assert.ok(isAssetUsed('theme-pith.css', none, 'pith'));
  assert.not.ok(isAssetUsed('theme-pith.css', none, 'mint'));
  assert.ok(isAssetUsed(themeStylesheetName('mint'), none, 'mint'));
});

assets('should keep minified assets by name and content, and prune the ones a build did not use', () => {
  const folder = mkdtempSync(join(tmpdir(), 'docsgen-minified-'));
  const first = new MinifiedAssets(folder);
  assert.is(first.read('a.js', Buffer.from('let a = 1')), undefined);
  first.write('a.js', Buffer.from('let a = 1'), Buffer.from('let a=1'));
  first.write('b.js', Buffer.from('let b = 1'), Buffer.from('let b=1'));
  const second = new MinifiedAssets(folder);
  assert.is(second.read('a.js', Buffer.from('let a = 1'))?.toString(), 'let a=1');
  assert.is(second.read('a.js', Buffer.from('let a = 2')), undefined, 'other content, other entry');
  second.prune();
  assert.is(readdirSync(folder).length, 1, 'the entry for b.js was not used, and is deleted');
  assert.is(new MinifiedAssets(undefined).read('a.js', Buffer.from('let a = 1')), undefined);
  rmSync(folder, { recursive: true, force: true });
});

assets('should publish the used assets, the navigation file, root .css/.js files, asset folders and media, but no page source', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Assets', navigation: { pages: ['index'] } }),
    'index.mdx': '# Home\n',
    'custom.css': 'body { color: red; }',
    'images/logo.png': 'png',
    'guides/figure.svg': '<svg/>',
    'guides/notes.mdx': '# Not copied\n',
  }, 'docsgen-assets-');
  mkdirSync(join(root, 'static'));
  symlinkSync(join(tmpdir()), join(root, 'static', 'tmp'));
  const site = await createSite(root, { mode: 'build' });
  const writer = new OutputWriter({ outDir: join(root, 'node_modules', 'dist') });
  writer.open();
  const messages: import('@docsgen/config').DocsgenMessage[] = [];
  await publishAssets(site, writer, { used: none, viewers: [], messages });
  const paths = [...writer.written.keys()];
  assert.ok(paths.includes(`_docsgen/${site.navigationFile().name}`));
  assert.ok(paths.includes('custom.css'));
  assert.ok(paths.includes('images/logo.png'));
  assert.ok(paths.includes('guides/figure.svg'));
  assert.not.ok(paths.some((path) => path.endsWith('.mdx')), 'page sources are not published');
  assert.not.ok(paths.includes(`_docsgen/${documentAssetNames.katexCss}`), 'no math, no math stylesheet');
  assert.not.ok(paths.some((path) => path.startsWith('_docsgen/fonts/')));
  assert.equal(messages.map((message) => message.ruleId), ['build-link-outside']);
  writer.discard();
  assert.not.ok(existsSync(writer.staging));
  rmSync(root, { recursive: true, force: true });
});

assets.run();
