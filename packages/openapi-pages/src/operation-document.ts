import type { LoadedSpec, ResolvedRef } from './load-spec.js';
import { getAtPath, isRecord, own, parsePointer } from './pointer.js';
import { splitRef } from './refs.js';

/**
 * What a node in an OpenAPI document is, as far as its `$ref`s go: a `$ref` written in a slot
 * of kind `schema` names a schema, and so on. It decides the `components` section (or Swagger
 * 2.0 section) a target copied from elsewhere is put in.
 */
type Slot =
  | 'operation'
  | 'pathItem'
  | 'parameters'
  | 'parameter'
  | 'requestBody'
  | 'content'
  | 'media'
  | 'encodings'
  | 'encoding'
  | 'responses'
  | 'response'
  | 'headers'
  | 'header'
  | 'examples'
  | 'example'
  | 'links'
  | 'link'
  | 'callbacks'
  | 'callback'
  | 'schema'
  | 'schemas'
  | 'schemaList'
  | 'securityScheme'
  | 'literal'
  | 'other';

/** Slot of the value under `key` of a node in slot `slot`. */
function childSlot(slot: Slot, key: string | number): Slot {
  switch (slot) {
    case 'pathItem':
      if (key === 'parameters') return 'parameters';
      return typeof key === 'string' && httpMethodKeys.has(key) ? 'operation' : 'other';
    case 'operation':
      return key === 'parameters' ? 'parameters' : key === 'requestBody' ? 'requestBody' : key === 'responses' ? 'responses' : key === 'callbacks' ? 'callbacks' : 'other';
    case 'parameters':
      return 'parameter';
    case 'parameter':
    case 'header':
      return key === 'schema' ? 'schema' : key === 'content' ? 'content' : key === 'examples' ? 'examples' : key === 'example' ? 'literal' : 'other';
    case 'requestBody':
      return key === 'content' ? 'content' : 'other';
    case 'content':
      return 'media';
    case 'media':
      return key === 'schema' ? 'schema' : key === 'examples' ? 'examples' : key === 'encoding' ? 'encodings' : key === 'example' ? 'literal' : 'other';
    case 'encodings':
      return 'encoding';
    case 'encoding':
      return key === 'headers' ? 'headers' : 'other';
    case 'responses':
      return 'response';
    case 'response':
      // `schema` and `examples` (by media type, literal) are Swagger 2.0's.
      return key === 'content' ? 'content' : key === 'headers' ? 'headers' : key === 'links' ? 'links' : key === 'schema' ? 'schema' : key === 'examples' ? 'literal' : 'other';
    case 'headers':
      return 'header';
    case 'examples':
      return 'example';
    case 'example':
      return 'literal';
    case 'links':
      return 'link';
    case 'callbacks':
      return 'callback';
    case 'callback':
      return 'pathItem';
    case 'schemas':
      return 'schema';
    case 'schemaList':
      return 'schema';
    case 'schema':
      if (key === 'properties' || key === 'patternProperties' || key === 'definitions' || key === '$defs' || key === 'dependentSchemas') return 'schemas';
      if (key === 'allOf' || key === 'anyOf' || key === 'oneOf' || key === 'prefixItems') return 'schemaList';
      if (key === 'example' || key === 'examples' || key === 'default' || key === 'enum' || key === 'const' || key === 'discriminator' || key === 'xml' || key === 'externalDocs') return 'literal';
      return schemaKeys.has(String(key)) ? 'schema' : 'other';
    case 'literal':
      return 'literal';
    default:
      return 'other';
  }
}

const httpMethodKeys = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const schemaKeys = new Set(['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties', 'additionalItems', 'contentSchema']);

/** The `components` section of OpenAPI 3 a target in each slot goes to. */
const componentSections: Partial<Record<Slot, string>> = {
  schema: 'schemas',
  parameter: 'parameters',
  requestBody: 'requestBodies',
  response: 'responses',
  header: 'headers',
  example: 'examples',
  link: 'links',
  callback: 'callbacks',
  securityScheme: 'securitySchemes',
  pathItem: 'pathItems',
};

/** Swagger 2.0's top-level sections for reusable objects. */
const swaggerSections: Partial<Record<Slot, string>> = {
  schema: 'definitions',
  parameter: 'parameters',
  response: 'responses',
  securityScheme: 'securityDefinitions',
};

