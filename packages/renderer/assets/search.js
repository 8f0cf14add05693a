// @docsgen/renderer search dialog: loaded by site.js the first time the reader opens search
// (the header's search button, or Ctrl/⌘K), so plain pages pay nothing for it. It loads
// Pagefind's `pagefind.js` from `search/` next to this file (the index `docsgen build` writes and
// `docsgen dev` serves), which fetches only the index chunks a query needs.
//
// Results come by page: each page row shows its title and best excerpt, with its best-matching
// sections (up to 3) under it, each linking to its heading (`url#anchor`). Pages whose title
// holds every word of the query come first. Arrows move through pages and sections, Enter
// opens, Escape closes. With no query the dialog offers the pages opened from search lately,
// else the navigation's first pages.
const doc = document;
const pagesAtOnce = 5;
// Pages whose fragments are loaded to rank title matches first (Pagefind's order ranks by text only).
const rankWindow = 12;
const sectionsPerPage = 3;
const recentKey = 'docsgen:search:recent';
const base = new URL('.', import.meta.url);
let pagefind;
let attempts = 0;
let dialog;

// The dialog's words come in the page's language from `<script id="dg-strings">` (the layout
// writes it, with `{name}` placeholders), English without it.
const english = {
  search: 'Search…',
  searchLabel: 'Search the documentation',
  searchResults: 'Results',
  searchClose: 'Close search',
  searchRecent: 'Recent pages',
  searchSuggested: 'Pages',
  searchNoResults: 'No results for “{query}”',
  searchMatches: '{count} matching pages',
  searchMatchesOne: '1 matching page',
  searchMore: 'Show more results ({count} more)',
  searchUnavailable: 'Search is unavailable: {message}',
  searchToNavigate: 'to move',
  searchToSelect: 'to open',
  searchToClose: 'to close',
};
// client.js reads them for every script (it runs before site.js loads this file); English
// without it, or for a label the page lacks.
function word(key, values = {}) {
  const template = window.__docsgen?.label(key, english[key]) ?? english[key];
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
const words = {
  label: () => word('searchLabel'),
  input: () => word('searchLabel'),
  results: () => word('searchResults'),
  close: () => word('searchClose'),
  placeholder: () => word('search'),
  recent: () => word('searchRecent'),
  suggested: () => word('searchSuggested'),
  noResults: (query) => word('searchNoResults', { query }),
  matches: (total) => (total === 1 ? word('searchMatchesOne') : word('searchMatches', { count: total })),
  more: (count) => word('searchMore', { count }),
  unavailable: (message) => word('searchUnavailable', { message }),
  hints: () => [
    ['↑↓', word('searchToNavigate')],
    ['↵', word('searchToSelect')],
    ['Esc', word('searchToClose')],
  ],
};

const icons = {
  search:
    '<svg class="dg-search-icon" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/></svg>',
  close:
    '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18"/></svg>',
  page: '<svg class="dg-search-kind" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z"/><path d="M14 3v5h5"/></svg>',
  section: '<svg class="dg-search-kind" viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M5 9h14M5 15h14M10 3 8 21M16 3l-2 18"/></svg>',
};

const style = `
.dg-search-dialog{width:min(42rem,calc(100vw - 2rem));max-height:min(38rem,calc(100vh - 4rem));margin:4rem auto auto;padding:0;border:1px solid var(--dg-border,#ddd);border-radius:var(--dg-radius,.5rem);background:var(--dg-bg,#fff);color:var(--dg-fg,#111);box-shadow:0 1rem 3rem rgb(0 0 0/.25);overflow:hidden}
.dg-search-dialog::backdrop{background:rgb(0 0 0/.45)}
.dg-search-dialog[open]{display:flex;flex-direction:column}
.dg-search-field{display:flex;gap:.625rem;align-items:center;padding:.75rem 1rem;border-bottom:1px solid var(--dg-border,#ddd)}
.dg-search-icon{flex:none;color:var(--dg-fg-muted,#666)}
.dg-search-input{flex:1;min-width:0;font:inherit;font-size:1rem;border:0;outline:0;background:transparent;color:inherit}
.dg-search-close{flex:none;display:inline-flex;align-items:center;justify-content:center;width:2rem;height:2rem;border:0;border-radius:.375rem;background:transparent;color:var(--dg-fg-muted,#666);cursor:pointer}
.dg-search-close:hover{background:var(--dg-surface,#f3f3f3);color:var(--dg-fg,#111)}
.dg-search-close:focus-visible{outline:2px solid var(--dg-accent,#16a34a)}
.dg-search-status{padding:.75rem 1rem 0;color:var(--dg-fg-muted,#666);margin:0;font-size:.8125rem}
.dg-search-results{list-style:none;margin:0;padding:.5rem;overflow:auto;flex:1}
.dg-search-heading{margin:0;padding:.5rem .75rem .25rem;color:var(--dg-fg-muted,#666);font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em}
.dg-search-results a{display:flex;gap:.625rem;align-items:flex-start;padding:.5rem .75rem;border-radius:var(--dg-radius,.5rem);color:inherit;text-decoration:none}
.dg-search-kind{flex:none;margin-top:.1875rem;color:var(--dg-fg-muted,#666)}
.dg-search-text{display:grid;min-width:0}
.dg-search-results a.dg-search-result-section{margin-left:1.25rem;padding-block:.375rem;border-left:1px solid var(--dg-border,#ddd);border-radius:0 var(--dg-radius,.5rem) var(--dg-radius,.5rem) 0}
.dg-search-results a[aria-selected=true],.dg-search-more[aria-selected=true]{background:var(--dg-surface,#f3f3f3);outline:2px solid var(--dg-accent,#16a34a);outline-offset:-2px}
.dg-search-title{display:block;font-weight:600}
.dg-search-results a.dg-search-result-section .dg-search-title{font-weight:500;font-size:.9375rem}
.dg-search-path{display:block;color:var(--dg-fg-muted,#666);font-size:.75rem}
.dg-search-excerpt{display:block;font-size:.8125rem;color:var(--dg-fg-muted,#555);overflow:hidden;text-overflow:ellipsis;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.dg-search-excerpt mark{background:color-mix(in srgb,var(--dg-accent,#16a34a) 22%,transparent);color:var(--dg-fg,#111);border-radius:2px}
.dg-search-more{display:block;width:100%;padding:.5rem .75rem;border:0;border-radius:var(--dg-radius,.5rem);background:transparent;color:var(--dg-accent,#16a34a);font:inherit;text-align:left;cursor:pointer}
.dg-search-footer{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:.5rem 1rem;border-top:1px solid var(--dg-border,#ddd);color:var(--dg-fg-muted,#666);font-size:.75rem}
.dg-search-footer kbd{display:inline-block;min-width:1.25rem;margin-right:.25rem;padding:0 .3125rem;border:1px solid var(--dg-border,#ddd);border-radius:.25rem;background:var(--dg-surface,#f3f3f3);font:inherit;text-align:center}
@media (max-width:40rem){.dg-search-dialog{width:100vw;max-width:100vw;height:100dvh;max-height:100dvh;margin:0;border:0;border-radius:0}.dg-search-footer{display:none}}
`;

/** The version chosen in the header's version menu, to search that version only (`data-current` names it in any language). */
function currentFilters() {
  const version = doc.querySelector('.dg-variant-menu summary[data-variant="version"]')?.getAttribute('data-current');
  return version ? { version } : {};
}

function element(name, attributes = {}, text) {
  const node = doc.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function createDialog() {
  doc.head.append(element('style', {}, style));
  const prompt = doc.querySelector('[data-dg-search] .dg-search-prompt')?.textContent || words.placeholder();
  const node = element('dialog', { class: 'dg-search-dialog', 'aria-modal': 'true', 'aria-label': words.label() });
  const field = element('div', { class: 'dg-search-field' });
  const input = element('input', {
    class: 'dg-search-input',
    // Not type=search: there Escape first clears the field instead of closing the dialog.
    type: 'text',
    role: 'combobox',
    'aria-label': words.input(),
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': 'dg-search-results',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: prompt,
  });
  // The platform's documented id of the field, which its help-center template fills from its
  // own "popular searches" buttons: kept unless the page has an element of that id already.
  if (!doc.getElementById('search-input')) input.id = 'search-input';
  const close = element('button', { type: 'button', class: 'dg-search-close', 'aria-label': words.close() });
  close.innerHTML = icons.close;
  field.innerHTML = icons.search;
  field.append(input, close);
  const status = element('p', { class: 'dg-search-status', role: 'status' });
  const heading = element('p', { class: 'dg-search-heading', id: 'dg-search-heading' });
  const list = element('ul', { class: 'dg-search-results', id: 'dg-search-results', role: 'listbox', 'aria-label': words.results() });
  const footer = element('div', { class: 'dg-search-footer', 'aria-hidden': 'true' });
  for (const [key, what] of words.hints()) {
    const hint = element('span');
    hint.append(element('kbd', {}, key), ` ${what}`);
    footer.append(hint);
  }
  node.append(field, status, heading, list, footer);
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
  let ids = 0;
  const row = (className, item, icon) => {
    // The link is the option: an option holding a link would be a control inside a control.
    const option = element('li', { role: 'none' });
    const link = element('a', { class: className, role: 'option', id: `dg-search-option-${ids++}`, 'aria-selected': 'false', href: item.url, tabindex: '-1', 'data-page-title': item.pageTitle || item.title });
    link.innerHTML = icon;
    const text = element('span', { class: 'dg-search-text' });
    text.append(element('span', { class: 'dg-search-title' }, item.title));
    if (item.path) text.append(element('span', { class: 'dg-search-path' }, item.path));
    if (item.excerpt) {
      const excerpt = element('span', { class: 'dg-search-excerpt' });
      // Pagefind escapes `<` and `>` of the page text and adds <mark>; anything else is escaped
      // again here, so a change there cannot put markup from a page into this one.
      excerpt.innerHTML = String(item.excerpt).replace(/<(?!\/?mark>)/g, '&lt;');
      text.append(excerpt);
    }
    link.append(text);
    option.append(link);
    return option;
  };

  let latest = '';
  // `found`: what searchFor returned; its `rest` are the matching pages not loaded yet.
  let found = { total: 0, pages: [], rest: [] };
  const show = (query, keepSelection = -1) => {
    ids = 0;
    const rows = [];
    for (const page of found.pages) {
      rows.push(row('dg-search-result', page, icons.page));
      for (const section of page.sections) rows.push(row('dg-search-result-section', section, icons.section));
    }
    if (found.rest.length > 0) {
      const more = element('li', { role: 'none' });
      more.append(element('button', { type: 'button', tabindex: '-1', class: 'dg-search-more', role: 'option', id: 'dg-search-option-more', 'aria-selected': 'false' }, words.more(found.rest.length)));
      rows.push(more);
    }
    list.replaceChildren(...rows);
    heading.hidden = true;
    list.setAttribute('aria-label', words.results());
    list.removeAttribute('aria-labelledby');
    // Which query the rows answer (tests and styles can tell a stale list from a current one).
    list.setAttribute('data-query', query);
    input.setAttribute('aria-expanded', String(found.pages.length > 0));
    status.textContent = found.total === 0 ? words.noResults(query) : words.matches(found.total);
    status.hidden = false;
    select(keepSelection >= 0 ? keepSelection : found.pages.length > 0 ? 0 : -1);
  };
  // No query: the pages opened from search lately, else the navigation's first pages.
  const showStart = () => {
    found = { total: 0, pages: [], rest: [] };
    const recent = readRecent();
    const pages = recent.length > 0 ? recent : navigationPages();
    ids = 0;
    heading.textContent = recent.length > 0 ? words.recent() : words.suggested();
    heading.hidden = pages.length === 0;
    list.removeAttribute('aria-label');
    list.setAttribute('aria-labelledby', heading.id);
    list.replaceChildren(...pages.map((page) => row('dg-search-suggestion', page, icons.page)));
    list.removeAttribute('data-query');
    input.setAttribute('aria-expanded', String(pages.length > 0));
    status.textContent = '';
    status.hidden = true;
    select(-1);
  };
  const showMore = async () => {
    const query = latest;
    const shown = found;
    const pages = await pagesOf(shown.rest.slice(0, pagesAtOnce));
    if (latest !== query || found !== shown) return;
    const before = options().length - 1;
    found = { total: shown.total, pages: [...shown.pages, ...pages], rest: shown.rest.slice(pagesAtOnce) };
    show(query, before);
  };
  const update = async () => {
    const query = input.value.trim();
    latest = query;
    if (query === '') return showStart();
    let result;
    try {
      result = await searchFor(query);
    } catch (error) {
      // A query typed since then shows its own result (it loads Pagefind again).
      if (latest !== query) return;
      found = { total: 0, pages: [], rest: [] };
      list.replaceChildren();
      heading.hidden = true;
      status.hidden = false;
      status.textContent = words.unavailable(error instanceof Error ? error.message : error);
      return;
    }
    if (result && latest === query) {
      found = result;
      show(query);
    }
  };
  input.addEventListener('input', update);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      select(selected + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && selected >= 0) {
      event.preventDefault();
      const option = options()[selected];
      if (option?.id === 'dg-search-option-more') void showMore();
      else if (option?.matches('a')) follow(option);
    }
  });
  list.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('.dg-search-more')) void showMore();
    else if (target?.closest('a')) {
      remember(target.closest('a'));
      node.close();
    }
  });
  list.addEventListener('mousemove', (event) => {
    const option = event.target instanceof Element ? event.target.closest('[role=option]') : null;
    if (option) select(options().indexOf(option));
  });
  close.addEventListener('click', () => node.close());
  // A click on the backdrop (outside the box) closes the dialog.
  node.addEventListener('click', (event) => {
    if (event.target === node) node.close();
  });
  showStart();
  // Opened again: the first row is selected, whatever was selected when it closed.
  const reset = () => select(options().length > 0 && input.value.trim() !== '' ? 0 : -1);
  return { node, input, update, reset };
}

