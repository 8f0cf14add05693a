/** @jsxRuntime automatic @jsxImportSource preact */
// The whole HTML document of a page: head (title, meta, favicon, styles, the colour-mode
// script), the skip link, header, sidebar, page, table of contents and the slots other parts
// of docsgen fill (banner, footer, contextual menu, head and body ends).
import type { VNode } from 'preact';
import { escapeHtml } from '@docsgen/util/escape-html';
import { sanitizeHref } from '../safe-url.js';
import { serializeJsonForScript } from '../serialize-json-for-script.js';
import { appearanceCss, modeScript, projectUrl, resolveAppearance } from './appearance.js';
import { PageHeader, Pager, splitSideContent, TableOfContents, updateToc, type PagerLink } from './article.js';
import { raiseCodeContrast } from '../code-contrast.js';
import { clientStringsScript, languageTag, textDirection, uiStrings } from '../i18n/ui-strings.js';
import { DrawerHead, hasDrawerLinks, Header, Tabs } from './header.js';
import { pageHref, pageLinkOf, renderWithIcons } from './links.js';
import { renderNavigationFile } from './navigation-file.js';
import { chromeOf, entryOf, indexNavigation, labelOf, neighboursOf, variantOf } from './navigation-view.js';
import { Sidebar, type SidebarContext } from './sidebar.js';
import { resolveLayoutTheme } from './themes.js';
import type { LayoutTocEntry, SiteLayoutData } from './types.js';
import { variantChoices } from './variant-choices.js';

/** File names under the asset prefix that documents link to. */
export const layoutAssetNames = {
  contentCss: 'content.css',
  iconsCss: 'icons.css',
  layoutCss: 'layout.css',
  clientJs: 'client.js',
  siteJs: 'site.js',
  katexCss: 'katex.min.css',
  mermaidJs: 'mermaid.min.js',
  mermaidLoaderJs: 'mermaid-loader.js',
  apiCss: 'api.css',
  apiPlaygroundJs: 'api-playground.js',
  // Imported by api-playground.js (a module): the request-sample writers of @docsgen/openapi-pages.
  apiSamplesJs: 'api-samples.js',
  apiSchemaJs: 'api-schema.js',
  apiViewersJs: 'api-viewers.js',
  // Interactive components: Preact's browser builds (each sets a global the next ones use),
  // then the loader that runs the pages' own component code and hydrates them.
  preactJs: 'preact.js',
  preactHooksJs: 'preact-hooks.js',
  preactCompatJs: 'preact-compat.js',
  preactJsxRuntimeJs: 'preact-jsx-runtime.js',
  islandsJs: 'islands.js',
} as const;

/** The scripts a page with interactive components loads, in order. */
export const islandAssetNames: readonly string[] = [
  layoutAssetNames.preactJs,
  layoutAssetNames.preactHooksJs,
  layoutAssetNames.preactCompatJs,
  layoutAssetNames.preactJsxRuntimeJs,
  layoutAssetNames.islandsJs,
];

/** The stylesheet name of a theme under the asset prefix (`theme-pith.css`). */
export function themeStylesheetName(theme: string): string {
  return `theme-${resolveLayoutTheme(theme).name}.css`;
}

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
  /** Headings of the table of contents (default: none). */
  toc?: readonly LayoutTocEntry[] | null | undefined;
  /** Reading time from the pipeline: `{minutes}` (default: none). */
  readingTime?: unknown;
  /** Show the title as the page's `<h1>`; off when the content starts with its own (default: `true`). */
  showTitle?: boolean | null | undefined;
  /** Load KaTeX's stylesheet (default: `false`). */
  hasMath?: boolean | null | undefined;
  /** Load the diagram library and its loader (default: `false`). */
  hasMermaid?: boolean | null | undefined;
  /** Load the API reference styles and the try-it script: the content has an operation (`data-dg-api`) (default: `false`). */
  hasApi?: boolean | null | undefined;
  /** Load the embeddable viewers' loader: the content has one (`data-dg-viewer`) (default: `false`). */
  hasApiViewer?: boolean | null | undefined;
  /**
   * The code of the page's interactive components and what they import, as JSON made with
   * `serializeJsonForScript` (trusted: made by the site from the project's own modules). The
   * page then loads Preact and the loader that hydrates each `<docsgen-island>` (default: none).
   */
  islands?: string | null | undefined;
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

