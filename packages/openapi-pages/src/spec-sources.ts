import { formatJsonPath, hasScheme, parseOperationEntry, type SourceLocation } from '@docsgen/config';
import type { Dirent } from 'node:fs';
import { open, readdir, type FileHandle } from 'node:fs/promises';
import { dirname, join, posix, relative, sep } from 'node:path';
import type { OperationReferenceSite } from './operation-lookup.js';
import { isRecord, own } from './pointer.js';

// Where a project names its API specs: docs.json (`api.openapi`, `api.asyncapi`, and the
// `openapi` / `asyncapi` of divisions and groups), pages' frontmatter, or nothing at all (the
// project's one OpenAPI file); and the operations its navigation names.

/** A path into docs.json. */
export type ConfigPath = readonly (string | number)[];

/** A page whose frontmatter binds it to an operation (`openapi: "GET /users/{id}"`). */
export interface FrontmatterBinding {
  /** The `openapi` value as written. */
  value: string;
  /** Where the value is written (the page file, with line and column when known). */
  place?: Partial<SourceLocation> | undefined;
}

/** One spec a project names. */
export interface SpecSource {
  source: string;
  directory: string | undefined;
  path: ConfigPath;
  /** For a spec only frontmatter names: the first page that names it, where messages about it point. */
  page?: Partial<SourceLocation> | undefined;
}

/** The specs docs.json names, and the operations its navigation names with the specs in their scope. */
export interface ConfigSources {
  sources: SpecSource[];
  references: OperationReferenceSite[];
}

/** Specs named by a docs.json `openapi` / `asyncapi` value: a path or URL, an object with `source`, or a list of those. */
export function readSpecSources(value: unknown, path: ConfigPath): SpecSource[] {
  const list = Array.isArray(value) ? value.map((item, index) => [item, [...path, index]] as const) : [[value, path] as const];
  const found: SpecSource[] = [];
  for (const [item, itemPath] of list) {
    if (typeof item === 'string' && item.trim() !== '') found.push({ source: item.trim(), directory: undefined, path: itemPath });
    else if (isRecord(item) && typeof item.source === 'string') {
      found.push({ source: item.source.trim(), directory: typeof item.directory === 'string' ? item.directory : undefined, path: [...itemPath, 'source'] });
    }
  }
  return found;
}

/**
 * Every spec docs.json names (`api` first, then the navigation's divisions and groups), and
 * every operation string in the navigation's `pages`, each with the specs of its nearest
 * enclosing division or group as its scope (`api.openapi` outside any).
 */
export function collectConfigSources(config: unknown, locate: (path: ConfigPath) => SourceLocation | undefined): ConfigSources {
  const api = own(config, 'api');
  const globalOpenApi = readSpecSources(own(api, 'openapi'), ['api', 'openapi']);
  const found: ConfigSources = { sources: [...globalOpenApi, ...readSpecSources(own(api, 'asyncapi'), ['api', 'asyncapi'])], references: [] };
  walkNavigation(own(config, 'navigation'), ['navigation'], globalOpenApi.map((source) => source.source), { found, locate });
  return found;
}

function walkNavigation(value: unknown, path: ConfigPath, scope: string[], walk: { found: ConfigSources; locate: (path: ConfigPath) => SourceLocation | undefined }): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => walkNavigation(item, [...path, index], scope, walk));
    return;
  }
  if (!isRecord(value)) return;
  let inner = scope;
  if (value.openapi !== undefined || value.asyncapi !== undefined) {
    const named = [...readSpecSources(value.openapi, [...path, 'openapi']), ...readSpecSources(value.asyncapi, [...path, 'asyncapi'])];
    walk.found.sources.push(...named);
    if (named.length > 0) inner = named.map((source) => source.source);
  }
  for (const [key, child] of Object.entries(value)) {
    if (key === 'openapi' || key === 'asyncapi') continue;
    if (key === 'pages' && Array.isArray(child)) {
      child.forEach((entry, index) => {
        if (typeof entry !== 'string' || !parseOperationEntry(entry)) return;
        const entryPath = [...path, key, index];
        const locate = walk.locate;
        // Located only for a message: finding places in docs.json may mean parsing it again (a cached load).
        walk.found.references.push({ value: entry, get place() { return locate(entryPath); }, scope: inner, path: formatJsonPath(entryPath) });
      });
    }
    if (typeof child === 'object' && child !== null) walkNavigation(child, [...path, key], inner, walk);
  }
}

