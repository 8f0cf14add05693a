import { compareMessages, formatJsonPath, hasScheme, parseOperationEntry, type DocsgenMessage, type SourceLocation } from '@docsgen/config';
import { open, readdir, type FileHandle } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { buildAsyncApiPages, type AsyncApiPages } from './asyncapi-pages.js';
import { loadSpec, type LoadedSpec } from './load-spec.js';
import { createSpecMessage } from './message.js';
import { buildOpenApiPages, type ApiPages } from './openapi-pages.js';
import { checkOperationReferences, createOperationLookup, type OperationReferenceSite } from './operation-lookup.js';
import { isRecord, own } from './pointer.js';

/** A path into docs.json. */
export type ConfigPath = readonly (string | number)[];

/** A page whose frontmatter binds it to an operation (`openapi: "GET /users/{id}"`). */
export interface FrontmatterBinding {
  /** The `openapi` value as written. */
  value: string;
  /** Where the value is written (the page file, with line and column when known). */
  place?: Partial<SourceLocation> | undefined;
}

export interface CheckSpecsOptions {
  /** Finds where a docs.json value was written, so messages point at it (default: no positions). */
  locate?: ((path: ConfigPath) => SourceLocation | undefined) | null | undefined;
  /** Frontmatter `openapi` bindings of the project's pages (default: none). */
  frontmatter?: readonly FrontmatterBinding[] | null | undefined;
  /** Validates each spec against its schema (default: `true`). */
  validate?: boolean | null | undefined;
  /** Places the specs' warnings on their lines (`LoadSpecOptions.placeWarnings`; default: `true`). */
  placeWarnings?: boolean | null | undefined;
  /** Slugs already in use (the project's pages); generated pages avoid them (default: none). */
  takenSlugs?: Iterable<string> | null | undefined;
  /**
   * Gives a local copy of a remote spec docs.json names (the path from the root of the
   * downloaded file), or `undefined`: a copy is read instead of being reported as remote, with
   * the URL as its name. Asked once per URL, for all of them at once (default: none; this
   * function never reaches the network itself).
   */
  resolveRemote?: ((url: string) => Promise<string | undefined>) | null | undefined;
}

/** One spec named in docs.json (or only in pages' frontmatter), loaded and turned into pages. */
export interface CheckedSpec {
  /** The source as written in docs.json. */
  source: string;
  /** Where in docs.json it is named (the first place, when named several times; `[]` for a spec only frontmatter names). */
  configPath: ConfigPath;
  /**
   * Named only by pages' frontmatter (`openapi: "openapi.json GET /users"`), not by docs.json:
   * its operations are there for those pages, not pages or navigation of their own.
   */
  isFrontmatterOnly?: boolean | undefined;
  spec: LoadedSpec;
  /** Pages of an OpenAPI spec, or of an AsyncAPI spec. */
  result: ApiPages | AsyncApiPages | undefined;
}

interface SpecSource {
  source: string;
  directory: string | undefined;
  path: ConfigPath;
  /** For a spec only frontmatter names: the first page that names it, where messages about it point. */
  page?: Partial<SourceLocation> | undefined;
}

/**
 * What `docsgen check` reports about API specs: every spec docs.json names (`api.openapi`,
 * `api.asyncapi`, and the `openapi` / `asyncapi` of tabs, groups and other divisions) is
 * loaded, validated and turned into pages, and every operation named in the navigation or in
 * frontmatter is looked up. A local spec file that only frontmatter names
 * (`openapi: "specs/billing.yaml POST /invoices"`) is loaded too (`isFrontmatterOnly`). All
 * problems come back in one sorted list; nothing is printed.
 *
 * @param root
 *   Project root; specs and the files they refer to must be inside it.
 * @param config
 *   The docs.json value (after parsing; schema errors do not stop this check).
 */
