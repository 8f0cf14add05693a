// A mock API for the proxy tests: a real node:http server on 127.0.0.1, port 0, that records
// what reached it and answers by path.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface MockApi {
  origin: string;
  port: number;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * Routes:
 * - `/echo`: 201 with the request as JSON (`method`, `url`, `headers`, `body` in base64), a
 *   `set-cookie`, a custom header, and a header named in `Connection` (hop-by-hop);
 * - `/redirect?to=<url>&status=<n>`: a redirect to `to`;
 * - `/loop`: redirects to itself;
 * - `/bytes?n=<n>`: `n` bytes, streamed in 100-byte chunks without `content-length`;
 * - `/hang`: never answers.
 */
export async function startMockApi(): Promise<MockApi> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const url = new URL(request.url ?? '/', 'http://mock');
      if (url.pathname === '/echo') {
        const json = JSON.stringify({ method: request.method, url: request.url, headers: request.headers, body: body.toString('base64') });
        response.writeHead(201, {
          'content-type': 'application/json',
          'set-cookie': ['session=upstream; Path=/', 'other=1'],
          'x-api-version': '7',
          connection: 'close, x-hop',
          'x-hop': 'private to this connection',
          'clear-site-data': '"storage"',
        });
        response.end(json);
      } else if (url.pathname === '/redirect') {
        response.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/' });
        response.end();
      } else if (url.pathname === '/loop') {
        response.writeHead(302, { location: '/loop' });
        response.end();
      } else if (url.pathname === '/bytes') {
        let left = Number(url.searchParams.get('n'));
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        const write = (): void => {
          while (left > 0) {
            const size = Math.min(100, left);
            left -= size;
            if (!response.write(Buffer.alloc(size, 97))) {
              response.once('drain', write);
              return;
            }
          }
          response.end();
        };
        write();
      } else if (url.pathname === '/hang') {
        // No answer: the proxy's time limit ends the exchange.
      } else {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('not found');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A `Request` to the proxy route with a JSON envelope, as the try-it form sends it. */
export function proxyRequest(envelope: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://docs.localhost:3000/_docsgen/proxy', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof envelope === 'string' ? envelope : JSON.stringify(envelope),
  });
}

/** The `{ error: { code } }` of a proxy refusal, with its status. */
export async function errorOf(response: Response): Promise<string> {
  assertHeader(response, 'x-docsgen-proxy', 'error');
  const json = (await response.json()) as { error: { code: string; message: string } };
  if (typeof json.error.message !== 'string' || json.error.message.length === 0) throw new Error('error without a message');
  return `${response.status} ${json.error.code}`;
}

function assertHeader(response: Response, name: string, value: string): void {
  if (response.headers.get(name) !== value) throw new Error(`expected ${name}: ${value}, got ${response.headers.get(name)} (status ${response.status})`);
}
