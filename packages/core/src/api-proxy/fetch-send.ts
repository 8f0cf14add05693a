/**
 * The API proxy's upstream requests with the platform's `fetch`, for runtimes without node:http
 * (Cloudflare Workers and Pages Functions).
 */
import type { ProxySend } from './handle-proxy-request.js';

/**
 * A `send` for `handleProxyRequest` built on `fetch` with `redirect: 'manual'`, so the handler
 * sees and checks every redirect. `fetch` resolves host names itself, out of the handler's reach:
 * only IP literals are checked (by the handler). That is safe where the runtime cannot reach
 * private networks at all, as on Cloudflare, whose Workers connect only to public addresses; on
 * Node, use `createNodeSend`. `fetch` decodes compressed bodies, so `content-encoding` is dropped.
 */
export function createFetchSend(fetchFunction: typeof fetch = fetch): ProxySend {
  return async ({ method, url, headers, body, signal }) => {
    const response = await fetchFunction(url.href, { method, headers, body, signal, redirect: 'manual' });
    const passed = new Headers(response.headers);
    passed.delete('content-encoding');
    const hasBody = ![101, 103, 204, 205, 304].includes(response.status);
    return new Response(hasBody ? response.body : null, { status: response.status, headers: passed });
  };
}
