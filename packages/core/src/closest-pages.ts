// The pages closest to an address that has none: one ranking for the dev server's
// `errors.404.redirect`, the link checker's suggestions and the built-in 404 page, which ranks
// in the browser (a static host answers every unknown path with the same 404.html).

/** What `rankClosestPages` gives. */
export interface RankClosestPagesOptions {
  /** How many entries at most. */
  count: number;
  /**
   * Compare the last segments too, and take the smaller distance: a page moved to another folder
   * keeps its name (the 404 page's list; a redirect goes by the whole path).
   */
  isNameCompared: boolean;
}

/**
 * The source of `rankClosestPages`, plain browser JavaScript. The 404 page's script carries this
 * text as it is, and Node runs the same text: a build and a bundled build write the same bytes
 * (a function's `toString()` would differ between them), and there is one ranking.
 */
export const rankClosestPagesSource = String.raw`function rankClosestPages(path, paths, options) {
  const { count, isNameCompared } = options;
  const keys = [path, ...paths].map((entry) => entry.replace(/\.html$/, '').replace(/^\/+|\/+$/g, '').toLowerCase().slice(0, 200));
  const wanted = keys[0];
  const wantedSegments = wanted.split('/');
  const wantedLast = wanted.slice(wanted.lastIndexOf('/') + 1);
  // Leading segments in common first (cheap); edit distances only within the best groups, as
  // many as it takes to fill count (one group, mostly).
  const byShared = paths
    .map((entry, order) => {
      const segments = keys[order + 1].split('/');
      let shared = 0;
      while (shared < segments.length && shared < wantedSegments.length && segments[shared] === wantedSegments[shared] && segments[shared] !== '') shared += 1;
      return { entry, key: keys[order + 1], order, shared, distance: 0 };
    })
    .sort((a, b) => b.shared - a.shared || a.order - b.order);
  const end = byShared.findIndex((item, index) => index >= count && item.shared < byShared[count - 1].shared);
  const ranked = byShared.slice(0, end === -1 ? byShared.length : end);
  const codes = [];
  const row = [];
  for (const item of ranked) {
    let best = Infinity;
    const pairs = [[wanted, item.key], ...(isNameCompared ? [[wantedLast, item.key.slice(item.key.lastIndexOf('/') + 1)]] : [])];
    for (const pair of pairs) {
      // Levenshtein distance as the leven package computes it: the common ends trimmed, then
      // one row over the shorter string.
      const [a, b] = pair[0].length <= pair[1].length ? pair : [pair[1], pair[0]];
      let aEnd = a.length;
      let bEnd = b.length;
      while (aEnd > 0 && a.charCodeAt(aEnd - 1) === b.charCodeAt(bEnd - 1)) {
        aEnd -= 1;
        bEnd -= 1;
      }
      let start = 0;
      while (start < aEnd && a.charCodeAt(start) === b.charCodeAt(start)) start += 1;
      const aLength = aEnd - start;
      const bLength = bEnd - start;
      let distance = bLength;
      for (let i = 0; i < aLength; i += 1) {
        codes[i] = a.charCodeAt(start + i);
        row[i] = i + 1;
      }
      for (let j = 0; j < bLength && aLength > 0; j += 1) {
        const code = b.charCodeAt(start + j);
        let diagonal = j;
        distance = j + 1;
        for (let i = 0; i < aLength; i += 1) {
          const substitution = code === codes[i] ? diagonal : diagonal + 1;
          diagonal = row[i];
          distance = row[i] = Math.min(substitution, diagonal + 1, distance + 1);
        }
      }
      best = Math.min(best, distance);
    }
    item.distance = best;
  }
  return ranked
    .sort((a, b) => b.shared - a.shared || a.distance - b.distance || a.order - b.order)
    .slice(0, count)
    .map((item) => item.entry);
}`;

/**
 * The entries of `paths` (page paths or slugs) closest to `path`, closest first: the most
 * leading path segments in common, then the smallest edit distance of the whole path (or of
 * its last segment, with `isNameCompared`), then the earliest in `paths`. Compared without
 * slashes at the ends, a `.html` ending or case, and at most 200 characters of each, so a
 * hostile address costs no more than a long one.
 */
export const rankClosestPages = new Function(`${rankClosestPagesSource}\nreturn rankClosestPages;`)() as (
  path: string,
  paths: readonly string[],
  options: RankClosestPagesOptions,
) => string[];
