/**
 * The try-it form's CORS proxy as one web-standard handler (`Request` in, `Response` out), so the
 * dev server and each platform's serverless function run the same code. Pure code: the network
 * is reached only through `options.send`.
 */
import { isCrossOrigin } from '@docsgen/util/cross-origin';
import { addressRefused, classifyAddress, isAddressRefused, isIpLiteral, isLocalOrigin } from './address-rules.js';
import { parseProxyEnvelope, type ProxyEnvelope } from './proxy-envelope.js';
import { dropCredentials, filterRequestHeaders, filterResponseHeaders } from './proxy-headers.js';

/** One upstream request, sent as is: `send` must not follow redirects (the handler does, checking each). */
export interface ProxySendInput {
  method: string;
  url: URL;
  headers: Headers;
  body: Uint8Array<ArrayBuffer> | undefined;
  /** Aborted when the time is up; the request and the reading of its body must stop. */
  signal: AbortSignal;
  /** Whether the target may be a local address (the allowed origin is itself local); otherwise every resolved address must be public. */
  allowLocalAddresses: boolean;
}

/** Sends one request upstream; rejects with an `AddressRefusedError` for a refused address. */
export type ProxySend = (input: ProxySendInput) => Promise<Response>;

export interface ProxyOptions {
  /** Origins requests may go to (`scheme://host:port`, as `new URL(x).origin`); required. */
  allowedOrigins: readonly string[];
  /** Performs the upstream request (`createNodeSend()` on Node, `createFetchSend()` elsewhere); required. */
  send: ProxySend;
  /** Largest request body forwarded, in bytes (default: 10 MB). */
  maxRequestBytes?: number | null | undefined;
  /** Largest response body passed back, in bytes; a longer one is cut off with `proxy-too-large` (default: 10 MB). */
  maxResponseBytes?: number | null | undefined;
  /** Time for the whole exchange, redirects and response body included, in milliseconds (default: 30000). */
  timeoutMs?: number | null | undefined;
  /** Redirects followed, each checked like the first target (default: 5). */
  maxRedirects?: number | null | undefined;
  /** Refuse requests a browser sent from another site's page (`Origin`, `Sec-Fetch-Site`) (default: `true`). */
  checkOrigin?: boolean | null | undefined;
}

/** `ProxyOptions` with every default applied. */
export interface ResolvedProxyOptions {
  allowedOrigins: ReadonlySet<string>;
  send: ProxySend;
  maxRequestBytes: number;
  maxResponseBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  checkOrigin: boolean;
}

const defaults = { maxRequestBytes: 10 * 1024 * 1024, maxResponseBytes: 10 * 1024 * 1024, timeoutMs: 30_000, maxRedirects: 5, checkOrigin: true } as const;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

/** Resolves `options` once: defaults applied, allowed origins normalised (invalid and non-http(s) ones left out). */
export function resolveProxyOptions(options: ProxyOptions): ResolvedProxyOptions {
  const origins = new Set<string>();
  for (const origin of options.allowedOrigins) {
    try {
      const url = new URL(origin);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // Not a URL: allows nothing.
    }
  }
  return {
    allowedOrigins: origins,
    send: options.send,
    maxRequestBytes: options.maxRequestBytes ?? defaults.maxRequestBytes,
    maxResponseBytes: options.maxResponseBytes ?? defaults.maxResponseBytes,
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    maxRedirects: options.maxRedirects ?? defaults.maxRedirects,
    checkOrigin: options.checkOrigin ?? defaults.checkOrigin,
  };
}

/**
 * Answers one `POST` of the try-it form: forwards the request its JSON envelope describes to an
 * allowed origin and answers with the API's status, headers and body (`x-docsgen-proxy: upstream`),
 * or refuses with JSON `{ error: { code, message } }` and `x-docsgen-proxy: error`:
 * `proxy-method-not-allowed` 405, `proxy-origin-refused` 403, `proxy-request-invalid` 400/415,
 * `proxy-request-too-large` 413, `proxy-target-refused` 403, `proxy-too-many-redirects` 502,
 * `proxy-too-large` 502, `proxy-upstream-unreachable` 502, `proxy-timeout` 504.
 */
export async function handleProxyRequest(request: Request, options: ProxyOptions): Promise<Response> {
  const resolved = resolveProxyOptions(options);
  if (request.method !== 'POST') {
    return proxyError(405, 'proxy-method-not-allowed', `The proxy accepts only \`POST\`, not \`${request.method}\``, { allow: 'POST' });
  }
  if (resolved.checkOrigin && isCrossOrigin({ secFetchSite: request.headers.get('sec-fetch-site'), origin: request.headers.get('origin'), host: new URL(request.url).host })) {
    return proxyError(403, 'proxy-origin-refused', "The proxy serves only this site's own pages, and this request came from another site");
  }
  if (!/^application\/json\s*(?:;|$)/i.test(request.headers.get('content-type') ?? '')) {
    return proxyError(415, 'proxy-request-invalid', 'The proxy expects `content-type: application/json`');
  }
  // The body travels in base64 (4 characters for 3 bytes), plus room for the URL and headers.
  const text = await readText(request, Math.ceil((resolved.maxRequestBytes * 4) / 3) + 1024 * 1024);
  if (text === undefined) return proxyError(413, 'proxy-request-too-large', `The request is larger than the proxy's limit of ${formatBytes(resolved.maxRequestBytes)}`);
  const envelope = parseProxyEnvelope(text);
  if ('problem' in envelope) return proxyError(400, 'proxy-request-invalid', envelope.problem);
  if ((envelope.body?.length ?? 0) > resolved.maxRequestBytes) {
    return proxyError(413, 'proxy-request-too-large', `The request body is larger than the proxy's limit of ${formatBytes(resolved.maxRequestBytes)}`);
  }

  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, resolved.timeoutMs);
  try {
    return await forward(envelope, resolved, controller.signal);
  } catch (error) {
    if (isTimedOut) return proxyError(504, 'proxy-timeout', `The API did not answer within ${resolved.timeoutMs / 1000} s`, undefined, 'timeout');
    if (isAddressRefused(error)) return proxyError(403, 'proxy-target-refused', error.message);
    const reason = error instanceof Error ? describeNetworkError(error) : String(error);
    return proxyError(502, 'proxy-upstream-unreachable', `The proxy could not reach the API: ${reason}`, undefined, networkCause(error));
  } finally {
    clearTimeout(timer);
  }
}

