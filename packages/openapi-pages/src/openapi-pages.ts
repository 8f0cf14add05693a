import { compareMessages, type DocsgenMessage } from '@docsgen/config';
import { generateCodeSamples } from './code-samples.js';
import { labelOperation } from './label-operation.js';
import type { LoadedSpec } from './load-spec.js';
import { safeUrl } from '@docsgen/util/safe-url';
import { markdownOf } from './markdown-of.js';
import { createSpecMessage } from './message.js';
import {
  follow,
  readLink,
  readParameters,
  readRequestBody,
  readResponses,
  readSecurity,
  readServers,
  stringList,
  type OpenApiContext,
} from './openapi-parts.js';
import type { ApiGroupModel, ApiInfoModel, ApiPageModel, CodeSampleModel, ParameterModel, ServerModel } from './page-model.js';
import { isRecord, text } from './pointer.js';
import { createUnsafeUrlReporter, readApiInfo } from './spec-info.js';
import { specCodeSample, withGeneratedSamples } from './sample-languages.js';
import { createSchemaNormalizer, type SchemaModel } from './schema-model.js';
import { createSlugAllocator, slugifySegment } from './slug.js';

/** HTTP methods of a path item, in the order OpenAPI lists them. */
export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** What `BuildApiPagesOptions` become once resolved. */
export interface ResolvedBuildApiPagesOptions {
  directory: string;
  baseUrls: string[] | undefined;
  takenSlugs: readonly string[];
  exampleParameters: 'all' | 'required';
  instance: string | undefined;
}

const defaults: ResolvedBuildApiPagesOptions = { directory: 'api-reference', baseUrls: undefined, takenSlugs: [], exampleParameters: 'all', instance: undefined };

/** Fills in the defaults of `BuildApiPagesOptions` once, for both builders. */
export function resolveBuildApiPagesOptions(options?: BuildApiPagesOptions | null): ResolvedBuildApiPagesOptions {
  const baseUrl = options?.baseUrl;
  return {
    directory: (options?.directory ?? defaults.directory).replace(/^\/+|\/+$/g, ''),
    baseUrls: typeof baseUrl === 'string' ? [baseUrl] : Array.isArray(baseUrl) ? [...baseUrl] : defaults.baseUrls,
    takenSlugs: options?.takenSlugs ? [...options.takenSlugs] : defaults.takenSlugs,
    exampleParameters: options?.exampleParameters === 'required' ? 'required' : defaults.exampleParameters,
    instance: options?.instance ?? defaults.instance,
  };
}

export interface BuildApiPagesOptions {
  /** Folder of the generated pages, without slashes at the ends (default: `'api-reference'`). */
  directory?: string | null | undefined;
  /** `api.baseUrl`: replaces the spec's servers as the base URL(s) of requests (default: the servers). */
  baseUrl?: string | string[] | null | undefined;
  /** Slugs already used by other pages; generated slugs avoid them (default: none). */
  takenSlugs?: Iterable<string> | null | undefined;
  /** `api.examples.defaults`: `required` leaves optional parameters out of the generated code samples (default: `'all'`). */
  exampleParameters?: 'all' | 'required' | null | undefined;
  /**
   * Build each page's reference (its security, parameters, request body, responses, code
   * samples and external docs) when one of them is first read, not at once: the
   * navigation's fields are there from the start, so a dev server serves its first page without
   * building every operation of a large spec (GitHub's 1,223 in 0.7 s). `ApiPages.complete`
   * builds the others and gives their warnings (default: `false`).
   */
  isDeferred?: boolean | null | undefined;
  /**
   * Name of this set of the spec's pages when the spec has several, one per `directory` docs.json
   * gives it (Stagehand's docs: one spec in a Python, a Java, a Go and a Ruby folder): set on each
   * page as `specInstance`, for the operation lookup (default: none, the spec's only set).
   */
  instance?: string | null | undefined;
}

