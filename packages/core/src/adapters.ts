import type { DocsgenMessage } from '@docsgen/config';
import { redirectPagePath, renderRedirectPage, sourcePattern, staticRedirectLocation } from './adapter-pages.js';
import { checkRedirectRules, redirectMessage, type CheckedRule, type Locate, type SourcePart } from './adapter-rules.js';
import { proxyFunctionFiles, proxyRoute, proxyFunctionPaths, proxyUnsupportedMessage } from './api-proxy/proxy-functions.js';
import type { RedirectRule } from './redirects.js';
import { mcpFunctionFiles, mcpFunctionPaths, mcpRoute, type FunctionPlatform } from './mcp-functions.js';

export { notFoundRedirectScript } from './adapter-pages.js';
export { readAdapterRedirects } from './read-adapter-redirects.js';
export type { AdapterRedirect } from './read-adapter-redirects.js';

/** The hosts `docsgen build` writes redirect and routing files for. */
export type AdapterName = 'static' | 'netlify' | 'cloudflare' | 'vercel' | 'github-pages';

/** Every adapter name, in the order the CLI lists them. */
export const adapterNames: readonly AdapterName[] = ['static', 'netlify', 'cloudflare', 'vercel', 'github-pages'];

/** What an adapter needs from the build. */
export interface AdapterInput {
  /** `redirects` of docs.json, in order; required. */
  redirects: readonly RedirectRule[];
  /** Every file the build wrote so far (posix, relative), so a redirect page never replaces a real page; required. */
  files: ReadonlySet<string>;
  /** Finds where a docs.json value was written, to place messages (default: messages carry only `path`). */
  locate?: Locate | null | undefined;
  /** Write the try-it proxy function (docs.json `api.playground.proxy`), forwarding to these origins (default: no proxy). */
  apiProxy?: { allowedOrigins: readonly string[] } | null | undefined;
  /** Write the MCP server function (`/mcp`) with this snapshot bundled (`_docsgen/mcp.json`'s text) (default: no MCP function). */
  mcpSnapshot?: string | null | undefined;
}

/** Files to add to the output (posix paths, relative), and the problems found. */
export interface AdapterOutput {
  files: Array<{ path: string; content: string }>;
  messages: DocsgenMessage[];
}

/**
 * Platform limits, from each host's documentation (checked 2026):
 * Cloudflare Pages `_redirects`: 2,000 static + 100 dynamic rules, 1,000 characters a line;
 * Vercel: 2,048 routes per deployment, and `cleanUrls` + `trailingSlash` add 3 routes
 * (@vercel/routing-utils `convertCleanUrls`, `convertTrailingSlash`).
 */
const limits = { cloudflareStatic: 2000, cloudflareDynamic: 100, cloudflareLine: 1000, vercelRoutes: 2048, vercelOwnRoutes: 3 } as const;

/**
 * The files that make a host serve docsgen's output as `docsgen dev` serves the project:
 * `/x` from `x.html` (clean URLs) and every `redirects` entry of docs.json with its status.
 *
 * - `netlify`: `_redirects` with `301!`/`302!` (Netlify documents 301, 302 and 303 as
 *   redirects; `!` makes a rule apply even where a file exists, as in dev).
 * - `cloudflare`: `_redirects` with 308/307, static rules first where that changes no match.
 * - `vercel`: `vercel.json` with `cleanUrls`, `trailingSlash: false` and `redirects`.
 * - `static`, `github-pages`: one HTML page per static source (`<source>.html`); patterns are
 *   left to `notFoundRedirectScript` in `404.html`. `github-pages` also gets `.nojekyll`, so
 *   Jekyll does not drop `_docsgen/`.
 * - With `mcpSnapshot`: `netlify`, `vercel` and `cloudflare` also get the MCP server function
 *   (`mcpFunctionFiles`, answering `/mcp`); `static` and `github-pages` have none.
 * - With `apiProxy`: `netlify`, `vercel` and `cloudflare` also get the try-it proxy function
 *   (`proxyFunctionFiles`); `static` and `github-pages` get the warning `api-proxy-unsupported`.
 *
 * @param adapter
 *   Which host.
 * @param input
 *   The redirects and the files already written.
 * @returns
 *   Files to write and messages (`adapter-redirect-invalid` and `adapter-redirect-unsupported`
 *   are errors, the rule is left out; `adapter-redirect-shadowed` and `adapter-redirect-limit`
 *   are warnings).
 * @throws {TypeError}
 *   When `adapter` is not one of `adapterNames`.
 */
