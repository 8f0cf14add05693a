// @docsgen/renderer Mermaid loader. Plain browser JavaScript, no imports: load it after the
// bundle, <script src="mermaid.min.js" defer></script><script src="mermaid-loader.js" defer>.
// Draws every <pre class="mermaid"> in the page's colour mode (<html data-theme>, class
// `dark`, else the system setting) and draws again when that mode changes.
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
    }
    // `strict`: no HTML labels or click handlers from diagram text.
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default' });
    try {
      await mermaid.run({ nodes });
    } catch (error) {
      console.error('[docsgen] Mermaid could not draw a diagram:', error);
    }
  };

  new MutationObserver(draw).observe(root, { attributes: true, attributeFilter: ['data-theme', 'class'] });
  media.addEventListener('change', draw);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', draw);
  else draw();
})();
