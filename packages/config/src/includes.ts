import { dirname, relative, resolve, sep } from 'node:path';
import { describeError, isMissing } from './file-errors.js';
import { locateInTree, maxJsonDepth, parseJsonSource, setOwn, type JsonLocationNode, type JsonPath } from './json-source.js';
import { createMessage, formatJsonPath, type DocsgenMessage } from './message.js';
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
  const { root } = options;
  const messages: DocsgenMessage[] = [];
  const failed: JsonPath[] = [];
  let count = 0;
  const show = (file: string) => relative(root, file).split(sep).join('/') || file;

  function walk(current: unknown, where: JsonLocationNode | undefined, path: JsonPath, stack: Frame[]): [unknown, JsonLocationNode | undefined] {
    if (Array.isArray(current)) {
      const items: unknown[] = [];
      const children = new Map(where?.children);
      current.forEach((item, index) => {
        const [next, nextWhere] = walk(item, where?.children?.get(index), [...path, index], stack);
        items.push(next);
        if (nextWhere) children.set(index, nextWhere);
      });
      return [items, where && { ...where, children }];
    }
    if (!isPlainObject(current)) return [current, where];
    if (Object.hasOwn(current, '$ref')) return include(current, where, path, stack);
    const object: Record<string, unknown> = {};
    const children = new Map(where?.children);
    for (const [key, item] of Object.entries(current)) {
      const [next, nextWhere] = walk(item, where?.children?.get(key), [...path, key], stack);
      setOwn(object, key, next);
      if (nextWhere) children.set(key, nextWhere);
    }
    return [object, where && { ...where, children }];
  }

  function include(
    current: Record<string, unknown>,
    where: JsonLocationNode | undefined,
    path: JsonPath,
    stack: Frame[],
  ): [unknown, JsonLocationNode | undefined] {
    const frame = stack[stack.length - 1] as Frame;
    const reference = current.$ref;
    const place = locateInTree(where, ['$ref']) ?? where?.value;
    const fail = (ruleId: string, reason: string, note?: string): [unknown, JsonLocationNode | undefined] => {
      messages.push(createMessage({ reason, ruleId, note, path: formatJsonPath([...path, '$ref']), actual: String(reference), ...place }));
      failed.push(path);
      return [current, where];
    };
    if (typeof reference !== 'string' || reference === '' || reference.includes('\0') || /^[a-z][a-z\d+.-]+:/i.test(reference)) {
      return fail('include-invalid', `Unexpected \`${String(reference)}\` in \`${formatJsonPath([...path, '$ref'])}\`, expected a relative path to a JSON file`);
    }
    if (path.length >= maxJsonDepth) {
      // Each file is at most `maxJsonDepth` deep; this keeps the whole value under twice that.
      return fail('json-too-deep', `Cannot include \`${reference}\`: values would be nested deeper than ${maxJsonDepth} levels`);
    }
    const resolved = resolveProjectPath(root, reference, { base: dirname(frame.file), realpath: options.realpath });
    const target = resolved.file;
    if (!resolved.ok) {
      switch (resolved.reason) {
        case 'missing':
          return fail('include-missing', `Cannot include \`${reference}\`: file \`${show(target)}\` does not exist`);
        case 'unreadable':
          return fail('include-unreadable', `Cannot include \`${reference}\`: ${describeError(resolved.error)}`);
        case 'link-outside-root':
          return fail('include-outside-root', `Cannot include \`${reference}\`: the path leads outside the project root through a symbolic link`);
        default:
          return fail('include-outside-root', `Cannot include \`${reference}\`: the path is outside the project root`, 'Move the file into the project folder.');
      }
    }
    const real = resolved.real;
    const cycle = stack.findIndex((entry) => entry.real === real);
    if (cycle !== -1) {
      const chain = [...stack.slice(cycle), { file: target, real }].map((entry) => `\`${show(entry.file)}\``).join(' → ');
      return fail('include-circular', `Cannot include \`${reference}\`: circular include ${chain}`, 'Remove one of the `$ref`s in the cycle.');
    }
    if (++count > maxIncludes) {
      return fail('include-too-many', `Cannot include \`${reference}\`: more than ${maxIncludes} includes`, 'Check for files included many times over.');
    }
    let text: string;
    try {
      text = options.readFile(real);
    } catch (error) {
      return isMissing(error)
        ? fail('include-missing', `Cannot include \`${reference}\`: file \`${show(target)}\` does not exist`)
        : fail('include-unreadable', `Cannot include \`${reference}\`: ${describeError(error)}`);
    }
    const parsed = parseJsonSource(text.replace(/^\uFEFF/, ''), { file: target, label: show(target) });
    const from = place ? `Included from \`${show(place.file)}:${place.line}:${place.column}\`.` : undefined;
    for (const message of parsed.messages) {
      const isFatal = message.fatal;
      messages.push(isFatal ? { ...message, ruleId: 'include-invalid', note: from } : message);
    }
    if (parsed.messages.some((message) => message.fatal)) {
      failed.push(path);
      return [current, where];
    }

    const [included, includedWhere] = walk(parsed.value, parsed.locations, path, [...stack, { file: target, real }]);
    const siblings = Object.keys(current).filter((key) => key !== '$ref');
    if (siblings.length === 0) return [included, includedWhere && { ...includedWhere, key: where?.key }];
    if (!isPlainObject(included)) {
      const first = siblings[0] as string;
      messages.push(
        createMessage({
          reason: `Unexpected key \`${first}\` next to \`$ref\` in \`${formatJsonPath(path) || 'docs.json'}\`: \`${reference}\` is not an object, so keys next to \`$ref\` are ignored`,
          ruleId: 'include-siblings-ignored',
          fatal: false,
          path: formatJsonPath([...path, first]),
          ...(locateInTree(where, [first], { key: true }) ?? place),
        }),
      );
      return [included, includedWhere && { ...includedWhere, key: where?.key }];
    }
    const merged: Record<string, unknown> = { ...included };
    const children = new Map(includedWhere?.children);
    for (const key of siblings) {
      const [next, nextWhere] = walk(current[key], where?.children?.get(key), [...path, key], stack);
      setOwn(merged, key, next);
      if (nextWhere) children.set(key, nextWhere);
    }
    const mergedWhere = includedWhere ?? where;
    return [merged, mergedWhere && { ...mergedWhere, key: where?.key, children }];
  }

  const [resolved, resolvedLocations] = walk(value, locations, [], [{ file: options.file, real: safeRealpath(options) }]);
  return { value: resolved, locations: resolvedLocations, messages, failed };
}

function safeRealpath(options: ResolveIncludesOptions): string {
  try {
    return options.realpath(options.file);
  } catch {
    return options.file;
  }
}
