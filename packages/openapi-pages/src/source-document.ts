import { parseJsonSource, type DocsgenMessage, type JsonLocationNode, type SourceLocation } from '@docsgen/config';
import { findLineStarts, placeOfOffset } from '@docsgen/util/line-index';
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import { isAlias, isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { createSpecMessage } from './message.js';
import { indexShallowJson } from './json-locator.js';
import { formatPointer, type DocumentPath } from './pointer.js';

/** One parsed spec file: its plain value and a way back from a path to where it was written. */
export interface SourceDocument {
  /** Absolute path of the file. */
  file: string;
  /** The parsed value (plain JSON data); `undefined` when the file could not be parsed. */
  value: unknown;
  /** Where the value (or with `key`, the key) at `path` starts; `undefined` when not found. */
  locate(path: DocumentPath, options?: { key?: boolean } | undefined): SourceLocation | undefined;
}

/** Deepest nesting of objects and arrays accepted in a spec file. */
export const maxSpecDepth = 256;

/** Depth down to which JSON places come from the shallow index. */
const shallowDepth = 4;

/** Aliases a YAML spec may expand before it is refused (a guard against alias bombs). */
const maxAliasCount = 1000;

/**
 * Parses the text of a spec file, JSON or YAML, into plain data. JSON takes the fast
 * `JSON.parse` path and builds its position tree only when a message needs a place; YAML keeps
 * its node ranges. Every syntax error is reported with line and column; never throws.
 */
export function parseSourceDocument(
  text: string,
  file: string,
  label: string,
): { document: SourceDocument; messages: DocsgenMessage[] } {
  // A byte order mark is not part of the document (JSON.parse rejects it).
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const failed = (messages: DocsgenMessage[]) => ({
    document: { file, value: undefined, locate: () => undefined },
    messages,
  });
  if (source.trim() === '') {
    return failed([
      createSpecMessage(
        { reason: `Cannot parse \`${label}\`: the file is empty`, ruleId: 'spec-syntax', note: 'Write an OpenAPI or AsyncAPI document.' },
        { file, line: 1, column: 1 },
      ),
    ]);
  }
  const isJson = /\.json$/i.test(file) || /^\s*[{[]/.test(source);
  const parsed = isJson ? parseJson(source, file, label) : parseYaml(source, file, label);
  if (parsed.messages.some((message) => message.fatal)) return failed(parsed.messages);

  // JSON.parse cannot make cycles, and the text tells the depth faster than the value does.
  const shape = isJson ? (jsonDepthExceeds(source, maxSpecDepth) ? 'too-deep' : undefined) : checkTreeShape(parsed.document.value);
  if (shape) {
    return failed([
      createSpecMessage(
        {
          reason:
            shape === 'cycle'
              ? `Cannot parse \`${label}\`: a YAML alias refers to a node that contains it`
              : `Cannot parse \`${label}\`: objects and arrays are nested deeper than ${maxSpecDepth} levels`,
          ruleId: 'spec-syntax',
        },
        { file },
      ),
    ]);
  }
  return parsed;
}

function parseJson(source: string, file: string, label: string): { document: SourceDocument; messages: DocsgenMessage[] } {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    // The slow parser knows where the error is; its messages (`json-syntax`, …) are relayed.
    const slow = parseJsonSource(source, { file, label });
    const messages = slow.messages.filter((message) => message.fatal);
    if (messages.length > 0) return { document: { file, value: undefined, locate: () => undefined }, messages };
    value = slow.value;
  }
  // Pages need places a few levels deep (`/paths/~1users/get`); messages deeper in a file
  // are rare, and only they pay for the full position tree.
  let shallow: Map<string, { key: number; value: number }> | undefined;
  let tree: JsonLocationNode | undefined;
  let toPlace: ((offset: number) => SourceLocation) | undefined;
  const locate: SourceDocument['locate'] = (path, options) => {
    if (path.length <= shallowDepth) {
      shallow ??= indexShallowJson(source, shallowDepth);
      toPlace ??= createOffsetFinder(source, file);
      const found = path.length === 0 ? { key: source.search(/\S/), value: source.search(/\S/) } : shallow.get(formatPointer(path));
      if (!found) return undefined;
      return toPlace(options?.key ? found.key : found.value);
    }
    tree ??= parseJsonSource(source, { file, label }).locations;
    let node = tree;
    for (const segment of path) node = node?.children?.get(segment) ?? node?.children?.get(typeof segment === 'number' ? String(segment) : Number(segment));
    return options?.key ? node?.key : node?.value;
  };
  return { document: { file, value, locate }, messages: [] };
}

/**
 * Shapes of YAML after which js-yaml's value may differ from the `yaml` package's (both read
 * YAML 1.2's core schema), or that must go through the `yaml` package's guards: a text with
 * none of them gets the same value from both. Prose sets some off (`R &D`, `a != b`), which
 * only costs that text the slower parser. Found by comparing the two on 3,194 public specs
 * (identical, every one) and on random YAML (`test/source-document-yaml.test.ts`). Every
 * alternative costs a bounded amount per place it starts at (no `[^\n]*` after a character a
 * line may hold many of), so a hostile spec takes time linear in its length.
 */
export const yamlPackageOnly = new RegExp(
  [
    // Anchors (aliases need one, and only the `yaml` package bounds their expansion) and tags.
    String.raw`(?:^|[[{,])[&!]|\s(?:&[^\s[\]{},]|!(?:[!<\s]|$))|^[ \t]*(?:- +)*&`,
    // Directives, and a document marker run into text.
    String.raw`^%|^(?:---|\.\.\.)\S`,
    // Numbers the two read differently: binary, signed hexadecimal and octal, `-.5`, `-0`, `1e400`.
    String.raw`(?:^|[\s[{,:])(?:[-+]?0b|[-+]0[xo]|[-+]\.[0-9]|-0(?=[\s,\]}]|$))|(?:^|[\s[{,:])[-+]?[0-9.]+[eE][-+]?[0-9]{3,}(?=[\s,\]}:]|$)`,
    // Keys that are null, empty, explicit (`? `) or a collection (of scalars: `[a, b]: c`).
    String.raw`(?:^|[\s{,])(?:null|Null|NULL|~)[ \t]*:(?:\s|$)|^[ \t]*(?:- +)*[?:](?:\s|$)|(?:^[ \t]*(?:- +)*|[[{,][ \t]*)[[{][^\n[\]{}]*[\]}][ \t]*:(?:\s|$)|[[{,][ \t]*(?:(?:null|Null|NULL|~)[ \t]*[,:\]}]|[,:]|\?\s)`,
    // An empty entry of a sequence.
    String.raw`^[ \t]*(?:- +)*-[ \t]*(?:#|$)`,
    // Line breaks: an escaped one before an empty line, `''` ending a line (not as a value), a
    // line starting with `#` after one with a quote, a blank line with a tab, an explicit
    // indentation of a block scalar, a block scalar starting on a line of its own.
    String.raw`\\\r?\n[ \t]*\r?\n|''(?<![:-][ \t]+'')\r?\n|\n(?=#)(?<=["'][^\n]*\n)|^(?=[ \t]*\t)[ \t]*(?:#|$)|(?:^|[\s:])[|>](?:[-+]?[1-9]|[1-9][-+])[ \t]*(?:#|$)|^[ \t]*[|>][-+0-9]*[ \t]*(?:#|$)`,
  ].join('|'),
  'm',
);

/**
 * Parses a YAML spec. js-yaml reads a plain one about eight times as fast as the `yaml`
 * package, which keeps every node's place: its value is used, and the `yaml` package parses
 * the text only when a place is asked for (a message about the spec). Anything js-yaml refuses
 * or might read otherwise goes to the `yaml` package, whose messages name line and column.
 */
function parseYaml(source: string, file: string, label: string): { document: SourceDocument; messages: DocsgenMessage[] } {
  const value = yamlPackageOnly.test(source) ? undefined : loadQuickly(source);
  if (value === undefined) return parseYamlWithPlaces(source, file, label);
  let placed: SourceDocument['locate'] | undefined;
  const locate: SourceDocument['locate'] = (path, options) => (placed ??= locateInYaml(source, file))(path, options);
  return { document: { file, value, locate }, messages: [] };
}

/** Places in a YAML text the `yaml` package reads (none when it refuses the text), without making its value. */
function locateInYaml(source: string, file: string): SourceDocument['locate'] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true, logLevel: 'error' });
  return doc.errors.length > 0 ? () => undefined : yamlLocator(doc, lineCounter, source, file);
}

