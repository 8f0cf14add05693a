import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer, STATUS_CODES } from 'node:http';
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import { isAbsolute, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isRangeAllowed, parseByteRange, type ByteRange } from './byte-range.js';
import { compressCached, isCompressible, negotiateCoding } from './compression.js';
import { lookupContentType } from './content-type.js';
import { resolveRequestFile } from './resolve-request-file.js';
import type { RequestFileOptions, RequestFileResult } from './resolve-request-file.js';

/**
 * Options for `createStaticServer`.
 */
export interface StaticServerOptions {
  /** Absolute path of the project root; the asset folders are looked up inside it; required. */
  root: string;
  /** Folder names under `root`, each served at `/<name>/` (default: `['images', 'logo', 'public', 'static', 'assets']`). */
  prefixes?: ReadonlyArray<string> | null | undefined;
}

/**
 * `StaticServerOptions` with every default applied.
 */
export interface ResolvedStaticServerOptions {
  root: string;
  prefixes: string[];
}

const defaults = {
  // SPEC “Limits”: static-asset directory prefixes served.
  prefixes: ['images', 'logo', 'public', 'static', 'assets'],
} as const;

// A single folder name that is not a dotfile: `images`, `static-v2`.
const folderName = /^[\w~-][\w.~-]*$/;

// SVG can carry script; served from the docs origin it must not run or load anything.
const svgPolicy = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

// O_NOFOLLOW (POSIX only): if the checked real path is swapped for a symlink before it is
// opened, the open fails instead of following it.
const openFlags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/**
 * Create (but do not start) a node:http server for the static-asset folders of a project.
 *
 * Every file is found through `resolveRequestFile`, the one chokepoint; this function
 * never builds a file path from the request itself. `GET` and `HEAD` only (others get
 * 405 with `Allow`). Every response has `X-Content-Type-Options: nosniff`; SVG also gets
 * a sandboxing `Content-Security-Policy`.
 *
 * @param options
 *   Project root and the folder names to serve.
 * @returns
 *   A server; call `listen` on it.
 */
export function createStaticServer(options: StaticServerOptions): Server {
  const settings = resolveStaticServerOptions(options);
  const mounts: RequestFileOptions[] = settings.prefixes.map((name) => ({
    folder: join(settings.root, name),
    prefix: '/' + name,
  }));

  return createServer((request, response) => {
    handle(request, response, mounts).catch(() => {
      if (response.headersSent) response.destroy();
      else sendStatus(response, request, 500);
    });
  });
}

/**
 * Resolve static server options once.
 *
 * @param options
 *   What the caller passed.
 * @returns
 *   Complete options.
 * @throws {TypeError}
 *   When `root` is not absolute or a prefix is not a plain folder name.
 */
export function resolveStaticServerOptions(
  options: StaticServerOptions,
): ResolvedStaticServerOptions {
  const root = options?.root;

  if (typeof root !== 'string' || !isAbsolute(root)) {
    throw new TypeError(
      `Cannot create static server: \`options.root\` is \`${String(root)}\`, expected an absolute path`,
    );
  }

  const prefixes = [...(options.prefixes ?? defaults.prefixes)];

  for (const name of prefixes) {
    if (typeof name !== 'string' || !folderName.test(name)) {
      throw new TypeError(
        `Cannot create static server: prefix \`${String(name)}\` is not a folder name, expected letters, digits, \`-\`, \`_\`, \`~\` or \`.\` (not first)`,
      );
    }
  }

  return { root: resolve(root), prefixes };
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  mounts: RequestFileOptions[],
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendStatus(response, request, 405, { Allow: 'GET, HEAD' });
    return;
  }

  let result: RequestFileResult = { status: 404, reason: 'outside-prefix' };

  for (const mount of mounts) {
    result = await resolveRequestFile(request.url ?? '', mount);
    if (result.status !== 404 || result.reason !== 'outside-prefix') break;
  }

  await serveResolvedFile(request, response, result);
}

/**
 * How `serveResolvedFile` answers with a file.
 */
export interface ServeFileOptions {
  /** Status to answer with; a 404 page is sent whole, without validators or ranges (default: `200`). */
  status?: 200 | 404 | null | undefined;
  /** `Content-Type` to send instead of the one the file name gives (default: `lookupContentType(file)`). */
  contentType?: string | null | undefined;
}

