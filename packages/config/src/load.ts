import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { describeError } from './file-errors.js';
import { createMessage, type DocsgenMessage } from './message.js';
import { parseJsonSource, type ParsedJson, type ParseJsonSourceOptions } from './json-source.js';
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
  /**
   * A folder to keep the result in (`docs-json.bin`), and a `salt` that changes with the code
   * that makes it (docsgen's version). Loading the same docs.json again, with every file it
   * includes the same, reads the result back instead of parsing, validating and resolving it
   * (about 40 ms for a 1,000-page navigation, in a fresh process); `locate` and `locateKey`
   * parse it when first asked. Best effort: a folder that cannot be written costs the next load time.
   */
  cache?: {
    folder: string;
    salt: string;
    /**
     * Called with the write of a new result instead of writing it now, for a caller that writes
     * it later, off the path of what waits for the load (a dev server reloading after an edit),
     * and may drop a write a later load's replaces (default: written at once).
     */
    defer?: ((write: () => void) => void) | null | undefined;
  } | null | undefined;
  /**
   * The included files parsed by earlier loads, kept by the caller across loads (a dev server's):
   * an include whose text is the same is not parsed again (default: none, every include parsed).
   */
  includes?: KeptIncludes | null | undefined;
}

/** Included files parsed by loads before, by path: what `LoadConfigOptions.includes` keeps. */
export type KeptIncludes = Map<string, { text: string; label: string | undefined; parsed: ParsedJson }>;

/** Largest docs.json or included file read, in bytes (10 MB). */
export const maxConfigSize = 10 * 1024 * 1024;

const nodeFileSystem: ConfigFileSystem = {
  stat: (path) => statSync(path),
  readFile: (path) => readFileSync(path, 'utf8'),
  realpath: (path) => realpathSync(path),
};

// Part of the cache key: bump it when the shape of `ResolvedDocsConfig` changes, so a cache
// written by older code of the same version is not read back (2: `favicon` normalised, `codeBlocks`).
const resolvedShape = 'resolved-config-2';

function hasFile(fs: ConfigFileSystem, path: string): boolean {
  try {
    return fs.stat(path).isFile();
  } catch {
    return false;
  }
}

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
        note: hasFile(fs, join(folder, 'mint.json'))
          ? 'The folder has `mint.json`, the hosted platform\'s configuration before `docs.json`, which docsgen does not read. Its CLI converts it: `npx mint@latest upgrade` writes `docs.json` beside it.'
          : 'Create `docs.json` at the project root, or run `docsgen init`.',
      });
    }
    return fail({ reason: `Cannot read \`docs.json\`: ${describeError(error)}`, ruleId: 'config-unreadable' });
  }

  const readInclude = (path: string): string => {
    // Includes get the same checks as docs.json: a FIFO or a huge file is never read.
    const info = fs.stat(path);
    if (info.isDirectory()) throw Object.assign(new Error('it is a directory, expected a file'), { code: 'EISDIR' });
    if (!info.isFile()) throw new Error('it is not a regular file');
    if (info.size > maxConfigSize) throw new Error(`the file is ${formatSize(info.size)}, more than the ${formatSize(maxConfigSize)} limit`);
    return fs.readFile(path);
  };
  const kept = options?.includes;
  const parseJson = kept ? (source: string, parseOptions: ParseJsonSourceOptions) => parseKept(kept, source, parseOptions) : undefined;
  const parse = (access: Pick<ConfigFileSystem, 'readFile' | 'realpath'>): ParsedConfig => parseConfig({ file, text, root: folder, ...access, parseJson });
  if (!options?.cache) return parse({ readFile: readInclude, realpath: fs.realpath });
  return loadCached(options.cache, [options.cache.salt, resolvedShape, folder, text], parse, { readFile: readInclude, realpath: fs.realpath });
}

/** What a cached load read besides docs.json: each call and what it gave (a hash of a file's text, a real path, or an error). */
type Observation = [kind: 'readFile' | 'realpath', path: string, outcome: string];

/** The stored file: the key (`keyLength` hex digits), then this, serialised by `node:v8`. */
interface StoredConfig {
  observations: Observation[];
  result: Pick<ParsedConfig, 'input' | 'config' | 'messages'>;
}

const cacheName = 'docs-json.bin';

/** A SHA-256 in hex. */
const keyLength = 64;

/**
 * `parse` through the cache: the stored result when its key (salt, root and docs.json text)
 * matches and every include read and real path it observed comes out the same again.
 */
function loadCached(
  cache: NonNullable<LoadConfigOptions['cache']>,
  keyParts: string[],
  parse: (access: Pick<ConfigFileSystem, 'readFile' | 'realpath'>) => ParsedConfig,
  access: Pick<ConfigFileSystem, 'readFile' | 'realpath'>,
): ParsedConfig {
  const key = hashText(keyParts.join('\0'));
  const stored = join(cache.folder, cacheName);
  const run = (kind: Observation[0], path: string): { value?: string; error?: unknown; outcome: string } => {
    try {
      const value = access[kind](path);
      return { value, outcome: kind === 'readFile' ? `=${hashText(value)}` : `=${value}` };
    } catch (error) {
      return { error, outcome: `!${(error as { code?: unknown } | null)?.code ?? ''}:${(error as Error | null)?.message ?? ''}` };
    }
  };
  try {
    // The key comes first: an entry of another docs.json (the one before an edit) is not read further.
    const bytes = readFileSync(stored);
    const entry = bytes.subarray(0, keyLength).toString('latin1') === key ? (deserialize(bytes.subarray(keyLength)) as StoredConfig) : undefined;
    if (entry && entry.observations.every(([kind, path, outcome]) => run(kind, path).outcome === outcome)) {
      let parsed: ParsedConfig | undefined;
      const positions = (): ParsedConfig => (parsed ??= parse(access));
      return { ...entry.result, locate: (path) => positions().locate(path), locateKey: (path) => positions().locateKey(path) };
    }
  } catch {
    // No entry yet, or one that cannot be read: parsed below.
  }
  const observations: Observation[] = [];
  const recorded = (kind: Observation[0]) => (path: string): string => {
    const { value, error, outcome } = run(kind, path);
    observations.push([kind, path, outcome]);
    if (value === undefined) throw error;
    return value;
  };
  const parsed = parse({ readFile: recorded('readFile'), realpath: recorded('realpath') });
  const entry: StoredConfig = { observations, result: { input: parsed.input, config: parsed.config, messages: parsed.messages } };
  const write = (): void => writeStored(cache.folder, stored, Buffer.concat([Buffer.from(key, 'latin1'), serialize(entry)]));
  if (cache.defer) cache.defer(write);
  else write();
  return parsed;
}

/** Writes `bytes` to `stored` whole (a temporary file renamed), or not at all. */
function writeStored(folder: string, stored: string, bytes: Buffer): void {
  const temporary = `${stored}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(temporary, bytes);
    renameSync(temporary, stored);
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written.
    }
  }
}

/** An included file parsed, or the result kept for its path while its text and label are the same (its messages copied). */
function parseKept(kept: KeptIncludes, text: string, options: ParseJsonSourceOptions): ParsedJson {
  const entry = kept.get(options.file);
  const label = options.label ?? undefined;
  if (entry && entry.text === text && entry.label === label) return { ...entry.parsed, messages: entry.parsed.messages.map((message) => ({ ...message })) };
  const parsed = parseJsonSource(text, options);
  kept.set(options.file, { text, label, parsed: { ...parsed, messages: parsed.messages.map((message) => ({ ...message })) } });
  return parsed;
}

function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function formatSize(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}
