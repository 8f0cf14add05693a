import { compareMessages, formatJsonPath, hasScheme, parseOperationEntry, type DocsgenMessage, type SourceLocation } from '@docsgen/config';
import { buildAsyncApiPages, type AsyncApiPages } from './asyncapi-pages.js';
import { loadSpec, type LoadedSpec } from './load-spec.js';
import { createSpecMessage } from './message.js';
import { buildOpenApiPages, type ApiPages } from './openapi-pages.js';
import { checkOperationReferences, createOperationLookup, type OperationReferenceSite } from './operation-lookup.js';
import { own } from './pointer.js';
import {
  addFrontmatterSources,
  bindingFromRoot,
  collectConfigSources,
  namesSpec,
  specInstanceLabel,
  withoutEndSlashes,
  type ConfigPath,
  type FrontmatterBinding,
  type SpecSource,
} from './spec-sources.js';

export type { ConfigPath, FrontmatterBinding } from './spec-sources.js';

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
  /** Builds the OpenAPI pages' references when first read (`BuildApiPagesOptions.isDeferred`; default: `false`). */
  isDeferred?: boolean | null | undefined;
  /**
   * Whether a path of the project (posix, from the root) is left out of the site (its
   * `.mintignore`): such a file is never found as one of the project's specs (default: none is).
   */
  isIgnored?: ((path: string, isDirectory?: boolean) => boolean) | null | undefined;
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
  /**
   * For an OpenAPI spec docs.json gives several directories, the name of this set of its pages
   * beyond the first (`<label>#<directory>`, the pages' `specInstance`); absent for the first set.
   */
  instance?: string | undefined;
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
  const { sources, references } = collectConfigSources(config, locate);
  const bindings = (options?.frontmatter ?? []).map((binding) => ({ ...binding, value: bindingFromRoot(root, binding.value, binding.place?.file) }));
  await addFrontmatterSources(root, sources, bindings, options?.isIgnored ?? undefined);
  const loaded = await loadSpecSources(root, sources, { ...options, locate, pages: readPageSettings(config) });
  const frontmatter = bindings.map((binding) => ({ value: binding.value, place: binding.place }));
  const messages = [...loaded.messages, ...checkOperationNames(loaded, references, frontmatter)];
  return { messages: messages.sort(compareMessages), specs: loaded.specs };
}

/** docs.json's `api` settings that shape the generated pages: base URLs and which parameters code samples show. */
function readPageSettings(config: unknown): { baseUrls: string[]; exampleParameters: 'all' | 'required' } {
  const api = own(config, 'api');
  const baseUrlValue = own(api, 'baseUrl');
  return {
    baseUrls: (Array.isArray(baseUrlValue) ? baseUrlValue : [baseUrlValue]).filter((url): url is string => typeof url === 'string'),
    exampleParameters: own(own(api, 'examples'), 'defaults') === 'required' ? 'required' : 'all',
  };
}

interface LoadOptions extends CheckSpecsOptions {
  locate: (path: ConfigPath) => SourceLocation | undefined;
  pages: ReturnType<typeof readPageSettings>;
}

/** The specs loaded, their messages, and the remote specs that could not be (their operations cannot be looked up). */
interface LoadedSources {
  specs: CheckedSpec[];
  messages: DocsgenMessage[];
  remote: string[];
}

/**
 * Loads each spec once (a remote one from its local copy, else reported), in order, and turns
 * it into pages whose slugs avoid the project's and the specs' before it.
 */
async function loadSpecSources(root: string, sources: readonly SpecSource[], options: LoadOptions): Promise<LoadedSources> {
  const loaded: LoadedSources = { specs: [], messages: [], remote: [] };
  const resolveRemote = options.resolveRemote;
  const remoteUrls = [...new Set(sources.map((source) => source.source).filter((name) => hasScheme(name)))];
  const remoteFiles = new Map(resolveRemote ? await Promise.all(remoteUrls.map(async (url) => [url, await resolveRemote(url)] as const)) : []);
  const seen = new Set<string>();
  const taken = new Set<string>(options.takenSlugs ?? []);
  // A spec named more than once (in `api.openapi` and by a group, say) has its pages in the
  // first `directory` any of the names gives, as on the hosted platform: spree/spree lists its
  // specs in `api.openapi`, names each again in a group with a folder, and links the pages there.
  // An OpenAPI spec named with several directories has a set of pages in each (Stagehand's docs:
  // one spec for its Python, Java, Go and Ruby references); a name without one takes the first.
  const directories = new Map<string, string[]>();
  for (const source of sources) {
    const directory = source.directory;
    if (directory === undefined) continue;
    const key = specKey(source);
    const list = directories.get(key) ?? [];
    if (!list.some((other) => withoutEndSlashes(other) === withoutEndSlashes(directory))) directories.set(key, [...list, directory]);
  }
  for (const named of sources) {
    const key = specKey(named);
    if (seen.has(key)) continue;
    seen.add(key);
    const [first, ...others] = directories.get(key) ?? [];
    const source = { ...named, directory: named.directory ?? first };
    const place = (): Partial<SourceLocation> | undefined => source.page ?? options.locate(source.path);
    const local = hasScheme(source.source) ? remoteFiles.get(source.source) : undefined;
    if (hasScheme(source.source) && local === undefined) {
      loaded.remote.push(source.source);
      loaded.messages.push(describeRemoteSource(source.source, place()));
      continue;
    }
    const spec = await loadSpec(root, local ?? key, { validate: options.validate ?? true, placeWarnings: options.placeWarnings ?? true });
    // A downloaded spec keeps the URL as its name: the navigation and frontmatter use that.
    if (local !== undefined) spec.label = source.source;
    loaded.messages.push(...placeSpecMessages(spec.messages, source, place));
    const result = buildSpecPages(spec, source, taken, options);
    if (result) {
      loaded.messages.push(...result.messages);
      for (const page of result.pages) taken.add(page.slug);
    }
    loaded.specs.push({ source: source.source, configPath: source.path, spec, result, ...(source.page ? { isFrontmatterOnly: true } : {}) });
    if (spec.kind !== 'openapi' || !result) continue;
    // The other directories' sets: the same operations again, so their messages are not repeated.
    for (const directory of source.directory === first ? others : []) {
      const instance = specInstanceLabel(spec.label, directory);
      const more = buildSpecPages(spec, { ...source, directory }, taken, options, instance);
      if (!more) continue;
      for (const page of more.pages) taken.add(page.slug);
      loaded.specs.push({ source: source.source, configPath: source.path, spec, result: more, instance });
    }
  }
  return loaded;
}

