import type { DocsgenMessage } from '@docsgen/config';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ComponentType } from 'preact';
import type { PluggableList } from 'unified';
import { validateUserConfig } from './user-config-shape.js';

/** What `docsgen.config.ts` exports by default: everything docsgen cannot take from JSON. */
export interface UserConfig {
  /** remark plugins, run after docsgen's own in every page (default: none). */
  remarkPlugins?: PluggableList | undefined;
  /** rehype plugins, run after docsgen's own in every page (default: none). */
  rehypePlugins?: PluggableList | undefined;
  /**
   * Components every page may use without importing them; they replace built-ins of the same
   * name, and a `theme/` override of the same name replaces them (default: none).
   */
  components?: Record<string, ComponentType<any>> | undefined;
  /** Defaults for `docsgen build`; command-line flags win over them (default: none). */
  build?: UserBuildConfig | undefined;
  /**
   * `false` turns docsgen's search off: no search box, no Ctrl/⌘K, no index in the build or in
   * `docsgen dev` (for a site that uses a search service of its own) (default: `true`).
   */
  search?: boolean | undefined;
}

/** The `build` field of `docsgen.config.ts`. */
export interface UserBuildConfig {
  /** Output folder, relative to the project root (default: `dist`). */
  outDir?: string | undefined;
  /** Host the output is written for (default: `static`). */
  adapter?: 'static' | 'netlify' | 'cloudflare' | 'vercel' | 'github-pages' | undefined;
  /** Absolute URL of the deployed site, for absolute links (default: none). */
  siteUrl?: string | undefined;
  /** Worker threads rendering pages (default: one per core). */
  workers?: number | undefined;
}

/** What `loadUserConfig` found. */
export interface LoadedUserConfig {
  /** The config file used, absolute; `undefined` when the project has none. */
  file: string | undefined;
  /** The valid fields of its default export; `{}` when there is no usable config. */
  config: UserConfig;
  /** `user-config-*` problems. */
  messages: DocsgenMessage[];
  /** Local files the config file imports, absolute (the config file itself not included). */
  dependencies: string[];
}

/** Config file names, in the order one is chosen when there are several. */
export const userConfigNames: readonly string[] = ['docsgen.config.ts', 'docsgen.config.mts', 'docsgen.config.js', 'docsgen.config.mjs'];

const source = '@docsgen/core';

/** Returns `config` unchanged; it exists so an editor checks the config file's types. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

/**
 * Reads `docsgen.config.ts` (or `.mts`, `.js`, `.mjs`) at `root`, if there is one: bundles it
 * with its local imports (npm packages stay imports, resolved from the project's own
 * `node_modules`), evaluates the result fresh on every call, and checks the shape of its default
 * export. Never throws for a broken config file: problems come back as messages and the invalid
 * parts are left out of `config`.
 */
export async function loadUserConfig(root: string): Promise<LoadedUserConfig> {
  const found = userConfigNames.map((name) => join(root, name)).filter((file) => isFile(file));
  const file = found[0];
  const loaded: LoadedUserConfig = { file, config: {}, messages: [], dependencies: [] };
  if (!file) return loaded;
  if (found.length > 1) {
    loaded.messages.push({
      reason: `Unexpected second config file \`${basename(found[1]!)}\`, \`${basename(file)}\` is used`,
      ruleId: 'user-config-duplicate',
      source,
      fatal: false,
      file: found[1],
      note: 'Keep one config file.',
    });
  }
  const bundled = await bundleConfig(root, file);
  loaded.dependencies = bundled.dependencies;
  if (bundled.code === undefined) {
    loaded.messages.push(...bundled.messages);
    return loaded;
  }
  let exports: Record<string, unknown>;
  try {
    exports = await evaluateModule(root, file, bundled.code);
  } catch (error) {
    loaded.messages.push({
      reason: `Cannot load \`${basename(file)}\`: ${describeError(error)}`,
      ruleId: 'user-config-load',
      source,
      fatal: true,
      file,
      note:
        (error as NodeJS.ErrnoException | null)?.code === 'ERR_MODULE_NOT_FOUND'
          ? 'Install the package in the project (`npm install <name>`); npm packages are loaded from its `node_modules`.'
          : 'The config file threw while it was evaluated; run with --verbose for the stack trace.',
      actual: error instanceof Error ? error.stack : undefined,
    });
    return loaded;
  }
  const checked = validateUserConfig(exports, file);
  loaded.config = checked.config;
  loaded.messages.push(...checked.messages);
  return loaded;
}

