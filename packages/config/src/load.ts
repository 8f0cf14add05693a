import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describeError } from './file-errors.js';
import { createMessage, type DocsgenMessage } from './message.js';
import { parseConfig, type ParsedConfig } from './parse-config.js';

/** The file access `loadConfig` needs; `node:fs` by default, injectable for tests. */
export interface ConfigFileSystem {
  stat(path: string): { isFile(): boolean; isDirectory(): boolean; size: number };
  readFile(path: string): string;
  realpath(path: string): string;
}

export interface LoadConfigOptions {
  /** File access (default: synchronous `node:fs`). */
  fileSystem?: Partial<ConfigFileSystem> | null | undefined;
}

/** Largest docs.json or included file read, in bytes (10 MB). */
export const maxConfigSize = 10 * 1024 * 1024;

const nodeFileSystem: ConfigFileSystem = {
  stat: (path) => statSync(path),
  readFile: (path) => readFileSync(path, 'utf8'),
  realpath: (path) => realpathSync(path),
};

/**
 * Reads `<root>/docs.json` and the files it includes, then parses, validates and resolves
 * it (see `parseConfig`). Never throws for a missing, unreadable or oversized file: the
 * problem comes back as a fatal message and `config` is `undefined`.
 */
export function loadConfig(root: string, options?: LoadConfigOptions | null): ParsedConfig {
  const fs: ConfigFileSystem = { ...nodeFileSystem, ...options?.fileSystem };
  const folder = resolve(root);
  const file = join(folder, 'docs.json');
  const fail = (fields: Pick<DocsgenMessage, 'reason' | 'ruleId' | 'note'>): ParsedConfig => ({
    input: undefined,
    config: undefined,
    messages: [createMessage({ ...fields, file })],
    locate: () => undefined,
    locateKey: () => undefined,
  });

  let text: string;
  try {
    const info = fs.stat(file);
    if (info.isDirectory()) return fail({ reason: 'Cannot read `docs.json`: it is a directory, expected a file', ruleId: 'config-unreadable' });
    if (!info.isFile()) return fail({ reason: 'Cannot read `docs.json`: it is not a regular file', ruleId: 'config-unreadable' });
    if (info.size > maxConfigSize) {
      return fail({
        reason: `Cannot read \`docs.json\`: the file is ${formatSize(info.size)}, more than the ${formatSize(maxConfigSize)} limit`,
        ruleId: 'config-too-large',
        note: 'Split it into several files with `{"$ref": "./file.json"}` includes.',
      });
    }
    text = fs.readFile(file);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return fail({
        reason: 'Cannot find `docs.json` in the project folder',
        ruleId: 'config-missing',
        note: 'Create `docs.json` at the project root, or run `docsgen init`.',
      });
    }
    return fail({ reason: `Cannot read \`docs.json\`: ${describeError(error)}`, ruleId: 'config-unreadable' });
  }

  return parseConfig({
    file,
    text,
    root: folder,
    realpath: fs.realpath,
    readFile(path) {
      // Includes get the same checks as docs.json: a FIFO or a huge file is never read.
      const info = fs.stat(path);
      if (info.isDirectory()) throw Object.assign(new Error('it is a directory, expected a file'), { code: 'EISDIR' });
      if (!info.isFile()) throw new Error('it is not a regular file');
      if (info.size > maxConfigSize) throw new Error(`the file is ${formatSize(info.size)}, more than the ${formatSize(maxConfigSize)} limit`);
      return fs.readFile(path);
    },
  });
}

function formatSize(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}