export async function checkSpecs(
  root: string,
  config: unknown,
  options?: CheckSpecsOptions | null,
): Promise<{ messages: DocsgenMessage[]; specs: CheckedSpec[] }> {
  const locate = options?.locate ?? (() => undefined);
  const messages: DocsgenMessage[] = [];
  const sources: SpecSource[] = [];
  const references: OperationReferenceSite[] = [];

  const readSources = (value: unknown, path: ConfigPath): SpecSource[] => {
    const list = Array.isArray(value) ? value.map((item, index) => [item, [...path, index]] as const) : [[value, path] as const];
    const found: SpecSource[] = [];
    for (const [item, itemPath] of list) {
      if (typeof item === 'string' && item.trim() !== '') found.push({ source: item.trim(), directory: undefined, path: itemPath });
      else if (isRecord(item) && typeof item.source === 'string') {
        found.push({ source: item.source.trim(), directory: typeof item.directory === 'string' ? item.directory : undefined, path: [...itemPath, 'source'] });
      }
    }
    return found;
  };
  const api = own(config, 'api');
  const baseUrlValue = own(api, 'baseUrl');
  const baseUrls = (Array.isArray(baseUrlValue) ? baseUrlValue : [baseUrlValue]).filter((url): url is string => typeof url === 'string');
  const exampleParameters = own(own(api, 'examples'), 'defaults') === 'required' ? 'required' : 'all';
  const globalOpenApi = readSources(own(api, 'openapi'), ['api', 'openapi']);
  sources.push(...globalOpenApi, ...readSources(own(api, 'asyncapi'), ['api', 'asyncapi']));

  // Navigation: specs of divisions and groups, and operation strings in `pages`, each with
  // the specs of its nearest enclosing division or group as the scope.
  const walk = (value: unknown, path: ConfigPath, scope: string[]) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...path, index], scope));
      return;
    }
    if (!isRecord(value)) return;
    let inner = scope;
    if (value.openapi !== undefined || value.asyncapi !== undefined) {
      const own = [...readSources(value.openapi, [...path, 'openapi']), ...readSources(value.asyncapi, [...path, 'asyncapi'])];
      sources.push(...own);
      if (own.length > 0) inner = own.map((source) => source.source);
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === 'openapi' || key === 'asyncapi') continue;
      if (key === 'pages' && Array.isArray(child)) {
        child.forEach((entry, index) => {
          if (typeof entry !== 'string' || !parseOperationEntry(entry)) return;
          const entryPath = [...path, key, index];
          // Located only for a message: finding places in docs.json may mean parsing it again (a cached load).
          references.push({ value: entry, get place() { return locate(entryPath); }, scope: inner, path: formatJsonPath(entryPath) });
        });
      }
      if (typeof child === 'object' && child !== null) walk(child, [...path, key], inner);
    }
  };
  walk(own(config, 'navigation'), ['navigation'], globalOpenApi.map((source) => source.source));

  // Spec files named only in frontmatter, as a project may (docs.json need not list a spec its
  // pages name); one that names a spec docs.json lists by its file name alone is that spec.
  const bindings = (options?.frontmatter ?? []).map((binding) => ({ ...binding, value: bindingFromRoot(root, binding.value, binding.place?.file) }));
  for (const binding of bindings) {
    const spec = parseOperationEntry(binding.value)?.spec;
    if (spec === undefined || hasScheme(spec)) continue;
    if (sources.some((source) => namesSpec(source.source, spec))) continue;
    sources.push({ source: spec, directory: undefined, path: [], page: binding.place });
  }

  // Bindings that name no spec file, in a project whose docs.json names none: the project's one
  // OpenAPI file is theirs, as on the hosted platform ("detected automatically").
  const unnamed = bindings.find((binding) => {
    const parsed = parseOperationEntry(binding.value);
    return parsed !== undefined && parsed.spec === undefined;
  });
  if (unnamed && sources.length === 0) {
    const found = await findOpenApiFiles(root);
    if (found.length === 1) sources.push({ source: found[0] as string, directory: undefined, path: [], page: unnamed.place });
  }

  const specs: CheckedSpec[] = [];
  const resolveRemote = options?.resolveRemote;
  const remoteUrls = [...new Set(sources.map((source) => source.source).filter((name) => hasScheme(name)))];
  const remoteFiles = new Map(resolveRemote ? await Promise.all(remoteUrls.map(async (url) => [url, await resolveRemote(url)] as const)) : []);
  // Remote specs without a local copy: operations they may hold cannot be looked up.
  const remote: string[] = [];
  const seen = new Set<string>();
  const taken = new Set<string>(options?.takenSlugs ?? []);
  for (const source of sources) {
    const key = source.source.replace(/^\.?\/+/, '');
    if (seen.has(key)) continue;
    seen.add(key);
    const place = (): Partial<SourceLocation> | undefined => source.page ?? locate(source.path);
    const local = hasScheme(source.source) ? remoteFiles.get(source.source) : undefined;
    if (hasScheme(source.source) && local === undefined) {
      remote.push(source.source);
      messages.push(
        createSpecMessage(
          {
            reason: `Cannot check \`${source.source}\`: remote specs are not fetched`,
            ruleId: 'spec-remote',
            fatal: false,
            note: 'Download the spec into the project and name the local file, so it can be checked and built offline. Operations it may hold (named in its group or division, or in frontmatter without a spec name) are not checked.',
            actual: source.source,
          },
          place(),
        ),
      );
      continue;
    }
    const spec = await loadSpec(root, local ?? key, { validate: options?.validate ?? true, placeWarnings: options?.placeWarnings ?? true });
    // A downloaded spec keeps the URL as its name: the navigation and frontmatter use that.
    if (local !== undefined) spec.label = source.source;
    for (const message of spec.messages) {
      // A spec that cannot be read is a problem of the docs.json entry that names it.
      const where = message.ruleId === 'spec-unreadable' && message.line === undefined ? place() : undefined;
      if (where) messages.push({ ...message, file: where.file, line: where.line, column: where.column, path: source.page ? undefined : formatJsonPath(source.path) });
      else messages.push(message);
    }
    let result: CheckedSpec['result'];
    if (spec.kind === 'openapi') {
      result = buildOpenApiPages(spec, { directory: source.directory, takenSlugs: taken, baseUrl: baseUrls.length > 0 ? baseUrls : undefined, exampleParameters });
    } else if (spec.kind === 'asyncapi') result = buildAsyncApiPages(spec, { directory: source.directory, takenSlugs: taken });
    if (result) {
      messages.push(...result.messages);
      for (const page of result.pages) taken.add(page.slug);
    }
    specs.push({ source: source.source, configPath: source.path, spec, result, ...(source.page ? { isFrontmatterOnly: true } : {}) });
  }

  // docs.json's entries name operations of the specs it lists; frontmatter, of any spec loaded.
  const lookupOf = (checkedSpecs: CheckedSpec[]) =>
    createOperationLookup(checkedSpecs.flatMap((checked) => (checked.spec.kind === 'openapi' && checked.result ? (checked.result as ApiPages).pages : [])));
  const listed = lookupOf(specs.filter((checked) => !checked.isFrontmatterOnly));
  const all = lookupOf(specs);
  const frontmatter = bindings.map((binding) => ({ value: binding.value, place: binding.place }));
  // References into a spec that failed to load are not checked: that spec has its own messages.
  const failed = specs.filter((checked) => checked.result === undefined);
  const checkable = (sites: OperationReferenceSite[], lookup: ReturnType<typeof createOperationLookup>) => sites.filter((site) => {
    const parsed = parseOperationEntry(site.value);
    if (!parsed) return true;
    if (parsed.spec !== undefined) return !failed.some((checked) => matches(checked, parsed.spec)) && !remote.includes(parsed.spec);
    // Looked up in the specs of its group or division (its scope), else in every spec.
    const mayBeRemote = site.scope && site.scope.length > 0 ? site.scope.some((name) => remote.includes(name)) : remote.length > 0;
    return !mayBeRemote && (lookup.specs.length > 0 || failed.length === 0);
  });
  messages.push(...checkOperationReferences(listed, checkable(references, listed)), ...checkOperationReferences(all, checkable(frontmatter, all)));
  return { messages: messages.sort(compareMessages), specs };
}

