import type { McpExtraResource, McpPage, McpSource } from './types.js';

/** What the build writes for a deployed server: the site's pages with their Markdown, in navigation order. */
export interface McpSnapshot {
  name: string;
  description?: string | undefined;
  siteUrl?: string | undefined;
  pages: Array<McpPage & { markdown: string }>;
  /** Resources besides the pages' Markdown (`McpSource.resources`), with their text. */
  resources?: Array<Omit<McpExtraResource, 'read'> & { text: string }> | undefined;
}

/**
 * An `McpSource` over a snapshot (`docsgen build`'s `_docsgen/mcp.json`, bundled into each
 * adapter's function).
 *
 * @throws {TypeError}
 *   When `snapshot` does not have a `name` and a `pages` array.
 */
export function createSnapshotSource(snapshot: McpSnapshot): McpSource {
  if (typeof snapshot?.name !== 'string' || !Array.isArray(snapshot.pages)) {
    throw new TypeError('Cannot read the MCP snapshot: expected an object with `name` and `pages`');
  }
  const markdown = new Map(snapshot.pages.map((page) => [page.path, page.markdown]));
  const pages: McpPage[] = snapshot.pages.map(({ markdown: _markdown, ...page }) => page);
  return {
    name: snapshot.name,
    description: snapshot.description,
    siteUrl: snapshot.siteUrl,
    pages: async () => pages,
    markdown: async (path) => markdown.get(path),
    resources: async () => (snapshot.resources ?? []).map(({ text, ...resource }) => ({ ...resource, read: async () => text })),
  };
}
