/** @jsxRuntime automatic @jsxImportSource preact */
// The whole HTML document of a page: head (`page-head.ts`), the skip link, header, sidebar,
// page, table of contents or side panel, and the slots other parts of docsgen fill (banner,
// footer, contextual menu, head and body ends).
import type { VNode } from 'preact';
import { escapeHtml } from '@docsgen/util/escape-html';
import { resolveAppearance, type ResolvedAppearance } from './appearance.js';
import { PageHeader, Pager, TableOfContents, type PagerLink } from './article.js';
import { raiseCodeContrast } from '../code-contrast.js';
import { languageTag, textDirection, uiStrings, type UiStrings } from '../i18n/ui-strings.js';
import { DrawerHead, DrawerVariants, hasDrawerLinks, Header, Tabs } from './header.js';
import { layoutMemoOf, type LayoutMemo } from './layout-memo.js';
import { pageHref, pageLinkOf, renderWithIcons } from './links.js';
import { navigationPartName, renderNavigationFile, variantOfGroup } from './navigation-file.js';
import { chromeOf, entryOf, groupId, indexNavigation, labelOf, neighboursOf, variantOf } from './navigation-view.js';
import { documentHead } from './page-head.js';
import { Sidebar, type SidebarContext } from './sidebar.js';
import { resolveLayoutTheme, themePageMode, type LayoutTheme } from './themes.js';
import type { LayoutTocEntry, SiteLayoutData } from './types.js';
import { variantChoices } from './variant-choices.js';

export { islandAssetNames, layoutAssetNames, themeStylesheetName } from './page-head.js';

/**
 * The docs.json language code of the language a page belongs to (`es`), or `undefined` for a
 * page outside `navigation.languages`. Give it to `uiStrings` for the page's labels.
 */
export function pageLanguage(input: SiteLayoutData, slug: string): string | undefined {
  return variantOf(indexNavigation(input), slug).language;
}

/** Page modes set with frontmatter `mode`. */
export type PageMode = 'default' | 'wide' | 'center' | 'custom' | 'frame';

/** What a page's document is made of. */
export interface PageDocumentInput extends SiteLayoutData {
  /** The page's slug (`404` for the not-found page). */
  slug: string;
  /** Page title; the document title is `Page title - Site name`. */
  title: string;
  /** Page description, shown under the title and used for `description` meta tags (default: the site description). */
  description?: string | null | undefined;
  /** The page's frontmatter; the layout reads `mode`, `noindex`/`robots` come through `isNoindex` (default: none). */
  frontmatter?: Record<string, unknown> | null | undefined;
  /** The page asks to stay out of search engines (default: `false`). */
  isNoindex?: boolean | null | undefined;
  /** The rendered content (trusted: made by the renderer). */
  contentHtml: string;
  /**
   * Side blocks the content's render moved out (`ContentFacts.sideBlocks`; trusted): in the
   * default page mode they take the right-hand column in place of the table of contents; in
   * other modes they follow the content (default: none).
   */
  sideBlocks?: readonly string[] | null | undefined;
  /** Headings of the table of contents; a changelog's entries by label (`ContentFacts.updates`) (default: none). */
  toc?: readonly LayoutTocEntry[] | null | undefined;
  /** Reading time from the pipeline: `{minutes}` (default: none). */
  readingTime?: unknown;
  /** Show the title as the page's `<h1>`; off when the content starts with its own (default: `true`). */
  showTitle?: boolean | null | undefined;
  /** Load KaTeX's stylesheet (default: `false`). */
  hasMath?: boolean | null | undefined;
  /** Load the diagram library and its loader (default: `false`). */
  hasMermaid?: boolean | null | undefined;
  /** Load the API reference styles and the try-it script: the content has an operation (`ContentFacts.usesApi`) (default: `false`). */
  hasApi?: boolean | null | undefined;
  /** Load the embeddable viewers' loader: the content has one (`ContentFacts.apiViewers`) (default: `false`). */
  hasApiViewer?: boolean | null | undefined;
  /**
   * The code of the page's interactive components and what they import, as JSON made with
   * `serializeJsonForScript` (trusted: made by the site from the project's own modules). The
   * page then loads Preact and the loader that hydrates each `<docsgen-island>` (default: none).
   */
  islands?: string | null | undefined;
  /**
   * Stylesheets the site generates, by name under the asset base (`tailwind.css`, the site's
   * Tailwind utilities), linked after the theme's so they win over it (default: none).
   */
  generatedCss?: readonly string[] | null | undefined;
  /** Project files at the root, `.css` and `.js`, included on every page (default: none). */
  projectFiles?: readonly string[] | null | undefined;
  /** Trusted HTML above the header (default: none). */
  banner?: string | null | undefined;
  /** Trusted HTML after the page content (default: none). */
  footer?: string | null | undefined;
  /** Trusted HTML beside the page title (default: none). */
  contextualMenu?: string | null | undefined;
  /** Trusted HTML at the end of `<head>` (default: none). */
  headEnd?: string | null | undefined;
  /** Trusted HTML at the end of `<body>`, such as the dev server's reload script (default: none). */
  bodyEnd?: string | null | undefined;
  /** Absolute URL of the deployed site, for the canonical URL, `og:url` and JSON-LD (default: `config.siteUrl`). */
  siteUrl?: string | null | undefined;
  /** The page's social image (`og:image`, `twitter:image`): an absolute URL, with its size when known (default: none). */
  socialImage?: { url: string; width?: number | undefined; height?: number | undefined } | null | undefined;
  /** Root-relative address of the page's RSS feed (`/changelog/rss.xml`), announced to feed readers in `<head>` (default: none). */
  feed?: string | null | undefined;
  /**
   * Name of the shared navigation file under the asset base, for a server that names it some
   * other way (default: `renderNavigationFile(input).name`, which renders the file to name it
   * by its content).
   */
  navigationFileName?: string | null | undefined;
}

