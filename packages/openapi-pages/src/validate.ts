import { formatJsonPath, type DocsgenMessage } from '@docsgen/config';
import { createRequire } from 'node:module';
import { validateAsyncApiDocument } from './validate-asyncapi.js';
import type { LoadedSpec } from './load-spec.js';
import { createSpecMessage } from './message.js';
import { getAtPath, parsePointer } from './pointer.js';

/** Most schema errors reported for one spec; past that the spec is likely not OpenAPI at all. */
export const maxSchemaMessages = 100;

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  /** The key a `propertyNames` rule refused, on the errors of that rule's own schema. */
  propertyName?: string;
}

type SchemaValidator = (api: unknown) => void;

let openApiValidator: SchemaValidator | undefined;

/**
 * Validates the entry document of a loaded spec against the official schema of its version:
 * OpenAPI and Swagger with swagger-parser's validator (the OpenAPI Initiative's JSON Schemas
 * run by ajv), AsyncAPI with a structural check. Referenced files are fragments and are not
 * validated on their own. Each error is placed at the key or value it is about.
 */
export function validateSpecDocument(spec: LoadedSpec): DocsgenMessage[] {
  if (spec.kind === 'asyncapi') return validateAsyncApiDocument(spec);
  if (spec.kind !== 'openapi') return [];
  // swagger-parser has no export map, and its validator is plain CommonJS.
  openApiValidator ??= createRequire(import.meta.url)('@apidevtools/swagger-parser/lib/validators/schema.js') as SchemaValidator;
  try {
    openApiValidator(spec.value);
    return [];
  } catch (error) {
    const details = (error as { details?: AjvError[] }).details;
    if (!Array.isArray(details)) {
      return [createSpecMessage({ reason: `Cannot validate \`${spec.label}\`: ${String((error as Error).message)}`, ruleId: 'spec-invalid' }, { file: spec.file })];
    }
    return describeSchemaErrors(spec, details);
  }
}

function describeSchemaErrors(spec: LoadedSpec, errors: readonly AjvError[]): DocsgenMessage[] {
  const name = 'swagger' in (spec.value as object) ? 'Swagger 2.0' : `OpenAPI ${spec.version ?? ''}`.trim();
  const kept = pickUsefulErrors(errors);
  const messages: DocsgenMessage[] = [];
  for (const error of kept.slice(0, maxSchemaMessages)) {
    const path = withIndices(spec.value, parsePointer(error.instancePath) ?? []);
    const where = formatJsonPath(path) || 'the top level';
    const extra = (error.params.additionalProperty ?? error.params.unevaluatedProperty) as string | undefined;
    if (extra !== undefined) {
      messages.push(
        createSpecMessage(
          { reason: `Unexpected key \`${extra}\` in \`${where}\` (${name})`, ruleId: 'spec-invalid', actual: extra },
          spec.locate(spec.file, [...path, extra], { key: true }) ?? spec.locate(spec.file, path) ?? { file: spec.file },
        ),
      );
      continue;
    }
    if (error.propertyName !== undefined) {
      // A key the specification does not allow (Cobalt's `securitySchemes` named `Org API Key`).
      messages.push(
        createSpecMessage(
          { reason: `Invalid key \`${error.propertyName}\` in \`${where}\`: ${error.message ?? error.keyword} (${name})`, ruleId: 'spec-invalid', actual: error.propertyName },
          spec.locate(spec.file, [...path, error.propertyName], { key: true }) ?? spec.locate(spec.file, path) ?? { file: spec.file },
        ),
      );
      continue;
    }
    const allowed = error.params.allowedValues as unknown[] | undefined;
    const missing = error.params.missingProperty as string | undefined;
    const reason =
      missing !== undefined
        ? `Missing key \`${missing}\` in \`${where}\` (${name})`
        : allowed
          ? `Unexpected value in \`${where}\`, expected ${allowed.map((value) => `\`${String(value)}\``).join(', ')} (${name})`
          : `Invalid \`${where}\`: ${error.message ?? error.keyword} (${name})`;
    messages.push(
      createSpecMessage(
        { reason, ruleId: 'spec-invalid', expected: allowed?.map(String) },
        spec.locate(spec.file, path) ?? { file: spec.file },
      ),
    );
  }
  if (kept.length > maxSchemaMessages) {
    messages.push(
      createSpecMessage(
        { reason: `${kept.length - maxSchemaMessages} more schema errors in \`${spec.label}\` are not shown`, ruleId: 'spec-invalid' },
        { file: spec.file },
      ),
    );
  }
  return messages;
}

