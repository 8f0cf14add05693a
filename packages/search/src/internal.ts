// Counters of what the package did in this Node process, for tests that check a shortcut was
// taken, and the shortcuts a build without a store takes (not part of the public API;
// `@docsgen/search/internal`).
export { countSearchRounds } from './search-indexer.js';
export { countWordIndexUpdates } from './word-index-update.js';
export { repackPagefindIndex } from './pagefind-assemble.js';
export { mergeLanguageParts } from './pagefind-file.js';
