import { generateExample } from './example.js';
import type { LoadedSpec } from './load-spec.js';
import { safeUrl } from '@docsgen/util/safe-url';
import { markdownOf } from './markdown-of.js';
import type {
  ExampleModel,
  LinkModel,
  MediaModel,
  ParameterModel,
  ResponseModel,
  SecurityRequirementModel,
  SecuritySchemeModel,
  ServerModel,
} from './page-model.js';
import { isRecord, own, text } from './pointer.js';
import { followRefs, type Located } from './refs.js';
import { readExternalDocs, type UnsafeUrlReporter } from './spec-info.js';
import type { SchemaNormalizer } from './schema-model.js';

/** What the builders of one spec share. */
export interface OpenApiContext {
  spec: LoadedSpec;
  schemas: SchemaNormalizer;
  isSwagger: boolean;
  /** Media types of Swagger 2.0 (`consumes` / `produces` at the top). */
  consumes: string[];
  produces: string[];
  /** Reports a URL dropped by `safeUrl`. */
  reportUnsafeUrl: UnsafeUrlReporter;
}

/** Follows `$ref`s (a chain of at most 16) to the object they name. */
export function follow(context: OpenApiContext, value: unknown, file: string): Located {
  return followRefs(context.spec, value, file);
}

/** `{url, description}` of an `externalDocs` object, when its URL is safe. */
export function readLink(context: OpenApiContext, value: unknown, file: string, path: readonly (string | number)[]): LinkModel | undefined {
  return readExternalDocs(value, file, path, context.reportUnsafeUrl);
}

/** Servers of OpenAPI 3 (`servers`) or Swagger 2.0 (`schemes`, `host`, `basePath`). */
export function readServers(context: OpenApiContext, list: unknown, file: string, path: readonly (string | number)[]): ServerModel[] {
  if (context.isSwagger) {
    const root = context.spec.value as Record<string, unknown>;
    const host = text(root.host);
    const basePath = text(root.basePath) ?? '';
    const schemes = Array.isArray(root.schemes) ? root.schemes.filter((s): s is string => typeof s === 'string') : [];
    const templates = host ? (schemes.length > 0 ? schemes : ['https']).map((scheme) => `${scheme}://${host}${basePath}`) : [basePath || '/'];
    return templates.map((template) => ({ template, url: safeUrl(template, { protocols: ['http', 'https'] }), description: '', variables: [] }));
  }
  if (!Array.isArray(list)) return [];
  const servers: ServerModel[] = [];
  list.forEach((item, index) => {
    const server = follow(context, item, file).value;
    const template = own(server, 'url');
    if (typeof template !== 'string') return;
    const variables = Object.entries(isRecord(own(server, 'variables')) ? (own(server, 'variables') as Record<string, unknown>) : {}).map(
      ([name, variable]) => ({
        name,
        default: String(own(variable, 'default') ?? ''),
        enum: Array.isArray(own(variable, 'enum')) ? (own(variable, 'enum') as unknown[]).map(String) : undefined,
        description: markdownOf(own(variable, 'description')),
      }),
    );
    let expanded = template;
    for (const variable of variables) expanded = expanded.split(`{${variable.name}}`).join(variable.default);
    const url = safeUrl(expanded, { protocols: ['http', 'https'] });
    if (!url) context.reportUnsafeUrl(template, file, [...path, index, 'url']);
    servers.push({ template, url, description: markdownOf(own(server, 'description')), variables });
  });
  return servers;
}

/** Security requirements (`security` of the operation, else of the spec) with their schemes. */
export function readSecurity(context: OpenApiContext, requirements: unknown): SecurityRequirementModel[] {
  if (!Array.isArray(requirements)) return [];
  const root = context.spec.value;
  const definitions = context.isSwagger ? own(root, 'securityDefinitions') : own(own(root, 'components'), 'securitySchemes');
  const file = context.spec.file;
  return requirements.filter(isRecord).map((requirement) => ({
    schemes: Object.entries(requirement).map(([name, scopes]): SecuritySchemeModel => {
      const scheme = follow(context, own(definitions, name), file).value;
      let type = text(own(scheme, 'type')) ?? 'unknown';
      let httpScheme = text(own(scheme, 'scheme'))?.toLowerCase();
      // Swagger 2.0 names HTTP basic auth as a type of its own.
      if (context.isSwagger && type === 'basic') {
        type = 'http';
        httpScheme = 'basic';
      }
      return {
        name,
        type,
        scheme: httpScheme,
        bearerFormat: text(own(scheme, 'bearerFormat')),
        in: text(own(scheme, 'in')),
        parameterName: type === 'apiKey' ? text(own(scheme, 'name')) : undefined,
        scopes: Array.isArray(scopes) ? scopes.filter((scope): scope is string => typeof scope === 'string') : [],
        description: markdownOf(own(scheme, 'description')),
      };
    }),
  }));
}

