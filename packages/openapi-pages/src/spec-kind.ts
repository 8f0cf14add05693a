import { own } from './pointer.js';

/** The two families of specs this package reads. */
export type SpecKind = 'openapi' | 'asyncapi';

/** What the version field of a spec says. */
export type DetectedSpec =
  | { kind: SpecKind; version: string; dialect: 'swagger-2.0' | 'openapi-3.0' | 'openapi-3.1' | 'asyncapi-2' | 'asyncapi-3' }
  | { kind: undefined; version: string | undefined; reason: string; note: string; actual?: string | undefined; path?: string[] | undefined };

const note = 'docsgen reads OpenAPI 3.0 and 3.1, Swagger 2.0, and AsyncAPI 2.x and 3.0.';

/** Reads `openapi`, `swagger` or `asyncapi` at the top of a spec. */
export function detectSpecKind(value: unknown): DetectedSpec {
  const openapi = own(value, 'openapi');
  const swagger = own(value, 'swagger');
  const asyncapi = own(value, 'asyncapi');
  const version = [openapi, swagger, asyncapi].find((field) => field !== undefined);
  if (version === undefined) {
    return {
      kind: undefined,
      version: undefined,
      reason: 'Cannot read the spec: expected an `openapi`, `swagger` or `asyncapi` version field at the top',
      note,
    };
  }
  const key = openapi !== undefined ? 'openapi' : swagger !== undefined ? 'swagger' : 'asyncapi';
  if (typeof version !== 'string') {
    return {
      kind: undefined,
      version: undefined,
      reason: `Unexpected ${typeof version} in \`${key}\`, expected a string such as \`"${key === 'swagger' ? '2.0' : key === 'openapi' ? '3.1.0' : '3.0.0'}"\``,
      note: 'Quote the version: YAML reads `3.0` as a number.',
      actual: String(version),
      path: [key],
    };
  }
  if (key === 'swagger' && version === '2.0') return { kind: 'openapi', version, dialect: 'swagger-2.0' };
  if (key === 'openapi' && /^3\.0\.\d+$/.test(version)) return { kind: 'openapi', version, dialect: 'openapi-3.0' };
  if (key === 'openapi' && /^3\.1\.\d+$/.test(version)) return { kind: 'openapi', version, dialect: 'openapi-3.1' };
  if (key === 'asyncapi' && /^2\.\d+\.\d+$/.test(version)) return { kind: 'asyncapi', version, dialect: 'asyncapi-2' };
  if (key === 'asyncapi' && /^3\.0\.\d+$/.test(version)) return { kind: 'asyncapi', version, dialect: 'asyncapi-3' };
  return {
    kind: undefined,
    version,
    reason: `Unexpected version \`${version}\` in \`${key}\`, expected ${key === 'swagger' ? '`2.0`' : key === 'openapi' ? '`3.0.x` or `3.1.x`' : '`2.x.x` or `3.0.x`'}`,
    note,
    actual: version,
    path: [key],
  };
}
