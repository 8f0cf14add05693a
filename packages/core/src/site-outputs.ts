import { listNavigationEntries, type DocsgenMessage, type NavAncestor } from '@docsgen/config';
import { isInside } from '@docsgen/util/is-inside';
import { isLastUpdatedOn } from '@docsgen/renderer';
import { agentInstructionsBlock, agentSpecLinks, externalNavigationLinks, inlineText, markdownUrl, withoutAgentInstructions } from './agent-markdown.js';
import { lastUpdatedTimes } from './git.js';
import { lstat, readFile, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PageInfo } from './pages.js';
import type { Site } from './site.js';

// What search engines and AI agents read at the root of a site (SPEC: seo, api `mdx.server`;
// issue 7). One module for the build and the dev server, so both give the same files.

/** The files written at the root of the site for search engines and AI agents, in the order they are made. */
export const siteOutputNames = ['sitemap.xml', 'robots.txt', 'llms.txt', 'llms-full.txt'] as const;

export type SiteOutputName = (typeof siteOutputNames)[number];

export interface SiteOutputOptions {
  /** Absolute `http(s)://` URL of the deployed site; without one there is no sitemap and links are root-relative (default: none). */
  siteUrl?: string | null | undefined;
  /** When each page last changed, by slug, for `<lastmod>` (default: from version control when `footer.lastUpdated` is on, else none). */
  lastUpdated?: ReadonlyMap<string, Date> | null | undefined;
  /** A page's Markdown twin, for llms-full.txt (default: `site.markdown(slug)`). */
  markdown?: ((slug: string) => string | undefined | Promise<string | undefined>) | null | undefined;
  /** Whether the site serves its own MCP server at `/mcp`, which llms.txt then lists first (default: `false`). */
  hasMcp?: boolean | null | undefined;
}

/** One file for search engines or AI agents. */
export interface SiteOutput {
  name: SiteOutputName;
  content: string;
  /** `Content-Type` it is served with: what static hosts send for its extension. */
  contentType: string;
  /** `true` when the project root's own file of that name was used as it is. */
  isOverride: boolean;
}

/** The site fields these outputs read. */
export type SiteOutputSite = Pick<Site, 'root' | 'config' | 'navigation' | 'pages' | 'homeSlug' | 'markdown'> & Partial<Pick<Site, 'api' | 'isIgnored'>>;

/** The site fields llms.txt reads: the project root and API bindings place the specs it links (without them, none). */
export type LlmsSite = Pick<SiteOutputSite, 'config' | 'navigation' | 'pages' | 'homeSlug'> & Partial<Pick<SiteOutputSite, 'root' | 'api'>>;

const source = '@docsgen/core';
/** The `Content-Type` each is served with: what static hosts send for its extension. */
export const siteOutputContentTypes: Readonly<Record<SiteOutputName, string>> = {
  'sitemap.xml': 'application/xml; charset=utf-8',
  'robots.txt': 'text/plain; charset=utf-8',
  'llms.txt': 'text/plain; charset=utf-8',
  'llms-full.txt': 'text/plain; charset=utf-8',
};

/**
 * Slugs of the pages search engines and agents are pointed at, home page first, then in
 * navigation order, then the others by slug. Left out: drafts, `noindex` pages (frontmatter,
 * or a `robots` meta tag from `metadata`, `seo.metatags` or `seo.paths`), pages that are a link
 * elsewhere (`url`), `404`, and `index` when another page is the home page (it is not
 * published). With `seo.indexing: "navigable"` (the default) only the home page and pages the
 * navigation lists and does not hide count, as in the pages' own `robots` meta tag; with
 * `"all"` hidden and unlisted pages count too.
 */
