export { checkProject } from './check.js';
export type { CheckResult, CheckedPage } from './check.js';
export { discoverPages, ignoredNames } from './discover.js';
export type { DiscoveredPages, PageFile } from './discover.js';
export { parseFrontmatter } from './frontmatter.js';
export type { Frontmatter, ParsedPageSource } from './frontmatter.js';
