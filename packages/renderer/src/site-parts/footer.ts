import { escapeHtml } from '@docsgen/util/escape-html';
import { isExternalHref, sanitizeHref } from '../safe-url.js';
import { resolveEditUrl, type RepositoryInfo } from './edit-url.js';
import { resolveIcon } from '../icons.js';
import { socialIcon } from './social-icons.js';
import { pencilIcon } from './ui-icons.js';
import { languageTag, uiStrings, type UiStrings } from '../i18n/ui-strings.js';

/** docs.json `footer` as written (SPEC footer). */
export interface FooterConfig {
  /** Social network key (`github`, `x`, …) to profile URL. */
  socials?: Record<string, string | null | undefined> | null | undefined;
  /** Link columns, each with an optional header. */
  links?: readonly FooterColumn[] | null | undefined;
  /** Show the page's last-updated date (default: `false`). */
  lastUpdated?: boolean | null | undefined;
  /** Edit-page URL template; `{path}` becomes the page file's path. */
  editUrl?: string | null | undefined;
  /** Repository URL that derives the edit link when `editUrl` is unset. */
  repo?: string | null | undefined;
}

export interface FooterColumn {
  header?: string | null | undefined;
  items?: readonly FooterLink[] | null | undefined;
}

export interface FooterLink {
  label?: string | null | undefined;
  href?: string | null | undefined;
  /** Icon name in the `icons.library` library, inlined as SVG (unknown names show no icon). */
  icon?: string | { name?: string | null | undefined } | null | undefined;
}

export interface RenderFooterInput {
  /** Site configuration: `footer`, and `lastUpdated` / `metadata.timestamp` as resolved by `@docsgen/config`. */
  config: {
    footer?: FooterConfig | null | undefined;
    lastUpdated?: boolean | null | undefined;
    metadata?: { timestamp?: unknown } | Record<string, unknown> | null | undefined;
    /** Library of the footer links' named icons (default: Font Awesome). */
    icons?: { library?: string | null | undefined } | null | undefined;
  };
  page: {
    /** The page file, relative to the project root (`guides/setup.mdx`). */
    relativePath: string;
    /** When the page last changed (`lastUpdatedTimes`); shown when `footer.lastUpdated` is on (default: not shown). */
    lastUpdated?: Date | string | number | null | undefined;
  };
  /** The project's git facts (`loadRepositoryInfo`) for the edit link fallback (default: none). */
  repository?: RepositoryInfo | null | undefined;
  /** BCP 47 locale of the date (default: `en`). */
  locale?: string | null | undefined;
}