function pageModeOf(frontmatter: Record<string, unknown> | null | undefined): PageMode {
  const mode = frontmatter?.mode;
  return mode === 'wide' || mode === 'center' || mode === 'custom' || mode === 'frame' ? mode : 'default';
}

function meta(name: string, content: string): string {
  const attribute = /^(?:og|article|fb):/i.test(name) ? 'property' : 'name';
  return `<meta ${attribute}="${escapeHtml(name)}" content="${escapeHtml(content)}">`;
}

// Tags whose value is an address: only an absolute http(s) URL is written.
const urlTags = new Set(['og:url', 'og:image', 'og:image:url', 'og:image:secure_url', 'og:video', 'og:audio', 'twitter:image', 'twitter:url']);

/** The page's own `og:*` and `twitter:*` frontmatter tags (text values; addresses only as absolute http(s) URLs). */
function pageMetaTags(frontmatter: Record<string, unknown> | null | undefined): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(frontmatter ?? {})) {
    if (!/^(?:og|twitter):[a-z][a-z0-9_:.-]*$/i.test(name) || (typeof value !== 'string' && typeof value !== 'number')) continue;
    const content = String(value).trim();
    if (content === '' || (urlTags.has(name.toLowerCase()) && !isHttpUrl(content))) continue;
    found.push([name, content]);
  }
  return found;
}

/** The page's frontmatter `canonical`, when it is an absolute http(s) URL. */
function pageCanonical(frontmatter: Record<string, unknown> | null | undefined): string | undefined {
  const value = frontmatter?.canonical;
  return typeof value === 'string' && isHttpUrl(value.trim()) ? value.trim() : undefined;
}

function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(value) && sanitizeHref(value) === value;
}

function faviconLinks(favicon: SiteLayoutData['config']['favicon']): string[] {
  const type = (path: string) => (/\.svg$/i.test(path) ? ' type="image/svg+xml"' : /\.png$/i.test(path) ? ' type="image/png"' : '');
  // One file: a string, or docs.json's resolved form `{ light, dark: undefined }`.
  const single = typeof favicon === 'string' ? favicon : favicon?.dark === undefined ? favicon?.light : undefined;
  if (single) return [`<link rel="icon" href="/favicon.ico"${type(single)}>`];
  if (favicon && typeof favicon === 'object') {
    const dark = favicon.dark && projectUrl(favicon.dark);
    return [
      `<link rel="icon" href="/favicon.ico"${type(favicon.light)} media="(prefers-color-scheme: light)">`,
      dark ? `<link rel="icon" href="${escapeHtml(dark)}"${type(favicon.dark!)} media="(prefers-color-scheme: dark)">` : '',
    ].filter(Boolean);
  }
  return [];
}

/**
 * A complete HTML document for a page, in the site's theme: the head with every docs.json
 * setting that belongs there (title, description and OpenGraph fallback, `metadata` and
 * `seo.metatags`, `noindex` per `seo.indexing` and the page, canonical URL, favicon, brand
 * colours, fonts, the colour-mode script that runs before the first paint), then the top
 * navigation, tabs, sidebar, page header, content, previous/next links and table of
 * contents, or in its place the side content that `Panel`, `RequestExample` and
 * `ResponseExample` mark (default page mode only; see `splitSideContent`). The sidebar renders only the groups holding the current page; the others are
 * filled in by the client from the shared navigation file (`renderNavigationFile`).
 */
