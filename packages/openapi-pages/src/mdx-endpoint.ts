import { safeUrl } from '@docsgen/util/safe-url';

// A hand-written ("MDX") API page's endpoint, frontmatter `api: "POST /v1/users/{id}"`: the
// platform's pages without a spec (COMPAT §1.5; mintlify docs "Create manual API pages").
// The value is untrusted page text: it becomes a request target only through `safeUrl`.

/** Methods `api` accepts, upper case. */
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;

/** The endpoint a page's frontmatter `api` names. */
export interface MdxEndpoint {
  /** Upper-case method (`POST`). */
  method: string;
  /** Path template from the first `/`, with `:name` segments written `{name}` (`/v1/users/{id}`); query string kept. */
  path: string;
  /**
   * Scheme and host of a full URL (`https://api.example.com`; a `{name}` in the host is a
   * server variable), `undefined` for a path, which takes the site's base URL.
   */
  baseUrl: string | undefined;
}

/** Why an `api` value cannot be read: the message's `reason` and `note`. */
export interface MdxEndpointProblem {
  reason: string;
  note: string;
}

/** `parseMdxEndpoint`'s result: the endpoint, or why there is none. */
export type MdxEndpointResult = { endpoint: MdxEndpoint; problem?: undefined } | { endpoint?: undefined; problem: MdxEndpointProblem };

const example = 'Write the method, a space and a full http(s) URL or a path from `/`: `POST https://api.example.com/v1/users` or `GET /v1/users/{id}`.';

/**
 * Reads frontmatter `api`: a method in any case (`GET`, `post`, …) and a full `http(s)` URL
 * or a path starting with `/`, separated by spaces. `:name` path segments (`/users/:id`) are
 * path parameters, as `{name}` ones are. Anything else (no method, a `javascript:` URL, a
 * relative path without `/`, spaces or control characters in the URL) is a problem.
 */
export function parseMdxEndpoint(value: unknown): MdxEndpointResult {
  if (typeof value !== 'string') {
    return { problem: { reason: `Unexpected ${value === null ? 'null' : Array.isArray(value) ? 'list' : typeof value} in frontmatter \`api\`, expected a string such as \`POST /v1/users\``, note: example } };
  }
  const text = value.trim();
  if (text === '') return { problem: { reason: 'Unexpected empty frontmatter `api`, expected a method and a URL such as `POST /v1/users`', note: example } };
  const [, method = '', target = '', extra] = /^(\S*)(?:\s+(\S+))?(\s+\S[^]*)?$/.exec(text) ?? [];
  const upper = method.toUpperCase();
  if (!(methods as readonly string[]).includes(upper)) {
    const isTarget = /^(\/|[a-z][a-z\d+.-]*:)/i.test(method);
    return {
      problem: {
        reason: isTarget
          ? `Unexpected \`${text}\` in frontmatter \`api\`, expected a method before the URL, one of ${methods.map((name) => `\`${name}\``).join(', ')}`
          : `Unexpected method \`${method}\` in frontmatter \`api\`, expected one of ${methods.map((name) => `\`${name}\``).join(', ')}`,
        note: example,
      },
    };
  }
  if (target === '') return { problem: { reason: `Unexpected \`${text}\` in frontmatter \`api\`, expected a URL after the method`, note: example } };
  if (extra !== undefined) {
    return { problem: { reason: `Unexpected space in the URL of frontmatter \`api\` \`${text}\`, expected one URL without spaces`, note: 'Write a space in a URL as `%20`.' } };
  }
  const checked = safeUrl(target, { protocols: ['http', 'https'] });
  const full = /^(https?:\/\/)([^/?#]*)([^]*)$/i.exec(target);
  if (checked === undefined || checked !== target || (!full && !target.startsWith('/')) || target.startsWith('//')) {
    return {
      problem: {
        reason: `Unexpected \`${target}\` in frontmatter \`api\`, expected a full http(s) URL or a path starting with \`/\``,
        note: example,
      },
    };
  }
  if (full) {
    const [, scheme = '', host = '', rest = ''] = full;
    if (host === '' || host.includes('@') || host.includes('\\')) {
      return { problem: { reason: `Unexpected host \`${host}\` in frontmatter \`api\` \`${text}\`, expected a host name without user or password`, note: example } };
    }
    return { endpoint: { method: upper, path: pathTemplate(rest === '' || !rest.startsWith('/') ? `/${rest}` : rest), baseUrl: `${scheme.toLowerCase()}${host}` } };
  }
  return { endpoint: { method: upper, path: pathTemplate(target), baseUrl: undefined } };
}

/** `/users/:id` → `/users/{id}` (segments only: `/a:b` and the query stay as written). */
function pathTemplate(path: string): string {
  const query = path.search(/[?#]/);
  const head = query === -1 ? path : path.slice(0, query);
  const tail = query === -1 ? '' : path.slice(query);
  return head.replace(/\/:([A-Za-z_][\w.-]*)(?=\/|$)/g, '/{$1}') + tail;
}

/** Names of the `{name}` parameters of a path or URL template, each once, in order. */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(/\{([^{}/]+)\}/g)].map((match) => match[1]!))];
}