/** Path-item and operation parameters merged (the operation's win by name and location). */
export function readParameters(context: OpenApiContext, lists: Located<unknown>[]): { parameters: ParameterModel[]; body: Located[]; form: Located[] } {
  const byKey = new Map<string, ParameterModel>();
  const body: Located[] = [];
  const form: Located[] = [];
  for (const list of lists) {
    if (!Array.isArray(list.value)) continue;
    for (const item of list.value) {
      const { value: parameter, file } = follow(context, item, list.file);
      if (!isRecord(parameter) || typeof parameter.name !== 'string' || typeof parameter.in !== 'string') continue;
      if (context.isSwagger && parameter.in === 'body') {
        body.splice(0, body.length, { value: parameter, file });
        continue;
      }
      if (context.isSwagger && parameter.in === 'formData') {
        form.push({ value: parameter, file });
        continue;
      }
      byKey.set(parameter.in + '\0' + parameter.name, readParameter(context, parameter, file, parameter.name, parameter.in));
    }
  }
  return { parameters: [...byKey.values()], body, form };
}

function readParameter(context: OpenApiContext, parameter: Record<string, unknown>, file: string, name: string, location: string): ParameterModel {
  let schemaSource: unknown = parameter.schema;
  if (context.isSwagger) schemaSource = swaggerSchemaOf(parameter);
  else if (schemaSource === undefined && isRecord(parameter.content)) {
    schemaSource = own(Object.values(parameter.content)[0], 'schema');
  }
  const schema = schemaSource === undefined ? undefined : context.schemas.normalize(schemaSource, file);
  const model: ParameterModel = {
    name,
    in: location,
    description: markdownOf(parameter.description),
    isRequired: parameter.required === true || location === 'path',
    isDeprecated: parameter.deprecated === true,
    schema,
  };
  const example = 'example' in parameter ? parameter.example : firstExampleValue(context, parameter.examples, file);
  if (example !== undefined) model.example = { value: example };
  if (typeof parameter.style === 'string') model.style = parameter.style;
  if (typeof parameter.explode === 'boolean') model.explode = parameter.explode;
  const extensions = extensionTexts(parameter);
  if (extensions) model.extensions = extensions;
  return model;
}

/** `x-…` keys with a plain value (or a list of plain values), as text; `undefined` when there are none. */
function extensionTexts(object: Record<string, unknown>): Record<string, string> | undefined {
  let found: Record<string, string> | undefined;
  const isPlain = (value: unknown): value is string | number | boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  for (const [key, value] of Object.entries(object)) {
    if (!key.startsWith('x-')) continue;
    const text = isPlain(value) ? String(value) : Array.isArray(value) && value.length > 0 && value.every(isPlain) ? value.join(', ') : undefined;
    if (text === undefined || text.trim() === '') continue;
    found ??= Object.create(null) as Record<string, string>;
    found[key] = text;
  }
  return found;
}

/** A Swagger 2.0 parameter or header is its own schema (`type`, `format`, `items`, …). */
function swaggerSchemaOf(parameter: Record<string, unknown>): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  for (const key of ['type', 'format', 'items', 'enum', 'default', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems', 'multipleOf', 'x-nullable', 'x-example']) {
    if (key in parameter) schema[key === 'x-example' ? 'example' : key] = parameter[key];
  }
  return schema;
}

