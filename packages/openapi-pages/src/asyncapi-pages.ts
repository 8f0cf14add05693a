import { compareMessages, type DocsgenMessage, type SourceLocation } from '@docsgen/config';
import { createAsyncApiContext, readV2Operations, readV3Operations, type AsyncPageFields } from './asyncapi-parts.js';
import { labelOperation } from './label-operation.js';
import type { LoadedSpec } from './load-spec.js';
import { resolveBuildApiPagesOptions, type BuildApiPagesOptions } from './openapi-pages.js';
import type { ApiGroupModel, ApiInfoModel, ExampleModel, ParameterModel } from './page-model.js';
import type { SchemaModel } from './schema-model.js';
import { createSlugAllocator, slugifySegment } from './slug.js';
import { createUnsafeUrlReporter, readApiInfo } from './spec-info.js';

/** A message an AsyncAPI operation sends or receives. */
export interface AsyncMessageModel {
  /** `name`, else the component key, else `message`. */
  name: string;
  title: string | undefined;
  summary: string | undefined;
  /** Markdown (untrusted: render with `renderSpecMarkdown`). */
  description: string;
  contentType: string | undefined;
  payload: SchemaModel | undefined;
  headers: SchemaModel | undefined;
  /** The spec's examples, else one generated from the payload. */
  examples: ExampleModel[];
  /** Protocol bindings as written (plain data, to be shown escaped). */
  bindings: Record<string, unknown>;
}

/** A server of an AsyncAPI spec. */
export interface AsyncServerModel {
  name: string;
  /** `url` (2.x) or `host` + `pathname` (3.0), as text: never a link. */
  address: string;
  protocol: string | undefined;
  protocolVersion: string | undefined;
  /** Markdown (untrusted: render with `renderSpecMarkdown`). */
  description: string;
  bindings: Record<string, unknown>;
}

/** One page per channel operation of an AsyncAPI spec. */
export interface AsyncApiPageModel {
  kind: 'channel-operation';
  slug: string;
  /** Sidebar label: summary, else title (3.0), else operation id, else `ACTION channel`. */
  title: string;
  spec: string;
  /** As written: `publish` / `subscribe` (2.x) or `send` / `receive` (3.0). */
  action: string;
  /** Channel address (`light/{lightId}/measured`), or its key when it has none. */
  channel: string;
  operationId: string | undefined;
  summary: string | undefined;
  /** Markdown (untrusted: render with `renderSpecMarkdown`). */
  description: string;
  tag: string | undefined;
  /** `x-hidden`. */
  isHidden: boolean;
  /** Channel parameters (`{lightId}`). */
  parameters: ParameterModel[];
  messages: AsyncMessageModel[];
  /** The servers the channel is available on. */
  servers: AsyncServerModel[];
  bindings: { channel: Record<string, unknown>; operation: Record<string, unknown> };
  position: SourceLocation | undefined;
}

export interface AsyncApiPages {
  info: ApiInfoModel;
  groups: ApiGroupModel[];
  pages: AsyncApiPageModel[];
  messages: DocsgenMessage[];
}

/**
 * Builds one page per channel operation of an AsyncAPI 2.x (`publish`/`subscribe` of each
 * channel) or 3.0 (`operations`) spec, with its messages (payload and header schemas,
 * examples), the channel parameters and the servers with their bindings. Grouped by the
 * operation's first tag, untagged ones in `Operations`.
 */
export function buildAsyncApiPages(spec: LoadedSpec, options?: Omit<BuildApiPagesOptions, 'baseUrl'> | null): AsyncApiPages {
  const { directory, takenSlugs } = resolveBuildApiPagesOptions(options);
  const context = createAsyncApiContext(spec);
  const allocate = createSlugAllocator(takenSlugs);
  const operations = context.isV3 ? readV3Operations(context) : readV2Operations(context);
  const pages = operations.map((fields) => placeAsyncPage(fields, spec.label, directory, allocate));
  const messages: DocsgenMessage[] = [];
  // The same check and the same warning as OpenAPI links.
  const info = readApiInfo(spec, createUnsafeUrlReporter(spec, messages));
  return { info, groups: groupAsyncApiPages(pages), pages, messages: messages.sort(compareMessages) };
}

/** The page of one operation, with its title (`labelOperation`) and a slug unique among `allocate`'s. */
function placeAsyncPage(fields: AsyncPageFields, specLabel: string, directory: string, allocate: (wanted: string) => string): AsyncApiPageModel {
  const { label, ...rest } = fields;
  const title = labelOperation({ ...label, method: rest.action, path: rest.channel });
  const group = rest.tag !== undefined ? slugifySegment(rest.tag, 'operations') : 'operations';
  const slug = allocate(`${directory ? directory + '/' : ''}${group}/${slugifySegment(title, rest.action)}`);
  return { kind: 'channel-operation', slug, title, spec: specLabel, ...rest };
}

/** Navigation groups by tag in order of first use, untagged operations last (`Operations`); `x-hidden` pages in none. */
export function groupAsyncApiPages(pages: readonly AsyncApiPageModel[]): ApiGroupModel[] {
  const groups = new Map<string | undefined, ApiGroupModel>();
  for (const page of pages) {
    if (page.isHidden) continue;
    let group = groups.get(page.tag);
    if (!group) {
      group = { title: page.tag ?? 'Operations', tag: page.tag, description: '', pages: [] };
      groups.set(page.tag, group);
    }
    group.pages.push(page.slug);
  }
  const untagged = groups.get(undefined);
  groups.delete(undefined);
  return [...groups.values(), ...(untagged ? [untagged] : [])];
}
