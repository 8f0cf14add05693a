import { generateCodeSamples } from './code-samples.js';
import { generateExample } from './example.js';
import { templateVariables, type MdxEndpoint } from './mdx-endpoint.js';
import type { ApiPageModel, ParameterModel, SecurityRequirementModel, SecuritySchemeModel, ServerModel } from './page-model.js';
import type { PropertyModel, SchemaModel } from './schema-model.js';
import { safeUrl } from '@docsgen/util/safe-url';

// The page model of a hand-written API page (frontmatter `api`): what the endpoint bar, the
// request samples and the try-it form read, made from the endpoint and the page's own
// `<ParamField>`s instead of a spec. The page's prose documents the parameters: the model
// carries no descriptions and no responses.

/** One `<ParamField>` of the page, as written (literal attribute values). */
export interface MdxParamField {
  /** The location prop it was written with: `path`, `query`, `header`, `body` or `cookie`. */
  in: 'path' | 'query' | 'header' | 'body' | 'cookie';
  name: string;
  /** `type` as written (`string`, `integer`, `string[]`, `object`), `undefined` when absent. */
  type?: string | undefined;
  isRequired?: boolean | undefined;
  isDeprecated?: boolean | undefined;
  /** `default`, when written (which may be `null`). */
  default?: { value: unknown } | undefined;
  /** `placeholder` of the try-it input. */
  placeholder?: string | undefined;
}

/** Input of `buildMdxApiPage`. */
export interface BuildMdxApiPageInput {
  /** Site path of the page, without a leading slash. */
  slug: string;
  /** Page title, as text. */
  title: string;
  endpoint: MdxEndpoint;
  /** Base URLs of a path endpoint (`api.baseUrl`, else `api.mdx.server`); a full URL's own base is used instead (default: none). */
  baseUrls?: readonly string[] | null | undefined;
  /** The page's `<ParamField>`s in document order; later ones of the same location and name are dropped (default: none). */
  fields?: readonly MdxParamField[] | null | undefined;
  /** Credentials the request samples show placeholders for (default: `none`). */
  auth?: { method: 'bearer' | 'basic' | 'key' | 'none'; name: string | undefined } | null | undefined;
  /** Query, header and body fields in the samples: `all`, or only the `required` ones (default: `'all'`). */
  exampleParameters?: 'all' | 'required' | null | undefined;
}

/**
 * The `ApiPageModel` of a hand-written API page: a path parameter for each `{name}` of the
 * path (typed and described by its `<ParamField path>` when there is one), the query and header
 * `<ParamField>`s, the body ones as the properties of an `application/json` object body, a
 * server with a variable for each `{name}` of a full URL's host, and generated request samples.
 * `spec` is `''`: the page has none.
 */
export function buildMdxApiPage(input: BuildMdxApiPageInput): ApiPageModel {
  const { endpoint } = input;
  const fields = uniqueFields(input.fields ?? []);
  const byLocation = (location: MdxParamField['in']) => fields.filter((field) => field.in === location);
  const documentedPath = new Map(byLocation('path').map((field) => [field.name, field]));
  // Every `{name}` of the path is a parameter the URL needs, documented or not.
  const path = templateVariables(endpoint.path).map((name) => parameterOf(documentedPath.get(name) ?? { in: 'path', name }, 'path', `path.${name}`));
  const parameters = {
    path: path.map((parameter) => ({ ...parameter, isRequired: true })),
    query: byLocation('query').map((field) => parameterOf(field, 'query', `query.${field.name}`)),
    header: byLocation('header').map((field) => parameterOf(field, 'header', `header.${field.name}`)),
    cookie: byLocation('cookie').map((field) => parameterOf(field, 'cookie', `cookie.${field.name}`)),
  };
  const body = byLocation('body');
  const properties: PropertyModel[] = body.map((field) => ({ name: field.name, isRequired: field.isRequired === true, schema: schemaOf(field, `body.${field.name}`, false) }));
  const bodySchema: SchemaModel = { ...emptySchema('body'), types: ['object'], typeLabel: 'object', properties };
  const requestBody: ApiPageModel['requestBody'] =
    properties.length === 0
      ? undefined
      : {
          description: '',
          isRequired: properties.some((property) => property.isRequired),
          // The editor's placeholder and "Use the example": every field, with its default where written.
          content: [{ mediaType: 'application/json', schema: bodySchema, examples: [{ name: 'generated', summary: undefined, description: '', value: generateExample(bodySchema, 'request'), isGenerated: true }] }],
        };
  const servers = endpoint.baseUrl === undefined ? [] : [serverOf(endpoint.baseUrl)];
  const baseUrls = endpoint.baseUrl === undefined ? (input.baseUrls ?? []).filter((url) => safeUrl(url, { protocols: ['http', 'https'], allowRelative: false }) !== undefined) : servers.flatMap((server) => (server.url === undefined ? [] : [server.url]));
  const model: ApiPageModel = {
    kind: 'operation',
    slug: input.slug,
    title: input.title,
    spec: '',
    method: endpoint.method,
    path: endpoint.path,
    operationId: undefined,
    summary: undefined,
    description: '',
    tag: undefined,
    isHidden: false,
    isDeprecated: false,
    servers,
    baseUrls,
    security: securityOf(input.auth ?? { method: 'none', name: undefined }),
    parameters,
    requestBody,
    responses: [],
    codeSamples: [],
    externalDocs: undefined,
    position: undefined,
  };
  // A placeholder is a hint for the form (`Enter an id`), not a value for the samples' URL.
  const withoutHints = { ...model, parameters: { path: parameters.path.map(withoutExample), query: parameters.query.map(withoutExample), header: parameters.header.map(withoutExample), cookie: [] } };
  model.codeSamples = generateCodeSamples(withoutHints, { parameters: input.exampleParameters });
  return model;
}

