// @docsgen/renderer Mermaid loader. Plain browser JavaScript, no imports: load it after the
// bundle, <script src="mermaid.min.js" defer></script><script src="mermaid-loader.js" defer>.
// Draws every <pre class="mermaid"> in the page's colour mode (<html data-theme>, class
// `dark`, else the system setting) and draws again when that mode changes.
//
// Zoom and pan: a diagram gets zoom in / zoom out / reset buttons in a corner
// (`data-placement`, default bottom-right) when `data-actions="true"`, or, without
// `data-actions`, when it is drawn taller than 120px; `data-actions="false"` never. Such a
// diagram also pans by dragging, zooms with Ctrl (or ⌘) + wheel, and, focused, with + - 0 and
// the arrow keys. The view is a CSS transform on the SVG, scale clamped to 0.5-4.
(() => {
  'use strict';
  const root = document.documentElement;
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const isDark = () => {
    const theme = root.getAttribute('data-theme');
    if (theme === 'dark' || root.classList.contains('dark')) return true;
    if (theme === 'light') return false;
    return media.matches;
  };

  const minScale = 0.5;
  const maxScale = 4;
  const step = 1.25;
  const autoHeight = 120;
  const placements = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
  // Per diagram: { scale, x, y }; kept across redraws in the other colour mode.
  const views = new WeakMap();

  const clamp = (scale) => Math.min(maxScale, Math.max(minScale, scale));

  const apply = (node) => {
    const svg = node.querySelector(':scope > svg');
    const view = views.get(node);
    if (!svg || !view) return;
    svg.style.transformOrigin = 'center center';
    svg.style.transform =
      view.scale === 1 && view.x === 0 && view.y === 0 ? '' : `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
    node.dataset.scale = String(Math.round(view.scale * 1000) / 1000);
  };

  const zoom = (node, factor) => {
    const view = views.get(node);
    view.scale = clamp(view.scale * factor);
    apply(node);
  };

  const reset = (node) => {
    views.set(node, { scale: 1, x: 0, y: 0 });
    apply(node);
  };

  const button = (label, text, action) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.className = 'dg-mermaid-action';
    element.setAttribute('aria-label', label);
    element.title = label;
    element.textContent = text;
    element.addEventListener('click', action);
    return element;
  };

  // Listeners go on the <pre>, which survives redraws; they act only while it is enhanced.
  const listen = (node) => {
    if (node.dataset.zoomListening !== undefined) return;
    node.dataset.zoomListening = '';
    let drag;
    node.addEventListener('pointerdown', (event) => {
      if (node.dataset.zoomable === undefined || event.button !== 0 || event.target.closest('.dg-mermaid-actions')) return;
      const view = views.get(node);
      drag = { id: event.pointerId, x: event.clientX - view.x, y: event.clientY - view.y };
      node.setPointerCapture(event.pointerId);
      node.dataset.panning = '';
    });
    node.addEventListener('pointermove', (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      const view = views.get(node);
      view.x = event.clientX - drag.x;
      view.y = event.clientY - drag.y;
      apply(node);
    });
    const end = (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      drag = undefined;
      delete node.dataset.panning;
    };
    node.addEventListener('pointerup', end);
    node.addEventListener('pointercancel', end);
    node.addEventListener(
      'wheel',
      (event) => {
        // A plain wheel scrolls the page; only a pinch or Ctrl/⌘ + wheel zooms.
        if (node.dataset.zoomable === undefined || !(event.ctrlKey || event.metaKey)) return;
        event.preventDefault();
        zoom(node, Math.exp(-event.deltaY * 0.002));
      },
      { passive: false },
    );
    node.addEventListener('keydown', (event) => {
      if (node.dataset.zoomable === undefined || event.target !== node || event.altKey || event.ctrlKey || event.metaKey) return;
      const view = views.get(node);
      const pan = { ArrowLeft: [40, 0], ArrowRight: [-40, 0], ArrowUp: [0, 40], ArrowDown: [0, -40] }[event.key];
      if (event.key === '+' || event.key === '=') zoom(node, step);
      else if (event.key === '-') zoom(node, 1 / step);
      else if (event.key === '0') reset(node);
      else if (pan) {
        view.x += pan[0];
        view.y += pan[1];
        apply(node);
      } else return;
      event.preventDefault();
    });
  };

  const enhance = (node) => {
    const svg = node.querySelector(':scope > svg');
    if (!svg) return;
    const wanted = node.dataset.actions;
    // A diagram in a closed tab or accordion has no box yet: its drawn size is the viewBox.
    const height = svg.getBoundingClientRect().height || (svg.viewBox && svg.viewBox.baseVal ? svg.viewBox.baseVal.height : 0);
    const show = wanted === 'true' || (wanted !== 'false' && height > autoHeight);
    if (!show) {
      delete node.dataset.zoomable;
      node.removeAttribute('tabindex');
      return;
    }
    if (!views.has(node)) views.set(node, { scale: 1, x: 0, y: 0 });
    const placement = placements.includes(node.dataset.placement) ? node.dataset.placement : 'bottom-right';
    const bar = document.createElement('div');
    bar.className = 'dg-mermaid-actions';
    bar.dataset.placement = placement;
    bar.setAttribute('role', 'toolbar');
    bar.setAttribute('aria-label', 'Diagram zoom');
    bar.append(
      button('Zoom in', '+', () => zoom(node, step)),
      button('Zoom out', '\u2212', () => zoom(node, 1 / step)),
      button('Reset zoom', '\u21ba', () => reset(node)),
    );
    node.append(bar);
    node.dataset.zoomable = '';
    // Focusable, so the keyboard can pan and zoom too.
    node.tabIndex = 0;
    node.setAttribute('aria-label', 'Diagram: drag or use the arrow keys to pan, + and - to zoom, 0 to reset');
    listen(node);
    apply(node);
  };

  let current;
  const draw = async () => {
    const mermaid = window.mermaid;
    const dark = isDark();
    if (!mermaid || dark === current) return;
    current = dark;
    const nodes = Array.from(document.querySelectorAll('pre.mermaid'));
    for (const node of nodes) {
      // Keep the source: mermaid replaces it with the SVG.
      if (node.dataset.source === undefined) node.dataset.source = node.textContent;
      else node.textContent = node.dataset.source;
      node.removeAttribute('data-processed');
      delete node.dataset.drawn;
    }
    // `strict`: no HTML labels or click handlers from diagram text.
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default' });
    try {
      await mermaid.run({ nodes });
    } catch (error) {
      console.error('[docsgen] Mermaid could not draw a diagram:', error);
    }
    for (const node of nodes) {
      enhance(node);
      // Drawn and, when it gets them, with its controls (tests and user scripts wait for this).
      node.dataset.drawn = '';
    }
  };

  new MutationObserver(draw).observe(root, { attributes: true, attributeFilter: ['data-theme', 'class'] });
  media.addEventListener('change', draw);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', draw);
  else draw();
})();