/** Whether the adapter's host runs serverless functions (the try-it proxy, the MCP server). */
export function adapterRunsFunctions(adapter: AdapterName): boolean {
  return adapter === 'netlify' || adapter === 'vercel' || adapter === 'cloudflare';
}

export function adapterFiles(adapter: AdapterName, input: AdapterInput): AdapterOutput {
  if (!adapterNames.includes(adapter)) {
    throw new TypeError(`Cannot write adapter files for \`${String(adapter)}\`, expected ${adapterNames.map((name) => `\`${name}\``).join(', ')}`);
  }
  const locate = input.locate ?? undefined;
  const { rules, messages } = checkRedirectRules(input.redirects, locate);
  let files: AdapterOutput['files'];
  if (adapter === 'netlify' || adapter === 'cloudflare') files = [{ path: '_redirects', content: writeRedirectsFile(adapter, rules, messages, locate) }];
  else if (adapter === 'vercel') files = [{ path: 'vercel.json', content: writeVercelConfig(rules, messages, locate, Boolean(input.apiProxy), Boolean(input.mcpSnapshot)) }];
  else files = writeRedirectPages(rules, input.files, messages, locate);
  if (adapter === 'github-pages') files.push({ path: '.nojekyll', content: '' });
  if (input.mcpSnapshot && adapterRunsFunctions(adapter)) {
    files.push(...mcpFunctionFiles(adapter as FunctionPlatform, input.mcpSnapshot));
    if (adapter === 'netlify' || adapter === 'cloudflare') files.push(...mcpCardHeaders(input.files, messages));
  }
  if (input.apiProxy) {
    if (adapter === 'static' || adapter === 'github-pages') messages.push(proxyUnsupportedMessage(adapter, locate));
    else files.push(...proxyFunctionFiles(adapter, input.apiProxy.allowedOrigins));
  }
  return { files, messages };
}

/**
 * The server card `/.well-known/mcp` has no file extension, so Netlify and Cloudflare Pages would
 * send it as `application/octet-stream`: a `_headers` file gives it its JSON type (vercel.json
 * carries the same in `headers`). A project's own `_headers` is kept, with a warning.
 */
function mcpCardHeaders(files: ReadonlySet<string>, messages: DocsgenMessage[]): AdapterOutput['files'] {
  if (files.has('_headers')) {
    messages.push({
      reason: `Not writing \`_headers\`: the project has its own, so \`${mcpCardPath}\` is served with the host's default type`,
      ruleId: 'adapter-headers-kept',
      source: '@docsgen/core',
      fatal: false,
      note: `Add \`${mcpCardPath}\` with \`Content-Type: ${mcpCardType}\` to the project's \`_headers\`.`,
    });
    return [];
  }
  return [{ path: '_headers', content: `# Headers written by docsgen build: the MCP server card has no file extension.\n${mcpCardPath}\n  Content-Type: ${mcpCardType}\n` }];
}

const mcpCardPath = '/.well-known/mcp';
const mcpCardType = 'application/json; charset=utf-8';

interface RedirectLine {
  line: string;
  rule: CheckedRule;
}

function writeRedirectsFile(adapter: 'netlify' | 'cloudflare', rules: CheckedRule[], messages: DocsgenMessage[], locate: Locate | undefined): string {
  const lines: RedirectLine[] = [];
  for (const rule of rules) {
    const problem = findSplatProblem(rule.parts) ?? (/\s/.test(rule.source) ? 'the `_redirects` format separates fields with spaces, so a source cannot contain one' : undefined);
    if (problem) {
      messages.push(unsupported(rule, adapter === 'netlify' ? 'Netlify' : 'Cloudflare Pages', problem, locate));
      continue;
    }
    const status = adapter === 'netlify' ? (rule.isPermanent ? '301!' : '302!') : rule.isPermanent ? '308' : '307';
    lines.push({ line: `${toSplatSource(rule.parts)} ${toSplatDestination(rule)} ${status}`, rule });
  }
  const header =
    adapter === 'netlify'
      ? '# Redirects from docs.json, written by docsgen build for Netlify.\n' +
        '# Netlify serves /x from x.html by itself. `!` applies a rule even where a file exists, as docsgen dev does;\n' +
        '# Netlify documents 301 and 302 (not 307 and 308) as redirect statuses.\n'
      : '# Redirects from docs.json, written by docsgen build for Cloudflare Pages.\n' +
        '# Cloudflare Pages serves /x from x.html by itself. Static rules come first, as Cloudflare asks,\n' +
        '# wherever moving them up changes no match.\n';
  const ordered = adapter === 'cloudflare' ? orderStaticFirst(lines) : lines;
  if (adapter === 'cloudflare') checkCloudflareLimits(ordered, messages, locate);
  return header + ordered.map((entry) => `${entry.line}\n`).join('');
}