export function renderPageDocument(input: PageDocumentInput): string {
  const { config } = input;
  const base = input.assetBase ?? '/_docsgen';
  const asset = (name: string): string => escapeHtml(`${base}/${name}`);
  const theme = resolveLayoutTheme(config.theme);
  const appearance = resolveAppearance(config);
  const mode = pageModeOf(input.frontmatter);

  const index = indexNavigation(input);
  const variant = variantOf(index, input.slug);
  const entry = entryOf(index, input.slug, variant);
  const trail = entry?.trail;
  const chrome = chromeOf(index, trail, variant);
  const navigable = entry !== undefined && entry.isNavigable;
  const strings = uiStrings(variant.language);
  const navigationFileName = input.navigationFileName || renderNavigationFile(input).name;
  const context: SidebarContext = { index, variant, current: input.slug, openGroups: new Set(trail?.filter((node) => node.kind === 'group')) };

  const siteName = config.name;
  const title = input.title && input.title !== siteName ? `${input.title} - ${siteName}` : siteName;
  const description = input.description || config.description || undefined;
  const noindex = input.isNoindex === true || input.slug === '404' || (config.seo?.indexing !== 'all' && !navigable && input.slug !== input.homeSlug);
  const siteUrlInput = input.siteUrl || config.siteUrl;
  const siteUrl = siteUrlInput && sanitizeHref(siteUrlInput) === siteUrlInput ? siteUrlInput.replace(/\/+$/, '') : undefined;
  const url = siteUrl && input.slug !== '404' ? `${siteUrl}${pageHref(input.slug, input.homeSlug)}` : undefined;
  const image = input.socialImage && /^https?:\/\//i.test(input.socialImage.url) ? input.socialImage : undefined;

  // Social and search tags: the generated ones, then docs.json's (`metadata`, `seo.metatags`),
  // then the page's frontmatter `og:*` and `twitter:*`, each replacing a tag of the same name.
  const tags = new Map<string, string>();
  const tag = (name: string, content: string | undefined): void => {
    if (content) tags.set(name, content);
  };
  tag('og:title', input.title || siteName);
  tag('og:site_name', siteName);
  tag('og:type', 'website');
  tag('og:description', description);
  tag('og:url', url);
  tag('og:image', image?.url);
  tag('og:image:width', image?.width ? String(image.width) : undefined);
  tag('og:image:height', image?.height ? String(image.height) : undefined);
  tag('twitter:card', image ? 'summary_large_image' : 'summary');
  tag('twitter:image', image?.url);
  for (const [name, content] of Object.entries({ ...config.metadata, ...config.seo?.metatags })) if (typeof content === 'string') tags.set(name, content);
  for (const [name, content] of pageMetaTags(input.frontmatter)) tags.set(name, content);
  const canonical = pageCanonical(input.frontmatter) ?? url;
  const projectFiles = input.projectFiles ?? [];
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<script>${modeScript(appearance)}</script>`,
    description ? meta('description', description) : '',
    noindex ? '<meta name="robots" content="noindex">' : '',
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    input.feed ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(title)}" href="${escapeHtml(input.feed)}">` : '',
    ...[...tags].map(([name, content]) => meta(name, content)),
    input.slug === '404' ? '' : structuredData({ isHome: input.slug === input.homeSlug, title: input.title || siteName, description, url, image: image?.url, siteName, siteUrl }),
    ...faviconLinks(config.favicon),
    `<link rel="stylesheet" href="${asset(layoutAssetNames.contentCss)}">`,
    `<link rel="stylesheet" href="${asset(layoutAssetNames.iconsCss)}">`,
    `<link rel="stylesheet" href="${asset(layoutAssetNames.layoutCss)}">`,
    `<link rel="stylesheet" href="${asset(themeStylesheetName(theme.name))}">`,
    input.hasMath ? `<link rel="stylesheet" href="${asset(layoutAssetNames.katexCss)}">` : '',
    input.hasApi || input.hasApiViewer ? `<link rel="stylesheet" href="${asset(layoutAssetNames.apiCss)}">` : '',
    styleTag(appearanceCss(config)),
    ...projectFiles.filter((file) => file.endsWith('.css')).map((file) => `<link rel="stylesheet" href="${escapeHtml(pageHref(file, undefined))}">`),
    `<script src="${asset(layoutAssetNames.clientJs)}" defer></script>`,
    `<script src="${asset(layoutAssetNames.siteJs)}" defer></script>`,
    input.hasMermaid ? `<script src="${asset(layoutAssetNames.mermaidJs)}" defer></script>` : '',
    input.hasMermaid ? `<script src="${asset(layoutAssetNames.mermaidLoaderJs)}" defer></script>` : '',
    input.hasApi ? `<script type="module" src="${asset(layoutAssetNames.apiPlaygroundJs)}"></script>` : '',
    input.hasApi ? `<script src="${asset(layoutAssetNames.apiSchemaJs)}" defer></script>` : '',
    input.hasApiViewer ? `<script src="${asset(layoutAssetNames.apiViewersJs)}" defer></script>` : '',
    clientStringsScript(strings),
    input.islands ? `<script type="application/json" id="dg-islands">${input.islands}</script>` : '',
    ...(input.islands ? islandAssetNames.map((name) => `<script src="${asset(name)}" defer></script>`) : []),
    ...projectFiles.filter((file) => file.endsWith('.js')).map((file) => `<script src="${escapeHtml(pageHref(file, undefined))}" defer></script>`),
    input.headEnd ?? '',
  ].filter(Boolean);

  const hasSidebar = mode !== 'center' && mode !== 'custom';
  const tabsInSidebar = theme.tabsPlacement === 'sidebar' && hasSidebar;
  // A page without a sidebar still gets the phone's menu when the navbar has links to put in it.
  const hasDrawer = hasSidebar || hasDrawerLinks(config);
  const language = languageTag(variant.language ?? 'en');
  const codeblocks = config.styling?.codeblocks;
  const htmlAttributes = [
    `lang="${escapeHtml(language)}"`,
    textDirection(language) === 'rtl' ? 'dir="rtl"' : '',
    `data-slug="${escapeHtml(input.slug)}"`,
    `data-dg-theme="${theme.name}"`,
    `data-appearance="${appearance.mode}"`,
    chrome.tabs.length > 0 && !tabsInSidebar ? 'data-has-tabs=""' : '',
    appearance.mode === 'system' ? '' : `data-theme="${appearance.mode}"${appearance.mode === 'dark' ? ' class="dark"' : ''}`,
    appearance.isStrict ? 'data-strict=""' : '',
    config.background?.decoration ? `data-decoration="${escapeHtml(config.background.decoration)}"` : '',
    codeblocks === 'dark' ? 'data-code-theme="dark"' : '',
  ].filter(Boolean);

  const renderLayout = (node: VNode): string => renderWithIcons(node, config.icons?.library);
  const tabs = <Tabs chrome={chrome} index={index} variant={variant} class={tabsInSidebar ? 'dg-section-tabs dg-section-tabs-sidebar' : 'dg-section-tabs'} strings={strings} />;
  const header = renderLayout(
    <Header
      config={config}
      versions={entry?.version !== undefined || (!entry && (input.navigation?.versions.length ?? 0) > 0) ? variantChoices(index, input.slug, variant, 'version') : []}
      languages={variantChoices(index, input.slug, variant, 'language')}
      hasSearch={input.hasSearch !== false}
      hasToggle={!appearance.isStrict}
      hasSidebar={hasDrawer}
      tabs={tabsInSidebar ? null : tabs}
      strings={strings}
    />,
  );
  const sidebar = hasDrawer
    ? renderLayout(
        <>
          <DrawerHead config={config} strings={strings} />
          {hasSidebar ? <Sidebar chrome={chrome} context={context} navigationSrc={`${base}/${navigationFileName}`} strings={strings} tabs={tabsInSidebar ? tabs : null} /> : null}
        </>,
      )
    : '';

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
  // Highlighted code reads at 4.5:1 whatever the theme's token colours (`raiseCodeContrast`).
  const readableHtml = raiseCodeContrast(input.contentHtml);
  const { contentHtml, sideBlocks } = mode === 'default' ? splitSideContent(readableHtml) : { contentHtml: readableHtml, sideBlocks: [] };
  const hasSide = sideBlocks.length > 0;
  // A changelog's table of contents lists its entries' labels (dates), not their headings.
  const tocEntries = (contentHtml.includes('class="dg-update') ? updateToc(contentHtml) : undefined) ?? input.toc ?? [];
  const hasToc = mode === 'default' && !hasSide && tocEntries.length > 0;
  // `contextual.display: "toc"` puts the menu above the table of contents (in the header on a page without one).
  const menuInToc = hasToc && /^<div class="dg-contextual" data-display="toc"/.test(input.contextualMenu ?? '');
  // Narrow screens hide the table of contents: there a second copy shows in the header (ids
  // prefixed so both menus stay valid; CSS shows one copy at a time).
  const narrowMenu = menuInToc ? input.contextualMenu!.replace(/(\s(?:id|aria-controls|aria-labelledby)=")/g, '$1narrow-') : undefined;
  const pageHeader =
    mode === 'custom'
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
          />,
        );
  const neighbours = navigable ? neighboursOf(index, input.slug, variant) : { previous: undefined, next: undefined };
  const link = (slug: string | undefined): PagerLink | undefined =>
    slug === undefined ? undefined : { href: pageLinkOf(input.pages.get(slug), slug, input.homeSlug), title: labelOf(input.pages.get(slug), slug) };
  const pager = mode === 'custom' ? '' : renderLayout(<Pager previous={link(neighbours.previous)} next={link(neighbours.next)} strings={strings} />);
  const toc = hasToc ? renderLayout(<TableOfContents toc={tocEntries} title={strings[theme.tocTitle]} />) : '';
  // A custom page is the top bar and its own content: no footer either.
  const articleBody = `<div class="dg-prose">\n${contentHtml}\n</div>${pager}${mode === 'custom' ? '' : (input.footer ?? '')}`;

  const body = [
    `<a class="dg-skip" href="#dg-main">${escapeHtml(strings.skipToContent)}</a>`,
    config.appearance?.readingProgress === true ? '<div class="dg-progress" aria-hidden="true"><div class="dg-progress-bar"></div></div>' : '',
    input.banner ?? '',
    header,
    `<div class="dg-layout" data-page-mode="${mode}"${hasSidebar ? '' : ' data-no-sidebar=""'}${hasToc ? ' data-has-toc=""' : ''}${hasSide ? ' data-has-side-panel=""' : ''}>`,
    hasDrawer ? `<aside class="dg-sidebar-wrap${hasSidebar ? '' : ' dg-drawer-only'}" id="dg-sidebar" aria-label="${escapeHtml(strings.navigation)}">${sidebar}</aside>` : '',
    hasDrawer ? '<div class="dg-backdrop" aria-hidden="true"></div>' : '',
    '<main class="dg-content" id="dg-main" tabindex="-1">',
    '<div class="dg-page">',
    hasSide
      ? `<article class="dg-article dg-article-with-side">${pageHeader}<aside class="dg-side-panel"><div class="dg-prose">\n${sideBlocks.join('\n')}\n</div></aside>` +
        `<div class="dg-article-body">${articleBody}</div></article>`
      : `<article class="dg-article">${pageHeader}${articleBody}</article>`,
    toc ? `<aside class="dg-toc-wrap">${menuInToc ? `<div class="dg-contextual-slot dg-contextual-toc">${input.contextualMenu}</div>` : ''}${toc}</aside>` : '',
    '</div>',
    '</main>',
    '</div>',
    input.bodyEnd ?? '',
  ].filter(Boolean);

  return `<!doctype html>\n<html ${htmlAttributes.join(' ')}>\n<head>\n${head.join('\n')}\n</head>\n<body>\n${body.join('\n')}\n</body>\n</html>\n`;
}

/** JSON-LD (`TechArticle`, or `WebPage` for the home page); `serializeJsonForScript` keeps `</script>` in a title inside the script. */
function structuredData(data: { isHome: boolean; title: string; description: string | undefined; url: string | undefined; image: string | undefined; siteName: string; siteUrl: string | undefined }): string {
  const value = {
    '@context': 'https://schema.org',
    '@type': data.isHome ? 'WebPage' : 'TechArticle',
    [data.isHome ? 'name' : 'headline']: data.title,
    description: data.description,
    url: data.url,
    image: data.image,
    isPartOf: { '@type': 'WebSite', name: data.siteName, url: data.siteUrl },
  };
  return `<script type="application/ld+json">${serializeJsonForScript(value)}</script>`;
}

function styleTag(css: string): string {
  // Values are checked hex colours, sanitized URLs and family names: `</style>` cannot occur.
  return css ? `<style>${css.replace(/<\//g, '<\\/')}</style>` : '';
}