export function listIndexablePages(site: Pick<SiteOutputSite, 'config' | 'navigation' | 'pages' | 'homeSlug'>): string[] {
  const indexAll = site.config?.seo?.indexing === 'all';
  const entries = site.navigation ? listNavigationEntries(site.navigation).filter((entry) => entry.node.kind === 'page') : [];
  const navigable = new Set(entries.filter((entry) => !entry.isHidden).map((entry) => entry.slug));
  const seen = new Set<string>();
  const slugs: string[] = [];
  for (const slug of [site.homeSlug, ...entries.map((entry) => entry.slug), ...site.pages.keys()]) {
    if (slug === undefined || seen.has(slug)) continue;
    seen.add(slug);
    const page = site.pages.get(slug);
    if (!page || page.isDraft || page.isNoindex || page.externalUrl !== undefined || slug === '404') continue;
    if (slug === 'index' && site.homeSlug !== 'index') continue;
    if (/\bnoindex\b/i.test(robotsMeta(site, slug) ?? '')) continue;
    if (indexAll || slug === site.homeSlug || (navigable.has(slug) && !page.isHidden)) slugs.push(slug);
  }
  return slugs;
}

/**
 * `sitemap.xml`: the absolute URL of every indexable page (`listIndexablePages`), with
 * `<lastmod>` for the pages `options.lastUpdated` has a time for.
 *
 * @returns
 *   XML, or `undefined` without a valid `options.siteUrl` (a sitemap needs absolute URLs).
 */
export function sitemapXml(site: Pick<SiteOutputSite, 'config' | 'navigation' | 'pages' | 'homeSlug'>, options?: SiteOutputOptions | null): string | undefined {
  const base = normalizeSiteUrl(options?.siteUrl);
  if (base === undefined) return undefined;
  const slugs = listIndexablePages(site);
  if (slugs.length <= maxSitemapUrls) return urlSet(site, slugs, base, options);
  // Above the protocol's limit: an index of `sitemap-1.xml`, `sitemap-2.xml`, … (`sitemapPart`).
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (let part = 1; part <= Math.ceil(slugs.length / maxSitemapUrls); part += 1) lines.push('  <sitemap>', `    <loc>${escapeXml(`${base}/sitemap-${part}.xml`)}</loc>`, '  </sitemap>');
  return `${lines.join('\n')}\n</sitemapindex>\n`;
}

/** Most URLs one sitemap file may list (the sitemaps protocol's limit); more make `sitemap.xml` an index. */
export const maxSitemapUrls = 50_000;

/**
 * Part `part` (1-based) of a sitemap split because the site has more than `maxSitemapUrls`
 * indexable pages: `sitemap-<part>.xml`, which `sitemapXml`'s index lists. `undefined` when the
 * sitemap is not split, the part does not exist, or there is no site URL.
 */
export function sitemapPart(site: Pick<SiteOutputSite, 'config' | 'navigation' | 'pages' | 'homeSlug'>, part: number, options?: SiteOutputOptions | null): string | undefined {
  const base = normalizeSiteUrl(options?.siteUrl);
  if (base === undefined || !Number.isInteger(part) || part < 1) return undefined;
  const slugs = listIndexablePages(site);
  if (slugs.length <= maxSitemapUrls || (part - 1) * maxSitemapUrls >= slugs.length) return undefined;
  return urlSet(site, slugs.slice((part - 1) * maxSitemapUrls, part * maxSitemapUrls), base, options);
}

function urlSet(site: Pick<SiteOutputSite, 'config' | 'navigation' | 'pages' | 'homeSlug'>, slugs: readonly string[], base: string, options: SiteOutputOptions | null | undefined): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const slug of slugs) {
    const date = options?.lastUpdated?.get(slug);
    lines.push('  <url>', `    <loc>${escapeXml(base + pagePath(site, slug))}</loc>`);
    if (date && !Number.isNaN(date.getTime())) lines.push(`    <lastmod>${date.toISOString().replace(/\.\d{3}Z$/, 'Z')}</lastmod>`);
    lines.push('  </url>');
  }
  return `${lines.join('\n')}\n</urlset>\n`;
}

