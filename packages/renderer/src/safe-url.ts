export { sanitizeHref, sanitizeSrc } from '@docsgen/util/safe-url';

/** `true` for links that leave the site: `http(s):` and protocol-relative `//host` URLs. */
export function isExternalHref(href: string | undefined): boolean {
  if (href === undefined) return false;
  return /^(?:https?:)?\/\//i.test(href.trim());
}
