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
import type { ApiGroupModel, ApiInfoModel, ApiPageModel, CodeSampleModel } from './page-model.js';
import { isRecord, text } from './pointer.js';
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
}

const defaults: ResolvedBuildApiPagesOptions = { directory: 'api-reference', baseUrls: undefined, takenSlugs: [], exampleParameters: 'all' };

/** Fills in the defaults of `BuildApiPagesOptions` once, for both builders. */
export function resolveBuildApiPagesOptions(options?: BuildApiPagesOptions | null): ResolvedBuildApiPagesOptions {
  const baseUrl = options?.baseUrl;
  return {
    directory: (options?.directory ?? defaults.directory).replace(/^\/+|\/+$/g, ''),
    baseUrls: typeof baseUrl === 'string' ? [baseUrl] : Array.isArray(baseUrl) ? [...baseUrl] : defaults.baseUrls,
    takenSlugs: options?.takenSlugs ? [...options.takenSlugs] : defaults.takenSlugs,
    exampleParameters: options?.exampleParameters === 'required' ? 'required' : defaults.exampleParameters,
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
}

/**
 * Builds one page model per operation and webhook of a loaded OpenAPI 3.x or Swagger 2.0
 * spec. `x-excluded` operations get no page; `x-hidden` ones get a page that no group lists.
 * Slugs are `<directory>/<tag>/<label>`, de-duplicated in spec order (`-2`, `-3`, …).
 */
export function buildOpenApiPages(spec: LoadedSpec, options?: BuildApiPagesOptions | null): ApiPages {
  const { directory, baseUrls: override, takenSlugs, exampleParameters } = resolveBuildApiPagesOptions(options);
  const messages: DocsgenMessage[] = [];
  const root = isRecord(spec.value) ? spec.value : {};
  const isSwagger = root.swagger !== undefined;
  const reportedUrls = new Set<string>();
  const schemas = createSchemaNormalizer(spec);
  const context: OpenApiContext = {
    spec,
    schemas,
    isSwagger,
    consumes: stringList(root.consumes) ?? [],
    produces: stringList(root.produces) ?? [],
    reportUnsafeUrl(url, file, path) {
      const key = file + '\0' + path.join('\0');
      if (reportedUrls.has(key)) return;
      reportedUrls.add(key);
      messages.push(
        createSpecMessage(
          {
            reason: `Unexpected URL \`${String(url).slice(0, 200)}\`, expected an http(s) or mailto URL`,
            ruleId: 'spec-url-unsafe',
            fatal: false,
            note: 'The URL is left out of the pages.',
            actual: String(url),
          },
          spec.locate(file, path) ?? { file },
        ),
      );
    },
  };
  const info = readInfo(context, root);
  const rootServers = readServers(context, root.servers, spec.file, ['servers']);
  const allocate = createSlugAllocator(takenSlugs);

  // Tags as declared at the top, with their display names and descriptions.
  const declared = new Map<string, { title: string; description: string }>();
  for (const tag of Array.isArray(root.tags) ? root.tags : []) {
    if (isRecord(tag) && typeof tag.name === 'string' && !declared.has(tag.name)) {
      declared.set(tag.name, { title: text(tag['x-displayName']) ?? tag.name, description: markdownOf(tag.description) });
    }
  }
  const used = new Map<string | undefined, string[]>();
  const usedWebhooksUntagged: string[] = [];
  const pages: ApiPageModel[] = [];
  const operationIds = new Map<string, string>();

  const addOperations = (kind: 'operation' | 'webhook', container: unknown, containerKey: string) => {
    if (!isRecord(container)) return;
    for (const [path, item] of Object.entries(container)) {
      if (kind === 'operation' && !path.startsWith('/')) continue;
      const { value: pathItem, file } = follow(context, item, spec.file);
      if (!isRecord(pathItem)) continue;
      for (const [method, operation] of Object.entries(pathItem)) {
        if (!(httpMethods as readonly string[]).includes(method) || !isRecord(operation)) continue;
        if (operation['x-excluded'] === true) continue;
        const operationPath = [containerKey, path, method];
        const tag = Array.isArray(operation.tags) ? operation.tags.find((t): t is string => typeof t === 'string') : undefined;
        const title = labelOperation({ summary: operation.summary as string, operationId: operation.operationId as string, method, path });
        const groupSegment = tag !== undefined ? slugifySegment(tag, 'endpoints') : kind === 'webhook' ? 'webhooks' : 'endpoints';
        const mint = isRecord(operation['x-mint']) ? operation['x-mint'] : {};
        // `x-mint.href`: the page's own path, made of plain path segments only.
        const href = typeof mint.href === 'string' ? mint.href.trim().replace(/^\/+|\/+$/g, '') : '';
        const ownPath = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/i.test(href) && !href.split('/').some((segment) => /^\.+$/.test(segment)) ? href : undefined;
        const slug = allocate(ownPath ?? `${directory ? directory + '/' : ''}${groupSegment}/${slugifySegment(title, method)}`);
        const operationId = text(operation.operationId);
        if (operationId) {
          const first = operationIds.get(operationId);
          if (first) {
            messages.push(
              createSpecMessage(
                {
                  reason: `Unexpected duplicate \`operationId\` \`${operationId}\`, already used by \`${first}\``,
                  ruleId: 'operation-id-duplicate',
                  fatal: false,
                  note: 'Each operationId must be unique; links and code generators rely on it.',
                  actual: operationId,
                },
                spec.locate(file, [...operationPath, 'operationId']) ?? { file },
              ),
            );
          } else operationIds.set(operationId, `${method.toUpperCase()} ${path}`);
        }
        const parts = readParameters(context, [
          { value: pathItem.parameters, file },
          { value: operation.parameters, file },
        ]);
        const byLocation = { path: [], query: [], header: [], cookie: [] } as ApiPageModel['parameters'];
        for (const parameter of parts.parameters) {
          if (parameter.in in byLocation) byLocation[parameter.in as keyof typeof byLocation].push(parameter);
        }
        const servers =
          !isSwagger && Array.isArray(operation.servers)
            ? readServers(context, operation.servers, file, [...operationPath, 'servers'])
            : !isSwagger && Array.isArray(pathItem.servers)
              ? readServers(context, pathItem.servers, file, [containerKey, path, 'servers'])
              : rootServers;
        const page: ApiPageModel = {
          kind,
          slug,
          title,
          spec: spec.label,
          method: method.toUpperCase(),
          path,
          operationId,
          summary: text(operation.summary),
          description: markdownOf(operation.description ?? pathItem.description),
          tag,
          isHidden: operation['x-hidden'] === true,
          isDeprecated: operation.deprecated === true,
          servers,
          baseUrls: (override ?? servers.map((server) => server.url)).filter((url): url is string => typeof url === 'string' && safeUrl(url, { protocols: ['http', 'https'] }) !== undefined),
          security: readSecurity(context, operation.security ?? root.security),
          parameters: byLocation,
          requestBody: readRequestBody(context, operation, file, parts),
          responses: readResponses(context, operation, file),
          codeSamples: [],
          externalDocs: readLink(context, operation.externalDocs, file, [...operationPath, 'externalDocs']),
          position: spec.locate(file, operationPath, { key: true }) ?? spec.locate(file, operationPath),
          overrides: readOverrides(mint.metadata),
          content: markdownOf(mint.content),
        };
        // A webhook is a request the API sends to the reader's server: there is no address to
        // call, so no request samples are generated (the spec's own `x-codeSamples` stay).
        page.codeSamples = [...readCodeSamples(operation), ...(kind === 'webhook' ? [] : generateCodeSamples(page, { parameters: exampleParameters }))];
        pages.push(page);
        if (!page.isHidden) {
          if (tag === undefined && kind === 'webhook') usedWebhooksUntagged.push(slug);
          else {
            const list = used.get(tag) ?? [];
            list.push(slug);
            used.set(tag, list);
          }
        }
      }
    }
  };
  addOperations('operation', root.paths, 'paths');
  addOperations('webhook', root.webhooks, 'webhooks');

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
  if (usedWebhooksUntagged.length > 0) groups.push({ title: 'Webhooks', tag: undefined, description: '', pages: usedWebhooksUntagged });
  return { info, groups, pages, schemas: schemas.models(), messages: messages.sort(compareMessages) };
}

function readInfo(context: OpenApiContext, root: Record<string, unknown>): ApiInfoModel {
  const info = isRecord(root.info) ? root.info : {};
  const file = context.spec.file;
  const checked = (value: unknown, path: string[]) => {
    if (value === undefined) return undefined;
    const url = safeUrl(value);
    if (!url) context.reportUnsafeUrl(value, file, path);
    return url;
  };
  const contact = isRecord(info.contact)
    ? {
        name: text(info.contact.name),
        email: text(info.contact.email),
        url: checked(info.contact.url, ['info', 'contact', 'url']),
      }
    : undefined;
  const license = isRecord(info.license)
    ? { name: text(info.license.name), url: checked(info.license.url, ['info', 'license', 'url']) }
    : undefined;
  return {
    title: typeof info.title === 'string' ? info.title : '',
    version: typeof info.version === 'string' ? info.version : '',
    description: markdownOf(info.description ?? info.summary),
    termsOfService: checked(info.termsOfService, ['info', 'termsOfService']),
    contact,
    license,
    externalDocs: readLink(context, root.externalDocs, file, ['externalDocs']),
  };
}

/** `x-codeSamples` (also `x-code-samples`): `[{lang, label?, source}]`. */
function readCodeSamples(operation: Record<string, unknown>): CodeSampleModel[] {
  const list = operation['x-codeSamples'] ?? operation['x-code-samples'];
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is Record<string, unknown> => isRecord(item) && typeof item.source === 'string')
    .map((item) => {
      const lang = text(item.lang) ?? 'text';
      return { lang: lang.toLowerCase(), label: text(item.label) ?? lang, source: item.source as string, isGenerated: false };
    });
}

/** `x-mint.metadata`: the page texts it may override, as plain one-line text. */
function readOverrides(value: unknown): NonNullable<ApiPageModel['overrides']> {
  if (!isRecord(value)) return {};
  const line = (entry: unknown): string | undefined => (typeof entry === 'string' && entry.trim() !== '' ? entry.replace(/\s+/g, ' ').trim() : undefined);
  return { title: line(value.title), sidebarTitle: line(value.sidebarTitle), description: line(value.description) };
}