/** js-yaml's value of a plain YAML text; `undefined` when it refuses the text (or the text holds no value). */
function loadQuickly(source: string): unknown {
  try {
    return loadYaml(source, { schema: CORE_SCHEMA });
  } catch {
    return undefined;
  }
}

function parseYamlWithPlaces(source: string, file: string, label: string): { document: SourceDocument; messages: DocsgenMessage[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true, logLevel: 'error' });
  const place = (offset: number): SourceLocation => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line: Math.max(line, 1), column: Math.max(col, 1) };
  };
  const messages = doc.errors.map((error) =>
    createSpecMessage(
      {
        reason: `Cannot parse \`${label}\`: ${firstLine(error.message)}`,
        ruleId: 'spec-syntax',
        actual: error.code,
      },
      place(error.pos[0]),
    ),
  );
  if (messages.length > 0) return { document: { file, value: undefined, locate: () => undefined }, messages };

  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount });
  } catch (error) {
    messages.push(
      createSpecMessage(
        { reason: `Cannot parse \`${label}\`: ${firstLine(String((error as Error).message))}`, ruleId: 'spec-syntax' },
        { file },
      ),
    );
    return { document: { file, value: undefined, locate: () => undefined }, messages };
  }
  return { document: { file, value, locate: yamlLocator(doc, lineCounter, source, file) }, messages };
}

