import type { UserConfig } from '@docsgen/core';

export type { UserConfig } from '@docsgen/core';

/**
 * Returns `config` unchanged; it exists so an editor checks `docsgen.config.ts` against
 * `UserConfig`. Written here rather than re-exported from `@docsgen/core` so that importing the
 * `docsgen` entry (as the `docsgen` command does) does not load the page pipeline.
 */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