/** The spec a source names, the same however its path starts (`./openapi.yaml`, `/openapi.yaml`). */
function specKey(source: SpecSource): string {
  return source.source.replace(/^\.?\/+/, '');
}

function describeRemoteSource(source: string, place: Partial<SourceLocation> | undefined): DocsgenMessage {
  return createSpecMessage(
    {
      reason: `Cannot check \`${source}\`: remote specs are not fetched`,
      ruleId: 'spec-remote',
      fatal: false,
      note: 'Download the spec into the project and name the local file, so it can be checked and built offline. Operations it may hold (named in its group or division, or in frontmatter without a spec name) are not checked.',
      actual: source,
    },
    place,
  );
}

/** A spec's messages, where one that says it cannot be read points at the docs.json entry (or page) that names it. */
function placeSpecMessages(messages: readonly DocsgenMessage[], source: SpecSource, place: () => Partial<SourceLocation> | undefined): DocsgenMessage[] {
  return messages.map((message) => {
    const where = message.ruleId === 'spec-unreadable' && message.line === undefined ? place() : undefined;
    if (!where) return message;
    return { ...message, file: where.file, line: where.line, column: where.column, path: source.page ? undefined : formatJsonPath(source.path) };
  });
}

function buildSpecPages(spec: LoadedSpec, source: SpecSource, taken: ReadonlySet<string>, options: LoadOptions, instance?: string): CheckedSpec['result'] {
  const settings = options.pages;
  if (spec.kind === 'openapi') {
    return buildOpenApiPages(spec, {
      directory: source.directory,
      takenSlugs: taken,
      baseUrl: settings.baseUrls.length > 0 ? settings.baseUrls : undefined,
      exampleParameters: settings.exampleParameters,
      isDeferred: options.isDeferred,
      instance,
    });
  }
  if (spec.kind === 'asyncapi') return buildAsyncApiPages(spec, { directory: source.directory, takenSlugs: taken });
  return undefined;
}

/**
 * Looks up the operations docs.json's navigation names (in the specs it lists) and those
 * frontmatter names (in any spec loaded). References into a spec that failed to load, or that
 * may be in a remote spec that was not loaded, are not checked: those specs have their own
 * messages.
 */
function checkOperationNames(loaded: LoadedSources, references: OperationReferenceSite[], frontmatter: OperationReferenceSite[]): DocsgenMessage[] {
  const { specs, remote } = loaded;
  const lookupOf = (checkedSpecs: CheckedSpec[]) =>
    createOperationLookup(checkedSpecs.flatMap((checked) => (checked.spec.kind === 'openapi' && checked.result ? (checked.result as ApiPages).pages : [])));
  const listed = lookupOf(specs.filter((checked) => !checked.isFrontmatterOnly));
  const all = lookupOf(specs);
  const failed = specs.filter((checked) => checked.result === undefined);
  const checkable = (sites: OperationReferenceSite[], lookup: ReturnType<typeof createOperationLookup>) =>
    sites.filter((site) => {
      const parsed = parseOperationEntry(site.value);
      if (!parsed) return true;
      if (parsed.spec !== undefined) return !failed.some((checked) => matches(checked, parsed.spec)) && !remote.includes(parsed.spec);
      // Looked up in the specs of its group or division (its scope), else in every spec.
      const mayBeRemote = site.scope && site.scope.length > 0 ? site.scope.some((name) => remote.includes(name)) : remote.length > 0;
      return !mayBeRemote && (lookup.specs.length > 0 || failed.length === 0);
    });
  return [...checkOperationReferences(listed, checkable(references, listed)), ...checkOperationReferences(all, checkable(frontmatter, all))];
}

function matches(checked: CheckedSpec, name: string | undefined): boolean {
  return name === undefined || namesSpec(checked.spec.label, name);
}
