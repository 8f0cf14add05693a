import type { ComponentType } from 'preact';

/** Component modules by MDX name, as loaded by the caller. */
export type ComponentMap = Record<string, ComponentType<any>>;

export interface ResolveComponentsOptions {
  /** The built-in components (usually `builtinComponents`). */
  builtins: ComponentMap;
  /** The active theme's `components/<Name>` modules (default: none). */
  theme?: ComponentMap | null | undefined;
  /** The project's `theme/<Name>` modules (default: none). */
  project?: ComponentMap | null | undefined;
}

/**
 * The component map a page renders with, per SPEC "Component overrides": for every name,
 * the project's `theme/<Name>` wins over the active theme's `components/<Name>`, which wins
 * over the built-in. Names that only an override defines are added too. Pure: the caller
 * loads the modules; entries that are not components (`undefined`, strings) are ignored.
 *
 * @returns
 *   A new map; the inputs are not changed.
 */
export function resolveComponents(options: ResolveComponentsOptions): ComponentMap {
  const result: ComponentMap = {};
  for (const layer of [options.builtins, options.theme, options.project]) {
    if (!layer) continue;
    for (const [name, component] of Object.entries(layer)) {
      if (typeof component === 'function' || (typeof component === 'object' && component !== null)) {
        result[name] = component;
      }
    }
  }
  return result;
}
