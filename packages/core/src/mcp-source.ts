import type { DocsMcp, McpExtraResource, McpPage, McpSnapshot, McpSource } from '@docsgen/mcp';
import { projectStateKey, readMcpCache, writeMcpCache } from './mcp-cache.js';
import { searchPages } from './search-index.js';
import { loadSiteSkills } from './skill-md.js';
import type { Site } from './site.js';
import { docsgenVersion } from './version.js';

// The site as the MCP server reads it (issue 26): the pages search indexes (navigable,
// published, not `noindex`), in navigation order, each with its Markdown twin. The dev server
// and `docsgen mcp` read the live site; the build writes the same data as a snapshot
// (`_docsgen/mcp.json`), which `docsgen preview` and the adapters' functions serve.
// `@docsgen/mcp` (the SDK, zod) is imported when first used: a build or dev server that never
// answers an agent does not load it.

/** Path of the snapshot in the output. */
export const mcpSnapshotPath = '_docsgen/mcp.json';

/** The pages an agent may read, in navigation order. */
export function listMcpPages(site: Site): McpPage[] {
  return searchPages(site).map((entry) => {
    const page = site.pages.get(entry.slug);
    const model = page?.api?.kind === 'openapi' ? page.api.model : undefined;
    return {
      path: entry.url,
      title: page?.title ?? entry.slug,
      ...(page?.description ? { description: page.description } : {}),
      ...(entry.version ? { version: entry.version } : {}),
      ...(entry.language ? { language: entry.language } : {}),
      ...(entry.keywords && entry.keywords.length > 0 ? { keywords: entry.keywords } : {}),
      ...(model && 'method' in model && 'path' in model ? { operation: { method: String(model.method), path: String(model.path) } } : {}),
    };
  });
}

/**
 * Resources the server offers besides each page's Markdown (which `@docsgen/mcp` lists itself).
 * This is the place for files made for agents (a site's `skill.md`): add them here and every
 * server (stdio, dev, preview, the adapters' functions through the snapshot) lists them.
 */
export async function listSiteMcpResources(site: Site): Promise<McpExtraResource[]> {
  // The skills the discovery index lists (the generated one, or the project's), as the hosted
  // platform offers them to MCP clients; each read again when asked, so dev serves edits.
  const { skills } = await loadSiteSkills(site, { siteUrl: site.siteUrl, hasMcp: true });
  return skills.map((skill) => ({
    uri: `docs://skill/${skill.name}`,
    name: `skill-${skill.name}`,
    title: `Skill: ${skill.name}`,
    description: skill.description,
    mimeType: 'text/markdown',
    read: async () => (await loadSiteSkills(site, { siteUrl: site.siteUrl, hasMcp: true })).skills.find((entry) => entry.name === skill.name)?.content ?? skill.content,
  }));
}

/** Options of `siteMcpSource` and `createSiteMcp`. */
export interface SiteMcpOptions {
  /**
   * Whether to keep the pages' Markdown in the project's `.docsgen/cache/mcp` once every page
   * has been read, and read it from there while no project file has changed (default: `false`).
   */
  cache?: boolean | null | undefined;
}

/**
 * The live site as an MCP source (`docsgen dev`, `docsgen mcp`). Its pages and resources are
 * listed once (hundreds of milliseconds on a large site, which every HTTP request would pay
 * again, as each gets a new server): make a new source when the site changes, as the dev server
 * does. A page's Markdown and a resource's text are read when asked.
 */
export function siteMcpSource(site: Site, options?: SiteMcpOptions | null): McpSource {
  let listed: Promise<{ pages: McpPage[]; slugs: Map<string, string> }> | undefined;
  const listing = () =>
    (listed ??= Promise.resolve().then(() => ({
      pages: listMcpPages(site),
      slugs: new Map(searchPages(site).map((entry) => [entry.url, entry.slug])),
    })));
  let resources: Promise<McpExtraResource[]> | undefined;
  const source: McpSource = {
    name: site.config?.name ?? 'Documentation',
    description: site.config?.description,
    siteUrl: site.siteUrl,
    pages: async () => (await listing()).pages,
    async markdown(path) {
      const slug = (await listing()).slugs.get(path);
      return slug === undefined ? undefined : (await site.markdown(slug))?.markdown;
    },
    resources: () => (resources ??= listSiteMcpResources(site)),
  };
  return options?.cache ? withMarkdownCache(site, source) : source;
}

/**
 * `source` with its pages' Markdown kept in the project's cache (`mcp-cache.ts`): read from
 * there when the project is as it was when the cache was written, else written there once every
 * listed page has been read.
 */
function withMarkdownCache(site: Site, source: McpSource): McpSource {
  let kept: { key: string; pages: Map<string, string | null> | undefined } | undefined;
  const keptPages = (): { key: string; pages: Map<string, string | null> | undefined } => {
    if (kept) return kept;
    const key = projectStateKey(site.root, site.siteUrl ?? '');
    return (kept = { key, pages: readMcpCache(site.root, key) });
  };
  // What this server read, kept once it holds every listed page.
  const read = new Map<string, string | null>();
  let listed: readonly string[] = [];
  let isWritten = false;
  return {
    ...source,
    async pages() {
      const pages = await source.pages();
      listed = pages.map((page) => page.path);
      return pages;
    },
    async markdown(path) {
      const { key, pages } = keptPages();
      if (pages?.has(path)) return pages.get(path) ?? undefined;
      const markdown = await source.markdown(path);
      if (pages || isWritten) return markdown;
      read.set(path, markdown ?? null);
      if (listed.length > 0 && read.size >= listed.length && listed.every((each) => read.has(each))) {
        isWritten = true;
        writeMcpCache(site.root, key, read);
      }
      return markdown;
    },
  };
}

/** The MCP server of a live site. */
export async function createSiteMcp(site: Site, options?: SiteMcpOptions | null): Promise<DocsMcp> {
  const { createDocsMcp } = await import('@docsgen/mcp');
  return createDocsMcp(siteMcpSource(site, options), { version: docsgenVersion() });
}

/** The snapshot the build writes: every page of `listMcpPages` with its Markdown, and the resources of `listSiteMcpResources` with their text. */
export async function mcpSnapshot(site: Site, context: { siteUrl?: string | undefined; markdown?: ((slug: string) => string | undefined | Promise<string | undefined>) | undefined }): Promise<McpSnapshot> {
  const slugs = searchPages(site).map((entry) => entry.slug);
  const pages = listMcpPages(site);
  const withMarkdown = await Promise.all(pages.map(async (page, index) => {
    const slug = slugs[index] as string;
    const markdown = context.markdown ? await context.markdown(slug) : (await site.markdown(slug))?.markdown;
    return { ...page, markdown: markdown ?? '' };
  }));
  const resources = await Promise.all((await listSiteMcpResources(site)).map(async ({ read, ...resource }) => ({ ...resource, text: await read() })));
  return { name: site.config?.name ?? 'Documentation', description: site.config?.description, siteUrl: context.siteUrl, pages: withMarkdown, ...(resources.length > 0 ? { resources } : {}) };
}

/** `/.well-known/mcp` for the site. */
export async function siteMcpServerCard(site: Pick<Site, 'config'>, siteUrl: string | undefined): Promise<string> {
  const { mcpServerCard } = await import('@docsgen/mcp');
  return mcpServerCard({ name: site.config?.name ?? 'Documentation', description: site.config?.description, siteUrl, version: docsgenVersion() });
}