/**
 * The page mode a page's frontmatter `mode` selects (`default` when it names none or another).
 * In the default mode, side content goes to the right-hand column (`sideBlocks`).
 */
export function pageMode(frontmatter: Record<string, unknown> | null | undefined): PageMode {
  const mode = frontmatter?.mode;
  return mode === 'wide' || mode === 'center' || mode === 'custom' || mode === 'frame' ? mode : 'default';
}

/** What the parts of a page's document read: its input and what is worked out from it once. */
interface PageView {
  input: PageDocumentInput;
  mode: PageMode;
  theme: LayoutTheme;
  appearance: ResolvedAppearance;
  strings: UiStrings;
  index: ReturnType<typeof indexNavigation>;
  variant: ReturnType<typeof variantOf>;
  entry: ReturnType<typeof entryOf>;
  chrome: ReturnType<typeof chromeOf>;
  /** The parts of the layout rendered once per site (none: every part is rendered here). */
  memo: LayoutMemo | undefined;
  /** The asset prefix (`/_docsgen`). */
  base: string;
  renderLayout: (node: VNode) => string;
  /** The platform's id for a part of the layout, unless the page's content uses it (`freeLayoutIds`). */
  layoutId: (id: LayoutId) => LayoutId | undefined;
}

/**
 * The ids the hosted platform documents for custom CSS and scripts, which real projects' own
 * `.css` and `.js` files select (`#content-area h2`, `#table-of-contents li`, `header#header`,
 * `#topbar-cta-button`): docsgen puts them on its matching parts of the page.
 */
const layoutIds = ['body-content', 'navbar', 'search-bar-entry', 'topbar-cta-button', 'banner', 'sidebar', 'sidebar-content', 'content-area', 'header', 'page-title', 'content', 'pagination', 'footer', 'table-of-contents'] as const;
type LayoutId = (typeof layoutIds)[number];
const layoutIdSet: ReadonlySet<string> = new Set(layoutIds);

/**
 * The layout ids a page's own content leaves free. A heading "Footer" is `#footer`: the heading
 * keeps it, so links to it still land on it, and the layout's footer goes without.
 */
function freeLayoutIds(html: string): (id: LayoutId) => LayoutId | undefined {
  // One pass over the ids of the content (a regular expression of the names took longer).
  const taken = new Set<string>();
  for (let at = html.indexOf(' id="'); at !== -1; at = html.indexOf(' id="', at + 5)) {
    const end = html.indexOf('"', at + 5);
    const id = html.slice(at + 5, end);
    if (layoutIdSet.has(id)) taken.add(id);
  }
  return (id) => (taken.has(id) ? undefined : id);
}

/** `html` (a part rendered once per site, or docs.json's banner or footer) without those of `ids` the page's content took. */
function withoutTakenIds(html: string, view: PageView, ...ids: LayoutId[]): string {
  for (const id of ids) if (!view.layoutId(id)) html = html.replace(` id="${id}"`, '');
  return html;
}

