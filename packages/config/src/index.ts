export { compareMessages, createMessage, formatJsonPath } from './message.js';
export type { DocsgenMessage, SourceLocation } from './message.js';
export { buildNavigation, normalizePageSlug, parseOperationEntry } from './navigation.js';
export type {
  BuildNavigationOptions,
  ConfigPath,
  NavDivision,
  NavDivisionKind,
  NavGroup,
  NavNode,
  NavOperation,
  NavPage,
  NavigationModel,
} from './navigation.js';
export {
  findDuplicateEntries,
  findNavigationTrail,
  findOrphanPages,
  isNavigablePage,
  listNavigationEntries,
  listNavigationPages,
  operationKey,
} from './navigation-query.js';
export type { ListNavigationOptions, NavAncestor, NavEntry } from './navigation-query.js';
export { docsSchema } from './schema.js';
export type { DocsSchema } from './schema.js';
export type { DocsConfig } from './generated/docs-config.js';
export { parseConfig } from './parse-config.js';
export type { ParseConfigOptions, ParsedConfig } from './parse-config.js';
export { loadConfig, maxConfigSize } from './load.js';
export type { ConfigFileSystem, KeptIncludes, LoadConfigOptions } from './load.js';
export { resolveConfig, themeAliases } from './resolve.js';
export type { ResolveConfigOptions, ResolvedCodeBlocks, ResolvedConfigResult, ResolvedDocsConfig, ThemeName } from './resolve.js';
export { validateConfig } from './validate.js';
export type { ValidateConfigOptions } from './validate.js';
export { hasScheme, resolveProjectPath } from './project-path.js';
export type { ProjectPath, ProjectPathRefusal, ResolveProjectPathOptions } from './project-path.js';
export { formatCodeFrame, formatMessageLine } from './format.js';
export type { FormatCodeFrameOptions, FormatMessageLineOptions } from './format.js';
export { maxJsonDepth, parseJsonSource } from './json-source.js';
export type { JsonLocationNode, JsonPath, ParseJsonSourceOptions, ParsedJson } from './json-source.js';
export { maxIncludes, resolveIncludes } from './includes.js';
export type { IncludeFileSystem, ResolveIncludesOptions, ResolvedIncludes } from './includes.js';
