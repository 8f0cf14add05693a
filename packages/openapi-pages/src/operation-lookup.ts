import { parseOperationEntry, type DocsgenMessage, type SourceLocation } from '@docsgen/config';
import { suggest } from '@docsgen/util/did-you-mean';
import { createSpecMessage } from './message.js';
import type { ApiPageModel } from './page-model.js';
import { namesSpec } from './spec-sources.js';

/** An operation named in navigation (`"GET /users/{id}"`, `"openapi.json GET /users/{id}"`) or frontmatter. */
export interface OperationReference {
  /** Spec file named before the method, if any. */
  spec: string | undefined;
  /** Upper-case method, or `WEBHOOK`. */
  method: string;
  /** Path template, or the webhook's name. */
  path: string;
}

/** Finds the generated page of an operation reference. */
export interface OperationLookup {
  /**
   * The page of `reference`. A reference naming a spec looks only there (its path relative to
   * the project root, else every spec with that file name); one without looks in
   * `scope` (spec labels, such as the `openapi` of the enclosing group) when given and non-empty,
   * else in every spec.
   */
  find(reference: OperationReference | string, scope?: readonly string[] | null): ApiPageModel | undefined;
  /** Every `METHOD path` key in the given scope, for did-you-mean suggestions. */
  keys(scope?: readonly string[] | null): string[];
  /** Labels of the specs known to the lookup (`api/openapi.yaml`). */
  specs: string[];
}

/**
 * Parses an operation reference: `"GET /users/{id}"`, `"openapi.json GET /users/{id}"`,
 * `"WEBHOOK orderPaid"`; `undefined` for anything else (a page slug). Same grammar as the
 * navigation and the frontmatter `openapi` field.
 */
export function parseOperationReference(value: string): OperationReference | undefined {
  return parseOperationEntry(value);
}

/**
 * Builds a lookup over the pages of several specs (`spec` of each page is its label; a set of a
 * spec's pages in another directory goes by its `specInstance`).
 */
export function createOperationLookup(pages: readonly ApiPageModel[]): OperationLookup {
  const bySpec = new Map<string, Map<string, ApiPageModel>>();
  for (const page of pages) {
    const label = page.specInstance ?? page.spec;
    let map = bySpec.get(label);
    if (!map) {
      map = new Map();
      bySpec.set(label, map);
    }
    const key = page.kind === 'webhook' ? `WEBHOOK ${page.path}` : `${page.method} ${page.path}`;
    if (!map.has(key)) map.set(key, page);
  }
  const specs = [...bySpec.keys()];
  // A name matches its spec exactly, else every spec with that base name (`openapi.yaml`) or,
  // written without an extension, that stem (`namesSpec`).
  const matchSpec = (name: string): string[] => {
    const wanted = normaliseSpecName(name);
    const exact = specs.filter((spec) => spec === wanted);
    return [...exact, ...specs.filter((spec) => spec !== wanted && namesSpec(spec, wanted))];
  };
  const inScope = (scope: readonly string[] | null | undefined): string[] => {
    if (!scope || scope.length === 0) return specs;
    return [...new Set(scope.flatMap(matchSpec))];
  };
  return {
    specs,
    find(reference, scope) {
      const parsed = typeof reference === 'string' ? parseOperationReference(reference) : reference;
      if (!parsed) return undefined;
      const method = parsed.method.toUpperCase();
      const candidates = parsed.spec !== undefined ? matchSpec(parsed.spec) : inScope(scope);
      const inCandidates = (path: string): ApiPageModel | undefined => {
        for (const spec of candidates) {
          const page = bySpec.get(spec)?.get(`${method} ${path}`);
          if (page) return page;
        }
        return undefined;
      };
      // The path as written, else with or without its trailing slash (`checkOperationReferences` warns).
      const other = method === 'WEBHOOK' ? undefined : otherSlashForm(parsed.path);
      return inCandidates(parsed.path) ?? (other === undefined ? undefined : inCandidates(other));
    },
    keys(scope) {
      return inScope(scope).flatMap((spec) => [...(bySpec.get(spec)?.keys() ?? [])]);
    },
  };
}

