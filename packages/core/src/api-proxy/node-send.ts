/**
 * The API proxy's upstream requests on Node (the dev server, Netlify and Vercel functions), over
 * node:http/https, with the address rules applied where the connection is made.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { addressRefused, classifyAddress } from './address-rules.js';
import type { ProxySend } from './handle-proxy-request.js';

/** Resolves a host name to its addresses (as `dns.lookup` with `all: true`). */
export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export interface NodeSendOptions {
  /** How host names are resolved (default: `dns.lookup`, the system resolver). Tests pass their own to simulate DNS. */
  resolveHost?: ResolveHost | null | undefined;
}

const systemResolve: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * A `send` for `handleProxyRequest` on Node. Host names are resolved by the connection's own
 * `lookup`, which refuses the connection when any address is not public (unless the origin is
 * local): the address checked is the address connected to, so a DNS answer that changes between
 * a check and the connection (DNS rebinding) cannot slip through. Each request opens its own
 * connection (no pooled socket from another check), and redirects are returned, not followed.
 * The body is passed on as sent (a compressed body stays compressed, with its `content-encoding`).
 */
export function createNodeSend(options?: NodeSendOptions | null): ProxySend {
  const resolveHost = options?.resolveHost ?? systemResolve;
  return ({ method, url, headers, body, signal, allowLocalAddresses }) =>
    new Promise((resolve, reject) => {
      const outgoing: Record<string, string> = {};
      headers.forEach((value, name) => {
        outgoing[name] = value;
      });
      if (body) outgoing['content-length'] = String(body.length);
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)({
        method,
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: outgoing,
        agent: false,
        lookup: checkedLookup(resolveHost, allowLocalAddresses),
        signal,
      });
      request.once('error', reject);
      request.once('response', (response: IncomingMessage) => {
        try {
          resolve(toWebResponse(response, method));
        } catch (error) {
          response.destroy();
          reject(error);
        }
      });
      request.end(body);
    });
}

/** A `lookup` for `net.connect` that fails when a resolved address is not allowed. */
function checkedLookup(resolveHost: ResolveHost, allowLocalAddresses: boolean): LookupFunction {
  return (hostname: string, options: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    resolveHost(hostname).then(
      (found) => {
        const addresses = options.family ? found.filter((entry) => entry.family === options.family) : found;
        const first = addresses[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`\`${hostname}\` has no address`);
          error.code = 'ENOTFOUND';
          callback(error, '');
          return;
        }
        if (!allowLocalAddresses) {
          for (const entry of addresses) {
            const kind = classifyAddress(entry.address);
            if (kind) {
              callback(addressRefused(hostname, entry.address, kind), '');
              return;
            }
          }
        }
        if (options.all) callback(null, addresses.map((entry) => ({ address: entry.address, family: entry.family })));
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

function toWebResponse(response: IncomingMessage, method: string): Response {
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 599) throw new Error(`The API answered with status ${status}`);
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index] as string, raw[index + 1] as string);
    } catch {
      // A header the web `Headers` cannot hold is not passed back.
    }
  }
  const hasBody = method !== 'HEAD' && ![204, 205, 304].includes(status);
  if (!hasBody) response.resume();
  return new Response(hasBody ? (Readable.toWeb(response) as ReadableStream<Uint8Array>) : null, { status, headers });
}
