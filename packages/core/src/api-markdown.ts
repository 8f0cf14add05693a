import { toMarkdownTwin } from '@docsgen/mdx-transforms/markdown-twin';
import type { ApiPageModel, AsyncApiPageModel, ExampleModel, MediaModel, ParameterModel, SchemaModel } from '@docsgen/openapi-pages';
import { renderSpecMarkdown, type ExampleKind } from '@docsgen/renderer';
import { safeUrl } from '@docsgen/util/safe-url';

/** Levels of fields written out in a twin, as pages draw them without JavaScript and a bit more; deeper fields are named by their type. */
const maxTwinDepth = 3;

/**
 * What the field lists of one twin share: the named schemas whose fields are written already
 * (each once per page; later uses say "see `User` above").
 */
interface TwinState {
  written: Set<SchemaModel>;
}

/**
 * An API reference page's Markdown twin, written straight from its model: the endpoint, the
 * description, authorization, parameters, request body, responses with their fields as nested
 * lists, the code samples and the examples as fenced code. The same content as the page,
 * without its HTML: turning a large operation's page (GitHub's biggest are over 600 KB) back
 * into Markdown took seconds, this takes milliseconds.
 *
 * Spec text is untrusted and the twin carries no HTML: descriptions in plain Markdown (text,
 * code spans, http(s) links) are kept as written, anything else goes through the sanitiser and
 * back to Markdown.
 */
export function apiOperationMarkdown(
  page: ApiPageModel,
  options?: { proseMarkdown?: string | undefined; parameterPills?: readonly string[] | undefined; pageExamples?: readonly ExampleKind[] | undefined } | null,
): string {
  const pills = options?.parameterPills ?? [];
  // The page's own `<RequestExample>`/`<ResponseExample>` (in its prose) replace the operation's, as on the web page.
  const pageExamples = options?.pageExamples ?? [];
  const state: TwinState = { written: new Set() };
  const out: string[] = [];
  const base = page.baseUrls[0] ?? page.servers[0]?.url ?? '';
  out.push(page.kind === 'webhook' ? `\`WEBHOOK ${page.path}\`` : `\`${page.method} ${code(base.replace(/\/$/, '') + page.path)}\``);
  if (page.isDeprecated) out.push('**Deprecated**');
  pushText(out, page.description);
  pushText(out, page.content);
  if (options?.proseMarkdown?.trim()) out.push(options.proseMarkdown.trim());
  const docs = page.externalDocs && safeUrl(page.externalDocs.url);
  if (docs) out.push(`See [${escapeText(page.externalDocs!.description || 'the external documentation')}](${docs}).`);
  if (page.baseUrls.length > 1) out.push(['Servers:', '', ...page.baseUrls.map((url) => `- \`${code(url)}\``)].join('\n'));

  const schemes = page.security.flatMap((requirement) => requirement.schemes);
  if (schemes.length > 0) {
    out.push('## Authorization');
    out.push(
      page.security
        .map((requirement) =>
          requirement.schemes.length === 0
            ? '- No authorization'
            : `- ${requirement.schemes
                .map((scheme) => `\`${code(scheme.name)}\` (${schemeLabel(scheme)}${scheme.scopes.length > 0 ? `; scopes: ${scheme.scopes.map((scope) => `\`${code(scope)}\``).join(', ')}` : ''})`)
                .join(' and ')}`,
        )
        .join('\n'),
    );
  }

  const locations = [
    ['path', 'Path parameters'],
    ['query', 'Query parameters'],
    ['header', 'Headers'],
    ['cookie', 'Cookies'],
  ] as const;
  if (locations.some(([key]) => page.parameters[key].length > 0)) {
    out.push('## Parameters');
    for (const [key, title] of locations) {
      if (page.parameters[key].length === 0) continue;
      out.push(`### ${title}`);
      out.push(page.parameters[key].map((parameter) => parameterLines(parameter, state, pills).join('\n')).join('\n'));
    }
  }

  if (page.requestBody) {
    out.push('## Request body');
    if (page.requestBody.isRequired) out.push('Required.');
    pushText(out, page.requestBody.description);
    for (const media of page.requestBody.content) pushMedia(out, media, '###', state);
  }

  if (page.responses.length > 0) {
    out.push('## Responses');
    for (const response of page.responses) {
      out.push(`### ${response.status}`);
      pushText(out, response.description);
      if (response.headers.length > 0) out.push(['Headers:', '', ...response.headers.map((header) => parameterLines(header, state).join('\n'))].join('\n'));
      for (const media of response.content) pushMedia(out, pageExamples.includes('response') ? { ...media, examples: [] } : media, '####', state);
    }
  }

  if (page.codeSamples.length > 0 && !pageExamples.includes('request')) {
    out.push('## Request examples');
    for (const sample of page.codeSamples) out.push(`**${escapeText(sample.label)}**`, fence(sample.source, sample.lang));
  }
  return `${out.join('\n\n')}\n`;
}

