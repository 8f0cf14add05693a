import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Root } from 'hast';
import * as preact from 'preact';
import * as preactCompat from 'preact/compat';
import * as preactHooks from 'preact/hooks';
import * as preactJsxRuntime from 'preact/jsx-runtime';
import { useContext } from 'preact/hooks';
import { renderToString } from 'preact-render-to-string';
import { RenderContext } from '@docsgen/renderer';
import { literalValue } from './mdx-tree.js';
import { hasPlainOverride, plainHtmlType, withPlainHtml } from './render-plain.js';

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
export const mdxComponentsModule = {
  __esModule: true,
  useMDXComponents: (): Record<string, unknown> => {
    // An interactive component that uses docsgen's components cannot run in the browser.
    if (island) island.usesProvided = true;
    return pageComponents;
  },
};

// Interactive components ("islands"). A project component (an export of a page or snippet)
// whose code has state or event handlers is rendered inside `<docsgen-island>`, with its
// module and props, and the page carries the code of its module and what that imports: the
// browser runs it and hydrates the island (renderer `assets/islands.js`).

/** Where an interactive component comes from: its module (absolute path) and export name. */
export interface IslandSource {
  file: string;
  name: string;
}

/** What a page's render is told about and asks of its islands (`withIslands`). */
export interface IslandCollector {
  /** The id the page's payload gives `file` (the module it is exported from); `undefined`: it cannot run in the browser. */
  moduleOf(file: string): string | undefined;
  /** An island of a component of `file` was rendered. */
  rendered(file: string): void;
}

const islandSources = new WeakMap<object, IslandSource>();
// Hooks (`useState(`) or event handlers (`onClick:` in compiled JSX): what only the browser can do.
const interactiveCode = /\buse[A-Z]\w*\s*\(|\bon[A-Z][A-Za-z]*\s*:/;
let islands: IslandCollector | undefined;
// The island being rendered (one at a time: islands are not nested).
let island: { usesProvided: boolean } | undefined;

/** Marks the exported components of a project module that have state or event handlers as interactive. */
export function registerIslands(file: string, exports: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value !== 'function' || !/^[A-Z]/.test(name) || islandSources.has(value)) continue;
    if (interactiveCode.test(Function.prototype.toString.call(value))) islandSources.set(value, { file, name });
  }
}

/** Runs a page's render with `collector`: interactive components become islands only then. */
export function withIslands<T>(collector: IslandCollector, render: () => T): T {
  const previous = islands;
  islands = collector;
  try {
    return render();
  } finally {
    islands = previous;
  }
}

// Children written in the page, rendered once on the server and kept as HTML in the browser.
function StaticHtml(props: { html: string }): preact.VNode<any> {
  return preact.h('docsgen-static', { dangerouslySetInnerHTML: { __html: props.html } });
}

/** Props as JSON, or `undefined` when one is not data (a function, an element, a class instance). */
function jsonProps(props: Record<string, unknown>): Record<string, unknown> | undefined {
  const isData = (value: unknown, depth: number): boolean => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean' || value === undefined) return true;
    if (typeof value === 'number') return Number.isFinite(value);
    if (depth > 20 || typeof value !== 'object' || preact.isValidElement(value)) return false;
    if (Array.isArray(value)) return value.every((item) => isData(item, depth + 1));
    const prototype = Object.getPrototypeOf(value);
    return (prototype === Object.prototype || prototype === null) && Object.values(value).every((item) => isData(item, depth + 1));
  };
  return isData(props, 0) ? (JSON.parse(JSON.stringify(props)) as Record<string, unknown>) : undefined;
}

/**
 * Renders an interactive component as an island: its HTML inside `<docsgen-island>` with the
 * module, export and props the browser needs. It renders as it is (no island) outside a page
 * render, in the Markdown twin, inside another island, with props that are not data, when its
 * module cannot run in the browser, or when it uses docsgen's own components (they are not
 * shipped to the browser).
 */
function IslandBoundary(props: { source: IslandSource; component: preact.ComponentType<Record<string, unknown>>; props: Record<string, unknown> }): preact.VNode<any> {
  const context = useContext(RenderContext);
  const plain = (): preact.VNode<any> => preact.h(props.component, props.props);
  const collector = islands;
  if (!collector || island || context.mode !== 'html') return plain();
  const { children, ...rest } = props.props;
  const data = jsonProps(rest);
  const id = data && collector.moduleOf(props.source.file);
  if (!data || id === undefined) return plain();
  const within = (node: preact.ComponentChildren): preact.VNode<any> => preact.h(RenderContext.Provider, { value: context }, node);
  // Text children travel as they are; anything else as the HTML it renders to.
  const isText = typeof children === 'string' || typeof children === 'number';
  const childrenHtml = children === undefined || children === null || isText ? undefined : renderToString(within(children as preact.ComponentChildren));
  const current = { usesProvided: false };
  island = current;
  let html: string;
  try {
    const islandChildren = childrenHtml === undefined ? children : preact.h(StaticHtml, { html: childrenHtml });
    html = renderToString(within(preact.h(props.component, { ...rest, ...(children === undefined ? {} : { children: islandChildren }) })));
  } finally {
    island = undefined;
  }
  if (current.usesProvided) return plain();
  collector.rendered(props.source.file);
  const json = { ...data, ...(children === undefined || children === null ? {} : { children: childrenHtml === undefined ? children : { $html: childrenHtml } }) };
  return preact.h('docsgen-island', { 'data-module': id, 'data-export': props.source.name, 'data-props': JSON.stringify(json), dangerouslySetInnerHTML: { __html: html } });
}

