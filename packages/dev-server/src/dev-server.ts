import type { DocsgenMessage } from '@docsgen/config';
import { buildSearchIndex, findClosestPage, findOutputKind, isMediaPath, matchRedirect, mcpRoute, proxyRoute, searchableRegion, searchFolder, viewerVendorPrefix, type OutputKind, type SearchShares, type Site } from '@docsgen/core';
import { documentAssetFiles, navigationFileParts, rendererAssets } from '@docsgen/renderer';
import { createSearchService, type SearchService } from '@docsgen/search';
import { isCrossOrigin as isCrossOriginRequest } from '@docsgen/util/cross-origin';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { basename, dirname, join } from 'node:path';
import { lookupContentType } from './content-type.js';
import { serveProxy } from './proxy-route.js';
import { serveLiveMcp } from './mcp-route.js';
import { acceptRequest, redirectLocation } from './request-target.js';
import { resolveRequestFile, type RequestFileResult } from './resolve-request-file.js';
import { ReloadChannel, reloadClientScript, type ReloadEvent } from './live-reload.js';
import { sendStatus, serveResolvedFile } from './static-server.js';

export interface DevServerOptions {
  /** The site to serve; pages are rendered on request. Replace it with `setSite`. */
  site: Site;
  /** Add the live-reload script to every page (default: `true`). */
  liveReload?: boolean | null | undefined;
  /** Folder names under the project root served at the same path (default: SPEC's five). */
  assetFolders?: readonly string[] | null | undefined;
  /**
   * Host names accepted in the `Host` header besides `localhost` and IP addresses, such as the
   * `--host` name; any other gets 403, against DNS rebinding (default: `[]`).
   */
  allowedHosts?: readonly string[] | null | undefined;
  /**
   * Called with the messages of each page, twin, 404 page or social card the server renders
   * (warnings such as an unknown icon or a character a card's font lacks, and errors), so they
   * can be shown where the user looks: `docsgen dev` prints them (default: none).
   */
  onMessages?: ((messages: DocsgenMessage[]) => void) | null | undefined;
  /**
   * Build the search index in the background once the server has had no request for this many
   * milliseconds after it starts, so the first search does not wait for every page to render.
   * After a change the index is made again on the next search request, from the pages kept
   * (default: only on a search request).
   */
  prepareSearchAfterMs?: number | null | undefined;
  /**
   * Render the home page's content as soon as the server is created, while the reader opens the
   * printed address: the first page is then served from it. A request for it before the render
   * is done waits for that render instead of starting another (default: `false`).
   */
  prepareHomePage?: boolean | null | undefined;
}

/** URL prefix of docsgen's own files (styles, scripts, fonts). */
export const internalPrefix = '/_docsgen';

/** A running development server's handles. */
export interface DevServer {
  /** The node:http server; call `listen` on it. */
  server: Server;
  /** Serve another site from now on (after docs.json or the set of pages changed). */
  setSite(site: Site): void;
  /** Tell every open page to reload, or to swap in the new content of the given pages. */
  reload(event: ReloadEvent): void;
  /** Number of pages listening for reload events. */
  readonly listeners: number;
  /** Ends the event streams and stops the server. */
  close(): Promise<void>;
}

const defaultAssetFolders = ['images', 'logo', 'public', 'static', 'assets'];

/**
 * The development server: every page of the site rendered on request as a whole document,
 * its Markdown twin at `/<slug>.md` (or with `Accept: text/markdown`), docsgen's own assets
 * under `/_docsgen/`, the project's asset folders and favicon, and the 404 page. Every route
 * that reads a file goes through `resolveRequestFile`.
 */
