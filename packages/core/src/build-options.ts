import { resolve } from 'node:path';
import { adapterNames, type AdapterName } from './adapters.js';
import type { BuildOptions, BuildProgress } from './build.js';
import { defaultThreads } from './build-schedule.js';
import type { UserBuildConfig } from './user-config.js';

/** `BuildOptions` with every default applied and docsgen.config's `build` merged in. */
export interface ResolvedBuildOptions {
  /** Absolute output folder: `options.outDir`, else `build.outDir`, else `dist`, from the root. */
  outDir: string;
  /** `options.adapter`, else `build.adapter`, else `static`. */
  adapter: AdapterName;
  /** `options.siteUrl`, else `build.siteUrl` (docs.json's `siteUrl` is the site's fallback). */
  siteUrl: string | undefined;
  /** Threads rendering pages: `options.workers`, else `build.workers`, else one per core, at most 8. */
  workers: number;
  /** `workers` is docsgen's default, not chosen: the scheduler may start fewer threads when that is sooner. */
  isWorkersDefault: boolean;
  /** Reuse and update the disk cache under `<root>/.docsgen/cache`. */
  cache: boolean;
  /** Called as pages finish (default: nothing). */
  onProgress: (progress: BuildProgress) => void;
}

const defaults = { outDir: 'dist', adapter: 'static', cache: true } as const;

/**
 * Resolve `buildSite`'s options once: the command line (`options`) wins over docsgen.config's
 * `build`, which wins over docsgen's defaults.
 *
 * @param root
 *   Absolute project root; `outDir` is resolved from it.
 * @param options
 *   What the caller asked for.
 * @param configured
 *   The `build` field of docsgen.config (default: none).
 */
export function resolveBuildOptions(root: string, options?: BuildOptions | null, configured?: UserBuildConfig | null): ResolvedBuildOptions {
  const adapter = options?.adapter ?? configured?.adapter ?? defaults.adapter;
  if (!adapterNames.includes(adapter)) {
    throw new TypeError(`Cannot build with \`${String(adapter)}\` for \`options.adapter\`, expected one of ${adapterNames.map((name) => `\`${name}\``).join(', ')}`);
  }
  const workers = options?.workers ?? configured?.workers ?? defaultThreads();
  if (!Number.isInteger(workers) || workers < 0) {
    throw new TypeError(`Cannot build with \`${String(workers)}\` for \`options.workers\`, expected a whole number from 0`);
  }
  return {
    outDir: resolve(root, options?.outDir ?? configured?.outDir ?? defaults.outDir),
    adapter,
    siteUrl: options?.siteUrl ?? configured?.siteUrl ?? undefined,
    workers,
    isWorkersDefault: options?.workers == null && configured?.workers == null,
    cache: options?.cache ?? defaults.cache,
    onProgress: options?.onProgress ?? (() => {}),
  };
}