/** The request body: OpenAPI 3 `requestBody`, or Swagger 2.0 `in: body` / `in: formData` parameters. */
export function readRequestBody(
  context: OpenApiContext,
  operation: Record<string, unknown>,
  file: string,
  swaggerParts: { body: Located[]; form: Located[] },
): { description: string; isRequired: boolean; content: MediaModel[] } | undefined {
  if (context.isSwagger) {
    const consumes = stringList(operation.consumes) ?? context.consumes;
    const body = swaggerParts.body[0];
    if (body) {
      const parameter = body.value as Record<string, unknown>;
      const schema = parameter.schema === undefined ? undefined : context.schemas.normalize(parameter.schema, body.file);
      return {
        description: markdownOf(parameter.description),
        isRequired: parameter.required === true,
        content: (consumes.length > 0 ? consumes : ['application/json']).map((mediaType) => ({ mediaType, schema, examples: exampleList(schema, undefined, 'request') })),
      };
    }
    if (swaggerParts.form.length === 0) return undefined;
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const { value } of swaggerParts.form) {
      const parameter = value as Record<string, unknown>;
      properties[parameter.name as string] = { ...swaggerSchemaOf(parameter), description: parameter.description };
      if (parameter.required === true) required.push(parameter.name as string);
    }
    const schema = context.schemas.normalize({ type: 'object', properties, required }, swaggerParts.form[0]?.file ?? file);
    const mediaType = consumes.find((type) => type.includes('multipart/form-data')) ?? 'application/x-www-form-urlencoded';
    return { description: '', isRequired: required.length > 0, content: [{ mediaType, schema, examples: exampleList(schema, undefined, 'request') }] };
  }
  const { value: body, file: bodyFile } = follow(context, operation.requestBody, file);
  if (!isRecord(body)) return undefined;
  return {
    description: markdownOf(body.description),
    isRequired: body.required === true,
    content: readContent(context, body.content, bodyFile, 'request'),
  };
}

/** Responses in the order written, each with headers and content per media type. */
export function readResponses(context: OpenApiContext, operation: Record<string, unknown>, file: string): ResponseModel[] {
  if (!isRecord(operation.responses)) return [];
  const produces = stringList(operation.produces) ?? context.produces;
  return Object.entries(operation.responses)
    .filter(([status]) => !status.startsWith('x-'))
    .map(([status, item]) => {
      const { value: response, file: responseFile } = follow(context, item, file);
      const headers = Object.entries(isRecord(own(response, 'headers')) ? (own(response, 'headers') as Record<string, unknown>) : {})
        .filter(([name]) => name.toLowerCase() !== 'content-type')
        .map(([name, header]) => {
          const located = follow(context, header, responseFile);
          return readParameter(context, isRecord(located.value) ? located.value : {}, located.file, name, 'header');
        });
      let content: MediaModel[];
      if (context.isSwagger) {
        const schemaSource = own(response, 'schema');
        const schema = schemaSource === undefined ? undefined : context.schemas.normalize(schemaSource, responseFile);
        const examples = own(response, 'examples');
        content =
          schema === undefined
            ? []
            : (produces.length > 0 ? produces : ['application/json']).map((mediaType) => {
                const given = own(examples, mediaType);
                return { mediaType, schema, examples: exampleList(schema, given === undefined ? undefined : [{ name: 'example', summary: undefined, description: '', value: given, isGenerated: false }], 'response') };
              });
      } else {
        content = readContent(context, own(response, 'content'), responseFile, 'response');
      }
      return { status, description: markdownOf(own(response, 'description')), headers, content };
    });
}

function readContent(context: OpenApiContext, content: unknown, file: string, direction: 'request' | 'response'): MediaModel[] {
  if (!isRecord(content)) return [];
  return Object.entries(content).map(([mediaType, item]) => {
    const { value: media, file: mediaFile } = follow(context, item, file);
    const schemaSource = own(media, 'schema');
    const schema = schemaSource === undefined ? undefined : context.schemas.normalize(schemaSource, mediaFile);
    const given: ExampleModel[] = [];
    if (isRecord(media) && 'example' in media) given.push({ name: 'example', summary: undefined, description: '', value: media.example, isGenerated: false });
    else if (isRecord(own(media, 'examples'))) {
      for (const [name, entry] of Object.entries(own(media, 'examples') as Record<string, unknown>)) {
        const { value: example } = follow(context, entry, mediaFile);
        if (!isRecord(example)) continue;
        const externalUrl = safeUrl(example.externalValue, { protocols: ['http', 'https'] });
        given.push({
          name,
          summary: text(example.summary),
          description: markdownOf(example.description),
          value: example.value,
          ...(externalUrl ? { externalUrl } : {}),
          isGenerated: false,
        });
      }
    }
    return { mediaType, schema, examples: exampleList(schema, given.length > 0 ? given : undefined, direction) };
  });
}

function exampleList(schema: MediaModel['schema'], given: ExampleModel[] | undefined, direction: 'request' | 'response'): ExampleModel[] {
  if (given) return given;
  if (!schema) return [];
  const value = generateExample(schema, direction);
  return value === undefined ? [] : [{ name: 'generated', summary: undefined, description: '', value, isGenerated: true }];
}

function firstExampleValue(context: OpenApiContext, examples: unknown, file: string): unknown {
  if (!isRecord(examples)) return undefined;
  const first = Object.values(examples)[0];
  return own(follow(context, first, file).value, 'value');
}

export function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}