export function createDevServer(options: DevServerOptions): DevServer {
  let site = options.site;
  const channel = new ReloadChannel();
  const context: HandleContext = {
    folders: [...(options.assetFolders ?? defaultAssetFolders)],
    allowedHosts: [...(options.allowedHosts ?? [])],
    channel,
    bodyEnd: options.liveReload === false ? undefined : reloadClientScript(`${internalPrefix}/events`),
    search: undefined,
    searchRegions: new Map(),
    searchShares: {},
    searchService: createSearchService(),
    changes: 0,
    prepared: undefined,
    closing: new AbortController(),
    report: (messages) => {
      if (messages.length > 0) options.onMessages?.(messages);
    },
  };
  // The index is prepared once, when the server goes quiet after it starts.
  let preparing: NodeJS.Timeout | undefined;
  const prepareSearch = (): void => {
    clearTimeout(preparing);
    const delay = options.prepareSearchAfterMs;
    if (delay === undefined || delay === null || context.search || !site.hasSearch) return;
    const prepared = site;
    preparing = setTimeout(() => {
      preparing = undefined;
      if (site === prepared && !context.search) void searchIndexOf(site, context).catch(() => undefined);
    }, delay);
    preparing.unref();
  };
  const server = createServer((request, response) => {
    // Any request postpones the preparation: the reader comes first.
    if (preparing) prepareSearch();
    handle(site, context, request, response).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else send(response, request, 500, 'text/plain; charset=utf-8', `500 Internal Server Error\n${error instanceof Error ? error.message : ''}\n`);
    });
  });
  prepareSearch();
  if (options.prepareHomePage && site.homeSlug !== undefined) {
    // Failures are the request's to report, when it renders the page again.
    context.prepared = { site, slug: site.homeSlug, done: site.render(site.homeSlug).then(() => undefined, () => undefined) };
  }
  return {
    server,
    setSite(next) {
      site = next;
      context.search = undefined;
      context.searchRegions.clear();
      context.changes += 1;
    },
    reload: (event) => {
      // Any change may change what search finds: index again on the next search request, from
      // the pages kept unless they changed.
      context.search = undefined;
      if (event.type === 'update') for (const slug of event.slugs) context.searchRegions.delete(slug);
      else context.searchRegions.clear();
      context.changes += 1;
      channel.send(event);
    },
    get listeners() {
      return channel.size;
    },
    close() {
      clearTimeout(preparing);
      preparing = undefined;
      context.closing.abort();
      channel.close();
      // The server's search service lets Pagefind's process go once its index is made.
      if (context.search) void context.searchService.close();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

interface HandleContext {
  folders: string[];
  allowedHosts: string[];
  channel: ReloadChannel;
  bodyEnd: string | undefined;
  /** The search index's files by path under `/_docsgen/search/`, made on the first request for one. */
  search: Promise<Map<string, Uint8Array>> | undefined;
  /**
   * What search read of each page (`searchableRegion`), kept until the page changes: the index
   * made after an edit renders only the pages that changed.
   */
  searchRegions: Map<string, string>;
  /** Each page's share of the last index: after a change, only pages whose text is new go to Pagefind. */
  searchShares: SearchShares;
  /** Makes this server's search indexes; closed with the server. */
  searchService: SearchService;
  /** Counts changes: a page rendered before one is not kept (it may be the old version). */
  changes: number;
  /** The home page's render started with the server (`prepareHomePage`), which a request for it waits for. */
  prepared: { site: Site; slug: string; done: Promise<void> } | undefined;
  /** Aborted when the server closes: an index being made stops asking for pages. */
  closing: AbortController;
  /** Hands what a render reported to `onMessages`. */
  report: (messages: DocsgenMessage[]) => void;
}

async function handle(site: Site, context: HandleContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const target = acceptRequest(request, response, context.allowedHosts);
  if (!target) return;
  const { path, decoded } = target;
  const raw = request.url ?? '/';
  // The try-it proxy answers every method itself (405 JSON for all but POST), before redirects.
  if (path === proxyRoute) {
    await serveProxy(site, request, response);
    return;
  }
  // The MCP endpoint answers every method itself (405 for all but POST), as its functions do.
  if (path === mcpRoute) {
    await serveLiveMcp(site, context.changes, context.allowedHosts, request, response);
    return;
  }

  // Redirects answer every method (SPEC: "any | a redirects[].source").
  const redirect = matchRedirect(decoded, site.redirects);
  if (redirect) {
    sendRedirect(response, redirect.status, redirectLocation(raw, redirect.location));
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendStatus(response, request, 405, { Allow: 'GET, HEAD' });
    return;
  }

  const exchange: Exchange = { site, context, request, response };
  if ((await serveDocsgenFile(exchange, path, raw)) || (await serveProjectFile(exchange, path, decoded, raw))) return;
  await servePage(exchange, decoded);
}

/** One request with what answers it. */
interface Exchange {
  site: Site;
  context: HandleContext;
  request: IncomingMessage;
  response: ServerResponse;
}

/** docsgen's own files: the reload event stream, math fonts, the search index, viewer bundles, scripts and styles. `false` for any other path. */
async function serveDocsgenFile({ site, context, request, response }: Exchange, path: string, raw: string): Promise<boolean> {
  if (path === `${internalPrefix}/events`) {
    // Another site's page may not listen in (it would learn which files change, and when).
    if (isCrossOrigin(request)) {
      sendStatus(response, request, 403);
      return true;
    }
    context.channel.connect(request, response);
    return true;
  }
  if (path.startsWith(`${internalPrefix}/fonts/`)) {
    await serveResolvedFile(request, response, await resolveRequestFile(raw, { folder: rendererAssets.katexFonts, prefix: `${internalPrefix}/fonts` }));
    return true;
  }
  if (path.startsWith(`/${searchFolder}/`) && site.hasSearch) {
    await serveSearchFile(site, context, request, response, path.slice(searchFolder.length + 2));
    return true;
  }
  if (path.startsWith(`${viewerVendorPrefix}/`)) {
    // An embeddable viewer's bundle from the project's node_modules: the raw path must be one of
    // the fixed URLs the site's viewer bundles list; the request never builds a file path.
    const file = site.api.viewerFiles.get(path);
    await serveResolvedFile(request, response, file ? await resolveRequestFile(`/vendor/${encodeURIComponent(basename(file))}`, { folder: dirname(file), prefix: '/vendor' }) : { status: 404, reason: 'not-found' });
    return true;
  }
  // Outputs of the site's table under `_docsgen/` (the MCP snapshot, the Tailwind CSS), as the build writes them.
  const output = findOutputKind(path.slice(1));
  if (output && path.startsWith(`${internalPrefix}/`)) return serveOutput({ site, context, request, response }, output, path.slice(1));
  if (path.startsWith(`${internalPrefix}/`)) {
    const name = path.slice(internalPrefix.length + 1);
    const navigation = name.startsWith('navigation-') ? navigationFileParts(site.navigationFile()).find((part) => part.name === name) : undefined;
    if (navigation) {
      send(response, request, 200, 'application/json; charset=utf-8', navigation.content);
      return true;
    }
    const schemaFile = name.startsWith('api-schemas-') ? site.api.schemaFiles().find((file) => file.name === name) : undefined;
    if (schemaFile) {
      send(response, request, 200, 'application/json; charset=utf-8', schemaFile.content());
      return true;
    }
    const file = Object.hasOwn(documentAssetFiles, name) ? documentAssetFiles[name] : undefined;
    // The fixed table is the allow-list; the file is still opened through the chokepoint.
    const result: RequestFileResult = file
      ? await resolveRequestFile(`${internalPrefix}/${basename(file)}`, { folder: dirname(file), prefix: internalPrefix })
      : { status: 404, reason: 'not-found' };
    await serveResolvedFile(request, response, result);
    return true;
  }
  return false;
}

/** The project's files (asset folders, the .css/.js every page loads, media) and the outputs of the site's output table. `false` for any other path. */
async function serveProjectFile(exchange: Exchange, path: string, decoded: string, raw: string): Promise<boolean> {
  const { site, context, request, response } = exchange;
  // A project file `.mintignore` leaves out is not served (the 404 page answers), as it is not
  // published; the site's own outputs at such a path still are (`*.txt` leaves llms.txt).
  const isIgnored = site.isIgnored(decoded.slice(1));
  for (const folder of isIgnored ? [] : context.folders) {
    if (path === `/${folder}` || path.startsWith(`/${folder}/`)) {
      await serveResolvedFile(request, response, await resolveRequestFile(raw, { folder: join(site.root, folder), prefix: `/${folder}` }));
      return true;
    }
  }
  // The site's derived outputs that take the place of a project file at the same path (favicon,
  // sitemaps, robots.txt, llms files, feeds), as the build writes them: the site's output table.
  const output = findOutputKind(decoded.slice(1));
  if (output?.isOverProjectFiles && (await serveOutput(exchange, output, decoded.slice(1)))) return true;
  // The project's .css/.js files every page loads, by the paths the site found (the list is the allow-list).
  if (!isIgnored && site.projectFiles.includes(decoded.slice(1))) {
    await serveResolvedFile(request, response, await resolveRequestFile(`/project/${decoded.slice(1).split('/').map(encodeURIComponent).join('/')}`, { folder: site.root, prefix: '/project' }));
    return true;
  }

  // Images and other media anywhere else in the project, at their own paths
  // (`/guides/images/a.png`); a missing one gets the 404 page, a malformed path its 400.
  if (!isIgnored && isMediaPath(decoded)) {
    const media = await resolveRequestFile(raw, { folder: site.root, prefix: '/' });
    if (media.status !== 404) {
      await serveResolvedFile(request, response, media);
      return true;
    }
  }

  // Outputs a project file at the same path wins over (social cards).
  return output !== undefined && !output.isOverProjectFiles && (await serveOutput(exchange, output, decoded.slice(1)));
}

/** A page (or its Markdown twin), the closest page under `errors.404.redirect`, else the 404 page. */
async function servePage({ site, context, request, response }: Exchange, decoded: string): Promise<void> {
  let slug = decoded.replace(/^\/+|\/+$/g, '');
  const wantsMarkdown = slug.endsWith('.md') || /\btext\/markdown\b/.test(String(request.headers.accept ?? ''));
  if (slug.endsWith('.md')) slug = slug.slice(0, -3);
  if (slug === '' || slug === 'index') slug = site.homeSlug ?? 'index';
  // A folder's `index` page answers at the folder's path too, as static hosts serve
  // `guides/index.html` at `/guides` (the build writes it there).
  else if (!site.pages.has(slug) && site.pages.has(`${slug}/index`)) slug = `${slug}/index`;

  if (wantsMarkdown && site.pages.has(slug)) {
    const twin = await site.markdown(slug);
    if (twin) {
      context.report(twin.messages);
      send(response, request, 200, 'text/markdown; charset=utf-8', twin.markdown);
      return;
    }
  }
  if (context.prepared?.site === site && context.prepared.slug === slug) await context.prepared.done;
  const page = site.pages.has(slug) && slug !== '404' ? await site.document(slug, { bodyEnd: context.bodyEnd, origin: requestOrigin(request) }) : undefined;
  if (page) {
    context.report(page.messages);
    send(response, request, 200, 'text/html; charset=utf-8', page.html);
    return;
  }
  // `errors.404.redirect: true` sends a reader to the closest navigable page instead.
  if (site.config?.errors?.['404']?.redirect === true) {
    const closest = findClosestPage(slug, site.navigablePages);
    if (closest) {
      sendRedirect(response, 307, `/${closest === 'index' ? '' : closest}`);
      return;
    }
  }
  const notFound = await site.notFound({ bodyEnd: context.bodyEnd });
  context.report(notFound.messages);
  send(response, request, 404, 'text/html; charset=utf-8', notFound.html);
}


/**
 * The search index of the site, made on first use (a search request, or the preparation once
 * the server is quiet) and kept until a change.
 */
function searchIndexOf(site: Site, context: HandleContext): Promise<Map<string, Uint8Array>> {
  // Each page is released once indexed: the index needs every page rendered once, the server
  // does not need to keep them all (a 1,000-page site would hold about 500 MB more). What search
  // reads of it is kept, a fraction of that, unless it failed to render.
  const regions = context.searchRegions;
  const document = async (slug: string): Promise<string | undefined> => {
    const kept = regions.get(slug);
    if (kept !== undefined) return kept;
    const changes = context.changes;
    const rendered = await site.document(slug);
    site.release(slug);
    if (!rendered) return undefined;
    const region = searchableRegion(rendered.html);
    if (!rendered.messages.some((message) => message.fatal) && context.changes === changes) regions.set(slug, region);
    return region;
  };
  const pending = (context.search ??= buildSearchIndex(site, document, { signal: context.closing.signal, shares: context.searchShares, service: context.searchService }).then((result) => {
    for (const message of result.messages) if (message.fatal) throw new Error(`${message.reason}${message.note ? `. ${message.note}` : ''}`);
    return new Map(result.files.map((file) => [file.path, file.content]));
  }));
  // A failed index is made again on the next request.
  pending.catch(() => {
    if (context.search === pending) context.search = undefined;
  });
  return pending;
}

/**
 * A file of the search index, which is built in memory from the pages as this server renders
 * them, on the first request after a start or a change. The index's own file list is the
 * allow-list: nothing here reads the disk.
 */
async function serveSearchFile(site: Site, context: HandleContext, request: IncomingMessage, response: ServerResponse, name: string): Promise<void> {
  const pending = searchIndexOf(site, context);
  let files: Map<string, Uint8Array>;
  try {
    files = await pending;
  } catch (error) {
    send(response, request, 503, 'text/plain; charset=utf-8', `503 Search Unavailable\n${(error as Error).message}\n`);
    return;
  }
  const content = files.get(name);
  if (!content) {
    sendStatus(response, request, 404);
    return;
  }
  response.writeHead(200, {
    'Content-Type': lookupContentType(name),
    'Content-Length': content.length,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  });
  response.end(request.method === 'HEAD' ? undefined : content);
}

/**
 * Answers a request for one of the site's derived outputs (`output`, the output table's entry
 * its path matches), as the build writes it. `false` when the output does not exist and the
 * request goes on to the pages (a page may have that name).
 */
async function serveOutput({ site, context, request, response }: Exchange, output: OutputKind, path: string): Promise<boolean> {
  const produced = await output.produce(site, path, { siteUrl: site.siteUrl ?? requestOrigin(request) });
  const body = produced.body;
  if (!body) {
    if (output.whenMissing === 'pages') return false;
    sendStatus(response, request, 404);
    return true;
  }
  context.report(produced.messages);
  if ('file' in body) {
    // A project file (the favicon) goes through the chokepoint like every other: dotfiles,
    // symlinks out of its folder, … and is sent with its own type.
    await serveResolvedFile(request, response, await resolveRequestFile(`/file/${encodeURIComponent(basename(body.file))}`, { folder: dirname(body.file), prefix: '/file' }));
  } else if (output.cachePolicy === 'etag' && body.etag !== undefined) sendTagged(response, request, body.content, body.contentType, body.etag);
  else send(response, request, 200, body.contentType, body.content);
  return true;
}

/** This server as the request reached it, standing in for a site URL the project does not set. */
function requestOrigin(request: IncomingMessage): string {
  return `http://${request.headers.host}`;
}

/** A request a browser sent for a page of another origin (`Origin` or `Sec-Fetch-Site` says so). */
function isCrossOrigin(request: IncomingMessage): boolean {
  const { origin, host } = request.headers;
  return isCrossOriginRequest({ secFetchSite: String(request.headers['sec-fetch-site'] ?? ''), origin, host: host ?? '' });
}

function sendRedirect(response: ServerResponse, status: number, location: string): void {
  response.writeHead(status, { Location: location, 'Content-Length': 0, 'X-Content-Type-Options': 'nosniff' });
  response.end();
}

function sendTagged(response: ServerResponse, request: IncomingMessage, content: string | Uint8Array, type: string, etag: string): void {
  const isFresh = String(request.headers['if-none-match'] ?? '').split(',').some((tag) => tag.trim() === etag);
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  response.writeHead(isFresh ? 304 : 200, {
    'Content-Type': type,
    ...(isFresh ? {} : { 'Content-Length': bytes.length }),
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  });
  response.end(isFresh || request.method === 'HEAD' ? undefined : bytes);
}

function send(response: ServerResponse, request: IncomingMessage, status: number, type: string, body: string | Uint8Array): void {
  response.writeHead(status, {
    'Content-Type': type,
    'Content-Length': typeof body === 'string' ? Buffer.byteLength(body) : body.length,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}