/** An AsyncAPI channel operation's Markdown twin (see `apiOperationMarkdown`). */
export function asyncOperationMarkdown(page: AsyncApiPageModel): string {
  const state: TwinState = { written: new Set() };
  const out: string[] = [`\`${page.action.toUpperCase()} ${code(page.channel)}\``];
  pushText(out, page.description);
  if (page.servers.length > 0) {
    out.push('## Servers');
    out.push(page.servers.map((server) => `- \`${code(server.name)}\`: \`${code(server.address)}\`${server.protocol ? ` (${escapeText(server.protocol)})` : ''}`).join('\n'));
  }
  if (page.parameters.length > 0) {
    out.push('## Parameters');
    out.push(page.parameters.map((parameter) => parameterLines(parameter, state).join('\n')).join('\n'));
  }
  for (const message of page.messages) {
    out.push(`## ${escapeText(message.title ?? message.name)}`);
    if (message.contentType) out.push(`\`${code(message.contentType)}\``);
    if (message.summary) out.push(escapeText(message.summary));
    pushText(out, message.description);
    if (message.headers) out.push('Headers:', rootLines(message.headers, state).join('\n') || `\`${code(message.headers.typeLabel)}\``);
    if (message.payload) out.push('Payload:', rootLines(message.payload, state).join('\n') || `\`${code(message.payload.typeLabel)}\``);
    pushExamples(out, message.examples);
  }
  return `${out.join('\n\n')}\n`;
}

function pushMedia(out: string[], media: MediaModel, heading: string, state: TwinState): void {
  out.push(`${heading} \`${code(media.mediaType)}\``);
  if (media.schema) {
    const lines = rootLines(media.schema, state);
    out.push(lines.length > 0 ? lines.join('\n') : `Type: \`${code(media.schema.typeLabel)}\``);
  }
  pushExamples(out, media.examples);
}

function pushExamples(out: string[], examples: readonly ExampleModel[]): void {
  for (const example of examples) {
    const label = example.summary ?? (example.isGenerated ? 'Example' : example.name === 'example' ? 'Example' : example.name);
    out.push(`**${escapeText(label)}**`);
    const value = typeof example.value === 'string' ? example.value : JSON.stringify(example.value, null, 2);
    out.push(fence(value ?? 'null', typeof example.value === 'string' ? 'text' : 'json'));
  }
}

function parameterLines(parameter: ParameterModel, state: TwinState, pills: readonly string[] = []): string[] {
  const facts = [
    parameter.schema ? typeOf(parameter.schema) : 'string',
    parameter.isRequired ? 'required' : '',
    parameter.isDeprecated ? 'deprecated' : '',
    // docs.json `api.params.post`: the values of these extension keys, as on the page.
    ...pills.flatMap((key) => (parameter.extensions?.[key] === undefined ? [] : [`${key}: ${parameter.extensions[key]}`])),
  ].filter(Boolean);
  const lines = [`- \`${code(parameter.name)}\` (${facts.map(escapeText).join(', ')})${describe(parameter.description ?? parameter.schema?.description)}`];
  if (parameter.schema) lines.push(...detailLines(parameter.schema, '  '), ...nestedLines(parameter.schema, 1, state, []));
  return lines;
}

/** The fields of a body, response or message schema: the schema's own fields at the top. */
function rootLines(schema: SchemaModel, state: TwinState): string[] {
  const named = namedOf(schema);
  if (named) state.written.add(named);
  return schemaLines(schema, 0, state, [schema]);
}

/** The named schema whose fields a schema shows (itself, or its array's items), if it has a name. */
function namedOf(schema: SchemaModel): SchemaModel | undefined {
  if (schema.refName) return schema;
  if (schema.items && !schema.properties && schema.items.refName) return schema.items;
  return undefined;
}

/**
 * The fields below a field, bounded: a schema on the way down is a cycle, named ("see
 * `Node`"); a named schema written already on this page is pointed at; past `maxTwinDepth` the
 * type names it. Nothing is ever expanded twice, so a twin is small whatever the spec's depth.
 */
function nestedLines(schema: SchemaModel, depth: number, state: TwinState, ancestors: readonly SchemaModel[], level = depth): string[] {
  const indent = '  '.repeat(depth);
  const target = schema.items && !schema.properties ? schema.items : schema;
  const hasFields = (target.properties?.length ?? 0) > 0 || target.variants !== undefined;
  if (!hasFields) return [];
  if (ancestors.includes(schema) || ancestors.includes(target)) return [`${indent}- Recursive: see \`${code(nameOf(target))}\` above`];
  if (level > maxTwinDepth) return [];
  const named = namedOf(schema);
  if (named) {
    if (state.written.has(named)) return [`${indent}- Fields: see \`${code(nameOf(named))}\` above`];
    state.written.add(named);
  }
  return schemaLines(schema, depth, state, [...ancestors, schema], level);
}