/** Pages, navigation groups and overview of one spec, plus what was found while building them. */
export interface ApiPages {
  info: ApiInfoModel;
  /** Navigation groups in order: tags as declared, then tags as first used, then untagged. */
  groups: ApiGroupModel[];
  /** Every page (hidden ones included) in spec order: paths, then webhooks. */
  pages: ApiPageModel[];
  /**
   * Every schema model the pages use, each once (their graph, `SchemaModel.id` unique): what a
   * site needs to let readers open nested fields the pages do not show.
   */
  schemas: readonly SchemaModel[];
  messages: DocsgenMessage[];
  /**
   * With `isDeferred`: builds the references of the pages not built yet and gives the warnings
   * found while building deferred references since the last call (`messages` has the others).
   * Reading `schemas` builds every reference first. Without `isDeferred`: `[]`.
   */
  complete(): DocsgenMessage[];
}

/**
 * Builds one page model per operation and webhook of a loaded OpenAPI 3.x or Swagger 2.0
 * spec. `x-excluded` operations get no page; `x-hidden` ones get a page that no group lists.
 * Slugs are `<directory>/<tag>/<label>`, de-duplicated in spec order (`-2`, `-3`, …).
 */
export function buildOpenApiPages(spec: LoadedSpec, options?: BuildApiPagesOptions | null): ApiPages {
  const messages: DocsgenMessage[] = [];
  const context = createOpenApiContext(spec, messages);
  const root = isRecord(spec.value) ? spec.value : {};
  const info = readApiInfo(spec, context.reportUnsafeUrl, 'summary');
  const resolved = resolveBuildApiPagesOptions(options);
  const builder: PageBuilder = {
    context,
    root,
    options: resolved,
    rootServers: readServers(context, root.servers, spec.file, ['servers']),
    allocate: createSlugAllocator(resolved.takenSlugs),
    operationIds: new Map(),
    messages,
    deferred: options?.isDeferred ? [] : undefined,
  };
  const operations = [...listOperations(context, 'operation', root.paths, 'paths'), ...listOperations(context, 'webhook', root.webhooks, 'webhooks')];
  const pages = operations.map((operation) => buildOperationPage(builder, operation));
  const groups = groupOpenApiPages(pages, readDeclaredTags(root));
  const deferred = builder.deferred;
  if (!deferred) return { info, groups, pages, schemas: context.schemas.models(), messages: messages.sort(compareMessages), complete: () => [] };
  // Warnings of references built later are added to `messages` (the same array the URL reporter
  // holds); `complete` gives those since its last call.
  let reported = messages.length;
  const completeAll = (): void => {
    for (const build of deferred.splice(0)) build();
  };
  return {
    info,
    groups,
    pages,
    get schemas() {
      completeAll();
      return context.schemas.models();
    },
    messages: [...messages].sort(compareMessages),
    complete() {
      completeAll();
      const late = messages.slice(reported);
      reported = messages.length;
      return late.sort(compareMessages);
    },
  };
}

/** What the builders of one spec share: the spec, its schema normaliser, its dialect and where URL warnings go. */
export function createOpenApiContext(spec: LoadedSpec, messages: DocsgenMessage[]): OpenApiContext {
  const root = isRecord(spec.value) ? spec.value : {};
  return {
    spec,
    schemas: createSchemaNormalizer(spec),
    isSwagger: root.swagger !== undefined,
    consumes: stringList(root.consumes) ?? [],
    produces: stringList(root.produces) ?? [],
    reportUnsafeUrl: createUnsafeUrlReporter(spec, messages),
  };
}

/** One operation (or webhook) as written: where it is and what it says. */
export interface OperationEntry {
  kind: 'operation' | 'webhook';
  /** `paths` or `webhooks`. */
  containerKey: string;
  /** Path (`/users/{id}`), or the webhook's name. */
  path: string;
  /** Lower case, as written. */
  method: string;
  operation: Record<string, unknown>;
  pathItem: Record<string, unknown>;
  /** The file the path item is written in (it may be a `$ref` to another file). */
  file: string;
}

/** The operations of `paths` or `webhooks` in spec order, `x-excluded` ones left out. */
export function listOperations(context: OpenApiContext, kind: OperationEntry['kind'], container: unknown, containerKey: string): OperationEntry[] {
  if (!isRecord(container)) return [];
  const entries: OperationEntry[] = [];
  for (const [path, item] of Object.entries(container)) {
    if (kind === 'operation' && !path.startsWith('/')) continue;
    const { value: pathItem, file } = follow(context, item, context.spec.file);
    if (!isRecord(pathItem)) continue;
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!(httpMethods as readonly string[]).includes(method) || !isRecord(operation)) continue;
      if (operation['x-excluded'] === true) continue;
      entries.push({ kind, containerKey, path, method, operation, pathItem, file });
    }
  }
  return entries;
}

