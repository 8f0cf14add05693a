import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Root } from 'hast';
import * as preact from 'preact';
import * as preactCompat from 'preact/compat';
import * as preactHooks from 'preact/hooks';
import * as preactJsxRuntime from 'preact/jsx-runtime';

type Namespace = Record<string, unknown>;

/** An ES namespace as CommonJS code expects it: `__esModule` keeps `default` imports right. */
function esModule(namespace: object): Namespace {
  return { ...namespace, __esModule: true };
}

// The component map of the page being rendered. Rendering is synchronous, so one value per
// process is enough; it is how a snippet imported by a page sees the page's components.
let pageComponents: Record<string, unknown> = {};

/** Runs `render` with `components` as the map every imported snippet and MDX module uses. */
export function withPageComponents<T>(components: Record<string, unknown>, render: () => T): T {
  const previous = pageComponents;
  pageComponents = components;
  try {
    return render();
  } finally {
    pageComponents = previous;
  }
}

/**
 * `virtual:docsgen/mdx-components`, MDX's provider (`providerImportSource`): every compiled MDX
 * module (page or snippet) starts from the component map of the page being rendered, so a
 * snippet can use `<Note>` without the page passing it down.
 */
export const mdxComponentsModule = { __esModule: true, useMDXComponents: (): Record<string, unknown> => pageComponents };

/** Renders a `.md` page's syntax tree with the component map (default: the page's), like an MDX page. */
export function renderTree(tree: Root, components?: Record<string, unknown> | undefined): preact.VNode {
  components ??= pageComponents;
  return toJsxRuntime(tree, {
    Fragment: preactJsxRuntime.Fragment,
    jsx: preactJsxRuntime.jsx as never,
    jsxs: preactJsxRuntime.jsxs as never,
    components: components as never,
    elementAttributeNameCase: 'html',
    stylePropertyNameCase: 'dom',
  }) as preact.VNode;
}

/**
 * Modules project code may import by name. Preact is handed over as the very instance the
 * renderer uses (two copies would break hooks and context), and `react`, `react-dom` and
 * `react/jsx-runtime` are Preact's compatibility layer, so components written for React work.
 */
export function createNamedModules(virtualModules: Record<string, unknown>): Record<string, Namespace> {
  const compat = esModule(preactCompat);
  const jsxRuntime = esModule(preactJsxRuntime);
  const named: Record<string, Namespace> = {
    preact: esModule(preact),
    'preact/hooks': esModule(preactHooks),
    'preact/compat': compat,
    'preact/jsx-runtime': jsxRuntime,
    'preact/jsx-dev-runtime': jsxRuntime,
    react: compat,
    'react-dom': compat,
    'react/jsx-runtime': jsxRuntime,
    'react/jsx-dev-runtime': jsxRuntime,
  };
  for (const [name, value] of Object.entries(virtualModules)) named[name] = { __esModule: true, default: value };
  named['virtual:docsgen/mdx-components'] = mdxComponentsModule;
  return named;
}

/**
 * Names every project module sees without importing them, as real projects of this format
 * expect: React's hooks and `React` itself (Preact's compatibility layer).
 */
export const injectedGlobals: Record<string, unknown> = {
  React: preactCompat.default,
  useState: preactHooks.useState,
  useEffect: preactHooks.useEffect,
  useLayoutEffect: preactHooks.useLayoutEffect,
  useMemo: preactHooks.useMemo,
  useCallback: preactHooks.useCallback,
  useRef: preactHooks.useRef,
  useReducer: preactHooks.useReducer,
  useContext: preactHooks.useContext,
  useId: preactHooks.useId,
};
