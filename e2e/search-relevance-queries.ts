// The relevance set of docsgen's search: 20 queries over docs/ and the page each must find in
// the top 3. Held by the site's dialog (search-relevance.test.ts) and the MCP server's
// `search_docs` (mcp-search-relevance.test.ts).
// Query → the page that must be in the top 3: words a reader types, not always the title's.
export const relevanceQueries: ReadonlyArray<[query: string, page: string]> = [
  ['openapi', '/guides/api-reference'],
  ['navigation', '/guides/navigation'],
  ['deploy netlify', '/guides/deploy'],
  ['live reload', '/cli/dev'],
  ['social cards', '/guides/social-cards'],
  ['rss feed', '/guides/changelogs'],
  ['try it', '/guides/api-playground'],
  ['proxy', '/guides/api-proxy'],
  ['redoc', '/guides/api-viewers'],
  ['llms.txt', '/guides/seo-and-agents'],
  ['sitemap', '/guides/seo-and-agents'],
  ['dark mode', '/guides/themes-and-appearance'],
  ['banner', '/guides/footer-banner-analytics'],
  ['frontmatter', '/guides/frontmatter'],
  ['snippets', '/guides/snippets'],
  ['mintlify', '/migration'],
  ['rule id', '/reference/messages'],
  ['accordion', '/reference/components'],
  ['markdown twin', '/guides/markdown-twins'],
  ['pagefind', '/guides/search'],
];
