import { execFile, spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { RepositoryInfo } from '@docsgen/renderer';

// Git facts for footers (kept in core: the renderer runs no processes and reads no files). Each function runs a few git
// commands per build (never one per page), and never throws: outside a repository, without
// git, or when git refuses the folder, it falls back to file times or to nothing.

const gitTimeoutMs = 30_000;

/**
 * When each page file last changed: its last git commit time, else (untracked, or no git)
 * its modification time. Two git calls for the whole list: `git ls-files` and one
 * `git log` read until every tracked file has been seen.
 *
 * @param root
 *   Project root; the git repository is the one containing it.
 * @param files
 *   Page files, absolute or relative to `root`.
 * @returns
 *   Map from each given path (as given) to its time; files that do not exist are left out.
 */
export async function lastUpdatedTimes(root: string, files: readonly string[]): Promise<Map<string, Date>> {
  const times = new Map<string, Date>();
  const wanted = new Map<string, string[]>();
  for (const file of files) {
    const relativePath = toPosix(relative(root, resolve(root, file)));
    wanted.set(relativePath, [...(wanted.get(relativePath) ?? []), file]);
  }
  const tracked = await gitTrackedFiles(root, [...wanted.keys()]);
  if (tracked.size > 0) {
    for (const [relativePath, date] of await gitCommitTimes(root, tracked)) {
      for (const file of wanted.get(relativePath) ?? []) times.set(file, date);
    }
  }
  await Promise.all(
    files
      .filter((file) => !times.has(file))
      .map(async (file) => {
        try {
          times.set(file, (await stat(resolve(root, file))).mtime);
        } catch {
          // A file that does not exist has no time.
        }
      }),
  );
  return times;
}

/**
 * When one page file last changed (see `lastUpdatedTimes`; use that for many pages).
 *
 * @returns
 *   The date, or `undefined` when the file does not exist.
 */
export async function pageLastUpdated(root: string, file: string): Promise<Date | undefined> {
  return (await lastUpdatedTimes(root, [file])).get(file);
}

/**
 * The git facts that derive edit links when docs.json has no `footer.editUrl` or
 * `footer.repo`: the `origin` remote's URL, its default branch (else the checked-out branch)
 * and where `root` sits inside the repository.
 *
 * @returns
 *   `{}` outside a git repository or without git.
 */
export async function loadRepositoryInfo(root: string): Promise<RepositoryInfo> {
  const [remoteUrl, defaultBranch, prefix, current] = await Promise.all([
    git(root, ['config', '--get', 'remote.origin.url']),
    git(root, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']),
    git(root, ['rev-parse', '--show-prefix']),
    git(root, ['symbolic-ref', '--quiet', '--short', 'HEAD']),
  ]);
  const info: RepositoryInfo = {};
  if (remoteUrl?.trim()) info.remoteUrl = remoteUrl.trim();
  const branch = defaultBranch?.trim().replace(/^origin\//, '') || current?.trim();
  if (branch) info.branch = branch;
  if (prefix !== undefined) info.prefix = prefix.trim();
  return info;
}

/** `git <args>` in `cwd`; its stdout, or `undefined` on any failure. */
function git(cwd: string, args: string[]): Promise<string | undefined> {
  return new Promise((done) => {
    try {
      execFile('git', ['-c', 'core.quotepath=off', ...args], { cwd, timeout: gitTimeoutMs, maxBuffer: 64 * 1024 * 1024, windowsHide: true }, (error, stdout) =>
        done(error ? undefined : stdout),
      );
    } catch {
      done(undefined);
    }
  });
}

/** Which of the paths (relative to `root`) git tracks. */
async function gitTrackedFiles(root: string, paths: string[]): Promise<Set<string>> {
  // Without `--full-name`, names are relative to `cwd`, as the page paths are.
  const listed = await git(root, ['ls-files', '-z', '--', '.']);
  const all = new Set((listed ?? '').split('\0').filter(Boolean));
  return new Set(paths.filter((path) => all.has(path)));
}

/**
 * One `git log` over the root's folder, newest first, read until every wanted file has been
 * seen; the first commit that names a file is its last change.
 */
function gitCommitTimes(root: string, wanted: Set<string>): Promise<Map<string, Date>> {
  return new Promise((done) => {
    const times = new Map<string, Date>();
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn('git', ['-c', 'core.quotepath=off', 'log', '--format=%x1e%ct', '--name-only', '--no-renames', '--relative', '-z', '--', '.'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'ignore'],
        windowsHide: true,
      });
    } catch {
      done(times);
      return;
    }
    const timer = setTimeout(() => child.kill(), gitTimeoutMs);
    let buffer = '';
    let current: Date | undefined;
    const finish = (): void => {
      clearTimeout(timer);
      done(times);
    };
    child.on('error', finish);
    child.on('close', finish);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buffer += chunk;
      // With -z: `RS time NUL`, then `\n name NUL name NUL …` per commit.
      let end: number;
      while ((end = buffer.indexOf('\0')) >= 0) {
        // The first name after a commit header comes after a newline.
        const token = buffer.slice(0, end).replace(/^\n/, '');
        buffer = buffer.slice(end + 1);
        const header = /^\x1e(\d+)$/.exec(token);
        if (header) {
          current = new Date(Number(header[1]) * 1000);
          continue;
        }
        if (token === '' || current === undefined) continue;
        if (wanted.has(token) && !times.has(token)) {
          times.set(token, current);
          if (times.size === wanted.size) {
            child.kill();
            return;
          }
        }
      }
    });
  });
}

function toPosix(path: string): string {
  return sep === '/' || isAbsolute(path) ? path : path.split(sep).join('/');
}