/**
 * `robots.txt`: every crawler may read everything (`Allow: /`), plus the sitemap's address when
 * there is a site URL. Pages kept out of search engines say so in their own `robots` meta tag,
 * which a crawler can only read when robots.txt lets it fetch the page.
 */
export function robotsTxt(_site: Pick<SiteOutputSite, 'config'>, options?: SiteOutputOptions | null): string {
  const base = normalizeSiteUrl(options?.siteUrl);
  return `User-agent: *\nAllow: /\n${base === undefined ? '' : `\nSitemap: ${base}/sitemap.xml\n`}`;
}

/**
 * `llms.txt` (https://llmstxt.org): the site name as `# Heading`, `description` as a quote,
 * `markdown.instructions` as the `> ## Agent Instructions` block, then a `## Section` per
 * navigation group listing its indexable pages of the default version and language as
 * `- [Title](URL of the Markdown twin): description`, in navigation order; pages outside
 * groups under `## Pages` (or the tab's name), indexable pages the navigation does not list
 * under `## Other pages`; the specs of the listed API pages under `## OpenAPI Specs` and
 * `## AsyncAPI Specs` (`agentSpecLinks`); the navigation's absolute links (tabs, anchors) under
 * `## Optional`; and under `## MCP servers`, the site's own `/mcp` (with `options.hasMcp`) and
 * the `api.mdx.server` URLs.
 */
export function llmsTxt(site: LlmsSite, options?: SiteOutputOptions | null): string {
  const base = normalizeSiteUrl(options?.siteUrl) ?? '';
  const blocks = [...siteHeader(site)];
  const instructions = agentInstructionsBlock(site.config);
  if (instructions !== undefined) blocks.push(instructions);
  const slugs = listIndexablePages(site).filter(defaultVariantFilter(site));
  for (const section of sectionsOf(site, slugs)) {
    const items = section.slugs.map((slug) => {
      const page = site.pages.get(slug) as PageInfo;
      const description = page.description ? `: ${inlineText(page.description)}` : '';
      return `- [${inlineText(page.title)}](${markdownUrl(base + twinPath(slug))})${description}`;
    });
    blocks.push(`## ${inlineText(section.heading)}`, items.join('\n'));
  }
  // The specs of the listed API pages, as the hosted platform lists them.
  const specs = site.root === undefined ? [] : agentSpecLinks({ ...site, root: site.root }, slugs, base);
  for (const [kind, heading] of [['openapi', 'OpenAPI Specs'], ['asyncapi', 'AsyncAPI Specs']] as const) {
    const links = specs.filter((spec) => spec.kind === kind);
    if (links.length > 0) blocks.push(`## ${heading}`, links.map((spec) => `- [${inlineText(spec.label)}](${markdownUrl(spec.url)})`).join('\n'));
  }
  // Absolute links of the navigation (a tab or anchor leading elsewhere), as the platform lists them.
  const external = externalNavigationLinks(site.navigation?.children ?? []);
  if (external.length > 0) blocks.push('## Optional', external.map((link) => `- [${inlineText(link.title)}](${markdownUrl(link.href)})`).join('\n'));
  const servers = [...(options?.hasMcp === true ? [`${base}/mcp`] : []), ...agentServers(site.config?.api?.mdx?.server, base)];
  if (servers.length > 0) {
    blocks.push(
      '## MCP servers',
      'Agent-protocol servers of this documentation: an AI agent that is a Model Context Protocol (MCP) client can connect to these URLs and use the tools they offer instead of reading the pages above one by one.',
      servers.map((url) => `- [${inlineText(url)}](${markdownUrl(url)})`).join('\n'),
    );
  }
  return `${blocks.join('\n\n')}\n`;
}

/**
 * Whether a page is listed in the default version and language (or outside versions and
 * languages, or not listed at all): llms.txt lists those only, as the hosted platform does.
 * The navigation is read once, not once per page.
 */
