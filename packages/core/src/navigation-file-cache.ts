import { navigationFileName, renderNavigationFile, type NavigationFile, type SiteLayoutData } from '@docsgen/renderer';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsgenVersion } from './version.js';
import { writeWhole } from '@docsgen/util/write-whole';

// Bumped whenever what the file holds, or how it is keyed, changes.
const formatVersion = 1;
const fileName = 'navigation.json';

/**
 * The shared navigation file (every sidebar group, rendered), kept across builds in
 * `<folder>/navigation.json` with a key of everything it is made from: docsgen's version,
 * docs.json, the navigation and each page's sidebar facts (title, sidebar title, `hidden`,
 * `url`, API method, frontmatter). Rendering it takes about 60 ms for a 1,000-entry sidebar;
 * a build whose key is the one kept reads it instead. One file: the last build's.
 *
 * @param folder
 *   Cache folder (created when missing).
 * @param layout
 *   What `renderNavigationFile` renders the file from.
 * @returns
 *   The file, kept or rendered.
 */
export function cachedNavigationFile(folder: string, layout: SiteLayoutData): NavigationFile {
  const key = navigationKey(layout);
  if (key === undefined) return renderNavigationFile(layout);
  const file = join(folder, fileName);
  const kept = readKept(file, key);
  if (kept) return kept;
  const made = renderNavigationFile(layout);
  try {
    mkdirSync(folder, { recursive: true });
    writeWhole(file, JSON.stringify({ formatVersion, key, name: made.name, content: made.content }));
  } catch {
    // A cache that cannot be written costs the next build a render, nothing else.
  }
  return made;
}

/** The kept file, when it has `key` and its name is its content's (a file edited by hand is not used). */
function readKept(file: string, key: string): NavigationFile | undefined {
  let kept: unknown;
  try {
    kept = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof kept !== 'object' || kept === null) return undefined;
  const { formatVersion: version, key: keptKey, name, content } = kept as Record<string, unknown>;
  if (version !== formatVersion || keptKey !== key || typeof name !== 'string' || typeof content !== 'string') return undefined;
  if (name !== navigationFileName(content)) return undefined;
  return { name, content };
}

/** A hash of what the navigation file is made from; `undefined` when that cannot be written down (a frontmatter value JSON cannot hold). */
function navigationKey(layout: SiteLayoutData): string | undefined {
  const pages = [...layout.pages.values()].map((page) => [
    page.slug, page.title, page.sidebarTitle, page.description, page.isHidden, page.isNoindex, page.externalUrl, page.method, page.frontmatter,
  ]);
  try {
    const parts = [formatVersion, docsgenVersion(), layout.config, layout.navigation, pages, layout.homeSlug, layout.assetBase, layout.hasSearch];
    return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  } catch {
    return undefined;
  }
}
