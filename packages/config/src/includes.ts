import { dirname, relative, resolve, sep } from 'node:path';
import { describeError, isMissing } from './file-errors.js';
import { locateInTree, maxJsonDepth, parseJsonSource, setOwn, type JsonLocationNode, type JsonPath, type ParsedJson, type ParseJsonSourceOptions } from './json-source.js';
import { createMessage, formatJsonPath, type DocsgenMessage, type SourceLocation } from './message.js';
import { resolveProjectPath } from './project-path.js';
import { isPlainObject } from './schema-tools.js';

/** File access for includes, injected so that include resolution stays pure. */
export interface IncludeFileSystem {
  /** Reads a file as UTF-8; throws a Node-style error (`code: 'ENOENT'`, …) on failure. */
  readFile(path: string): string;
  /** Resolves symbolic links; throws a Node-style error when the path does not exist. */
  realpath(path: string): string;
}

export interface ResolveIncludesOptions extends IncludeFileSystem {
  /** Absolute path of the file `value` was read from; `$ref` paths are relative to its folder. */
  file: string;
  /** Absolute path of the project root; no include may leave it. */
  root: string;
  /**
   * Parses an included file's text (default: `parseJsonSource`): a caller that loads the same
   * files again may give one that keeps what it parsed. The result is read, never changed.
   */
  parseJson?: ((text: string, options: ParseJsonSourceOptions) => ParsedJson) | null | undefined;
}

export interface ResolvedIncludes {
  /** The value with every `$ref` object replaced. */
  value: unknown;
  /** Locations; values from an included file point into that file. */
  locations: JsonLocationNode | undefined;
  /** `include-*` messages. */
  messages: DocsgenMessage[];
  /** Paths of `$ref` objects that could not be included (left as written). */
  failed: JsonPath[];
}

/** Most includes expanded for one config, so repeated includes cannot blow up (default). */
export const maxIncludes = 1000;

interface Frame {
  file: string;
  real: string;
}

/**
 * Replaces every `{"$ref": "./file.json"}` object by the parsed content of that file,
 * recursively. Paths are relative to the folder of the file that holds the `$ref`.
 * Keys next to `$ref` are merged over the included object (shallow: a sibling key
 * replaces the included key of the same name), so `{"$ref": "./nav.json", "hidden": true}`
 * reuses a file with one change. Siblings of a `$ref` to a non-object are ignored with a
 * warning. Includes must stay inside `root`, both as written and after resolving links.
 */
export function resolveIncludes(
  value: unknown,
  locations: JsonLocationNode | undefined,
  options: ResolveIncludesOptions,
): ResolvedIncludes {
  const run: IncludeRun = { options, messages: [], failed: [], count: 0 };
  const [resolved, resolvedLocations] = walk(run, value, locations, [], [{ file: options.file, real: safeRealpath(options) }]);
  return { value: resolved, locations: resolvedLocations, messages: run.messages, failed: run.failed };
}

/** One `resolveIncludes` call: its options, what it found so far and how many files it included. */
interface IncludeRun {
  options: ResolveIncludesOptions;
  messages: DocsgenMessage[];
  failed: JsonPath[];
  count: number;
}

/** A value and its locations, as resolved. */
type Walked = [unknown, JsonLocationNode | undefined];

/** A `$ref` object being included: the object, its locations and path, and where its `$ref` is. */
interface IncludeRequest {
  current: Record<string, unknown>;
  where: JsonLocationNode | undefined;
  path: JsonPath;
  reference: unknown;
  place: SourceLocation | undefined;
}

/** `file` as shown in messages: from the root, with forward slashes. */
function show(run: IncludeRun, file: string): string {
  return relative(run.options.root, file).split(sep).join('/') || file;
}

/** Resolves every `$ref` in `current`, an array's items and an object's values included. */
function walk(run: IncludeRun, current: unknown, where: JsonLocationNode | undefined, path: JsonPath, stack: Frame[]): Walked {
  if (Array.isArray(current)) {
    const items: unknown[] = [];
    const children = new Map(where?.children);
    current.forEach((item, index) => {
      const [next, nextWhere] = walk(run, item, where?.children?.get(index), [...path, index], stack);
      items.push(next);
      if (nextWhere) children.set(index, nextWhere);
    });
    return [items, where && { ...where, children }];
  }
  if (!isPlainObject(current)) return [current, where];
  if (Object.hasOwn(current, '$ref')) {
    return include(run, { current, where, path, reference: current.$ref, place: locateInTree(where, ['$ref']) ?? where?.value }, stack);
  }
  const object: Record<string, unknown> = {};
  const children = new Map(where?.children);
  for (const [key, item] of Object.entries(current)) {
    const [next, nextWhere] = walk(run, item, where?.children?.get(key), [...path, key], stack);
    setOwn(object, key, next);
    if (nextWhere) children.set(key, nextWhere);
  }
  return [object, where && { ...where, children }];
}

/** Reports why `request` cannot be included and leaves it as written. */
function fail(run: IncludeRun, request: IncludeRequest, ruleId: string, reason: string, note?: string): Walked {
  run.messages.push(createMessage({ reason, ruleId, note, path: formatJsonPath([...request.path, '$ref']), actual: String(request.reference), ...request.place }));
  run.failed.push(request.path);
  return [request.current, request.where];
}

