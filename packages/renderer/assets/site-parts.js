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

  // "Copy page" menu: the WAI-ARIA menu button pattern
  // (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/). Its words come in the page's
  // language from `<script id="dg-strings">` (the layout writes it), English without it.
  const english = {
    copied: 'Copied',
    couldNotCopy: 'Could not copy',
    pageCopied: 'Page copied as Markdown',
    linkCopied: 'Markdown link copied',
    mcpCopied: 'MCP server URL copied',
    commandCopied: 'Install command copied',
  };
  // client.js reads them for every script (the layout loads it first); English without it.
  const word = (key) => window.__docsgen?.label(key, english[key]) ?? english[key];
  // The same text and links as contextual-menu.ts writes when it knows the site URL.
  const prompt = (url) => `Read ${url} so I can ask questions about it.`;
  const mcpInstallLink = (editor, name, url) => {
    if (editor === 'cursor') {
      const bytes = new TextEncoder().encode(JSON.stringify({ url }));
      return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(btoa(String.fromCharCode(...bytes)))}`;
    }
    return `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name, type: 'http', url }))}`;
  };

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

  const bindMenu = (menu) => {
    const twin = menu.getAttribute('data-twin');
    const name = menu.getAttribute('data-name') || 'docs';
    // Without a configured site URL the server only knew paths: the page's own origin stands in.
    const twinUrl = menu.getAttribute('data-twin-url') || absolute(twin);
    const mcpUrl = menu.getAttribute('data-mcp-url') || absolute('/mcp');
    const status = menu.querySelector('[role="status"]');
    const toggle = menu.querySelector('.dg-contextual-toggle');
    const list = menu.querySelector('[role="menu"]');
    const items = list ? Array.from(list.querySelectorAll('[role="menuitem"]')) : [];

    if (!menu.hasAttribute('data-twin-url')) {
      for (const link of menu.querySelectorAll('a[data-prompt]')) link.href = link.getAttribute('data-prompt') + encodeURIComponent(prompt(twinUrl));
      for (const link of menu.querySelectorAll('a[data-editor]')) link.href = mcpInstallLink(link.getAttribute('data-editor'), name, mcpUrl);
      for (const link of menu.querySelectorAll('a[data-template]')) {
        try {
          const template = JSON.parse(link.getAttribute('data-template'));
          const fill = (value) => String(value).split('$page').join(twinUrl).split('$mcp').join(mcpUrl);
          const base = fill(template.base);
          const query = template.query.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(fill(value))}`).join('&');
          const href = query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
          // The server checked the template's scheme; filling in URLs must not change it.
          if (new URL(href, location.href).protocol === new URL(link.href).protocol) link.href = href;
        } catch {
          // Keep the server's link.
        }
      }
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

    const texts = {
      copy: () => [
        fetch(twin, { headers: { Accept: 'text/markdown' } }).then((response) => {
          if (!response.ok) throw new Error(String(response.status));
          return response.text();
        }),
        word('pageCopied'),
      ],
      'copy-url': () => [twinUrl, word('linkCopied')],
      mcp: () => [mcpUrl, word('mcpCopied')],
      'add-mcp': () => [`npx add-mcp ${mcpUrl}`, word('commandCopied')],
    };
    const run = async (button, action) => {
      if (!texts[action]) return;
      const [text, done] = texts[action]();
      try {
        await copyText(text);
        menu.setAttribute('data-copied', action);
        say(done);
        flash(button, word('copied'));
      } catch {
        say(word('couldNotCopy'));
        flash(button, word('couldNotCopy'));
      }
    };

    const isOpen = () => toggle && toggle.getAttribute('aria-expanded') === 'true';
    const focusItem = (index) => {
      if (items.length > 0) items[(index + items.length) % items.length].focus();
    };
    const open = (focusIndex) => {
      if (!toggle || !list) return;
      toggle.setAttribute('aria-expanded', 'true');
      list.hidden = false;
      focusItem(focusIndex);
    };
    const close = (returnFocus) => {
      if (!toggle || !list || !isOpen()) return;
      toggle.setAttribute('aria-expanded', 'false');
      list.hidden = true;
      if (returnFocus) toggle.focus();
    };

    menu.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-action]');
      if (button) {
        run(button, button.getAttribute('data-action'));
        close(button.getAttribute('role') === 'menuitem');
      } else if (event.target.closest('a[role="menuitem"]')) {
        close(true);
      }
    });
    if (!toggle || !list) return;

    // A pointer click opens the menu with its first item focused, as a keyboard opening does.
    toggle.addEventListener('click', () => (isOpen() ? close(false) : open(0)));
    toggle.addEventListener('keydown', (event) => {
      const first = { ArrowDown: 0, Enter: 0, ' ': 0, ArrowUp: -1 }[event.key];
      if (first === undefined) return;
      // Enter and Space would also click the button (a second toggle).
      event.preventDefault();
      open(first);
    });
    list.addEventListener('keydown', (event) => {
      const index = items.indexOf(doc.activeElement);
      const moves = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
      if (event.key in moves) {
        event.preventDefault();
        focusItem(moves[event.key]);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      } else if (event.key === 'Tab') {
        close(false);
      } else if (event.key === ' ' && doc.activeElement && doc.activeElement.tagName === 'A') {
        // Space activates a menu item; a link alone would scroll the page.
        event.preventDefault();
        doc.activeElement.click();
      } else if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
        // Type-ahead: the next item whose title starts with the character.
        const char = event.key.toLowerCase();
        const titles = items.map((item) => (item.querySelector('.dg-contextual-title')?.textContent || '').trim().toLowerCase());
        for (let step = 1; step <= items.length; step += 1) {
          const next = (index + step) % items.length;
          if (titles[next].startsWith(char)) {
            focusItem(next);
            break;
          }
        }
      }
    });
    doc.addEventListener('click', (event) => {
      if (!menu.contains(event.target)) close(false);
    });
    menu.addEventListener('focusout', (event) => {
      if (event.relatedTarget && !menu.contains(event.relatedTarget)) close(false);
    });
  };

  // Each menu is bound once, even if this script runs twice.
  for (const menu of doc.querySelectorAll('.dg-contextual[data-twin]:not([data-bound])')) {
    menu.setAttribute('data-bound', '');
    bindMenu(menu);
  }

})();
