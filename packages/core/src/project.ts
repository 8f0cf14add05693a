import {
  buildNavigation,
  loadConfig,
  type DocsgenMessage,
  type NavigationModel,
  type ResolvedDocsConfig,
  type SourceLocation,
} from '@docsgen/config';
import { readFileSync } from 'node:fs';
import { discoverPages, type PageFile } from './discover.js';
import { parseFrontmatter } from './frontmatter.js';
import { describePage, type PageInfo } from './pages.js';

/** A project read from disk: config, navigation and every page's frontmatter, nothing compiled. */
export interface LoadedProject {
  config: ResolvedDocsConfig | undefined;
  navigation: NavigationModel | undefined;
  /** Finds where a docs.json value was written. */
  locate: (path: readonly (string | number)[]) => SourceLocation | undefined;
  /** Every page file found, in slug order (both files when a slug has `.mdx` and `.md`). */
  files: PageFile[];
  /** Every page file that could be read, with its metadata, in the order of `files`. */
  entries: PageInfo[];
  /** The page of each slug (the `.mdx` file when there are two). */
  pages: Map<string, PageInfo>;
  /** docs.json, discovery, frontmatter and navigation messages, unsorted. */
  messages: DocsgenMessage[];
}

/**
 * Reads a project the one way the site and `docsgen check` both need: docs.json with its
 * includes, page discovery, every page's frontmatter, and the navigation model. Never throws
 * for bad project content.
 */
export async function loadProject(root: string): Promise<LoadedProject> {
  const loaded = loadConfig(root);
  const discovered = await discoverPages(root);
  const messages: DocsgenMessage[] = [...loaded.messages, ...discovered.messages];
  const entries: PageInfo[] = [];
  const pages = new Map<string, PageInfo>();
  // Synchronous reads in order: for many small files they cost a fraction of promise-based
  // reads (one call instead of open, stat, read and close round trips), and order is stable.
  for (const file of discovered.pages) {
    try {
      const parsed = parseFrontmatter(readFileSync(file.file, 'utf8'), { file: file.file });
      messages.push(...parsed.messages);
      const page = describePage(file, parsed.data, parsed.content);
      entries.push(page);
      if (!pages.has(page.slug)) pages.set(page.slug, page);
    } catch (error) {
      messages.push({
        reason: `Cannot read page \`${file.relativePath}\`: ${(error as Error).message}`,
        ruleId: 'page-unreadable',
        source: '@docsgen/core',
        fatal: true,
        file: file.file,
      });
    }
  }
  let navigation: NavigationModel | undefined;
  if (loaded.config) {
    const built = buildNavigation(loaded.config.navigation, { locate: loaded.locate });
    navigation = built.navigation;
    messages.push(...built.messages);
  }
  return { config: loaded.config, navigation, locate: loaded.locate, files: discovered.pages, entries, pages, messages };
}