/**
 * A self-contained OpenAPI document with only one operation, for the embeddable viewers: the
 * version, `info`, servers (Swagger 2.0: `host`, `basePath`, `schemes`), the security schemes
 * and requirements, the operation's tags, `paths` with that operation and its path item's
 * parameters, and only the components the operation reaches through its `$ref`s, followed
 * transitively (cycles included). Targets in other files of a multi-file spec, or outside the
 * entry's components, are copied under components with fresh names. Nothing beyond what
 * `loadSpec` read is ever read; a `$ref` it could not resolve becomes an empty schema, so no
 * viewer fetches anything. The spec's objects are never modified.
 *
 * @param spec
 *   A loaded OpenAPI 3.x or Swagger 2.0 spec.
 * @param method
 *   HTTP method, any case; `WEBHOOK` for a webhook of OpenAPI 3.1, whose name is `path`.
 * @param path
 *   Path template as written in the spec (`/users/{id}`), or the webhook's name.
 * @returns
 *   The document, or `undefined` when the spec has no such operation (or is no OpenAPI spec).
 */
export function operationDocument(spec: LoadedSpec, method: string, path: string): Record<string, unknown> | undefined {
  const root = spec.value;
  if (spec.kind !== 'openapi' || !isRecord(root)) return undefined;
  const isSwagger = typeof root.swagger === 'string';
  const isWebhook = method.toUpperCase() === 'WEBHOOK';
  const verb = method.toLowerCase();
  const container = own(root, isWebhook ? 'webhooks' : 'paths');
  let item = own(container, path);
  let itemFile = spec.file;
  // A path item may itself be a `$ref`.
  if (isRecord(item) && typeof item.$ref === 'string') {
    const target = spec.resolveRef(spec.file, item.$ref);
    if (!target) return undefined;
    item = target.value;
    itemFile = target.file;
  }
  if (!isRecord(item)) return undefined;
  const operationKey = isWebhook ? Object.keys(item).find((key) => httpMethodKeys.has(key)) : verb;
  if (!operationKey || !httpMethodKeys.has(operationKey) || !isRecord(own(item, operationKey))) return undefined;

  const copier = createCopier(spec, isSwagger);
  const pathItem: Record<string, unknown> = {};
  for (const key of ['summary', 'description', 'servers', 'parameters', operationKey]) {
    const value = own(item, key);
    if (value !== undefined) pathItem[key] = copier.copy(value, itemFile, childSlot('pathItem', key));
  }
  const operation = own(item, operationKey) as Record<string, unknown>;

  const document: Record<string, unknown> = {};
  for (const key of isSwagger
    ? ['swagger', 'info', 'host', 'basePath', 'schemes', 'consumes', 'produces', 'security']
    : ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'security']) {
    const value = own(root, key);
    if (value !== undefined) document[key] = copier.copy(value, spec.file, 'literal');
  }
  const usedTags = new Set(Array.isArray(operation.tags) ? operation.tags.filter((tag) => typeof tag === 'string') : []);
  const tags = Array.isArray(root.tags) ? root.tags.filter((tag) => usedTags.has(own(tag, 'name') as string)) : [];
  if (tags.length > 0) document.tags = copier.copy(tags, spec.file, 'literal');
  if (isWebhook) {
    document.paths = {};
    document.webhooks = { [path]: pathItem };
  } else {
    document.paths = { [path]: pathItem };
  }
  // Every security scheme: requirements name them, and they are small.
  const schemes = isSwagger ? own(root, 'securityDefinitions') : own(own(root, 'components'), 'securitySchemes');
  if (isRecord(schemes)) {
    const copied: Record<string, unknown> = {};
    for (const name of Object.keys(schemes)) copied[name] = copier.copy(schemes[name], spec.file, 'securityScheme');
    copier.add('securityScheme', copied);
  }
  const sections = copier.sections();
  if (isSwagger) Object.assign(document, sections);
  else if (Object.keys(sections).length > 0) document.components = sections;
  return document;
}

interface Copier {
  /** A deep copy of `value` (written in `file`), with its `$ref`s pointing into the new document. */
  copy(value: unknown, file: string, slot: Slot): unknown;
  /** Puts entries into a section directly (security schemes, copied already). */
  add(slot: Slot, entries: Record<string, unknown>): void;
  /** The sections filled so far: `{ schemas: {…}, … }` (Swagger 2.0: `{ definitions: {…}, … }`). */
  sections(): Record<string, Record<string, unknown>>;
}