function follow(link) {
  remember(link);
  dialog.node.close();
  location.href = link.href;
  // Same page, other heading: a hash change alone does not reload, so scroll to it.
  const target = link.hash && link.pathname === location.pathname ? doc.getElementById(decodeURIComponent(link.hash.slice(1))) : null;
  target?.scrollIntoView();
}

/** Pages opened from search, newest first (this browser only). */
function readRecent() {
  try {
    const list = JSON.parse(localStorage.getItem(recentKey) || '[]');
    return Array.isArray(list) ? list.filter((page) => page && typeof page.url === 'string' && typeof page.title === 'string').slice(0, pagesAtOnce) : [];
  } catch {
    return [];
  }
}

function remember(link) {
  const title = link.getAttribute('data-page-title');
  if (!title) return;
  const url = link.pathname;
  try {
    const list = [{ url, title }, ...readRecent().filter((page) => page.url !== url)].slice(0, pagesAtOnce);
    localStorage.setItem(recentKey, JSON.stringify(list));
  } catch {
    // Storage may be blocked: nothing is remembered.
  }
}

/** The navigation's first pages, as the sidebar lists them (the current page left out). */
function navigationPages() {
  const seen = new Set([location.pathname]);
  const pages = [];
  for (const link of doc.querySelectorAll('.dg-sidebar a.dg-nav-link[href^="/"]')) {
    if (seen.has(link.pathname)) continue;
    seen.add(link.pathname);
    const title = link.querySelector('.dg-nav-label')?.textContent?.trim() || link.textContent.trim();
    if (title) pages.push({ url: link.pathname, title });
    if (pages.length === pagesAtOnce + 1) break;
  }
  return pages;
}

