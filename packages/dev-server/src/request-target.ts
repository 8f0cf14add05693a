import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAllowedHost } from './allowed-host.js';
import type { RequestFileFailure } from './resolve-request-file.js';
import { sendStatus } from './static-server.js';

/**
 * Longest request target accepted, in characters. Linux `PATH_MAX` is 4096 bytes, so no
 * longer path could name a file anyway; Node itself answers 431 above about 16 KiB.
 */
export const maxRequestTargetLength = 4096;

// RFC 9112 §3.2.2: a server must accept the absolute-form (`GET http://host/path`).
// Only the scheme and authority are cut here; the path stays raw, with `..` and all.
const absoluteForm = /^https?:\/\/[^/?#]*/i;

// Everything except visible ASCII: control characters, space, DEL, and raw non-ASCII bytes
// (which Node hands over as latin1 characters). RFC 3986 has none of them in a target.
const notVisibleAscii = /[^\x21-\x7e]/;

/**
 * Get the raw path of a request target, exactly as sent: not decoded, not normalised.
 *
 * Accepts the origin-form (`/a/b?q`) and the http(s) absolute-form; the query is cut off
 * and ignored. Everything else (`*`, `host:port`, `a/b`) fails, as does a path with a
 * character no client sends unencoded (non-ASCII, controls, `\`, `#`).
 *
 * @param target
 *   The request target (`req.url` in node:http).
 * @returns
 *   `{ path }` on success, or the failure to answer with.
 */
export function parseRequestTarget(target: string): { path: string } | RequestFileFailure {
  if (typeof target !== 'string') return { status: 400, reason: 'malformed-target' };
  if (target.length > maxRequestTargetLength) return { status: 414, reason: 'target-too-long' };

  let rest = target;
  const authority = absoluteForm.exec(rest);

  if (authority) {
    rest = rest.slice(authority[0].length);
    if (rest === '' || rest.startsWith('?')) rest = '/' + rest;
  }

  if (!rest.startsWith('/')) return { status: 400, reason: 'malformed-target' };

  const queryStart = rest.indexOf('?');
  const path = queryStart === -1 ? rest : rest.slice(0, queryStart);

  if (notVisibleAscii.test(path)) return { status: 400, reason: 'malformed-target' };
  // A fragment is never sent, and `\` is a separator on Windows: neither is a file name.
  if (path.includes('#') || path.includes('\\')) {
    return { status: 400, reason: 'forbidden-character' };
  }

  return { path };
}

/**
 * The path both servers route on: the raw path of the target and the same path decoded once,
 * or the failure to answer with. Every route, file-backed or not, refuses traversal-shaped
 * paths the same way: malformed percent-encoding, a NUL byte, a backslash or a `.`/`..`
 * segment after decoding is 400.
 *
 * @param target
 *   The request target (`req.url` in node:http).
 * @returns
 *   `{ path, decoded }` on success, or the failure to answer with.
 */
export function parseRequestPath(target: string): { path: string; decoded: string } | RequestFileFailure {
  const parsed = parseRequestTarget(target);
  if ('status' in parsed) return parsed;
  let decoded: string;
  try {
    decoded = decodeURIComponent(parsed.path);
  } catch {
    return { status: 400, reason: 'malformed-encoding' };
  }
  if (/[\0\\]/.test(decoded)) return { status: 400, reason: 'forbidden-character' };
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return { status: 400, reason: 'dot-segment' };
  return { path: parsed.path, decoded };
}

/**
 * A redirect's `Location`: the destination, with the request's query string kept unless the
 * destination has a query of its own.
 */
export function redirectLocation(target: string, destination: string): string {
  const query = target.includes('?') ? target.slice(target.indexOf('?')) : '';
  return destination.includes('?') ? destination : destination + query;
}

/**
 * The first step of both servers: a request whose `Host` is not allowed gets 403 (DNS
 * rebinding, see `isAllowedHost`), one whose target `parseRequestPath` refuses gets its status;
 * both are answered here. Otherwise the path, raw and decoded, for the routes.
 */
export function acceptRequest(request: IncomingMessage, response: ServerResponse, allowedHosts: readonly string[]): { path: string; decoded: string } | undefined {
  if (!isAllowedHost(request.headers.host, allowedHosts)) {
    sendStatus(response, request, 403);
    return undefined;
  }
  const target = parseRequestPath(request.url ?? '/');
  if ('status' in target) {
    sendStatus(response, request, target.status);
    return undefined;
  }
  return target;
}
