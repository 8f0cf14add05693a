import { fileURLToPath } from 'node:url';
import { escapeHtml } from '@docsgen/util/escape-html';

/** File names of the site parts' browser assets, served under the site's asset prefix. */
export const sitePartAssetNames = {
  /** Banner dismissal and the "Copy page" menu (`assets/site-parts.js`). */
  js: 'site-parts.js',
  /** Styles of the banner, footer and menu (`assets/site-parts.css`). */
  css: 'site-parts.css',
} as const;

/** The files behind `sitePartAssetNames`, by name (absolute paths; nothing is read). */
export const sitePartAssetFiles: Readonly<Record<string, string>> = Object.freeze({
  // `../../assets` from both `src/site-parts/` (tests) and `dist/site-parts/` (published).
  [sitePartAssetNames.js]: fileURLToPath(new URL(`../../assets/${sitePartAssetNames.js}`, import.meta.url)),
  [sitePartAssetNames.css]: fileURLToPath(new URL(`../../assets/${sitePartAssetNames.css}`, import.meta.url)),
});

/**
 * `<link>` and `<script defer>` tags of the site parts' assets, for `<head>`.
 *
 * @param assetBase
 *   URL prefix the assets are served under (default: `/_docsgen`).
 */
export function sitePartAssetTags(assetBase?: string | null | undefined): string {
  const base = assetBase ?? '/_docsgen';
  return (
    `<link rel="stylesheet" href="${escapeHtml(`${base}/${sitePartAssetNames.css}`)}">` +
    `<script src="${escapeHtml(`${base}/${sitePartAssetNames.js}`)}" defer></script>`
  );
}
