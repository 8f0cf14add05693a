import { basename } from 'node:path';
import { resolveIncludes, type IncludeFileSystem, type ResolveIncludesOptions } from './includes.js';
import { locateInTree, parseJsonSource, type JsonLocationNode, type JsonPath } from './json-source.js';
import type { DocsConfig } from './generated/docs-config.js';
import { compareMessages, createMessage, formatJsonPath, type DocsgenMessage, type SourceLocation } from './message.js';
import { resolveConfig, type ResolvedDocsConfig } from './resolve.js';
import { describeActual, isPlainObject } from './schema-tools.js';
import { validateConfig } from './validate.js';

export interface ParseConfigOptions extends Partial<IncludeFileSystem> {
  /** Absolute path of docs.json; messages and positions name it. */
  file: string;
  /** Content of docs.json. */
  text: string;
  /** Absolute path of the project root; includes may not leave it. */
  root: string;
  /** Parses an included file (`ResolveIncludesOptions.parseJson`; default: `parseJsonSource`). */
  parseJson?: ResolveIncludesOptions['parseJson'];
}

/** docs.json read, validated and resolved. */
export interface ParsedConfig {
  /** What the user wrote, with includes replaced; `undefined` when it is not JSON or not an object. */
  input: DocsConfig | undefined;
  /** The resolved configuration; `undefined` when any message is fatal. */
  config: ResolvedDocsConfig | undefined;
  /** Every error and warning, sorted by file, line and column. */
  messages: DocsgenMessage[];
  /** Where the value at a path (`['navigation', 'tabs', 0]`) was written, in docs.json or an included file. */
  locate(path: JsonPath): SourceLocation | undefined;
  /** Where the key of an object member was written. */
  locateKey(path: JsonPath): SourceLocation | undefined;
}

const noFileAccess = (): never => {
  throw new Error('no file access was given to `parseConfig`');
};

/**
 * Parses, includes, validates and resolves docs.json text. Pure: files are read only
 * through the injected `readFile` and `realpath` (for `$ref` includes). Never throws for
 * bad content.
 */
export function parseConfig(options: ParseConfigOptions): ParsedConfig {
  const { file, root } = options;
  const label = basename(file);
  const parsed = parseJsonSource(options.text.replace(/^\uFEFF/, ''), { file, label });
  const fatal = parsed.messages.some((message) => message.fatal);
  if (fatal || !isPlainObject(parsed.value)) {
    const messages = [...parsed.messages];
    if (!fatal) {
      messages.push(
        createMessage({
          reason: `Unexpected ${describeActual(parsed.value)} in \`${label}\`, expected an object`,
          ruleId: 'invalid-type',
          actual: JSON.stringify(parsed.value),
          expected: ['an object'],
          file,
          ...parsed.locations?.value,
        }),
      );
    }
    return result(undefined, undefined, messages, fatal ? undefined : parsed.locations);
  }

  const included = resolveIncludes(parsed.value, parsed.locations, {
    file,
    root,
    readFile: options.readFile ?? noFileAccess,
    realpath: options.realpath ?? noFileAccess,
    parseJson: options.parseJson,
  });
  const locate = (path: JsonPath) => locateInTree(included.locations, path);
  const locateKey = (path: JsonPath) => locateInTree(included.locations, path, { key: true });
  const failed = included.failed.map((path) => formatJsonPath(path));
  // A `$ref` that failed stays in place; errors about it and below it would only repeat the include error.
  const validation = validateConfig(included.value, { locate, locateKey, file, label }).filter(
    (message) => !failed.some((path) => isWithinPath(message.path ?? '', path)),
  );
  const messages = [...parsed.messages, ...included.messages, ...validation];
  const input = included.value as DocsConfig;
  if (messages.some((message) => message.fatal)) return result(input, undefined, messages, included.locations);
  const resolved = resolveConfig(input, { locate, file });
  return result(input, resolved.config, [...messages, ...resolved.messages], included.locations);
}

function result(
  input: DocsConfig | undefined,
  config: ResolvedDocsConfig | undefined,
  messages: DocsgenMessage[],
  locations: JsonLocationNode | undefined,
): ParsedConfig {
  return {
    input,
    config,
    messages: messages.sort(compareMessages),
    locate: (path) => locateInTree(locations, path),
    locateKey: (path) => locateInTree(locations, path, { key: true }),
  };
}

/** Whether a formatted JSON path is `ancestor` or below it (`''` is the top level). */
function isWithinPath(path: string, ancestor: string): boolean {
  return ancestor === '' || path === ancestor || path.startsWith(`${ancestor}.`) || path.startsWith(`${ancestor}[`);
}