/**
 * A complete HTML document for a page, in the site's theme: the head with every docs.json
 * setting that belongs there (title, description and OpenGraph fallback, `metadata` and
 * `seo.metatags`, `noindex` per `seo.indexing` and the page, canonical URL, favicon, brand
 * colours, fonts, the colour-mode script that runs before the first paint), then the top
 * navigation, tabs, sidebar, page header, content, previous/next links and table of
 * contents, or in its place the page's side blocks (`sideBlocks`: `Panel`, `RequestExample`
 * and `ResponseExample`, default page mode only). The sidebar renders only the groups holding
 * the current page; the others are filled in by the client from the shared navigation file
 * (`renderNavigationFile`).
 */
export function renderPageDocument(input: PageDocumentInput): string {
  return pageDocument(input, { memo: layoutMemoOf(indexNavigation(input)) });
}

/**
 * `renderPageDocument` with the layout memo to use: the site's, or none, which renders every
 * part of the layout in place (tests compare the two).
 */
export function pageDocument(input: PageDocumentInput, options: { memo: LayoutMemo | undefined }): string {
  const { config } = input;
  const base = input.assetBase ?? '/_docsgen';
  const index = indexNavigation(input);
  const variant = variantOf(index, input.slug);
  const entry = entryOf(index, input.slug, variant);
  const theme = resolveLayoutTheme(config.theme);
  const view: PageView = {
    input,
    mode: themePageMode(theme, pageMode(input.frontmatter)),
    theme,
    appearance: resolveAppearance(config),
    strings: uiStrings(variant.language),
    index,
    variant,
    entry,
    chrome: chromeOf(index, entry?.trail, variant),
    memo: options.memo,
    base,
    renderLayout: (node) => renderWithIcons(node, config.icons?.library),
    layoutId: freeLayoutIds(input.sideBlocks && input.sideBlocks.length > 0 ? input.contentHtml + input.sideBlocks.join('') : input.contentHtml),
  };
  const navigable = entry !== undefined && entry.isNavigable;
  const noindex = input.isNoindex === true || input.slug === '404' || (config.seo?.indexing !== 'all' && !navigable && input.slug !== input.homeSlug);
  const head = documentHead(input, {
    asset: (name) => escapeHtml(`${base}/${name}`),
    themeName: view.theme.name,
    strings: view.strings,
    noindex,
  });
  // One join copies every part once into the document (head and body are never empty): the
  // parts are mostly trees of pieces, and joining the head and body first, then the whole,
  // copied the body twice.
  return [`<!doctype html>\n<html ${documentAttributes(view).join(' ')}>\n<head>`, ...head, '</head>\n<body>', ...documentBody(view), '</body>\n</html>\n'].join('\n');
}

/** The attributes of `<html>`: language, direction, slug, theme, colour mode and the page's chrome. */
function documentAttributes(view: PageView): string[] {
  const { input, theme, appearance, chrome } = view;
  const config = input.config;
  const language = languageTag(view.variant.language ?? 'en');
  const tabsInSidebar = theme.tabsPlacement === 'sidebar' && hasSidebar(view);
  const codeblocks = config.styling?.codeblocks;
  return [
    `lang="${escapeHtml(language)}"`,
    textDirection(language) === 'rtl' ? 'dir="rtl"' : '',
    `data-slug="${escapeHtml(input.slug)}"`,
    // The page's address, as the hosted platform stamps it for custom CSS
    // (`html[data-current-path="/introduction"] #content-area`: Upstash's, Dify's, its own docs').
    `data-current-path="${escapeHtml(pageHref(input.slug, input.homeSlug))}"`,
    `data-dg-theme="${theme.name}"`,
    `data-appearance="${appearance.mode}"`,
    chrome.tabs.length > 0 && !tabsInSidebar ? 'data-has-tabs=""' : '',
    appearance.mode === 'system' ? '' : `data-theme="${appearance.mode}"${appearance.mode === 'dark' ? ' class="dark"' : ''}`,
    appearance.isStrict ? 'data-strict=""' : '',
    config.background?.decoration ? `data-decoration="${escapeHtml(config.background.decoration)}"` : '',
    codeblocks === 'dark' ? 'data-code-theme="dark"' : '',
  ].filter(Boolean);
}

function hasSidebar(view: PageView): boolean {
  return view.mode !== 'center' && view.mode !== 'custom';
}

