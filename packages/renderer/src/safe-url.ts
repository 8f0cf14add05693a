// Schemes a link may use; anything else with a scheme (`javascript:`, `vbscript:`, `data:`)
// becomes `#`. See COMPAT 6.3: never emit `javascript:`.
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

/** `true` for links that leave the site: `http(s):` and protocol-relative `//host` URLs. */
export function isExternalHref(href: string | undefined): boolean {
  if (href === undefined) return false;
  return /^(?:https?:)?\/\//i.test(href.trim());
}