/**
 * Answers a request with the file `resolveRequestFile` found, or with its status. The only
 * place a served file is opened: `O_NOFOLLOW`, regular files only, `Content-Length` from the
 * opened file, `nosniff`, and a sandboxing policy for SVG.
 *
 * With status 200 it also answers `If-None-Match` (304) and a single `Range` (RFC 9110 §14:
 * 206 with `Content-Range` and only that slice read; 416 with a `Content-Range` that gives
 * only the size when it starts past the end; the whole file for several ranges, a range it
 * cannot read, or an `If-Range` that is not the current `ETag` or `Last-Modified`). `HEAD` gets
 * the headers `GET` would get without `Range`: RFC 9110 defines ranges for `GET` only.
 *
 * Text from 1 KB to 16 MB (HTML, CSS, JavaScript, JSON, Markdown, XML, SVG) is sent with Brotli or
 * gzip when `Accept-Encoding` allows (`Vary: Accept-Encoding`, a validator per coding), as
 * static hosts send it; a request with `Range` gets the plain bytes.
 */
export async function serveResolvedFile(
  request: IncomingMessage,
  response: ServerResponse,
  result: RequestFileResult,
  options?: ServeFileOptions | null | undefined,
): Promise<void> {
  if (result.status !== 200) {
    sendStatus(response, request, result.status);
    return;
  }
  const status = options?.status ?? 200;

  let file;

  try {
    file = await open(result.file, openFlags);
  } catch {
    sendStatus(response, request, 404);
    return;
  }

  const stats = await file.stat();

  if (!stats.isFile()) {
    await file.close();
    sendStatus(response, request, 404);
    return;
  }

  const contentType = options?.contentType ?? lookupContentType(result.file);
  const isText = isCompressible(contentType, stats.size);
  // Text is sent compressed when the client accepts it, as static hosts do; a range request
  // gets the plain bytes it asked a range of.
  const coding = isText && (request.method === 'HEAD' || request.headers.range === undefined) ? negotiateCoding(request.headers['accept-encoding']) : undefined;
  // A weak validator from size and modification time: cheap, and it changes with every save.
  // Each coding is a representation of its own, with a validator of its own.
  const validator = `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
  const etag = `W/"${validator}${coding ? `-${coding}` : ''}"`;
  const headers: OutgoingHttpHeaders = {
    'Content-Type': contentType,
    'Content-Length': stats.size,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  };
  if (isText) headers.Vary = 'Accept-Encoding';
  if (result.file.toLowerCase().endsWith('.svg')) headers['Content-Security-Policy'] = svgPolicy;
  let range: ByteRange = { start: 0, end: stats.size - 1 };

  if (status === 200) {
    Object.assign(headers, { ETag: etag, 'Last-Modified': stats.mtime.toUTCString() }, coding ? {} : { 'Accept-Ranges': 'bytes' });
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
      await file.close();
      response.writeHead(304, { ETag: etag, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', ...(isText ? { Vary: 'Accept-Encoding' } : {}) });
      response.end();
      return;
    }
  }

  if (coding) {
    let body: Buffer;
    try {
      body = await compressCached(`${result.file}\0${validator}`, coding, () => file.readFile());
    } finally {
      await file.close();
    }
    response.writeHead(status, { ...headers, 'Content-Encoding': coding, 'Content-Length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }

  if (status === 200) {
    const ifRange = request.headers['if-range'];
    // A repeated `If-Range` cannot be evaluated: the whole file is the safe answer.
    const asked = request.method === 'GET' && !Array.isArray(ifRange) && isRangeAllowed(ifRange, etag, stats.mtimeMs, Date.now())
      ? parseByteRange(request.headers.range, stats.size)
      : 'full';
    if (asked === 'unsatisfiable') {
      await file.close();
      sendStatus(response, request, 416, { 'Content-Range': `bytes */${stats.size}`, 'Accept-Ranges': 'bytes' });
      return;
    }
    if (asked !== 'full') {
      range = asked;
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${stats.size}`;
      headers['Content-Length'] = range.end - range.start + 1;
    }
  }
  response.writeHead(headers['Content-Range'] ? 206 : status, headers);

  if (request.method === 'HEAD' || stats.size === 0) {
    await file.close();
    response.end();
    return;
  }

  // Bounded by the length sent in `Content-Length`, in case the file grows meanwhile.
  await pipeline(file.createReadStream(range), response);
}

/** A plain-text response with the status text only (the reason stays on the server). */
export function sendStatus(
  response: ServerResponse,
  request: IncomingMessage,
  status: number,
  extra: OutgoingHttpHeaders = {},
): void {
  // The body never says why (the reason stays on the server); it is the status text only.
  const body = `${status} ${STATUS_CODES[status] ?? ''}\n`;
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}
