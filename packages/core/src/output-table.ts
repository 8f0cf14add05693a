import { resolveProjectPath, type DocsgenMessage } from '@docsgen/config';
import { statSync } from 'node:fs';
import { mayHaveFeed } from './changelog-feed.js';
import type { PageInfo } from './pages.js';
import { llmsFullOutputParts, renderSiteOutput, siteOutputContentTypes, siteOutputNames, sitemapPart, type SiteOutputName } from './site-outputs.js';
import type { Site } from './site.js';
import { agentSkillsIndexJson, loadSiteSkills, skillsIndexJson, type SiteSkills } from './skill-md.js';
import { publishedSpecFiles } from './spec-downloads.js';
import { mcpSnapshot, mcpSnapshotPath, siteMcpServerCard } from './mcp-source.js';
import { mcpRoute } from './mcp-functions.js';
import { tailwindCssOf, tailwindCssPath, type TailwindCss } from './tailwind-css.js';
import { withProjectScripts } from './class-candidates.js';

// The files a site derives from its pages and config, each described once: its path pattern,
// its producer, its content type and how long a copy may be kept. The build writes every path
// the table lists; the dev server and `preview` answer a request through the entry whose
// pattern it matches. So the two give the same bytes by construction, and a new output is one
// entry here. Pages, their Markdown twins, docsgen's assets and the search index are written
// by their own parts of the build (page scheduler, asset publisher, search index).

/** What a producer is given besides the site. */
export interface OutputContext {
  /**
   * Absolute URL of the site, for links and `<loc>`s: the site's own, else (in dev) the
   * server's origin; `undefined` when neither is known.
   */
  siteUrl: string | undefined;
  /** When each page last changed, by slug, for sitemaps (default: read from version control when `footer.lastUpdated` is on). */
  lastUpdated?: ReadonlyMap<string, Date> | undefined;
  /** A page's Markdown twin, for llms-full.txt (default: `site.markdown(slug)`). */
  markdown?: ((slug: string) => string | undefined | Promise<string | undefined>) | undefined;
  /** The class names of the pages the build wrote, for the Tailwind stylesheet (default: `site.classCandidates()`, all pages to list). */
  classCandidates?: Iterable<string> | undefined;
  /** Social cards drawn already, by slug: their hashes, and their PNG bytes by hash (default: planned and drawn by the site). */
  cards?: { hashes: ReadonlyMap<string, string>; read(hash: string): Uint8Array } | undefined;
  /** Whether the site's MCP endpoint is served: `false` for an adapter without functions (default: `true`). */
  hasMcp?: boolean | undefined;
}

/** One output as produced: its bytes, or a project file to send as it is (the favicon). */
export type OutputBody = { content: string | Uint8Array; contentType: string; etag?: string | undefined } | { file: string };

/** What a producer gives: the output (none, for example, without a site URL) and why not. */
export interface ProducedOutput {
  body: OutputBody | undefined;
  messages: DocsgenMessage[];
}

/** One kind of output. */
export interface OutputKind {
  /** Kebab-case name of the kind (`social-card`). */
  name: string;
  /** Its path in the output, with placeholders (`og/<slug>.png`): documentation, not parsed. */
  pattern: string;
  /** `Content-Type` it is served with; `file` when it is the file's own (by extension). */
  contentType: string;
  /**
   * How a server may keep a copy: `revalidate` (`Cache-Control: no-cache`, the content can
   * change with any edit), `etag` (no-cache, with an `ETag` of the inputs' hash).
   */
  cachePolicy: 'revalidate' | 'etag';
  /**
   * What a request matching the pattern gets when the producer has nothing: `not-found` (a
   * plain 404) or `pages` (the request goes on to the pages, which may have one of that name).
   */
  whenMissing: 'not-found' | 'pages';
  /**
   * Whether the output takes the place of a project file at the same path (`true`: it is
   * written after the project's files and answered before them; `false`: a project file wins).
   */
  isOverProjectFiles: boolean;
  /**
   * The URL path of the endpoint this output feeds (`/mcp`), if any: the dev server answers it
   * from the live site, `preview` and the adapters' functions from the output.
   */
  route?: string | undefined;
  /** Whether a request path (decoded, from the root, without the leading `/`) names an output of this kind. */
  matches(path: string): boolean;
  /** The paths the build writes, in order. */
  list(site: Site, context: OutputContext): Promise<string[]>;
  /** The output at `path` (one `list` gives or `matches` accepts). */
  produce(site: Site, path: string, context: OutputContext): Promise<ProducedOutput>;
  /**
   * The output at `path` as text in parts, which a build writes one after another instead of
   * holding it whole (`produce` joined: the same bytes); `undefined` when `produce` is to be
   * used (the kind has no parts, or a project file takes the output's place).
   */
  parts?(site: Site, path: string, context: OutputContext): Promise<AsyncIterable<string> | undefined>;
}