// Folders never searched for a spec: dependencies, version control, build output, caches.
const skippedFolders = new Set(['node_modules', 'build', 'dist', 'coverage', 'tmp', 'temp']);
const maxSearchedEntries = 5_000;
const maxSearchDepth = 4;

/**
 * The project's OpenAPI (or Swagger) files, by path from the root: `.json`, `.yaml` and `.yml`
 * files up to four folders deep (not in dot folders, `node_modules` or build output) whose first
 * kilobyte declares `openapi` or `swagger`. At most 5,000 entries are looked at; symbolic links
 * are not followed.
 */
export async function findOpenApiFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  let looked = 0;
  const walk = async (folder: string, depth: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(join(root, folder), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (++looked > maxSearchedEntries || entry.name.startsWith('.')) continue;
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (depth < maxSearchDepth && !skippedFolders.has(entry.name)) await walk(path, depth + 1);
      } else if (entry.isFile() && /\.(?:json|ya?ml)$/i.test(entry.name) && entry.name !== 'docs.json' && entry.name !== 'package.json') {
        if (declaresSpec(await readHead(join(root, path)))) found.push(path);
      }
    }
  };
  await walk('', 0);
  return found;
}

async function readHead(file: string): Promise<string> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const buffer = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.toString('utf8', 0, bytesRead);
  } catch {
    return '';
  } finally {
    await handle?.close();
  }
}

function declaresSpec(head: string): boolean {
  return /^\s*\{?\s*["']?(?:openapi|swagger)["']?\s*:\s*["']?\d/m.test(head) || /[{,]\s*"(?:openapi|swagger)"\s*:\s*"\d/.test(head);
}

/**
 * A frontmatter `openapi` value with its spec file named from the project root: a path that
 * starts with `./` or `../` is relative to the page's folder (`../openapi.json GET /users` in
 * `api/users.mdx` is `openapi.json`); others are from the root already, as are remote URLs.
 *
 * @param pageFile
 *   The page's absolute path (without it, the value is returned as it is).
 */
export function bindingFromRoot(root: string, value: string, pageFile: string | undefined): string {
  const parsed = parseOperationEntry(value);
  if (!parsed?.spec || pageFile === undefined || !/^\.\.?\//.test(parsed.spec)) return value;
  const folder = relative(root, dirname(pageFile)).split(sep).join('/');
  const spec = posix.normalize(posix.join(folder, parsed.spec));
  return `${spec} ${parsed.method === 'WEBHOOK' ? 'webhook' : parsed.method} ${parsed.path}`;
}

function matches(checked: CheckedSpec, name: string | undefined): boolean {
  return name === undefined || namesSpec(checked.spec.label, name);
}

/** Whether `name` (as an operation reference writes it) is the spec `label`: its path from the root, or its file name. */
function namesSpec(label: string, name: string): boolean {
  const wanted = name.replace(/^\.?\/+/, '');
  const path = label.replace(/^\.?\/+/, '');
  return path === wanted || path.split('/').pop() === wanted;
}
