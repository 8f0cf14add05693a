import { createNodeSend, handleProxyRequest, type Site } from '@docsgen/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendWebResponse, toWebRequest } from './web-bridge.js';

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
  const answer = await handleProxyRequest(toWebRequest(request), { allowedOrigins: site.apiOrigins, send });
  await sendWebResponse(request, response, answer);
}