const source = '@docsgen/core';
const xmlType = siteOutputContentTypes['sitemap.xml'];
const rssType = 'application/rss+xml; charset=utf-8';
const sitemapPartPattern = /^sitemap-([1-9]\d{0,5})\.xml$/;
const feedPattern = /^(?:(.+)\/)?rss\.xml$/;
const cardPattern = /^og\/(.+)\.png$/;

/** The favicon `favicon` names in docs.json (its light one), when it is a regular file inside the project. */
export function faviconFile(site: Pick<Site, 'root' | 'config'>): string | undefined {
  const name = site.config?.favicon?.light;
  if (!name) return undefined;
  // `/favicon.svg` names a file at the project root, as on the site.
  const resolved = resolveProjectPath(site.root, name.replace(/^\/+/, ''));
  if (!resolved.ok) return undefined;
  try {
    return statSync(resolved.real).isFile() ? resolved.real : undefined;
  } catch {
    return undefined;
  }
}

const favicon: OutputKind = {
  name: 'favicon',
  pattern: 'favicon.ico',
  contentType: 'file',
  cachePolicy: 'revalidate',
  whenMissing: 'not-found',
  isOverProjectFiles: true,
  matches: (path) => path === 'favicon.ico',
  list: async (site) => (faviconFile(site) ? ['favicon.ico'] : []),
  produce: async (site) => {
    const file = faviconFile(site);
    return { body: file === undefined ? undefined : { file }, messages: [] };
  },
};

const socialCard: OutputKind = {
  name: 'social-card',
  pattern: 'og/<slug>.png',
  contentType: 'image/png',
  cachePolicy: 'etag',
  whenMissing: 'not-found',
  isOverProjectFiles: false,
  matches: (path) => cardPattern.test(path),
  list: async (site, context) => {
    if (context.cards) return [...context.cards.hashes.keys()].map((slug) => `og/${slug}.png`);
    const paths: string[] = [];
    for (const slug of publishedSlugs(site)) if (await site.cardPlan(slug, { origin: context.siteUrl })) paths.push(`og/${slug}.png`);
    return paths;
  },
  // Drawn, not read from disk; the site keeps each in memory while unchanged.
  produce: async (site, path, context) => {
    const slug = cardPattern.exec(path)?.[1] ?? '';
    const hash = context.cards?.hashes.get(slug);
    const drawn = context.cards ? hash && { png: context.cards.read(hash), hash, messages: [] } : await site.card(slug, { origin: context.siteUrl });
    return drawn ? { body: { content: drawn.png, contentType: 'image/png', etag: `"${drawn.hash.slice(0, 32)}"` }, messages: drawn.messages } : { body: undefined, messages: [] };
  },
};

