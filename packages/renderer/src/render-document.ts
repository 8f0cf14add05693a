import { escapeHtml } from '@docsgen/util/escape-html';
import { clientStringsScript, uiStrings } from './i18n/ui-strings.js';
import { sitePartAssetFiles } from './site-parts/assets.js';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { layoutAssetNames, themeStylesheetName } from './layout/page-document.js';
import { themeNames } from './layout/themes.js';
import { rendererAssets } from './renderer-assets.js';

/** What a page's HTML document is made of. */
export interface DocumentInput {
  /** Page title; the document title is `Page title - Site name`. */
  title: string;
  /** Site name from docs.json. */
  siteName: string;
  /** Page description, else the site description (default: none). */
  description?: string | null | undefined;
  /** The rendered page content (trusted: made by the renderer). */
  contentHtml: string;
  /** Load KaTeX's stylesheet (default: `false`). */
  hasMath?: boolean | null | undefined;
  /** Load the diagram library and its loader (default: `false`). */
  hasMermaid?: boolean | null | undefined;
  /** URL prefix the site's own assets are served under (default: `/_docsgen`). */
  assetBase?: string | null | undefined;
  /** Show the title as the page's `<h1>`; off when the content starts with its own (default: `true`). */
  showTitle?: boolean | null | undefined;
  /** The page's slug, written on `<html data-slug>` for client scripts (default: none). */
  slug?: string | null | undefined;
  /** Extra trusted HTML at the end of `<body>`, such as the dev server's reload script (default: none). */
  bodyEnd?: string | null | undefined;
}

/** File names under `assetBase` that documents link to; the server maps them to files with `documentAssetFiles`. */
export const documentAssetNames = layoutAssetNames;

/**
 * A plain HTML document around a page's content, without the site layout (for tests and
 * embedding; pages are served with `renderPageDocument`). Stylesheets and scripts a page does not need
 * (math, diagrams) are not linked.
 */
export function renderDocument(input: DocumentInput): string {
  const base = input.assetBase ?? '/_docsgen';
  const asset = (name: string): string => escapeHtml(`${base}/${name}`);
  const title = input.title && input.title !== input.siteName ? `${input.title} - ${input.siteName}` : input.siteName;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    input.description ? `<meta name="description" content="${escapeHtml(input.description)}">` : '',
    `<link rel="stylesheet" href="${asset(documentAssetNames.contentCss)}">`,
    // A readable column until the themed layout replaces this shell.
    '<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;line-height:1.6}main.dg-content{max-width:48rem;margin:2rem auto;padding:0 1.25rem}</style>',
    input.hasMath ? `<link rel="stylesheet" href="${asset(documentAssetNames.katexCss)}">` : '',
    clientStringsScript(uiStrings('en')),
    `<script src="${asset(documentAssetNames.clientJs)}" defer></script>`,
    input.hasMermaid ? `<script src="${asset(documentAssetNames.mermaidJs)}" defer></script>` : '',
    input.hasMermaid ? `<script src="${asset(documentAssetNames.mermaidLoaderJs)}" defer></script>` : '',
  ].filter(Boolean);
  return (
    `<!doctype html>\n<html lang="en"${input.slug == null ? '' : ` data-slug="${escapeHtml(input.slug)}"`}>\n<head>\n${head.join('\n')}\n</head>\n<body>\n` +
    '<main class="dg-content">\n' +
    (input.showTitle === false ? '' : `<h1>${escapeHtml(input.title)}</h1>\n`) +
    (input.description ? `<p class="dg-description">${escapeHtml(input.description)}</p>\n` : '') +
    `${input.contentHtml}\n</main>\n${input.bodyEnd ?? ''}</body>\n</html>\n`
  );
}

function themeFile(name: string): string {
  // `../themes` from both `src/` (tests) and `dist/` (published).
  return fileURLToPath(new URL(`../themes/${name}/theme.css`, import.meta.url));
}

// Preact's browser builds, from the very package the renderer uses on the server.
const preactRoot = dirname(createRequire(import.meta.url).resolve('preact/package.json'));
function preactFile(path: string): string {
  return join(preactRoot, path);
}

function ownAsset(name: string): string {
  return fileURLToPath(new URL(`../assets/${name}`, import.meta.url));
}

/**
 * The files behind `documentAssetNames` and every theme's stylesheet (`theme-<name>.css`), by
 * name (absolute paths). The shared navigation file is not here: it is made per site by
 * `renderNavigationFile`.
 */
export const documentAssetFiles: Readonly<Record<string, string>> = Object.freeze({
  [documentAssetNames.contentCss]: rendererAssets.contentCss,
  [documentAssetNames.iconsCss]: ownAsset('icons.css'),
  [documentAssetNames.layoutCss]: ownAsset('layout.css'),
  [documentAssetNames.clientJs]: rendererAssets.clientJs,
  [documentAssetNames.siteJs]: ownAsset('site.js'),
  // Loaded by site.js when the reader first opens search.
  'search.js': ownAsset('search.js'),
  // Loaded by client.js when a `<GitHub.Repo>` card is on the page.
  'github-repo.js': ownAsset('github-repo.js'),
  [documentAssetNames.katexCss]: rendererAssets.katexCss,
  [documentAssetNames.mermaidJs]: rendererAssets.mermaidJs,
  [documentAssetNames.mermaidLoaderJs]: rendererAssets.mermaidLoaderJs,
  [documentAssetNames.apiCss]: ownAsset('api.css'),
  [documentAssetNames.apiPlaygroundJs]: ownAsset('api-playground.js'),
  // The request-sample writers, compiled from @docsgen/openapi-pages as they are: api-playground.js imports them.
  [documentAssetNames.apiSamplesJs]: createRequire(import.meta.url).resolve('@docsgen/openapi-pages/sample-writers'),
  [documentAssetNames.apiSchemaJs]: ownAsset('api-schema.js'),
  [documentAssetNames.apiViewersJs]: ownAsset('api-viewers.js'),
  [documentAssetNames.preactJs]: preactFile('dist/preact.min.umd.js'),
  [documentAssetNames.preactHooksJs]: preactFile('hooks/dist/hooks.umd.js'),
  [documentAssetNames.preactCompatJs]: preactFile('compat/dist/compat.umd.js'),
  [documentAssetNames.preactJsxRuntimeJs]: preactFile('jsx-runtime/dist/jsxRuntime.umd.js'),
  [documentAssetNames.islandsJs]: ownAsset('islands.js'),
  ...Object.fromEntries(themeNames.map((name) => [themeStylesheetName(name), themeFile(name)])),
  // The banner, footer and "Copy page" menu (see site-parts/).
  ...sitePartAssetFiles,
});
