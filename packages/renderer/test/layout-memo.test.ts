import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { renderNavigationFile, renderPageDocument, type LayoutConfig, type LayoutNavNode, type LayoutNavigation, type LayoutPage, type PageDocumentInput } from '../src/index.js';
import { layoutMemoOf, rawHtml } from '../src/layout/layout-memo.js';
import { indexNavigation } from '../src/layout/navigation-view.js';
import { pageDocument } from '../src/layout/page-document.js';

// A site of every shape the layout draws, written by hand: two languages, each with two
// versions (one hidden), each with two tabs; anchors and a dropdown; top-level groups, nested
// and expanded groups, a group longer than the sidebar's window, a page listed twice, hidden
// and missing pages, a group's root page, operations, icons, tags, methods and a page that
// links elsewhere.
let counter = 0;
const node = (kind: string, extra: Partial<LayoutNavNode>): LayoutNavNode => ({ kind, configPath: ['navigation', kind, counter++], isHidden: false, isGlobal: false, ...extra });
const page = (slug: string, extra?: Partial<LayoutNavNode>) => node('page', { slug, ...extra });
const group = (title: string, children: LayoutNavNode[], extra?: Partial<LayoutNavNode>) => node('group', { title, children, ...extra });
const division = (kind: string, title: string, children: LayoutNavNode[], extra?: Partial<LayoutNavNode>) => node(kind, { title, children, ...extra });

function section(prefix: string): LayoutNavNode[] {
  const long = Array.from({ length: 40 }, (_, index) => page(`${prefix}/guides/long-${index}`));
  return [
    division('anchor', 'Community', [], { href: 'https://community.example.com', icon: 'users' }),
    division('tab', 'Guides', [
      group('Start', [page(`${prefix}/guides/index`), page(`${prefix}/guides/intro`, { icon: 'rocket' }), page(`${prefix}/guides/secret`), page(`${prefix}/guides/missing`)], { tag: 'New' }),
      group(
        'Build',
        [
          page(`${prefix}/guides/build`),
          group('Nested', [page(`${prefix}/guides/nested-a`), group('Deeper', [page(`${prefix}/guides/deeper`)])], { icon: 'book' }),
          group('Open', [page(`${prefix}/guides/open-a`), page(`${prefix}/guides/open-b`), page(`${prefix}/guides/intro`)], { isExpanded: true }),
          page(`${prefix}/guides/elsewhere`),
        ],
        { root: `${prefix}/guides/build-overview` },
      ),
      group('Long', long),
      // More entries than a sidebar renders in full (`sidebarBudget`): which groups are depends on the page.
      ...Array.from({ length: prefix === 'en/v2' ? 36 : 3 }, (_, index) => group(`More ${index}`, [page(`${prefix}/guides/more-${index}-a`), page(`${prefix}/guides/more-${index}-b`), page(`${prefix}/guides/more-${index}-c`)])),
    ]),
    division('tab', 'API', [
      division('dropdown', 'REST', [group('Users', [page(`${prefix}/api/users`), node('operation', { method: 'get', path: '/users' })])], { icon: 'code' }),
      division('dropdown', 'Webhooks', [group('Events', [page(`${prefix}/api/events`)])]),
    ]),
  ];
}

const variants = ['en', 'fr'].flatMap((language) => ['v2', 'v1'].map((version) => `${language}/${version}`));
const navigation: LayoutNavigation = {
  children: ['en', 'fr'].map((language) =>
    division(
      'language',
      language,
      ['v2', 'v1'].map((version) => division('version', version, section(`${language}/${version}`), { isHidden: version === 'v1' && language === 'fr' })),
    ),
  ),
  versions: ['v2', 'v1'],
  languages: ['en', 'fr'],
  defaultVersion: 'v2',
  defaultLanguage: 'en',
};
const slugs = variants.flatMap((prefix) => {
  const listed: string[] = [];
  const visit = (nodes: readonly LayoutNavNode[]) => {
    for (const each of nodes) {
      if (each.slug && !each.slug.endsWith('/missing')) listed.push(each.slug);
      if (each.root) listed.push(each.root);
      visit(each.children ?? []);
    }
  };
  visit(section(prefix));
  return [...new Set(listed)];
});
const pages = new Map<string, LayoutPage>(
  [...slugs, 'orphan'].map((slug) => [
    slug,
    {
      slug,
      title: `Title of ${slug}`,
      isHidden: slug.endsWith('/secret'),
      externalUrl: slug.endsWith('/elsewhere') ? 'https://example.com/elsewhere' : undefined,
      method: slug.endsWith('/users') ? 'POST' : undefined,
      frontmatter: slug.endsWith('/open-b') ? { tag: 'Beta', icon: 'star' } : {},
    },
  ]),
);
const config: LayoutConfig = {
  name: 'Site',
  logo: { light: '/logo-light.svg', dark: '/logo-dark.svg' },
  navbar: { links: [{ label: 'Blog', href: 'https://blog.example.com', icon: 'pen' }], primary: { type: 'button', label: 'Sign up', href: 'https://app.example.com' } },
};

