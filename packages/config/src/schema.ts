import { createRequire } from 'node:module';

/**
 * The JSON Schema (draft-07) of docs.json as a plain object. Every definition is reached
 * through `#/definitions/<name>`; unions use `anyOf` only.
 */
export interface DocsSchema {
  $schema: string;
  $id: string;
  title: string;
  description: string;
  type: 'object';
  required: string[];
  properties: Record<string, Record<string, unknown>>;
  additionalProperties: false;
  definitions: Record<string, Record<string, unknown>>;
}

// The schema file sits at the package root, so it is both published for `$schema` and
// loaded here: `../docs.schema.json` is right from `src/` (tests) and from `dist/` (build).
const require = createRequire(import.meta.url);

/** The JSON Schema of docs.json, the single source of truth of every configuration field. */
export const docsSchema: DocsSchema = require('../docs.schema.json');
