// @docsgen/renderer: fills the GitHub repository cards of the page (`<GitHub.Repo>`,
// `[data-github-repo]`) with the repository's description, stars and forks from GitHub's
// public API. client.js loads it only when a card is on the page. One request per repository;
// a card whose request fails keeps what the server drew (owner, name and link).
(() => {
  'use strict';
  const lang = document.documentElement.lang || undefined;
  let compact;
  try {
    compact = new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });
  } catch {
    compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
  }
  const requests = new Map();
  const show = (card, part, text) => {
    const element = card.querySelector(`[data-github-${part}]`);
    if (!element || text === undefined || text === '') return;
    (element.querySelector('.dg-github-repo-count') ?? element).textContent = text;
    element.hidden = false;
  };
  const count = (value) => (typeof value === 'number' && Number.isFinite(value) ? compact.format(value) : undefined);
  for (const card of document.querySelectorAll('[data-github-repo]:not([data-github-loaded])')) {
    card.setAttribute('data-github-loaded', '');
    const repo = card.getAttribute('data-github-repo');
    // The server wrote only `owner/name` slugs; anything else is not asked for.
    if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(repo)) continue;
    if (!requests.has(repo)) {
      requests.set(
        repo,
        fetch(`https://api.github.com/repos/${repo}`, { headers: { Accept: 'application/vnd.github+json' } }).then((response) =>
          response.ok ? response.json() : Promise.reject(new Error(`GitHub answered ${response.status}`)),
        ),
      );
    }
    requests.get(repo).then(
      (data) => {
        show(card, 'description', typeof data.description === 'string' ? data.description : undefined);
        show(card, 'stars', count(data.stargazers_count));
        show(card, 'forks', count(data.forks_count));
        card.setAttribute('data-github-loaded', 'true');
      },
      () => card.setAttribute('data-github-loaded', 'false'),
    );
  }
})();
