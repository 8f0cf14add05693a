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