type JsxFunction = (type: unknown, props: Record<string, unknown>, key?: unknown, ...rest: unknown[]) => unknown;

// The JSX runtime project code gets: Preact's, with interactive components made islands.
function islandAware(jsx: JsxFunction): JsxFunction {
  return (type, props, key, ...rest) => {
    const source = typeof type === 'function' && islands && !island ? islandSources.get(type) : undefined;
    return source ? jsx(IslandBoundary, { source, component: type, props }, key) : jsx(type, props, key, ...rest);
  };
}

const projectJsxRuntime = {
  ...preactJsxRuntime,
  jsx: islandAware(preactJsxRuntime.jsx as JsxFunction),
  jsxs: islandAware(preactJsxRuntime.jsxs as JsxFunction),
  jsxDEV: islandAware(preactJsxRuntime.jsxDEV as JsxFunction),
};

/**
 * Renders a page kept as a syntax tree (`.md`, `.mdx` without JavaScript) with the component
 * map (default: the page's), like an MDX page. The literal attribute values an `.mdx` tree
 * keeps are evaluated here, at each render, as compiled code would (`literalValue`); `scope`
 * holds the components it imports, which come before the map and, like a compiled page's,
 * may render as islands.
 */
export function renderTree(tree: Root, components?: Record<string, unknown> | undefined, scope?: Record<string, unknown> | undefined): preact.VNode {
  const map = components ?? pageComponents;
  const runtime = scope ? projectJsxRuntime : preactJsxRuntime;
  // Plain HTML no component sees is written at once (`render-plain.ts`).
  return toJsxRuntime(hasPlainOverride(map) ? tree : withPlainHtml(tree), {
    createEvaluater: () => ({
      evaluateExpression: (expression) =>
        (expression.type as string) === plainHtmlType ? preactJsxRuntime.jsxTemplate([(expression as unknown as { html: string }).html]) : literalValue(expression, map, scope),
      evaluateProgram: () => {
        throw new Error('Cannot run code in a page kept as a tree');
      },
    }),
    Fragment: preactJsxRuntime.Fragment,
    jsx: runtime.jsx as never,
    jsxs: runtime.jsxs as never,
    components: map as never,
    elementAttributeNameCase: 'html',
    stylePropertyNameCase: 'dom',
  }) as preact.VNode;
}

/**
 * Modules project code may import by name. Preact is handed over as the very instance the
 * renderer uses (two copies would break hooks and context), and `react`, `react-dom` and
 * `react/jsx-runtime` are Preact's compatibility layer, so components written for React work.
 */
/** The named modules the browser has for interactive components (renderer `assets/islands.js`). */
export const browserModuleNames: ReadonlySet<string> = new Set([
  'preact',
  'preact/hooks',
  'preact/compat',
  'preact/jsx-runtime',
  'preact/jsx-dev-runtime',
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'virtual:docsgen/mdx-components',
]);

export function createNamedModules(virtualModules: Record<string, unknown>): Record<string, Namespace> {
  const compat = esModule(preactCompat);
  const jsxRuntime = esModule(projectJsxRuntime);
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
 * The page's components as names a `.jsx`/`.tsx` component sees without importing them, as on
 * the hosted platform (Arize's `ReleaseUpdate.jsx` wraps its content in `<Update>`): each name
 * is a component that renders, at render time, what the page's map has under it (a `theme/`
 * override included). A module that imports or declares the name itself keeps its own.
 */
export function providedComponentGlobals(names: Iterable<string>): Record<string, unknown> {
  const globals: Record<string, unknown> = {};
  for (const name of names) {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name) || Object.hasOwn(injectedGlobals, name)) continue;
    const provided = (props: Record<string, unknown>) => {
      const component = mdxComponentsModule.useMDXComponents()[name];
      return component === undefined ? null : preact.h(component as preact.ComponentType, props);
    };
    Object.defineProperty(provided, 'name', { value: name });
    globals[name] = provided;
  }
  return globals;
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
