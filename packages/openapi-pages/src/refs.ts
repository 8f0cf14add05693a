import type { LoadedSpec } from './load-spec.js';
import type { DocumentPath } from './pointer.js';
import { formatPointer, isRecord, own } from './pointer.js';

/** One `$ref` as written: in which file, at which path, with which text. */
export interface RefSite {
  /** Absolute path of the file holding the `$ref`. */
  file: string;
  /** Path of the object holding the `$ref` key. */
  path: DocumentPath;
  /** JSON pointer of `path`, for ordering and subtree tests. */
  pointer: string;
  /** The value of `$ref`. */
  ref: string;
}

/** Keys whose values are literal data, never references (`example: {$ref: …}` is an example). */
const literalKeys = new Set(['example', 'enum', 'default', 'const']);

/** Every `$ref` string in a document, in document order. */
export function collectRefSites(file: string, value: unknown): RefSite[] {
  const sites: RefSite[] = [];
  // One path array, pushed and popped: copying it at every node costs seconds on large specs.
  const path: (string | number)[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        const item: unknown = node[index];
        if (typeof item !== 'object' || item === null) continue;
        path.push(index);
        visit(item);
        path.pop();
      }
      return;
    }
    if (!isRecord(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string') sites.push({ file, path: [...path], pointer: formatPointer(path), ref });
    for (const key in node) {
      if (key === '$ref' || literalKeys.has(key)) continue;
      const child = node[key];
      if (typeof child !== 'object' || child === null) continue;
      path.push(key);
      visit(child);
      path.pop();
    }
  };
  visit(value);
  return sites;
}

/** Splits `other.yaml#/components/schemas/User` into its file part and its decoded fragment. */
export function splitRef(ref: string): { filePart: string; fragment: string } | undefined {
  const hash = ref.indexOf('#');
  const filePart = hash === -1 ? ref : ref.slice(0, hash);
  const rawFragment = hash === -1 ? '' : ref.slice(hash + 1);
  try {
    return { filePart: decodeURIComponent(filePart), fragment: decodeURIComponent(rawFragment) };
  } catch {
    return undefined;
  }
}

/** A value from the spec with the file it was written in (relative `$ref`s resolve against it). */
export interface Located<T = unknown> {
  value: T;
  file: string;
}

/** Follows `$ref`s (a chain of at most 16) to the value they name; `undefined` when one is broken. */
export function followRefs(spec: Pick<LoadedSpec, 'resolveRef'>, value: unknown, file: string): Located {
  let current: Located = { value, file };
  for (let hop = 0; hop < 16; hop++) {
    const ref = own(current.value, '$ref');
    if (typeof ref !== 'string') return current;
    const target = spec.resolveRef(current.file, ref);
    if (!target) return { value: undefined, file: current.file };
    current = { value: target.value, file: target.file };
  }
  return { value: undefined, file: current.file };
}