function createCopier(spec: LoadedSpec, isSwagger: boolean): Copier {
  const table = isSwagger ? swaggerSections : componentSections;
  const out = new Map<string, Record<string, unknown>>();
  // Target (file + pointer) → the local `$ref` it became; set before copying, so cycles end.
  const placed = new Map<string, string>();
  const sectionOf = (name: string): Record<string, unknown> => {
    let section = out.get(name);
    if (!section) {
      section = {};
      out.set(name, section);
    }
    return section;
  };
  // The entry's own section of that name: its names stay reserved for its own objects.
  const entrySection = (name: string): unknown => (isSwagger ? own(spec.value, name) : own(own(spec.value, 'components'), name));

  // loadSpec resolved every `$ref` site; a discriminator's mapping is no `$ref` site, so its
  // fragment-only targets are looked up in the documents already read.
  const resolve = (file: string, ref: string): ResolvedRef | undefined => {
    const found = spec.resolveRef(file, ref);
    if (found) return found;
    const parts = splitRef(ref);
    const pointer = parts && parts.filePart === '' ? parsePointer(parts.fragment) : undefined;
    const value = pointer ? getAtPath(spec.documents.get(file)?.value, pointer) : undefined;
    return pointer && value !== undefined ? { file, path: pointer, value } : undefined;
  };

  const place = (file: string, ref: string, slot: Slot): string | undefined => {
    const target = resolve(file, ref);
    if (!target) return undefined;
    const pointer = target.path.map(String);
    const key = target.file + '\0' + pointer.join('/');
    const known = placed.get(key);
    if (known) return known;
    // The entry's own reusable objects keep their section and name.
    const kept = target.file === spec.file ? ownSection(pointer, isSwagger) : undefined;
    const section = kept?.section ?? table[slot] ?? (table.schema as string);
    const name = kept?.name ?? freshName(target.file, pointer, section);
    const local = (isSwagger ? `#/${section}/` : `#/components/${section}/`) + escapePointer(name);
    placed.set(key, local);
    sectionOf(section)[name] = copy(target.value, target.file, kept ? sectionSlot(section) : slot);
    return local;
  };

  const freshName = (file: string, pointer: string[], section: string): string => {
    const last = pointer.length > 0 ? (pointer[pointer.length - 1] as string) : (file.split(/[\\/]/).pop() ?? '').replace(/\.(ya?ml|json)$/i, '');
    const base = last.replace(/[^A-Za-z0-9._-]+/g, '_') || 'item';
    const used = sectionOf(section);
    const existing = entrySection(section);
    let name = base;
    for (let index = 2; Object.hasOwn(used, name) || own(existing, name) !== undefined; index++) name = `${base}_${index}`;
    // Reserved now: copying the target may place more targets in this section.
    used[name] = {};
    return name;
  };

  const copy = (value: unknown, file: string, slot: Slot): unknown => {
    if (slot === 'literal') return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
    if (Array.isArray(value)) {
      const itemSlot = slot === 'parameters' || slot === 'schemaList' ? childSlot(slot, 0) : slot;
      return value.map((item) => copy(item, file, itemSlot));
    }
    if (!isRecord(value)) return value;
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const child = value[key];
      if (key === '$ref' && typeof child === 'string') {
        // Unresolved (broken, remote, refused): left out, so no viewer tries to fetch it.
        const local = place(file, child, slot);
        if (local) result.$ref = local;
      } else if (slot === 'schema' && key === 'discriminator' && isRecord(child)) {
        result[key] = copyDiscriminator(child, file);
      } else {
        result[key] = copy(child, file, childSlot(slot, key));
      }
    }
    return result;
  };

  // `mapping` values are refs (`#/components/schemas/Dog`) or schema names (`Dog`).
  const copyDiscriminator = (discriminator: Record<string, unknown>, file: string): Record<string, unknown> => {
    const result = copy(discriminator, file, 'literal') as Record<string, unknown>;
    const mapping = own(discriminator, 'mapping');
    if (!isRecord(mapping)) return result;
    const copied: Record<string, string> = {};
    for (const [name, target] of Object.entries(mapping)) {
      if (typeof target !== 'string') continue;
      const ref = /[#/.]/.test(target) ? target : `${isSwagger ? '#/definitions/' : '#/components/schemas/'}${escapePointer(target)}`;
      const local = place(file, ref, 'schema');
      if (local) copied[name] = local;
    }
    result.mapping = copied;
    return result;
  };

  return {
    copy,
    add(slot, entries) {
      Object.assign(sectionOf(table[slot] as string), entries);
    },
    sections() {
      const result: Record<string, Record<string, unknown>> = {};
      for (const [name, section] of out) if (Object.keys(section).length > 0) result[name] = section;
      return result;
    },
  };
}

/** `components/<section>/<name>` (Swagger 2.0: `<section>/<name>`) of the entry file, if `pointer` is one. */
function ownSection(pointer: string[], isSwagger: boolean): { section: string; name: string } | undefined {
  if (isSwagger) {
    const [section, name] = pointer;
    return pointer.length === 2 && section && name && Object.values(swaggerSections).includes(section) ? { section, name } : undefined;
  }
  const [components, section, name] = pointer;
  return pointer.length === 3 && components === 'components' && section && name && Object.values(componentSections).includes(section) ? { section, name } : undefined;
}

/** The slot of an entry of a section (`schemas` → `schema`). */
function sectionSlot(section: string): Slot {
  const entry = Object.entries(componentSections).find(([, name]) => name === section) ?? Object.entries(swaggerSections).find(([, name]) => name === section);
  return (entry?.[0] as Slot | undefined) ?? 'other';
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
