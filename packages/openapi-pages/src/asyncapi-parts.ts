import type { AsyncApiPageModel, AsyncMessageModel, AsyncServerModel } from './asyncapi-pages.js';
import { generateExample } from './example.js';
import type { LoadedSpec } from './load-spec.js';
import { markdownOf } from './markdown-of.js';
import type { ExampleModel, ParameterModel } from './page-model.js';
import { isRecord, own, text, type DocumentPath } from './pointer.js';
import { followRefs, type Located } from './refs.js';
import { createSchemaNormalizer, refName, type SchemaNormalizer } from './schema-model.js';

// The readers of an AsyncAPI spec's parts: operations of 2.x channels and of 3.0, their
// messages, channel parameters and servers.

/** What the readers of one AsyncAPI spec share. */
export interface AsyncApiContext {
  spec: LoadedSpec;
  /** The spec's top-level object. */
  root: Record<string, unknown>;
  schemas: SchemaNormalizer;
  /** AsyncAPI 3.0 (`operations`), else 2.x (`publish` / `subscribe` of each channel). */
  isV3: boolean;
  /** Every server of the spec, in order. */
  servers: AsyncServerModel[];
}

/** An operation's page without what placing it adds (slug, title), with what its title is made of. */
export type AsyncPageFields = Omit<AsyncApiPageModel, 'slug' | 'title' | 'kind' | 'spec'> & {
  label: { summary?: string | undefined; operationId?: string | undefined };
};

export function createAsyncApiContext(spec: LoadedSpec): AsyncApiContext {
  const root = isRecord(spec.value) ? spec.value : {};
  const isV3 = spec.version?.startsWith('3.') === true;
  const context: AsyncApiContext = { spec, root, schemas: createSchemaNormalizer(spec), isV3, servers: [] };
  context.servers = followedEntries(spec, root.servers).map(([name, server]) => readServer(name, server.value, isV3));
  return context;
}

/** The entries of a map at the top of the entry file (`servers`, `channels`, `operations`), each followed through its `$ref`s. */
function followedEntries(spec: LoadedSpec, map: unknown): [string, Located][] {
  return Object.entries(isRecord(map) ? map : {}).map(([key, item]) => [key, followRefs(spec, item, spec.file)]);
}

/** AsyncAPI 2.x: `publish` and `subscribe` of each channel, in spec order. */
export function readV2Operations(context: AsyncApiContext): AsyncPageFields[] {
  const { spec, root } = context;
  const list: AsyncPageFields[] = [];
  for (const [name, { value: channel, file: channelFile }] of followedEntries(spec, root.channels)) {
    if (!isRecord(channel)) continue;
    for (const action of ['publish', 'subscribe']) {
      const operation = own(channel, action);
      if (!isRecord(operation) || operation['x-excluded'] === true) continue;
      const messageList = isRecord(operation.message) && Array.isArray(operation.message.oneOf) ? operation.message.oneOf : operation.message === undefined ? [] : [operation.message];
      list.push(
        describeOperation(context, {
          operation: { value: operation, file: channelFile },
          channel: { value: channel, file: channelFile },
          action,
          address: name,
          operationId: text(operation.operationId),
          summary: text(operation.summary),
          messages: messageList.map((message) => ({ value: message, file: channelFile })),
          path: ['channels', name, action],
        }),
      );
    }
  }
  return list;
}

/** AsyncAPI 3.0: `operations`, each with its channel. */
export function readV3Operations(context: AsyncApiContext): AsyncPageFields[] {
  const { spec, root } = context;
  const list: AsyncPageFields[] = [];
  for (const [id, { value: operation, file: operationFile }] of followedEntries(spec, root.operations)) {
    if (!isRecord(operation) || operation['x-excluded'] === true) continue;
    const channelRef = own(operation.channel, '$ref');
    const { value: channelValue, file: channelFile } = followRefs(spec, operation.channel, operationFile);
    const channel = isRecord(channelValue) ? channelValue : {};
    const channelKey = typeof channelRef === 'string' ? (refName(channelRef) ?? '') : '';
    list.push(
      describeOperation(context, {
        operation: { value: operation, file: operationFile },
        channel: { value: channel, file: channelFile },
        action: typeof operation.action === 'string' ? operation.action : 'send',
        address: typeof channel.address === 'string' ? channel.address : channelKey,
        operationId: id,
        summary: text(operation.summary) ?? text(operation.title),
        // Without `messages`, an operation carries every message of its channel.
        messages: Array.isArray(operation.messages)
          ? operation.messages.map((message) => ({ value: message, file: operationFile }))
          : Object.values(isRecord(channel.messages) ? channel.messages : {}).map((message) => ({ value: message, file: channelFile })),
        path: ['operations', id],
      }),
    );
  }
  return list;
}

/** One operation as found in a 2.x channel or in 3.0's `operations`. */
interface FoundOperation {
  operation: Located<Record<string, unknown>>;
  channel: Located<Record<string, unknown>>;
  action: string;
  /** The channel's address, else its key. */
  address: string;
  operationId: string | undefined;
  summary: string | undefined;
  messages: Located[];
  /** Where the operation is written in the entry file. */
  path: DocumentPath;
}

