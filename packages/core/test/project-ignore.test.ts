import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, checkProject, createSite, discoverPages } from '../src/index.js';
import { projectIgnoreOf } from '../src/project-ignore.js';
import { writeTempProject } from './temp-project.js';

// `.mintignore`: what a project keeps out of its site, in `.gitignore` syntax, as the hosted
// platform reads it (Arize-ai/phoenix keeps its docs at the repository's root and ignores the
// code around them; DeepL ignores a second copy of its spec).
const test = suite('.mintignore');

const ignorePatterns = [
  '# Drafts and notes',
  'drafts/',
  '*.draft.mdx',
  '!keep.draft.mdx',
  'internal/**',
  'app.css',
  '/private.png',
  '*.txt',
  '',
].join('\n');

test('should read `.gitignore` patterns: folders, globs, negation, anchored paths', () => {
  const isIgnored = projectIgnoreOf(ignorePatterns);
  assert.ok(isIgnored('drafts', true));
  assert.ok(isIgnored('drafts/a.mdx'));
  assert.ok(isIgnored('guides/drafts/a.mdx'), 'a folder pattern matches at any depth');
  assert.not.ok(isIgnored('drafts'), 'a file named like the folder is not a folder');
  assert.ok(isIgnored('guides/intro.draft.mdx'));
  assert.not.ok(isIgnored('guides/keep.draft.mdx'));
  assert.ok(isIgnored('internal/deep/x.png'));
  assert.ok(isIgnored('styles/app.css'));
  assert.ok(isIgnored('private.png'));
  assert.not.ok(isIgnored('images/private.png'), 'a pattern with a leading slash is anchored at the root');
  assert.not.ok(isIgnored('guides/intro.mdx'));
  // Paths that are not the project's are never ignored (and refused where they are read).
  assert.not.ok(isIgnored('../outside.mdx'));
  assert.not.ok(isIgnored('/etc/passwd'));
});

test('should leave ignored files out of the pages, site files, media and links, and the platform’s own ignores', async () => {
  const root = writeTempProject(
    {
      'docs.json': JSON.stringify({ name: 'Ignore', navigation: { pages: ['index', 'guides/intro'] } }),
      '.mintignore': ignorePatterns,
      'index.mdx': '---\ntitle: Home\n---\n\n![Shot](/images/shot.png)\n\n[Draft](/drafts/plan)\n',
      'guides/intro.mdx': '---\ntitle: Intro\n---\n\nText.\n',
      'guides/intro.draft.mdx': '---\ntitle: Draft intro\n---\n',
      'guides/keep.draft.mdx': '---\ntitle: Kept\n---\n',
      'drafts/plan.mdx': '---\ntitle: Plan\n---\n',
      'internal/notes.md': '# Notes\n',
      'internal/diagram.png': 'png',
      'images/shot.png': 'png',
      'private.png': 'png',
      'styles/app.css': 'body { color: red; }\n',
      'styles/site.css': 'body { color: blue; }\n',
      'CONTRIBUTING.md': '# Contributing\n',
      'CHANGELOG.md': '# Changes\n',
      'LICENSE.md': '# License\n',
      'llms.txt': 'Our own, left out.\n',
    },
    'docsgen-ignore-',
  );
  try {
    const discovered = await discoverPages(root, projectIgnoreOf(ignorePatterns));
    assert.equal(discovered.pages.map((page) => page.slug), ['guides/intro', 'guides/keep.draft', 'index']);
    assert.equal(discovered.siteFiles, ['styles/site.css']);
    // Without the file, the platform's own ignores still hold.
    assert.equal((await discoverPages(root)).pages.map((page) => page.slug).filter((slug) => /^[A-Z]/.test(slug)), []);

    const site = await createSite(root);
    assert.equal([...site.pages.keys()].sort(), ['guides/intro', 'guides/keep.draft', 'index']);
    assert.equal(site.projectFiles, ['styles/site.css']);
    const checked = await checkProject(root);
    assert.ok(checked.messages.some((message) => message.ruleId === 'link-broken' && message.reason.includes('/drafts/plan')), 'a link to an ignored page is broken');
    assert.not.ok(checked.messages.some((message) => message.reason.includes('images/shot.png')));

    const outDir = join(root, 'dist');
    assert.ok((await buildSite(root, { workers: 0, outDir })).ok);
    assert.ok(existsSync(join(outDir, 'images/shot.png')));
    assert.ok(existsSync(join(outDir, 'guides/intro.html')));
    for (const path of ['private.png', 'internal/diagram.png', 'internal/notes.html', 'drafts/plan.html', 'styles/app.css', 'CONTRIBUTING.html', 'guides/intro.draft.html']) {
      assert.not.ok(existsSync(join(outDir, path)), `${path} is not published`);
    }
    assert.not.match(readFileSync(join(outDir, 'index.html'), 'utf8'), 'app.css');
    // A project file left out does not take the place of the generated one.
    assert.match(readFileSync(join(outDir, 'llms.txt'), 'utf8'), /^# Ignore/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('should bind a page that names no spec to the project’s specs `.mintignore` leaves in', async () => {
  // DeepL's shape: `openapi.json` and `openapi.yaml`, the first ignored; pages write
  // `openapi: post /v2/translate`, and docs.json names no spec.
  const spec = (server: string) => JSON.stringify({ openapi: '3.0.3', info: { title: 'API', version: '1' }, servers: [{ url: server }], paths: { '/v2/translate': { post: { summary: 'Translate', responses: { 200: { description: 'OK' } } } } } });
  const root = writeTempProject(
    {
      'docs.json': JSON.stringify({ name: 'Specs', navigation: { pages: ['translate'] } }),
      '.mintignore': 'api-reference/openapi.json\n',
      'translate.mdx': '---\ntitle: Translate\nopenapi: post /v2/translate\n---\n\nTranslate text.\n',
      'api-reference/openapi.json': spec('https://stale.example.com'),
      'api-reference/openapi.yaml': spec('https://yaml.example.com'),
    },
    'docsgen-ignore-spec-',
  );
  try {
    const site = await createSite(root);
    const page = await site.render('translate');
    assert.equal(page?.messages.filter((message) => message.fatal), []);
    assert.match(page?.html ?? '', 'https://yaml.example.com');
    assert.not.match(page?.html ?? '', 'stale.example.com');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
