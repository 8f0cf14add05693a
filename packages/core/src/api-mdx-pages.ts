import type { DocsgenMessage, ResolvedDocsConfig } from '@docsgen/config';
import { parseMdxEndpoint, type MdxEndpoint } from '@docsgen/openapi-pages/mdx-api';
import type { PlaygroundSettings } from '@docsgen/renderer';
import { baseUrlsOf } from './api-settings.js';
import type { PageInfo } from './pages.js';

// Hand-written API pages: a page whose frontmatter says `api: "POST /v1/users"` is that
// endpoint's page without a spec (COMPAT §1.5). What the site knows of them before any page
// compiles: the endpoint, its base URLs and credentials, and the method beside the page's
// navigation entry. The try-it form is made of the page's `<ParamField>`s as it renders
// (`page-renderer.ts`).

/** What a hand-written API page's frontmatter and docs.json give it. */
export interface MdxApiPage {
  endpoint: MdxEndpoint;
  /** The page's base URLs: a full URL's own, else `api.baseUrl`, else the first `api.mdx.server`; empty when docs.json gives a path none. */
  baseUrls: string[];
  /** Try-it credentials: frontmatter `authMethod`, else `api.mdx.auth`, else `api.auth`. */
  auth: PlaygroundSettings['auth'];
}

interface ReadMdxApiPagesInput {
  pages: Map<string, PageInfo>;
  config: ResolvedDocsConfig | undefined;
  /** Where a page's frontmatter writes the value of `key`, for messages (default: the file only). */
  locate?: ((page: PageInfo, key: string) => { line: number; column: number } | undefined) | undefined;
}

const source = '@docsgen/core';
const authMethods = ['bearer', 'basic', 'key', 'none'] as const;

/**
 * The hand-written API pages among `pages` (frontmatter `api` as a string; a page bound to an
 * operation with frontmatter `openapi` is that operation's page instead), by slug, with the
 * messages about them: an `api` value that names no endpoint (`api-page-invalid`; the page is
 * plain prose), a path with no base URL to send it to (`api-page-base-missing`), an
 * `authMethod` docsgen does not know (`api-page-auth-invalid`; ignored). Pages listed get their
 * method in `pages` for the sidebar, unless their frontmatter says `hideApiMarker: true`.
 */
export function readMdxApiPages(input: ReadMdxApiPagesInput): { mdxPages: Map<string, MdxApiPage>; messages: DocsgenMessage[] } {
  const { pages, config } = input;
  const mdxPages = new Map<string, MdxApiPage>();
  const messages: DocsgenMessage[] = [];
  const written = [...pages.values()].filter((page) => page.frontmatter.api !== undefined && typeof page.frontmatter.openapi !== 'string' && page.api === undefined);
  if (written.length === 0) return { mdxPages, messages };
  const api = (config?.api ?? {}) as { auth?: { method?: unknown; name?: unknown }; mdx?: { auth?: { method?: unknown; name?: unknown }; server?: unknown } };
  const server = Array.isArray(api.mdx?.server) ? api.mdx.server[0] : api.mdx?.server;
  const configured = baseUrlsOf(config);
  const siteBaseUrls = configured.length > 0 ? configured : typeof server === 'string' && server.trim() !== '' ? [server.trim()] : [];
  const siteAuth = authOf(api.mdx?.auth?.method !== undefined ? api.mdx.auth : api.auth);
  const at = (page: PageInfo, key: string, fields: Omit<DocsgenMessage, 'source' | 'file' | 'line' | 'column'>): DocsgenMessage => ({ ...fields, source, file: page.file, ...input.locate?.(page, key) });
  for (const page of written) {
    const parsed = parseMdxEndpoint(page.frontmatter.api);
    if (!parsed.endpoint) {
      messages.push(at(page, 'api', { reason: parsed.problem.reason, ruleId: 'api-page-invalid', fatal: false, actual: String(page.frontmatter.api), note: `${parsed.problem.note} The page is shown without an endpoint.` }));
      continue;
    }
    const { endpoint } = parsed;
    const baseUrls = endpoint.baseUrl === undefined ? siteBaseUrls : [endpoint.baseUrl];
    if (baseUrls.length === 0) {
      messages.push(
        at(page, 'api', {
          reason: `Cannot send \`${endpoint.method} ${endpoint.path}\` from the try-it form: docs.json gives no base URL for a path`,
          ruleId: 'api-page-base-missing',
          fatal: false,
          actual: String(page.frontmatter.api),
          note: 'Set `api.baseUrl` or `api.mdx.server` in docs.json, or write a full URL (`POST https://api.example.com/v1/users`). The page shows the path, without Try it.',
        }),
      );
    }
    let auth = siteAuth;
    const pageMethod = page.frontmatter.authMethod;
    if (pageMethod !== undefined) {
      const method = authMethodOf(pageMethod);
      if (method) auth = { method, name: auth.name };
      else {
        messages.push(
          at(page, 'authMethod', {
            reason: `Unexpected \`${String(pageMethod)}\` in frontmatter \`authMethod\`, expected ${authMethods.map((name) => `\`${name}\``).join(', ')}`,
            ruleId: 'api-page-auth-invalid',
            fatal: false,
            actual: String(pageMethod),
            expected: [...authMethods],
            note: 'The page uses the method of docs.json `api.mdx.auth` (else `api.auth`).',
          }),
        );
      }
    }
    mdxPages.set(page.slug, { endpoint, baseUrls, auth });
    if (page.frontmatter.hideApiMarker !== true) pages.set(page.slug, { ...page, method: endpoint.method });
  }
  return { mdxPages, messages };
}

/** A method as written (any case); the platform's `cobo` sends a key header as `key` does. */
function authMethodOf(value: unknown): PlaygroundSettings['auth']['method'] | undefined {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === 'cobo') return 'key';
  return authMethods.find((method) => method === text);
}

function authOf(auth: { method?: unknown; name?: unknown } | undefined): PlaygroundSettings['auth'] {
  const name = typeof auth?.name === 'string' && auth.name.trim() !== '' ? auth.name.trim() : undefined;
  return { method: authMethodOf(auth?.method) ?? 'none', name };
}
