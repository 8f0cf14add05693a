import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from 'ajv';
import { createRequire } from 'node:module';
import { translateError, type TranslateContext } from './ajv-message.js';
import type { JsonPath } from './json-source.js';
import { compareMessages, type DocsgenMessage, type SourceLocation } from './message.js';
import { docsSchema } from './schema.js';
import { indexPointers, isPlainObject, type SchemaNode } from './schema-tools.js';
import { explainUnion } from './union.js';

export interface ValidateConfigOptions {
  /** Finds where a value was written (default: messages carry no line and column). */
  locate?: ((path: JsonPath) => SourceLocation | undefined) | null | undefined;
  /** Finds where an object member's key was written (default: the value's place is used). */
  locateKey?: ((path: JsonPath) => SourceLocation | undefined) | null | undefined;
  /** File named in messages without a known place (default: none). */
  file?: string | null | undefined;
  /** Name of the config file in messages about the top level (default: `docs.json`). */
  label?: string | null | undefined;
}

/** An ajv instance with the schema compiled, plus validators for union branches. */
export interface SchemaValidator {
  root: SchemaNode;
  validate: ValidateFunction;
  /** Validator of the sub-schema at a JSON pointer of the root schema, compiled once. */
  branch(pointer: string): ValidateFunction | undefined;
  pointers: WeakMap<object, string>;
}

const validators = new WeakMap<object, SchemaValidator>();

let precompiled: ValidateFunction | undefined;

/**
 * The schema compiled ahead of time (`generated/validate-docs.cjs`, made by
 * `scripts/generate.mjs` with the options `getSchemaValidator` compiles with), its errors kept
 * on it like a compiled schema's. Loaded the first time a docs.json is checked: its 700 KB of
 * code took 40 ms of every start, and a build that takes the checked docs.json from its cache
 * checks none.
 */
function precompiledValidator(): ValidateFunction {
  return (precompiled ??= (createRequire(import.meta.url)('../generated/validate-docs.cjs') as { validate: ValidateFunction }).validate);
}

/** Compiles a schema once per process (cached per schema object). */
export function getSchemaValidator(schema: SchemaNode): SchemaValidator {
  const cached = validators.get(schema);
  if (cached) return cached;
  // ajv itself (about 30 ms to load) is loaded only here: a valid docs.json is checked by the
  // precompiled validator, so most runs never need it.
  const { Ajv } = createRequire(import.meta.url)('ajv') as { Ajv: typeof AjvClass };
  // `verbose` keeps `data` and `parentSchema` on errors, which the messages need.
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, logger: false });
  ajv.addFormat('uri', (value: string) => URL.canParse(value));
  ajv.addFormat('uri-reference', true);
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
  const id = typeof schema.$id === 'string' ? schema.$id : 'docsgen:docs.schema.json';
  if (typeof schema.$id === 'string') ajv.addSchema(schema);
  else ajv.addSchema(schema, id);
  const validate = ajv.getSchema(id) as ValidateFunction;
  const validator: SchemaValidator = {
    root: schema,
    validate,
    pointers: indexPointers(schema),
    branch: (pointer) => ajv.getSchema(`${id}#${pointer}`),
  };
  validators.set(schema, validator);
  return validator;
}

/**
 * The precompiled validator as a `SchemaValidator`, for errors without a failed union: their
 * explanation reads the schema (`root`) and never a branch's validator or pointer.
 */
function aheadOfTime(validate: ValidateFunction): SchemaValidator {
  return { root: docsSchema as unknown as SchemaNode, validate, branch: () => undefined, pointers: new WeakMap() };
}

/** Context of one validation: the compiled schema plus where values were written. */
export interface ExplainContext extends TranslateContext {
  validator: SchemaValidator;
}

/**
 * Validates a docs.json value (after includes) against the schema and returns every
 * problem at once as messages, sorted: `unknown-key` (warning), `invalid-type`,
 * `invalid-enum`, `missing-key`, `invalid-hex-color`, `invalid-value`.
 */
