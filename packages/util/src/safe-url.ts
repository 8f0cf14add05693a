// The one place URLs from untrusted input (page props, docs.json, API specs) are checked
// before they become an `href`, a `src` or a request target. See COMPAT 6.3: never emit
// `javascript:`.

// Schemes a page link may use; anything else with a scheme (`javascript:`, `vbscript:`,
// `data:`) becomes `#`.
const allowedLinkSchemes = new Set(['http', 'https', 'mailto', 'tel', 'ftp']);
const blockedSourceSchemes = new Set(['javascript', 'vbscript']);

/** Scheme of a URL the way a browser reads it: tabs, newlines and leading controls ignored. */
function schemeOf(url: string): string | undefined {
  // Browsers strip leading C0 controls and spaces, and remove tabs and newlines anywhere.
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned);
  return match?.[1]?.toLowerCase();
}

/**
 * A safe `href`: relative URLs, fragments and `http(s)`, `mailto`, `tel`, `ftp` URLs pass;
 * any other scheme (`javascript:` and friends) becomes `#`.
 */
export function sanitizeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  const scheme = schemeOf(href);
  return scheme === undefined || allowedLinkSchemes.has(scheme) ? href : '#';
}

/** A safe `src` for images: everything except `javascript:`/`vbscript:` (`data:` images are fine). */
export function sanitizeSrc(src: unknown): string | undefined {
  if (typeof src !== 'string') return undefined;
  const scheme = schemeOf(src);
  return scheme !== undefined && blockedSourceSchemes.has(scheme) ? undefined : src;
}

/** Schemes a link in spec content may use. */
export const safeLinkProtocols: readonly string[] = ['http', 'https', 'mailto'];

export interface SafeUrlOptions {
  /** Schemes accepted, without the colon (default: `['http', 'https', 'mailto']`). */
  protocols?: readonly string[] | null | undefined;
  /** Accepts URLs without a scheme, such as `/v1` or `docs/intro` (default: `true`). */
  allowRelative?: boolean | null | undefined;
}

/**
 * The stricter check every URL from an API spec passes before it becomes a link or a request
 * target (`termsOfService`, `contact.url`, `license.url`, `externalDocs.url`, server URLs).
 * Tabs and line breaks are removed first, as browsers do (`java\tscript:` is `javascript:` to
 * them).
 *
 * @returns
 *   The URL, trimmed and without tabs or line breaks, or `undefined` when it is not a string,
 *   holds other control characters or HTML character references, or uses a scheme outside
 *   `protocols`.
 */
export function safeUrl(url: unknown, options?: SafeUrlOptions | null): string | undefined {
  if (typeof url !== 'string') return undefined;
  const cleaned = url.replace(/[\t\n\r]/g, '').trim();
  // Other control characters (and the ones browsers strip at the ends) have no place in a URL.
  // eslint-disable-next-line no-control-regex
  if (cleaned === '' || /[\u0000-\u001f\u007f]/.test(cleaned)) return undefined;
  // A character reference (`&#x09;`, `&colon;`) is harmless only until something decodes it.
  if (/&(#|[a-z\d]+;)/i.test(cleaned)) return undefined;
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(cleaned)?.[1];
  if (scheme === undefined) {
    // `\\evil` and `/\evil` are read as `//evil` by browsers: still an http(s) link, and fine.
    return (options?.allowRelative ?? true) ? cleaned : undefined;
  }
  const protocols = options?.protocols ?? safeLinkProtocols;
  return protocols.includes(scheme.toLowerCase()) ? cleaned : undefined;
}
