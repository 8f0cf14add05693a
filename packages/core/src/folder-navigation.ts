import { normalizePageSlug, parseOperationEntry, type ConfigPath, type DocsgenMessage, type SourceLocation } from '@docsgen/config';
import { didYouMean } from '@docsgen/util/did-you-mean';
import type { PageFile } from './discover.js';
import type { FolderMeta } from './folder-meta.js';
import { readableName, type PageInfo } from './pages.js';

/** What one folder of the project holds, as far as pages go. */
export interface FolderContents {
  /** Relative path with `/` separators; `` for the root. */
  folder: string;
  /** Page name (file name without extension) → slug, for the pages directly in the folder, by name. */
  pages: Map<string, string>;
  /** Names of the sub-folders that hold pages, at any depth, sorted. */
  folders: string[];
  /** Slug of the folder's `_section.mdx` (the folder's own path), if it has one. */
  section: string | undefined;
}

export interface ExpandFolderNavigationInput {
  /** Every discovered page file. */
  files: readonly PageFile[];
  /** The page of each slug (for a `_section.mdx` frontmatter `title`). */
  pages: ReadonlyMap<string, PageInfo>;
  /** `_meta.json` of each folder that has one. */
  metas: ReadonlyMap<string, FolderMeta>;
  /** Where a docs.json value was written. */
  locate: (path: ConfigPath) => SourceLocation | undefined;
}

export interface ExpandedNavigation {
  /** The navigation with every folder entry replaced by a group of that folder. */
  navigation: unknown;
  /** `locate` that also knows the generated entries (their `_meta.json` name, else the folder entry). */
  locate: (path: ConfigPath) => SourceLocation | undefined;
  /** `folder-landing-conflict` warnings of the folders that were expanded. */
  messages: DocsgenMessage[];
}

const source = '@docsgen/core';

/** Groups the page files by folder: every folder that holds a page at any depth, and the root. */
export function listFolderContents(files: readonly PageFile[]): Map<string, FolderContents> {
  const folders = new Map<string, FolderContents>();
  const folderOf = (path: string): FolderContents => {
    let found = folders.get(path);
    if (!found) {
      folders.set(path, (found = { folder: path, pages: new Map(), folders: [], section: undefined }));
      if (path !== '') {
        const parent = folderOf(parentOf(path));
        parent.folders.push(nameOf(path));
        parent.folders.sort(compare);
      }
    }
    return found;
  };
  folderOf('');
  for (const file of files) {
    if (file.isSection) folderOf(file.slug).section ??= file.slug;
    else folderOf(parentOf(file.slug)).pages.set(nameOf(file.slug), file.slug);
  }
  for (const contents of folders.values()) contents.pages = new Map([...contents.pages].sort(([a], [b]) => compare(a, b)));
  return folders;
}

/** `folder-meta-page-missing` for every name in a `_meta.json` that is no page or sub-folder of its folder. */
export function checkFolderMetas(folders: ReadonlyMap<string, FolderContents>, metas: ReadonlyMap<string, FolderMeta>): DocsgenMessage[] {
  const messages: DocsgenMessage[] = [];
  for (const meta of metas.values()) {
    const contents = folders.get(meta.folder);
    const pageNames = [...(contents?.pages.keys() ?? [])];
    const folderNames = contents?.folders ?? [];
    const where = meta.folder ? `\`${meta.folder}/\`` : 'the project root';
    const report = (name: string, location: SourceLocation | undefined, candidates: string[], what: string): void => {
      messages.push({
        reason: `Cannot find ${what} \`${name}\` named in \`${meta.folder ? `${meta.folder}/` : ''}_meta.json\`: there is none in ${where}`,
        ruleId: 'folder-meta-page-missing',
        source,
        fatal: true,
        ...(location ?? meta.location),
        actual: name,
        note: didYouMean(name, candidates) ?? 'Names are file names without extension (`intro` for `intro.mdx`) or sub-folder names.',
      });
    };
    for (const { name, location } of meta.pages) {
      const isFolder = name.endsWith('/') ? folderNames.includes(name.slice(0, -1)) : false;
      if (!isFolder && !pageNames.includes(name) && !folderNames.includes(name)) report(name, location, [...pageNames, ...folderNames], 'page or folder');
    }
    for (const { name, location } of meta.titles.values()) {
      if (!pageNames.includes(name)) report(name, location, pageNames, 'page');
    }
  }
  return messages;
}

/**
 * Replaces every `pages` entry of the navigation that names a folder (`"guides"` where there is
 * no `guides.mdx` or `guides.md` but a `guides/` folder with pages) by a group of that folder:
 * titled by `_meta.json` `title`, else the `_section.mdx` frontmatter `title`, else the folder
 * name; its landing page (`root`) is `_section.mdx`, else `index`; its pages come in the order
 * of `_meta.json` `pages`, then the rest by name, sub-folders as nested groups. Pure; the input
 * is not changed. A navigation without folder entries comes back equal.
 */
