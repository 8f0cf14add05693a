import type { ChangelogEntry } from '@docsgen/mdx-transforms';
import { slugify } from '@docsgen/renderer';
import type { Root as HastRoot } from 'hast';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import type { Nodes as MdastNodes, Root as MdastRoot, RootContent } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import type { PageInfo } from './pages.js';
import { escapeXml, normalizeSiteUrl, pagePath } from './site-outputs.js';
import type { Site } from './site.js';

// A page's changelog as an RSS 2.0 feed (`/<page>/rss.xml`), made from its `<Update>` entries
// (`remarkChangelog`). One module for the build and the dev server, so both give the same file.

/** The feed's file in the output, from its root: `changelog/rss.xml`; `rss.xml` for the home page. */
export function feedPath(site: Pick<Site, 'homeSlug'>, slug: string): string {
  return slug === 'index' || slug === site.homeSlug ? 'rss.xml' : `${slug}/rss.xml`;
}

/** The feed's address from the site's root, percent-encoded: `/changelog/rss.xml`. */
export function feedHref(site: Pick<Site, 'homeSlug'>, slug: string): string {
  return `/${feedPath(site, slug).split('/').map(encodeURIComponent).join('/')}`;
}

// Generated pages and links elsewhere have no body to hold entries; `rss: false` turns a feed off.
function canHaveFeed(page: PageInfo): boolean {
  return page.api === undefined && page.externalUrl === undefined && page.frontmatter.rss !== false;
}

/**
 * Whether a page may have a feed, from what the site knows before compiling it: frontmatter
 * `rss: true`, or `<Update` in its text, unless frontmatter `rss: false`. Pages generated from
 * API specs and pages that are a link elsewhere never have one.
 */
export function mayHaveFeed(page: PageInfo): boolean {
  return canHaveFeed(page) && (page.frontmatter.rss === true || page.hasUpdates === true);
}

/**
 * Whether a compiled page has a feed: it has `<Update>` entries or asks for one
 * (`rss: true`), and does not turn it off (`rss: false`).
 */
export function hasFeed(page: PageInfo, entries: readonly ChangelogEntry[]): boolean {
  return canHaveFeed(page) && (entries.length > 0 || page.frontmatter.rss === true);
}

export interface ChangelogFeedInput {
  site: Pick<Site, 'config' | 'homeSlug'>;
  page: PageInfo;
  entries: readonly ChangelogEntry[];
  /** Absolute `http(s)://` URL of the site (a feed's links must be absolute). */
  siteUrl: string;
}

/**
 * The page's RSS 2.0 feed: the channel is the page (its title with the site's name, its
 * address and description), each `<Update>` an item, in the page's order. An item's title is
 * `rss.title`, else the label; its link and guid are the entry's anchor on the page; its
 * description is `rss.description`, else the entry's Markdown as HTML (components, code blocks,
 * raw HTML, math and JavaScript left out; links made absolute; sanitised to GitHub's rules
 * with http(s) and mailto links only); its categories are the tags. `pubDate` is given when the
 * label (or else the description) is a date: `2025-03-14`, `March 14, 2025`, `14 March 2025`
 * or `March 2025` (English month names, full or short), read as midnight UTC.
 *
 * @returns
 *   The XML, or `undefined` when `siteUrl` is not an absolute http(s) URL.
 */
export function changelogFeed(input: ChangelogFeedInput): string | undefined {
  const base = normalizeSiteUrl(input.siteUrl);
  if (base === undefined) return undefined;
  const { page, site } = input;
  const pageUrl = base + pagePath(site, page.slug);
  const siteName = site.config?.name ?? 'docsgen';
  const title = page.title && page.title !== siteName ? `${page.title} - ${siteName}` : siteName;
  const description = page.description ?? site.config?.description ?? title;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${escapeXml(pageUrl)}</link>`,
    `    <description>${escapeXml(description)}</description>`,
    `    <atom:link href="${escapeXml(base + feedHref(site, page.slug))}" rel="self" type="application/rss+xml"/>`,
    '    <generator>docsgen</generator>',
  ];
  for (const entry of input.entries) {
    const id = entry.id ?? slugify(entry.label);
    const link = id === '' ? pageUrl : `${pageUrl}#${encodeURIComponent(id)}`;
    const date = dateOf(entry.label) ?? (entry.description === undefined ? undefined : dateOf(entry.description));
    const html = entry.rss?.description === undefined ? contentHtml(entry.content, base, pageUrl) : `<p>${escapeXml(entry.rss.description)}</p>`;
    lines.push(
      '    <item>',
      `      <title>${escapeXml(entry.rss?.title ?? (entry.label || entry.description || page.title))}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      ...(date ? [`      <pubDate>${date.toUTCString()}</pubDate>`] : []),
      ...entry.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      ...(html === '' ? [] : [`      <description>${escapeXml(html)}</description>`]),
      '    </item>',
    );
  }
  lines.push('  </channel>', '</rss>');
  return `${lines.join('\n')}\n`;
}

// GitHub's rules (what rehype-sanitize uses by default), with links to http(s) and mailto only.
const schema: Schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto'], src: ['http', 'https'] },
};

/** The entry's Markdown as HTML for a feed reader, its links and images absolute against the page. */
function contentHtml(content: readonly RootContent[], base: string, pageUrl: string): string {
  const tree: MdastRoot = { type: 'root', children: structuredClone([...content]) };
  const visit = (node: MdastNodes): void => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') node.url = absoluteUrl(node.url, base, pageUrl);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return toHtml(sanitize(toHast(tree) as HastRoot, schema)).trim();
}

// A path from the root is from the site's root, which may be a folder of its host (`https://acme.dev/docs`).
function absoluteUrl(url: string, base: string, pageUrl: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return base + url;
  try {
    return new URL(url, pageUrl).href;
  } catch {
    return url;
  }
}

const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A date written in one of the forms `changelogFeed` documents, else `undefined`. */
export function dateOf(text: string): Date | undefined {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return utcDate(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const month = (name: string): number => months.findIndex((full) => full === name.toLowerCase() || (name.length >= 3 && full.startsWith(name.toLowerCase().replace(/\.$/, ''))));
  const monthFirst = /^([A-Za-z]+\.?)\s+(?:(\d{1,2})(?:st|nd|rd|th)?,?\s+)?(\d{4})$/.exec(value);
  if (monthFirst) return utcDate(Number(monthFirst[3]), month(monthFirst[1]!), monthFirst[2] === undefined ? 1 : Number(monthFirst[2]));
  const dayFirst = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+\.?),?\s+(\d{4})$/.exec(value);
  if (dayFirst) return utcDate(Number(dayFirst[3]), month(dayFirst[2]!), Number(dayFirst[1]));
  return undefined;
}

function utcDate(year: number, month: number, day: number): Date | undefined {
  if (month < 0 || month > 11 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month, day));
  // `February 30` is not a date, rather than `March 2`.
  return date.getUTCMonth() === month && date.getUTCDate() === day ? date : undefined;
}
