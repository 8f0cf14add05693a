import type { DocsgenMessage, ResolvedDocsConfig, SourceLocation } from '@docsgen/config';
import {
  analyticsScripts,
  bannerHeadScript,
  escapeHtml,
  isLastUpdatedOn,
  renderBanner,
  renderContextualMenu,
  renderFooter,
  sitePartAssetTags,
  type RepositoryInfo,
} from '@docsgen/renderer';
import { lastUpdatedTimes, loadRepositoryInfo, pageLastUpdated } from './git.js';
import { assetFolders } from './media-files.js';
import type { PageInfo } from './pages.js';
import { agentServers } from './site-outputs.js';

/** What the layout's slots hold for one page. */
export interface PageChrome {
  banner: string;
  footer: string;
  contextualMenu: string;
  headEnd: string;
  bodyEnd: string;
}

export interface SiteChromeOptions {
  root: string;
  config: ResolvedDocsConfig | undefined;
  /** Finds where a docs.json value was written, for the messages. */
  locate: (path: readonly (string | number)[]) => SourceLocation | undefined;
  /** Every page of the site (the build reads their last-updated times in one go). */
  pages: readonly PageInfo[];
  /** `dev` asks version control per page, so edits show at once; `build` asks once for all pages. */
  mode: 'dev' | 'build';
  siteUrl: string | undefined;
}

/**
 * The parts around every page's content: banner, footer (last-updated date, edit link, link
 * columns, socials), the "Copy page" menu and the analytics scripts, with the site parts'
 * stylesheet and script. Version-control facts are read once per site.
 */
export function createSiteChrome(options: SiteChromeOptions) {
  const config = options.config;
  const analytics = analyticsScripts(config);
  const messages: DocsgenMessage[] = analytics.messages.map(({ path, ...message }) => {
    const place = path ? options.locate(path.split('.')) : undefined;
    return { ...message, file: place?.file, line: place?.line, column: place?.column };
  });
  // The same on every page: made once.
  // `api.mdx.server`: agent-protocol (MCP) servers, advertised on every page as in llms.txt.
  const agentLinks = agentServers(config?.api?.mdx?.server, options.siteUrl?.replace(/\/+$/, '') ?? '').map((url) => `<link rel="mcp-server" href="${escapeHtml(url)}">`);
  const headEnd = [sitePartAssetTags(), bannerHeadScript(config), analytics.head, ...agentLinks].filter(Boolean).join('\n');
  const banner = config ? renderBanner(config.banner) : '';
  const showsLastUpdated = config ? isLastUpdatedOn(config) : false;
  // Asked for now, while the project loads: version control runs in a process of its own.
  const repository: Promise<RepositoryInfo> | undefined = config ? loadRepositoryInfo(options.root) : undefined;
  let times: Promise<Map<string, Date>> | undefined;

  async function lastUpdated(page: PageInfo): Promise<Date | undefined> {
    if (!showsLastUpdated) return undefined;
    if (options.mode === 'dev') return pageLastUpdated(options.root, page.file);
    times ??= lastUpdatedTimes(options.root, options.pages.map((entry) => entry.file));
    return (await times).get(page.file);
  }

  return {
    /** Problems with the analytics settings (warnings). */
    messages,
    /** What git says about the project, for edit links (`{}` outside a repository or without docs.json). */
    repository: async (): Promise<RepositoryInfo> => (await repository) ?? {},
    /** The slots of one page; `page` is `undefined` for the built-in 404 page. */
    async forPage(page: PageInfo | undefined, slug: string, language?: string | undefined): Promise<PageChrome> {
      if (!config) return { banner: '', footer: '', contextualMenu: '', headEnd, bodyEnd: analytics.body };
      return {
        banner,
        footer: page
          ? renderFooter({ config, page: { relativePath: page.relativePath, lastUpdated: await lastUpdated(page) }, repository: await repository, locale: language })
          : '',
        contextualMenu: page ? renderContextualMenu({ config: contextualConfigOf(config, page), slug, siteUrl: options.siteUrl, specHref: publishedSpecOf(page) }) : '',
        headEnd,
        bodyEnd: analytics.body,
      };
    },
  };
}

/** docs.json with the page's own frontmatter `contextual` in place of the site's, when it sets one (as the hosted platform allows). */
function contextualConfigOf(config: ResolvedDocsConfig, page: PageInfo): ResolvedDocsConfig {
  const own = page.frontmatter?.contextual;
  return own && typeof own === 'object' && !Array.isArray(own) ? { ...config, contextual: own as ResolvedDocsConfig['contextual'] } : config;
}

/**
 * Where the spec of an API page can be downloaded, for the menu's `download-spec`: a remote
 * spec's URL, or the path of a spec inside a folder the site publishes as it is (`public/`, …).
 * Other specs are not published, and the entry is not shown.
 */
function publishedSpecOf(page: PageInfo): string | undefined {
  const spec = page.api?.model.spec;
  if (spec === undefined) return undefined;
  if (/^https?:\/\//i.test(spec)) return spec;
  const path = spec.replace(/\\/g, '/').replace(/^\.?\//, '');
  return (assetFolders as readonly string[]).includes(path.split('/')[0] ?? '') && !path.split('/').includes('..') ? `/${path}` : undefined;
}