export function expandFolderNavigation(navigation: unknown, input: ExpandFolderNavigationInput): ExpandedNavigation {
  const folders = listFolderContents(input.files);
  const pageSlugs = new Set(input.files.filter((file) => !file.isSection).map((file) => file.slug));
  const generated = new Map<string, SourceLocation | undefined>();
  const messages: DocsgenMessage[] = [];
  const warned = new Set<string>();

  const isFolderEntry = (entry: unknown): entry is string => {
    if (typeof entry !== 'string' || parseOperationEntry(entry)) return false;
    const slug = normalizePageSlug(entry);
    return slug !== '' && !pageSlugs.has(slug) && folders.has(slug);
  };

  function expandFolder(folder: string, path: ConfigPath, location: SourceLocation | undefined): Record<string, unknown> {
    const contents = folders.get(folder)!;
    const meta = input.metas.get(folder);
    const indexSlug = contents.pages.get('index');
    const landing = contents.section ?? indexSlug;
    if (contents.section && indexSlug && !warned.has(folder)) {
      warned.add(folder);
      const index = input.pages.get(indexSlug);
      messages.push({
        reason: `Unexpected \`${index?.relativePath ?? indexSlug}\` next to \`${folder}/_section.mdx\`: the section is the landing page of \`${folder}\`, \`${indexSlug}\` is listed as an ordinary page`,
        ruleId: 'folder-landing-conflict',
        source,
        fatal: false,
        file: index?.file,
        note: 'Keep one landing page: `_section.mdx` or `index.mdx`.',
      });
    }
    const section = contents.section ? input.pages.get(contents.section) : undefined;
    const sectionTitle = section?.isSection && section.titleSource === 'frontmatter' ? section.title : undefined;

    type Item = { kind: 'page' | 'folder'; name: string; location: SourceLocation | undefined };
    const items: Item[] = [];
    const used = new Set<string>();
    const add = (kind: Item['kind'], name: string, itemLocation: SourceLocation | undefined): void => {
      used.add(`${kind}:${name}`);
      items.push({ kind, name, location: itemLocation });
    };
    for (const { name, location: itemLocation } of meta?.pages ?? []) {
      if (name.endsWith('/') && contents.folders.includes(name.slice(0, -1))) add('folder', name.slice(0, -1), itemLocation);
      else if (contents.pages.has(name)) add('page', name, itemLocation);
      else if (contents.folders.includes(name)) add('folder', name, itemLocation);
    }
    const rest: Item[] = [
      ...[...contents.pages.values()].filter((slug) => slug !== landing).map((slug): Item => ({ kind: 'page', name: nameOf(slug), location })),
      ...contents.folders.map((name): Item => ({ kind: 'folder', name, location })),
    ];
    rest.sort((a, b) => compare(a.name, b.name) || (a.kind === 'page' ? -1 : 1));
    for (const item of rest) if (!used.has(`${item.kind}:${item.name}`)) add(item.kind, item.name, location);

    const pages = items.map((item, index) => {
      const itemPath = [...path, 'pages', index];
      generated.set(key(itemPath), item.location);
      const slug = folder ? `${folder}/${item.name}` : item.name;
      return item.kind === 'page' ? slug : expandFolder(slug, itemPath, item.location);
    });
    generated.set(key([...path, 'root']), location);
    return { group: meta?.title ?? sectionTitle ?? readableName(folder), ...(landing ? { root: landing } : {}), pages };
  }

  function walk(value: unknown, path: ConfigPath): unknown {
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...path, index]));
    if (typeof value !== 'object' || value === null) return value;
    const copy: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(value)) {
      const result =
        name === 'pages' && Array.isArray(child)
          ? child.map((entry, index) => {
              const entryPath = [...path, name, index];
              return isFolderEntry(entry) ? expandFolder(normalizePageSlug(entry), entryPath, input.locate(entryPath)) : walk(entry, entryPath);
            })
          : walk(child, [...path, name]);
      // Never through the `__proto__` setter: JSON may carry such a key as plain data.
      Object.defineProperty(copy, name, { value: result, enumerable: true, writable: true, configurable: true });
    }
    return copy;
  }

  const expanded = walk(navigation, ['navigation']);
  return {
    navigation: expanded,
    locate: (path) => (generated.has(key(path)) ? generated.get(key(path)) : input.locate(path)),
    messages,
  };
}

function key(path: ConfigPath): string {
  return JSON.stringify(path);
}

function parentOf(slug: string): string {
  return slug.includes('/') ? slug.slice(0, slug.lastIndexOf('/')) : '';
}

function nameOf(slug: string): string {
  return slug.slice(slug.lastIndexOf('/') + 1);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
