// The `<head>` of a page's document: title, description, robots, canonical URL, social and
// search tags (generated, docs.json's, the page's own), JSON-LD, favicon, stylesheets, the
// colour-mode script and the scripts the page's content uses.
import { escapeHtml } from '@docsgen/util/escape-html';
import { sanitizeHref } from '../safe-url.js';
import { serializeJsonForScript } from '../serialize-json-for-script.js';
import { clientStringsScript, type UiStrings } from '../i18n/ui-strings.js';
import { appearanceCss, googleFontsHref, modeScript, projectUrl, resolveAppearance } from './appearance.js';
import { pageHref } from './links.js';
import type { PageDocumentInput } from './page-document.js';
import { resolveLayoutTheme } from './themes.js';
import type { SiteLayoutData } from './types.js';

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

/** What the head is made of besides the page's input: worked out once by `renderPageDocument`. */
export interface HeadParts {
  /** The asset's address under the asset prefix, escaped. */
  asset: (name: string) => string;
  themeName: string;
  strings: UiStrings;
  /** The page stays out of search engines. */
  noindex: boolean;
}

/** The elements of the page's `<head>`, in order. */
export function documentHead(input: PageDocumentInput, parts: HeadParts): string[] {
  const { config } = input;
  const { asset, strings, noindex } = parts;
  const siteName = config.name;
  const title = input.title && input.title !== siteName ? `${input.title} - ${siteName}` : siteName;
  const description = input.description || config.description || undefined;
  const siteUrlInput = input.siteUrl || config.siteUrl;
  const siteUrl = siteUrlInput && sanitizeHref(siteUrlInput) === siteUrlInput ? siteUrlInput.replace(/\/+$/, '') : undefined;
  const url = siteUrl && input.slug !== '404' ? `${siteUrl}${pageHref(input.slug, input.homeSlug)}` : undefined;
  const image = input.socialImage && /^https?:\/\//i.test(input.socialImage.url) ? input.socialImage : undefined;
  const tags = socialTags(input, { description, url, image });
  const canonical = pageCanonical(input.frontmatter) ?? url;
  const projectFiles = input.projectFiles ?? [];
  const siteParts = sitePartsOf(config);
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    siteParts.modeScript,
    description ? meta('description', description) : '',
    noindex ? '<meta name="robots" content="noindex">' : '',
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    input.feed ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(title)}" href="${escapeHtml(input.feed)}">` : '',
    ...[...tags].map(([name, content]) => meta(name, content)),
    input.slug === '404' ? '' : structuredData({ isHome: input.slug === input.homeSlug, title: input.title || siteName, description, url, image: image?.url, siteName, siteUrl }),
    ...faviconLinks(config.favicon),
    ...siteParts.fonts,
    `<link rel="stylesheet" href="${asset(layoutAssetNames.contentCss)}">`,
    `<link rel="stylesheet" href="${asset(layoutAssetNames.iconsCss)}">`,
    `<link rel="stylesheet" href="${asset(layoutAssetNames.layoutCss)}">`,
    `<link rel="stylesheet" href="${asset(themeStylesheetName(parts.themeName))}">`,
    input.hasMath ? `<link rel="stylesheet" href="${asset(layoutAssetNames.katexCss)}">` : '',
    input.hasApi || input.hasApiViewer ? `<link rel="stylesheet" href="${asset(layoutAssetNames.apiCss)}">` : '',
    ...(input.generatedCss ?? []).map((name) => `<link rel="stylesheet" href="${asset(name)}" data-dg-generated="">`),
    siteParts.style,
    ...projectFiles.filter((file) => file.endsWith('.css')).map((file) => `<link rel="stylesheet" href="${escapeHtml(pageHref(file, undefined))}">`),
    `<script src="${asset(layoutAssetNames.clientJs)}" defer></script>`,
    `<script src="${asset(layoutAssetNames.siteJs)}" defer></script>`,
    input.hasMermaid ? `<script src="${asset(layoutAssetNames.mermaidJs)}" defer></script>` : '',
    input.hasMermaid ? `<script src="${asset(layoutAssetNames.mermaidLoaderJs)}" defer></script>` : '',
    input.hasApi ? `<script type="module" src="${asset(layoutAssetNames.apiPlaygroundJs)}"></script>` : '',
    input.hasApi ? `<script src="${asset(layoutAssetNames.apiSchemaJs)}" defer></script>` : '',
    input.hasApiViewer ? `<script src="${asset(layoutAssetNames.apiViewersJs)}" defer></script>` : '',
    stringsScript(strings),
    input.islands ? `<script type="application/json" id="dg-islands">${input.islands}</script>` : '',
    ...(input.islands ? islandAssetNames.map((name) => `<script src="${asset(name)}" defer></script>`) : []),
    ...projectFiles.filter((file) => file.endsWith('.js')).map((file) => `<script src="${escapeHtml(pageHref(file, undefined))}" defer></script>`),
    input.headEnd ?? '',
  ].filter(Boolean);
}

/** The parts of the head every page of a site has: made once per config. */
const sitePartsByConfig = new WeakMap<SiteLayoutData['config'], { modeScript: string; style: string; fonts: string[] }>();

function sitePartsOf(config: SiteLayoutData['config']): { modeScript: string; style: string; fonts: string[] } {
  let parts = sitePartsByConfig.get(config);
  if (!parts) {
    const google = googleFontsHref(config);
    // Not render-blocking: where Google cannot be reached (or is slow to answer), the page
    // shows at once in the theme's fonts and takes the family when its stylesheet comes.
    const fonts = google ? ['<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>', `<link rel="stylesheet" href="${escapeHtml(google)}" media="print" onload="this.media='all'">`] : [];
    sitePartsByConfig.set(config, (parts = { modeScript: `<script>${modeScript(resolveAppearance(config))}</script>`, style: styleTag(appearanceCss(config)), fonts }));
  }
  return parts;
}

/** The labels' script of each language's table: made once per table. */
const stringsScripts = new WeakMap<UiStrings, string>();

function stringsScript(strings: UiStrings): string {
  let script = stringsScripts.get(strings);
  if (script === undefined) stringsScripts.set(strings, (script = clientStringsScript(strings)));
  return script;
}

/**
 * Social and search tags: the generated ones, then docs.json's (`metadata`, `seo.metatags`),
 * then the page's frontmatter `og:*` and `twitter:*`, each replacing a tag of the same name.
 */
function socialTags(input: PageDocumentInput, page: { description: string | undefined; url: string | undefined; image: PageDocumentInput['socialImage'] }): Map<string, string> {
  const { config } = input;
  const { description, url, image } = page;
  const siteName = config.name;
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
  return tags;
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
