import type { DocsgenMessage, SourceLocation } from '@docsgen/config';
import type { RedirectRule } from './redirects.js';

/** One piece of a redirect `source`, split the way `matchRedirect` splits it. */
export type SourcePart =
  | { kind: 'text'; value: string }
  /** `:name`: one segment (no `/`). */
  | { kind: 'param'; name: string }
  /** `:name*`: any number of segments. */
  | { kind: 'rest'; name: string }
  /** A bare `*`: the rest of the path. */
  | { kind: 'star' };

/** A redirect that passed the checks every adapter shares. */
export interface CheckedRule {
  /** Position in docs.json `redirects`, for messages. */
  index: number;
  rule: RedirectRule;
  /** `source` without trailing slashes, as `matchRedirect` compares it. */
  source: string;
  parts: SourcePart[];
  /** `destination` with spaces and other characters a URL cannot hold raw percent-encoded. */
  destination: string;
  isPermanent: boolean;
  /** `true` when the source has no `:name`, `:name*` or `*`. */
  isStatic: boolean;
}

/** Finds where a docs.json value was written (`LoadedProject.locate`). */
export type Locate = (path: readonly (string | number)[]) => SourceLocation | undefined;

const source = '@docsgen/core';
const controlCharacter = /[\u0000-\u001f\u007f]/;
// A UTF-16 surrogate without its pair cannot be percent-encoded (or written as UTF-8).
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// The same tokens `matchRedirect` reads; keep the two in step.
const token = /(:[A-Za-z_]\w*\*?|\*)/;
// Characters that may not appear raw in a URL (RFC 3986), except `%`, which is taken to be an
// escape the author already wrote.
const notUrlSafe = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/gu;

/** Splits a redirect source into text, `:name`, `:name*` and `*`, after removing trailing slashes. */
export function parseRedirectSource(value: string): SourcePart[] {
  const trimmed = value.length > 1 ? value.replace(/\/+$/, '') : value;
  const parts: SourcePart[] = [];
  for (const piece of trimmed.split(token)) {
    if (piece === '') continue;
    if (piece === '*') parts.push({ kind: 'star' });
    else if (piece.startsWith(':') && piece.length > 1) {
      parts.push(piece.endsWith('*') ? { kind: 'rest', name: piece.slice(1, -1) } : { kind: 'param', name: piece.slice(1) });
    } else parts.push({ kind: 'text', value: piece });
  }
  return parts;
}

/**
 * Checks the redirects every adapter relies on: `source` a path (`/…`, not `//…`, no query,
 * fragment, backslash, control character or `.`/`..` segment); `destination` a path starting
 * with a single `/`, or an absolute `http:`/`https:` URL without credentials. Anything else —
 * `javascript:`, `//evil.example`, `../x`, a line break — is an error and the rule is left out
 * of every adapter's output.
 */