export function defaultVariantFilter(site: Pick<SiteOutputSite, 'navigation'>): (slug: string) => boolean {
  const model = site.navigation;
  if (!model || (model.versions.length === 0 && model.languages.length === 0)) return () => true;
  const isDefault = (value: string | undefined, fallback: string | undefined) => value === undefined || value === fallback;
  const listed = new Set<string>();
  const inDefault = new Set<string>();
  for (const entry of listNavigationEntries(model)) {
    listed.add(entry.slug);
    if (isDefault(entry.version, model.defaultVersion) && isDefault(entry.language, model.defaultLanguage)) inDefault.add(entry.slug);
  }
  return (slug) => inDefault.has(slug) || !listed.has(slug);
}

/**
 * `llms-full.txt`: the site name and description, the `markdown.instructions` block once, then
 * the Markdown twin of every indexable page (without the block each twin ends with) in the
 * order of `listIndexablePages`, each headed by `Source: <page URL>`.
 */
export async function llmsFullTxt(site: Pick<SiteOutputSite, 'config' | 'navigation' | 'pages' | 'homeSlug' | 'markdown'>, options?: SiteOutputOptions | null): Promise<string> {
  const parts: string[] = [];
  for await (const part of llmsFullParts(site, options)) parts.push(part);
  return parts.join('');
}

/**
 * `llmsFullTxt` in parts, one page's after another, which a build writes as they come: the
 * whole text is as large as every twin together (203 MB for crewAI's 24,667 pages, held twice
 * over while it was joined), and no part of it is needed again. The parts joined are
 * `llmsFullTxt`, byte for byte.
 */
export async function* llmsFullParts(site: Pick<SiteOutputSite, 'config' | 'navigation' | 'pages' | 'homeSlug' | 'markdown'>, options?: SiteOutputOptions | null): AsyncGenerator<string> {
  const base = normalizeSiteUrl(options?.siteUrl) ?? '';
  const markdown = options?.markdown ?? (async (slug: string) => (await site.markdown(slug))?.markdown);
  const blocks = siteHeader(site);
  // The instructions once, at the top, not after every page as each twin has them.
  const instructions = agentInstructionsBlock(site.config);
  if (instructions !== undefined) blocks.push(instructions);
  // Blocks are separated by a blank line; the text ends with a line break.
  let separator = '';
  for (const block of blocks) {
    yield `${separator}${block}`;
    separator = '\n\n';
  }
  for (const slug of listIndexablePages(site)) {
    const written = await markdown(slug);
    const twin = written === undefined ? undefined : withoutAgentInstructions(written, instructions).trim();
    if (!twin) continue;
    yield `${separator}Source: ${base + pagePath(site, slug)}\n\n${twin}`;
    separator = '\n\n';
  }
  yield '\n';
}

/**
 * `llms-full.txt` in parts (`llmsFullParts`), or `undefined` when the project's own file of
 * that name takes its place (`renderSiteOutput` then gives it).
 */
export async function llmsFullOutputParts(site: SiteOutputSite, options?: SiteOutputOptions | null): Promise<AsyncIterable<string> | undefined> {
  // A project file of that name, or a link in its place, is `renderSiteOutput`'s to use or
  // report, unless `.mintignore` leaves it out.
  const isThere = !site.isIgnored?.('llms-full.txt') && (await lstat(join(site.root, 'llms-full.txt')).then(() => true, () => false));
  return isThere ? undefined : llmsFullParts(site, options);
}

/**
 * One output as it is served and written: the project root's own file of that name when there
 * is one (a regular file inside the project), else the generated one.
 *
 * @returns
 *   `output` is `undefined` for `sitemap.xml` without a site URL; `messages` say why
 *   (`sitemap-site-url-missing`), or that a root file linking outside the project is not used
 *   (`build-link-outside`).
 */