function inputOf(slug: string, site: Pick<PageDocumentInput, 'config'>): PageDocumentInput {
  return { ...site, navigation, pages, homeSlug: 'en/v2/guides/index', slug, title: `Title of ${slug}`, contentHtml: '<p>Body</p>', navigationFileName: 'navigation-test.json' };
}

test('should write a raw HTML part as it is, with no element around it', () => {
  assert.is(renderToString(h('ul', null, rawHtml('<li>a &amp; b</li>'), h('li', null, 'c & d'), rawHtml('<li><b>e</b></li>'))), '<ul><li>a &amp; b</li><li>c &amp; d</li><li><b>e</b></li></ul>');
});

test('should render every page as the layout renders it without the memo, whichever pages filled the memo before', () => {
  const all = [...slugs, 'orphan', '404'];
  // Each order fills the memo from other pages first: a part kept for one page must be right on the next.
  for (const order of [all, [...all].reverse()]) {
    const site = { config: { ...config } };
    for (const slug of order) {
      const memoized = renderPageDocument(inputOf(slug, site));
      const inPlace = pageDocument(inputOf(slug, site), { memo: undefined });
      assert.fixture(memoized, inPlace, slug);
    }
  }
});

test('should mark the current page, open its groups and keep the room of the others on pages that share the memo', () => {
  const site = { config: { ...config } };
  for (const slug of slugs) renderPageDocument(inputOf(slug, site));
  const deeper = renderPageDocument(inputOf('en/v2/guides/deeper', site));
  assert.is(deeper.match(/aria-current="page"/g)?.length, 1, 'one current link');
  assert.match(deeper, '<a class="dg-nav-link" href="/en/v2/guides/deeper" aria-current="page">');
  assert.match(deeper, /<details open data-dg-group="[^"]+" data-loaded><summary class="dg-nav-group-title"><span class="dg-nav-label">Deeper<\/span>/);
  // A page listed twice is current in both places: the group holding the second listing is drawn for this page.
  const intro = renderPageDocument(inputOf('en/v2/guides/intro', site));
  assert.is(intro.match(/href="\/en\/v2\/guides\/intro" aria-current="page"/g)?.length, 2);
  const build = renderPageDocument(inputOf('en/v2/guides/build', site));
  assert.match(build, /<details data-dg-group="[^"]+"><summary class="dg-nav-group-title">(?:(?!<\/summary>).)*Nested/, 'a nested group away from the page stays closed');
  assert.not.match(build, 'aria-current="page"><span class="dg-nav-label">Title of en/v2/guides/intro', 'a link kept from another page is not current here');
  const french = renderPageDocument(inputOf('fr/v1/guides/intro', site));
  assert.match(french, '<a class="dg-menu-item" href="/en/v1/guides/intro">English</a>', 'the language menu leads to the same page in English');
  assert.match(french, 'aria-label="Langue: Français" data-variant="language" data-current="Français"');
  assert.match(french, '<a class="dg-menu-item" href="/fr/v1/guides/intro" aria-current="true">v1</a>', 'a hidden version is offered on its own pages');
});

test('should keep one memo per site: another config, home page or navigation renders its own parts', () => {
  const site = { config: { ...config } };
  const first = layoutMemoOf(indexNavigation(inputOf('en/v2/guides/intro', site)));
  assert.is(layoutMemoOf(indexNavigation(inputOf('en/v2/guides/build', site))), first, 'the same site, the same memo');
  assert.is.not(layoutMemoOf(indexNavigation(inputOf('en/v2/guides/intro', { config: { ...config } }))), first);
  assert.is.not(layoutMemoOf(indexNavigation({ ...inputOf('en/v2/guides/intro', site), homeSlug: 'fr/v2/guides/index' })), first);
  assert.is.not(layoutMemoOf(indexNavigation({ ...inputOf('en/v2/guides/intro', site), navigation: { ...navigation } })), first);
  const renamed = renderPageDocument(inputOf('en/v2/guides/intro', { config: { ...config, name: 'Renamed' } }));
  assert.match(renamed, '<span class="dg-sr-only">Renamed</span>');
});

test('should give the navigation file the same entries whether pages rendered before it or not', () => {
  const site = { config: { ...config } };
  const before = renderNavigationFile({ config: site.config, navigation, pages: new Map(pages) });
  for (const slug of slugs) renderPageDocument(inputOf(slug, site));
  const after = renderNavigationFile({ config: site.config, navigation, pages: new Map(pages) });
  assert.is(after.content, before.content);
});

test.run();