/** The elements of `<body>`: skip link, progress bar, banner, header, sidebar, the page and its table of contents. */
function documentBody(view: PageView): string[] {
  const { input, theme, strings, index, variant, entry, chrome, memo, renderLayout } = view;
  const { config } = input;
  const trail = entry?.trail;
  const withSidebar = hasSidebar(view);
  const tabsInSidebar = theme.tabsPlacement === 'sidebar' && withSidebar;
  // A page without a sidebar still gets the phone's menu when the navbar has links to put in it.
  const hasDrawer = withSidebar || hasDrawerLinks(config);
  // The page's own part of the navigation file: the groups of its version or language.
  const sidebarGroup = chrome.sidebar?.find((node) => node.kind === 'group');
  const navigationFileName = navigationPartName(input.navigationFileName || renderNavigationFile(input).name, sidebarGroup ? variantOfGroup(groupId(sidebarGroup)) : '');
  const context: SidebarContext = { index, variant, current: input.slug, openGroups: new Set(trail?.filter((node) => node.kind === 'group')), memo };
  const tabs = <Tabs chrome={chrome} index={index} variant={variant} class={tabsInSidebar ? 'dg-section-tabs dg-section-tabs-sidebar' : 'dg-section-tabs'} strings={strings} memo={memo} />;
  const versions = entry?.version !== undefined || (!entry && (input.navigation?.versions.length ?? 0) > 0) ? variantChoices(index, input.slug, variant, 'version') : [];
  const languages = variantChoices(index, input.slug, variant, 'language');
  const header = renderLayout(
    <Header
      config={config}
      versions={versions}
      languages={languages}
      hasSearch={input.hasSearch !== false}
      hasToggle={!view.appearance.isStrict}
      hasSidebar={hasDrawer}
      tabs={tabsInSidebar ? null : tabs}
      strings={strings}
      memo={memo}
      id={view.layoutId('navbar')}
    />,
  );
  const sidebar = hasDrawer
    ? renderLayout(
        <>
          <DrawerHead config={config} strings={strings} memo={memo} />
          <DrawerVariants versions={versions} languages={languages} strings={strings} memo={memo} />
          {withSidebar ? <Sidebar chrome={chrome} context={context} navigationSrc={`${view.base}/${navigationFileName}`} strings={strings} tabs={tabsInSidebar ? tabs : null} id={view.layoutId('sidebar')} listId={view.layoutId('sidebar-content')} /> : null}
        </>,
      )
    : '';
  const page = renderArticle(view);
  return [
    `<a class="dg-skip" href="#dg-main">${escapeHtml(strings.skipToContent)}</a>`,
    config.appearance?.readingProgress === true ? '<div class="dg-progress" aria-hidden="true"><div class="dg-progress-bar"></div></div>' : '',
    withoutTakenIds(input.banner ?? '', view, 'banner'),
    withoutTakenIds(header, view, 'search-bar-entry', 'topbar-cta-button'),
    `<div class="dg-layout"${view.layoutId('body-content') ? ' id="body-content"' : ''} data-page-mode="${view.mode}"${withSidebar ? '' : ' data-no-sidebar=""'}${page.hasToc ? ' data-has-toc=""' : ''}${page.hasSide ? ' data-has-side-panel=""' : ''}>`,
    hasDrawer ? `<aside class="dg-sidebar-wrap${withSidebar ? '' : ' dg-drawer-only'}" id="dg-sidebar" aria-label="${escapeHtml(strings.navigation)}">${sidebar}</aside>` : '',
    hasDrawer ? '<div class="dg-backdrop" aria-hidden="true"></div>' : '',
    '<main class="dg-content" id="dg-main" tabindex="-1">',
    '<div class="dg-page">',
    page.article,
    page.toc,
    '</div>',
    '</main>',
    '</div>',
    input.bodyEnd ?? '',
  ].filter(Boolean);
}

/**
 * The page itself: its header, the content with previous/next links and footer, and beside it
 * the side panel or the table of contents (with the contextual menu when it goes there).
 */