export function validateConfig(value: unknown, options?: ValidateConfigOptions | null): DocsgenMessage[] {
  // The precompiled validator answers the common case (a valid file) in microseconds, and its
  // errors explain most others (a key docsgen does not know, a wrong type or value). The schema
  // is compiled (0.1-0.4 s, on every thread that loads the project) only to explain a failed
  // union (`anyOf`): that validates each branch on its own, and finds a branch by its schema
  // object, which the precompiled code's copies are not.
  const ahead = precompiledValidator();
  if (ahead(value)) return [];
  const hasFailedUnion = (ahead.errors ?? []).some((error) => error.keyword === 'anyOf');
  const validator = hasFailedUnion ? getSchemaValidator(docsSchema as unknown as SchemaNode) : aheadOfTime(ahead);
  const locate = options?.locate ?? (() => undefined);
  const context: ExplainContext = {
    validator,
    root: validator.root,
    label: options?.label ?? 'docs.json',
    file: options?.file ?? undefined,
    locate,
    locateKey: options?.locateKey ?? locate,
  };
  if (validator.validate(value)) return [];
  const messages = explainErrors([...(validator.validate.errors ?? [])], value, [], context);
  const seen = new Set<string>();
  return messages
    .filter((message) => {
      const key = `${message.file}:${message.line}:${message.column}:${message.ruleId}:${message.reason}`;
      return seen.has(key) ? false : (seen.add(key), true);
    })
    .sort(compareMessages);
}

/**
 * Turns the errors of validating `data` (found at `base`) into messages. A failed
 * `anyOf` is replaced by the explanation of the branch the user most likely meant.
 */
export function explainErrors(errors: ErrorObject[], data: unknown, base: JsonPath, context: ExplainContext): DocsgenMessage[] {
  // A failed `if`/`then` reports the `then` schema's own errors, which say what is wrong, and
  // one for the `if` around them, which says nothing more.
  const located = errors.filter((error) => error.keyword !== 'if').map((error) => ({ error, path: [...base, ...toSegments(error.instancePath, data)] }));
  // A type error makes other errors of the same schema about the same value noise.
  const typed = new Set(located.filter(({ error }) => error.keyword === 'type').map(({ error }) => typeKey(error)));
  // ajv reports a nested `anyOf` before the one around it; only the outermost is explained,
  // and every error at or below its path is replaced by that explanation.
  const unionAt = new Map<string, ErrorObject>();
  for (const { error, path } of located) if (error.keyword === 'anyOf') unionAt.set(pathKey(path), error);
  const outerAt = (path: JsonPath): number => {
    for (let length = 0; length <= path.length; length++) if (unionAt.has(pathKey(path.slice(0, length)))) return length;
    return -1;
  };
  const outer: { error: ErrorObject; path: JsonPath }[] = [];
  const messages: DocsgenMessage[] = [];
  for (const { error, path } of located) {
    const length = outerAt(path);
    if (length === -1) {
      if (error.keyword === 'type' || !typed.has(typeKey(error))) messages.push(translateError(error, path, context));
    } else if (length === path.length && unionAt.get(pathKey(path)) === error) {
      outer.push({ error, path });
    }
  }
  for (const { error, path } of outer) messages.push(...explainUnion(error, path, context));
  return messages;
}

const schemaIds = new WeakMap<object, number>();
let nextSchemaId = 0;

/** Identifies "this schema node at this instance path", to drop noise next to a type error. */
function typeKey(error: ErrorObject): string {
  const schema = (error.parentSchema ?? {}) as object;
  if (!schemaIds.has(schema)) schemaIds.set(schema, nextSchemaId++);
  return `${schemaIds.get(schema)}:${error.instancePath}`;
}

function pathKey(path: JsonPath): string {
  return JSON.stringify(path.map(String));
}

/** Splits an ajv instance path (`/tabs/0/groups`) into keys and array indices. */
function toSegments(instancePath: string, data: unknown): (string | number)[] {
  if (instancePath === '') return [];
  const segments: (string | number)[] = [];
  let current = data;
  for (const raw of instancePath.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const segment = Array.isArray(current) ? Number(key) : key;
    segments.push(segment);
    current = Array.isArray(current) || isPlainObject(current) ? (current as Record<string, unknown>)[key] : undefined;
  }
  return segments;
}
