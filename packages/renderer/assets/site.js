// @docsgen/renderer site script: the light/dark toggle, sidebar groups filled in from the
// shared navigation file, menus (Escape and outside clicks close them), the mobile navigation
// drawer (a modal: focus stays inside, Escape closes it), the tabs row's scroll fades, the
// table of contents' scroll-spy and the reading-progress bar. Labels come in the page's
// language from `<script id="dg-strings">`, through client.js. Plain browser JavaScript, no
// imports: load it with <script src="site.js" defer>. Everything it enhances is server-rendered
// and usable without it. It queries the page on every event rather than keeping references,
// so the dev server's in-place update of <main> needs nothing from it.
(() => {
  'use strict';
  const doc = document;
  const root = doc.documentElement;
  const KEY = 'docsgen:appearance';
  const all = (selector, scope = doc) => Array.from(scope.querySelectorAll(selector));
  // Labels in the page's language, read by client.js (loaded before this file).
  const t = (key) => window.__docsgen?.label(key) ?? key;
  // The search dialog (search.js, next to this file) loads on first use.
  const searchJs = new URL('search.js', doc.currentScript?.src || location.href).href;

  // Colour mode: the head script set it before the first paint; this keeps it in step.
  const system = matchMedia('(prefers-color-scheme: dark)');
  const isStrict = root.hasAttribute('data-strict');
  const stored = () => {
    try {
      return isStrict ? null : localStorage.getItem(KEY);
    } catch {
      return null;
    }
  };
  const showMode = () => {
    const dark = root.getAttribute('data-theme') === 'dark';
    for (const button of all('[data-dg-theme-toggle]')) {
      button.setAttribute('aria-pressed', String(dark));
    }
  };
  const setMode = (mode, remember) => {
    root.setAttribute('data-theme', mode);
    root.classList.toggle('dark', mode === 'dark');
    if (remember) {
      try {
        localStorage.setItem(KEY, mode);
      } catch {
        // Storage may be disabled: the choice holds for this page only.
      }
    }
    showMode();
  };
  system.addEventListener('change', () => {
    if (!stored() && (root.dataset.appearance || 'system') === 'system') setMode(system.matches ? 'dark' : 'light', false);
  });

  // Sidebar groups the page did not render come from one shared file, fetched once.
  let navigation;
  const loadNavigation = () => {
    const src = doc.querySelector('[data-nav-src]')?.getAttribute('data-nav-src');
    navigation ??= src
      ? fetch(src).then((response) => (response.ok ? response.json() : { groups: {} })).catch(() => ({ groups: {} }))
      : Promise.resolve({ groups: {} });
    return navigation;
  };
  const markCurrent = (scope) => {
    const here = location.pathname.replace(/\/+$/, '') || '/';
    for (const link of all('a.dg-nav-link', scope)) {
      if (link.pathname.replace(/\/+$/, '') === here && link.origin === location.origin) link.setAttribute('aria-current', 'page');
    }
  };
  // The current page's entry in view, without moving the page.
  const revealCurrent = () => {
    const current = doc.querySelector('.dg-sidebar [aria-current="page"]');
    const sidebar = current?.closest('.dg-sidebar-wrap');
    if (current && sidebar && sidebar.scrollHeight > sidebar.clientHeight) {
      const offset = current.getBoundingClientRect().top - sidebar.getBoundingClientRect().top;
      if (offset > sidebar.clientHeight - 40) sidebar.scrollTop += offset - sidebar.clientHeight / 3;
    }
  };
  const fill = async (group) => {
    if (group.hasAttribute('data-loaded')) return;
    group.setAttribute('data-loaded', '');
    const entries = (await loadNavigation()).groups?.[group.getAttribute('data-dg-group')];
    const list = group.querySelector(':scope > ul');
    if (typeof entries !== 'string' || !list) return;
    // A long group came as a window around the current page: its rendered subgroups (open on
    // the way to the current page) stay as they are in the whole list.
    const rendered = new Map(all(':scope > li > details[data-dg-group]', list).map((details) => [details.getAttribute('data-dg-group'), details.parentElement]));
    list.innerHTML = entries;
    for (const details of all(':scope > li > details[data-dg-group]', list)) {
      const kept = rendered.get(details.getAttribute('data-dg-group'));
      if (kept) details.parentElement.replaceWith(kept);
    }
    markCurrent(list);
    all('details[data-dg-group][open]:not([data-loaded])', list).forEach(fill);
    if (group.hasAttribute('data-partial')) {
      group.removeAttribute('data-partial');
      revealCurrent();
    }
  };
  // `toggle` does not bubble: listen in the capture phase.
  doc.addEventListener(
    'toggle',
    (event) => {
      const target = event.target;
      if (!(target instanceof HTMLDetailsElement) || !target.open) return;
      if (target.matches('details[data-dg-group]')) fill(target);
      if (target.matches('details.dg-menu')) for (const menu of all('details.dg-menu[open]')) if (menu !== target) menu.open = false;
    },
    true,
  );

  // The mobile navigation: the sidebar slides in as a modal drawer over a dimmed backdrop.
  // Opening moves focus to its close button; Tab and Shift+Tab stay inside it; Escape, the
  // close button, the backdrop or following a link close it, and focus goes back to the
  // button that opened it.
  const drawer = () => doc.getElementById('dg-sidebar');
  const isDrawer = matchMedia('(max-width: 900px)');
  const setNavigation = (open, returnFocus) => {
    const panel = drawer();
    if (!panel || open === root.hasAttribute('data-nav-open')) return;
    root.toggleAttribute('data-nav-open', open);
    for (const button of all('.dg-nav-toggle')) {
      button.setAttribute('aria-expanded', String(open));
      button.setAttribute('aria-label', t(open ? 'closeNavigation' : 'openNavigation'));
    }
    if (open) {
      panel.setAttribute('role', 'dialog');
      panel.setAttribute('aria-modal', 'true');
      panel.querySelector('[data-dg-drawer-close]')?.focus();
    } else {
      panel.removeAttribute('role');
      panel.removeAttribute('aria-modal');
      if (returnFocus) doc.querySelector('.dg-nav-toggle')?.focus();
    }
  };
  isDrawer.addEventListener('change', () => {
    if (!isDrawer.matches) setNavigation(false, false);
  });
  const trapFocus = (event) => {
    const panel = drawer();
    // What Tab can reach: shown, and not inside a closed group.
    const stops = all('a[href], button:not([disabled]), summary, input, select, [tabindex]:not([tabindex="-1"])', panel).filter((element) =>
      element.checkVisibility ? element.checkVisibility({ visibilityProperty: true }) : element.getClientRects().length > 0,
    );
    if (stops.length === 0) return;
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!panel.contains(doc.activeElement)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    } else if (event.shiftKey && doc.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && doc.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    for (const menu of all('details.dg-menu[open]')) if (!menu.contains(target)) menu.open = false;
    // A group with `drilldown`: opening it (a click, or Enter or Space on its heading) opens its
    // first page too; the group opens as the page loads. Closing it only closes it.
    const summary = target?.closest('summary');
    const drilldown = summary?.parentElement?.matches('details[data-dg-drilldown]:not([open])') ? summary.parentElement.getAttribute('data-dg-drilldown') : null;
    if (drilldown && !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) location.assign(drilldown);
    if (target?.closest('[data-dg-search]')) {
      // Keys typed while search.js loads are kept for its input ("navigation", not "avigation").
      const typed = [];
      const keep = (key) => {
        if (key.key.length !== 1 || key.ctrlKey || key.metaKey || key.altKey) return;
        typed.push(key.key);
        key.preventDefault();
      };
      doc.addEventListener('keydown', keep, true);
      import(searchJs)
        .then((search) => search.openSearch({ typed: typed.join('').replace(/^\s+/, '') }))
        .finally(() => doc.removeEventListener('keydown', keep, true));
    } else if (target?.closest('[data-dg-theme-toggle]')) {
      setMode(root.getAttribute('data-theme') === 'dark' ? 'light' : 'dark', true);
    } else if (target?.closest('.dg-nav-toggle')) {
      setNavigation(!root.hasAttribute('data-nav-open'), true);
    } else if (target?.closest('[data-dg-drawer-close]')) {
      setNavigation(false, true);
    } else if (root.hasAttribute('data-nav-open') && (target?.closest('.dg-sidebar-wrap a') || !target?.closest('.dg-sidebar-wrap'))) {
      setNavigation(false, !target?.closest('a'));
    }
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      const open = all('details.dg-menu[open]');
      for (const menu of open) {
        menu.open = false;
        if (menu.contains(doc.activeElement)) menu.querySelector('summary')?.focus();
      }
      if (root.hasAttribute('data-nav-open') && open.length === 0) setNavigation(false, true);
    } else if (event.key === 'Tab' && root.hasAttribute('data-nav-open')) {
      trapFocus(event);
    } else if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)) {
      const search = doc.querySelector('[data-dg-search]');
      if (search) {
        event.preventDefault();
        search.click();
        search.focus();
      }
    }
  });

  // Table of contents: the heading being read is the last one scrolled past.
  const spy = () => {
    const links = all('.dg-toc-link');
    if (links.length === 0) return;
    // A heading in a tab not chosen has no box: it is not being read.
    const shown = links.filter((link) => doc.getElementById(decodeURIComponent(link.hash.slice(1)))?.getClientRects().length > 0);
    let current = shown[0] ?? links[0];
    // A heading counts as read once it is near the bottom of the sticky header.
    const line = (doc.querySelector('.dg-header')?.getBoundingClientRect().bottom ?? 0) + 60;
    for (const link of shown) {
      if (doc.getElementById(decodeURIComponent(link.hash.slice(1))).getBoundingClientRect().top <= line) current = link;
    }
    if (innerHeight + scrollY >= root.scrollHeight - 2) current = shown.at(-1) ?? current;
    for (const link of links) {
      if (link === current) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
  };
  const progress = () => {
    const bar = doc.querySelector('.dg-progress-bar');
    if (!bar) return;
    const range = root.scrollHeight - innerHeight;
    bar.style.transform = `scaleX(${range > 0 ? Math.min(1, Math.max(0, scrollY / range)) : 1})`;
  };
  let frame = 0;
  const onScroll = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      spy();
      progress();
    });
  };
  addEventListener('scroll', onScroll, { passive: true });
  addEventListener('resize', onScroll, { passive: true });

  // The tabs row scrolls sideways on narrow screens: a fade marks each side with more tabs
  // (measured on screen, so it holds right to left too).
  const fadeTabs = () => {
    for (const list of all('.dg-section-tabs:not(.dg-section-tabs-sidebar) > ul')) {
      const frame = list.getBoundingClientRect();
      const items = all(':scope > li', list).map((item) => item.getBoundingClientRect());
      list.parentElement.toggleAttribute('data-more-left', items.some((box) => box.left < frame.left - 1));
      list.parentElement.toggleAttribute('data-more-right', items.some((box) => box.right > frame.right + 1));
    }
  };
  doc.addEventListener('scroll', (event) => {
    if (event.target instanceof Element && event.target.matches('.dg-section-tabs > ul')) fadeTabs();
  }, { capture: true, passive: true });
  addEventListener('resize', fadeTabs, { passive: true });
  // The current tab in view, without scrolling the page.
  const revealTab = () => {
    const current = doc.querySelector('.dg-section-tabs:not(.dg-section-tabs-sidebar) [aria-current="true"]');
    const list = current?.closest('ul');
    if (!list || list.scrollWidth <= list.clientWidth) return;
    const box = current.getBoundingClientRect();
    const frame = list.getBoundingClientRect();
    if (box.left < frame.left || box.right > frame.right) list.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
  };

  const start = () => {
    const mode = root.getAttribute('data-theme');
    if (mode !== 'light' && mode !== 'dark') setMode(system.matches ? 'dark' : 'light', false);
    showMode();
    // Groups above the current page's grow as they fill in: keep its entry in view.
    Promise.all(all('details[data-dg-group][open]:not([data-loaded])').map(fill)).then(revealCurrent, revealCurrent);
    revealCurrent();
    revealTab();
    fadeTabs();
    spy();
    progress();
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', start);
  else start();
})();
