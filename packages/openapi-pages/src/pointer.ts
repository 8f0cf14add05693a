/** A path into a parsed document: object keys and array indices. */
export type DocumentPath = readonly (string | number)[];

/** Decodes a JSON pointer fragment (`/components/schemas/User`), or `undefined` when malformed. */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  const segments: string[] = [];
  for (const raw of pointer.slice(1).split('/')) {
    if (/~[^01]|~$/.test(raw)) return undefined;
    segments.push(raw.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return segments;
}

/** Encodes a path as a JSON pointer (`/paths/~1users/get`). */
export function formatPointer(path: DocumentPath): string {
  return path.map((segment) => '/' + String(segment).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** The value at `path`, walking own properties only; `undefined` when a segment is missing. */
export function getAtPath(value: unknown, path: DocumentPath): unknown {
  let current = value;
  for (const segment of path) {
    if (Array.isArray(current)) {
      const index = typeof segment === 'number' ? segment : /^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : -1;
      if (index < 0 || index >= current.length) return undefined;
      current = current[index];
    } else if (isRecord(current) && Object.prototype.hasOwnProperty.call(current, segment)) {
      current = current[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

/** A plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own property of a record, never one from its prototype. */
export function own(value: unknown, key: string): unknown {
  return isRecord(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

/** A non-empty trimmed string, or `undefined`. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