/** sitemap.xml, robots.txt, llms.txt, llms-full.txt: one entry each (`renderSiteOutput`). */
const rootOutputs: OutputKind[] = siteOutputNames.map((name) => ({
  name: name.replace(/\.(xml|txt)$/, '').replace(/[^a-z]+/g, '-'),
  pattern: name,
  contentType: siteOutputContentTypes[name],
  cachePolicy: 'revalidate',
  whenMissing: 'pages',
  isOverProjectFiles: true,
  matches: (path) => path === name,
  list: async () => [name],
  produce: async (site, _path, context) => {
    // llms.txt lists the site's MCP server wherever it is served.
    const rendered = await renderSiteOutput(site, name as SiteOutputName, { ...context, hasMcp: context.hasMcp !== false });
    const output = rendered.output;
    return { body: output && { content: output.content, contentType: output.contentType }, messages: rendered.messages };
  },
  // Every page's twin: written as it is read.
  ...(name === 'llms-full.txt' ? { parts: (site: Site, _path: string, context: OutputContext) => llmsFullOutputParts(site, context) } : {}),
}));

const sitemapParts: OutputKind = {
  name: 'sitemap-part',
  pattern: 'sitemap-<n>.xml',
  contentType: xmlType,
  cachePolicy: 'revalidate',
  whenMissing: 'pages',
  isOverProjectFiles: true,
  matches: (path) => sitemapPartPattern.test(path),
  // More pages than one sitemap may list: sitemap.xml is an index of numbered parts (none when
  // the project's own sitemap.xml is used).
  list: async (site, context) => {
    const paths: string[] = [];
    const sitemap = await renderSiteOutput(site, 'sitemap.xml', context);
    if (!sitemap.output || sitemap.output.isOverride || !sitemap.output.content.includes('<sitemapindex')) return paths;
    for (let part = 1; sitemapPart(site, part, context) !== undefined; part += 1) paths.push(`sitemap-${part}.xml`);
    return paths;
  },
  produce: async (site, path, context) => {
    const xml = sitemapPart(site, Number(sitemapPartPattern.exec(path)?.[1]), context);
    return { body: xml === undefined ? undefined : { content: xml, contentType: xmlType }, messages: [] };
  },
};

const changelogFeeds: OutputKind = {
  name: 'changelog-feed',
  pattern: '<slug>/rss.xml, rss.xml for the home page',
  contentType: rssType,
  cachePolicy: 'revalidate',
  whenMissing: 'pages',
  isOverProjectFiles: true,
  matches: (path) => feedPattern.test(path),
  // For pages with `<Update>` entries (found in the text first, so other pages are not compiled
  // again here). The home page's is `rss.xml`, and `<slug>/rss.xml` too.
  list: async (site) => {
    const paths: string[] = [];
    for (const slug of publishedSlugs(site)) {
      if (!mayHaveFeed(site.pages.get(slug) as PageInfo)) continue;
      const feed = await site.feed(slug);
      if (!feed) continue;
      paths.push(feed.path);
      // Once: a feed without a site URL is reported once.
      if (feed.path === 'rss.xml' && slug !== 'index' && feed.xml !== undefined) paths.push(`${slug}/rss.xml`);
    }
    return paths;
  },
  produce: async (site, path, context) => {
    const slug = feedPattern.exec(path)?.[1] ?? site.homeSlug ?? 'index';
    const feed = await site.feed(slug, { origin: context.siteUrl });
    if (!feed) return { body: undefined, messages: [] };
    if (feed.xml !== undefined) return { body: { content: feed.xml, contentType: rssType }, messages: [] };
    const page = site.pages.get(slug) as PageInfo;
    return {
      body: undefined,
      messages: [{
        reason: `Cannot write the RSS feed of \`${page.relativePath}\`: the site URL is not known`,
        ruleId: 'rss-site-url-missing',
        source,
        fatal: false,
        file: page.file,
        note: 'A feed links its entries with absolute URLs. Set `siteUrl` in docs.json (or pass `--site-url`, or set `DOCSGEN_SITE_URL`), or turn the feed off with `rss: false` in the page\'s frontmatter.',
      }],
    };
  },
};

