import { findOutputKind, matchRedirect, mcpRoute, mcpSnapshotPath, readAdapterRedirects, type AdapterRedirect } from '@docsgen/core';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isAbsolute, join, resolve } from 'node:path';
import { acceptRequest, redirectLocation } from './request-target.js';
import { resolveRequestFile } from './resolve-request-file.js';
import { sendStatus, serveResolvedFile } from './static-server.js';
import { serveSnapshotMcp } from './mcp-route.js';

/** Options for `createPreviewServer`. */
export interface PreviewServerOptions {
  /** Absolute path of the folder `docsgen build` wrote; required. */
  folder: string;
  /** Host names accepted in the `Host` header besides `localhost` and IP addresses, such as the `--host` name (default: `[]`). */
  allowedHosts?: readonly string[] | null | undefined;
  /** Top-level folders of copied assets, whose `.html` and `.md` files are sent as downloads, as in dev (default: SPEC's five). */
  assetFolders?: readonly string[] | null | undefined;
}

/** A running preview server's handles. */
export interface PreviewServer {
  /** The node:http server; call `listen` on it. */
  server: Server;
  /** Closes every connection and stops the server. */
  close(): Promise<void>;
}

const defaults = { allowedHosts: [] as string[], assetFolders: ['images', 'logo', 'public', 'static', 'assets'] };
// The files `resolveRequestFile` sees are under this made-up prefix: it takes a folder name,
// and the output folder is served from `/`.
const mount = '/site';
const wellKnown = '.well-known';
const wellKnownMount = '/well-known';
// Adapter files the hosts read but never serve.
const hostFiles = new Set(['/_redirects', '/vercel.json']);
const pageTypes = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.md', 'text/markdown; charset=utf-8'],
  ['.xml', 'application/xml; charset=utf-8'],
]);

interface Context {
  folder: string;
  allowedHosts: readonly string[];
  assetFolders: ReadonlySet<string>;
  redirects: RedirectCache;
}

/**
 * `docsgen preview`: serves a build output folder the way a static host does. In order:
 * a `Host` that is not this machine is 403 (DNS rebinding); a malformed target, or one that
 * decodes to `.`/`..`, NUL or `\`, is 400; the redirects of the adapter file in the folder
 * (`_redirects` or `vercel.json`, read with `readAdapterRedirects`, with the status the host
 * would send, for any method; the query is kept); `GET`/`HEAD` only (405); then clean URLs:
 * `/` is `index.html`, `/x` is `x.html`, else `x/index.html`, else the file `x`; `/x/` is
 * `x.html` or `x/index.html`; anything else is `404.html` with status 404. Every file goes
 * through `resolveRequestFile` (no dotfiles, no way out of the folder) and `serveResolvedFile`
 * (ETag, ranges). `_redirects` and `vercel.json` themselves are not served.
 *
 * @param options
 *   The output folder and the host names to accept.
 * @returns
 *   The server (not listening yet) and `close`.
 * @throws {TypeError}
 *   When `folder` is not an absolute path.
 */
export function createPreviewServer(options: PreviewServerOptions): PreviewServer {
  const folder = options?.folder;
  if (typeof folder !== 'string' || !isAbsolute(folder)) {
    throw new TypeError(`Cannot create preview server: \`options.folder\` is \`${String(folder)}\`, expected an absolute path`);
  }
  const context: Context = {
    folder: resolve(folder),
    allowedHosts: [...(options.allowedHosts ?? defaults.allowedHosts)],
    assetFolders: new Set(options.assetFolders ?? defaults.assetFolders),
    redirects: new RedirectCache(resolve(folder)),
  };
  const server = createServer((request, response) => {
    handle(context, request, response).catch(() => {
      if (response.headersSent) response.destroy();
      else sendStatus(response, request, 500);
    });
  });
  return {
    server,
    close() {
      server.closeAllConnections();
      return new Promise((done) => server.close(() => done()));
    },
  };
}