async function forward(envelope: ProxyEnvelope, options: ResolvedProxyOptions, signal: AbortSignal): Promise<Response> {
  let { method, url, body } = envelope;
  let headers = filterRequestHeaders(envelope.headers);
  for (let redirects = 0; ; redirects += 1) {
    const refusal = checkTarget(url, options.allowedOrigins);
    if (refusal) return proxyError(403, 'proxy-target-refused', redirects === 0 ? refusal : `The API redirected to \`${url.href}\`, which the proxy does not follow: ${refusal}`);
    const response = await options.send({ method, url, headers, body, signal, allowLocalAddresses: isLocalOrigin(url.origin) });
    const location = response.headers.get('location');
    if (!redirectStatuses.has(response.status) || location === null) return passBack(response, options, signal);
    await response.body?.cancel().catch(() => undefined);
    if (redirects === options.maxRedirects) return proxyError(502, 'proxy-too-many-redirects', `The API redirected more than ${options.maxRedirects} times`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return proxyError(502, 'proxy-upstream-unreachable', `The API redirected to an invalid URL: \`${location.slice(0, 200)}\``);
    }
    next.hash = '';
    if (next.origin !== url.origin) headers = dropCredentials(headers);
    // As browsers do: 303 turns any method but HEAD into GET, 301 and 302 turn POST into GET.
    if ((response.status === 303 && method !== 'HEAD') || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      headers.delete('content-type');
    }
    url = next;
  }
}

/** Why the proxy may not send to `url`, or `undefined`. */
function checkTarget(url: URL, allowed: ReadonlySet<string>): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `\`${url.protocol}\` URLs are not forwarded, only \`http:\` and \`https:\``;
  if (url.username || url.password) return 'URLs with a user name or password are not forwarded; send credentials in a header';
  if (!allowed.has(url.origin)) {
    const list = [...allowed].map((origin) => `\`${origin}\``).join(', ');
    return `\`${url.origin}\` is not one of this site's API origins (${list || 'none are configured'})`;
  }
  // A literal address is never looked up, so it is checked here rather than in `send`.
  if (isIpLiteral(url.hostname) && !isLocalOrigin(url.origin)) {
    const kind = classifyAddress(url.hostname);
    if (kind) return addressRefused(url.hostname, url.hostname, kind).message;
  }
  return undefined;
}

async function passBack(response: Response, options: ResolvedProxyOptions, signal: AbortSignal): Promise<Response> {
  const bytes = await readCapped(response.body, options.maxResponseBytes, signal);
  if (bytes === undefined) return proxyError(502, 'proxy-too-large', `The API's answer is larger than the proxy's limit of ${formatBytes(options.maxResponseBytes)}`);
  const hasBody = !nullBodyStatuses.has(response.status);
  return new Response(hasBody ? bytes : null, { status: response.status, headers: filterResponseHeaders(response.headers, hasBody ? bytes.length : 0) });
}

/** The stream's bytes, or `undefined` (and the stream cancelled) as soon as they pass `limit`. */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number, signal?: AbortSignal): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const onAbort = (): void => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      length += value.length;
      if (length > limit) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

async function readText(request: Request, limit: number): Promise<string | undefined> {
  const bytes = await readCapped(request.body, limit);
  return bytes && new TextDecoder().decode(bytes);
}

/** Node's fetch and node:http hide the reason in `cause` or `code`. */
function describeNetworkError(error: Error): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = (error as { code?: string }).code ?? cause?.code;
  const message = cause?.message ?? error.message;
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/** What kind of network failure an error is, for the try-it form's one-sentence summary. */
export type ProxyFailureCause = 'dns' | 'refused' | 'reset' | 'tls' | 'timeout' | 'network';

/** `dns` (the name did not resolve), `refused`, `reset`, `tls`, `timeout`, else `network`, read from Node's error codes. */
function networkCause(error: unknown): ProxyFailureCause {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = String((error as { code?: unknown } | null)?.code ?? cause?.code ?? '');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') return 'dns';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET') return 'reset';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'timeout';
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return 'tls';
  return 'network';
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${bytes} bytes`;
}

/**
 * A refusal or failure of the proxy itself, in the contract's JSON shape; a network failure
 * also names its `cause` (`dns`, `refused`, …), which a browser cannot learn by itself.
 */
export function proxyError(status: number, code: string, message: string, extra?: Record<string, string>, cause?: ProxyFailureCause): Response {
  return new Response(`${JSON.stringify({ error: cause === undefined ? { code, message } : { code, message, cause } })}\n`, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-docsgen-proxy': 'error', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', ...extra },
  });
}