/**
 * Adds the spec files only frontmatter names (docs.json need not list a spec its pages name;
 * one that names a spec docs.json lists by its file name alone is that spec), and, when a
 * binding names no spec file and docs.json names none, every OpenAPI file of the project that
 * `isIgnored` (its `.mintignore`) leaves in, in alphabetical order of their paths, as on the
 * hosted platform ("uploads every OpenAPI specification ... the first match wins").
 */
export async function addFrontmatterSources(
  root: string,
  sources: SpecSource[],
  bindings: readonly FrontmatterBinding[],
  isIgnored?: ((path: string, isDirectory?: boolean) => boolean) | undefined,
): Promise<void> {
  let projectSpecs: string[] | undefined;
  for (const binding of bindings) {
    const spec = parseOperationEntry(binding.value)?.spec;
    if (spec === undefined || hasScheme(spec)) continue;
    if (sources.some((source) => namesSpec(source.source, spec))) continue;
    // A name without an extension is the stem of a spec file of the project, which the
    // platform reads even when docs.json lists none ("uploads every OpenAPI specification").
    if (!specExtension.test(spec)) {
      projectSpecs ??= await findOpenApiFiles(root, isIgnored);
      const found = projectSpecs.find((file) => namesSpec(file, spec));
      if (found !== undefined) {
        sources.push({ source: found, directory: undefined, path: [], page: binding.place });
        continue;
      }
    }
    sources.push({ source: spec, directory: undefined, path: [], page: binding.place });
  }
  const unnamed = bindings.find((binding) => {
    const parsed = parseOperationEntry(binding.value);
    return parsed !== undefined && parsed.spec === undefined;
  });
  // `openapi: POST /v1/translate` with no spec named, and none in docs.json: the platform
  // "searches every uploaded specification", the first in alphabetical order of their paths
  // winning; so are they all read here, in that order.
  // Specs other pages name by file do not count: docs.json names none.
  if (unnamed && sources.every((source) => source.page !== undefined)) {
    for (const found of projectSpecs ?? (await findOpenApiFiles(root, isIgnored))) {
      if (!sources.some((source) => namesSpec(source.source, found))) sources.push({ source: found, directory: undefined, path: [], page: unnamed.place });
    }
  }
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
export async function findOpenApiFiles(root: string, isIgnored?: ((path: string, isDirectory?: boolean) => boolean) | undefined): Promise<string[]> {
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
      if (isIgnored?.(path, entry.isDirectory())) continue;
      if (entry.isDirectory()) {
        if (depth < maxSearchDepth && !skippedFolders.has(entry.name)) await walk(path, depth + 1);
      } else if (entry.isFile() && /\.(?:json|ya?ml)$/i.test(entry.name) && entry.name !== 'docs.json' && entry.name !== 'package.json') {
        if (declaresSpec(await readHead(join(root, path)))) found.push(path);
      }
    }
  };
  await walk('', 0);
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
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

const specExtension = /\.(?:json|ya?ml)$/i;

/**
 * Whether `name` (as an operation reference writes it) is the spec `label`: its path from the
 * root, or its file name; a name without an extension also names the spec whose path or file
 * name it is without `.json`, `.yaml` or `.yml` (`openapi: "v3-openapi GET /runs"` for
 * `v3-openapi.yaml`, `s4 delete /…` for `api-specs/s4.yml`), as the hosted platform reads it.
 */
export function namesSpec(label: string, name: string): boolean {
  const wanted = name.replace(/\\/g, '/').replace(/^\.?\/+/, '');
  const path = label.replace(/\\/g, '/').replace(/^\.?\/+/, '');
  const fileName = path.split('/').pop();
  if (path === wanted || fileName === wanted) return true;
  if (specExtension.test(wanted) || !specExtension.test(path)) return false;
  return path.replace(specExtension, '') === wanted || fileName?.replace(specExtension, '') === wanted;
}

/**
 * The name of a spec's set of pages in `directory` beyond its first (`openapi.yaml#sdk/java`):
 * `CheckedSpec.instance`, the pages' `specInstance`, and what a navigation node naming the spec
 * with that directory resolves to. Slashes around the directory do not count.
 */
export function specInstanceLabel(label: string, directory: string): string {
  return `${label}#${withoutEndSlashes(directory)}`;
}

/** `directory` without the slashes at its ends (`/sdk/python/` is `sdk/python`). */
export function withoutEndSlashes(directory: string): string {
  return directory.replace(/^\/+|\/+$/g, '');
}
