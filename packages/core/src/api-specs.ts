import type { DocsgenMessage, ResolvedDocsConfig, SourceLocation } from '@docsgen/config';
import type { ApiGroupModel, ApiPageModel, ApiPages, AsyncApiPageModel, AsyncApiPages, LoadedSpec, SchemaModel } from '@docsgen/openapi-pages';
import { join } from 'node:path';
import { applyExampleSettings, baseUrlsOf } from './api-settings.js';
import { placeOnFrontmatter } from './frontmatter.js';
import { downloadSpec, type DownloadedSpec } from './remote-spec.js';
import type { SiteLoadCache } from './site-load-cache.js';
import type { ProjectIgnore } from './project-ignore.js';

// The API specs a site reads, by label: those docs.json names (read when the site loads), those
// only pages' frontmatter names, and those components name (`<OpenApiViewer spec=…>`, read when
// first asked for). Every file of every spec is watched, broken ones too. The spec tooling
// (`@docsgen/openapi-pages`) is imported only when a project has specs.

type OpenApiTools = typeof import('@docsgen/openapi-pages');

/** A spec read without fatal problems, with the pages and groups made from it. */
export interface SpecEntry {
  label: string;
  spec: LoadedSpec;
  pages: Array<ApiPageModel | AsyncApiPageModel>;
  groups: ApiGroupModel[];
  /** Every schema model of the spec (`ApiPages.schemas`): read when asked for, since that builds every deferred page. */
  schemas?: (() => readonly SchemaModel[]) | undefined;
  /** Named only by pages' frontmatter: its operations are for those pages, with no pages or navigation of their own. */
  isFrontmatterOnly?: boolean | undefined;
}

export interface ApiSpecsOptions {
  root: string;
  config: ResolvedDocsConfig | undefined;
  /** Where problems go (download failures found later, by components, too). */
  messages: DocsgenMessage[];
  /** Slugs taken when a spec is read on demand: its pages get others. */
  takenSlugs(): Iterable<string>;
  /** What an earlier load of the project read, taken again while the specs' files are unchanged (default: none). */
  loadCache?: SiteLoadCache | null | undefined;
  /**
   * Build each OpenAPI page's reference when it is first read (`BuildApiPagesOptions.isDeferred`):
   * the dev server, which renders one page at a time (default: `false`).
   */
  isDeferred?: boolean | null | undefined;
  /** Whether a path of the project is left out by its `.mintignore`: never one of its specs (default: none is). */
  isIgnored?: ProjectIgnore | undefined;
}

export interface ReadNamedSpecsOptions {
  locate?: ((path: readonly (string | number)[]) => SourceLocation | undefined) | undefined;
  /** Slugs of the project's pages, which generated pages may not take. */
  takenSlugs: Iterable<string>;
  /** Pages whose frontmatter `openapi` names an operation: `value` as written, in `file`. */
  bindings: Array<{ value: string; file: string }>;
}

const urlScheme = /^[a-z][a-z\d+.-]*:/i;
const httpUrl = /^https?:\/\//i;

/** The pages, groups and schemas of a spec's entry, from what its builder gave. */
function entryParts(result: ApiPages | AsyncApiPages): Pick<SpecEntry, 'pages' | 'groups' | 'schemas'> {
  return { pages: result.pages, groups: result.groups, schemas: 'schemas' in result ? () => result.schemas : undefined };
}

/** The specs of a site, read at load and on demand. */
export class ApiSpecs {
  /** Specs read without fatal problems, by label. */
  readonly entries = new Map<string, SpecEntry>();
  readonly #options: ApiSpecsOptions;
  readonly #failed = new Set<string>();
  readonly #onDemand = new Map<string, Promise<void>>();
  readonly #unsettled = new Set<Promise<void>>();
  readonly #watched = new Set<string>();
  #tools: OpenApiTools | undefined;

  constructor(options: ApiSpecsOptions) {
    this.#options = options;
  }

  /** The spec tooling, once a spec (or a page bound to an operation) made the site load it. */
  get tools(): OpenApiTools | undefined {
    return this.#tools;
  }

