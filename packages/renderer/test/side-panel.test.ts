import { h } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinComponents as c, renderPageDocument, renderToHtml, type LayoutNavNode, type PageDocumentInput } from '../src/index.js';
import { splitSideContent } from '../src/layout/article.js';

const open = '<!--docsgen:side-->';
const close = '<!--/docsgen:side-->';

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

test('should mark Panel, RequestExample and ResponseExample in html mode only', () => {
  const page = h(
    'div',
    null,
    h(c.Panel!, null, h('p', null, 'panel')),
    h(c.RequestExample!, null, h('pre', null, 'curl')),
    h(c.ResponseExample!, null, h('pre', null, '{}')),
  );
  const html = renderToHtml(page);
  assert.is(count(html, open), 3);
  assert.is(count(html, close), 3);
  assert.match(html, `${open}<aside class="dg-panel"><p>panel</p></aside>${close}`);
  assert.match(html, new RegExp(`^<div>${open}<aside.*</aside>${close}${open}<section[^>]*data-example="request".*</section>${close}${open}<section`));
  const twin = renderToHtml(page, { mode: 'markdown' });
  assert.not.match(twin, '<!--');
  assert.is(twin, '<div><div><p>panel</p></div><p><strong>Request example</strong></p><pre>curl</pre><p><strong>Response example</strong></p><pre>{}</pre></div>');
});

test('should take outermost marked blocks out of the content, in document order', () => {
  const html = `<p>a</p>${open}<b>one</b>${close}<p>b</p>${open}<i>two ${open}<u>nested</u>${close}</i>${close}<p>c</p>`;
  assert.equal(splitSideContent(html), {
    contentHtml: '<p>a</p><p>b</p><p>c</p>',
    sideBlocks: ['<b>one</b>', '<i>two <u>nested</u></i>'],
  });
  assert.equal(splitSideContent('<!-- ordinary --><p>x</p>'), { contentHtml: '<!-- ordinary --><p>x</p>', sideBlocks: [] });
});

test('should leave content with markers that do not pair up as it is', () => {
  for (const html of [`<p>a</p>${open}<b>one</b>`, `<p>a</p>${close}<b>one</b>`, `${open}<b>${open}one${close}</b>`, `${open}a${close}${close}`]) {
    assert.equal(splitSideContent(html), { contentHtml: html, sideBlocks: [] }, html);
    const document = render({ contentHtml: html });
    assert.not.match(document, 'dg-side-panel');
    assert.match(document, 'class="dg-toc-wrap"');
  }
});

test('should render the side content in place of the table of contents, after the page header', () => {
  const content = renderToHtml(
    h('div', null, h('h2', { id: 'usage' }, 'Usage'), h(c.RequestExample!, null, h('pre', null, 'curl')), h('p', null, 'Prose'), h(c.ResponseExample!, null, h('pre', null, '{}'))),
  );
  const html = render({ contentHtml: content });
  assert.not.match(html, 'dg-toc');
  assert.match(html, 'data-has-side-panel=""');
  assert.not.match(html, 'data-has-toc');
  assert.not.match(html, '<!--docsgen:side');
  assert.is(count(html, 'class="dg-side-panel"'), 1);
  assert.is(count(html, 'data-example="request"'), 1);
  assert.is(count(html, 'data-example="response"'), 1);
  const article = /<article class="dg-article dg-article-with-side">([\s\S]*)<\/article>/.exec(html)?.[1] ?? '';
  const header = article.indexOf('<header class="dg-page-header">');
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
  const content = renderToHtml(h('div', null, h(c.Panel!, null, h('p', null, 'Intro'), h(c.RequestExample!, null, h('pre', null, 'curl'))), h('p', null, 'Prose')));
  const html = render({ contentHtml: content });
  const panel = /<aside class="dg-side-panel">([\s\S]*?)<\/aside><div class="dg-article-body">/.exec(html)?.[1] ?? '';
  assert.match(panel, /<aside class="dg-panel"><p>Intro<\/p><section[^>]*data-example="request"[\s\S]*<\/section><\/aside>/);
  assert.not.match(panel, '<!--');
  assert.is(count(html, 'data-example="request"'), 1);
  assert.match(html, '<div class="dg-article-body"><div class="dg-prose">\n<div><p>Prose</p></div>\n</div>');
});

test('should keep the side content in place outside the default page mode', () => {
  const content = `<p>a</p>${open}<b>one</b>${close}`;
  for (const mode of ['wide', 'center', 'custom', 'frame']) {
    const html = render({ contentHtml: content, frontmatter: { mode } });
    assert.not.match(html, 'dg-side-panel', mode);
    assert.match(html, content, mode);
  }
});

test('should keep the table of contents on pages without side content', () => {
  const html = render({ contentHtml: renderToHtml(h(c.Frame!, { caption: 'x' }, h('p', null, 'framed'))) });
  assert.match(html, '<aside class="dg-toc-wrap">');
  assert.match(html, '<article class="dg-article"><header');
  assert.not.match(html, 'dg-side-panel');
});

test.run();