export async function renderSiteOutput(
  site: SiteOutputSite,
  name: SiteOutputName,
  options?: SiteOutputOptions | null,
): Promise<{ output: SiteOutput | undefined; messages: DocsgenMessage[] }> {
  const messages: DocsgenMessage[] = [];
  // A project file `.mintignore` leaves out does not take the output's place.
  const override = site.isIgnored?.(name) ? undefined : await readOverride(site.root, name, messages);
  const output = (content: string, isOverride: boolean): SiteOutput => ({ name, content, contentType: siteOutputContentTypes[name], isOverride });
  if (override !== undefined) return { output: output(override, true), messages };
  if (name === 'robots.txt') return { output: output(robotsTxt(site, options), false), messages };
  if (name === 'llms.txt') return { output: output(llmsTxt(site, options), false), messages };
  if (name === 'llms-full.txt') return { output: output(await llmsFullTxt(site, options), false), messages };
  if (normalizeSiteUrl(options?.siteUrl) === undefined) {
    messages.push({
      reason: 'Cannot write `sitemap.xml`: the site URL is not known',
      ruleId: 'sitemap-site-url-missing',
      source,
      fatal: false,
      file: join(site.root, 'docs.json'),
      note: 'A sitemap lists absolute URLs. Set `siteUrl` in docs.json (or pass `--site-url`, or set `DOCSGEN_SITE_URL`); llms.txt links are root-relative until then.',
    });
    return { output: undefined, messages };
  }
  const lastUpdated = options?.lastUpdated ?? (site.config && isLastUpdatedOn(site.config) ? await loadLastUpdated(site) : undefined);
  return { output: output(sitemapXml(site, { ...options, lastUpdated }) as string, false), messages };
}

/** Every output (`siteOutputNames` order) with the messages of all of them. */
export async function renderSiteOutputs(site: SiteOutputSite, options?: SiteOutputOptions | null): Promise<{ outputs: SiteOutput[]; messages: DocsgenMessage[] }> {
  const outputs: SiteOutput[] = [];
  const messages: DocsgenMessage[] = [];
  for (const name of siteOutputNames) {
    const result = await renderSiteOutput(site, name, options);
    if (result.output) outputs.push(result.output);
    messages.push(...result.messages);
  }
  return { outputs, messages };
}

/** `https://host/path` without a trailing `/`, query or fragment; `undefined` unless an http(s) URL without credentials. */
export function normalizeSiteUrl(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') return undefined;
  url.search = '';
  url.hash = '';
  // The URL serializer has percent-encoded spaces, quotes and angle brackets and dropped line breaks.
  return url.href.replace(/\/+$/, '');
}

/** Where a page is served: `/` for the home page, `/a/b` (with `/` after it under `seo.trailingSlash`). */
export function pagePath(site: Pick<SiteOutputSite, 'config' | 'homeSlug'>, slug: string): string {
  if (slug === 'index' || slug === site.homeSlug) return '/';
  return `/${encodeSlug(slug)}${site.config?.seo?.trailingSlash === true ? '/' : ''}`;
}

/** Where a page's Markdown twin is served: `/a/b.md`. */
export function twinPath(slug: string): string {
  return `/${encodeSlug(slug)}.md`;
}

function encodeSlug(slug: string): string {
  return slug.split('/').map(encodeURIComponent).join('/');
}

/** The page's `robots` meta tag: `metadata`, then `seo.metatags`, then the longest matching `seo.paths` folder. */
function robotsMeta(site: Pick<SiteOutputSite, 'config'>, slug: string): string | undefined {
  const seo = site.config?.seo;
  let robots = seo?.metatags?.robots ?? site.config?.metadata?.robots;
  const paths = [...(seo?.paths ?? [])].sort((a, b) => a.path.length - b.path.length);
  for (const entry of paths) {
    const folder = entry.path.replace(/^\/+|\/+$/g, '');
    if ((folder === '' || slug === folder || slug.startsWith(`${folder}/`)) && typeof entry.metatags.robots === 'string') robots = entry.metatags.robots;
  }
  return robots;
}