function renderArticle(view: PageView): { article: string; toc: string; hasToc: boolean; hasSide: boolean } {
  const { input, mode, theme, strings, index, variant, entry, renderLayout } = view;
  const { config } = input;
  const trail = entry?.trail;
  const crumbs = (trail ?? []).filter((node) => node.kind !== 'version' && node.kind !== 'language' && node.title).map((node) => node.title as string);
  const eyebrowStyle = config.styling?.eyebrows === 'breadcrumbs' ? 'breadcrumbs' : 'section';
  const groupTitle = (trail ?? []).findLast((node) => node.kind === 'group' && node.title)?.title;
  const readingMinutes =
    config.appearance?.readingTime === true && typeof (input.readingTime as { minutes?: unknown } | undefined)?.minutes === 'number'
      ? (input.readingTime as { minutes: number }).minutes
      : undefined;
  // Panel, RequestExample and ResponseExample take the right-hand column in place of the table
  // of contents. The column sits inside the article, after the page header: below the width
  // where the column shows, the side content is read right there, in the flow (layout.css).
  // Other page modes have no column: the blocks follow the content.
  // Highlighted code reads at 4.5:1 whatever the theme's token colours (`raiseCodeContrast`).
  const sideBlocks = (input.sideBlocks ?? []).map(raiseCodeContrast);
  const hasSide = mode === 'default' && sideBlocks.length > 0;
  const contentHtml = raiseCodeContrast(input.contentHtml) + (mode === 'default' || sideBlocks.length === 0 ? '' : `\n${sideBlocks.join('\n')}`);
  const tocEntries = input.toc ?? [];
  const hasToc = mode === 'default' && !hasSide && tocEntries.length > 0;
  // `contextual.display: "toc"` puts the menu above the table of contents (in the header on a page without one).
  const menuInToc = hasToc && /^<div class="dg-contextual" data-display="toc"/.test(input.contextualMenu ?? '');
  // Narrow screens hide the table of contents: there a second copy shows in the header (ids
  // prefixed so both menus stay valid; CSS shows one copy at a time).
  const narrowMenu = menuInToc ? input.contextualMenu!.replace(/(\s(?:id|aria-controls|aria-labelledby)=")/g, '$1narrow-') : undefined;
  // Custom and frame pages are their own content: no title block, no pager (frame keeps the
  // sidebar and the footer, custom neither).
  const isOwnLayout = mode === 'custom' || mode === 'frame';
  const pageHeader =
    isOwnLayout
      ? ''
      : renderLayout(
          <PageHeader
            eyebrow={eyebrowStyle === 'breadcrumbs' ? crumbs : groupTitle ? [groupTitle] : crumbs.slice(-1)}
            eyebrowStyle={eyebrowStyle}
            title={input.showTitle === false ? undefined : input.title}
            description={input.description ?? undefined}
            readingMinutes={readingMinutes}
            contextualMenu={menuInToc ? narrowMenu : (input.contextualMenu ?? undefined)}
            contextualSlotClass={menuInToc ? 'dg-contextual-narrow' : undefined}
            strings={strings}
            ids={{ header: view.layoutId('header'), title: view.layoutId('page-title') }}
          />,
        );
  const neighbours = entry !== undefined && entry.isNavigable ? neighboursOf(index, input.slug, variant) : { previous: undefined, next: undefined };
  const link = (slug: string | undefined): PagerLink | undefined =>
    slug === undefined ? undefined : { href: pageLinkOf(input.pages.get(slug), slug, input.homeSlug), title: labelOf(input.pages.get(slug), slug) };
  const pager = isOwnLayout ? '' : renderLayout(<Pager previous={link(neighbours.previous)} next={link(neighbours.next)} strings={strings} id={view.layoutId('pagination')} />);
  const toc = hasToc ? renderLayout(<TableOfContents toc={tocEntries} title={strings[theme.tocTitle]} id={view.layoutId('table-of-contents')} />) : '';
  // A custom page is the top bar and its own content: no footer either.
  const footer = mode === 'custom' ? '' : withoutTakenIds(input.footer ?? '', view, 'footer');
  const content = view.layoutId('content') ? ' id="content"' : '';
  const articleBody = `<div class="dg-prose mdx-content"${content}>\n${contentHtml}\n</div>${pager}${footer}`;
  const area = view.layoutId('content-area') ? ' id="content-area"' : '';
  const article = hasSide
    ? `<article class="dg-article dg-article-with-side"${area}>${pageHeader}<aside class="dg-side-panel"><div class="dg-prose">\n${sideBlocks.join('\n')}\n</div></aside>` +
      `<div class="dg-article-body">${articleBody}</div></article>`
    : `<article class="dg-article"${area}>${pageHeader}${articleBody}</article>`;
  return {
    article,
    toc: toc ? `<aside class="dg-toc-wrap">${menuInToc ? `<div class="dg-contextual-slot dg-contextual-toc">${input.contextualMenu}</div>` : ''}${toc}</aside>` : '',
    hasToc,
    hasSide,
  };
}
