// @docsgen/renderer client script (plain, no imports; <script src="client.js" defer>): it
// enhances server-rendered content components, each readable without it.
(() => {
  'use strict';
  const doc = document;
  const here = doc.currentScript?.src || location.href;
  const KEY = 'docsgen:tabs';
  const all = (root, selector) => Array.from(root.querySelectorAll(selector));
  // The page's labels (`#dg-strings`), for all scripts: `__docsgen.label`.
  let strings;
  const t = (key, fallback = key) => {
    try {
      strings ??= JSON.parse(doc.getElementById('dg-strings')?.textContent || '{}');
    } catch {
      strings = {};
    }
    return strings[key] ?? fallback;
  };
  window.__docsgen = { label: t };

  // Labels the reader chose, newest first; synced tabs and views follow them.
  const stored = () => {
    try {
      const list = JSON.parse(localStorage.getItem(KEY) || '[]');
      return Array.isArray(list) ? list : [];
    } catch {
      return [];
    }
  };
  const remember = (label) => {
    try {
      localStorage.setItem(KEY, JSON.stringify([label, ...stored().filter((l) => l !== label)].slice(0, 20)));
    } catch {
      // Storage may be disabled; syncing still works on this page.
    }
  };

  let live;
  const announce = (text) => {
    if (!live) {
      live = doc.createElement('div');
      live.className = 'dg-sr-only';
      live.setAttribute('role', 'status');
      doc.body.append(live);
    }
    live.textContent = '';
    setTimeout(() => (live.textContent = text), 50);
  };

  // Tabs and code groups
  const tabsOf = (set) => all(set, ':scope > .dg-tabs-list > .dg-tab');
  const labelsOf = (set) => tabsOf(set).map((tab) => tab.dataset.label);

  const select = (set, index, focus) => {
    const radios = all(set, ':scope > .dg-tabs-radio');
    tabsOf(set).forEach((tab, i) => {
      tab.setAttribute('aria-selected', String(i === index));
      tab.tabIndex = i === index ? 0 : -1;
      if (radios[i]) radios[i].checked = i === index;
      if (i === index && focus) tab.focus();
    });
    const menu = set.querySelector(':scope > .dg-tabs-select');
    if (menu) menu.selectedIndex = index;
  };

  const syncLabel = (label, except) => {
    for (const set of all(doc, '[data-dg-tabs][data-sync="true"]')) {
      const index = labelsOf(set).indexOf(label);
      if (set !== except && index >= 0) select(set, index, false);
    }
    showView(label);
  };

  const choose = (set, index, focus) => {
    // Keep the chosen set where it is on screen while sets above it change height.
    const top = set.getBoundingClientRect().top;
    select(set, index, focus);
    if (set.dataset.sync === 'true') {
      const label = labelsOf(set)[index];
      remember(label);
      syncLabel(label, set);
    }
    window.scrollBy(0, set.getBoundingClientRect().top - top);
  };

  const enhanceTabs = (set) => {
    set.setAttribute('data-enhanced', '');
    const labels = labelsOf(set);
    let index = Math.max(0, all(set, ':scope > .dg-tabs-radio').findIndex((radio) => radio.checked));
    if (set.dataset.sync === 'true') {
      const preferred = stored().find((label) => labels.includes(label));
      if (preferred !== undefined) index = labels.indexOf(preferred);
    }
    if (set.hasAttribute('data-dropdown')) {
      const menu = doc.createElement('select');
      menu.className = 'dg-tabs-select';
      menu.setAttribute('aria-label', t('chooseTab'));
      for (const label of labels) menu.add(new Option(label, label));
      menu.addEventListener('change', () => choose(set, menu.selectedIndex, false));
      set.prepend(menu);
    }
    select(set, index, false);
  };

  // A link to a section: the element the address names, else the heading that had that id
  // before (`data-dg-alias`, GitHub-style), shown first if it sits in a tab not chosen or a
  // closed accordion. The browser scrolls to an element it can see by itself.
  const seek = () => {
    let id;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch {
      return;
    }
    if (!id) return;
    const target = doc.getElementById(id) ?? doc.querySelector(`[data-dg-alias="${CSS.escape(id)}"]`);
    if (!target) return;
    let isRevealed = false;
    for (let node = target.parentElement; node; node = node.parentElement) {
      if (node.matches('.dg-tab-panel') && node.parentElement?.matches('[data-dg-tabs]')) {
        const set = node.parentElement;
        const index = all(set, ':scope > .dg-tab-panel').indexOf(node);
        if (all(set, ':scope > .dg-tabs-radio')[index]?.checked === false) {
          select(set, index, false);
          isRevealed = true;
        }
      } else if (node instanceof HTMLDetailsElement && !node.open) {
        node.open = true;
        isRevealed = true;
      }
    }
    if (isRevealed || target.id !== id) target.scrollIntoView();
  };
  addEventListener('hashchange', seek);

  // Views: one shown at a time, chosen from a menu before the first one.
  let views = [];
  let viewMenu;
  const showView = (title) => {
    if (!views.some((view) => view.dataset.view === title)) return;
    for (const view of views) view.hidden = view.dataset.view !== title;
    viewMenu.value = title;
  };
  const enhanceViews = () => {
    views = all(doc, '.dg-view');
    if (views.length === 0) return;
    const titles = [...new Set(views.map((view) => view.dataset.view))];
    viewMenu = doc.createElement('select');
    viewMenu.className = 'dg-view-select';
    viewMenu.setAttribute('aria-label', t('view'));
    for (const title of titles) viewMenu.add(new Option(title, title));
    viewMenu.addEventListener('change', () => {
      remember(viewMenu.value);
      syncLabel(viewMenu.value);
    });
    views[0].before(viewMenu);
    for (const view of views) view.setAttribute('data-enhanced', '');
    showView(stored().find((title) => titles.includes(title)) ?? titles[0]);
  };

  // Copy buttons: text (a code block's, beside its icon) and name say "Copied", then go back.
  const copy = (button, text) => {
    const label = button.querySelector('.dg-code-copy-text') ?? button;
    const { dataset } = button;
    dataset.label ??= label.textContent;
    dataset.name ??= button.ariaLabel ?? '';
    const show = (copied) => {
      label.textContent = copied ? t('copied') : dataset.label;
      if (dataset.name) button.ariaLabel = copied ? t('copied') : dataset.name;
      button.toggleAttribute('data-copied', copied);
    };
    navigator.clipboard.writeText(text).then(
      () => {
        show(true);
        announce(t('copiedToClipboard'));
        clearTimeout(button.dgTimer);
        button.dgTimer = setTimeout(() => show(false), 2000);
      },
      () => announce(t('couldNotCopy')),
    );
  };

  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const tab = target?.closest('.dg-tab');
    const set = tab?.closest('[data-dg-tabs]');
    if (tab && set?.hasAttribute('data-enhanced')) {
      event.preventDefault();
      choose(set, tabsOf(set).indexOf(tab), false);
      return;
    }
    const button = target?.closest('button');
    if (!button) return;
    if (button.matches('.dg-code-copy')) {
      const code = button.closest('.dg-code')?.querySelector('.dg-code-body pre');
      if (code) copy(button, code.textContent.replace(/\n$/, ''));
    } else if (button.matches('.dg-api-copy')) {
      // An API page's endpoint URL (`playground: simple`).
      copy(button, button.dataset.copy ?? '');
    } else if (button.matches('.dg-code-expand')) {
      const block = button.closest('.dg-code');
      const open = !block.hasAttribute('data-expanded');
      block.toggleAttribute('data-expanded', open);
      button.setAttribute('aria-expanded', String(open));
      button.textContent = open ? t('showLess') : t('showMore');
    } else if (button.matches('[data-prompt-action]')) {
      const text = button.closest('.dg-prompt')?.querySelector('.dg-prompt-body')?.innerText.trim() ?? '';
      if (button.dataset.promptAction === 'copy') copy(button, text);
      else if (button.dataset.promptAction === 'cursor') {
        location.href = 'cursor://anysphere.cursor-deeplink/prompt?text=' + encodeURIComponent(text);
      }
    }
  });

  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      for (const tip of all(doc, '.dg-tooltip:hover, .dg-tooltip:focus-within')) tip.setAttribute('data-dismissed', '');
      return;
    }
    const tab = event.target instanceof Element ? event.target.closest('.dg-tab') : null;
    const set = tab?.closest('[data-dg-tabs][data-enhanced]');
    if (!set) return;
    const tabs = tabsOf(set);
    const index = tabs.indexOf(tab);
    const count = tabs.length;
    const next = { ArrowRight: (index + 1) % count, ArrowLeft: (index - 1 + count) % count, Home: 0, End: count - 1, Enter: index, ' ': index }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(set, next, true);
  });

  // A tooltip shown near the edge of the screen moves sideways to stay on it.
  const place = (event) => {
    const content = event.target instanceof Element ? event.target.closest('.dg-tooltip')?.querySelector(':scope > .dg-tooltip-content') : null;
    if (!content) return;
    content.style.removeProperty('--dg-tooltip-shift');
    const box = content.getBoundingClientRect();
    const edge = doc.documentElement.clientWidth - 8;
    const shift = box.width === 0 ? 0 : box.right > edge ? edge - box.right : Math.max(0, 8 - box.left);
    if (shift) content.style.setProperty('--dg-tooltip-shift', `${Math.round(shift)}px`);
  };
  for (const type of ['mouseover', 'focusin']) doc.addEventListener(type, place);

  // A dismissed tooltip shows again once the pointer or focus has left it.
  const undismiss = (event) => {
    const tip = event.target instanceof Element ? event.target.closest('.dg-tooltip[data-dismissed]') : null;
    if (tip && !tip.contains(event.relatedTarget)) tip.removeAttribute('data-dismissed');
  };
  for (const type of ['mouseout', 'focusout']) doc.addEventListener(type, undismiss);

  const start = () => {
    enhanceViews();
    all(doc, '[data-dg-tabs]').forEach(enhanceTabs);
    seek();
    // GitHub repository cards get their figures from github-repo.js, loaded only for them.
    if (doc.querySelector('[data-github-repo]')) doc.head.append(Object.assign(doc.createElement('script'), { src: new URL('github-repo.js', here).href }));
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', start);
  else start();
})();
