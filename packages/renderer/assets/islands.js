// Interactive components: each <docsgen-island> holds the server-rendered HTML of one of the
// project's own components (an `export const` of the page, or of a snippet it imports) that
// has state or event handlers. This script runs the component's module code, which the page
// carries in <script id="dg-islands">, and hydrates the island with the props it was rendered
// with, so buttons, inputs and state work. Preact's browser builds load before it and set
// `preact`, `preactHooks`, `preactCompat` and `jsxRuntime` on `window`.
(() => {
  const payload = document.getElementById('dg-islands');
  const preact = window.preact;
  const hooks = window.preactHooks;
  const compat = window.preactCompat;
  const jsxRuntime = window.jsxRuntime;
  if (!payload || !preact || !hooks || !compat || !jsxRuntime) return;
  let data;
  try {
    data = JSON.parse(payload.textContent || '{}');
  } catch (error) {
    console.error('docsgen: cannot read the interactive components of this page', error);
    return;
  }
  const modules = data.modules || {};
  const esModule = (namespace) => Object.assign({ __esModule: true }, namespace);
  // The modules project code imports by name, as on the server (see @docsgen/core runtime.ts).
  const named = {
    preact: esModule(preact),
    'preact/hooks': esModule(hooks),
    'preact/compat': esModule(compat),
    'preact/jsx-runtime': esModule(jsxRuntime),
    'preact/jsx-dev-runtime': esModule(jsxRuntime),
    react: esModule(compat),
    'react-dom': esModule(compat),
    'react/jsx-runtime': esModule(jsxRuntime),
    'react/jsx-dev-runtime': esModule(jsxRuntime),
    // Components that use docsgen's own components are not made interactive, so none are needed.
    'virtual:docsgen/mdx-components': { __esModule: true, useMDXComponents: () => ({}) },
  };
  // React's hooks and `React`, which project code uses without importing them.
  const globals = {
    React: compat.default || compat,
    useState: hooks.useState,
    useEffect: hooks.useEffect,
    useLayoutEffect: hooks.useLayoutEffect,
    useMemo: hooks.useMemo,
    useCallback: hooks.useCallback,
    useRef: hooks.useRef,
    useReducer: hooks.useReducer,
    useContext: hooks.useContext,
    useId: hooks.useId,
  };
  const instances = new Map();

  function load(id) {
    if (instances.has(id)) return instances.get(id);
    const record = modules[id];
    if (!record) throw new Error(`no module \`${id}\` in the page`);
    // A Markdown page imported as a snippet: its content is not needed in the browser.
    if (typeof record.code !== 'string') {
      const exports = { __esModule: true, default: () => null };
      instances.set(id, exports);
      return exports;
    }
    const module = { exports: {} };
    instances.set(id, module.exports);
    const require = (specifier) => {
      if (Object.prototype.hasOwnProperty.call(named, specifier)) return named[specifier];
      const dependency = record.deps && record.deps[specifier];
      if (dependency !== undefined) return load(dependency);
      throw new Error(`\`${id}\` imports \`${specifier}\`, which the browser does not have`);
    };
    new Function('require', 'module', 'exports', ...Object.keys(globals), `'use strict';{\n${record.code}\n}`)(require, module, module.exports, ...Object.values(globals));
    instances.set(id, module.exports);
    return module.exports;
  }

  // Children written in the page (Markdown, docsgen's components) stay as they were rendered.
  const StaticHtml = (props) => preact.h('docsgen-static', { dangerouslySetInnerHTML: { __html: props.html } });

  for (const island of document.querySelectorAll('docsgen-island[data-module]')) {
    try {
      const component = load(island.dataset.module)[island.dataset.export];
      if (typeof component !== 'function') throw new Error(`\`${island.dataset.module}\` has no component \`${island.dataset.export}\``);
      const props = JSON.parse(island.dataset.props || '{}');
      if (props.children && typeof props.children === 'object' && typeof props.children.$html === 'string') {
        props.children = preact.h(StaticHtml, { html: props.children.$html });
      }
      preact.hydrate(preact.h(component, props), island);
      island.setAttribute('data-hydrated', '');
    } catch (error) {
      console.error(`docsgen: cannot make \`${island.dataset.export}\` interactive`, error);
    }
  }
})();