  /**
   * Reads every spec docs.json names and every spec pages' frontmatter names (`checkSpecs`):
   * specs named by URL are downloaded (`downloadSpec`) and read from the copy. Problems that
   * stop a spec's pages become warnings; a page bound to no operation is said to be shown
   * without one.
   */
  async readNamed(options: ReadNamedSpecsOptions): Promise<OpenApiTools> {
    const { root, config, messages } = this.#options;
    const tools = (this.#tools ??= await import('@docsgen/openapi-pages'));
    const frontmatter = options.bindings.map((binding) => ({ value: binding.value, place: { file: binding.file } }));
    const resolveRemote = (url: string): Promise<string | undefined> => this.#download(url);
    const takenSlugs = [...options.takenSlugs];
    const isDeferred = this.#options.isDeferred === true;
    const isIgnored = this.#options.isIgnored;
    const check = () => tools.checkSpecs(root, config ?? {}, { locate: options.locate, validate: false, placeWarnings: false, takenSlugs, frontmatter, resolveRemote, isDeferred, isIgnored });
    const cache = this.#options.loadCache;
    const boundFiles = new Set(options.bindings.map((binding) => binding.file));
    const checked = cache
      ? await cache.specs(JSON.stringify([root, config?.api, specReferences(config?.navigation), options.bindings, takenSlugs]), check, (result) => reusableFiles(root, result, boundFiles))
      : await check();
    messages.push(...siteMessagesOf(checked.messages, new Set(options.bindings.map((binding) => binding.file))));
    for (const entry of checked.specs) {
      // Watched even when broken (or missing): saving the fix must reload the site.
      for (const file of entry.spec.documents.keys()) this.#watched.add(file);
      if (entry.spec.file) this.#watched.add(entry.spec.file);
      else if (!urlScheme.test(entry.source)) this.#watched.add(join(root, entry.source));
      if (!entry.result) {
        this.#failed.add(entry.spec.label);
        continue;
      }
      // A spec with a set of pages in each of several directories is an entry per set.
      const label = entry.instance ?? entry.spec.label;
      this.entries.set(label, { label, ...entryParts(entry.result), spec: entry.spec, isFrontmatterOnly: entry.isFrontmatterOnly });
    }
    for (const entry of this.entries.values()) applyExampleSettings(entry.pages, config, tools.whenReferenceBuilt);
    return tools;
  }

  /**
   * The spec a component names (its label, or the last part of it; the only spec when none is
   * named): `'loading'` while a spec docs.json does not name is being read for it, `undefined`
   * when there is none or it cannot be read.
   */
  resolve(spec: string | undefined): SpecEntry | 'loading' | undefined {
    if (spec === undefined || spec.trim() === '') return this.entries.size === 1 ? [...this.entries.values()][0] : undefined;
    const wanted = spec.trim().replace(/^\.?\/+/, '');
    const known = this.entries.get(wanted) ?? [...this.entries.values()].find((entry) => entry.label.split('/').pop() === wanted);
    if (known) return known;
    if (this.#failed.has(wanted) || (urlScheme.test(wanted) && !httpUrl.test(wanted))) return undefined;
    if (!this.#onDemand.has(wanted)) {
      const loading = this.#readOnDemand(wanted).catch(() => {
        this.#failed.add(wanted);
      });
      this.#onDemand.set(wanted, loading);
      this.#unsettled.add(loading);
      void loading.finally(() => this.#unsettled.delete(loading));
    }
    return this.entries.has(wanted) ? this.entries.get(wanted) : this.#failed.has(wanted) ? undefined : 'loading';
  }

  /** Every file of every spec (absolute), those that failed to load included. */
  files(): string[] {
    return [...new Set([...this.#watched, ...[...this.entries.values()].flatMap((entry) => [...entry.spec.documents.keys()])])];
  }

  /** Resolves once the specs components asked for are read; `undefined` when none is pending. */
  pending(): Promise<void> | undefined {
    return this.#unsettled.size === 0 ? undefined : Promise.all(this.#unsettled).then(() => undefined);
  }

  async #readOnDemand(label: string): Promise<void> {
    const { root, config } = this.#options;
    const tools = (this.#tools ??= await import('@docsgen/openapi-pages'));
    const path = httpUrl.test(label) ? await this.#download(label) : label;
    if (path === undefined) {
      this.#failed.add(label);
      return;
    }
    const spec = await tools.loadSpec(root, path, { validate: false, placeWarnings: false });
    for (const file of spec.documents.keys()) this.#watched.add(file);
    const taken = new Set(this.#options.takenSlugs());
    const baseUrls = baseUrlsOf(config);
    const result =
      spec.kind === 'openapi'
        ? tools.buildOpenApiPages(spec, { takenSlugs: taken, baseUrl: baseUrls.length > 0 ? baseUrls : undefined })
        : spec.kind === 'asyncapi'
          ? tools.buildAsyncApiPages(spec, { takenSlugs: taken })
          : undefined;
    if (!result || spec.messages.some((message) => message.fatal)) this.#failed.add(label);
    else {
      applyExampleSettings(result.pages, config, tools.whenReferenceBuilt);
      this.entries.set(label, { label, spec, ...entryParts(result) });
    }
  }

  /** Downloads the spec at `url`; its local copy, or `undefined` (with a warning) when there is none. */
  async #download(url: string): Promise<string | undefined> {
    const downloaded = await downloadSpec(this.#options.root, url);
    const failure = downloadFailure(url, downloaded);
    if (failure) this.#options.messages.push(failure);
    return downloaded.ok ? downloaded.path : undefined;
  }
}

/**
 * The specs' files of a `checkSpecs` result, for a later load to take the result again while
 * they are unchanged; `undefined` when it may not be: a spec downloaded (the next load asks
 * again), or a message placed in a file other than a spec's or a bound page's (docs.json:
 * its lines may have moved).
 */
function reusableFiles(root: string, result: Awaited<ReturnType<OpenApiTools['checkSpecs']>>, boundFiles: ReadonlySet<string>): string[] | undefined {
  const files = new Set<string>();
  for (const entry of result.specs) {
    if (urlScheme.test(entry.source)) return undefined;
    for (const file of entry.spec.documents.keys()) files.add(file);
    files.add(entry.spec.file ?? join(root, entry.source));
  }
  const isPlacedElsewhere = (file: string | undefined): boolean => file !== undefined && !files.has(file) && !boundFiles.has(file);
  return result.messages.some((message) => isPlacedElsewhere(message.file)) ? undefined : [...files];
}

/**
 * What of docs.json's navigation names specs and operations, in order and nesting but not
 * position: every `openapi`/`asyncapi` value and every text with a space (an operation such as
 * `GET /users`, or a group's name), each object or list that holds some in brackets.
 */
function specReferences(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : '';
  let found = '';
  if (Array.isArray(value)) for (const item of value) found += specReferences(item);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) found += key === 'openapi' || key === 'asyncapi' ? `${key}=${JSON.stringify(item)}` : specReferences(item);
  }
  return found === '' ? '' : `(${found})`;
}

/**
 * What a site says of `checkSpecs`' findings: reading problems stop a spec's pages and become
 * warnings; other findings are `docsgen check`'s to report (so warnings are not placed on
 * their lines here: `placeWarnings: false`). A page in `boundFiles` bound to no operation is
 * shown without one: said here too, not only by `docsgen check`.
 */
function siteMessagesOf(found: readonly DocsgenMessage[], boundFiles: ReadonlySet<string>): DocsgenMessage[] {
  const messages: DocsgenMessage[] = [];
  for (const message of found) {
    if (message.ruleId === 'openapi-operation-missing') {
      if (message.file !== undefined && boundFiles.has(message.file)) messages.push({ ...message, fatal: false, note: `The page is shown without its API reference. ${message.note ?? ''}`.trim() });
      continue;
    }
    // A page's operation found with or without a trailing slash: shown, and said.
    if (message.ruleId === 'openapi-operation-trailing-slash') {
      if (message.file !== undefined && boundFiles.has(message.file)) messages.push(message);
      continue;
    }
    if (message.fatal) messages.push({ ...message, fatal: false, note: message.note ?? 'The API pages of this spec are not generated; run `docsgen check` for details.' });
  }
  return placeOnFrontmatter(messages, boundFiles, 'openapi');
}

/** The `spec-download-failed` warning of a download that failed (or gave only an earlier copy). */
function downloadFailure(url: string, downloaded: DownloadedSpec): DocsgenMessage | undefined {
  if (downloaded.ok && !downloaded.isStale) return undefined;
  return {
    reason: downloaded.ok ? `Cannot download \`${url}\` (${downloaded.reason}); the copy from an earlier download is used` : `Cannot download \`${url}\`: ${downloaded.reason}`,
    ruleId: 'spec-download-failed',
    source: '@docsgen/core',
    fatal: false,
    note: 'Check the URL and the network, or copy the spec into the project and name the file.',
  };
}