function nameOf(schema: SchemaModel): string {
  return schema.refName ?? schema.title ?? schema.typeLabel;
}

/** The fields of an object schema (or of an array's items) as a nested list. */
function schemaLines(schema: SchemaModel, depth: number, state: TwinState, ancestors: readonly SchemaModel[], level = depth): string[] {
  const indent = '  '.repeat(depth);
  const lines: string[] = [];
  const target = schema.items && !schema.properties ? schema.items : schema;
  for (const property of target.properties ?? []) {
    const field = property.schema;
    const facts = [typeOf(field), property.isRequired ? 'required' : '', field.isReadOnly ? 'read-only' : '', field.isWriteOnly ? 'write-only' : '', field.isDeprecated ? 'deprecated' : ''].filter(Boolean);
    lines.push(`${indent}- \`${code(property.name)}\` (${facts.map(escapeText).join(', ')})${describe(field.description)}`);
    lines.push(...detailLines(field, `${indent}  `), ...nestedLines(field, depth + 1, state, ancestors, level + 1));
  }
  if (target.variants) {
    lines.push(`${indent}- ${target.variants.kind === 'oneOf' ? 'One of' : 'Any of'}:`);
    for (const option of target.variants.options) {
      lines.push(`${indent}  - ${escapeText(option.label)} (\`${code(option.schema.typeLabel)}\`)`);
      // An option is one more level of indentation, not of fields.
      if (option.schema !== target) lines.push(...nestedLines(option.schema, depth + 2, state, ancestors, level));
    }
  }
  return lines;
}

/** `string<uuid>`: the type with its format. */
function typeOf(schema: SchemaModel): string {
  return schema.format ? `${schema.typeLabel}<${schema.format}>` : schema.typeLabel;
}

function detailLines(schema: SchemaModel, indent: string): string[] {
  const details: string[] = [];
  if (schema.enum?.length) details.push(`Allowed values: ${schema.enum.map((value) => `\`${code(JSON.stringify(value))}\``).join(', ')}`);
  if (schema.default) details.push(`Default: \`${code(JSON.stringify(schema.default.value))}\``);
  if (schema.discriminator) details.push(`Discriminator: \`${code(schema.discriminator.propertyName)}\``);
  return details.length > 0 ? [`${indent}${details.join('. ')}.`] : [];
}

function schemeLabel(scheme: { type: string; scheme: string | undefined; in: string | undefined; parameterName: string | undefined }): string {
  if (scheme.type === 'http') return `HTTP ${scheme.scheme ?? ''}`.trim();
  if (scheme.type === 'apiKey') return `API key in ${scheme.in ?? 'header'} \`${code(scheme.parameterName ?? '')}\``;
  return scheme.type;
}

const descriptions = new Map<string, string>();

/** A spec description as twin Markdown: plain Markdown as written, anything else sanitised. */
function specText(text: string | undefined): string {
  if (!text || text.trim() === '') return '';
  const cached = descriptions.get(text);
  if (cached !== undefined) return cached;
  // No HTML, no character references, no autolinks; links only to http(s) and mailto.
  const isPlain = !/[<>&]/.test(text) && [...text.matchAll(/\]\(\s*([^)\s]*)/g)].every((match) => match[1] !== undefined && safeUrl(match[1], { allowRelative: false }) !== undefined);
  const markdown = isPlain ? text.trim() : toMarkdownTwin(renderSpecMarkdown(text)).trim();
  if (descriptions.size > 5000) descriptions.clear();
  descriptions.set(text, markdown);
  return markdown;
}

function pushText(out: string[], text: string | undefined): void {
  const markdown = specText(text);
  if (markdown) out.push(markdown);
}

/** `: description` after a field, indented under it when it has several lines. */
function describe(text: string | undefined): string {
  const markdown = specText(text);
  if (!markdown) return '';
  return markdown.includes('\n') ? `\n\n${markdown.replace(/^/gm, '    ')}\n` : `: ${markdown}`;
}

/** Text inside a code span: backticks would end it. */
function code(text: string): string {
  return text.replace(/`/g, "'").replace(/[\r\n]+/g, ' ');
}

/** Plain text outside code: Markdown punctuation escaped. */
function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<>#|]/g, (character) => `\\${character}`).replace(/[\r\n]+/g, ' ');
}

function fence(source: string, lang: string): string {
  const longest = Math.max(2, ...[...source.matchAll(/`+/g)].map((match) => match[0].length));
  const marker = '`'.repeat(longest + 1);
  return `${marker}${/^[\w+-]+$/.test(lang) ? lang : ''}\n${source.replace(/\n$/, '')}\n${marker}`;
}
