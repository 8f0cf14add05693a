import { parseJsonSource, type DocsgenMessage, type JsonLocationNode, type SourceLocation } from '@docsgen/config';
import { didYouMean } from '@docsgen/util/did-you-mean';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A name written in `_meta.json`, with where it was written. */
export interface FolderMetaName {
  name: string;
  location: SourceLocation | undefined;
}

/** One folder's `_meta.json`, with the parts that have the right shape. */
export interface FolderMeta {
  /** Absolute path of the `_meta.json` file. */
  file: string;
  /** The folder, relative to the project root with `/` separators (`` for the root). */
  folder: string;
  /** `title`: the label of the folder's sidebar group. */
  title: string | undefined;
  /** `pages`: names of pages and sub-folders in the order they come first. */
  pages: FolderMetaName[];
  /** `titles`: page name → sidebar label. */
  titles: Map<string, FolderMetaName & { label: string }>;
  /** Where the file itself starts (for messages about the whole file). */
  location: SourceLocation;
}

const source = '@docsgen/core';
const knownKeys = ['title', 'pages', 'titles'];

/**
 * Reads `_meta.json` in each of `folders` (relative paths, `` for the root) that has one.
 * Never throws: a file that cannot be read, is not JSON or has the wrong shape is reported
 * (`folder-meta-unreadable`, `json-syntax`, `folder-meta-invalid`, `folder-meta-unknown-key`),
 * and only its valid parts are kept.
 */
export function loadFolderMetas(root: string, folders: Iterable<string>): { metas: Map<string, FolderMeta>; messages: DocsgenMessage[] } {
  const metas = new Map<string, FolderMeta>();
  const messages: DocsgenMessage[] = [];
  for (const folder of folders) {
    const file = join(root, folder, '_meta.json');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') continue;
      messages.push({ reason: `Cannot read \`${label(folder)}\`: ${code ?? (error as Error).message}`, ruleId: 'folder-meta-unreadable', source, fatal: true, file });
      continue;
    }
    const parsed = parseFolderMeta(text, { file, folder });
    messages.push(...parsed.messages);
    if (parsed.meta) metas.set(folder, parsed.meta);
  }
  return { metas, messages };
}

/** Parses the text of one `_meta.json` (pure). */
export function parseFolderMeta(text: string, options: { file: string; folder: string }): { meta: FolderMeta | undefined; messages: DocsgenMessage[] } {
  const { file, folder } = options;
  const name = label(folder);
  const start = { file, line: 1, column: 1 };
  const invalid = (reason: string, location: SourceLocation | undefined, note?: string): DocsgenMessage => ({
    reason,
    ruleId: 'folder-meta-invalid',
    source,
    fatal: true,
    ...(location ?? start),
    note,
  });
  if (text.trim() === '') return { meta: undefined, messages: [invalid(`Cannot read \`${name}\`: the file is empty, expected an object`, start, 'Write `{"title": "Guides", "pages": ["intro"]}`, or delete the file.')] };
  const parsed = parseJsonSource(text, { file, label: name });
  if (parsed.value === undefined) return { meta: undefined, messages: parsed.messages };
  const messages = [...parsed.messages];
  const value = parsed.value;
  const tree = parsed.locations;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    messages.push(invalid(`Unexpected ${Array.isArray(value) ? 'array' : typeof value} in \`${name}\`, expected an object`, start, 'Write `{"title": "Guides", "pages": ["intro"]}`.'));
    return { meta: undefined, messages };
  }
  const object = value as Record<string, unknown>;
  const meta: FolderMeta = { file, folder, title: undefined, pages: [], titles: new Map(), location: start };

  for (const key of Object.keys(object)) {
    if (knownKeys.includes(key)) continue;
    messages.push({
      reason: `Unexpected key \`${key}\` in \`${name}\``,
      ruleId: 'folder-meta-unknown-key',
      source,
      fatal: false,
      ...(locationOf(tree, [key], true) ?? start),
      note: didYouMean(key, knownKeys) ?? `Known keys: ${knownKeys.map((known) => `\`${known}\``).join(', ')}.`,
    });
  }
  if (object.title !== undefined) {
    if (typeof object.title === 'string' && object.title.trim() !== '') meta.title = object.title.trim();
    else messages.push(invalid(`Unexpected ${describe(object.title)} for \`title\` in \`${name}\`, expected a non-empty string`, locationOf(tree, ['title'])));
  }
  if (object.pages !== undefined) {
    if (!Array.isArray(object.pages)) {
      messages.push(invalid(`Unexpected ${describe(object.pages)} for \`pages\` in \`${name}\`, expected an array of page or folder names`, locationOf(tree, ['pages'])));
    } else {
      object.pages.forEach((entry, index) => {
        const location = locationOf(tree, ['pages', index]);
        if (typeof entry === 'string' && entry.trim() !== '') meta.pages.push({ name: entry.trim(), location });
        else messages.push(invalid(`Unexpected ${describe(entry)} in \`pages\` of \`${name}\`, expected a page or folder name`, location, 'Names are file names without extension (`intro` for `intro.mdx`) or sub-folder names.'));
      });
    }
  }
  if (object.titles !== undefined) {
    if (typeof object.titles !== 'object' || object.titles === null || Array.isArray(object.titles)) {
      messages.push(invalid(`Unexpected ${describe(object.titles)} for \`titles\` in \`${name}\`, expected an object of page names and labels`, locationOf(tree, ['titles'])));
    } else {
      for (const [page, title] of Object.entries(object.titles as Record<string, unknown>)) {
        const location = locationOf(tree, ['titles', page]);
        if (typeof title === 'string' && title.trim() !== '') meta.titles.set(page, { name: page, label: title.trim(), location: locationOf(tree, ['titles', page], true) });
        else messages.push(invalid(`Unexpected ${describe(title)} for \`titles.${page}\` in \`${name}\`, expected a non-empty string`, location));
      }
    }
  }
  return { meta, messages };
}

/** `guides/_meta.json`, as messages name the file. */
function label(folder: string): string {
  return folder ? `${folder}/_meta.json` : '_meta.json';
}

function locationOf(tree: JsonLocationNode | undefined, path: readonly (string | number)[], key = false): SourceLocation | undefined {
  let node = tree;
  for (const segment of path) node = node?.children?.get(segment);
  return key ? node?.key : node?.value;
}

function describe(value: unknown): string {
  if (value === null) return '`null`';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return value.trim() === '' ? 'empty string' : `string \`${value}\``;
  return typeof value === 'object' ? 'object' : `\`${String(value)}\``;
}
