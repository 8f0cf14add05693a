// @docsgen/renderer site parts client script. Plain browser JavaScript, no imports: load it
// with <script src="site-parts.js" defer>. It closes the banner (remembering the choice) and
// runs the "Copy page" menu; both render on the server and need nothing else.
(() => {
  'use strict';
  const doc = document;
  const root = doc.documentElement;

  // Banner: the dismissal is stored under the banner's own key (derived from `banner.id`), so
  // a banner with a new id is shown again. The head script hides a dismissed banner before
  // first paint by setting the same attribute on <html>.
  const BANNER_PREFIX = 'docsgen:banner:';
  for (const banner of doc.querySelectorAll('.dg-banner[data-dismissible]')) {
    const key = banner.getAttribute('data-banner-key');
    const close = banner.querySelector('.dg-banner-close');
    if (!key || !close) continue;
    close.addEventListener('click', () => {
      root.setAttribute('data-dg-banner-dismissed', '');
      banner.hidden = true;
      try {
        // Keys of earlier banners mean nothing any more.
        for (let i = localStorage.length - 1; i >= 0; i -= 1) {
          const old = localStorage.key(i);
          if (old && old.startsWith(BANNER_PREFIX) && old !== key) localStorage.removeItem(old);
        }
        localStorage.setItem(key, String(Date.now()));
      } catch {
        // Storage may be blocked; the banner stays closed on this page only.
      }
    });
  }

  // "Copy page" menu
  const prompt = (url) => `Read ${url} so I can ask questions about it.`;

  const copyText = async (text) => {
    // A ClipboardItem with a promise keeps the click's user activation while the twin loads
    // (Safari drops it across an await); other browsers fall back to writeText.
    if (window.ClipboardItem && navigator.clipboard.write) {
      try {
        const blob = Promise.resolve(text).then((value) => new Blob([value], { type: 'text/plain' }));
        await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
        return;
      } catch {
        // Fall through.
      }
    }
    await navigator.clipboard.writeText(await text);
  };

  const absolute = (path) => {
    try {
      return new URL(path, location.href).href;
    } catch {
      // A page without a base URL (about:blank, some previews).
      return path;
    }
  };

  for (const menu of doc.querySelectorAll('.dg-contextual')) {
    const twin = menu.getAttribute('data-twin');
    const twinUrl = menu.getAttribute('data-twin-url') || absolute(twin);
    const status = menu.querySelector('[role="status"]');
    const toggle = menu.querySelector('.dg-contextual-toggle');
    const list = menu.querySelector('[role="menu"]');
    const items = list ? Array.from(list.querySelectorAll('[role="menuitem"]')) : [];

    // Without a configured site URL the server only knew the twin's path.
    for (const link of menu.querySelectorAll('a[data-prompt]')) {
      link.href = link.getAttribute('data-prompt') + encodeURIComponent(prompt(twinUrl));
    }

    const say = (text) => {
      if (!status) return;
      status.textContent = '';
      setTimeout(() => (status.textContent = text), 50);
    };

    const flash = (button, text) => {
      const label = button.querySelector('.dg-contextual-label, .dg-contextual-title');
      if (!label) return;
      const before = label.getAttribute('data-label') || label.textContent;
      label.setAttribute('data-label', before);
      label.textContent = text;
      clearTimeout(button._dgTimer);
      button._dgTimer = setTimeout(() => (label.textContent = before), 2000);
    };

    const run = async (button, action) => {
      try {
        if (action === 'copy') {
          const text = fetch(twin, { headers: { Accept: 'text/markdown' } }).then((response) => {
            if (!response.ok) throw new Error(String(response.status));
            return response.text();
          });
          await copyText(text);
          say('Page copied as Markdown');
        } else {
          await copyText(twinUrl);
          say('Markdown link copied');
        }
        menu.setAttribute('data-copied', action);
        flash(button, 'Copied');
      } catch {
        say('Could not copy');
        flash(button, 'Could not copy');
      }
    };

    const isOpen = () => toggle && toggle.getAttribute('aria-expanded') === 'true';
    const open = (focusIndex) => {
      if (!toggle || !list) return;
      toggle.setAttribute('aria-expanded', 'true');
      list.hidden = false;
      if (focusIndex !== undefined && items.length > 0) items[(focusIndex + items.length) % items.length].focus();
    };
    const close = (returnFocus) => {
      if (!toggle || !list || !isOpen()) return;
      toggle.setAttribute('aria-expanded', 'false');
      list.hidden = true;
      if (returnFocus) toggle.focus();
    };

    menu.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-action]');
      if (button && menu.contains(button)) {
        run(button, button.getAttribute('data-action'));
        close(button.getAttribute('role') === 'menuitem');
        return;
      }
      if (event.target.closest('a[role="menuitem"]')) close(false);
    });
    if (!toggle || !list) continue;

    toggle.addEventListener('click', () => (isOpen() ? close(false) : open(0)));
    toggle.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        open(event.key === 'ArrowDown' ? 0 : -1);
      }
    });
    list.addEventListener('keydown', (event) => {
      const index = items.indexOf(doc.activeElement);
      const moves = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
      if (event.key in moves) {
        event.preventDefault();
        items[(moves[event.key] + items.length) % items.length].focus();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      } else if (event.key === 'Tab') {
        close(false);
      }
    });
    doc.addEventListener('click', (event) => {
      if (!menu.contains(event.target)) close(false);
    });
    menu.addEventListener('focusout', (event) => {
      if (event.relatedTarget && !menu.contains(event.relatedTarget)) close(false);
    });
  }
})();
