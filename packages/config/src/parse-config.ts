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
  const emptied = fillGroupsWithoutPages(included.value, locate, file);
  // A `$ref` that failed stays in place; errors about it and below it would only repeat the include error.
  const validation = validateConfig(included.value, { locate, locateKey, file, label }).filter(
    (message) => !failed.some((path) => isWithinPath(message.path ?? '', path)),
  );
  const messages = [...parsed.messages, ...included.messages, ...emptied, ...validation];
  const input = included.value as DocsConfig;
  if (messages.some((message) => message.fatal)) return result(input, undefined, messages, included.locations);
  const resolved = resolveConfig(input, { locate, file });
  return result(input, resolved.config, [...messages, ...resolved.messages], included.locations);
}

/**
 * A navigation group written without `pages` (`{ "group": "Usage" }`, left in agno-agi/docs'
 * 900-line navigation while its pages were being written): the hosted platform builds the
 * site and shows no such group. It is given no pages here, with a warning, rather than
 * failing the schema's `missing-key` and with it the whole site.
 */
function fillGroupsWithoutPages(value: unknown, locate: (path: JsonPath) => SourceLocation | undefined, file: string | undefined): DocsgenMessage[] {
  const messages: DocsgenMessage[] = [];
  const visit = (node: unknown, path: JsonPath): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, [...path, index]));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.group === 'string' && !Object.hasOwn(record, 'pages') && !Object.hasOwn(record, 'openapi') && !Object.hasOwn(record, 'asyncapi')) {
      record.pages = [];
      const place = locate(path);
      messages.push({
        reason: `Missing key \`pages\` in group \`${record.group}\` (\`${formatJsonPath(path)}\`): the group has no pages and is not shown`,
        ruleId: 'group-pages-missing',
        source: '@docsgen/config',
        fatal: false,
        path: formatJsonPath(path),
        file: place?.file ?? file,
        line: place?.line,
        column: place?.column,
        note: 'List its pages, or remove the group.',
      });
    }
    for (const [key, child] of Object.entries(record)) if (typeof child === 'object' && child !== null) visit(child, [...path, key]);
  };
  if (value !== null && typeof value === 'object') visit((value as Record<string, unknown>).navigation, ['navigation']);
  return messages;
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