/** The local specs the Copy page menu's `download-spec` entry links to (`spec-downloads.ts`), as written. */
const specDownloads: OutputKind = {
  name: 'spec-download',
  pattern: '<spec path> (openapi.json, api/v2.yaml), when a page offers download-spec',
  contentType: 'file',
  cachePolicy: 'revalidate',
  whenMissing: 'pages',
  isOverProjectFiles: true,
  matches: (path) => /\.(?:json|ya?ml)$/i.test(path) && !path.startsWith('_docsgen/'),
  list: async (site) => [...publishedSpecFiles(site.root, site.config, site.pages.values()).keys()],
  produce: async (site, path) => {
    const file = publishedSpecFiles(site.root, site.config, site.pages.values()).get(path);
    return { body: file === undefined ? undefined : { file }, messages: [] };
  },
};

const markdownType = 'text/markdown; charset=utf-8';
const jsonType = 'application/json; charset=utf-8';
const skillIndexPaths = ['.well-known/skills/index.json', '.well-known/agent-skills/index.json'];
const skillFilePattern = /^\.well-known\/(skills|agent-skills)\/([a-z0-9]+(?:-[a-z0-9]+)*)\/SKILL\.md$/;
// The site's skills, worked out once per context and site: a build writes `skill.md`, both
// discovery indexes and each skill's files from one context (six calls of `loadSiteSkills`,
// which lists every indexable page: 40-70 ms of a build, a twentieth of a rebuild after one
// page changed); a dev server makes a context per request, so an edit is always seen.
const skillsByContext = new WeakMap<OutputContext, { site: Site; skills: Promise<SiteSkills> }>();

function siteSkillsOf(site: Site, context: OutputContext): Promise<SiteSkills> {
  const kept = skillsByContext.get(context);
  if (kept?.site === site) return kept.skills;
  // The generated skill names the site's own `/mcp` where one is served, as llms.txt does.
  const skills = loadSiteSkills(site, { siteUrl: context.siteUrl, hasMcp: context.hasMcp !== false });
  skillsByContext.set(context, { site, skills });
  return skills;
}

/** `skill.md`: the project's root file, else generated from the site (`loadSiteSkills`). */
const skillMd: OutputKind = {
  name: 'skill-md',
  pattern: 'skill.md',
  contentType: markdownType,
  cachePolicy: 'revalidate',
  whenMissing: 'not-found',
  isOverProjectFiles: true,
  matches: (path) => path === 'skill.md',
  list: async () => ['skill.md'],
  produce: async (site, _path, context) => {
    const skills = await siteSkillsOf(site, context);
    return { body: { content: skills.skillMd, contentType: markdownType }, messages: skills.messages };
  },
};

/** The skills discovery indexes: `.well-known/skills/index.json` and the agent-skills 0.2.0 one. */
const skillIndexes: OutputKind = {
  name: 'skills-index',
  pattern: '.well-known/skills/index.json, .well-known/agent-skills/index.json',
  contentType: jsonType,
  cachePolicy: 'revalidate',
  whenMissing: 'not-found',
  isOverProjectFiles: true,
  matches: (path) => skillIndexPaths.includes(path),
  list: async () => skillIndexPaths,
  // Its messages are `skill.md`'s too: reported there, once.
  produce: async (site, path, context) => {
    const { skills } = await siteSkillsOf(site, context);
    return { body: { content: path === skillIndexPaths[0] ? skillsIndexJson(skills) : agentSkillsIndexJson(skills), contentType: jsonType }, messages: [] };
  },
};

/** Each listed skill's file, under both discovery folders. The name in the path is only looked up, never used to read a file. */
const skillFiles: OutputKind = {
  name: 'skill-file',
  pattern: '.well-known/skills/<name>/SKILL.md, .well-known/agent-skills/<name>/SKILL.md',
  contentType: markdownType,
  cachePolicy: 'revalidate',
  whenMissing: 'not-found',
  isOverProjectFiles: true,
  matches: (path) => skillFilePattern.test(path),
  list: async (site, context) => {
    const { skills } = await siteSkillsOf(site, context);
    return ['skills', 'agent-skills'].flatMap((folder) => skills.map((skill) => `.well-known/${folder}/${skill.name}/SKILL.md`));
  },
  produce: async (site, path, context) => {
    const name = skillFilePattern.exec(path)?.[2];
    const skill = (await siteSkillsOf(site, context)).skills.find((entry) => entry.name === name);
    return { body: skill && { content: skill.content, contentType: markdownType }, messages: [] };
  },
};

