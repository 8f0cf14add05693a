import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { basename } from 'node:path';
import { createPositionFinder, describeSyntaxError, findDepthOverflow, recoverable } from './json-syntax.js';
import { createMessage, type DocsgenMessage, type SourceLocation } from './message.js';

/** A path into a JSON value: object keys and array indices. */
export type JsonPath = readonly (string | number)[];

/** Where one JSON value was written, plus the same for its children. */
export interface JsonLocationNode {
  /** Start of the value (its first character). */
  value: SourceLocation;
  /** Start of the key (its opening quote), for object members. */
  key?: SourceLocation | undefined;
  /** Locations of array items (number keys) or object members (string keys). */
  children?: Map<string | number, JsonLocationNode> | undefined;
}

/** Result of `parseJsonSource`: a plain value and where each part of it was written. */
export interface ParsedJson {
  /** The parsed value; `undefined` when there are fatal messages. */
  value: unknown;
  /** Location tree of `value`; `undefined` when there are fatal messages. */
  locations: JsonLocationNode | undefined;
  /** Syntax errors (`json-syntax`, `json-too-deep`, `config-empty`) and `duplicate-key` warnings. */
  messages: DocsgenMessage[];
}

export interface ParseJsonSourceOptions {
  /** Absolute path of the file, copied into every location and message. */
  file: string;
  /** Name of the file in messages (default: the base name of `file`). */
  label?: string | null | undefined;
}

/** Deepest nesting of arrays and objects accepted; deeper input is rejected before parsing. */
export const maxJsonDepth = 256;

/**
 * Parses strict JSON (no comments, no trailing commas) into plain values plus the line
 * and column of every value and key. Never throws and never recurses deeper than
 * `maxJsonDepth`: the nesting is measured first, without recursion.
 */
export function parseJsonSource(text: string, options: ParseJsonSourceOptions): ParsedJson {
  const file = options.file;
  const label = options.label || basename(file);
  const toPlace = createPositionFinder(text, file);
  const fail = (message: DocsgenMessage): ParsedJson => ({ value: undefined, locations: undefined, messages: [message] });

  if (text.trim() === '') {
    return fail(
      createMessage({
        reason: `Cannot parse \`${label}\`: the file is empty`,
        ruleId: 'config-empty',
        note: 'Write a JSON object such as `{"name": "My docs", "navigation": {"pages": ["index"]}}`.',
        ...toPlace(0),
      }),
    );
  }

  const tooDeep = findDepthOverflow(text, maxJsonDepth);
  if (tooDeep !== undefined) {
    return fail(
      createMessage({
        reason: `Cannot parse \`${label}\`: arrays and objects are nested deeper than ${maxJsonDepth} levels`,
        ruleId: 'json-too-deep',
        ...toPlace(tooDeep),
      }),
    );
  }

  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || !root) {
    const seen = new Set<number>();
    const messages: DocsgenMessage[] = [];
    for (const error of errors) {
      if (seen.has(error.offset)) continue;
      seen.add(error.offset);
      const message = describeSyntaxError(text, error, label, toPlace);
      messages.push(message);
      // After an error the parser cannot step over, later errors are mostly its confusion.
      if (!recoverable.has(printParseErrorCode(error.error)) && message.actual !== ',') break;
    }
    return { value: undefined, locations: undefined, messages };
  }

  const messages: DocsgenMessage[] = [];
  const build = (node: Node, key: Node | undefined): [unknown, JsonLocationNode] => {
    const location: JsonLocationNode = { value: toPlace(node.offset) };
    if (key) location.key = toPlace(key.offset);
    if (node.type === 'array') {
      const items: unknown[] = [];
      location.children = new Map();
      for (const [index, child] of (node.children ?? []).entries()) {
        const [value, childLocation] = build(child, undefined);
        items.push(value);
        location.children.set(index, childLocation);
      }
      return [items, location];
    }
    if (node.type === 'object') {
      const object: Record<string, unknown> = {};
      location.children = new Map();
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (!keyNode || !valueNode) continue;
        const name = String(keyNode.value);
        if (location.children.has(name)) {
          messages.push(
            createMessage({
              reason: `Unexpected duplicate key \`${name}\` in \`${label}\``,
              ruleId: 'duplicate-key',
              fatal: false,
              note: 'Only the last value is used; remove the other one.',
              actual: name,
              ...toPlace(keyNode.offset),
            }),
          );
        }
        const [value, childLocation] = build(valueNode, keyNode);
        setOwn(object, name, value);
        location.children.set(name, childLocation);
      }
      return [object, location];
    }
    return [node.value, location];
  };
  const [value, locations] = build(root, undefined);
  return { value, locations, messages };
}

/** Finds a location in a tree, by value (default) or by key. */
export function locateInTree(
  tree: JsonLocationNode | undefined,
  path: JsonPath,
  options?: { key?: boolean | null | undefined } | null | undefined,
): SourceLocation | undefined {
  let node = tree;
  for (const segment of path) {
    const children = node?.children;
    node = children?.get(segment) ?? children?.get(typeof segment === 'number' ? String(segment) : Number(segment));
    if (!node) return undefined;
  }
  return options?.key ? node?.key : node?.value;
}

/** Assigns a member without ever invoking the `__proto__` setter. */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