/** A reference to check, with where it was written. */
export interface OperationReferenceSite {
  /** The text as written: `"GET /users/{id}"` or `"openapi.yaml GET /users/{id}"`. */
  value: string;
  /** Where it was written (a docs.json entry, a page's frontmatter). */
  place?: Partial<SourceLocation> | undefined;
  /** Specs an unqualified reference is looked up in (default: all). */
  scope?: readonly string[] | undefined;
  /** `path` of the message (the docs.json path, such as `navigation.groups[0].pages[2]`). */
  path?: string | undefined;
}

/** Reports each reference that names no operation (`openapi-operation-missing`), with a did-you-mean. */
export function checkOperationReferences(lookup: OperationLookup, sites: readonly OperationReferenceSite[]): DocsgenMessage[] {
  const messages: DocsgenMessage[] = [];
  for (const site of sites) {
    const reference = parseOperationReference(site.value);
    if (!reference) {
      const message = createSpecMessage(
        {
          reason: `Unexpected \`${site.value}\`, expected an operation such as \`GET /users/{id}\` or \`openapi.yaml GET /users/{id}\``,
          ruleId: 'openapi-operation-missing',
          actual: site.value,
        },
        site.place,
      );
      if (site.path) message.path = site.path;
      messages.push(message);
      continue;
    }
    const found = lookup.find(reference, site.scope);
    if (found) {
      if (found.kind !== 'webhook' && found.path !== reference.path) {
        const message = createSpecMessage(
          {
            reason: `Unexpected \`${reference.method} ${reference.path}\`, the spec writes it \`${found.method} ${found.path}\`; the page shows that operation`,
            ruleId: 'openapi-operation-trailing-slash',
            actual: site.value,
            expected: [`${found.method} ${found.path}`],
            note: 'Write the path as the spec does: with and without a trailing slash, they are two paths to a server.',
            fatal: false,
          },
          site.place,
        );
        if (site.path) message.path = site.path;
        messages.push(message);
      }
      continue;
    }
    const specNamed = reference.spec !== undefined && lookup.keys([reference.spec]).length === 0 && !lookup.specs.some((spec) => namesSpec(spec, reference.spec as string));
    const key = `${reference.method} ${reference.path}`;
    const close = specNamed ? undefined : suggest(key, lookup.keys(reference.spec ? [reference.spec] : site.scope), { maxDistance: 4 });
    // Named in one spec and found in another (a translated copy older than the original).
    const elsewhere = !specNamed && !close && reference.spec !== undefined ? lookup.find({ ...reference, spec: undefined }) : undefined;
    const message = createSpecMessage(
      {
        reason: specNamed
          ? `Cannot find the spec \`${reference.spec}\` of \`${site.value}\`, expected one of ${lookup.specs.map((spec) => `\`${spec}\``).join(', ') || 'the specs in `docs.json` (there are none)'}`
          : `Cannot find the operation \`${key}\`${reference.spec ? ` in \`${reference.spec}\`` : ''}`,
        ruleId: 'openapi-operation-missing',
        actual: site.value,
        note: close
          ? `Did you mean \`${close}\`?`
          : elsewhere
            ? `\`${elsewhere.spec}\` has it: is \`${reference.spec}\` an older copy?`
            : 'Write it as `METHOD /path` exactly as in the spec (path parameters included), optionally after the spec file name.',
      },
      site.place,
    );
    if (site.path) message.path = site.path;
    messages.push(message);
  }
  return messages;
}

/** `path` with a trailing slash added or taken away; `undefined` for `/` itself. */
function otherSlashForm(path: string): string | undefined {
  if (path === '/' || path === '') return undefined;
  return path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
}

function normaliseSpecName(name: string): string {
  return name.replace(/\\/g, '/').replace(/^\.?\/+/, '');
}
