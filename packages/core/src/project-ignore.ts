import type { DocsgenMessage } from '@docsgen/config';
import ignore from 'ignore';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Files a project keeps out of its site with a `.mintignore` file at its root, in the syntax of
// `.gitignore`, as the hosted platform reads it: drafts, internal notes, a monorepo's other
// folders (Arize-ai/phoenix keeps its docs at the repository's root and ignores `app/`, `src/`,
// `*.md` and 60 more patterns), or a second copy of a spec (DeepL ignores `openapi.json` and
// keeps `openapi.yaml`). An ignored file is no page, stylesheet, script, media file or spec.

/** The name of the file, at the project root. */
export const ignoreFileName = '.mintignore';

/** Whether a path of the project (posix, from the root, no leading `/`) is left out of the site; a folder's with `isDirectory`. */
export type ProjectIgnore = (path: string, isDirectory?: boolean) => boolean;

/** What `readProjectIgnore` found: the test, and a warning when the file could not be read. */
export interface ReadProjectIgnore {
  isIgnored: ProjectIgnore;
  /** The patterns as written (empty without the file): a project whose patterns change is loaded again. */
  patterns: string;
  messages: DocsgenMessage[];
}

const nothingIgnored: ProjectIgnore = () => false;

/** Reads `.mintignore` at `root`; without one, nothing is ignored (beyond the folders docsgen never reads). */
export function readProjectIgnore(root: string): ReadProjectIgnore {
  const file = join(root, ignoreFileName);
  let patterns: string;
  try {
    patterns = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { isIgnored: nothingIgnored, patterns: '', messages: [] };
    return {
      isIgnored: nothingIgnored,
      patterns: '',
      messages: [{ reason: `Cannot read \`${ignoreFileName}\`: ${code ?? (error as Error).message}; no file is left out by it`, ruleId: 'ignore-file-unreadable', source: '@docsgen/core', fatal: false, file }],
    };
  }
  return { isIgnored: projectIgnoreOf(patterns), patterns, messages: [] };
}

/** The test of `.mintignore` patterns (`.gitignore` syntax: `drafts/`, `*.draft.mdx`, `!keep.mdx`). */
export function projectIgnoreOf(patterns: string): ProjectIgnore {
  const matcher = ignore().add(patterns);
  // Asked once per folder and file of a walk, and again by the dev server for each request.
  const answers = new Map<string, boolean>();
  return (path, isDirectory = false) => {
    const key = isDirectory ? `${path.replace(/\/+$/, '')}/` : path;
    if (key === '/' || key === '') return false;
    let answer = answers.get(key);
    if (answer === undefined) {
      try {
        answer = matcher.ignores(key);
      } catch {
        // Not a relative path (`../x`, `/x`): never one of the project's, and refused where it is read.
        answer = false;
      }
      if (answers.size > 100_000) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}
