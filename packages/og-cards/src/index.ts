export type { CardOptions, ResolvedCardOptions } from './card-options.js';
export { resolveCardOptions } from './card-options.js';
