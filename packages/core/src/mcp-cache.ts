import { writeWhole } from '@docsgen/util/write-whole';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { remoteSpecFolder } from './remote-spec.js';
import { docsgenCodeKey } from './version.js';

// `docsgen mcp` on a project's sources (issue 26): the search index needs every page's Markdown
// twin, which costs seconds to tens of seconds on a large project. The twins of the last
// complete index are kept in `.docsgen/cache/mcp/pages.json`, under a key made of every project
// file's path, size and modification time (and the docsgen that wrote them): while no file has
// changed, the next server indexes them in about a second. Any change (a page, a snippet, a
// spec, docs.json) makes a new key, and every twin is written again.

/** Where the twins of the last index are kept. */
export function mcpCacheFile(root: string): string {
  return join(root, '.docsgen', 'cache', 'mcp', 'pages.json');
}

// Folders no page reads from; `.docsgen` holds caches, except the downloaded remote specs.
const skipped = new Set(['.git', 'node_modules', '.docsgen']);

/**
 * The key of the project's current state: a hash of every file's path, size and modification
 * time under `root` (remote specs downloaded to `.docsgen/cache/specs` included; `.git`,
 * `node_modules` and the other caches not), of docsgen's version and code, and of `salt` (what
 * else the twins depend on).
 */
export function projectStateKey(root: string, salt: string): string {
  // docsgen's own code too, so that a rebuilt docsgen writes the Markdown anew.
  const hash = createHash('sha256').update(`${docsgenCodeKey()}\0${salt}\0`);
  const lines: string[] = [];
  const walk = (folder: string, prefix: string): void => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        if (!skipped.has(path)) walk(join(folder, entry.name), `${path}/`);
        continue;
      }
      // Files, and links followed to what they name (a linked folder is not walked).
      const info = statSync(join(folder, entry.name), { throwIfNoEntry: false });
      if (info?.isFile()) lines.push(`${path}\0${info.size}\0${info.mtimeMs}`);
    }
  };
  walk(root, '');
  walk(join(root, remoteSpecFolder), `${remoteSpecFolder}/`);
  for (const line of lines.sort()) hash.update(`${line}\n`);
  return hash.digest('hex');
}

/** The kept twins by page path (`null`: the page has none), when they were written under `key`; `undefined` otherwise. */
export function readMcpCache(root: string, key: string): Map<string, string | null> | undefined {
  try {
    const kept = JSON.parse(readFileSync(mcpCacheFile(root), 'utf8')) as { key?: unknown; pages?: unknown };
    if (kept.key !== key || typeof kept.pages !== 'object' || kept.pages === null) return undefined;
    return new Map(Object.entries(kept.pages).filter((entry): entry is [string, string | null] => typeof entry[1] === 'string' || entry[1] === null));
  } catch {
    return undefined;
  }
}

/** Keeps the twins of every page (`pages`: path to Markdown, `null` for a page without) under `key`. A cache that cannot be written costs the next server time, nothing else. */
export function writeMcpCache(root: string, key: string, pages: ReadonlyMap<string, string | null>): void {
  const file = mcpCacheFile(root);
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeWhole(file, JSON.stringify({ key, pages: Object.fromEntries(pages) }));
  } catch {
    // Read-only project, full disk: the index is made from the sources next time.
  }
}