/** The words of a query, lower-case. */
const termsOf = (text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * How well a title names the query, lower is better: 0 when the title is the query; else, when
 * every query word starts a word of the title, 1 plus the title's other words ("OpenAPI setup"
 * names `openapi` better than "Migrating MDX API pages to OpenAPI navigation"); else Infinity.
 */
function titleRank(title, terms) {
  const words = termsOf(title);
  if (words.join(' ') === terms.join(' ')) return 0;
  const isMatch = terms.every((term) => words.some((word) => word.startsWith(term)));
  return isMatch ? 1 + words.filter((word) => !terms.some((term) => word.startsWith(term))).length : Infinity;
}

/**
 * The best pages for a query: Pagefind's first pages, reordered so that title matches come
 * first, each with its best sections; pages with nothing to show for the query (no title
 * match, no highlighted word) are left out. `rest`: the other matches, to load on demand.
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
  const terms = termsOf(query);
  const loaded = await Promise.all(search.results.slice(0, rankWindow).map((result) => result.data()));
  const ranked = loaded
    .map((data, order) => ({ data, order, rank: titleRank(data.meta?.title || '', terms) }))
    .filter(({ data, rank }) => rank < Infinity || hasMatch(data, terms))
    .sort((a, b) => Math.min(a.rank, 99) - Math.min(b.rank, 99) || a.order - b.order)
    .map(({ data }) => ({ data: () => Promise.resolve(data) }));
  const dropped = loaded.length - ranked.length;
  const all = [...ranked, ...search.results.slice(rankWindow)];
  const pages = await pagesOf(all.slice(0, pagesAtOnce));
  return { total: search.results.length - dropped, pages, rest: all.slice(pagesAtOnce) };
}

/**
 * Whether Pagefind highlighted a word of the query in the page's excerpts: a word starting with a
 * query word, or the stem of one (at least 3 letters of it). Pagefind also returns pages for
 * words that are only the first letter of a query word: `zzzxqv` found the `-z` of a shell script.
 */
