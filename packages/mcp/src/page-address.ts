import type { McpPage } from './types.js';

/** A page found for an agent's address, or why none was. */
export type PageAddressResult = { ok: true; page: McpPage } | { ok: false; reason: string };

const maxAddressLength = 2048;

/**
 * The one place where an address an agent sends (`read_page`'s `page`, a resource URI's path)
 * becomes a page. Accepted: a root-relative path (`/guides/deploy`, `guides/deploy`), the same
 * with `.md` (the Markdown twin) or a trailing `/`, and a full URL on the site's own origin
 * (`siteUrl`, or `origin`, the address the request came to). The address is decoded once and
 * must then name one of `pages` exactly: nothing is ever read from a file path, and `..`,
 * `.`, NUL, backslashes and encoded forms of them are refused before the lookup, with a reason
 * an agent can act on.
 *
 * @param address
 *   What the agent sent.
 * @param pages
 *   The pages that may be read, by `path`.
 * @param origins
 *   Origins (`https://docs.example.com`) whose URLs name pages of this site.
 */
export function resolvePageAddress(address: unknown, pages: ReadonlyMap<string, McpPage>, origins: readonly string[]): PageAddressResult {
  if (typeof address !== 'string' || address.trim() === '') return refuse('the page address is empty; pass a path such as `/quickstart` or a full URL of this site');
  if (address.length > maxAddressLength) return refuse(`the page address is longer than ${maxAddressLength} characters`);
  let path = address.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(path);
    } catch {
      return refuse(`\`${address}\` is not a valid URL`);
    }
    if (!origins.includes(url.origin)) {
      return refuse(`\`${address}\` is not on this site; pass a path such as \`/quickstart\`${origins.length > 0 ? ` or a URL starting with ${origins.map((origin) => `\`${origin}/\``).join(' or ')}` : ''}`);
    }
    path = url.pathname;
  } else {
    path = path.replace(/[?#].*$/s, '');
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return refuse(`\`${address}\` has a malformed percent-encoding`);
  }
  // Checked on both forms: `%2e%2e` decodes to `..`, and `%252e` stays encoded once decoded.
  for (const form of [path, decoded]) {
    if (/[\0\\]/.test(form) || /%(?:00|2e|2f|5c)/i.test(form) || form.split('/').some((segment) => segment === '..' || segment === '.')) {
      return refuse(`\`${address}\` leaves the site or is not a page path; only the site's pages can be read (see \`list_pages\`)`);
    }
  }
  let key = `/${decoded.replace(/^\/+/, '')}`.replace(/\.md$/i, '').replace(/\/+$/, '') || '/';
  if (key === '/index') key = '/';
  const page = pages.get(key) ?? pages.get(`${key}/`) ?? (key.endsWith('/index') ? pages.get(key.slice(0, -'/index'.length) || '/') : undefined);
  if (!page) return refuse(`there is no page at \`${key}\`; \`list_pages\` lists every page, and \`search_docs\` finds them by topic`);
  return { ok: true, page };
}

function refuse(reason: string): PageAddressResult {
  return { ok: false, reason: `Cannot read the page: ${reason}` };
}
