import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const web = await pages.render('news');
  assert.equal(web?.toc, [{ depth: 2, id: 'v1', text: 'v1' }], "a changelog's table of contents lists its entries");
  const markdown = await pages.renderAs('news', 'markdown');
  assert.ok(markdown && !markdown.messages.some((message) => message.fatal));
  const news = model.pages.get('news')!;
  assert.equal(pages.changelogOf(news).map((entry) => entry.label), ['v1']);
  assert.equal(pages.changelogOf(model.pages.get('index')!), []);
  pages.release('news');
  assert.equal(pages.dependencies('missing'), []);
  rmSync(root, { recursive: true, force: true });
});

const tinySpec = readFileSync(fileURLToPath(new URL('../../openapi-pages/test/fixtures/specs/tiny/openapi.yaml', import.meta.url)), 'utf8');

renderer('should return the facts of a page as data: what it uses, its headings, links and side blocks', async () => {
  const root = writeTempProject(
    {
      'docs.json': JSON.stringify({ name: 'Facts', navigation: { pages: ['index', 'wide', 'plain'] } }),
      'specs/tiny.yaml': tinySpec,
      'index.mdx': [
        '# Home',
        '',
        '## Before',
        '',
        '[guide](/plain) ![logo](/images/logo.png) <Card title="Card" href="/card-target">x</Card> <a href="/raw-target">raw</a>',
        '',
        '<RequestExample>',
        '```bash',
        'curl https://example.com',
        '```',
        '[in the side](/side-target)',
        '</RequestExample>',
        '',
        '<OpenApiEndpoint spec="specs/tiny.yaml" method="GET" path="/users/{id}" />',
        '',
        '## After',
      ].join('\n'),
      'wide.mdx': '---\nmode: wide\n---\n\n# Wide\n\n<Panel>Aside.</Panel>\n',
      'plain.mdx': '# Plain\n\nText.\n',
    },
    'docsgen-facts-',
  );
  try {
    const model = await loadSiteModel(root);
    const pages = createPageRenderer(model);
    const home = (await pages.render('index'))!;
    assert.equal(home.messages, []);
    assert.ok(home.usesApi, 'the endpoint is recorded');
    assert.equal(home.apiViewers, []);
    // The endpoint's sections sit between the page's own headings, with their text.
    const toc = home.toc.map((entry) => entry.text);
    assert.is(toc[0], 'Before');
    assert.is(toc.at(-1), 'After');
    assert.ok(toc.includes('Parameters') || toc.includes('Path parameters'), JSON.stringify(toc));
    const links = home.links.map((link) => `${link.attribute}:${link.value}`);
    for (const link of ['href:/plain', 'src:/images/logo.png', 'href:/card-target', 'href:/raw-target', 'href:/side-target']) assert.ok(links.includes(link), `${link} in ${JSON.stringify(links)}`);
    assert.is(home.sideBlocks.length, 2, 'the request example and the endpoint samples');
    assert.match(home.sideBlocks[0]!, 'data-example="request"');
    assert.match(home.sideBlocks[0]!, 'href="/side-target"');
    assert.not.match(home.html, 'data-example="request"');
    const wide = (await pages.render('wide'))!;
    assert.equal(wide.sideBlocks, [], 'outside the default page mode side content stays in place');
    assert.match(wide.html, '<aside class="dg-panel">');
    const plain = (await pages.render('plain'))!;
    assert.not.ok(plain.usesApi);
    // The twin keeps the side content in place.
    const twin = (await pages.renderAs('index', 'markdown'))!;
    assert.equal(twin.sideBlocks, []);
    assert.match(twin.html, 'Request example');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

renderer.run();
