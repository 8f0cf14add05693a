import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createPageRenderer } from '../src/page-renderer.js';
import { loadSiteModel } from '../src/site-model.js';
import { writeTempProject } from './temp-project.js';

const renderer = suite('page renderer');

const files = {
  'docs.json': JSON.stringify({ name: 'Renderer', navigation: { pages: ['index', 'news'] } }),
  'index.mdx': 'import Note from "/snippets/note.mdx";\n\n# Home\n\n## First\n\n<Note />\n',
  'snippets/note.mdx': 'A note.\n',
  'news.mdx': '# News\n\n<Update label="v1">Shipped.</Update>\n',
};

renderer('should render a page content with its headings, keep it while unchanged and forget it on request', async () => {
  const root = writeTempProject(files, 'docsgen-renderer-');
  const model = await loadSiteModel(root);
  const pages = createPageRenderer(model);
  const first = await pages.render('index');
  assert.ok(first);
  assert.match(first.html, 'A note.');
  assert.equal(first.toc.map((entry) => entry.text), ['First']);
  assert.is(await pages.render('index'), first, 'kept while unchanged');
  assert.is(await pages.render('missing'), undefined);
  const dependencies = pages.dependencies('index').map((dependency) => dependency.file);
  assert.ok(dependencies.includes(join(root, 'index.mdx')) && dependencies.includes(join(root, 'snippets', 'note.mdx')));
  writeFileSync(join(root, 'snippets', 'note.mdx'), 'A new note.\n');
  model.modules.invalidate(join(root, 'snippets', 'note.mdx'));
  pages.forget(['index']);
  const second = await pages.render('index');
  assert.is.not(second, first);
  assert.match(second!.html, 'A new note.');
  rmSync(root, { recursive: true, force: true });
});

renderer('should render for the twin on request, and read a page changelog from its module', async () => {
  const root = writeTempProject(files, 'docsgen-renderer-');
  const model = await loadSiteModel(root);
  const pages = createPageRenderer(model);
  const markdown = await pages.renderAs('news', 'markdown');
  assert.ok(markdown && !markdown.messages.some((message) => message.fatal));
  const news = model.pages.get('news')!;
  assert.equal(pages.changelogOf(news).map((entry) => entry.label), ['v1']);
  assert.equal(pages.changelogOf(model.pages.get('index')!), []);
  pages.release('news');
  assert.equal(pages.dependencies('missing'), []);
  rmSync(root, { recursive: true, force: true });
});

renderer.run();
