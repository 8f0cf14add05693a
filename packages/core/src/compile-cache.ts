import { rememberHighlightedCode } from '@docsgen/mdx-transforms';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompileToEsm } from './modules.js';
import { writeNew } from '@docsgen/util/write-whole';

// Bumped whenever what an entry holds, or how it is keyed, changes.
const formatVersion = 6;

/**
 * Compiled pages on disk (`.docsgen/cache/compile/`), one JSON file per page file's content
 * and compile settings, shared by a build's threads and by the builds after it. The build's
 * rendered-page cache is keyed by the whole site, so after a docs.json edit (or a page title,
 * or `docsgen.config`) every page renders again; with this cache they render from their
 * compiled tree or code without parsing and highlighting again.
 *
 * An entry is named `<file key>-<text key>.json`: the file key hashes the settings and the
 * file's path, so the entries of one file are found by name. It holds two lines of JSON: the
 * compile result, then its highlighted code blocks (`data.highlighted`), which a cache hit does
 * not parse. When a file's text is new, its newest entry for an earlier text gives its
 * highlighted code blocks to the highlighter's cache before it compiles
 * (`rememberHighlightedCode`): an edit that leaves the code alone highlights nothing, and does
 * not load Shiki.
 *
 * `settings` must hold everything the compiler's output depends on besides the file and its
 * text (code themes, grammars, component names, docsgen's version); a compiler with user
 * plugins (functions) is not cached at all.
 */
export function cacheCompiler(compile: CompileToEsm, options: { folder: string; settings: unknown }): CompileToEsm {
  const settings = createHash('sha256').update(JSON.stringify([formatVersion, options.settings])).digest('hex');
  let isFolderMade = false;
  // Entry names by file key, listed with the first file not found (most builds find every one).
  let earlier: Map<string, string[]> | undefined;
  const reuseHighlights = (fileKey: string): void => {
    if (!earlier) {
      earlier = new Map();
      let names: string[] = [];
      try {
        names = readdirSync(options.folder);
      } catch {
        // No entries yet.
      }
      for (const name of names) {
        const key = name.slice(0, name.indexOf('-'));
        const listed = earlier.get(key);
        if (listed) listed.push(name);
        else earlier.set(key, [name]);
      }
    }
    // The newest: the text before this edit.
    let newest: { path: string; time: number } | undefined;
    for (const name of earlier.get(fileKey) ?? []) {
      const path = join(options.folder, name);
      try {
        const time = statSync(path).mtimeMs;
        if (!newest || time > newest.time) newest = { path, time };
      } catch {
        // Gone since it was listed.
      }
    }
    if (!newest) return;
    try {
      const text = readFileSync(newest.path, 'utf8');
      rememberHighlightedCode(JSON.parse(text.slice(text.indexOf('\n') + 1)));
    } catch {
      // Unreadable: its blocks are highlighted again.
    }
  };
  return async (input) => {
    const fileKey = createHash('sha256').update(settings).update('\0').update(input.file).digest('hex').slice(0, 16);
    const name = `${fileKey}-${createHash('sha256').update(input.source).digest('hex').slice(0, 32)}.json`;
    const path = join(options.folder, name);
    try {
      // The first line: the highlighted blocks on the second are read only to compile anew.
      const text = readFileSync(path, 'utf8');
      const entry = JSON.parse(text.slice(0, text.indexOf('\n'))) as Awaited<ReturnType<CompileToEsm>> & { file: string };
      if (entry.file === input.file) {
        // Marks the entry as used by this build (see `pruneCompileCache`).
        const now = new Date();
        utimesSync(path, now, now);
        return { code: entry.code, tree: entry.tree, markdown: entry.markdown, messages: entry.messages, data: entry.data };
      }
    } catch {
      // Not cached (or unreadable): compile.
    }
    reuseHighlights(fileKey);
    const result = await compile(input);
    // A failure may be passing (a thrown error); pages with errors compile again next time.
    if (result.messages.some((message) => message.fatal)) return result;
    try {
      if (!isFolderMade) mkdirSync(options.folder, { recursive: true });
      isFolderMade = true;
      // Two lines of JSON (JSON.stringify writes no line break): the compile without its
      // highlighted blocks, which its tree or code holds already, then those blocks by key.
      // A thread reading an entry another is writing finds its first line whole (a line break
      // ends it) or cannot parse it, and compiles the page itself.
      const { highlighted, ...data } = result.data;
      writeNew(path, `${JSON.stringify({ file: input.file, ...result, data })}\n${JSON.stringify(highlighted ?? [])}`);
    } catch {
      // A cache that cannot be written costs the next build time, nothing else.
    }
    return result;
  };
}

/** Where a project's compiled pages are kept: `<root>/.docsgen/cache/compile`. */
export function compileCacheFolder(root: string): string {
  return join(root, '.docsgen', 'cache', 'compile');
}

/** How long an entry may go unused before `pruneCompileCache` deletes it: a week. */
export const compileCacheMaxIdleMs = 7 * 24 * 60 * 60 * 1000;

// How often `pruneCompileCache` looks through the entries (a `stat` each, thousands of them):
// once a day, when a file in the folder says when it last did.
const pruneIntervalMs = 24 * 60 * 60 * 1000;
const prunedMarker = '.pruned';

/**
 * Deletes the project's kept compiles not used (read or written) for `compileCacheMaxIdleMs`,
 * at most once a day (`now`: the time to compare with, for tests).
 */
export function pruneCompileCache(root: string, now = Date.now()): void {
  const folder = compileCacheFolder(root);
  const marker = join(folder, prunedMarker);
  try {
    const last = statSync(marker).mtimeMs;
    if (last <= now && last > now - pruneIntervalMs) return;
  } catch {
    // Never pruned (or no cache at all).
  }
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (name === prunedMarker) continue;
    const path = join(folder, name);
    try {
      if (statSync(path).mtimeMs < now - compileCacheMaxIdleMs) rmSync(path, { force: true });
    } catch {
      // Gone already.
    }
  }
  try {
    writeFileSync(marker, '');
    utimesSync(marker, now / 1000, now / 1000);
  } catch {
    // Looked through again next time.
  }
}