/** The page fields of one operation: its texts, channel parameters, messages, servers and bindings. */
function describeOperation(context: AsyncApiContext, found: FoundOperation): AsyncPageFields {
  const { spec } = context;
  const { value: operation, file: operationFile } = found.operation;
  const { value: channel, file: channelFile } = found.channel;
  return {
    label: { summary: found.summary, operationId: found.operationId },
    action: found.action,
    channel: found.address,
    operationId: found.operationId,
    summary: found.summary,
    description: markdownOf(operation.description ?? channel.description),
    tag: firstTag(operation.tags),
    isHidden: operation['x-hidden'] === true,
    parameters: readChannelParameters(context, channel, channelFile),
    messages: readMessages(context, found.messages),
    servers: serversOfChannel(context, channel),
    bindings: { channel: readBindings(spec, channel.bindings, channelFile), operation: readBindings(spec, operation.bindings, operationFile) },
    position: spec.locate(spec.file, found.path, { key: true }),
  };
}

/** The messages of an operation that can be read, each named by its position when it has no name. */
function readMessages(context: AsyncApiContext, items: readonly Located[]): AsyncMessageModel[] {
  return items.map((item, index) => readMessage(context, item, `message-${index + 1}`)).filter((message): message is AsyncMessageModel => message !== undefined);
}

/** One message: payload and headers as schemas, the spec's examples (else one made from the payload). */
export function readMessage(context: AsyncApiContext, item: Located, fallbackName: string): AsyncMessageModel | undefined {
  const { spec, root, schemas, isV3 } = context;
  const { value: message, file: messageFile } = followRefs(spec, item.value, item.file);
  if (!isRecord(message)) return undefined;
  const ref = own(item.value, '$ref');
  // 3.0 may wrap the payload in a multi-format object: `{schemaFormat, schema}`.
  const payloadSource = isV3 && isRecord(message.payload) && 'schema' in message.payload && 'schemaFormat' in message.payload ? message.payload.schema : message.payload;
  const payload = payloadSource === undefined ? undefined : schemas.normalize(payloadSource, messageFile);
  const headers = message.headers === undefined ? undefined : schemas.normalize(message.headers, messageFile);
  const examples = readMessageExamples(message.examples);
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
    bindings: readBindings(spec, message.bindings, messageFile),
  };
}

/** A message's `examples`: `{name?, summary?, payload}` (2.x also the payload alone). */
function readMessageExamples(list: unknown): ExampleModel[] {
  const examples: ExampleModel[] = [];
  if (!Array.isArray(list)) return examples;
  list.forEach((example, index) => {
    if (!isRecord(example)) return;
    examples.push({
      name: text(example.name) ?? `example-${index + 1}`,
      summary: text(example.summary),
      description: '',
      value: 'payload' in example ? example.payload : example,
      isGenerated: false,
    });
  });
  return examples;
}

/** A channel's parameters (`{lightId}`): always in the path, always required, strings unless a schema says otherwise. */
function readChannelParameters(context: AsyncApiContext, channel: Record<string, unknown>, from: string): ParameterModel[] {
  return Object.entries(isRecord(channel.parameters) ? channel.parameters : {}).map(([name, item]) => {
    const { value: parameter, file: parameterFile } = followRefs(context.spec, item, from);
    const schemaSource = own(parameter, 'schema') ?? (Array.isArray(own(parameter, 'enum')) ? { type: 'string', enum: own(parameter, 'enum') } : { type: 'string' });
    return {
      name,
      in: 'path',
      description: markdownOf(own(parameter, 'description')),
      isRequired: true,
      isDeprecated: false,
      schema: context.schemas.normalize(schemaSource, parameterFile),
    };
  });
}

/** The servers a channel names (by name, or by `$ref` in 3.0); all of them when it names none. */
function serversOfChannel(context: AsyncApiContext, channel: Record<string, unknown>): AsyncServerModel[] {
  if (!Array.isArray(channel.servers)) return context.servers;
  const names = channel.servers.map((entry) => (typeof entry === 'string' ? entry : typeof own(entry, '$ref') === 'string' ? refName(own(entry, '$ref') as string) : undefined));
  return context.servers.filter((server) => names.includes(server.name));
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

/** The first tag's name (a string, or `{name}`). */
export function firstTag(tags: unknown): string | undefined {
  if (!Array.isArray(tags)) return undefined;
  for (const tag of tags) {
    const name = typeof tag === 'string' ? tag : own(tag, 'name');
    if (typeof name === 'string' && name.trim() !== '') return name;
  }
  return undefined;
}

/** Bindings as written (following a `$ref`), plain data shown escaped. */
function readBindings(spec: LoadedSpec, value: unknown, file: string): Record<string, unknown> {
  return plainBindings(followRefs(spec, value, file).value);
}

function plainBindings(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}
