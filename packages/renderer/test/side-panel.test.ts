import { h } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinComponents as c, collectContentFacts, renderPageDocument, renderToHtml, type LayoutNavNode, type PageDocumentInput } from '../src/index.js';

function render(overrides: Partial<PageDocumentInput>): string {
  const page: LayoutNavNode = { kind: 'page', slug: 'intro', configPath: ['navigation', 'pages', 0], isHidden: false, isGlobal: false };
  return renderPageDocument({
    slug: 'intro',
    title: 'Intro',
    description: 'About the API.',
    contentHtml: '<p>Body</p>',
    homeSlug: 'intro',
    config: { name: 'Site' },
    navigation: { children: [page], versions: [], languages: [], defaultVersion: undefined, defaultLanguage: undefined },
    pages: new Map([['intro', { slug: 'intro', title: 'Intro' }]]),
    toc: [{ depth: 2, id: 'usage', text: 'Usage' }],
    ...overrides,
  });
}

const count = (html: string, part: string): number => html.split(part).length - 1;
const moving = { moveSideContent: true };

test('should move Panel, RequestExample and ResponseExample out of the html into side blocks, in document order', () => {
  const page = h(
    'div',
    null,
    h(c.Panel!, null, h('p', null, 'panel')),
    h(c.RequestExample!, null, h('pre', null, 'curl')),
    h('p', null, 'prose'),
    h(c.ResponseExample!, null, h('pre', null, '{}')),
  );
  const { html, facts } = collectContentFacts(() => renderToHtml(page), moving);
  assert.is(html, '<div><p>prose</p></div>');
  assert.is(facts.sideBlocks.length, 3);
  assert.is(facts.sideBlocks[0], '<aside class="dg-panel"><p>panel</p></aside>');
  assert.match(facts.sideBlocks[1]!, /^<section[^>]*data-example="request".*<pre>curl<\/pre><\/section>$/);
  assert.match(facts.sideBlocks[2]!, /^<section[^>]*data-example="response"/);
  const twin = collectContentFacts(() => renderToHtml(page, { mode: 'markdown' }), moving);
  assert.equal(twin.facts.sideBlocks, []);
  assert.is(twin.html, '<div><div><p>panel</p></div><p><strong>Request example</strong></p><pre>curl</pre><p>prose</p><p><strong>Response example</strong></p><pre>{}</pre></div>');
});

test('should record the kinds of examples the content shows, moved or not, each once', () => {
  const kinds = (page: ReturnType<typeof h>, options?: { moveSideContent?: boolean }) => collectContentFacts(() => renderToHtml(page), options).facts.exampleKinds;
  const both = h('div', null, h(c.ResponseExample!, null, h('pre', null, '{}')), h(c.Panel!, null, h(c.RequestExample!, null, h('pre', null, 'a'))), h(c.RequestExample!, null, h('pre', null, 'b')));
  assert.equal(kinds(both, moving), ['response', 'request']);
  assert.equal(kinds(both), ['response', 'request'], 'in place too (page modes without a column, Markdown twins)');
  assert.equal(kinds(h('div', null, h(c.Panel!, null, h('p', null, 'panel')), h(c.CodeGroup!, null, h('pre', null, 'x')))), [], 'a panel or a code group is no example');
  assert.equal(collectContentFacts(() => renderToHtml(both, { mode: 'markdown' })).facts.exampleKinds, ['response', 'request']);
});

test('should keep side content in place when the render does not move it', () => {
  const page = h('div', null, h('p', null, 'a'), h(c.Panel!, null, h('b', null, 'one')));
  assert.is(renderToHtml(page), '<div><p>a</p><aside class="dg-panel"><b>one</b></aside></div>');
  const { html, facts } = collectContentFacts(() => renderToHtml(page));
  assert.is(html, '<div><p>a</p><aside class="dg-panel"><b>one</b></aside></div>');
  assert.equal(facts.sideBlocks, []);
});