/** What building the pages of one spec keeps from one page to the next. */
interface PageBuilder {
  context: OpenApiContext;
  /** The spec's top-level object. */
  root: Record<string, unknown>;
  options: ResolvedBuildApiPagesOptions;
  /** The spec's own servers, for operations and path items without theirs. */
  rootServers: ServerModel[];
  allocate: (wanted: string) => string;
  /** First operation of each `operationId`, as `METHOD /path`. */
  operationIds: Map<string, string>;
  /** Where the pages' warnings go. */
  messages: DocsgenMessage[];
  /** With `isDeferred`: builds each page's reference not built yet. */
  deferred: Array<() => void> | undefined;
}

function buildOperationPage(builder: PageBuilder, entry: OperationEntry): ApiPageModel {
  const { context, options } = builder;
  const { spec } = context;
  const { kind, path, method, operation, pathItem } = entry;
  const tag = Array.isArray(operation.tags) ? operation.tags.find((t): t is string => typeof t === 'string') : undefined;
  const title = labelOperation({ summary: operation.summary as string, operationId: operation.operationId as string, method, path });
  const mint = isRecord(operation['x-mint']) ? operation['x-mint'] : {};
  const slug = builder.allocate(ownHrefOf(mint) ?? `${options.directory ? options.directory + '/' : ''}${groupSegmentOf(tag, kind)}/${slugifySegment(title, method)}`);
  const operationId = text(operation.operationId);
  if (operationId) checkOperationId(builder, entry, operationId);
  const servers = serversOf(builder, entry);
  const page: ApiPageModel = {
    kind,
    slug,
    title,
    spec: spec.label,
    ...(options.instance ? { specInstance: options.instance } : {}),
    method: method.toUpperCase(),
    path,
    operationId,
    summary: text(operation.summary),
    description: markdownOf(operation.description ?? pathItem.description),
    tag,
    isHidden: operation['x-hidden'] === true,
    isDeprecated: operation.deprecated === true,
    servers,
    baseUrls: (options.baseUrls ?? servers.map((server) => server.url)).filter((url): url is string => typeof url === 'string' && safeUrl(url, { protocols: ['http', 'https'] }) !== undefined),
    ...emptyReference(),
    position: undefined,
    overrides: readOverrides(mint.metadata),
    content: markdownOf(mint.content),
  };
  // Nothing docsgen renders reads where an operation is written, and finding it in a JSON spec
  // indexes the file first (0.3 s for GitHub's, in each build thread): found when first read.
  const operationPath = [entry.containerKey, path, method];
  lazyField(page, 'position', () => spec.locate(entry.file, operationPath, { key: true }) ?? spec.locate(entry.file, operationPath));
  if (builder.deferred) builder.deferred.push(deferReference(page, () => buildReference(builder, entry, page)));
  else buildReference(builder, entry, page);
  return page;
}

/** Makes `object[key]` the value `compute` gives when it is first read (a plain field from then on, or once set). */
function lazyField<T extends object, K extends keyof T>(object: T, key: K, compute: () => T[K]): void {
  const settle = (value: T[K]): T[K] => {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
    return value;
  };
  Object.defineProperty(object, key, { get: () => settle(compute()), set: settle, enumerable: true, configurable: true });
}

/** The reference fields of a page before they are built. */
function emptyReference(): Pick<ApiPageModel, (typeof referenceKeys)[number]> {
  return { security: [], parameters: { path: [], query: [], header: [], cookie: [] }, requestBody: undefined, responses: [], codeSamples: [], externalDocs: undefined };
}

/** The fields of a page that `isDeferred` builds when first read: what the reference shows. */
const referenceKeys = ['security', 'parameters', 'requestBody', 'responses', 'codeSamples', 'externalDocs'] as const satisfies ReadonlyArray<keyof ApiPageModel>;

