import { isInside } from '@docsgen/util/is-inside';
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseRequestTarget } from './request-target.js';

/**
 * Where requests are served from.
 */
export interface RequestFileOptions {
  /** Absolute path of the only folder files may come from; required. */
  folder: string;
  /** URL path the folder is mounted at, such as `/images` (a leading and trailing `/` are optional), or `/` for the site's root; required. */
  prefix: string;
}

/**
 * Why a request gets no file. Stable ids, listed in the README.
 */
export type RequestFileReason =
  | 'malformed-target'
  | 'target-too-long'
  | 'forbidden-character'
  | 'malformed-encoding'
  | 'empty-segment'
  | 'dot-segment'
  | 'outside-prefix'
  | 'dotfile'
  | 'outside-folder'
  | 'not-found'
  | 'not-a-file';

/**
 * A request that gets no file, with the status code to answer.
 */
export interface RequestFileFailure {
  status: 400 | 404 | 414;
  reason: RequestFileReason;
}

/**
 * A request that gets a file: `file` is its real path (symlinks resolved), inside the folder.
 */
export interface RequestFileSuccess {
  status: 200;
  file: string;
}

export type RequestFileResult = RequestFileSuccess | RequestFileFailure;

// One or more `/`-separated segments of unreserved characters, none starting with a dot.
const validPrefix = /^\/?(?:[\w~-][\w.~-]*\/)*[\w~-][\w.~-]*\/?$/;
// Controls (NUL included), and separators that arrived percent-encoded (`%2f`, `%5c`).
const forbiddenDecoded = /[\u0000-\u001f\u007f/\\#]/;

/**
 * The file-system chokepoint: map a raw request target to a regular file inside `folder`,
 * or say why not. Every route that reads a file from a request path goes through here.
 *
 * Checks run in this order, so nothing that could escape reaches the disk:
 * 1. target form, length and raw characters (`parseRequestTarget`), query cut off;
 * 2. the raw path starts with the prefix, literally (`/%69mages/` is not `/images/`);
 * 3. each `/`-separated segment is percent-decoded once, on its own: malformed encoding
 *    (`%zz`, overlong UTF-8 such as `%c0%ae`, surrogates) → 400; a decoded control
 *    character, `/`, `\` or `#` → 400; `.` or `..` → 400; an empty segment (`//`) → 400;
 * 4. any segment starting with `.` (dotfiles, dot-folders) → 404; a trailing `/` → 404;
 * 5. on disk: the real path of the file must be inside the real path of the folder and
 *    have no dot segment either (symlinks out or to dotfiles → 404), and be a regular
 *    file (missing, directories and every other file-system error → 404).
 *
 * @param target
 *   The request target as received (`req.url`), before any decoding or normalisation.
 * @param options
 *   The folder and the URL prefix it is mounted at.
 * @returns
 *   `{ status: 200, file }` or `{ status: 400 | 404 | 414, reason }`.
 */
export async function resolveRequestFile(
  target: string,
  options: RequestFileOptions,
): Promise<RequestFileResult> {
  const { folder, prefix } = resolveRequestFileOptions(options);
  const parsed = parseRequestTarget(target);
  if ('reason' in parsed) return parsed;

  if (!parsed.path.startsWith(prefix)) return { status: 404, reason: 'outside-prefix' };

  const raw = parsed.path.slice(prefix.length).split('/');
  // A trailing `/` names a directory, which is never served.
  const isDirectory = raw[raw.length - 1] === '';
  if (isDirectory) raw.pop();
  const segments: string[] = [];

  for (const part of raw) {
    if (part === '') return { status: 400, reason: 'empty-segment' };
    let segment: string;

    try {
      // Throws on `%zz`, truncated escapes and every invalid UTF-8 sequence, overlong included.
      segment = decodeURIComponent(part);
    } catch {
      return { status: 400, reason: 'malformed-encoding' };
    }

    if (forbiddenDecoded.test(segment)) return { status: 400, reason: 'forbidden-character' };
    if (segment === '.' || segment === '..') return { status: 400, reason: 'dot-segment' };
    segments.push(segment);
  }

  if (segments.some(isDotName)) return { status: 404, reason: 'dotfile' };
  if (isDirectory || segments.length === 0) return { status: 404, reason: 'not-a-file' };

  const file = join(folder, ...segments);
  // Cannot fail after the checks above; kept so a future change to them cannot go unnoticed.
  if (!isInside(folder, file)) return { status: 404, reason: 'outside-folder' };

  let realFolder: string;
  let realFile: string;

  try {
    realFolder = await realpath(folder);
    realFile = await realpath(file);
  } catch {
    // ENOENT, ENOTDIR, ENAMETOOLONG, ELOOP, EACCES: all mean “no file here” to a client.
    return { status: 404, reason: 'not-found' };
  }

  if (!isInside(realFolder, realFile)) return { status: 404, reason: 'outside-folder' };
  if (relative(realFolder, realFile).split(sep).some(isDotName)) {
    return { status: 404, reason: 'dotfile' };
  }

  try {
    if (!(await stat(realFile)).isFile()) return { status: 404, reason: 'not-a-file' };
  } catch {
    return { status: 404, reason: 'not-found' };
  }

  return { status: 200, file: realFile };
}

function resolveRequestFileOptions(options: RequestFileOptions): RequestFileOptions {
  const { folder, prefix } = options ?? {};

  if (typeof folder !== 'string' || !isAbsolute(folder)) {
    throw new TypeError(
      `Cannot serve files: \`options.folder\` is \`${String(folder)}\`, expected an absolute path`,
    );
  }

  // `/`: the folder is mounted at the root of the site.
  if (prefix === '/') return { folder: resolve(folder), prefix: '/' };
  if (typeof prefix !== 'string' || !validPrefix.test(prefix)) {
    throw new TypeError(
      `Cannot serve files: \`options.prefix\` is \`${String(prefix)}\`, expected a URL path such as \`/images\``,
    );
  }

  return { folder: resolve(folder), prefix: '/' + prefix.replace(/^\/|\/$/g, '') + '/' };
}

function isDotName(segment: string): boolean {
  return segment.startsWith('.');
}
