/** @jsxRuntime automatic @jsxImportSource preact */
import { createContext } from 'preact';

/**
 * What the fields of one operation render share (one value per operation drawn): `prefix`, the
 * operation's own id prefix, which keeps two operations on one page apart; the rest is filled
 * in as fields render.
 */
export interface SchemaRenderState {
  /** Unused; kept for the providers that count insertions (default: `0`). */
  next: number;
  /** The operation's id prefix (`dg-api-` for a generated page). */
  prefix: string;
  /**
   * Name of the site's schema file of the operation's spec (`api-schemas-<hash>.json` under the
   * asset prefix): nested fields past the first level are fetched from it when a reader opens
   * them. Without one, they are drawn into the page to a bounded depth (default: none).
   */
  schemaFile?: string | undefined;
  /** Field ids already given on the page, so each is unique. */
  ids?: Set<string> | undefined;
  /** Named schemas whose fields a Markdown rendering has written once already. */
  written?: Set<string> | undefined;
}

/** Stands for the schema file's own name in the fragments of the schema file (`renderSchemaFile`). */
export const schemaFileToken = 'dg7sf9qfile';

/** The render state of the operation being drawn; `undefined` outside one. */
export const SchemaInsertions = createContext<SchemaRenderState | undefined>(undefined);

/** Whether nested fields start open (docs.json `api.params.expanded: "all"`) or collapsed. */
export const SchemaExpanded = createContext<boolean>(false);

/** Extension keys whose values parameters show as pills (docs.json `api.params.post`). */
export const ParameterPills = createContext<readonly string[]>([]);
