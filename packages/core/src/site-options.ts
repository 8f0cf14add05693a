import type { ResolvedDocsConfig } from '@docsgen/config';
import type { PluggableList } from 'unified';
import type { SiteLoadCache } from './site-load-cache.js';
import { adapterRunsFunctions } from './adapters.js';
import type { SiteOptions } from './site.js';
import type { UserConfig } from './user-config.js';

/** `SiteOptions` with every default applied and docsgen.config and docs.json merged in. */
export interface ResolvedSiteOptions {
  /** `dev` renders drafts; `build` leaves them out of routes. */
  mode: 'dev' | 'build';
  /** `options.siteUrl`, else `build.siteUrl` of docsgen.config, else docs.json `siteUrl`. */
  siteUrl: string | undefined;
  /** The caller's remark plugins, then docsgen.config's. */
  remarkPlugins: PluggableList;
  /** The caller's rehype plugins, then docsgen.config's. */
  rehypePlugins: PluggableList;
  /** Keep compiled pages and docs.json's parsed result on disk across runs. */
  compileCache: boolean;
  /** Folder of the cached navigation file, or none. */
  navigationCache: string | undefined;
  /** docsgen's search is on: docsgen.config `search` is not `false`. */
  hasSearch: boolean;
  /** What earlier loads of the project read, or none. */
  loadCache: SiteLoadCache | undefined;
  /** The site serves `/mcp`: always in dev; in a build, when `options.adapter`, else docsgen.config's `build.adapter`, runs functions. */
  hasMcp: boolean;
}

/** Where the site's own settings come from, once the project is loaded. */
export interface SiteOptionSources {
  /** `docsgen.config` of the project (default: empty). */
  userConfig?: UserConfig | null | undefined;
  /** Resolved docs.json (default: none). */
  config?: Pick<ResolvedDocsConfig, 'siteUrl'> | null | undefined;
}

const defaults = { mode: 'dev', compileCache: false } as const;

/**
 * Resolve `createSite`'s options once: the command line (`options`) wins over docsgen.config,
 * which wins over docs.json, which wins over docsgen's defaults. Nothing further in applies a
 * fallback of its own.
 */
export function resolveSiteOptions(options?: SiteOptions | null, sources?: SiteOptionSources | null): ResolvedSiteOptions {
  const mode = options?.mode ?? defaults.mode;
  if (mode !== 'dev' && mode !== 'build') {
    throw new TypeError(`Cannot create a site with \`${String(mode)}\` for \`options.mode\`, expected \`'dev'\` or \`'build'\``);
  }
  const userConfig = sources?.userConfig ?? {};
  return {
    mode,
    siteUrl: options?.siteUrl ?? userConfig.build?.siteUrl ?? sources?.config?.siteUrl ?? undefined,
    remarkPlugins: [...(options?.remarkPlugins ?? []), ...(userConfig.remarkPlugins ?? [])],
    rehypePlugins: [...(options?.rehypePlugins ?? []), ...(userConfig.rehypePlugins ?? [])],
    compileCache: options?.compileCache ?? defaults.compileCache,
    navigationCache: options?.navigationCache ?? undefined,
    hasSearch: userConfig.search !== false,
    loadCache: options?.loadCache ?? undefined,
    hasMcp: mode === 'dev' || adapterRunsFunctions(options?.adapter ?? userConfig.build?.adapter ?? 'static'),
  };
}
