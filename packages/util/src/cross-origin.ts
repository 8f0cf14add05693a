/** The request headers that say where a browser request came from. */
export interface RequestOriginHeaders {
  /** The `Sec-Fetch-Site` header, when sent. */
  secFetchSite?: string | null | undefined;
  /** The `Origin` header, when sent. */
  origin?: string | null | undefined;
  /** The host this server was reached at (`Host` header or the request URL's host). */
  host: string;
}

/**
 * Whether a browser sent the request from a page of another site: `Sec-Fetch-Site` says
 * `cross-site` or `same-site` (a sibling subdomain is another site's page too), or the `Origin`
 * names another host (or cannot be parsed, as `null`). Requests without either header (curl,
 * an MCP client, server-to-server) are not cross-origin. The one origin check of docsgen's
 * servers: the try-it proxy, the dev server, and the MCP endpoint (dev, preview, functions),
 * which the MCP specification asks to check `Origin` against DNS rebinding.
 */
export function isCrossOrigin(headers: RequestOriginHeaders): boolean {
  const site = headers.secFetchSite;
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = headers.origin;
  if (origin === undefined || origin === null) return false;
  try {
    return new URL(origin).host.toLowerCase() !== headers.host.toLowerCase();
  } catch {
    return true;
  }
}
