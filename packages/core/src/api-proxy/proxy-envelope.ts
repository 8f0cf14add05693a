/**
 * The JSON the try-it form posts to the proxy (`{ method, url, headers, body }`, body in base64),
 * read and checked. Pure code, bundled into the serverless functions.
 */

/** Methods the proxy forwards; `CONNECT` and `TRACE` never. */
export const proxyMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** One request to forward, as the reader's browser described it. */
export interface ProxyEnvelope {
  method: (typeof proxyMethods)[number];
  url: URL;
  headers: Headers;
  body: Uint8Array<ArrayBuffer> | undefined;
}

/**
 * Reads an envelope from JSON text.
 *
 * @returns
 *   The envelope, or a sentence saying what is wrong with it.
 */
export function parseProxyEnvelope(text: string): ProxyEnvelope | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'The request body is not JSON: expected `{ "method", "url", "headers", "body" }`' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'The request body must be a JSON object with `method` and `url`' };
  const { method, url, headers, body } = value as Record<string, unknown>;
  const upper = typeof method === 'string' ? method.toUpperCase() : undefined;
  if (!upper || !(proxyMethods as readonly string[]).includes(upper)) {
    return { problem: `Unexpected \`method\` ${JSON.stringify(method ?? null)}, expected one of ${proxyMethods.map((name) => `\`${name}\``).join(', ')}` };
  }
  if (typeof url !== 'string') return { problem: '`url` must be a string: the absolute URL of the API request' };
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { problem: `\`url\` is not an absolute URL: \`${url.slice(0, 200)}\`` };
  }
  target.hash = '';
  const parsedHeaders = new Headers();
  if (headers !== undefined && headers !== null) {
    if (typeof headers !== 'object' || Array.isArray(headers)) return { problem: '`headers` must be an object of header names to string values' };
    for (const [name, headerValue] of Object.entries(headers)) {
      if (typeof headerValue !== 'string') return { problem: `Header \`${name}\` must have a string value` };
      try {
        parsedHeaders.append(name, headerValue);
      } catch {
        return { problem: `Header \`${name.slice(0, 100)}\` is not a valid header name and value` };
      }
    }
  }
  let bytes: Uint8Array<ArrayBuffer> | undefined;
  if (body !== undefined && body !== null) {
    if (typeof body !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0) {
      return { problem: '`body` must be base64 text, or `null`' };
    }
    if (upper === 'GET' || upper === 'HEAD') return { problem: `A \`${upper}\` request cannot have a body` };
    bytes = decodeBase64(body);
  }
  return { method: upper as ProxyEnvelope['method'], url: target, headers: parsedHeaders, body: bytes };
}

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
