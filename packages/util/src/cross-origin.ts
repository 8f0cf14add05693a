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
 * `cross-site` or `same-site`, or the `Origin` names another host (or cannot be parsed).
 * Requests without either header (curl, server-to-server) are not cross-origin.
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
