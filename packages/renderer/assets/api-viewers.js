// Loads the embeddable API viewers (viewer-a, viewer-b, viewer-c) on pages that use them.
// Plain browser JavaScript, no imports; linked only on pages with a `[data-dg-viewer]` box.
// Each box holds `<script type="application/json" data-dg-viewer-data>` with
// `{ viewer, document, bundle: { scripts, styles, source, integrity? } }`. When a box nears
// the viewport, its viewer's styles and scripts are loaded (once per page, in order), then
// the viewer is mounted with the one-operation document. A bundle that fails to load, or a
// viewer that fails to start, leaves a message in the box, never an empty box.
(() => {
  'use strict';
  const boxes = Array.from(document.querySelectorAll('[data-dg-viewer]'));
  if (boxes.length === 0) return;

  const titles = { 'viewer-a': 'Redoc', 'viewer-b': 'Scalar API Reference', 'viewer-c': 'Stoplight Elements' };
  const root = document.documentElement;
  const isDark = () => {
    const theme = root.getAttribute('data-theme');
    if (theme === 'dark' || root.classList.contains('dark')) return true;
    if (theme === 'light') return false;
    return window.matchMedia('(prefers-color-scheme: dark)').matches;
  };

  // One request per URL, whatever the number of boxes.
  const requests = new Map();
  const load = (url, integrity, isStyle) => {
    if (!requests.has(url)) {
      requests.set(
        url,
        new Promise((resolve, reject) => {
          const element = document.createElement(isStyle ? 'link' : 'script');
          if (isStyle) {
            element.rel = 'stylesheet';
            element.href = url;
          } else {
            // Scripts added by script run as soon as they arrive unless `async` is off.
            element.async = false;
            element.src = url;
          }
          if (integrity) {
            element.integrity = integrity;
            element.crossOrigin = 'anonymous';
          }
          element.addEventListener('load', () => resolve());
          element.addEventListener('error', () => reject(new Error(`${url} could not be loaded`)));
          document.head.append(element);
        }),
      );
    }
    return requests.get(url);
  };

  const mounters = {
    // Redoc: read-only, it has no try-it.
    'viewer-a': (target, spec) =>
      new Promise((resolve, reject) => {
        const Redoc = window.Redoc;
        if (!Redoc || typeof Redoc.init !== 'function') throw new Error('the Redoc bundle did not define Redoc.init');
        Redoc.init(
          spec,
          {
            hideDownloadButton: true,
            disableSearch: true,
            expandResponses: '200,201',
            nativeScrollbars: true,
            hideLoading: true,
            // A spec is untrusted input: Redoc runs its Markdown HTML through DOMPurify.
            untrustedSpec: true,
            // Redoc lays out by window width; in a content column its one-column layout fits,
            // with the menu (one entry here) and its floating button left out.
            hideFab: true,
            theme: { breakpoints: { small: '100000px', medium: '100000px', large: '100000px' } },
          },
          target,
          (error) => (error ? reject(error) : resolve()),
        );
      }),
    // Scalar API Reference: its own try-it client.
    'viewer-b': (target, spec) => {
      const Scalar = window.Scalar;
      if (!Scalar || typeof Scalar.createApiReference !== 'function') throw new Error('the Scalar bundle did not define Scalar.createApiReference');
      Scalar.createApiReference(target, {
        content: spec,
        showSidebar: false,
        hideModels: true,
        hideSearch: true,
        hideDarkModeToggle: true,
        forceDarkModeState: isDark() ? 'dark' : 'light',
        documentDownloadType: 'none',
        showDeveloperTools: 'never',
        // No requests to Scalar's servers: fonts, telemetry, the AI agent, the MCP button.
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
      });
    },
    // Stoplight Elements: the web component, try-it hidden.
    'viewer-c': (target, spec) => {
      if (!window.customElements || !window.customElements.get('elements-api')) throw new Error('the Elements bundle did not define <elements-api>');
      // The stacked layout draws operations by tag and leaves untagged ones out: give them the
      // group name docsgen's navigation uses for them.
      const tagged = JSON.parse(JSON.stringify(spec));
      for (const item of Object.values(tagged.paths || {})) {
        for (const [key, operation] of Object.entries(item || {})) {
          if (!/^(get|put|post|delete|options|head|patch|trace)$/.test(key) || !operation || typeof operation !== 'object') continue;
          if (!Array.isArray(operation.tags) || operation.tags.length === 0) operation.tags = ['Endpoints'];
        }
      }
      const element = document.createElement('elements-api');
      element.setAttribute('apiDescriptionDocument', JSON.stringify(tagged));
      element.setAttribute('router', 'hash');
      element.setAttribute('hideTryIt', 'true');
      element.setAttribute('hideExport', 'true');
      element.setAttribute('layout', 'stacked');
      // The stacked layout draws the tag group and the operation collapsed; the document has
      // one operation, so open each header once, as the reader would.
      const opened = new WeakSet();
      const open = () => {
        for (const header of element.querySelectorAll('.sl-cursor-pointer')) {
          if (opened.has(header)) continue;
          opened.add(header);
          header.click();
        }
      };
      const observer = new MutationObserver(open);
      observer.observe(element, { childList: true, subtree: true });
      setTimeout(() => observer.disconnect(), 15000);
      target.append(element);
    },
  };

  const mount = async (box) => {
    const status = box.querySelector('.dg-viewer-status');
    const say = (text, state) => {
      box.setAttribute('data-dg-viewer-state', state);
      if (status) {
        status.textContent = text;
        status.hidden = text === '';
      }
    };
    let title = 'The API viewer';
    try {
      const data = JSON.parse(box.querySelector('script[data-dg-viewer-data]').textContent);
      const mounter = Object.prototype.hasOwnProperty.call(mounters, data.viewer) ? mounters[data.viewer] : undefined;
      if (!mounter) throw new Error(`unknown viewer ${String(data.viewer)}`);
      title = titles[data.viewer];
      const bundle = data.bundle || { scripts: [], styles: [] };
      const integrity = bundle.integrity || {};
      say(`Loading ${title}…`, 'loading');
      await Promise.all(bundle.styles.map((url) => load(url, integrity[url], true)));
      for (const url of bundle.scripts) await load(url, integrity[url], false);
      const target = document.createElement('div');
      target.className = 'dg-viewer-mount';
      box.append(target);
      await mounter(target, data.document);
      say('', 'ready');
    } catch (error) {
      console.error('[docsgen] API viewer:', error);
      say(`${title} could not be shown: ${error && error.message ? error.message : String(error)}. Check the network connection, or install the viewer's npm package in the project to serve it from the site.`, 'error');
    }
  };

  const start = (box) => {
    if (box.hasAttribute('data-dg-viewer-state')) return;
    box.setAttribute('data-dg-viewer-state', 'loading');
    void mount(box);
  };
  if (!('IntersectionObserver' in window)) {
    boxes.forEach(start);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        start(entry.target);
      }
    },
    { rootMargin: '800px 0px' },
  );
  boxes.forEach((box) => observer.observe(box));
})();
