/**
 * The browser's own globals that an event handler written on a plain element of a page may use
 * (`recmaHandlerIslands`): the window and the objects it holds, its functions, and the DOM
 * classes handlers construct or test against. The page is rendered in Node, which has none of
 * them, so `name in globalThis` cannot tell; the globals JavaScript and Node share with the
 * browser (`JSON`, `Math`, `Date`, `URL`, `console`, `setTimeout`, `fetch`, …) are found that
 * way (`isSharedGlobal`). Those that handlers use most are listed here too, so the list says on
 * its own what a handler may use (docs/guides/snippets.mdx shows it).
 *
 * Words a snippet takes as props as readily as the browser uses them as globals (`name`,
 * `status`, `event`, `prompt`, `title`, `origin`, `open`, `top`, `parent`, …) are left out: in
 * a handler they stay what the page or snippet means by them.
 */
export const browserGlobals: ReadonlySet<string> = new Set([
  // The window and what it holds.
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'customElements',
  'console',
  'crypto',
  'performance',
  // Its functions.
  'alert',
  'confirm',
  'fetch',
  'getComputedStyle',
  'getSelection',
  'matchMedia',
  'scrollTo',
  'scrollBy',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'queueMicrotask',
  'structuredClone',
  'atob',
  'btoa',
  // DOM classes.
  'Node',
  'Element',
  'HTMLElement',
  'HTMLInputElement',
  'Event',
  'CustomEvent',
  'KeyboardEvent',
  'MouseEvent',
  'ClipboardItem',
  'Blob',
  'FileReader',
  'DOMParser',
  'IntersectionObserver',
  'MutationObserver',
  'ResizeObserver',
]);

// In Node's `globalThis` but not in the browser's.
const serverOnlyGlobals: ReadonlySet<string> = new Set([
  'process',
  'Buffer',
  'global',
  'setImmediate',
  'clearImmediate',
  'require',
  'module',
  'exports',
  '__filename',
  '__dirname',
]);

/** Whether `name` is a global of both the server that renders the page and the browser. */
export function isSharedGlobal(name: string): boolean {
  return name in globalThis && !serverOnlyGlobals.has(name);
}

/** Whether `name` is a global in the browser: one of `browserGlobals` or a shared one. */
export function isBrowserGlobal(name: string): boolean {
  return browserGlobals.has(name) || isSharedGlobal(name);
}