/**
 * Cloudflare wants static rules before dynamic ones; a static rule moves above the dynamic rules
 * before it only when none of them matches its source, so the first match stays the same.
 */
function orderStaticFirst(lines: RedirectLine[]): RedirectLine[] {
  const head: RedirectLine[] = [];
  const tail: RedirectLine[] = [];
  const dynamicBefore: RegExp[] = [];
  for (const entry of lines) {
    if (!entry.rule.isStatic) {
      dynamicBefore.push(new RegExp(sourcePattern(entry.rule)));
      tail.push(entry);
    } else if (dynamicBefore.some((pattern) => pattern.test(entry.rule.source))) tail.push(entry);
    else head.push(entry);
  }
  return [...head, ...tail];
}

function checkCloudflareLimits(lines: RedirectLine[], messages: DocsgenMessage[], locate: Locate | undefined): void {
  // Counted as if every rule from the first dynamic one on were dynamic (reported by users of
  // Cloudflare Pages), which can only warn early, never late.
  const firstDynamic = lines.findIndex((entry) => !entry.rule.isStatic);
  const staticCount = firstDynamic === -1 ? lines.length : firstDynamic;
  const dynamicCount = lines.length - staticCount;
  const over: string[] = [];
  if (staticCount > limits.cloudflareStatic) over.push(`${staticCount} static rules (limit ${limits.cloudflareStatic})`);
  if (dynamicCount > limits.cloudflareDynamic) over.push(`${dynamicCount} dynamic rules (limit ${limits.cloudflareDynamic})`);
  const long = lines.filter((entry) => entry.line.length > limits.cloudflareLine).length;
  if (long > 0) over.push(`${long} rule${long === 1 ? '' : 's'} longer than ${limits.cloudflareLine} characters`);
  if (over.length === 0) return;
  messages.push({
    ...placeOfRedirects(locate),
    reason: `Cloudflare Pages ignores part of \`_redirects\`: it has ${over.join(', ')}`,
    ruleId: 'adapter-redirect-limit',
    source: '@docsgen/core',
    fatal: false,
    path: 'redirects',
    note: 'Use fewer pattern rules, or move the extra redirects to Cloudflare Bulk Redirects.',
  });
}