function siteHeader(site: Pick<SiteOutputSite, 'config'>): string[] {
  const blocks = [`# ${inlineText(site.config?.name ?? 'docsgen')}`];
  if (site.config?.description?.trim()) blocks.push(`> ${inlineText(site.config.description)}`);
  return blocks;
}

/** Sections of llms.txt: the navigation's groups in order, each holding the pages it lists first. */
function sectionsOf(site: Pick<SiteOutputSite, 'navigation' | 'homeSlug'>, slugs: string[]): Array<{ heading: string; slugs: string[] }> {
  const wanted = new Set(slugs);
  const sections = new Map<string, string[]>();
  const placed = new Set<string>();
  const add = (heading: string, slug: string): void => {
    placed.add(slug);
    const list = sections.get(heading);
    if (list) list.push(slug);
    else sections.set(heading, [slug]);
  };
  const listed = site.navigation ? listNavigationEntries(site.navigation).filter((entry) => entry.node.kind === 'page') : [];
  // A home page the navigation does not list still leads the file.
  if (site.homeSlug !== undefined && wanted.has(site.homeSlug) && !listed.some((entry) => entry.slug === site.homeSlug)) add('Pages', site.homeSlug);
  for (const entry of listed) {
    if (wanted.has(entry.slug) && !placed.has(entry.slug)) add(sectionHeading(entry.trail), entry.slug);
  }
  for (const slug of slugs) if (!placed.has(slug)) add('Other pages', slug);
  return [...sections].map(([heading, list]) => ({ heading, slugs: list }));
}

/** `Group › Nested group`; outside groups the innermost tab (or other division), else `Pages`. */
function sectionHeading(trail: NavAncestor[]): string {
  const groups = trail.filter((node) => node.kind === 'group' && node.title.trim() !== '').map((node) => node.title.trim());
  if (groups.length > 0) return groups.join(' › ');
  return trail.findLast((node) => node.title.trim() !== '')?.title.trim() ?? 'Pages';
}


/** `api.mdx.server` as absolute http(s) URLs; a path is taken from the site URL (`base`, `''` for none: paths are then left out). */
export function agentServers(value: string | string[] | undefined, base: string): string[] {
  const urls: string[] = [];
  for (const entry of typeof value === 'string' ? [value] : (value ?? [])) {
    try {
      const url = new URL(entry.trim(), base === '' ? undefined : `${base}/`);
      if (url.protocol === 'http:' || url.protocol === 'https:') urls.push(url.href);
    } catch {
      // Neither an absolute URL nor a path with a site URL to place it: left out.
    }
  }
  return [...new Set(urls)];
}



/** The text of rendered HTML (an attribute value, a heading): the entities escaping writes, decoded. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[name] ?? _);
}

/** Text as XML character data or an attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The project root's own file `name`, when it is a regular file whose real path is inside the project. */
async function readOverride(root: string, name: SiteOutputName, messages: DocsgenMessage[]): Promise<string | undefined> {
  const file = join(root, name);
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    return undefined;
  }
  const realRoot = await realpath(root);
  if (!isInside(realRoot, real)) {
    messages.push({ reason: `Not publishing \`${name}\`: it is a link to a file outside the project`, ruleId: 'build-link-outside', source, fatal: false, file, note: `The generated \`${name}\` is used instead.` });
    return undefined;
  }
  if (!(await stat(real)).isFile()) return undefined;
  return readFile(real, 'utf8');
}

/** When each indexable page's file last changed (one git log for all of them), by slug. */
async function loadLastUpdated(site: Pick<SiteOutputSite, 'root' | 'config' | 'navigation' | 'pages' | 'homeSlug'>): Promise<Map<string, Date>> {
  const pages = listIndexablePages(site).map((slug) => site.pages.get(slug) as PageInfo);
  const times = await lastUpdatedTimes(site.root, pages.map((page) => page.file));
  const bySlug = new Map<string, Date>();
  for (const page of pages) {
    const time = times.get(page.file);
    if (time) bySlug.set(page.slug, time);
  }
  return bySlug;
}
