import { createNodeSend, handleProxyRequest, type Site } from '@docsgen/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

const send = createNodeSend();

/**
 * `POST /_docsgen/proxy`: the try-it form's CORS proxy (`handleProxyRequest` of @docsgen/core),
 * forwarding only to the site's API origins, when docs.json `api.playground.proxy` is `true`
 * (404 otherwise). Requests sent from another site's page are refused (403), so no other web
 * page can use a developer's running dev server as its proxy.
 */
export async function serveProxy(site: Site, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (!site.api.playground.proxy) {
    const body = `${JSON.stringify({ error: { code: 'proxy-disabled', message: 'The try-it proxy is off: set `api.playground.proxy` to `true` in docs.json' } })}\n`;
    response.writeHead(404, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'X-Docsgen-Proxy': 'error',
      'X-Content-Type-Options': 'nosniff',
    });
    response.end(body);
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const webRequest = new Request(`http://${request.headers.host ?? 'localhost'}${request.url ?? '/'}`, {
    method: request.method,
    headers,
    body: hasBody ? (Readable.toWeb(request) as ReadableStream<Uint8Array>) : null,
    duplex: 'half',
  } as RequestInit);
  const answer = await handleProxyRequest(webRequest, { allowedOrigins: site.apiOrigins, send });
  const body = Buffer.from(await answer.arrayBuffer());
  answer.headers.forEach((value, name) => response.setHeader(name, value));
  response.setHeader('content-length', body.length);
  response.writeHead(answer.status);
  response.end(request.method === 'HEAD' ? undefined : body);
}
