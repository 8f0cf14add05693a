/**
 * A redirect as a host applies it, read back from an adapter's file: `source` and `destination`
 * in docsgen's form (`:name`, `:name*`, `*`), so `matchRedirect` can apply them, and the status
 * the host answers with.
 */
export interface AdapterRedirect {
  source: string;
  destination: string;
  status: 301 | 302 | 303 | 307 | 308;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * Reads the redirects of an adapter file the way the host would, for `docsgen preview`.
 *
 * - `_redirects` (Netlify, Cloudflare Pages): one `source destination [status][!]` per line;
 *   `#` starts a comment; `*` (the splat, at the end) becomes `*` and `:splat` in the
 *   destination the captured value. Lines a host would ignore or that are not redirects
 *   (rewrites with 200, custom 404s, query matchers, domain rules) are skipped.
 * - `vercel.json`: `redirects[]` with `permanent` (308 or 307) or `statusCode`; sources in the
 *   path-to-regexp subset docsgen writes (`:name`, `:name(.*)`, `:name*`, `\` escapes). Other
 *   patterns are skipped.
 *
 * @param name
 *   Which file `text` is.
 * @param text
 *   Its content.
 * @returns
 *   The redirects in file order. Never throws: an unreadable file gives `[]`.
 */
export function readAdapterRedirects(name: '_redirects' | 'vercel.json', text: string): AdapterRedirect[] {
  return name === '_redirects' ? readRedirectsFile(text) : readVercelConfig(text);
}

function readRedirectsFile(text: string): AdapterRedirect[] {
  const redirects: AdapterRedirect[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const tokens = raw.trim().split(/\s+/);
    const comment = tokens.findIndex((token) => token.startsWith('#'));
    if (comment !== -1) tokens.length = comment;
    const [source, destination, statusToken = '301'] = tokens;
    if (!source?.startsWith('/') || !destination || !(destination.startsWith('/') || /^https?:\/\//i.test(destination))) continue;
    const status = Number.parseInt(statusToken, 10);
    if (!isRedirectStatus(status)) continue;
    const splat = source.endsWith('*');
    // Only a final `*` is a splat; docsgen never writes another, and hosts do not read one.
    if (source.slice(0, -1).includes('*')) continue;
    redirects.push({ source, destination: splat ? destination.replace(/:splat(?!\w)/g, '*') : destination, status });
  }
  return redirects;
}

function readVercelConfig(text: string): AdapterRedirect[] {
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    return [];
  }
  const list = (config as { redirects?: unknown } | null)?.redirects;
  if (!Array.isArray(list)) return [];
  const redirects: AdapterRedirect[] = [];
  for (const entry of list as Array<Record<string, unknown> | null>) {
    if (typeof entry?.source !== 'string' || typeof entry.destination !== 'string') continue;
    const source = fromPathToRegexp(entry.source);
    const status = typeof entry.statusCode === 'number' ? entry.statusCode : entry.permanent === false ? 307 : 308;
    if (source === undefined || !isRedirectStatus(status)) continue;
    redirects.push({ source, destination: entry.destination, status });
  }
  return redirects;
}

/** path-to-regexp's `:name`, `:name*`, `:name(.*)` and `\x` in docsgen's form; `undefined` for anything else. */
function fromPathToRegexp(source: string): string | undefined {
  let result = '';
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index]!;
    if (character === '\\') {
      const next = source[index + 1];
      // docsgen's own sources never hold a literal `*`: it is always a wildcard there.
      if (next === undefined || next === '*') return undefined;
      result += next;
      index += 1;
    } else if (character === ':') {
      const name = /^[A-Za-z_]\w*/.exec(source.slice(index + 1))?.[0];
      if (!name) return undefined;
      index += name.length;
      const rest = source.slice(index + 1);
      if (rest.startsWith('(.*)')) {
        result += `:${name}*`;
        index += 4;
      } else if (rest.startsWith('*')) {
        result += `:${name}*`;
        index += 1;
      } else if (/^[?+(]/.test(rest)) return undefined;
      else result += `:${name}`;
    } else if ('*?+(){}'.includes(character)) return undefined;
    else result += character;
  }
  return result;
}

function isRedirectStatus(status: number): status is AdapterRedirect['status'] {
  return redirectStatuses.has(status);
}
