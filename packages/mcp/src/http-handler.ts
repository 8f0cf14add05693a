import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isCrossOrigin } from '@docsgen/util/cross-origin';
import type { DocsMcp } from './docs-mcp.js';

/** Options of `handleMcpHttpRequest`. */
export interface McpHttpOptions {
  /**
   * Whether the request's `Host` header names this server (default: every host is accepted, as
   * for a deployed function, which its host only reaches through the site's own domain).
   */
  isAllowedHost?: ((host: string | null) => boolean) | null | undefined;
  /** Largest request body, in bytes (default: 65536; a JSON-RPC call to these tools is a few hundred). */
  maxBodyBytes?: number | null | undefined;
}

/** The URL path the MCP endpoint is served at, in dev, preview and every adapter that runs it. */
export const mcpRoute = '/mcp';

const defaults = { maxBodyBytes: 65_536 };

/**
 * Answers one Streamable HTTP request to the MCP endpoint: the one place an HTTP request to it
 * is checked, before any of it reaches the SDK. In order: a `Host` that `isAllowedHost` refuses
 * is 403; a browser request from another site (`isCrossOrigin` of @docsgen/util, the check the
 * try-it proxy and the dev server make: an `Origin` naming another host, `null`, or
 * `Sec-Fetch-Site: cross-site` or `same-site`) is 403, as the MCP specification asks against
 * DNS rebinding;
 * any method but `POST` is 405 (the server is stateless: no session, no event stream to
 * `GET`); a body that is not `application/json` is 415; one over `maxBodyBytes` (declared or
 * streamed) is 413; malformed JSON is a JSON-RPC parse error (400), and JSON that is not a
 * JSON-RPC 2.0 message an invalid request (400). Then a new server and a
 * stateless transport answer the call, in JSON, and are closed: nothing is kept between
 * requests.
 *
 * @param request
 *   The request, with its absolute URL as the client addressed it.
 * @param docs
 *   The site's server (`createDocsMcp`).
 */
export async function handleMcpHttpRequest(request: Request, docs: DocsMcp, options?: McpHttpOptions | null): Promise<Response> {
  const maxBodyBytes = options?.maxBodyBytes ?? defaults.maxBodyBytes;
  const url = new URL(request.url);
  if (options?.isAllowedHost && !options.isAllowedHost(request.headers.get('host'))) return refuse(403, 'The `Host` header does not name this server');
  const origin = request.headers.get('origin');
  if (isCrossOrigin({ secFetchSite: request.headers.get('sec-fetch-site'), origin, host: url.host })) {
    return refuse(403, `Requests from another site${origin ? ` (${origin})` : ''} may not use this MCP server`);
  }
  if (request.method !== 'POST') return refuse(405, 'This MCP server is stateless: send JSON-RPC messages with `POST`', { Allow: 'POST' });
  if (!/^application\/json\s*(?:;|$)/i.test(request.headers.get('content-type') ?? '')) return refuse(415, 'Send the JSON-RPC message with `Content-Type: application/json`');
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBodyBytes) return refuse(413, `The request body is larger than ${maxBodyBytes} bytes`);
  const text = await readCapped(request, maxBodyBytes);
  if (text === undefined) return refuse(413, `The request body is larger than ${maxBodyBytes} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return refuse(400, `Parse error: ${(error as Error).message}`, {}, -32700);
  }
  if (!(Array.isArray(body) ? body.length > 0 && body.every(isJsonRpcMessage) : isJsonRpcMessage(body))) {
    return refuse(400, 'Invalid Request: expected a JSON-RPC 2.0 message (`jsonrpc: "2.0"` and a `method`, or a response), or a non-empty array of them', {}, -32600);
  }

  const server = await docs.createServer({ origin: url.origin });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const answer = await transport.handleRequest(new Request(request.url, { method: 'POST', headers: request.headers }), { parsedBody: body });
    const headers = new Headers(answer.headers);
    headers.set('Cache-Control', 'no-store');
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(await answer.arrayBuffer(), { status: answer.status, headers });
  } finally {
    await server.close();
  }
}

/** A JSON-RPC 2.0 request, notification or response, by its shape; the SDK checks the rest. */
function isJsonRpcMessage(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const message = value as Record<string, unknown>;
  return message.jsonrpc === '2.0' && (typeof message.method === 'string' || 'result' in message || 'error' in message);
}

/** The body as text, or `undefined` once it passes `limit` bytes (reading stops there). */
async function readCapped(request: Request, limit: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** A JSON-RPC error answer, as the SDK's transport writes its own. */
function refuse(status: number, message: string, headers: Record<string, string> = {}, code = -32000): Response {
  return new Response(`${JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null })}\n`, {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers },
  });
}