async function bundleConfig(root: string, file: string): Promise<{ code: string | undefined; dependencies: string[]; messages: DocsgenMessage[] }> {
  // Loaded on demand: a project without a config file never starts esbuild's service.
  const { build } = await import('esbuild');
  const fileUrl = pathToFileURL(file).href;
  try {
    const result = await build({
      entryPoints: [file],
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
      // The bundle runs from `.docsgen/`; these keep meaning the config file.
      define: {
        'import.meta.url': JSON.stringify(fileUrl),
        'import.meta.filename': JSON.stringify(file),
        'import.meta.dirname': JSON.stringify(root),
      },
      plugins: [
        {
          // `import { defineConfig } from 'docsgen'` works without docsgen installed in the
          // project (run through npx), and without loading the whole CLI to get an identity function.
          name: 'docsgen-define-config',
          setup(plugin) {
            plugin.onResolve({ filter: /^docsgen$/ }, () => ({ path: 'docsgen', namespace: 'docsgen-config' }));
            plugin.onLoad({ filter: /.*/, namespace: 'docsgen-config' }, () => ({
              contents: 'export function defineConfig(config) { return config; }',
              loader: 'js',
            }));
          },
        },
      ],
    });
    const dependencies = Object.keys(result.metafile.inputs)
      .filter((input) => !/^[\w-]+:/.test(input))
      .map((input) => resolve(root, input))
      .filter((input) => input !== file && !input.split(sep).includes('node_modules'));
    return { code: result.outputFiles[0]?.text ?? '', dependencies, messages: [] };
  } catch (error) {
    const errors = (error as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }).errors;
    const messages: DocsgenMessage[] = (errors?.length ? errors : [{ text: describeError(error), location: undefined }]).map((entry) => ({
      reason: `Cannot compile \`${entry.location ? entry.location.file.split(sep).join('/') : basename(file)}\`: ${entry.text}`,
      ruleId: 'user-config-compile',
      source,
      fatal: true,
      file: entry.location ? resolve(root, entry.location.file) : file,
      line: entry.location?.line,
      column: entry.location ? entry.location.column + 1 : undefined,
    }));
    return { code: undefined, dependencies: [], messages };
  }
}

/**
 * Imports `code` from a file of its own under `<root>/.docsgen/`: inside the project, so npm
 * imports resolve from the project's `node_modules`; a new name each time, so Node's module
 * cache never hands back an earlier version of the config.
 */
async function evaluateModule(root: string, file: string, code: string): Promise<Record<string, unknown>> {
  const folder = join(root, '.docsgen');
  const temporary = join(folder, `config-${randomUUID()}.mjs`);
  for (let attempt = 1; ; attempt += 1) {
    mkdirSync(folder, { recursive: true });
    try {
      writeFileSync(temporary, code);
      break;
    } catch (error) {
      // Another load (a worker thread) may remove the folder between our mkdir and write.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw error;
    }
  }
  try {
    return (await import(pathToFileURL(temporary).href)) as Record<string, unknown>;
  } catch (error) {
    // Errors such as a missing npm package name the temporary file; name the config file instead.
    if (error instanceof Error) error.message = error.message.split(temporary).join(relative(root, file));
    throw error;
  } finally {
    rmSync(temporary, { force: true });
    try {
      rmdirSync(folder);
    } catch {
      // `.docsgen/` holds other things too (the build cache): leave it.
    }
  }
}

function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