/** The first field of each location and name, without those with no name. */
function uniqueFields(fields: readonly MdxParamField[]): MdxParamField[] {
  const seen = new Set<string>();
  return fields.filter((field) => {
    const key = `${field.in}\0${field.name}`;
    if (field.name.trim() === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function parameterOf(field: MdxParamField, location: string, id: string): ParameterModel {
  const schema = schemaOf(field, id, true);
  return {
    name: field.name,
    in: location,
    description: '',
    isRequired: field.isRequired === true,
    isDeprecated: field.isDeprecated === true,
    schema,
    ...(field.placeholder === undefined ? {} : { example: { value: field.placeholder } }),
  };
}

function withoutExample(parameter: ParameterModel): ParameterModel {
  const { example: _example, ...rest } = parameter;
  return rest;
}

function emptySchema(id: string): SchemaModel {
  return { id: `mdx:${id}`, types: [], typeLabel: '', isNullable: false, isReadOnly: false, isWriteOnly: false, isDeprecated: false };
}

/** Types `type` may name, by the JSON type they mean. */
const typeNames: Record<string, string> = { string: 'string', str: 'string', number: 'number', float: 'number', double: 'number', integer: 'integer', int: 'integer', boolean: 'boolean', bool: 'boolean', object: 'object', array: 'array', null: 'null' };

/** The schema a field's `type` describes: `string[]` and `array<string>` are arrays of strings; an unknown type is "any". */
function schemaOf(field: Pick<MdxParamField, 'type' | 'default' | 'isDeprecated'>, id: string, isParameter: boolean): SchemaModel {
  const written = (field.type ?? '').trim();
  const schema = typeSchema(written, id);
  if (field.default !== undefined) schema.default = { value: field.default.value };
  if (field.isDeprecated === true) schema.isDeprecated = true;
  // A `{name}` segment is a string to the URL, whatever its documented type.
  if (isParameter && schema.types.length === 0 && written === '') schema.typeLabel = 'string';
  return schema;
}

function typeSchema(written: string, id: string): SchemaModel {
  const schema = emptySchema(id);
  const item = /^(.+)\[\]$/.exec(written)?.[1] ?? /^array\s*<(.+)>$/i.exec(written)?.[1];
  if (item !== undefined) return { ...schema, types: ['array'], typeLabel: written, items: typeSchema(item.trim(), `${id}[]`) };
  const type = typeNames[written.toLowerCase()];
  return type === undefined ? { ...schema, typeLabel: written } : { ...schema, types: [type], typeLabel: written };
}

/** A full URL's scheme and host as a server: `{name}`s in the host are variables the reader fills in. */
function serverOf(baseUrl: string): ServerModel {
  const variables = templateVariables(baseUrl).map((name) => ({ name, default: '', enum: undefined, description: '' }));
  return { template: baseUrl, url: safeUrl(baseUrl, { protocols: ['http', 'https'], allowRelative: false }), description: '', variables };
}

/** The requirement the try-it credentials stand for, so that the samples show their placeholders. */
function securityOf(auth: NonNullable<BuildMdxApiPageInput['auth']>): SecurityRequirementModel[] {
  const scheme = (fields: Partial<SecuritySchemeModel> & Pick<SecuritySchemeModel, 'name' | 'type'>): SecuritySchemeModel[] => [
    { scheme: undefined, bearerFormat: undefined, in: undefined, parameterName: undefined, scopes: [], description: '', ...fields },
  ];
  if (auth.method === 'bearer') return [{ schemes: scheme({ name: 'bearer', type: 'http', scheme: 'bearer' }) }];
  if (auth.method === 'basic') return [{ schemes: scheme({ name: 'basic', type: 'http', scheme: 'basic' }) }];
  if (auth.method === 'key') return [{ schemes: scheme({ name: 'key', type: 'apiKey', in: 'header', parameterName: auth.name ?? 'X-API-Key' }) }];
  return [];
}