/** Replaces a `$ref` object by the file it names, its own includes resolved, with the keys next to `$ref` merged over it. */
function include(run: IncludeRun, request: IncludeRequest, stack: Frame[]): Walked {
  const { reference, path } = request;
  if (typeof reference !== 'string' || reference === '' || reference.includes('\0') || /^[a-z][a-z\d+.-]+:/i.test(reference)) {
    return fail(run, request, 'include-invalid', `Unexpected \`${String(reference)}\` in \`${formatJsonPath([...path, '$ref'])}\`, expected a relative path to a JSON file`);
  }
  if (path.length >= maxJsonDepth) {
    // Each file is at most `maxJsonDepth` deep; this keeps the whole value under twice that.
    return fail(run, request, 'json-too-deep', `Cannot include \`${reference}\`: values would be nested deeper than ${maxJsonDepth} levels`);
  }
  const found = findTarget(run, request, reference, stack);
  if ('failed' in found) return found.failed;
  const parsed = readTarget(run, request, reference, found.frame);
  if (!parsed) return [request.current, request.where];
  const included = walk(run, parsed.value, parsed.locations, path, [...stack, found.frame]);
  return mergeSiblings(run, request, reference, included, stack);
}

/** The file `reference` names, inside the root and not already being included. */
function findTarget(run: IncludeRun, request: IncludeRequest, reference: string, stack: Frame[]): { frame: Frame } | { failed: Walked } {
  const { root, realpath } = run.options;
  const resolved = resolveProjectPath(root, reference, { base: dirname((stack[stack.length - 1] as Frame).file), realpath });
  const target = resolved.file;
  if (!resolved.ok) {
    switch (resolved.reason) {
      case 'missing':
        return { failed: fail(run, request, 'include-missing', `Cannot include \`${reference}\`: file \`${show(run, target)}\` does not exist`) };
      case 'unreadable':
        return { failed: fail(run, request, 'include-unreadable', `Cannot include \`${reference}\`: ${describeError(resolved.error)}`) };
      case 'link-outside-root':
        return { failed: fail(run, request, 'include-outside-root', `Cannot include \`${reference}\`: the path leads outside the project root through a symbolic link`) };
      default:
        return { failed: fail(run, request, 'include-outside-root', `Cannot include \`${reference}\`: the path is outside the project root`, 'Move the file into the project folder.') };
    }
  }
  const real = resolved.real;
  const cycle = stack.findIndex((entry) => entry.real === real);
  if (cycle !== -1) {
    const chain = [...stack.slice(cycle), { file: target, real }].map((entry) => `\`${show(run, entry.file)}\``).join(' → ');
    return { failed: fail(run, request, 'include-circular', `Cannot include \`${reference}\`: circular include ${chain}`, 'Remove one of the `$ref`s in the cycle.') };
  }
  if (++run.count > maxIncludes) {
    return { failed: fail(run, request, 'include-too-many', `Cannot include \`${reference}\`: more than ${maxIncludes} includes`, 'Check for files included many times over.') };
  }
  return { frame: { file: target, real } };
}

/** The parsed content of `frame`'s file; `undefined` when it cannot be read or parsed (reported, and the path failed). */
function readTarget(run: IncludeRun, request: IncludeRequest, reference: string, frame: Frame): ReturnType<typeof parseJsonSource> | undefined {
  let text: string;
  try {
    text = run.options.readFile(frame.real);
  } catch (error) {
    if (isMissing(error)) fail(run, request, 'include-missing', `Cannot include \`${reference}\`: file \`${show(run, frame.file)}\` does not exist`);
    else fail(run, request, 'include-unreadable', `Cannot include \`${reference}\`: ${describeError(error)}`);
    return undefined;
  }
  const parsed = (run.options.parseJson ?? parseJsonSource)(text.replace(/^\uFEFF/, ''), { file: frame.file, label: show(run, frame.file) });
  const { place } = request;
  const from = place ? `Included from \`${show(run, place.file)}:${place.line}:${place.column}\`.` : undefined;
  for (const message of parsed.messages) {
    const isFatal = message.fatal;
    run.messages.push(isFatal ? { ...message, ruleId: 'include-invalid', note: from } : message);
  }
  if (parsed.messages.some((message) => message.fatal)) {
    run.failed.push(request.path);
    return undefined;
  }
  return parsed;
}

/**
 * The included value with the keys next to `$ref` merged over it (shallow); keys next to a `$ref`
 * to a non-object are ignored with a warning.
 */
function mergeSiblings(run: IncludeRun, request: IncludeRequest, reference: string, [included, includedWhere]: Walked, stack: Frame[]): Walked {
  const { current, where, path } = request;
  const siblings = Object.keys(current).filter((key) => key !== '$ref');
  if (siblings.length === 0) return [included, includedWhere && { ...includedWhere, key: where?.key }];
  if (!isPlainObject(included)) {
    const first = siblings[0] as string;
    run.messages.push(
      createMessage({
        reason: `Unexpected key \`${first}\` next to \`$ref\` in \`${formatJsonPath(path) || 'docs.json'}\`: \`${reference}\` is not an object, so keys next to \`$ref\` are ignored`,
        ruleId: 'include-siblings-ignored',
        fatal: false,
        path: formatJsonPath([...path, first]),
        ...(locateInTree(where, [first], { key: true }) ?? request.place),
      }),
    );
    return [included, includedWhere && { ...includedWhere, key: where?.key }];
  }
  const merged: Record<string, unknown> = { ...included };
  const children = new Map(includedWhere?.children);
  for (const key of siblings) {
    const [next, nextWhere] = walk(run, current[key], where?.children?.get(key), [...path, key], stack);
    setOwn(merged, key, next);
    if (nextWhere) children.set(key, nextWhere);
  }
  const mergedWhere = includedWhere ?? where;
  return [merged, mergedWhere && { ...mergedWhere, key: where?.key, children }];
}

function safeRealpath(options: ResolveIncludesOptions): string {
  try {
    return options.realpath(options.file);
  } catch {
    return options.file;
  }
}
