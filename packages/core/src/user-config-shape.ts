import { type DocsgenMessage } from '@docsgen/config';
import { didYouMean } from '@docsgen/util/did-you-mean';
import { basename } from 'node:path';
import type { UserBuildConfig, UserConfig } from './user-config.js';

const source = '@docsgen/core';
const topKeys = ['remarkPlugins', 'rehypePlugins', 'components', 'build', 'search'];
const buildKeys = ['outDir', 'adapter', 'siteUrl', 'workers'];
const adapters = ['static', 'netlify', 'cloudflare', 'vercel', 'github-pages'];

/**
 * Checks the exports of a config file: a default export that is an object whose known fields
 * have the right types. Wrong fields are reported (`user-config-invalid`) and left out;
 * unknown ones get a warning with a did-you-mean (`user-config-unknown-key`). Pure.
 */
export function validateUserConfig(exports: Record<string, unknown>, file: string): { config: UserConfig; messages: DocsgenMessage[] } {
  const messages: DocsgenMessage[] = [];
  const name = basename(file);
  const invalid = (path: string, expected: string, value: unknown, note?: string): void => {
    messages.push({
      reason: `Unexpected ${describeValue(value)} for \`${path}\` in \`${name}\`, expected ${expected}`,
      ruleId: 'user-config-invalid',
      source,
      fatal: true,
      file,
      path,
      note,
    });
  };
  const config: UserConfig = {};
  const value = exports.default;
  if (!isPlainObject(value)) {
    messages.push({
      reason:
        'default' in exports
          ? `Unexpected ${describeValue(value)} as the default export of \`${name}\`, expected an object`
          : `Cannot use \`${name}\`: it has no default export, expected an object`,
      ruleId: 'user-config-invalid',
      source,
      fatal: true,
      file,
      note: 'Write `export default defineConfig({ … })`, with `import { defineConfig } from \'docsgen\'`.',
    });
    return { config, messages };
  }

  for (const key of Object.keys(value)) {
    if (topKeys.includes(key)) continue;
    messages.push(unknownKey(key, topKeys, name, file));
  }
  for (const key of ['remarkPlugins', 'rehypePlugins'] as const) {
    const list = value[key];
    if (list === undefined) continue;
    const bad = Array.isArray(list) ? list.findIndex((entry) => !isPluggable(entry)) : -1;
    if (!Array.isArray(list)) invalid(key, 'an array of plugins', list);
    else if (bad >= 0) invalid(`${key}[${bad}]`, 'a plugin function, `[plugin, options]` or a preset', list[bad], 'Pass the plugin itself (`remarkGfm`), not a call of it or its name.');
    else config[key] = list as NonNullable<UserConfig['remarkPlugins']>;
  }
  const components = value.components;
  if (components !== undefined) {
    const bad = isPlainObject(components) ? Object.entries(components).find(([, component]) => typeof component !== 'function') : undefined;
    if (!isPlainObject(components)) invalid('components', 'an object of components by name', components);
    else if (bad) invalid(`components.${bad[0]}`, 'a component (a function)', bad[1]);
    else config.components = components as NonNullable<UserConfig['components']>;
  }
  const search = value.search;
  if (search !== undefined) {
    if (typeof search !== 'boolean') invalid('search', '`true` or `false`', search);
    else config.search = search;
  }
  const build = value.build;
  if (build !== undefined) {
    if (!isPlainObject(build)) invalid('build', 'an object', build);
    else config.build = validateBuild(build, name, file, invalid, messages);
  }
  return { config, messages };
}

function validateBuild(
  build: Record<string, unknown>,
  name: string,
  file: string,
  invalid: (path: string, expected: string, value: unknown, note?: string) => void,
  messages: DocsgenMessage[],
): UserBuildConfig {
  const result: UserBuildConfig = {};
  for (const key of Object.keys(build)) if (!buildKeys.includes(key)) messages.push(unknownKey(`build.${key}`, buildKeys.map((k) => `build.${k}`), name, file));
  const { outDir, adapter, siteUrl, workers } = build;
  if (outDir !== undefined) {
    if (typeof outDir === 'string' && outDir.trim() !== '') result.outDir = outDir;
    else invalid('build.outDir', 'a folder path', outDir);
  }
  if (adapter !== undefined) {
    if (typeof adapter === 'string' && adapters.includes(adapter)) result.adapter = adapter as UserBuildConfig['adapter'];
    else invalid('build.adapter', adapters.map((entry) => `\`${entry}\``).join(', '), adapter, typeof adapter === 'string' ? didYouMean(adapter, adapters) : undefined);
  }
  if (siteUrl !== undefined) {
    if (typeof siteUrl === 'string' && /^https?:\/\/[^/]/.test(siteUrl)) result.siteUrl = siteUrl;
    else invalid('build.siteUrl', 'an absolute `http://` or `https://` URL', siteUrl);
  }
  if (workers !== undefined) {
    if (typeof workers === 'number' && Number.isInteger(workers) && workers >= 0) result.workers = workers;
    else invalid('build.workers', 'a whole number of 0 or more', workers);
  }
  return result;
}

function unknownKey(key: string, known: string[], name: string, file: string): DocsgenMessage {
  return {
    reason: `Unexpected key \`${key}\` in \`${name}\``,
    ruleId: 'user-config-unknown-key',
    source,
    fatal: false,
    file,
    path: key,
    note: didYouMean(key, known) ?? `Known keys: ${known.map((entry) => `\`${entry}\``).join(', ')}.`,
  };
}

/** A unified pluggable: a plugin, `[plugin, ...options]`, or a preset `{ plugins, settings }`. */
function isPluggable(entry: unknown): boolean {
  if (typeof entry === 'function') return true;
  if (Array.isArray(entry)) return typeof entry[0] === 'function';
  return isPlainObject(entry) && (Array.isArray(entry.plugins) || isPlainObject(entry.settings));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function describeValue(value: unknown): string {
  if (value === null) return '`null`';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return `string \`${value.length > 30 ? `${value.slice(0, 29)}…` : value}\``;
  if (typeof value === 'number' || typeof value === 'boolean') return `\`${String(value)}\``;
  return typeof value === 'function' ? 'function' : typeof value === 'object' ? 'object' : `\`${String(value)}\``;
}
