// @docsgen/renderer search dialog: loaded by site.js the first time the reader opens search
// (the header's search button, or Ctrl/⌘K), so plain pages pay nothing for it. It loads
// Pagefind's `pagefind.js` from `search/` next to this file (the index `docsgen build` writes and
// `docsgen dev` serves), which fetches only the index chunks a query needs. Results show the
// page title, the section heading and Pagefind's excerpt with the matched words in <mark>;
// arrows move, Enter opens, Escape closes, and each result links to its heading (`url#anchor`).
// The best 5 pages are loaded first, as Pagefind's own UI does (each is a fragment download); a
// last option loads 5 more.
const doc = document;
const pagesAtOnce = 5;
const base = new URL('.', import.meta.url);
let pagefind;
let attempts = 0;
let dialog;

const style = `
.dg-search-dialog{width:min(40rem,calc(100vw - 2rem));max-height:min(36rem,calc(100vh - 4rem));margin:4rem auto auto;padding:0;border:1px solid var(--dg-border,#ddd);border-radius:var(--dg-radius,.5rem);background:var(--dg-bg,#fff);color:var(--dg-fg,#111);box-shadow:0 1rem 3rem rgb(0 0 0/.25);overflow:hidden}
.dg-search-dialog::backdrop{background:rgb(0 0 0/.4)}
.dg-search-dialog[open]{display:flex;flex-direction:column}
.dg-search-field{display:flex;gap:.5rem;align-items:center;padding:.75rem 1rem;border-bottom:1px solid var(--dg-border,#ddd)}
.dg-search-input{flex:1;font:inherit;font-size:1rem;border:0;outline:0;background:transparent;color:inherit}
.dg-search-status{padding:1rem;color:var(--dg-fg-muted,#666);margin:0}
.dg-search-results{list-style:none;margin:0;padding:.5rem;overflow:auto}
.dg-search-result a{display:block;padding:.5rem .75rem;border-radius:var(--dg-radius,.5rem);color:inherit;text-decoration:none}
.dg-search-result[aria-selected=true] a{background:var(--dg-surface,#f3f3f3);outline:2px solid var(--dg-accent,#16a34a)}
.dg-search-title{display:block;font-weight:600}
.dg-search-section{color:var(--dg-fg-muted,#666);font-weight:400}
.dg-search-excerpt{display:block;font-size:.875rem;color:var(--dg-fg-muted,#555)}
.dg-search-more button{display:block;width:100%;padding:.5rem .75rem;border:0;border-radius:var(--dg-radius,.5rem);background:transparent;color:var(--dg-accent,#16a34a);font:inherit;text-align:left;cursor:pointer}
.dg-search-more[aria-selected=true] button{background:var(--dg-surface,#f3f3f3);outline:2px solid var(--dg-accent,#16a34a)}
.dg-search-excerpt mark{background:color-mix(in srgb,var(--dg-accent,#16a34a) 25%,transparent);color:inherit}
`;

/** The version shown in the header's version menu (`Version: v2`), to search that version only. */
function currentFilters() {
  const label = doc.querySelector('.dg-variant-menu summary[aria-label^="Version: "]')?.getAttribute('aria-label');
  return label ? { version: label.slice('Version: '.length) } : {};
}