/**
 * `locate` of a parsed YAML document. The YAML syntax tree takes several times the memory of
 * the value (hundreds of MB for a 10 MB spec), so only the places pages need are kept; a
 * deeper place parses the text again.
 */
function yamlLocator(doc: Document, lineCounter: LineCounter, source: string, file: string): SourceDocument['locate'] {
  const shallow = indexShallowYaml(doc, shallowDepth);
  const { lineStarts } = lineCounter;
  let full: Document | undefined;
  return (path, options) => {
    let offset: number | undefined;
    if (path.length <= shallowDepth) {
      const found = shallow.get(formatPointer(path));
      offset = options?.key ? found?.key : found?.value;
    } else {
      full ??= parseDocument(source, { uniqueKeys: false, logLevel: 'error' });
      offset = findYamlNode(full, path, options?.key === true)?.range?.[0];
    }
    return offset === undefined ? undefined : { file, ...placeOfOffset(lineStarts, offset) };
  };
}

function findYamlNode(doc: Document, path: DocumentPath, isKey: boolean): { range?: [number, number, number] | null | undefined } | undefined {
  let node: unknown = doc.contents;
  let keyNode: unknown;
  for (const segment of path) {
    keyNode = undefined;
    if (isMap(node)) {
      const pair = node.items.find((item) => String((item.key as { value?: unknown } | null)?.value ?? item.key) === String(segment));
      if (!pair) return undefined;
      keyNode = pair.key;
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[Number(segment)];
    } else {
      return undefined;
    }
    // An alias stands for a node written elsewhere: walk on into that node.
    if (isAlias(node)) node = node.resolve(doc);
  }
  return (isKey ? keyNode : node) as { range?: [number, number, number] } | undefined;
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '').trim();
}

/** `cycle` for a value that contains itself (YAML aliases), `too-deep` past `maxSpecDepth`. */
function checkTreeShape(value: unknown): 'cycle' | 'too-deep' | undefined {
  const ancestors = new Set<object>();
  const visit = (node: unknown, depth: number): 'cycle' | 'too-deep' | undefined => {
    if (typeof node !== 'object' || node === null) return undefined;
    if (depth > maxSpecDepth) return 'too-deep';
    if (ancestors.has(node)) return 'cycle';
    ancestors.add(node);
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      const problem = visit(child, depth + 1);
      if (problem) return problem;
    }
    ancestors.delete(node);
    return undefined;
  };
  return visit(value, 0);
}

/** Turns offsets into 1-based line and column (columns count UTF-16 code units). */
function createOffsetFinder(source: string, file: string): (offset: number) => SourceLocation {
  const lineStarts = findLineStarts(source, { crIsLineBreak: false });
  return (offset) => ({ file, ...placeOfOffset(lineStarts, offset) });
}

/** Whether arrays and objects nest deeper than `limit` in a JSON text (strings skipped). */
function jsonDepthExceeds(source: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < source.length; index++) {
    const char = source.charCodeAt(index);
    if (char === 0x22) {
      for (index++; index < source.length; index++) {
        const inner = source.charCodeAt(index);
        if (inner === 0x5c) index++;
        else if (inner === 0x22) break;
      }
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

/** Offsets of keys and values down to `maxDepth`, by JSON pointer, from a parsed YAML document. */
function indexShallowYaml(doc: Document, maxDepth: number): Map<string, { key: number | undefined; value: number | undefined }> {
  const places = new Map<string, { key: number | undefined; value: number | undefined }>();
  const visit = (node: unknown, pointer: string, depth: number) => {
    if (isAlias(node)) node = node.resolve(doc);
    if (depth >= maxDepth) return;
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = pair.key as { value?: unknown; range?: [number, number, number] | null } | null;
        const name = String(key && typeof key === 'object' && 'value' in key ? key.value : key);
        const child = pointer + '/' + name.replace(/~/g, '~0').replace(/\//g, '~1');
        const value = isAlias(pair.value) ? pair.value.resolve(doc) : pair.value;
        places.set(child, { key: key?.range?.[0] ?? undefined, value: (value as { range?: [number, number, number] } | null)?.range?.[0] });
        visit(pair.value, child, depth + 1);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => {
        const child = `${pointer}/${index}`;
        const value = isAlias(item) ? item.resolve(doc) : item;
        const start = (value as { range?: [number, number, number] } | null)?.range?.[0];
        places.set(child, { key: start, value: start });
        visit(item, child, depth + 1);
      });
    }
  };
  const root = doc.contents as { range?: [number, number, number] } | null;
  places.set('', { key: root?.range?.[0], value: root?.range?.[0] });
  visit(doc.contents, '', 0);
  return places;
}

