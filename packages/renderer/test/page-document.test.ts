import { existsSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { h } from 'preact';
import {
  builtinComponents as c,
  collectContentFacts,
  documentAssetFiles,
  navigationFileParts,
  renderNavigationFile,
  renderPageDocument,
  renderToHtml,
  themeNames,
  themeStylesheetName,
  type LayoutConfig,
  type LayoutNavNode,
  type LayoutNavigation,
  type LayoutPage,
  type PageDocumentInput,
} from '../src/index.js';
import { sidebarBudget } from '../src/layout/sidebar.js';

// Navigation models shaped like `buildNavigation`'s output, written by hand.
let counter = 0;
const page = (slug: string, extra?: Partial<LayoutNavNode>): LayoutNavNode => ({ kind: 'page', slug, configPath: ['navigation', 'p', counter++], isHidden: false, isGlobal: false, ...extra });
const group = (title: string, children: LayoutNavNode[], extra?: Partial<LayoutNavNode>): LayoutNavNode => ({
  kind: 'group',
  title,
  children,
  configPath: ['navigation', 'groups', counter++],
  isHidden: false,
  isGlobal: false,
  ...extra,
});
const division = (kind: string, title: string, children: LayoutNavNode[], extra?: Partial<LayoutNavNode>): LayoutNavNode => ({
  kind,
  title,
  children,
  configPath: ['navigation', `${kind}s`, counter++],
  isHidden: false,
  isGlobal: false,
  ...extra,
});
const model = (children: LayoutNavNode[], extra?: Partial<LayoutNavigation>): LayoutNavigation => ({
  children,
  versions: [],
  languages: [],
  defaultVersion: undefined,
  defaultLanguage: undefined,
  ...extra,
});
const pagesOf = (slugs: string[], extra?: Record<string, Partial<LayoutPage>>): Map<string, LayoutPage> =>
  new Map(slugs.map((slug) => [slug, { slug, title: `Title of ${slug}`, ...extra?.[slug] }]));

function render(overrides: Omit<Partial<PageDocumentInput>, 'config'> & { config?: Partial<LayoutConfig> }): string {
  const navigation = overrides.navigation ?? model([group('Start', [page('index'), page('intro')]), group('More', [page('deep')])]);
  const pages = overrides.pages ?? pagesOf(['index', 'intro', 'deep', 'orphan']);
  return renderPageDocument({
    slug: 'intro',
    title: 'Intro',
    contentHtml: '<p>Body</p>',
    homeSlug: 'index',
    ...overrides,
    config: { name: 'Site', ...overrides.config },
    navigation,
    pages,
  });
}

test('should write the head: title, description with OpenGraph fallback, metadata and metatags, canonical, favicon', () => {
  const html = render({
    config: {
      description: 'Site-wide',
      siteUrl: 'https://docs.example.com/',
      metadata: { 'application-name': 'Acme' },
      seo: { metatags: { 'google-site-verification': 'abc"<' } },
      favicon: 'favicon.svg',
    },
  });
  assert.match(html, '<title>Intro - Site</title>');
  assert.match(html, '<meta name="description" content="Site-wide">');
  assert.match(html, '<meta property="og:description" content="Site-wide">');
  assert.match(html, '<meta name="application-name" content="Acme">');
  assert.match(html, '<meta name="google-site-verification" content="abc&quot;&lt;">');
  assert.match(html, '<link rel="canonical" href="https://docs.example.com/intro">');
  assert.match(html, '<link rel="icon" href="/favicon.ico" type="image/svg+xml">');
  assert.match(render({ description: 'Own' }), '<meta property="og:description" content="Own">');
  const resolved = render({ config: { favicon: { light: 'favicon.svg', dark: undefined } } });
  assert.match(resolved, '<link rel="icon" href="/favicon.ico" type="image/svg+xml">');
  assert.is(resolved.match(/<link rel="icon"/g)?.length, 1);
  const pair = render({ config: { favicon: { light: 'light.png', dark: 'images/dark.png' } } });
  assert.match(pair, '<link rel="icon" href="/favicon.ico" type="image/png" media="(prefers-color-scheme: light)">');
  assert.match(pair, '<link rel="icon" href="/images/dark.png" type="image/png" media="(prefers-color-scheme: dark)">');
});

test('should let a page\'s og:*, twitter:* and canonical frontmatter replace the generated tags, and docs.json\'s replace them for every page', () => {
  const html = render({
    description: 'Generated description',
    config: { siteUrl: 'https://docs.example.com', seo: { metatags: { 'og:site_name': 'Acme Docs', 'twitter:site': '@acme' } } },
    frontmatter: {
      'og:title': 'Custom OG title',
      'og:description': 'Custom "OG" description',
      'twitter:title': 'Custom Twitter title',
      'og:image': 'https://cdn.example.com/card.png',
      'twitter:image': 'javascript:alert(1)',
      'og:url': '/relative',
      'og:evil" onload="x': 'nope',
      canonical: 'https://www.example.com/intro',
    },
  });
  const tagsOf = (name: string) => [...html.matchAll(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`, 'g'))].map((match) => match[1]);
  assert.equal(tagsOf('og:title'), ['Custom OG title']);
  assert.equal(tagsOf('og:description'), ['Custom &quot;OG&quot; description']);
  assert.equal(tagsOf('twitter:title'), ['Custom Twitter title']);
  assert.equal(tagsOf('og:image'), ['https://cdn.example.com/card.png']);
  assert.equal(tagsOf('og:site_name'), ['Acme Docs'], 'docs.json replaces the generated tag, once');
  assert.equal(tagsOf('twitter:site'), ['@acme']);
  // Addresses must be absolute http(s) URLs; other names are not tags.
  assert.equal(tagsOf('twitter:image'), []);
  assert.equal(tagsOf('og:url'), ['https://docs.example.com/intro']);
  assert.not.match(html, 'onload');
  assert.equal([...html.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map((match) => match[1]), ['https://www.example.com/intro']);
  assert.match(html, '<meta name="description" content="Generated description">', 'the description tag is the page\'s own');
  // Without frontmatter tags, the generated ones.
  const plain = render({ config: { siteUrl: 'https://docs.example.com' } });
  assert.match(plain, '<meta property="og:title" content="Intro">');
  assert.match(plain, '<link rel="canonical" href="https://docs.example.com/intro">');
});

test('should draw navigation icons from `icons.library`, in the page and in the navigation file, and a placeholder for unknown names', () => {
  const navigation = model([
    group('Start', [page('index'), page('intro')], { icon: 'rocket' }),
    group('More', [page('deep')]),
    group('Odd', [page('orphan')], { icon: 'no-such-icon' }),
  ]);
  const lucideRocket = 'M4.5 16.5c-1.5 1.26-2 5-2 5s3.74-.5 5-2';
  const fontAwesomeRocket = 'M128 320L24.5 320';
  const lucide = render({ navigation, config: { icons: { library: 'library-b' } } });
  assert.match(lucide, lucideRocket);
  assert.not.match(lucide, fontAwesomeRocket);
  assert.match(lucide, 'data-icon="no-such-icon" data-icon-drawn="lucide/circle-dashed"', 'unknown names draw the placeholder');
  const file = renderNavigationFile({ config: { name: 'Site', icons: { library: 'lucide' } }, navigation, pages: pagesOf(['index', 'intro', 'deep', 'orphan'], { deep: { frontmatter: { icon: 'book-open' } } }) });
  assert.match(file.content, 'data-icon=\\"book-open\\" viewBox=\\"0 0 24 24\\" fill=\\"none\\" stroke=\\"currentColor\\"');
  const fontAwesome = render({ navigation });
  assert.match(fontAwesome, fontAwesomeRocket, 'Font Awesome by default');
  assert.match(fontAwesome, /<svg class="dg-icon dg-nav-icon" data-icon="search" viewBox="0 0 24 24"/, 'the search button keeps its Lucide glyph');
});

test('should put noindex on pages outside the navigation unless indexing is `all`, and on noindex pages', () => {
  assert.not.match(render({}), 'noindex');
  assert.match(render({ slug: 'orphan' }), '<meta name="robots" content="noindex">');
  assert.not.match(render({ slug: 'orphan', config: { seo: { indexing: 'all' } } }), 'noindex');
  assert.match(render({ isNoindex: true, config: { seo: { indexing: 'all' } } }), '<meta name="robots" content="noindex">');
});

test('should render top-level groups in full and nested groups away from the page as headings filled from the navigation file', () => {
  const navigation = model([
    group('Start', [page('index'), page('intro'), page('secret'), page('missing')], { tag: 'New' }),
    group('More', [page('deep'), group('Nested', [page('deeper')])], { icon: 'rocket' }),
  ]);
  const pages = pagesOf(['index', 'intro', 'secret', 'deep', 'deeper'], { secret: { isHidden: true }, index: { frontmatter: { tag: 'beta', icon: 'book' } } });
  const html = render({ navigation, pages });
  assert.match(html, '<a class="dg-nav-link" href="/intro" aria-current="page">');
  assert.match(html, '<span class="dg-tag">beta</span>');
  assert.match(html, 'data-icon="book"');
  assert.match(html, 'data-icon="rocket"');
  assert.not.match(html, 'secret', 'hidden pages are not listed');
  assert.not.match(html, 'missing', 'pages that do not exist are not listed');
  // The other top-level group in full, so the sidebar does not move when the page loads; its
  // nested group closed: a heading and a link to its first page, its entries in the file.
  assert.match(html, '<span class="dg-nav-label">More</span>');
  assert.match(html, '<a class="dg-nav-link" href="/deep">');
  assert.match(html, /<details data-dg-group="[^"]+"><summary class="dg-nav-group-title"><span class="dg-nav-label">Nested<\/span><\/summary><ul class="dg-nav-list" role="list"><li class="dg-nav-item dg-nav-placeholder">/);
  const file = renderNavigationFile({ config: { name: 'Site' }, navigation, pages });
  assert.match(html, `data-nav-src="/_docsgen/${file.name}"`);
  assert.match(file.name, /^navigation-[0-9a-f]{16}\.json$/);
  const groups = JSON.parse(file.content).groups as Record<string, string>;
  const more = Object.values(groups).find((entries) => entries.includes('Title of deep'));
  assert.ok(more, 'the file holds the entries of the other group');
  assert.ok(Object.values(groups).some((entries) => entries.includes('Title of deeper')), 'and of nested groups');
  assert.not.match(file.content, 'aria-current', 'the file marks no page as current');
  const id = /data-dg-group="([^"]+)"[^>]*>\s*<summary class="dg-nav-group-title sidebar-group-header"><svg class="dg-icon dg-nav-icon" data-icon="rocket"/.exec(html)?.[1];
  assert.ok(id && groups[id]?.includes('Title of deep'), 'the page names the group by the id the file uses');
  assert.is(renderNavigationFile({ config: { name: 'Site' }, navigation, pages: new Map(pages) }).content, file.content, 'deterministic');
});

test('should link each page to the part of the navigation file with its version\'s groups', () => {
  // Ids as buildNavigation gives them: the group's place in docs.json, under its version.
  const at = (...path: (string | number)[]) => ({ configPath: ['navigation', ...path] });
  const navigation = model(
    [
      division('version', 'v2', [group('Start', [page('v2/index'), group('Deep', [page('v2/deep')], at('versions', 0, 'groups', 0, 'pages', 1))], at('versions', 0, 'groups', 0)), group('More', [page('v2/more')], at('versions', 0, 'groups', 1))], { isDefault: true, ...at('versions', 0) }),
      division('version', 'v1', [group('Start', [page('v1/index')], at('versions', 1, 'groups', 0)), group('Old', [page('v1/old')], at('versions', 1, 'groups', 1))], at('versions', 1)),
    ],
    { versions: ['v2', 'v1'], defaultVersion: 'v2' },
  );
  const pages = pagesOf(['v2/index', 'v2/deep', 'v2/more', 'v1/index', 'v1/old']);
  const file = renderNavigationFile({ config: { name: 'Site' }, navigation, pages });
  const parts = navigationFileParts(file);
  assert.equal(parts.map((part) => part.name), [file.name, file.name.replace('.json', '.versions.0.json'), file.name.replace('.json', '.versions.1.json')]);
  const groupsOf = (content: string) => Object.keys((JSON.parse(content) as { groups: Record<string, string> }).groups);
  assert.equal(groupsOf(parts[1]!.content), ['versions.0.groups.0', 'versions.0.groups.0.pages.1', 'versions.0.groups.1']);
  assert.equal(groupsOf(parts[2]!.content), ['versions.1.groups.0', 'versions.1.groups.1']);
  assert.is(parts[0]!.content, file.content, 'the whole file is written too');
  // Each page links its version's part, which holds every group its sidebar may fill.
  assert.match(render({ slug: 'v2/index', navigation, pages }), `data-nav-src="/_docsgen/${parts[1]!.name}"`);
  const v1 = render({ slug: 'v1/old', navigation, pages });
  assert.match(v1, `data-nav-src="/_docsgen/${parts[2]!.name}"`);
  for (const id of [...v1.matchAll(/data-dg-group="([^"]+)"/g)].map((match) => match[1]!)) assert.ok(groupsOf(parts[2]!.content).includes(id), id);
  // A navigation without versions or languages is one file, as before.
  const plain = renderNavigationFile({ config: { name: 'Site' }, navigation: model([group('Start', [page('index')], at('groups', 0))]), pages: pagesOf(['index']) });
  assert.equal(navigationFileParts(plain), [{ name: plain.name, content: plain.content }]);
});

test('should show no heading for a top-level group named with spaces only, and keep a nested one\'s', () => {
  // `"group": " "` lists pages above the first heading (real projects: dubinc/docs, 0xsequence/docs).
  const navigation = model([group(' ', [page('index'), page('intro')]), group('More', [page('deep'), group('  ', [page('deeper')])])]);
  const html = render({ navigation, pages: pagesOf(['index', 'intro', 'deep', 'deeper']) });
  assert.match(html, /<summary class="dg-nav-group-title sidebar-group-header" hidden><span class="dg-nav-label"> <\/span><\/summary><ul class="dg-nav-list sidebar-group" role="list"><li class="dg-nav-item"><a class="dg-nav-link" href="\/"/);
  assert.match(html, '<summary class="dg-nav-group-title sidebar-group-header"><span class="dg-nav-label">More</span></summary>');
  // A nested group opens from its summary: it keeps it, however it is named.
  assert.match(html, '<summary class="dg-nav-group-title"><span class="dg-nav-label">  </span></summary>');
  assert.is(html.match(/ hidden>/g)?.length ?? 0, 1);
});

test('should list a changelog\'s entries by label in the table of contents, not their repeated headings', () => {
  const entry = (label: string, id?: string) => h(c.Update!, { label, id }, h('h2', { id: `${id ?? 'march-3-2026'}-fixes` }, 'Bug fixes'));
  const { html: contentHtml, facts } = collectContentFacts(() => renderToHtml(h('div', null, entry('March 3, 2026'), entry('v2 & "more"', 'v2'), entry('', ''))));
  assert.equal(facts.updates, [
    { depth: 2, id: 'march-3-2026', text: 'March 3, 2026' },
    { depth: 2, id: 'v2', text: 'v2 & "more"' },
  ]);
  const html = render({ contentHtml, toc: facts.updates });
  const toc = html.slice(html.indexOf('class="dg-toc toc"'));
  assert.equal([...toc.matchAll(/<a class="dg-toc-link" href="([^"]+)">([^<]*)<\/a>/g)].map((match) => [match[1], match[2]]), [
    ['#march-3-2026', 'March 3, 2026'],
    ['#v2', 'v2 &amp; &quot;more&quot;'],
  ]);
  assert.not.match(toc, 'Bug fixes');
});

test('should link the navigation file by the name it is given, without rendering the file', () => {
  const navigation = model([group('Start', [page('index'), page('intro')]), group('More', [page('deep')])]);
  const pages = pagesOf(['index', 'intro', 'deep']);
  const html = render({ navigation, pages, navigationFileName: 'navigation-0123456789abcdef.json' });
  assert.match(html, 'data-nav-src="/_docsgen/navigation-0123456789abcdef.json"');
  const byContent = renderNavigationFile({ config: { name: 'Site' }, navigation, pages });
  assert.not.match(html, byContent.name);
});

test('should keep a page linear in the size of the navigation: 1,000 entries are not repeated on every page', () => {
  const slugs = Array.from({ length: 1000 }, (_, index) => `section-${Math.floor(index / 20)}/page-${index}`);
  const groups = Array.from({ length: 50 }, (_, index) => group(`Section ${index}`, slugs.slice(index * 20, index * 20 + 20).map((slug) => page(slug))));
  const navigation = model(groups);
  const pages = pagesOf(slugs);
  const html = render({ navigation, pages, slug: slugs[500] as string, title: 'Page' });
  const links = html.match(/class="dg-nav-link"/g)?.length ?? 0;
  // The page's group (20), others near it up to the budget (100), one link for each of the rest (44).
  assert.is(links, 20 + sidebarBudget + 44, `${links} sidebar links on a page`);
  // The groups left out keep their room: one row per entry after the placeholder.
  assert.is(html.match(/<li class="dg-nav-spacer" aria-hidden="true" style="--dg-rows:19"><\/li>/g)?.length, 44);
  const file = renderNavigationFile({ config: { name: 'Site' }, navigation, pages });
  assert.is(file.content.match(/class=\\"dg-nav-link\\"/g)?.length, 1000);
});

test('should render a long group as a window of 30 entries around the current page, at its ends too', () => {
  const slugs = Array.from({ length: 200 }, (_, index) => `long/page-${index}`);
  const navigation = model([group('Long', slugs.map((slug) => page(slug)))]);
  const pages = pagesOf(slugs);
  const shown = (current: number): number[] => {
    const html = render({ navigation, pages, slug: slugs[current] as string, title: 'Page' });
    assert.match(html, 'data-partial');
    assert.not.match(html, 'data-loaded');
    return [...html.matchAll(/class="dg-nav-link" href="\/long\/page-(\d+)"/g)].map((match) => Number(match[1]));
  };
  assert.equal(shown(100), Array.from({ length: 30 }, (_, index) => 85 + index));
  assert.equal(shown(0), Array.from({ length: 30 }, (_, index) => index));
  assert.equal(shown(199), Array.from({ length: 30 }, (_, index) => 170 + index));
  // A group of 30 or fewer entries is rendered whole.
  const short = render({ navigation: model([group('Short', slugs.slice(0, 30).map((slug) => page(slug)))]), pages, slug: slugs[29] as string, title: 'Page' });
  assert.is(short.match(/class="dg-nav-link"/g)?.length, 30);
  assert.match(short, 'data-loaded');
  assert.not.match(short, 'data-partial');
});

test('should write every appearance setting into the HTML', () => {
  const html = render({
    config: {
      colors: { primary: '#0d9373', light: '#07c983', dark: '#0a7a60', background: { light: '#fafafa', dark: '#101010' }, anchors: { from: '#112233', to: '#445566' } },
      background: { image: 'images/bg.png', color: { light: '#ffffff', dark: '#000000' }, decoration: 'grid' },
      fonts: { heading: { family: 'Display', source: 'fonts/display.woff2', format: 'woff2-variations', weight: '200 900' }, body: { family: 'Inter', weight: 450 } },
      appearance: { default: 'dark', readingProgress: true, readingTime: true },
    },
    readingTime: { minutes: 4, words: 800, characters: 0 },
  });
  assert.match(html, '--dg-primary:#0d9373');
  assert.match(html, '--dg-primary-light:#07c983');
  assert.match(html, '--dg-primary-dark:#0a7a60');
  // The platform's own variables, as channels, for CSS written for it (`rgb(var(--primary) / .1)`).
  assert.match(html, '--primary:13 147 115;--primary-light:7 201 131;--primary-dark:10 122 96;--background-light:250 250 250;--background-dark:16 16 16');
  assert.match(html, '--dg-bg:#fafafa');
  assert.match(html, ':root[data-theme="dark"]{');
  assert.match(html, '--dg-bg:#101010');
  assert.match(html, '--dg-anchor:linear-gradient(135deg,#112233,#445566)');
  assert.match(html, '--dg-canvas-image:url("/images/bg.png")');
  assert.match(html, '--dg-canvas:#ffffff');
  assert.match(html, 'data-decoration="grid"');
  assert.match(html, '@font-face{font-family:"Display";src:url("/fonts/display.woff2") format("woff2-variations");font-weight:200 900;font-display:swap}');
  assert.match(html, '--dg-font-body:"Inter"');
  assert.match(html, '--dg-font-body-weight:450');
  assert.match(html, '<html lang="en" data-slug="intro" data-current-path="/intro" data-dg-theme="base" data-appearance="dark" data-theme="dark" class="dark"');
  assert.match(html, '<div class="dg-progress" aria-hidden="true">');
  assert.match(html, '4 min read');
  assert.match(render({ config: { colors: { anchors: '#123456' } } }), '--dg-anchor:#123456');
  assert.match(render({ config: { colors: { background: '#fefefe' } } }), '--dg-bg:#fefefe');
  assert.not.match(render({}), 'dg-progress');
  assert.not.match(render({ readingTime: { minutes: 4 } }), 'min read');
});

test('should stamp the page\'s address on <html>, as the platform does for custom CSS', () => {
  assert.match(render({ slug: 'index' }), /<html [^>]*data-current-path="\/"/);
  assert.match(render({ slug: 'deep' }), /<html [^>]*data-current-path="\/deep"/);
  assert.match(render({ slug: 'a b/c"d', pages: pagesOf(['index', 'a b/c"d']) }), /<html [^>]*data-current-path="\/a%20b\/c%22d"/);
});

test('should load fonts named without a file from Google Fonts, as the platform does, and let heading and body replace the family', () => {
  // ollama's docs: one family for all text, and heading and body set too.
  const both = render({ config: { fonts: { family: 'Montserrat', weight: 500, heading: { family: 'Space Grotesk', weight: 650 } } } });
  assert.match(both, '--dg-font-heading:"Space Grotesk"');
  assert.match(both, '--dg-font-body:"Montserrat"');
  assert.match(both, '--dg-font-body-weight:500');
  assert.match(both, '<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>');
  assert.match(both, `<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Space+Grotesk:300,400,500,600,700,800,300i,400i,500i,600i,700i,800i|Montserrat:300,400,500,600,700,800,300i,400i,500i,600i,700i,800i&amp;display=swap" media="print" onload="this.media='all'">`);
  assert.ok(both.indexOf('fonts.googleapis.com') < both.indexOf('<link rel="stylesheet" href="/_docsgen/'), 'before the layout stylesheets');
  // A weight off the usual list is asked for too.
  assert.match(render({ config: { fonts: { family: 'Inter', weight: 900 } } }), 'family=Inter:300,400,500,600,700,800,900,300i,');
  // System fonts, self-hosted fonts and names Google cannot have are never asked for.
  const system = render({ config: { fonts: { family: 'system-ui', heading: { family: 'system-ui' }, body: { family: 'Helvetica Neue' } } } });
  assert.match(system, '--dg-font-heading:"system-ui"');
  assert.match(system, '--dg-font-body:"Helvetica Neue"');
  assert.not.match(system, 'googleapis');
  const hosted = render({ config: { fonts: { family: 'Satoshi', source: '/fonts/satoshi.woff2', format: 'woff2' } } });
  assert.match(hosted, '@font-face{font-family:"Satoshi";src:url("/fonts/satoshi.woff2") format("woff2");font-display:swap}');
  assert.not.match(hosted, 'googleapis');
  const hostile = render({ config: { fonts: { family: 'Evil"><script>alert(1)</script>' } } });
  assert.not.match(hostile, 'googleapis');
  assert.not.match(hostile, '<script>alert(1)');
  assert.not.match(render({}), 'googleapis');
});

test('should keep brand-coloured text readable: the accent is darkened in light mode until 4.5:1', () => {
  const html = render({ config: { colors: { primary: '#7dd3fc' } } });
  const accent = /:root\{[^}]*--dg-accent:(#[0-9a-f]{6})/.exec(html)?.[1];
  assert.ok(accent && accent !== '#7dd3fc', `light accent ${accent}`);
  assert.match(html, '--dg-on-primary:#111827');
});

test('should give the brand-coloured banner bar white text unless white reads below 3:1 on colors.dark', () => {
  assert.match(render({ config: { colors: { primary: '#2F6868', dark: '#84C4C0' } } }), '--dg-on-primary-dark-bar:#111827');
  // #0891b2: white reads at 3.7:1 (near-black at 4.6:1 would win for a button): white, as on the platform.
  assert.match(render({ config: { colors: { primary: '#0891b2' } } }), '--dg-on-primary-dark-bar:#ffffff');
  assert.not.match(render({}), '--dg-on-primary-dark-bar');
});

test('should set the colour mode before the first paint; strict mode hides the toggle and ignores the stored choice', () => {
  const html = render({});
  const script = html.indexOf('<script>(function(){');
  assert.ok(script > 0 && script < html.indexOf('<link rel="stylesheet"'), 'the mode script runs before any stylesheet');
  assert.match(html, 'localStorage.getItem("docsgen:appearance")');
  assert.match(html, 'data-dg-theme-toggle');
  const strict = render({ config: { appearance: { default: 'light', strict: true } } });
  assert.not.match(strict, 'data-dg-theme-toggle');
  assert.not.match(strict, 'localStorage');
  assert.match(strict, 'data-theme="light"');
  assert.match(strict, 'data-strict=""');
});

test('should link the theme stylesheet, with unknown names as base; every theme has its folder', () => {
  assert.match(render({ config: { theme: 'pith' } }), '<link rel="stylesheet" href="/_docsgen/theme-pith.css">');
  assert.match(render({ config: { theme: 'dracula' } }), '<link rel="stylesheet" href="/_docsgen/theme-base.css">');
  for (const name of themeNames) {
    const file = documentAssetFiles[themeStylesheetName(name)];
    assert.ok(file && existsSync(file), name);
  }
  const tabs = model([division('tab', 'Guides', [page('intro')]), division('tab', 'API', [page('deep')])]);
  assert.match(render({ config: { theme: 'pip' }, navigation: tabs }), '<nav class="dg-section-tabs dg-section-tabs-sidebar"');
  assert.match(render({ navigation: tabs }), '<nav class="dg-section-tabs" aria-label="Sections">');
});

test('should leave out the tabs row when no tab has a page to go to', () => {
  // Tabs whose pages are all elsewhere (a page outside the navigation, in a version or language
  // whose tabs list none of its pages): an empty bar under the header was drawn.
  const empty = model([division('tab', 'Guides', []), division('tab', 'API', [])]);
  const html = render({ navigation: empty });
  assert.not.match(html, 'dg-section-tabs');
  assert.not.match(html, 'class="nav-tabs"');
  const one = render({ navigation: model([division('tab', 'Guides', []), division('tab', 'API', [page('deep')])]) });
  assert.is(one.match(/class="dg-section-tab nav-tabs-item"/g)?.length, 1);
});

test('should render the header: logo per mode with its href, navbar links, primary button or repository icon, search prompt', () => {
  const html = render({
    config: {
      logo: { light: 'logo/light.svg', dark: 'logo/dark.svg', href: 'https://example.com' },
      navbar: { links: [{ label: 'Support', href: 'mailto:help@example.com', icon: 'envelope' }], primary: { type: 'github', href: 'https://github.com/acme/docs' } },
      search: { prompt: 'Find anything' },
    },
  });
  assert.match(html, '<a class="dg-logo nav-logo" href="https://example.com"><img class="dg-logo-img dg-logo-light" src="/logo/light.svg" alt/><img class="dg-logo-img dg-logo-dark" src="/logo/dark.svg" alt/><span class="dg-sr-only">Site</span></a>');
  assert.match(html, 'href="mailto:help@example.com"');
  assert.match(html, 'data-icon="envelope"');
  assert.match(html, 'aria-label="GitHub (opens in a new tab)"');
  assert.match(html, '<span class="dg-search-prompt">Find anything</span>');
  const button = render({ config: { navbar: { primary: { type: 'button', label: 'Sign up', href: '/signup' } } } });
  assert.match(button, '<a class="dg-primary" href="/signup"><span>Sign up</span>');
  assert.match(render({}), '<a class="dg-logo nav-logo" href="/"><span class="dg-site-name">Site</span></a>');
});

test('should show tabs, anchors and dropdowns, and the sidebar of the current tab', () => {
  const navigation = model([
    division('tab', 'Guides', [group('Start', [page('index'), page('intro')])]),
    division('tab', 'API', [group('Endpoints', [page('api/users')])], { icon: 'code' }),
    division('tab', 'Blog', [], { href: 'https://example.com/blog' }),
    division('anchor', 'Community', [], { href: 'https://example.com/community', icon: 'users' }),
    division('dropdown', 'SDKs', [page('sdk/js')]),
  ]);
  const html = render({ navigation, pages: pagesOf(['index', 'intro', 'api/users', 'sdk/js']) });
  assert.match(html, '<a class="dg-section-tab nav-tabs-item" href="/" aria-current="true" data-active>');
  assert.match(html, '<a class="dg-section-tab nav-tabs-item" href="/api/users">');
  assert.match(html, '<a class="dg-section-tab nav-tabs-item" href="https://example.com/blog" target="_blank" rel="noopener noreferrer">');
  assert.match(html, 'data-has-tabs=""');
  assert.match(html, '<a class="dg-anchor" href="https://example.com/community"');
  assert.match(html, '<a class="dg-menu-item" href="/sdk/js">');
  assert.not.match(html, 'Endpoints', 'the other tab’s groups are not in this sidebar');
  const api = render({ navigation, pages: pagesOf(['index', 'intro', 'api/users', 'sdk/js']), slug: 'api/users' });
  assert.match(api, '<a class="dg-section-tab nav-tabs-item" href="/api/users" aria-current="true" data-active>');
  assert.match(api, 'Endpoints');
});

test('should link version and language selectors to the same page in the other variant, else its first page', () => {
  const navigation = model(
    [
      division('version', 'v2', [group('Start', [page('v2/index'), page('v2/quickstart'), page('v2/new')])], { isDefault: true }),
      division('version', 'v1', [group('Start', [page('v1/index'), page('v1/quickstart')])]),
    ],
    { versions: ['v2', 'v1'], defaultVersion: 'v2' },
  );
  const pages = pagesOf(['v2/index', 'v2/quickstart', 'v2/new', 'v1/index', 'v1/quickstart']);
  const html = render({ navigation, pages, slug: 'v2/quickstart', homeSlug: 'v2/index' });
  assert.match(html, 'aria-label="Version: v2"');
  assert.match(html, '<a class="dg-menu-item" href="/v1/quickstart">v1</a>');
  const only = render({ navigation, pages, slug: 'v2/new', homeSlug: 'v2/index' });
  assert.match(only, '<a class="dg-menu-item" href="/v1/index">v1</a>');
  const languages = model(
    [division('language', 'en', [group('Start', [page('en/a')])]), division('language', 'fr', [group('Début', [page('fr/a')])])],
    { languages: ['en', 'fr'], defaultLanguage: 'en' },
  );
  const french = render({ navigation: languages, pages: pagesOf(['en/a', 'fr/a']), slug: 'fr/a' });
  assert.match(french, '<html lang="fr"');
  assert.match(french, '<a class="dg-menu-item" href="/en/a">English</a>');
  // The page's own labels are French; `data-current` names the choice in any language.
  assert.match(french, 'aria-label="Langue: Français" data-variant="language" data-current="Français"');
  assert.match(french, '<a class="dg-skip" href="#dg-main">Aller au contenu</a>');
});

test('should leave a hidden version out of the version menu, except on its own pages', () => {
  const navigation = model(
    [
      division('version', 'v3', [group('Start', [page('v3/index')])], { isDefault: true }),
      division('version', 'v2', [group('Start', [page('v2/index')])]),
      division('version', 'v1', [group('Start', [page('v1/index')])], { isHidden: true }),
    ],
    { versions: ['v3', 'v2', 'v1'], defaultVersion: 'v3' },
  );
  const pages = pagesOf(['v3/index', 'v2/index', 'v1/index']);
  const items = (html: string) => [...html.matchAll(/<a class="dg-menu-item[^"]*"[^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);
  const current = render({ navigation, pages, slug: 'v3/index', homeSlug: 'v3/index' });
  assert.match(current, 'aria-label="Version: v3"');
  assert.not.ok(items(current).includes('v1'), 'the hidden version is not offered');
  assert.ok(items(current).includes('v2'));
  const old = render({ navigation, pages, slug: 'v1/index', homeSlug: 'v3/index' });
  assert.match(old, 'aria-label="Version: v1"', 'its own pages still name it');
});

test('should show the eyebrow as the section or the breadcrumbs, previous/next links and the table of contents', () => {
  const navigation = model([division('tab', 'Guides', [group('Start', [page('index'), page('intro'), page('deep')])])]);
  const pages = pagesOf(['index', 'intro', 'deep']);
  const html = render({ navigation, pages, toc: [{ depth: 2, id: 'usage', text: 'Usage' }] });
  assert.match(html, '<p class="dg-eyebrow eyebrow">Start</p>');
  assert.match(html, '<a class="dg-pager-link dg-pager-previous pagination-prev" href="/" rel="prev">');
  assert.match(html, '<a class="dg-pager-link dg-pager-next pagination-next" href="/deep" rel="next">');
  assert.match(html, '<a class="dg-toc-link" href="#usage">Usage</a>');
  const crumbs = render({ navigation, pages, config: { styling: { eyebrows: 'breadcrumbs' } } });
  assert.match(crumbs, '<ol role="list"><li>Guides</li><li>Start</li></ol>');
});

test('should lay out page modes: center and custom have no sidebar, custom no page header or footer, wide no table of contents', () => {
  const toc = [{ depth: 2, id: 'a', text: 'A' }];
  assert.match(render({ toc }), 'dg-toc-link');
  assert.not.match(render({ toc, frontmatter: { mode: 'wide' } }), 'dg-toc-link');
  assert.match(render({}), 'class="dg-sidebar"');
  assert.not.match(render({ frontmatter: { mode: 'center' } }), 'dg-sidebar');
  const custom = render({ frontmatter: { mode: 'custom' }, footer: '<footer id="f"></footer>' });
  assert.not.match(custom, 'dg-sidebar');
  assert.not.match(custom, 'dg-nav-toggle');
  assert.not.match(custom, 'dg-page-header');
  assert.not.match(custom, '<footer id="f">', 'custom pages have no footer');
  assert.match(render({ footer: '<footer id="f"></footer>' }), '<footer id="f">');
  // Frame: the sidebar and the footer stay; the title block (title, description, copy menu), the pager and the table of contents go.
  const frame = render({ toc, frontmatter: { mode: 'frame' }, description: 'Not shown', contextualMenu: '<div id="c"></div>', footer: '<footer id="f"></footer>' });
  assert.match(frame, 'data-page-mode="frame"');
  assert.match(frame, 'class="dg-sidebar"');
  assert.match(frame, '<footer id="f">');
  const body = frame.slice(frame.indexOf('<body>'));
  for (const gone of ['dg-page-header', 'dg-title', 'Not shown', '<div id="c">', 'dg-pager', 'dg-toc-link']) assert.not.match(body, gone, `frame pages have no ${gone}`);
});

test('should link generated stylesheets after the theme, marked for the dev server to fetch again', () => {
  const html = render({ generatedCss: ['tailwind.css'] });
  assert.match(html, '<link rel="stylesheet" href="/_docsgen/tailwind.css" data-dg-generated="">');
  assert.ok(html.indexOf('tailwind.css') > html.indexOf('theme-'), 'after the theme stylesheet');
  assert.not.match(render({}), 'tailwind.css');
});

test('should keep the landmarks and slots: skip link, <main class="dg-content">, banner, footer, contextual menu, head and body ends', () => {
  const html = render({ banner: '<div id="b"></div>', footer: '<footer id="f"></footer>', contextualMenu: '<div id="c"></div>', headEnd: '<meta name="h">', bodyEnd: '<script id="e"></script>' });
  assert.ok(html.indexOf('class="dg-skip" href="#dg-main"') < html.indexOf('<header class="dg-header"'));
  assert.ok(html.indexOf('<div id="b"></div>') < html.indexOf('<header class="dg-header"'));
  assert.match(html, '<main class="dg-content" id="dg-main" tabindex="-1">');
  // One wrapper that is not itself `.dg-contextual`: site-parts.js binds every `.dg-contextual`, and two nested ones opened and closed the menu in one click.
  assert.match(html, '<div class="dg-contextual-slot"><div id="c"></div></div>');
  assert.match(html, '<footer id="f"></footer></article>');
  assert.match(html, '<meta name="h">\n</head>');
  assert.match(html, '<script id="e"></script>\n</body>');
  assert.match(html, '<p>Body</p>');
});

test('should give the layout the ids the hosted platform documents for custom CSS and scripts', () => {
  // Real projects' own files select them: `#content-area h2[id]` and `#table-of-contents
  // li[data-depth="0"]` (section numbers), `header#header` (a script placing a banner under the
  // title), `#topbar-cta-button` (the button's colour).
  const toc = [{ id: 'setup', text: 'Setup', depth: 2 }, { id: 'more', text: 'More', depth: 3 }];
  const footer = '<footer class="dg-footer" id="footer">F</footer>';
  const banner = '<div class="dg-banner" id="banner">B</div>';
  const config = { navbar: { primary: { type: 'button' as const, label: 'Sign up', href: 'https://example.com' } } };
  const html = render({ toc, footer, banner, config, contentHtml: '<h2 id="setup">Setup</h2><h3 id="more">More</h3>' });
  // The id of the element of class `name`, whatever the order of its attributes.
  const idOf = (name: string): string | undefined => {
    const tag = new RegExp(`<[a-z0-9]+ [^>]*class="${name}"[^>]*>`).exec(html)?.[0];
    return tag ? / id="([^"]+)"/.exec(tag)?.[1] : undefined;
  };
  assert.is(idOf('dg-layout'), 'body-content');
  assert.is(idOf('dg-header'), 'navbar');
  assert.is(idOf('dg-search-button'), 'search-bar-entry');
  assert.is(idOf('dg-primary'), 'topbar-cta-button', 'the bar\'s button, not the copy in the phone\'s menu');
  assert.is(idOf('dg-sidebar'), 'sidebar');
  assert.is(idOf('dg-article'), 'content-area');
  assert.is(idOf('dg-page-header'), 'header');
  assert.is(idOf('dg-title'), 'page-title');
  assert.is(idOf('dg-prose mdx-content'), 'content');
  assert.is(idOf('dg-pager'), 'pagination');
  assert.is(idOf('dg-toc toc'), 'table-of-contents');
  assert.match(html, '<footer class="dg-footer" id="footer">F</footer></article>');
  assert.match(html, '<div class="dg-banner" id="banner">B</div>');
  // The platform counts the table of contents' depth from 0 for `##`.
  assert.match(html, /<li class="dg-toc-item toc-item" data-depth="0"><a class="dg-toc-link" href="#setup">/);
  assert.match(html, /<li class="dg-toc-item toc-item" data-depth="1"><a class="dg-toc-link" href="#more">/);
  for (const id of ['body-content', 'navbar', 'search-bar-entry', 'topbar-cta-button', 'sidebar', 'content-area', 'header', 'page-title', 'content', 'pagination', 'table-of-contents', 'footer', 'banner']) {
    assert.is(html.split(` id="${id}"`).length - 1, 1, `#${id} once`);
  }
});

test('should leave a layout id to the page\'s content when the content uses it, so links to a heading land on it', () => {
  const names = ['content', 'footer', 'header', 'navbar', 'pagination', 'banner', 'topbar-cta-button'];
  const contentHtml = names.map((id) => `<h2 id="${id}">${id}</h2>`).join('');
  const config = { navbar: { primary: { type: 'button' as const, label: 'Sign up', href: 'https://example.com' } } };
  const html = render({ contentHtml, footer: '<footer class="dg-footer" id="footer">F</footer>', banner: '<div class="dg-banner" id="banner">B</div>', config });
  for (const id of names) assert.equal([...html.matchAll(new RegExp(`<([a-z0-9]+)[^>]* id="${id}"`, 'g'))].map((match) => match[1]), ['h2'], id);
  // The others are where they always are.
  assert.match(html, '<article class="dg-article" id="content-area">');
  assert.match(html, '<footer class="dg-footer">F</footer>');
});

test('should include the project’s root .css and .js files on every page', () => {
  const html = render({ projectFiles: ['custom.css', 'extra.js'] });
  assert.match(html, '<link rel="stylesheet" href="/custom.css">');
  assert.match(html, '<script src="/extra.js" defer></script>');
});

test('should write og:image with its size, twitter tags and the canonical URL from `siteUrl`, attribute-escaped', () => {
  const html = render({
    siteUrl: 'https://cli.example.com/',
    config: { siteUrl: 'https://docs.example.com' },
    socialImage: { url: 'https://cli.example.com/og/intro.png?a="1"&b=<2>', width: 1200, height: 630 },
  });
  assert.match(html, '<link rel="canonical" href="https://cli.example.com/intro">');
  assert.match(html, '<meta property="og:url" content="https://cli.example.com/intro">');
  assert.match(html, '<meta property="og:image" content="https://cli.example.com/og/intro.png?a=&quot;1&quot;&amp;b=&lt;2&gt;">');
  assert.match(html, '<meta property="og:image:width" content="1200">');
  assert.match(html, '<meta property="og:image:height" content="630">');
  assert.match(html, '<meta name="twitter:card" content="summary_large_image">');
  assert.match(html, '<meta name="twitter:image" content="https://cli.example.com/og/intro.png?a=&quot;1&quot;&amp;b=&lt;2&gt;">');
});

test('should leave out og:image for a relative or script URL, and use a small Twitter card without an image', () => {
  for (const url of ['/og/intro.png', 'javascript:alert(1)']) {
    const html = render({ socialImage: { url } });
    assert.not.match(html, 'og:image');
    assert.not.match(html, 'twitter:image');
    assert.match(html, '<meta name="twitter:card" content="summary">');
  }
  const sized = render({ socialImage: { url: 'https://cdn.example.com/card.png' } });
  assert.match(sized, '<meta property="og:image" content="https://cdn.example.com/card.png">');
  assert.not.match(sized, 'og:image:width');
});

test('should write JSON-LD: TechArticle for a page, WebPage for the home page, with the site name', () => {
  const jsonLd = (html: string): Record<string, any> => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');
  const article = jsonLd(render({ description: 'About it', config: { siteUrl: 'https://docs.example.com' }, socialImage: { url: 'https://docs.example.com/og/intro.png' } }));
  assert.equal(article, {
    '@context': 'https://schema.org',
    '@type': 'TechArticle',
    headline: 'Intro',
    description: 'About it',
    url: 'https://docs.example.com/intro',
    image: 'https://docs.example.com/og/intro.png',
    isPartOf: { '@type': 'WebSite', name: 'Site', url: 'https://docs.example.com' },
  });
  const home = jsonLd(render({ slug: 'index', title: 'Welcome' }));
  assert.is(home['@type'], 'WebPage');
  assert.is(home.name, 'Welcome');
  assert.is(home.isPartOf.name, 'Site');
  assert.not.match(render({ slug: '404', title: 'Page not found' }), 'ld+json');
});

test('should keep a title with `</script>` inside the JSON-LD script', () => {
  const title = '</script><script>alert(1)</script>';
  const html = render({ title, config: { name: 'S</script>' } });
  const head = html.slice(0, html.indexOf('</head>'));
  assert.not.match(head, '<script>alert(1)');
  const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head)?.[1] ?? '';
  assert.not.match(script, '<');
  const data = JSON.parse(script);
  assert.is(data.headline, title);
  assert.is(data.isPartOf.name, 'S</script>');
});

test('should show a `display: "toc"` menu above the table of contents, and a copy in the header for narrow screens', () => {
  const menu = '<div class="dg-contextual" data-display="toc"><button id="dg-contextual-button" aria-controls="dg-contextual-menu"></button><ul class="dg-contextual-menu" id="dg-contextual-menu" aria-labelledby="dg-contextual-button"></ul></div>';
  const html = render({ contextualMenu: menu, toc: [{ depth: 2, id: 'a', text: 'A' }] });
  assert.match(html, `<div class="dg-contextual-slot dg-contextual-toc">${menu}</div>`);
  const header = html.slice(html.indexOf('<header class="dg-page-header"'), html.indexOf('</header>', html.indexOf('<header class="dg-page-header"')));
  assert.match(header, '<div class="dg-contextual-slot dg-contextual-narrow"><div class="dg-contextual" data-display="toc"><button id="narrow-dg-contextual-button" aria-controls="narrow-dg-contextual-menu"></button><ul class="dg-contextual-menu" id="narrow-dg-contextual-menu" aria-labelledby="narrow-dg-contextual-button">');
  // Without a table of contents the menu is in the header only, once.
  const noToc = render({ contextualMenu: menu, toc: [] });
  assert.is(noToc.split('class="dg-contextual"').length, 2);
  assert.not.match(noToc, 'dg-contextual-narrow');
});

test.run();
