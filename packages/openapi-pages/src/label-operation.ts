/**
 * The fields of an OpenAPI operation that can name it in the sidebar.
 */
export interface OperationLabelInput {
  /** Operation `summary`; the preferred label. */
  summary?: string | null | undefined;
  /** Operation `operationId`; used when there is no summary. */
  operationId?: string | null | undefined;
  /** HTTP method of the operation (`get`, `post`, …). */
  method: string;
  /** Path template of the operation (`/users/{id}`). */
  path?: string | null | undefined;
}

/**
 * Label used when an operation has no summary, no operation id, and no method and path.
 */
export const untitledOperationLabel = 'Untitled operation';

/**
 * Choose the sidebar label of an operation.
 *
 * Order (SPEC “Errors”: operation has no `summary`): the `summary`, else the `operationId`,
 * else `METHOD path` with the method upper-cased, else `untitledOperationLabel`.
 * A field that is missing, not a string, or only whitespace is skipped. Runs of whitespace
 * (including line breaks from YAML block scalars) collapse to one space, because a sidebar
 * label is one line.
 *
 * @param operation
 *   Summary, operation id, method and path of the operation.
 * @returns
 *   A non-empty, single-line label.
 */
export function labelOperation(operation: OperationLabelInput): string {
  const summary = clean(operation.summary);
  if (summary) return summary;

  const operationId = clean(operation.operationId);
  if (operationId) return operationId;

  const method = clean(operation.method);
  const path = clean(operation.path);
  // A method alone (`GET`) or a path alone does not tell operations apart, so both are needed.
  if (method && path) return method.toUpperCase() + ' ' + path;

  return untitledOperationLabel;
}

function clean(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}
