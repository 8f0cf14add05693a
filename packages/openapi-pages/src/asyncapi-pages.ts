import { compareMessages, type DocsgenMessage, type SourceLocation } from '@docsgen/config';
import { generateExample } from './example.js';
import { labelOperation } from './label-operation.js';
import { createSpecMessage } from './message.js';
import type { LoadedSpec } from './load-spec.js';
import { safeUrl } from '@docsgen/util/safe-url';
import { markdownOf } from './markdown-of.js';
import { resolveBuildApiPagesOptions, type BuildApiPagesOptions } from './openapi-pages.js';
import type { ApiGroupModel, ApiInfoModel, ExampleModel, ParameterModel } from './page-model.js';
import { isRecord, own, text } from './pointer.js';
import { createSchemaNormalizer, refName, type SchemaModel } from './schema-model.js';
import { createSlugAllocator, slugifySegment } from './slug.js';

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
  const root = isRecord(spec.value) ? spec.value : {};
  const schemas = createSchemaNormalizer(spec);
  const allocate = createSlugAllocator(takenSlugs);
  const isV3 = spec.version?.startsWith('3.') === true;
  const file = spec.file;
  const deref = (value: unknown, from: string): { value: unknown; file: string } => {
    let current = { value, file: from };
    for (let hop = 0; hop < 16; hop++) {
      const ref = own(current.value, '$ref');
      if (typeof ref !== 'string') return current;
      const target = spec.resolveRef(current.file, ref);
      if (!target) return { value: undefined, file: current.file };
      current = { value: target.value, file: target.file };
    }
    return { value: undefined, file: current.file };
  };

  const allServers = Object.entries(isRecord(root.servers) ? root.servers : {}).map(([name, item]) => readServer(name, deref(item, file).value, isV3));
  const readMessage = (item: unknown, from: string, fallbackName: string): AsyncMessageModel | undefined => {
    const { value: message, file: messageFile } = deref(item, from);
    if (!isRecord(message)) return undefined;
    const ref = own(item, '$ref');
    const payloadSource = isV3 && isRecord(message.payload) && 'schema' in message.payload && 'schemaFormat' in message.payload ? message.payload.schema : message.payload;
    const payload = payloadSource === undefined ? undefined : schemas.normalize(payloadSource, messageFile);
    const headers = message.headers === undefined ? undefined : schemas.normalize(message.headers, messageFile);
    const examples: ExampleModel[] = [];
    if (Array.isArray(message.examples)) {
      message.examples.forEach((example, index) => {
        if (!isRecord(example)) return;
        examples.push({
          name: text(example.name) ?? `example-${index + 1}`,
          summary: text(example.summary),
          description: '',
          value: 'payload' in example ? example.payload : example,
          isGenerated: false,
        });
      });
    }
    if (examples.length === 0 && payload) {
      const value = generateExample(payload, 'response');
      if (value !== undefined) examples.push({ name: 'generated', summary: undefined, description: '', value, isGenerated: true });
    }
    return {
      name: text(message.name) ?? (typeof ref === 'string' ? refName(ref) : undefined) ?? fallbackName,
      title: text(message.title),
      summary: text(message.summary),
      description: markdownOf(message.description),
      contentType: text(message.contentType) ?? text(root.defaultContentType),
      payload,
      headers,
      examples,
      bindings: plainBindings(deref(message.bindings, messageFile).value),
    };
  };
  const readParameters = (channel: Record<string, unknown>, from: string): ParameterModel[] =>
    Object.entries(isRecord(channel.parameters) ? channel.parameters : {}).map(([name, item]) => {
      const { value: parameter, file: parameterFile } = deref(item, from);
      const schemaSource = own(parameter, 'schema') ?? (Array.isArray(own(parameter, 'enum')) ? { type: 'string', enum: own(parameter, 'enum') } : { type: 'string' });
      return {
        name,
        in: 'path',
        description: markdownOf(own(parameter, 'description')),
        isRequired: true,
        isDeprecated: false,
        schema: schemas.normalize(schemaSource, parameterFile),
      };
    });
  const serversOf = (channel: Record<string, unknown>): AsyncServerModel[] => {
    if (!Array.isArray(channel.servers)) return allServers;
    const names = channel.servers.map((entry) => (typeof entry === 'string' ? entry : typeof own(entry, '$ref') === 'string' ? refName(own(entry, '$ref') as string) : undefined));
    return allServers.filter((server) => names.includes(server.name));
  };

  const pages: AsyncApiPageModel[] = [];
  const add = (fields: Omit<AsyncApiPageModel, 'slug' | 'title' | 'kind' | 'spec'> & { label: { summary?: string; operationId?: string } }) => {
    const { label, ...rest } = fields;
    const title = labelOperation({ ...label, method: rest.action, path: rest.channel });
    const group = rest.tag !== undefined ? slugifySegment(rest.tag, 'operations') : 'operations';
    const slug = allocate(`${directory ? directory + '/' : ''}${group}/${slugifySegment(title, rest.action)}`);
    pages.push({ kind: 'channel-operation', slug, title, spec: spec.label, ...rest });
  };

  if (!isV3) {
    for (const [name, item] of Object.entries(isRecord(root.channels) ? root.channels : {})) {
      const { value: channel, file: channelFile } = deref(item, file);
      if (!isRecord(channel)) continue;
      for (const action of ['publish', 'subscribe']) {
        const operation = own(channel, action);
        if (!isRecord(operation) || operation['x-excluded'] === true) continue;
        const messageList = isRecord(operation.message) && Array.isArray(operation.message.oneOf) ? operation.message.oneOf : operation.message === undefined ? [] : [operation.message];
        add({
          label: { summary: text(operation.summary), operationId: text(operation.operationId) },
          action,
          channel: name,
          operationId: text(operation.operationId),
          summary: text(operation.summary),
          description: markdownOf(operation.description ?? channel.description),
          tag: firstTag(operation.tags),
          isHidden: operation['x-hidden'] === true,
          parameters: readParameters(channel, channelFile),
          messages: messageList.map((message, index) => readMessage(message, channelFile, `message-${index + 1}`)).filter((m): m is AsyncMessageModel => m !== undefined),
          servers: serversOf(channel),
          bindings: { channel: plainBindings(deref(channel.bindings, channelFile).value), operation: plainBindings(deref(operation.bindings, channelFile).value) },
          position: spec.locate(file, ['channels', name, action], { key: true }),
        });
      }
    }
  } else {
    for (const [id, item] of Object.entries(isRecord(root.operations) ? root.operations : {})) {
      const { value: operation, file: operationFile } = deref(item, file);
      if (!isRecord(operation) || operation['x-excluded'] === true) continue;
      const channelRef = own(operation.channel, '$ref');
      const { value: channelValue, file: channelFile } = deref(operation.channel, operationFile);
      const channel = isRecord(channelValue) ? channelValue : {};
      const channelKey = typeof channelRef === 'string' ? refName(channelRef) ?? '' : '';
      const address = typeof channel.address === 'string' ? channel.address : channelKey;
      // Without `messages`, an operation carries every message of its channel.
      const messageItems = Array.isArray(operation.messages)
        ? operation.messages.map((message) => ({ item: message, from: operationFile }))
        : Object.values(isRecord(channel.messages) ? channel.messages : {}).map((message) => ({ item: message, from: channelFile }));
      add({
        label: { summary: text(operation.summary) ?? text(operation.title), operationId: id },
        action: typeof operation.action === 'string' ? operation.action : 'send',
        channel: address,
        operationId: id,
        summary: text(operation.summary) ?? text(operation.title),
        description: markdownOf(operation.description ?? channel.description),
        tag: firstTag(operation.tags),
        isHidden: operation['x-hidden'] === true,
        parameters: readParameters(channel, channelFile),
        messages: messageItems.map(({ item: message, from }, index) => readMessage(message, from, `message-${index + 1}`)).filter((m): m is AsyncMessageModel => m !== undefined),
        servers: serversOf(channel),
        bindings: { channel: plainBindings(deref(channel.bindings, channelFile).value), operation: plainBindings(deref(operation.bindings, operationFile).value) },
        position: spec.locate(file, ['operations', id], { key: true }),
      });
    }
  }

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
  const info = isRecord(root.info) ? root.info : {};
  const messages: DocsgenMessage[] = [];
  // The same check and the same warning as OpenAPI links.
  const checked = (value: unknown, path: string[]): string | undefined => {
    if (value === undefined) return undefined;
    const url = safeUrl(value);
    if (!url) {
      messages.push(
        createSpecMessage(
          {
            reason: `Unexpected URL \`${String(value).slice(0, 200)}\`, expected an http(s) or mailto URL`,
            ruleId: 'spec-url-unsafe',
            fatal: false,
            note: 'The URL is left out of the pages.',
            actual: String(value),
          },
          spec.locate(file, path) ?? { file },
        ),
      );
    }
    return url;
  };
  const externalUrl = checked(own(root.externalDocs, 'url'), ['externalDocs', 'url']);
  return {
    info: {
      title: typeof info.title === 'string' ? info.title : '',
      version: typeof info.version === 'string' ? info.version : '',
      description: markdownOf(info.description),
      termsOfService: checked(info.termsOfService, ['info', 'termsOfService']),
      contact: isRecord(info.contact) ? { name: text(info.contact.name), email: text(info.contact.email), url: checked(info.contact.url, ['info', 'contact', 'url']) } : undefined,
      license: isRecord(info.license) ? { name: text(info.license.name), url: checked(info.license.url, ['info', 'license', 'url']) } : undefined,
      externalDocs: externalUrl ? { url: externalUrl, description: markdownOf(own(root.externalDocs, 'description')) } : undefined,
    },
    groups: [...groups.values(), ...(untagged ? [untagged] : [])],
    pages,
    messages: messages.sort(compareMessages),
  };
}

function readServer(name: string, server: unknown, isV3: boolean): AsyncServerModel {
  const address = isV3 ? `${text(own(server, 'host')) ?? ''}${text(own(server, 'pathname')) ?? ''}` : (text(own(server, 'url')) ?? '');
  return {
    name,
    address,
    protocol: text(own(server, 'protocol')),
    protocolVersion: text(own(server, 'protocolVersion')),
    description: markdownOf(own(server, 'description')),
    bindings: plainBindings(own(server, 'bindings')),
  };
}

function firstTag(tags: unknown): string | undefined {
  if (!Array.isArray(tags)) return undefined;
  for (const tag of tags) {
    const name = typeof tag === 'string' ? tag : own(tag, 'name');
    if (typeof name === 'string' && name.trim() !== '') return name;
  }
  return undefined;
}

function plainBindings(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}
