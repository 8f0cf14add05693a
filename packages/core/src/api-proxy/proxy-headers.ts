/**
 * Which headers cross the API proxy, each way. Pure code, bundled into the serverless functions.
 */

/** Hop-by-hop headers (RFC 9110 section 7.6.1, plus the old `keep-alive` and `proxy-*` ones): they describe one connection, not the message. */
const hopByHop = new Set(['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/**
 * Request headers never forwarded: the reader's cookies for the docs site, the browser's own
 * `host`, `origin` and `referer` (they name the docs site, not the reader's intent), and
 * `content-length`, which the proxy sets from the body it sends.
 */
const droppedRequest = new Set(['cookie', 'cookie2', 'host', 'origin', 'referer', 'content-length']);

/**
 * Response headers never passed back: cookies (they would be set on the docs site's origin), and
 * headers that would act on the docs site's origin rather than describe the API's answer
 * (`clear-site-data` would wipe the reader's stored credentials, HSTS and `alt-svc` would pin the
 * docs host). `content-length` is set again from the body the proxy sends.
 */
const droppedResponse = new Set([
  'set-cookie', 'set-cookie2', 'content-length', 'clear-site-data', 'strict-transport-security', 'alt-svc', 'public-key-pins', 'public-key-pins-report-only',
]);

/** Request headers the proxy sends upstream: the reader's `headers` minus cookies, hop-by-hop and browser-identity headers. */
export function filterRequestHeaders(headers: Headers): Headers {
  return filter(headers, droppedRequest);
}

/**
 * Response headers the proxy sends back: the API's, minus cookies, hop-by-hop and
 * origin-wide headers, plus `x-docsgen-proxy: upstream`, and a sandboxing policy: the answer
 * is served from the docs site's origin, so it must never run as a page of that origin.
 */
export function filterResponseHeaders(headers: Headers, bodyLength: number): Headers {
  const result = filter(headers, droppedResponse);
  result.set('content-length', String(bodyLength));
  result.set('x-docsgen-proxy', 'upstream');
  result.set('x-content-type-options', 'nosniff');
  result.set('content-security-policy', "default-src 'none'; sandbox");
  result.set('cache-control', 'no-store');
  return result;
}

/** Credentials that must not follow a redirect to another origin (as browsers do, Fetch standard "HTTP-redirect fetch"). */
export function dropCredentials(headers: Headers): Headers {
  const result = new Headers(headers);
  result.delete('authorization');
  result.delete('proxy-authorization');
  return result;
}

function filter(headers: Headers, dropped: Set<string>): Headers {
  // Headers a `Connection` header names are hop-by-hop too.
  const named = new Set((headers.get('connection') ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean));
  const result = new Headers();
  headers.forEach((value, name) => {
    if (dropped.has(name) || hopByHop.has(name) || named.has(name) || name.startsWith('proxy-')) return;
    result.append(name, value);
  });
  return result;
}
