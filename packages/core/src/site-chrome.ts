import type { DocsgenMessage, ResolvedDocsConfig, SourceLocation } from '@docsgen/config';
import {
  analyticsScripts,
  bannerHeadScript,
  escapeHtml,
  isLastUpdatedOn,
  renderBanner,
  renderContextualMenu,
  renderFooter,
  serializeJsonForScript,
  sitePartAssetTags,
  type RepositoryInfo,
} from '@docsgen/renderer';
import { fragmentRedirects } from './adapter-rules.js';
import { lastUpdatedTimes, loadRepositoryInfo, pageLastUpdated } from './git.js';
import type { PageInfo } from './pages.js';
import type { SiteLoadCache } from './site-load-cache.js';
import { contextualConfigOf, specDownloadHref } from './spec-downloads.js';
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
  /** What earlier loads of the project read: the repository's facts are asked once (default: none, asked now). */
  loadCache?: SiteLoadCache | undefined;
  siteUrl: string | undefined;
  /** The site serves its own MCP server at `/mcp` (`ResolvedSiteOptions.hasMcp`). */
  hasMcp: boolean;
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
  // The MCP servers llms.txt lists, advertised on every page: the site's own `/mcp` where it is
  // served (root-relative without a site URL), then `api.mdx.server`'s.
  const agentLinks = mcpServerLinks(config, options.siteUrl, options.hasMcp).map((url) => `<link rel="mcp-server" href="${escapeHtml(url)}">`);
  const headEnd = [sitePartAssetTags(), bannerHeadScript(config), analytics.head, ...agentLinks].filter(Boolean).join('\n');
  const fragments = fragmentRedirects(config?.redirects ?? []);
  /** `headEnd` with the script of the fragment redirects on this page's path (all of them on the 404 page). */
  const headEndOf = (page: PageInfo | undefined, slug: string): string => {
    const path = slug === 'index' ? '/' : `/${slug}`;
    const rules = page ? (fragments.has(path) ? new Map([[path, fragments.get(path)!]]) : undefined) : fragments;
    return rules && rules.size > 0 ? `${headEnd}\n${fragmentRedirectScript(rules)}` : headEnd;
  };
  const banner = config ? renderBanner(config.banner) : '';
  const showsLastUpdated = config ? isLastUpdatedOn(config) : false;
  // Asked for now, while the project loads: version control runs in a process of its own.
  const repository: Promise<RepositoryInfo> | undefined = config ? (options.loadCache?.repository(options.root, loadRepositoryInfo) ?? loadRepositoryInfo(options.root)) : undefined;
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
        contextualMenu: page ? renderContextualMenu({ config: contextualConfigOf(config, page), slug, siteUrl: options.siteUrl, specHref: specDownloadHref(options.root, config, page), language }) : '',
        headEnd: headEndOf(page, slug),
        bodyEnd: analytics.body,
      };
    },
  };
}

/**
 * Sends the reader from `/old#section` to the destination docs.json gives for it, as soon as
 * the page loads and when the fragment changes: hosts never see the fragment of a request, so
 * only the page can (`fragmentRedirects`). The destinations passed the redirect checks. The
 * script has no backslash, so the template literal holds it as it runs.
 */
function fragmentRedirectScript(rules: ReadonlyMap<string, Record<string, string>>): string {
  const map = serializeJsonForScript(Object.fromEntries(rules));
  return `<script>(function(){var r=${map};var p=location.pathname;if(p.slice(-5)==='.html')p=p.slice(0,-5);while(p.length>1&&p.charAt(p.length-1)==='/')p=p.slice(0,-1);try{p=decodeURI(p)}catch(e){}var f=Object.prototype.hasOwnProperty.call(r,p)?r[p]:null;if(!f)return;function go(){var h=location.hash.slice(1);try{h=decodeURIComponent(h)}catch(e){}if(Object.prototype.hasOwnProperty.call(f,h)){window.dgRedirected=1;location.replace(f[h])}}go();addEventListener('hashchange',go)})();</script>`;
}


/** The MCP server URLs of every page's head: the site's own `/mcp` when it serves one, then `api.mdx.server`'s, each once. */
export function mcpServerLinks(config: Pick<ResolvedDocsConfig, 'api'> | undefined, siteUrl: string | undefined, hasMcp: boolean): string[] {
  const base = siteUrl?.replace(/\/+$/, '') ?? '';
  return [...new Set([...(hasMcp ? [`${base}/mcp`] : []), ...agentServers(config?.api?.mdx?.server, base)])];
}