export function checkRedirectRules(
  rules: readonly RedirectRule[],
  locate: Locate | undefined,
): { rules: CheckedRule[]; messages: DocsgenMessage[] } {
  const checked: CheckedRule[] = [];
  const messages: DocsgenMessage[] = [];
  rules.forEach((rule, index) => {
    const fragment = splitFragment(rule.source);
    if (fragment) {
      // A host never sees a fragment: `fragmentRedirects` sends the reader on in the browser.
      const problem = findSourceProblem(fragment.path) ?? findDestinationProblem(rule.destination);
      if (problem) messages.push(invalidRedirect(index, problem, rule, locate));
      return;
    }
    const query = queriedPath(rule.source);
    if (query !== undefined && !findSourceProblem(query) && !findDestinationProblem(rule.destination)) {
      // The platform publishes a site with such a rule (its docs say a source has no query):
      // the rule alone is left out (Portkey's `/models?ref=portkey.ai`).
      messages.push(
        redirectMessage(index, 'source', locate, {
          reason: `Cannot redirect \`${String(rule.source)}\`: hosts match a source against the path only, without its \`?\` query`,
          ruleId: 'adapter-redirect-query',
          fatal: false,
          actual: String(rule.source),
          note: `The rule is left out. Redirect \`${query}\` itself, or remove the rule.`,
        }),
      );
      return;
    }
    const problem = findSourceProblem(rule.source) ?? findDestinationProblem(rule.destination);
    if (problem) {
      messages.push(invalidRedirect(index, problem, rule, locate));
      return;
    }
    const parts = parseRedirectSource(rule.source);
    const isStatic = parts.every((part) => part.kind === 'text');
    const source = withoutTrailingSlash(rule.source);
    // A plain path sent to itself would reload for ever (every adapter's form of it).
    if (isStatic && !/[?#]/.test(rule.destination) && withoutTrailingSlash(rule.destination) === source) {
      messages.push(
        redirectMessage(index, 'destination', locate, {
          reason: `Cannot redirect \`${rule.source}\` to itself: readers would be sent back to the same page for ever`,
          ruleId: 'adapter-redirect-loop',
          fatal: false,
          actual: rule.destination,
          note: 'The rule is left out. Remove it, or point it at another page.',
        }),
      );
      return;
    }
    checked.push({
      index,
      rule,
      source,
      parts,
      destination: encodeUrlCharacters(rule.destination),
      isPermanent: rule.permanent !== false,
      isStatic,
    });
  });
  return { rules: checked, messages };
}

function invalidRedirect(index: number, problem: { key: 'source' | 'destination'; reason: string }, rule: RedirectRule, locate: Locate | undefined): DocsgenMessage {
  return redirectMessage(index, problem.key, locate, {
    reason: problem.reason,
    ruleId: 'adapter-redirect-invalid',
    fatal: true,
    actual: String(rule[problem.key]),
    note: problem.key === 'source'
      ? 'A source is a path such as `/old/:slug`, or a plain path and a `#fragment`.'
      : 'A destination is a path starting with `/`, or an absolute `https://` address.',
  });
}

/**
 * A source written as a plain path and a fragment (`/docs/event-types#link-created`), as real
 * projects of this format write to send an old section to its own new page: its path and
 * fragment; `undefined` for any other source.
 */
export function splitFragment(source: unknown): { path: string; fragment: string } | undefined {
  if (typeof source !== 'string') return undefined;
  const hash = source.indexOf('#');
  if (hash <= 0 || hash === source.length - 1) return undefined;
  const path = source.slice(0, hash);
  const fragment = source.slice(hash + 1);
  // Patterns (`:slug`, `*`) and a query are for the path a host sees.
  if (/[?#*]|\/:/.test(path) || /[#\s\u0000-\u001f\u007f]/.test(fragment)) return undefined;
  return { path: withoutTrailingSlash(path), fragment };
}

/**
 * The redirects whose source has a fragment, by the path they apply on and then the fragment:
 * `{"/docs/event-types": {"link-created": "/docs/events/link-created"}}`. Hosts never see a
 * fragment, so the page (or 404 page) at the path sends the reader on (`site-chrome.ts`). Only
 * rules whose path and destination pass the checks above are kept.
 */
export function fragmentRedirects(rules: readonly RedirectRule[]): Map<string, Record<string, string>> {
  const found = new Map<string, Record<string, string>>();
  for (const rule of rules) {
    const fragment = splitFragment(rule.source);
    if (!fragment || findSourceProblem(fragment.path) || findDestinationProblem(rule.destination)) continue;
    const byFragment = found.get(fragment.path) ?? {};
    byFragment[fragment.fragment] ??= encodeUrlCharacters(rule.destination);
    found.set(fragment.path, byFragment);
  }
  return found;
}

/** A path without the `/` it may end with (`/` itself stays). */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A message about `redirects[index]`, placed at the given key when `locate` knows where it is. */
export function redirectMessage(
  index: number,
  key: 'source' | 'destination' | undefined,
  locate: Locate | undefined,
  fields: Pick<DocsgenMessage, 'reason' | 'ruleId' | 'fatal'> & Partial<DocsgenMessage>,
): DocsgenMessage {
  const path = key ? ['redirects', index, key] : ['redirects', index];
  const place = locate?.(path) ?? locate?.(['redirects', index]);
  return {
    source,
    file: place?.file,
    line: place?.line,
    column: place?.column,
    path: `redirects[${index}]${key ? `.${key}` : ''}`,
    ...fields,
  };
}

/** Percent-encodes what a URL cannot hold raw (spaces, quotes, `<`, non-ASCII); leaves `%` escapes alone. */
export function encodeUrlCharacters(value: string): string {
  return value.replace(notUrlSafe, (character) => encodeURIComponent(character));
}

/** The path of a source written with a `?` query and nothing else amiss (`/models?ref=x` is `/models`); `undefined` otherwise. */
function queriedPath(source: unknown): string | undefined {
  if (typeof source !== 'string') return undefined;
  const mark = source.indexOf('?');
  return mark > 0 && !source.includes('#') ? source.slice(0, mark) : undefined;
}

function findSourceProblem(value: unknown): { key: 'source'; reason: string } | undefined {
  const fail = (why: string) => ({ key: 'source' as const, reason: `Cannot use redirect source \`${String(value)}\`: ${why}` });
  if (typeof value !== 'string' || !value.startsWith('/')) return fail('expected a path starting with `/`');
  if (value.startsWith('//')) return fail('it starts with `//`');
  if (controlCharacter.test(value)) return fail('it contains a control character (a line break, tab or NUL)');
  if (loneSurrogate.test(value)) return fail('it contains an unpaired UTF-16 surrogate');
  if (/[?#\\]/.test(value)) return fail('a source is matched against the path only, without `?`, `#` or `\\`');
  if (value.split('/').some((segment) => segment === '.' || segment === '..')) return fail('it has a `.` or `..` segment');
  return undefined;
}

function findDestinationProblem(value: unknown): { key: 'destination'; reason: string } | undefined {
  const fail = (why: string) => ({ key: 'destination' as const, reason: `Cannot redirect to \`${String(value)}\`: ${why}` });
  if (typeof value !== 'string' || value === '') return fail('expected a path or an http(s) URL');
  if (controlCharacter.test(value)) return fail('it contains a control character (a line break, tab or NUL)');
  if (loneSurrogate.test(value)) return fail('it contains an unpaired UTF-16 surrogate');
  if (value.startsWith('/')) {
    // `//host` and `/\host` are read by browsers as another host.
    return value.startsWith('//') || value.startsWith('/\\') ? fail('a path may not start with `//` or `/\\`') : undefined;
  }
  if (!/^https?:\/\//i.test(value)) return fail('expected a path starting with `/` or an absolute `http://` or `https://` URL');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('it is not a valid URL');
  }
  if (url.username !== '' || url.password !== '') return fail('a URL with a user name or password is refused');
  return undefined;
}