// COMPAT 1.1 and 6.3: footer links never point at downloads of these kinds, and `//host`
// (protocol-relative) is refused; `sanitizeHref` already turns other schemes into `#`.
const refusedTarget = /\.(?:svg|exe|zip)(?:[?#]|$)/i;

/**
 * The page footer for the layout's `footer` slot: last-updated date and edit link, link
 * columns, social links. Every URL from the config passes the renderer's URL check; a link
 * that fails it is left out.
 *
 * @returns
 *   HTML, or `''` when there is nothing to show.
 */
export function renderFooter(input: RenderFooterInput): string {
  const footer = input.config.footer ?? {};
  const parts: string[] = [];

  const meta: string[] = [];
  const strings = uiStrings(input.locale);
  const date = toDate(input.page.lastUpdated);
  if (date && isLastUpdatedOn(input.config)) {
    const text = formatDate(date, languageTag(input.locale ?? 'en'));
    meta.push(`<p class="dg-footer-updated">${escapeHtml(strings.lastUpdated)} <time datetime="${escapeHtml(date.toISOString())}">${escapeHtml(text)}</time></p>`);
  }
  const editUrl = safeHref(
    resolveEditUrl({ editUrl: footer.editUrl, repo: footer.repo, relativePath: input.page.relativePath, repository: input.repository }),
  );
  if (editUrl) {
    meta.push(`<a class="dg-footer-edit" href="${escapeHtml(editUrl)}" rel="noopener noreferrer">${pencilIcon}<span>${escapeHtml(strings.editPage)}</span></a>`);
  }
  if (meta.length > 0) parts.push(`<div class="dg-footer-meta">${meta.join('')}</div>`);
  const links = siteLinks(footer, input.config.icons?.library, strings);
  if (links) parts.push(links);

  return parts.length > 0 ? `<footer class="dg-footer" id="footer">${parts.join('')}</footer>` : '';
}

/** The link columns and social links of a footer config, by icon library and labels table. */
const linksByFooter = new WeakMap<FooterConfig, Map<string, string>>();

/** The footer's link columns and social links: the same on every page of a language, made once. */
function siteLinks(footer: FooterConfig, iconLibrary: string | null | undefined, strings: UiStrings): string {
  let byLabels = linksByFooter.get(footer);
  if (!byLabels) linksByFooter.set(footer, (byLabels = new Map()));
  const key = `${iconLibrary ?? ''}\u0000${strings.footer}\u0000${strings.socialLinks}`;
  let html = byLabels.get(key);
  if (html === undefined) byLabels.set(key, (html = renderSiteLinks(footer, iconLibrary, strings)));
  return html;
}

function renderSiteLinks(footer: FooterConfig, iconLibrary: string | null | undefined, strings: UiStrings): string {
  const parts: string[] = [];
  const columns = (Array.isArray(footer.links) ? footer.links : []).map((column) => renderColumn(column, iconLibrary)).filter(Boolean);
  if (columns.length > 0) parts.push(`<nav class="dg-footer-links" aria-label="${escapeHtml(strings.footer)}">${columns.join('')}</nav>`);

  const socials = Object.entries(footer.socials ?? {}).flatMap(([name, url]) => {
    const href = safeHref(url);
    if (!href) return [];
    const icon = socialIcon(name);
    return [`<li><a class="dg-social" data-social="${escapeHtml(name)}" href="${escapeHtml(href)}" aria-label="${escapeHtml(icon.label)}" title="${escapeHtml(icon.label)}" rel="noopener noreferrer">${icon.svg}</a></li>`];
  });
  if (socials.length > 0) parts.push(`<ul class="dg-footer-socials" aria-label="${escapeHtml(strings.socialLinks)}">${socials.join('')}</ul>`);
  return parts.join('');
}

function renderColumn(column: FooterColumn | null | undefined, iconLibrary: string | null | undefined): string {
  const items = (Array.isArray(column?.items) ? column.items : []).flatMap((item: FooterLink | null | undefined) => {
    const href = safeHref(item?.href);
    const label = typeof item?.label === 'string' ? item.label : '';
    if (!href || label === '') return [];
    const iconName = typeof item?.icon === 'string' ? item.icon : item?.icon?.name;
    const icon = (typeof iconName === 'string' && resolveIcon(iconName, { library: iconLibrary })) || '';
    const rel = isExternalHref(href) ? ' rel="noopener noreferrer"' : '';
    return [`<li><a href="${escapeHtml(href)}"${rel}>${icon}${escapeHtml(label)}</a></li>`];
  });
  if (items.length === 0) return '';
  const header = typeof column?.header === 'string' && column.header !== '' ? `<h2 class="dg-footer-heading">${escapeHtml(column.header)}</h2>` : '';
  return `<div class="dg-footer-column">${header}<ul>${items.join('')}</ul></div>`;
}

/** A config URL that passes the renderer's check, or `undefined` (left out). */
function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const href = sanitizeHref(value.trim());
  if (href === undefined || href === '#' || href.startsWith('//') || refusedTarget.test(href)) return undefined;
  return href;
}

/** Whether the footer shows a last-updated date: `lastUpdated`, else `footer.lastUpdated`, else `metadata.timestamp`. */
export function isLastUpdatedOn(config: RenderFooterInput['config']): boolean {
  if (typeof config.lastUpdated === 'boolean') return config.lastUpdated;
  if (typeof config.footer?.lastUpdated === 'boolean') return config.footer.lastUpdated;
  return (config.metadata as { timestamp?: unknown } | null | undefined)?.timestamp === true;
}

function toDate(value: Date | string | number | null | undefined): Date | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Date formats by locale: a format is slow to make, and every page of a language uses the same. */
const dateFormats = new Map<string, Intl.DateTimeFormat | null>();

function formatDate(date: Date, locale: string): string {
  let format = dateFormats.get(locale);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    } catch {
      // An unknown locale tag.
      format = null;
    }
    dateFormats.set(locale, format);
  }
  return format ? format.format(date) : date.toISOString().slice(0, 10);
}