/** Builds the operation's reference into `page`: its security, parameters, bodies, responses and samples. */
function buildReference(builder: PageBuilder, entry: OperationEntry, page: ApiPageModel): void {
  const { context, options } = builder;
  const { kind, path, method, operation, pathItem, file } = entry;
  const operationPath = [entry.containerKey, path, method];
  const parts = readParameters(context, [
    { value: pathItem.parameters, file },
    { value: operation.parameters, file },
  ]);
  page.security = readSecurity(context, operation.security ?? builder.root.security);
  page.parameters = groupParameters(parts.parameters);
  page.requestBody = readRequestBody(context, operation, file, parts);
  page.responses = readResponses(context, operation, file);
  page.externalDocs = readLink(context, operation.externalDocs, file, [...operationPath, 'externalDocs']);
  // A webhook is a request the API sends to the reader's server: there is no address to
  // call, so no request samples are generated (the spec's own `x-codeSamples` stay).
  page.codeSamples = withGeneratedSamples(readCodeSamples(operation), kind === 'webhook' ? [] : generateCodeSamples(page, { parameters: options.exampleParameters }));
}

/**
 * Makes the reference fields of `page` build it when first read or written (`build`, once);
 * returns the function that builds it now. Once built, they are plain fields again.
 */
function deferReference(page: ApiPageModel, build: () => void): () => void {
  let isBuilt = false;
  const buildOnce = (): void => {
    if (isBuilt) return;
    isBuilt = true;
    const listeners = pendingReferences.get(page) ?? [];
    pendingReferences.delete(page);
    // Plain fields first, empty: building reads and writes them, and a page whose building
    // failed (the error goes to whoever read it) still has the shape of one.
    const empty = emptyReference();
    for (const key of referenceKeys) Object.defineProperty(page, key, { value: empty[key], writable: true, enumerable: true, configurable: true });
    build();
    for (const listener of listeners) listener(page);
  };
  for (const key of referenceKeys) {
    Object.defineProperty(page, key, {
      get() {
        buildOnce();
        return page[key];
      },
      set(value: unknown) {
        buildOnce();
        (page as unknown as Record<string, unknown>)[key] = value;
      },
      enumerable: true,
      configurable: true,
    });
  }
  pendingReferences.set(page, []);
  return buildOnce;
}

// Pages whose reference is deferred and not built yet, with what to do with each once it is.
const pendingReferences = new WeakMap<ApiPageModel, Array<(page: ApiPageModel) => void>>();

/**
 * Calls `listener` with the page once its reference is built (`isDeferred`): at once when it is
 * built already. Settings that change a reference (which code samples a site shows) go through
 * it, so they do not build every deferred reference to apply themselves.
 */
export function whenReferenceBuilt(page: ApiPageModel, listener: (page: ApiPageModel) => void): void {
  const listeners = pendingReferences.get(page);
  if (listeners) listeners.push(listener);
  else listener(page);
}

/** The slug folder of an operation: its tag, else `webhooks` or `endpoints`. */
function groupSegmentOf(tag: string | undefined, kind: OperationEntry['kind']): string {
  return tag !== undefined ? slugifySegment(tag, 'endpoints') : kind === 'webhook' ? 'webhooks' : 'endpoints';
}

/** `x-mint.href`: the page's own path, made of plain path segments only; `undefined` for anything else. */
export function ownHrefOf(mint: Record<string, unknown>): string | undefined {
  const href = typeof mint.href === 'string' ? mint.href.trim().replace(/^\/+|\/+$/g, '') : '';
  return /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/i.test(href) && !href.split('/').some((segment) => /^\.+$/.test(segment)) ? href : undefined;
}

/** Warns about an `operationId` an earlier operation already uses. */
function checkOperationId(builder: PageBuilder, entry: OperationEntry, operationId: string): void {
  const first = builder.operationIds.get(operationId);
  if (!first) {
    builder.operationIds.set(operationId, `${entry.method.toUpperCase()} ${entry.path}`);
    return;
  }
  builder.messages.push(
    createSpecMessage(
      {
        reason: `Unexpected duplicate \`operationId\` \`${operationId}\`, already used by \`${first}\``,
        ruleId: 'operation-id-duplicate',
        fatal: false,
        note: 'Each operationId must be unique; links and code generators rely on it.',
        actual: operationId,
      },
      builder.context.spec.locate(entry.file, [entry.containerKey, entry.path, entry.method, 'operationId']) ?? { file: entry.file },
    ),
  );
}

