/** One page an agent may read: where it is on the site and what it is about. */
export interface McpPage {
  /** Root-relative URL path of the page (`/guides/deploy`, `/` for the home page). */
  path: string;
  /** The page's title. */
  title: string;
  /** Its description (frontmatter `description`), if any. */
  description?: string | undefined;
  /** The navigation version it belongs to, if the site has versions. */
  version?: string | undefined;
  /** The navigation language it belongs to, if the site has languages. */
  language?: string | undefined;
  /** Frontmatter keywords: extra, weighted search terms. */
  keywords?: readonly string[] | undefined;
  /** For an API operation page: its method and path (`GET`, `/users/{id}`). */
  operation?: { method: string; path: string } | undefined;
}

/** A resource besides the pages' Markdown (a skill file, for example). */
export interface McpExtraResource {
  /** Its URI (`https://docs.example.com/skill.md`). */
  uri: string;
  /** Short name (`skill`). */
  name: string;
  /** Human-readable title. */
  title?: string | undefined;
  /** What it holds, for an agent deciding whether to read it. */
  description?: string | undefined;
  /** Its media type (`text/markdown`). */
  mimeType: string;
  /** Its text. */
  read(): Promise<string>;
}

/**
 * What the server reads a site through: the live site (`docsgen dev`, `docsgen mcp`) or a
 * snapshot written by the build (`createSnapshotSource`).
 */
export interface McpSource {
  /** The site's name (docs.json `name`). */
  name: string;
  /** What the site documents (docs.json `description`), if known. */
  description?: string | undefined;
  /** Absolute URL of the site (`https://docs.example.com`), if known: full URLs to it are accepted and results link to it. */
  siteUrl?: string | undefined;
  /** The pages an agent may read, in navigation order. */
  pages(): Promise<readonly McpPage[]>;
  /** A listed page's Markdown, by its `path`; `undefined` when it has none. */
  markdown(path: string): Promise<string | undefined>;
  /** Resources besides the pages' Markdown (default: none). */
  resources?(): Promise<readonly McpExtraResource[]>;
}
