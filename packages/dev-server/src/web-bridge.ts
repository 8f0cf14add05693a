import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

// The dev server's handlers written against the web's `Request`/`Response` (the try-it proxy,
// the MCP endpoint, which also run as serverless functions) meet Node's server here.

/** Node's request as a web `Request`, its body streamed (not read) when the method has one. */
export function toWebRequest(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(`http://${request.headers.host ?? 'localhost'}${request.url ?? '/'}`, {
    method: request.method,
    headers,
    body: hasBody ? (Readable.toWeb(request) as ReadableStream<Uint8Array>) : null,
    duplex: 'half',
  } as RequestInit);
}

/** Writes a web `Response` to Node's response (no body for `HEAD`). */
export async function sendWebResponse(request: IncomingMessage, response: ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  answer.headers.forEach((value, name) => response.setHeader(name, value));
  response.setHeader('content-length', body.length);
  response.writeHead(answer.status);
  response.end(request.method === 'HEAD' ? undefined : body);
  // A body the handler did not read (refused before it) is drained, so the connection is not left waiting.
  if (!request.complete) request.resume();
}