async function handle(context: Context, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const target = acceptRequest(request, response, context.allowedHosts);
  if (!target) return;
  const { path, decoded } = target;
  const raw = request.url ?? '/';
  // The MCP endpoint, from the snapshot the build wrote for hosts that run functions.
  if (path === mcpRoute) {
    if (!(await serveSnapshotMcp(join(context.folder, mcpSnapshotPath), context.allowedHosts, request, response))) sendStatus(response, request, 404);
    return;
  }
  const redirect = findRedirect(decoded, context.redirects.get());
  if (redirect) {
    response.writeHead(redirect.status, { Location: redirectLocation(raw, redirect.location), 'Content-Length': 0, 'X-Content-Type-Options': 'nosniff' });
    response.end();
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendStatus(response, request, 405, { Allow: 'GET, HEAD' });
    return;
  }

  // `/.well-known/` (RFC 8615) is the one dot-folder hosts serve: the agent discovery files
  // the build writes there (the MCP server card, the skills indexes and files), any depth. Its
  // own mount, so the chokepoint still refuses dot names and `..` inside it.
  if (path.startsWith(`/${wellKnown}/`)) {
    const result = await resolveRequestFile(wellKnownMount + path.slice(wellKnown.length + 1), { folder: join(context.folder, wellKnown), prefix: wellKnownMount });
    if (result.status === 200) {
      await serveResolvedFile(request, response, result, { contentType: pageType(context, path) });
      return;
    }
    if (result.status !== 404) {
      sendStatus(response, request, result.status);
      return;
    }
  } else if (!hostFiles.has(decoded)) {
    for (const candidate of candidates(path)) {
      const result = await resolveRequestFile(mount + candidate, { folder: context.folder, prefix: mount });
      if (result.status === 200) {
        await serveResolvedFile(request, response, result, { contentType: pageType(context, candidate) });
        return;
      }
      if (result.status !== 404) {
        sendStatus(response, request, result.status);
        return;
      }
    }
  }
  const notFound = await resolveRequestFile(`${mount}/404.html`, { folder: context.folder, prefix: mount });
  if (notFound.status === 200) await serveResolvedFile(request, response, notFound, { status: 404, contentType: pageTypes.get('.html') });
  else sendStatus(response, request, 404);
}

/** The files a static host tries for a raw (still encoded) path, in order. */
function candidates(path: string): string[] {
  if (path === '/') return ['/index.html'];
  if (path.endsWith('/')) return [`${path.slice(0, -1)}.html`, `${path}index.html`];
  return [`${path}.html`, `${path}/index.html`, path];
}

/**
 * Pages are HTML, twins Markdown, the sitemap XML, and the site's other outputs what the output
 * table says (as dev sends them); in the copied asset folders they stay downloads, as in dev.
 */
function pageType(context: Context, candidate: string): string | undefined {
  const first = decodeURIComponent(candidate.split('/')[1] ?? '');
  if (context.assetFolders.has(first)) return undefined;
  const output = findOutputKind(decodeURIComponent(candidate.slice(1)));
  if (output && output.contentType !== 'file') return output.contentType;
  const extension = /\.[a-z]+$/i.exec(candidate)?.[0]?.toLowerCase() ?? '';
  return pageTypes.get(extension);
}

function findRedirect(path: string, redirects: ReadonlyArray<{ rule: AdapterRedirect; list: AdapterRedirect[] }>): { location: string; status: number } | undefined {
  for (const { rule, list } of redirects) {
    const match = matchRedirect(path, list);
    if (match) return { location: match.location, status: rule.status };
  }
  return undefined;
}

/**
 * The redirects of the output folder's adapter files, read again when a file changes (a new
 * build), so the preview can keep running across builds.
 */
class RedirectCache {
  #folder: string;
  #signature = '';
  #redirects: Array<{ rule: AdapterRedirect; list: AdapterRedirect[] }> = [];

  constructor(folder: string) {
    this.#folder = folder;
  }

  get(): ReadonlyArray<{ rule: AdapterRedirect; list: AdapterRedirect[] }> {
    const names = ['_redirects', 'vercel.json'] as const;
    const stats = names.map((name) => statSync(join(this.#folder, name), { throwIfNoEntry: false }));
    const signature = stats.map((stat) => (stat?.isFile() ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : '-')).join('|');
    if (signature !== this.#signature) {
      this.#signature = signature;
      this.#redirects = names.flatMap((name, index) => {
        if (!stats[index]?.isFile()) return [];
        let text: string;
        try {
          text = readFileSync(join(this.#folder, name), 'utf8');
        } catch {
          return [];
        }
        // One list per rule, so `matchRedirect` compiles each once and the rule's own status is known.
        return readAdapterRedirects(name, text).map((rule) => ({ rule, list: [rule] }));
      });
    }
    return this.#redirects;
  }
}