function writeVercelConfig(rules: CheckedRule[], messages: DocsgenMessage[], locate: Locate | undefined, hasProxy: boolean, hasMcp: boolean): string {
  const redirects: Array<{ source: string; destination: string; permanent: boolean }> = [];
  for (const rule of rules) {
    if (rule.parts.filter((part) => part.kind === 'star').length > 1) {
      messages.push(unsupported(rule, 'Vercel', 'a source may have only one `*`', locate));
      continue;
    }
    const star = freeName(rule.parts);
    redirects.push({
      source: rule.parts.map((part) => toVercelSource(part, star)).join(''),
      destination: renamePlaceholders(rule, (part) => (part.kind === 'star' ? `:${star}` : `:${part.name}`)),
      permanent: rule.isPermanent,
    });
  }
  if (redirects.length + limits.vercelOwnRoutes > limits.vercelRoutes) {
    messages.push({
      ...placeOfRedirects(locate),
      reason: `Vercel allows ${limits.vercelRoutes} routes per deployment; \`vercel.json\` has ${redirects.length} redirects plus the ${limits.vercelOwnRoutes} routes of \`cleanUrls\` and \`trailingSlash\``,
      ruleId: 'adapter-redirect-limit',
      source: '@docsgen/core',
      fatal: false,
      path: 'redirects',
      note: 'Move plain path-to-path redirects to Vercel Bulk Redirects.',
    });
  }
  const config = {
    $schema: 'https://openapi.vercel.sh/vercel.json', cleanUrls: true, trailingSlash: false, redirects,
    ...(hasMcp ? { headers: [{ source: mcpCardPath, headers: [{ key: 'Content-Type', value: mcpCardType }] }] } : {}),
    ...(hasProxy || hasMcp ? { rewrites: [
      ...(hasProxy ? [{ source: proxyRoute, destination: `/${proxyFunctionPaths.vercel.replace(/\.mjs$/, '')}` }] : []),
      ...(hasMcp ? [{ source: mcpRoute, destination: `/${mcpFunctionPaths.vercel.replace(/\.mjs$/, '')}` }] : []),
    ] } : {}),
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

function writeRedirectPages(rules: CheckedRule[], files: ReadonlySet<string>, messages: DocsgenMessage[], locate: Locate | undefined): AdapterOutput['files'] {
  const pages = new Map<string, string>();
  for (const rule of rules) {
    if (!rule.isStatic) continue;
    const path = redirectPagePath(rule.source);
    // No page possible (a dot-segment): the 404 script of `notFoundRedirectScript` handles it.
    if (path === undefined || pages.has(path)) continue;
    if (files.has(path)) {
      messages.push(
        redirectMessage(rule.index, 'source', locate, {
          reason: `Not writing a redirect page for \`${rule.source}\`: the site already has \`${path}\`, which is served instead`,
          ruleId: 'adapter-redirect-shadowed',
          fatal: false,
          actual: rule.source,
          note: 'Remove the redirect, or move the page.',
        }),
      );
      continue;
    }
    pages.set(path, renderRedirectPage(staticRedirectLocation(rule, rules)));
  }
  return [...pages].map(([path, content]) => ({ path, content }));
}

/** Where `redirects` is written in docs.json, when known. */
function placeOfRedirects(locate: Locate | undefined): Pick<DocsgenMessage, 'file' | 'line' | 'column'> {
  const place = locate?.(['redirects']);
  return place ? { file: place.file, line: place.line, column: place.column } : {};
}

/**
 * Netlify and Cloudflare have one splat, `*`, standing for the end of the path, and
 * placeholders that start with a letter (`:[A-Za-z]\w*`).
 */
function findSplatProblem(parts: SourcePart[]): string | undefined {
  const underscore = parts.find((part) => (part.kind === 'param' || part.kind === 'rest') && part.name.startsWith('_'));
  if (underscore) return `a placeholder name starts with a letter, not \`_\` (\`:${(underscore as { name: string }).name}\`)`;
  const wildcards = parts.filter((part) => part.kind === 'star' || part.kind === 'rest');
  if (wildcards.length > 1) return 'the `_redirects` format has one `*` per rule, and this source has several wildcards';
  if (wildcards.length === 1 && parts.at(-1) !== wildcards[0]) return 'in the `_redirects` format `*` can only end a source';
  const param = parts.find((part) => part.kind === 'param' && part.name === 'splat');
  if (param && wildcards.length === 1) return '`:splat` is the name `_redirects` gives to `*`, so it cannot also name a segment';
  return undefined;
}

function toSplatSource(parts: SourcePart[]): string {
  return parts.map((part) => (part.kind === 'text' ? part.value : part.kind === 'param' ? `:${part.name}` : '*')).join('');
}

function toSplatDestination(rule: CheckedRule): string {
  return renamePlaceholders(rule, (part) => (part.kind === 'param' ? `:${part.name}` : ':splat'));
}

/**
 * Rewrites the placeholders of `destination` the way `matchRedirect` finds them (`:name`,
 * optionally followed by `*`, not followed by a word character; `*` for the wildcard).
 */
function renamePlaceholders(rule: CheckedRule, name: (part: Exclude<SourcePart, { kind: 'text' }>) => string): string {
  let destination = rule.destination;
  for (const part of rule.parts) {
    if (part.kind === 'text') continue;
    const placeholder = part.kind === 'star' ? /\*/g : new RegExp(`:${part.name}\\*?(?![\\w])`, 'g');
    const replacement = name(part);
    destination = destination.replace(placeholder, () => replacement);
  }
  return destination;
}

/** Vercel reads sources with path-to-regexp: `:name(.*)` matches like docsgen's `:name*`, and literal pattern characters are escaped. */
function toVercelSource(part: SourcePart, star: string): string {
  if (part.kind === 'text') return part.value.replace(/[\\:*?+(){}]/g, '\\$&');
  if (part.kind === 'param') return `:${part.name}`;
  return `:${part.kind === 'rest' ? part.name : star}(.*)`;
}

/** A placeholder name for `*` that no `:name` of the source uses. */
function freeName(parts: SourcePart[]): string {
  const used = new Set(parts.flatMap((part) => (part.kind === 'param' || part.kind === 'rest' ? [part.name] : [])));
  let name = 'splat';
  for (let index = 1; used.has(name); index += 1) name = `splat${index}`;
  return name;
}

function unsupported(rule: CheckedRule, host: string, why: string, locate: Locate | undefined): DocsgenMessage {
  return redirectMessage(rule.index, 'source', locate, {
    reason: `Cannot write redirect \`${rule.source}\` for ${host}: ${why}`,
    ruleId: 'adapter-redirect-unsupported',
    fatal: true,
    actual: rule.source,
    note: 'Split it into rules the host supports, or choose another adapter.',
  });
}