test('should render side blocks in the context of their place, every generated id once', () => {
  const tabs = () => h(c.CodeGroup!, null, h('pre', { 'data-title': 'a' }, 'a'), h('pre', { 'data-title': 'b' }, 'b'));
  const page = h('div', null, h(c.Tabs!, null, h(c.Tab!, { title: 'One' }, 'one'), h(c.Tab!, { title: 'Two' }, 'two')), h(c.RequestExample!, null, tabs()), h(c.ResponseExample!, null, tabs()));
  const { html, facts } = collectContentFacts(() => renderToHtml(page, { idPrefix: 'p7-' }), moving);
  assert.is(facts.sideBlocks.length, 2);
  assert.match(facts.sideBlocks[0]!, 'aria-labelledby="p7-');
  const ids = [...[html, ...facts.sideBlocks].join('').matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
  assert.ok(ids.length > 4, 'the tabs have ids');
  assert.equal(ids, [...new Set(ids)]);
});

test('should render the side content in place of the table of contents, after the page header', () => {
  const { html: content, facts } = collectContentFacts(
    () => renderToHtml(h('div', null, h('h2', { id: 'usage' }, 'Usage'), h(c.RequestExample!, null, h('pre', null, 'curl')), h('p', null, 'Prose'), h(c.ResponseExample!, null, h('pre', null, '{}')))),
    moving,
  );
  const html = render({ contentHtml: content, sideBlocks: facts.sideBlocks });
  assert.not.match(html, 'dg-toc');
  assert.match(html, 'data-has-side-panel=""');
  assert.not.match(html, 'data-has-toc');
  assert.is(count(html, 'class="dg-side-panel"'), 1);
  assert.is(count(html, 'data-example="request"'), 1);
  assert.is(count(html, 'data-example="response"'), 1);
  const article = /<article class="dg-article dg-article-with-side" id="content-area">([\s\S]*)<\/article>/.exec(html)?.[1] ?? '';
  const header = article.indexOf('<header class="dg-page-header" id="header">');
  const side = article.indexOf('<aside class="dg-side-panel">');
  const body = article.indexOf('<div class="dg-article-body">');
  assert.ok(header === 0 && side > header && body > side, 'header, side panel, body');
  const panel = article.slice(side, body);
  assert.ok(panel.indexOf('data-example="request"') < panel.indexOf('data-example="response"'), 'document order');
  assert.match(panel, '<div class="dg-prose">');
  assert.match(article.slice(body), '<h2 id="usage">Usage</h2><p>Prose</p>');
  // Every id once: the content moved, it was not copied.
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
  assert.equal(ids, [...new Set(ids)]);
});

test('should move a RequestExample inside a Panel with its panel', () => {
  const { html: content, facts } = collectContentFacts(
    () => renderToHtml(h('div', null, h(c.Panel!, null, h('p', null, 'Intro'), h(c.RequestExample!, null, h('pre', null, 'curl'))), h('p', null, 'Prose'))),
    moving,
  );
  assert.is(facts.sideBlocks.length, 1);
  const html = render({ contentHtml: content, sideBlocks: facts.sideBlocks });
  const panel = /<aside class="dg-side-panel">([\s\S]*?)<\/aside><div class="dg-article-body">/.exec(html)?.[1] ?? '';
  assert.match(panel, /<aside class="dg-panel"><p>Intro<\/p><section[^>]*data-example="request"[\s\S]*<\/section><\/aside>/);
  assert.not.match(panel, '<!--');
  assert.is(count(html, 'data-example="request"'), 1);
  assert.match(html, '<div class="dg-article-body"><div class="dg-prose mdx-content" id="content">\n<div><p>Prose</p></div>\n</div>');
});

test('should show side blocks after the content outside the default page mode', () => {
  for (const mode of ['wide', 'center', 'custom', 'frame']) {
    const html = render({ contentHtml: '<p>a</p>', sideBlocks: ['<b>one</b>'], frontmatter: { mode } });
    assert.not.match(html, 'dg-side-panel', mode);
    assert.match(html, '<p>a</p>\n<b>one</b>', mode);
  }
});

test('should keep the table of contents on pages without side content', () => {
  const html = render({ contentHtml: renderToHtml(h(c.Frame!, { caption: 'x' }, h('p', null, 'framed'))) });
  assert.match(html, '<aside class="dg-toc-wrap">');
  assert.match(html, '<article class="dg-article" id="content-area"><header');
  assert.not.match(html, 'dg-side-panel');
});

test.run();