/**
 * ajv reports every branch of a `oneOf` that failed; most of that is noise. Keep the errors
 * that say what to change: drop the "which branch" errors (`oneOf`, `anyOf`, `if`) and the
 * Reference-object branch (`$ref` missing) when something more specific is at the same place
 * or deeper, merge the `enum` alternatives of one value, and drop repeats.
 */
function pickUsefulErrors(errors: readonly AjvError[]): AjvError[] {
  const hasMoreSpecific = (error: AjvError) =>
    errors.some(
      (other) =>
        other !== error &&
        !isBranchError(other) &&
        (other.instancePath === error.instancePath || other.instancePath.startsWith(error.instancePath + '/')),
    );
  const kept: AjvError[] = [];
  const seen = new Map<string, AjvError>();
  const hasEnumAt = new Set(errors.filter((error) => error.keyword === 'enum').map((error) => error.instancePath));
  for (const error of errors) {
    if (isBranchError(error) && hasMoreSpecific(error)) continue;
    if (isLicenseSchemaBug(error) || isServerVariableSchemaBug(error)) continue;
    // "property name must be valid": the error of its own schema says which key, and why.
    if (error.keyword === 'propertyNames' && errors.some((other) => other.instancePath === error.instancePath && other.propertyName === error.params.propertyName)) continue;
    // `type: thing` fails both the enum of type names and the array form: the enum says it all.
    if (error.keyword === 'type' && hasEnumAt.has(error.instancePath)) continue;
    if (error.keyword === 'enum') {
      const key = error.instancePath + '\0enum';
      const previous = seen.get(key);
      if (previous) {
        const values = new Set([...(previous.params.allowedValues as unknown[]), ...(error.params.allowedValues as unknown[])]);
        previous.params = { allowedValues: [...values] };
        continue;
      }
      const copy = { ...error, params: { allowedValues: [...((error.params.allowedValues as unknown[]) ?? [])] } };
      seen.set(key, copy);
      kept.push(copy);
      continue;
    }
    const key = error.instancePath + '\0' + error.keyword + '\0' + JSON.stringify(error.params) + '\0' + (error.propertyName ?? '');
    if (seen.has(key)) continue;
    seen.set(key, error);
    kept.push(error);
  }
  return kept;
}

/** Pointer segments under arrays become numbers, so paths read `parameters[0]`. */
function withIndices(value: unknown, segments: readonly string[]): (string | number)[] {
  const path: (string | number)[] = [];
  let current = value;
  for (const segment of segments) {
    const isIndex = Array.isArray(current) && /^\d+$/.test(segment);
    path.push(isIndex ? Number(segment) : segment);
    current = getAtPath(current, [segment]);
  }
  return path;
}

/**
 * The OpenAPI 3.1 schema of 2021-04-28, which swagger-parser bundles, requires a license's
 * `identifier` or `url` (`oneOf`); the specification makes both optional and only exclusive,
 * and the schema of 2022-10-07 says so (`dependentSchemas`). `license: {name: MIT}` is valid.
 */
function isLicenseSchemaBug(error: AjvError): boolean {
  return error.instancePath === '/info/license' && error.keyword === 'required' && (error.params.missingProperty === 'identifier' || error.params.missingProperty === 'url');
}

/**
 * The same schema names a server variable's `description` `descriptions` (the specification,
 * and the schema of 2022-10-07, say `description`): a server variable with a description, as
 * maximhq/bifrost's spec has, is valid. Servers are listed at the top, in path items and in
 * operations.
 */
function isServerVariableSchemaBug(error: AjvError): boolean {
  return error.keyword === 'unevaluatedProperties' && error.params.unevaluatedProperty === 'description' && /\/servers\/\d+\/variables\/[^/]+$/.test(error.instancePath);
}

function isBranchError(error: AjvError): boolean {
  return (
    error.keyword === 'oneOf' ||
    error.keyword === 'anyOf' ||
    error.keyword === 'if' ||
    (error.keyword === 'required' && error.params.missingProperty === '$ref')
  );
}