function element(name, attributes = {}, text) {
  const node = doc.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function createDialog() {
  doc.head.append(element('style', {}, style));
  const prompt = doc.querySelector('[data-dg-search] .dg-search-prompt')?.textContent || 'Search…';
  const node = element('dialog', { class: 'dg-search-dialog', 'aria-modal': 'true', 'aria-label': 'Search' });
  const field = element('div', { class: 'dg-search-field' });
  const input = element('input', {
    class: 'dg-search-input',
    // Not type=search: there Escape first clears the field instead of closing the dialog.
    type: 'text',
    role: 'combobox',
    'aria-label': 'Search the documentation',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': 'dg-search-results',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: prompt,
  });
  field.append(input);
  const status = element('p', { class: 'dg-search-status', role: 'status' });
  const list = element('ul', { class: 'dg-search-results', id: 'dg-search-results', role: 'listbox', 'aria-label': 'Results' });
  node.append(field, status, list);
  doc.body.append(node);

  let selected = -1;
  const options = () => Array.from(list.querySelectorAll('[role=option]'));
  const select = (index) => {
    const all = options();
    selected = all.length === 0 ? -1 : (index + all.length) % all.length;
    all.forEach((option, i) => option.setAttribute('aria-selected', String(i === selected)));
    if (selected < 0) input.removeAttribute('aria-activedescendant');
    else {
      input.setAttribute('aria-activedescendant', all[selected].id);
      all[selected].scrollIntoView({ block: 'nearest' });
    }
  };
  let latest = '';
  // `found`: what searchFor returned; its `rest` are the matching pages not loaded yet.
  let found = { total: 0, items: [], rest: [] };
  const show = (query, keepSelection = -1) => {
    const { items, rest, total } = found;
    const rows = items.map((item, i) => {
      const option = element('li', { class: 'dg-search-result', role: 'option', id: `dg-search-option-${i}`, 'aria-selected': 'false' });
      const link = element('a', { href: item.url, tabindex: '-1' });
      const title = element('span', { class: 'dg-search-title' }, item.title);
      if (item.section && item.section !== item.title) title.append(element('span', { class: 'dg-search-section' }, ` › ${item.section}`));
      const excerpt = element('span', { class: 'dg-search-excerpt' });
      // Pagefind escapes `<` and `>` of the page text and adds <mark>; anything else is escaped
      // again here, so a change there cannot put markup from a page into this one.
      excerpt.innerHTML = String(item.excerpt ?? '').replace(/<(?!\/?mark>)/g, '&lt;');
      link.append(title, excerpt);
      option.append(link);
      return option;
    });
    if (rest.length > 0) {
      const more = element('li', { class: 'dg-search-more', role: 'option', id: 'dg-search-option-more', 'aria-selected': 'false' });
      more.append(element('button', { type: 'button', tabindex: '-1' }, `Show more results (${rest.length} more page${rest.length === 1 ? '' : 's'})`));
      rows.push(more);
    }
    list.replaceChildren(...rows);
    input.setAttribute('aria-expanded', String(items.length > 0));
    status.textContent = query === '' ? '' : total === 0 ? `No results for “${query}”` : `${total} matching page${total === 1 ? '' : 's'}`;
    status.hidden = status.textContent === '';
    select(keepSelection >= 0 ? keepSelection : items.length > 0 ? 0 : -1);
  };
  const showMore = async () => {
    const query = latest;
    const shown = found;
    const items = await itemsOf(shown.rest.slice(0, pagesAtOnce));
    if (latest !== query || found !== shown) return;
    found = { total: shown.total, items: [...shown.items, ...items], rest: shown.rest.slice(pagesAtOnce) };
    show(query, shown.items.length);
  };
  input.addEventListener('input', async () => {
    const query = input.value.trim();
    latest = query;
    if (query === '') {
      found = { total: 0, items: [], rest: [] };
      return show('');
    }
    let result;
    try {
      result = await searchFor(query);
    } catch (error) {
      status.hidden = false;
      status.textContent = `Search is unavailable: ${error instanceof Error ? error.message : error}`;
      return;
    }
    if (result && latest === query) {
      found = result;
      show(query);
    }
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      select(selected + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && selected >= 0) {
      event.preventDefault();
      const option = options()[selected];
      if (option?.id === 'dg-search-option-more') void showMore();
      const link = option?.querySelector('a');
      if (link) follow(link);
    }
  });
  list.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('.dg-search-more')) void showMore();
    else if (target?.closest('a')) node.close();
  });
  list.addEventListener('mousemove', (event) => {
    const option = event.target instanceof Element ? event.target.closest('[role=option]') : null;
    if (option) select(options().indexOf(option));
  });
  // A click on the backdrop (outside the box) closes the dialog.
  node.addEventListener('click', (event) => {
    if (event.target === node) node.close();
  });
  return { node, input };
}

function follow(link) {
  dialog.node.close();
  location.href = link.href;
  // Same page, other heading: a hash change alone does not reload, so scroll to it.
  const target = link.hash && link.pathname === location.pathname ? doc.getElementById(decodeURIComponent(link.hash.slice(1))) : null;
  target?.scrollIntoView();
}

/**
 * The best sections of the best pages: the first 5 pages, each with its 3 best-matching
 * sections, and the other matching pages to load on demand.
 */
async function searchFor(query) {
  const loading = (pagefind ??= loadPagefind());
  let module;
  try {
    module = await loading;
  } catch (error) {
    // Not kept: the next query loads it again (a dev server that could not index the site then
    // may by now).
    if (pagefind === loading) pagefind = undefined;
    throw error;
  }
  const search = await module.debouncedSearch(query, { filters: currentFilters() }, 120);
  if (search === null) return null;
  const items = await itemsOf(search.results.slice(0, pagesAtOnce));
  return { total: search.results.length, items, rest: search.results.slice(pagesAtOnce) };
}

async function loadPagefind() {
  // A module that failed to load stays failed under its URL in this document: each new attempt
  // asks for it under another one.
  attempts += 1;
  const url = new URL('search/pagefind.js', base);
  if (attempts > 1) url.searchParams.set('attempt', String(attempts));
  const module = await import(url.href);
  // No web worker: it would cost another 43 KB for queries that take milliseconds here. Pagefind
  // 1.6 takes `noWorker` from options set before init (and logs that `options()` does not know it).
  await module.options({ excerptLength: 24, noWorker: true });
  await module.init();
  return module;
}

async function itemsOf(results) {
  const pages = await Promise.all(results.map((result) => result.data()));
  const items = [];
  for (const page of pages) {
    const title = page.meta?.title || page.url;
    const sections = [...(page.sub_results ?? [])].sort((a, b) => (b.locations?.length ?? 0) - (a.locations?.length ?? 0)).slice(0, 3);
    if (sections.length === 0) items.push({ url: page.url, title, section: '', excerpt: page.excerpt });
    for (const section of sections) items.push({ url: section.url, title, section: section.title, excerpt: section.excerpt });
  }
  return items;
}

/** Opens the search dialog (creating it on first use) with the input focused. */
export function openSearch() {
  dialog ??= createDialog();
  if (!dialog.node.open) dialog.node.showModal();
  // After site.js's Ctrl/⌘K handler has focused the button.
  requestAnimationFrame(() => {
    dialog.input.focus();
    dialog.input.select();
  });
}