/** `.well-known/mcp`: where agents find the site's MCP server (issue 26), when one is served. */
const mcpCard: OutputKind = {
  name: 'mcp-card',
  pattern: '.well-known/mcp',
  contentType: 'application/json; charset=utf-8',
  cachePolicy: 'revalidate',
  whenMissing: 'not-found',
  isOverProjectFiles: true,
  matches: (path) => path === '.well-known/mcp',
  list: async (_site, context) => (context.hasMcp === false ? [] : ['.well-known/mcp']),
  produce: async (site, _path, context) => ({
    body: context.hasMcp === false ? undefined : { content: await siteMcpServerCard(site, context.siteUrl), contentType: 'application/json; charset=utf-8' },
    messages: [],
  }),
};

/**
 * The MCP endpoint, `/mcp` (issue 26): its data, the pages an agent may read with their
 * Markdown. `docsgen preview` answers `/mcp` from it and the adapters' functions bundle it;
 * the dev server answers `/mcp` from the live site, which gives the same data.
 */
const mcpEndpoint: OutputKind = {
  name: 'mcp',
  pattern: `${mcpSnapshotPath} (the data ${mcpRoute} answers from)`,
  contentType: 'application/json; charset=utf-8',
  cachePolicy: 'revalidate',
  whenMissing: 'not-found',
  isOverProjectFiles: true,
  route: mcpRoute,
  matches: (path) => path === mcpSnapshotPath,
  list: async (_site, context) => (context.hasMcp === false ? [] : [mcpSnapshotPath]),
  produce: async (site, _path, context) => ({
    body: context.hasMcp === false ? undefined : { content: `${JSON.stringify(await mcpSnapshot(site, context))}\n`, contentType: 'application/json; charset=utf-8' },
    messages: [],
  }),
};

/**
 * The site's Tailwind CSS (`tailwind-css.ts`): the utilities among the class names of every
 * page, made by Tailwind. Linked from the pages that have class names; none when no class
 * name is a utility.
 */
const tailwindCss: OutputKind = {
  name: 'tailwind-css',
  pattern: tailwindCssPath,
  contentType: 'text/css; charset=utf-8',
  cachePolicy: 'revalidate',
  whenMissing: 'not-found',
  isOverProjectFiles: true,
  matches: (path) => path === tailwindCssPath,
  // Listing is for the whole site: every page compiled. A dev server answers from the pages
  // compiled so far, the page asking among them (the site's pages all are once it has made its
  // search index).
  list: async (site, context) => ((await stylesheetOf(site, context, true)).css === '' ? [] : [tailwindCssPath]),
  produce: async (site, _path, context) => {
    const { css, messages } = await stylesheetOf(site, context, false);
    return { body: css === '' ? undefined : { content: css, contentType: 'text/css; charset=utf-8' }, messages };
  },
};

async function stylesheetOf(site: Site, context: OutputContext, all: boolean): Promise<TailwindCss> {
  return tailwindCssOf(withProjectScripts(context.classCandidates ?? (await site.classCandidates({ all })), site.root, site.projectFiles));
}

/**
 * Every output the site derives, in the order the build writes them (a later one replaces an
 * earlier one at the same path).
 */
export const outputTable: readonly OutputKind[] = [socialCard, favicon, ...rootOutputs, sitemapParts, changelogFeeds, skillMd, skillIndexes, skillFiles, specDownloads, mcpCard, mcpEndpoint, tailwindCss];

/** The entry whose pattern `path` (decoded, from the root, without the leading `/`) matches, if any. */
export function findOutputKind(path: string): OutputKind | undefined {
  return outputTable.find((kind) => kind.matches(path));
}

/** The pages a build publishes: neither drafts nor the 404 page. */
function publishedSlugs(site: Site): string[] {
  return [...site.pages.values()].filter((page) => !page.isDraft && page.slug !== '404').map((page) => page.slug);
}
