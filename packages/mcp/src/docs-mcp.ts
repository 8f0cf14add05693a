import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { resolvePageAddress } from './page-address.js';
import { prepareSearch } from './search-preparation.js';
import type { McpPage, McpSource } from './types.js';

/** Options of `createDocsMcp`. */
export interface DocsMcpOptions {
  /** Version reported to clients in `serverInfo` (default: `0.0.0`). */
  version?: string | null | undefined;
  /**
   * Longest time `search_docs` waits for the search index before it answers from the pages
   * indexed so far, saying how many those are, in milliseconds (default: `10000`).
   */
  searchWaitMs?: number | null | undefined;
}

/** Where a request came to, for full URLs of the site when its URL is not known. */
export interface DocsMcpRequestContext {
  /** The origin the request was sent to (`http://localhost:3000`). */
  origin?: string | undefined;
}

/** The MCP server of one site: a new `McpServer` per session or request, sharing one search index. */
export interface DocsMcp {
  /** A new server with the tools and resources; connect it to a transport. */
  createServer(context?: DocsMcpRequestContext | null): Promise<McpServer>;
  /**
   * Starts making the search index in the background (else the first search starts it), page by
   * page, so that `list_pages` and `read_page` answer meanwhile. Never rejects: a failure is
   * reported by the searches.
   */
  prepare(): void;
  /**
   * Stops making the search index, for a server whose site has changed: searches then answer
   * from the pages indexed so far. Servers already made keep answering.
   */
  close(): void;
}

const defaults = { version: '0.0.0', searchWaitMs: 10_000 };

/** The tools every server has, as `tools/list` describes them (for the server card). */
export const docsMcpTools = [
  { name: 'search_docs', title: 'Search the documentation', description: 'Full-text search over every page of this documentation site. Returns the best pages first, each with its title, path, URL and the passage that matched. Read a result in full with read_page.' },
  { name: 'read_page', title: 'Read a page as Markdown', description: 'The whole page as Markdown, by its path (`/quickstart`) or full URL on this site. Paths come from search_docs or list_pages.' },
  { name: 'list_pages', title: 'List the pages', description: 'Every page in navigation order, with its title, path and description; optionally only one version or language.' },
] as const;

const readOnly = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false } as const;
const resultShape = { title: z.string(), path: z.string(), url: z.string().optional(), description: z.string().optional() };

/**
 * An MCP server over a docs site (`source`): the tools `search_docs` (query, optional `version`
 * and `language`), `read_page` (path or full URL; anything outside the site is refused with
 * the reason) and `list_pages` (navigation order, with titles and descriptions), all read-only
 * and idempotent; each page's Markdown as a resource (`docs://page/<path>`), plus the source's
 * own `resources`. The search index is made once, page by page, from `prepare()` or the first
 * search, and kept: make a new `DocsMcp` when the site changes. A search waits for it at most
 * `searchWaitMs`, then answers from the pages indexed so far and says so.
 */
