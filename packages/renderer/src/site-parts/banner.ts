import { createHash } from 'node:crypto';
import { barTextOn } from '@docsgen/util/colour';
import { escapeHtml } from '@docsgen/util/escape-html';
import { serializeJsonForScript } from '../serialize-json-for-script.js';
import { renderInlineMarkdown } from './inline-markdown.js';
import { closeIcon } from './ui-icons.js';

/** docs.json `banner` as written (SPEC banner; `critical` and `color` from COMPAT 1.1). */
export interface BannerConfig {
  /** MDX-flavoured body: links, bold, italic, inline code. */
  content?: string | null | undefined;
  /** The reader can close the banner (default: `false`). */
  dismissible?: boolean | null | undefined;
  /** Stable id; the dismissal is stored under a key derived from it (default: derived from `content`). */
  id?: string | null | undefined;
  /** Colour tone: `info` (a bar in the brand colour, `colors.dark`), `warning`, `success` or `critical` (default: `info`). */
  type?: string | null | undefined;
  /** Background colour per mode, `#hex` values (default: the tone's colour). */
  color?: { light?: string | null | undefined; dark?: string | null | undefined } | null | undefined;
}

const tones = new Set(['info', 'warning', 'success', 'critical']);
const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Attribute set on `<html>` before first paint when the reader dismissed the banner. */
export const bannerDismissedAttribute = 'data-dg-banner-dismissed';

/**
 * The localStorage key of a banner's dismissal (SPEC "States and transitions": the key is
 * derived from `banner.id`, so a new id is a key the reader has not stored and the banner
 * shows again). Without an id the key comes from the content, so new content shows again too.
 *
 * @returns
 *   `docsgen:banner:<id>` or `docsgen:banner:content-<hash>`; `undefined` without content.
 */
export function bannerStorageKey(banner: BannerConfig | null | undefined): string | undefined {
  if (!isShown(banner)) return undefined;
  if (typeof banner.id === 'string' && banner.id !== '') return `docsgen:banner:${banner.id}`;
  const hash = createHash('sha256').update(banner.content).digest('hex').slice(0, 16);
  return `docsgen:banner:content-${hash}`;
}

/**
 * The announcement bar above the top navigation, for the layout's `banner` slot: the
 * content in its tone, and a close button when `dismissible`. Closing needs
 * `site-parts.js`; hiding an already dismissed banner before first paint needs
 * `bannerHeadScript` in `<head>`.
 *
 * @returns
 *   HTML, or `''` when there is no banner or its content is empty.
 */
export function renderBanner(banner: BannerConfig | null | undefined): string {
  if (!isShown(banner)) return '';
  const tone = typeof banner.type === 'string' && tones.has(banner.type) ? banner.type : 'info';
  const styles: string[] = [];
  const light = banner.color?.light;
  const dark = banner.color?.dark;
  // A colour given for the bar brings its own text colour.
  if (typeof light === 'string' && hexColor.test(light)) styles.push(`--dg-banner-bg:${light}`, `--dg-banner-fg:${barTextOn(light)}`);
  if (typeof dark === 'string' && hexColor.test(dark)) styles.push(`--dg-banner-bg-dark:${dark}`, `--dg-banner-fg-dark:${barTextOn(dark)}`);
  const dismissible = banner.dismissible === true;
  const key = bannerStorageKey(banner)!;
  const attributes = [
    'class="dg-banner"',
    // The platform's id for the banner (see `layoutIds` in page-document.tsx).
    'id="banner"',
    `data-tone="${tone}"`,
    styles.length > 0 ? `style="${escapeHtml(styles.join(';'))}"` : '',
    dismissible ? `data-dismissible data-banner-key="${escapeHtml(key)}"` : '',
    'role="region"',
    'aria-label="Announcement"',
  ].filter(Boolean);
  return (
    `<div ${attributes.join(' ')}>` +
    `<div class="dg-banner-content">${renderInlineMarkdown(banner.content)}</div>` +
    (dismissible ? `<button type="button" class="dg-banner-close" aria-label="Dismiss announcement">${closeIcon}</button>` : '') +
    '</div>'
  );
}

/**
 * Trusted HTML for the end of `<head>`: a rule hiding the banner while `<html>` carries
 * `data-dg-banner-dismissed`, and an inline script that sets that attribute when the reader
 * dismissed this banner. Both run before the body is parsed, so a dismissed banner never
 * flashes on load.
 *
 * @param config
 *   Anything with a `banner` field (docs.json).
 * @returns
 *   HTML, or `''` when the banner is absent or not dismissible.
 */
export function bannerHeadScript(config: { banner?: BannerConfig | null | undefined } | null | undefined): string {
  const banner = config?.banner;
  if (!isShown(banner) || banner.dismissible !== true) return '';
  const key = serializeJsonForScript(bannerStorageKey(banner));
  const attribute = serializeJsonForScript(bannerDismissedAttribute);
  return (
    `<style>html[${bannerDismissedAttribute}] .dg-banner[data-dismissible]{display:none}</style>` +
    // Storage may be blocked (privacy modes): then the banner simply shows.
    `<script>try{if(localStorage.getItem(${key})!==null)document.documentElement.setAttribute(${attribute},"")}catch(e){}</script>`
  );
}

function isShown(banner: BannerConfig | null | undefined): banner is BannerConfig & { content: string } {
  return typeof banner?.content === 'string' && banner.content.trim() !== '';
}
