// A small local API for the try-it browser tests: one server that answers with CORS headers
// for the allowed docs origins (preflight included) and one that sends none. Both record every
// request they receive, so tests can check what actually reached the API (headers included).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the mock API received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query as sent (`/users/a%20b?x=1`). */
  url: string;
  /** The `Host` header: which name the browser used to reach the server. */
  host: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A running mock API server. */
export interface MockApi {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  requests: RecordedRequest[];
  /** Requests other than CORS preflights. */
  sent(): RecordedRequest[];
  close(): Promise<void>;
}

/** The two servers: `cors` answers the allowed origins, `plain` has no CORS headers at all. */
export interface MockApis {
  cors: MockApi;
  plain: MockApi;
  /** Origins (`http://127.0.0.1:1234`) the CORS server allows; add the docs site's once it listens. */
  allowedOrigins: Set<string>;
  close(): Promise<void>;
}

const allowedHeaders = 'authorization, x-api-key, content-type, x-trace';

// Fixed answers by path, one per way the response panel shows a body; `…/missing…` answers 404;
// every other path echoes the request as JSON.
const files: Record<string, { type: string; body: Buffer }> = {
  // A 1×1 PNG.
  '/files/pixel.png': {
    type: 'image/png',
    body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  },
  '/files/note.txt': { type: 'text/plain; charset=utf-8', body: Buffer.from('<b>plain</b> text\n') },
  '/files/data.bin': { type: 'application/octet-stream', body: Buffer.from([0, 1, 2, 3]) },
};

/** Starts both mock APIs on free ports of 127.0.0.1. */
export async function startMockApis(): Promise<MockApis> {
  const allowedOrigins = new Set<string>();
  const cors = await startMockApi((origin) => (origin !== undefined && allowedOrigins.has(origin) ? origin : undefined));
  const plain = await startMockApi(() => undefined);
  return {
    cors,
    plain,
    allowedOrigins,
    async close() {
      await Promise.all([cors.close(), plain.close()]);
    },
  };
}

async function startMockApi(allowOrigin: (origin: string | undefined) => string | undefined): Promise<MockApi> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        host: request.headers.host ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const allowed = allowOrigin(request.headers.origin);
      const corsHeaders: Record<string, string> = allowed
        ? { 'access-control-allow-origin': allowed, 'access-control-allow-credentials': 'true', 'access-control-expose-headers': 'x-mock', vary: 'Origin' }
        : {};
      if (recorded.method === 'OPTIONS') {
        response.writeHead(204, allowed ? { ...corsHeaders, 'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE', 'access-control-allow-headers': allowedHeaders } : {});
        response.end();
        return;
      }
      const file = files[recorded.url];
      if (file) {
        response.writeHead(200, { ...corsHeaders, 'content-type': file.type });
        response.end(file.body);
        return;
      }
      // `…/missing…`: a JSON 404, for the response example that follows the status received.
      if (/\/missing\b/.test(recorded.url)) {
        response.writeHead(404, { ...corsHeaders, 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'not found' }));
        return;
      }
      const echo = {
        method: recorded.method,
        url: recorded.url,
        authorization: request.headers.authorization ?? null,
        contentType: request.headers['content-type'] ?? null,
        body: recorded.body.toString('utf8'),
      };
      response.writeHead(200, { ...corsHeaders, 'content-type': 'application/json', 'x-mock': 'yes' });
      response.end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    sent: () => requests.filter((request) => request.method !== 'OPTIONS'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