export function createDocsMcp(source: McpSource, options?: DocsMcpOptions | null): DocsMcp {
  const version = options?.version ?? defaults.version;
  const searchWaitMs = options?.searchWaitMs ?? defaults.searchWaitMs;
  const preparation = prepareSearch(source);
  return {
    prepare() {
      preparation.start().catch(() => {
        // Each search reports it.
      });
    },
    close() {
      preparation.stop();
    },
    async createServer(context) {
      const origin = source.siteUrl?.replace(/\/+$/, '') ?? context?.origin;
      const origins = [...new Set([source.siteUrl, context?.origin].filter((value): value is string => Boolean(value)).map((value) => new URL(value).origin))];
      const urlOf = (path: string): string | undefined => (origin ? `${origin}${path === '/' ? '' : path}` : undefined);
      const pages = await source.pages();
      const byPath = new Map(pages.map((page) => [page.path, page]));
      const server = new McpServer(
        { name: source.name, title: source.name, version },
        { instructions: `${source.name} documentation${source.description ? `: ${source.description}` : ''}. Search it with search_docs, then read a page in full with read_page.` },
      );
      const [searchTool, readTool, listTool] = docsMcpTools;

      server.registerTool(
        searchTool.name,
        {
          title: searchTool.title,
          description: searchTool.description,
          inputSchema: {
            query: z.string().min(1).max(500).describe('Words to look for'),
            version: z.string().max(100).optional().describe('Only pages of this version (and pages of every version)'),
            language: z.string().max(35).optional().describe('Only pages in this language code, such as `en` (and pages in every language)'),
            limit: z.number().int().min(1).max(20).optional().describe('Most results (default: 5)'),
          },
          outputSchema: {
            results: z.array(z.object({ ...resultShape, snippet: z.string(), score: z.number() })),
            indexing: z.object({ indexedPages: z.number(), totalPages: z.number().optional() }).optional().describe('Present while the index is being made: the results come from `indexedPages` pages only'),
          },
          annotations: readOnly,
        },
        async ({ query, version, language, limit }) => {
          const state = await preparation.wait(searchWaitMs);
          const results = state.search.search(query, { version, language, limit }).map((result) => ({ ...result, ...(urlOf(result.path) ? { url: urlOf(result.path) } : {}) }));
          const found = results.length === 0 ? `No pages match “${query}”.` : results.map((result, index) => `${index + 1}. ${result.title} (${result.url ?? result.path})\n   ${result.snippet}`).join('\n');
          if (state.isComplete) return { content: [{ type: 'text', text: found }], structuredContent: { results } };
          const indexing = { indexedPages: state.indexedPages, ...(state.totalPages === undefined ? {} : { totalPages: state.totalPages }) };
          const note = `The search index is still being made: these results come from ${state.indexedPages}${state.totalPages === undefined ? '' : ` of ${state.totalPages}`} pages. Search again in a few seconds for results from every page; list_pages and read_page answer now.`;
          return { content: [{ type: 'text', text: `${note}\n\n${found}` }], structuredContent: { results, indexing } };
        },
      );

      server.registerTool(
        readTool.name,
        {
          title: readTool.title,
          description: readTool.description,
          inputSchema: { page: z.string().describe('The page\'s path (`/quickstart`) or full URL on this site') },
          annotations: readOnly,
        },
        async ({ page }) => {
          const found = resolvePageAddress(page, byPath, origins);
          const markdown = found.ok ? await source.markdown(found.page.path) : undefined;
          if (!found.ok || markdown === undefined) return { isError: true, content: [{ type: 'text', text: found.ok ? `Cannot read the page: \`${found.page.path}\` has no Markdown` : found.reason }] };
          return { content: [{ type: 'text', text: markdown }] };
        },
      );

      server.registerTool(
        listTool.name,
        {
          title: listTool.title,
          description: listTool.description,
          inputSchema: {
            version: z.string().max(100).optional().describe('Only pages of this version (and pages of every version)'),
            language: z.string().max(35).optional().describe('Only pages in this language code (and pages in every language)'),
          },
          outputSchema: { pages: z.array(z.object({ ...resultShape, version: z.string().optional(), language: z.string().optional(), operation: z.object({ method: z.string(), path: z.string() }).optional() })) },
          annotations: readOnly,
        },
        async ({ version, language }) => {
          const listed = pages.filter((page) => isVariant(page.version, version) && isVariant(page.language, language)).map((page) => listedPage(page, urlOf(page.path)));
          const text = listed.map((page) => `- ${page.title} (${page.path})${page.operation ? ` ${page.operation.method} ${page.operation.path}` : ''}${page.description ? `: ${page.description}` : ''}`).join('\n');
          return { content: [{ type: 'text', text: text || 'The site has no pages.' }], structuredContent: { pages: listed } };
        },
      );

      server.registerResource(
        'page',
        new ResourceTemplate('docs://page{+path}', {
          list: async () => ({
            resources: pages.map((page) => ({ uri: pageUri(page), name: page.path, title: page.title, mimeType: 'text/markdown', ...(page.description ? { description: page.description } : {}) })),
          }),
        }),
        { title: 'A page as Markdown', mimeType: 'text/markdown' },
        async (uri, variables) => {
          const found = resolvePageAddress(String(variables.path ?? ''), byPath, []);
          const markdown = found.ok ? await source.markdown(found.page.path) : undefined;
          if (!found.ok || markdown === undefined) throw new Error(found.ok ? `Cannot read \`${uri.href}\`: the page has no Markdown` : found.reason);
          return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: markdown }] };
        },
      );
      for (const resource of (await source.resources?.()) ?? []) {
        server.registerResource(resource.name, resource.uri, { title: resource.title, description: resource.description, mimeType: resource.mimeType }, async (uri) => ({
          contents: [{ uri: uri.href, mimeType: resource.mimeType, text: await resource.read() }],
        }));
      }
      return server;
    },
  };
}

/** The resource URI of a page's Markdown. */
export function pageUri(page: Pick<McpPage, 'path'>): string {
  return `docs://page${page.path}`;
}

function isVariant(value: string | undefined, wanted: string | undefined): boolean {
  return wanted === undefined || wanted === '' || value === undefined || value.toLowerCase() === wanted.toLowerCase();
}

function listedPage(page: McpPage, url: string | undefined) {
  return {
    title: page.title,
    path: page.path,
    ...(url ? { url } : {}),
    ...(page.description ? { description: page.description } : {}),
    ...(page.version ? { version: page.version } : {}),
    ...(page.language ? { language: page.language } : {}),
    ...(page.operation ? { operation: page.operation } : {}),
  };
}
