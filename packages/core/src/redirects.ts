import { rankClosestPages } from './closest-pages.js';

/** One entry of `redirects` in docs.json. */
export interface RedirectRule {
  source: string;
  destination: string;
  /** `true` (the default): 308; `false`: 307. */
  permanent?: boolean | undefined;
}

/** Where a request path is redirected, and with which status. */
export interface RedirectMatch {
  location: string;
  status: 307 | 308;
}

interface CompiledRule {
  pattern: RegExp;
  names: string[];
  destination: string;
  status: 307 | 308;
}

const cache = new WeakMap<readonly RedirectRule[], CompiledRule[]>();

/**
 * Finds the first redirect whose `source` matches `path` (decoded, starting with `/`, without
 * query). Sources may hold named segments (`/docs/:slug` matches one segment, `:path*` any
 * number of them) and a trailing `*` (`/old/article-*`). Captured values are substituted into
 * `destination` at the same names (`*` for the wildcard); each value is percent-encoded per
 * segment, so a capture can never add a scheme, host, query or fragment to the destination.
 * A trailing slash on the path is ignored.
 */
export function matchRedirect(path: string, rules: readonly RedirectRule[]): RedirectMatch | undefined {
  let compiled = cache.get(rules);
  if (!compiled) cache.set(rules, (compiled = rules.map(compileRule)));
  const candidate = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const rule of compiled) {
    const match = rule.pattern.exec(candidate);
    if (!match) continue;
    let location = rule.destination;
    rule.names.forEach((name, index) => {
      const value = (match[index + 1] ?? '').split('/').map(encodeURIComponent).join('/');
      const placeholder = name === '*' ? /\*/g : new RegExp(`:${name}\\*?(?![\\w])`, 'g');
      location = location.replace(placeholder, () => value);
    });
    // `/x//evil.com` captured into `/:rest*` must not become the protocol-relative `//evil.com`.
    if (location.startsWith('//') && !rule.destination.startsWith('//')) location = `/${location.replace(/^\/+/, '')}`;
    return { location, status: rule.status };
  }
  return undefined;
}

function compileRule(rule: RedirectRule): CompiledRule {
  const names: string[] = [];
  const source = rule.source.length > 1 ? rule.source.replace(/\/+$/, '') : rule.source;
  let pattern = '';
  for (const part of source.split(/(:[A-Za-z_]\w*\*?|\*)/)) {
    if (part === '*') {
      names.push('*');
      pattern += '(.*)';
    } else if (part.startsWith(':') && part.length > 1) {
      const isMany = part.endsWith('*');
      names.push(part.slice(1, isMany ? -1 : undefined));
      pattern += isMany ? '(.*)' : '([^/]+)';
    } else {
      pattern += part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return { pattern: new RegExp(`^${pattern}$`), names, destination: rule.destination, status: rule.permanent === false ? 307 : 308 };
}

/**
 * The navigable page closest to a path that has no page, for `errors.404.redirect`: the slug
 * sharing the most leading path segments with it, then the smallest edit distance between the
 * two, then the earliest in navigation order (`rankClosestPages`, which the built-in 404 page
 * runs too). `undefined` when there are no pages.
 */
export function findClosestPage(path: string, slugs: readonly string[]): string | undefined {
  return rankClosestPages(path, slugs, { count: 1, isNameCompared: false })[0];
}