function hasMatch(data, terms) {
  const excerpts = [data.excerpt, ...(data.sub_results ?? []).map((section) => section.excerpt)].join(' ');
  const marked = [...String(excerpts).matchAll(/<mark>(.*?)<\/mark>/g)].flatMap((match) => termsOf(match[1]));
  return marked.some((word) => terms.some((term) => word.startsWith(term) || (term.startsWith(word) && word.length >= Math.min(term.length, 3))));
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

/** Rows of the dialog: each page with its best sections (not the page's own top, which the page row is). */
async function pagesOf(results) {
  const datas = await Promise.all(results.map((result) => result.data()));
  return datas.map((page) => {
    const title = page.meta?.title || page.url;
    const pageUrl = page.url.split('#')[0];
    const sections = (page.sub_results ?? [])
      .filter((section) => section.url.includes('#') && section.title && section.title !== title)
      .sort((a, b) => (b.locations?.length ?? 0) - (a.locations?.length ?? 0))
      .slice(0, sectionsPerPage)
      .map((section) => ({ url: section.url, title: section.title, excerpt: section.excerpt, pageTitle: title }));
    // The page row shows the text before its first heading when the query is there.
    const top = (page.sub_results ?? []).find((section) => !section.url.includes('#'));
    const excerpt = top && String(top.excerpt).includes('<mark>') ? top.excerpt : sections.length === 0 ? page.excerpt : '';
    return { url: pageUrl, title, pageTitle: title, path: pageUrl, excerpt, sections };
  });
}

/**
 * Opens the search dialog (creating it on first use) with the input focused at once, so the
 * next key typed lands in it. `typed`: keys typed while this module loaded (site.js keeps them).
 */
export function openSearch(options) {
  dialog ??= createDialog();
  if (!dialog.node.open) dialog.node.showModal();
  dialog.input.focus();
  const typed = options && typeof options.typed === 'string' ? options.typed : '';
  if (typed !== '') {
    dialog.input.value = typed;
    void dialog.update();
  } else if (dialog.input.value !== '') {
    // Reopened with the last query: selected, so typing replaces it.
    dialog.input.select();
    dialog.reset();
  }
}