/** The operation's servers, else its path item's, else the spec's (Swagger 2.0 has only the spec's). */
function serversOf(builder: PageBuilder, entry: OperationEntry): ServerModel[] {
  const { context } = builder;
  const { operation, pathItem, file } = entry;
  if (!context.isSwagger && Array.isArray(operation.servers)) return readServers(context, operation.servers, file, [entry.containerKey, entry.path, entry.method, 'servers']);
  if (!context.isSwagger && Array.isArray(pathItem.servers)) return readServers(context, pathItem.servers, file, [entry.containerKey, entry.path, 'servers']);
  return builder.rootServers;
}

/** Parameters by where they go. */
function groupParameters(parameters: readonly ParameterModel[]): ApiPageModel['parameters'] {
  const byLocation = { path: [], query: [], header: [], cookie: [] } as ApiPageModel['parameters'];
  for (const parameter of parameters) {
    if (parameter.in in byLocation) byLocation[parameter.in as keyof typeof byLocation].push(parameter);
  }
  return byLocation;
}

/** Tags as declared at the top, with their display names and descriptions. */
function readDeclaredTags(root: Record<string, unknown>): Map<string, { title: string; description: string }> {
  const declared = new Map<string, { title: string; description: string }>();
  for (const tag of Array.isArray(root.tags) ? root.tags : []) {
    if (isRecord(tag) && typeof tag.name === 'string' && !declared.has(tag.name)) {
      declared.set(tag.name, { title: text(tag['x-displayName']) ?? tag.name, description: markdownOf(tag.description) });
    }
  }
  return declared;
}

/**
 * The navigation groups of the pages no `x-hidden` hides: tags as declared, then tags as first
 * used, then untagged operations (`Endpoints`), then untagged webhooks (`Webhooks`).
 */
export function groupOpenApiPages(pages: readonly ApiPageModel[], declared: ReadonlyMap<string, { title: string; description: string }>): ApiGroupModel[] {
  const used = new Map<string | undefined, string[]>();
  const untaggedWebhooks: string[] = [];
  for (const page of pages) {
    if (page.isHidden) continue;
    if (page.tag === undefined && page.kind === 'webhook') untaggedWebhooks.push(page.slug);
    else {
      const list = used.get(page.tag) ?? [];
      list.push(page.slug);
      used.set(page.tag, list);
    }
  }
  const groups: ApiGroupModel[] = [];
  for (const [tag, meta] of declared) {
    const list = used.get(tag);
    if (list) groups.push({ title: meta.title, tag, description: meta.description, pages: list });
  }
  for (const [tag, list] of used) {
    if (tag !== undefined && !declared.has(tag)) groups.push({ title: tag, tag, description: '', pages: list });
  }
  const untagged = used.get(undefined);
  if (untagged) groups.push({ title: 'Endpoints', tag: undefined, description: '', pages: untagged });
  if (untaggedWebhooks.length > 0) groups.push({ title: 'Webhooks', tag: undefined, description: '', pages: untaggedWebhooks });
  return groups;
}

/** `x-codeSamples` (also `x-code-samples`): `[{lang, label?, source}]`. */
function readCodeSamples(operation: Record<string, unknown>): CodeSampleModel[] {
  const list = operation['x-codeSamples'] ?? operation['x-code-samples'];
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is Record<string, unknown> => isRecord(item) && typeof item.source === 'string')
    .map((item) => specCodeSample(text(item.lang) ?? 'text', text(item.label), item.source as string));
}

/** `x-mint.metadata`: the page texts it may override, as plain one-line text. */
function readOverrides(value: unknown): NonNullable<ApiPageModel['overrides']> {
  if (!isRecord(value)) return {};
  const line = (entry: unknown): string | undefined => (typeof entry === 'string' && entry.trim() !== '' ? entry.replace(/\s+/g, ' ').trim() : undefined);
  return { title: line(value.title), sidebarTitle: line(value.sidebarTitle), description: line(value.description) };
}
