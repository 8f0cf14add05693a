/**
 * Result of `resolveImageUrl`.
 */
export interface ResolvedImageUrl {
  /** Root-relative URL (`/images/x.png`), or the input unchanged when it was not relative. */
  url: string;
  /** Whether `..` segments tried to climb above the project root and were dropped. */
  isClamped: boolean;
}

// Any scheme (`http:`, `data:`, `mailto:`, `C:` …), protocol-relative `//`, root-relative `/`,
// a fragment, or nothing at all: none of them depends on where the page lives.
const notRelative = /^(?:[a-z][a-z\d+.-]*:|[/\\]|#|$)/i;

/**
 * Turn an image URL written relative to a page into a path from the project root.
 *
 * @param url
 *   URL as written by the author (`../images/x.png`, `./img.png`, `img.png?v=2#top`).
 * @param pagePath
 *   Page path relative to the project root (`guides/setup/intro.mdx`).
 * @returns
 *   The root-relative URL and whether `..` had to be clamped at the root.
 */
export function resolveImageUrl(url: string, pagePath: string): ResolvedImageUrl {
  if (notRelative.test(url)) return { url, isClamped: false };

  const split = url.search(/[?#]/);
  const path = split === -1 ? url : url.slice(0, split);
  const rest = split === -1 ? '' : url.slice(split);
  const stack = pageFolder(pagePath);
  let isClamped = false;

  // Backslashes and `%2e` count as `/` and `.`, as browsers and servers read them; otherwise
  // `..\..\x` or `%2e%2e/x` would slip past the clamp.
  for (const segment of path.split(/[/\\]/)) {
    const dots = segment.replace(/%2e/gi, '.');
    if (dots === '' || dots === '.') continue;
    if (dots === '..') {
      if (stack.length === 0) isClamped = true;
      else stack.pop();
      continue;
    }
    stack.push(segment);
  }

  // Keep a trailing slash (`./images/`), which names a folder.
  const trailing = /[/\\]$/.test(path) && stack.length > 0 ? '/' : '';
  return { url: '/' + stack.join('/') + trailing + rest, isClamped };
}

/** Segments of the folder that holds the page, never above the root. */
function pageFolder(pagePath: string): string[] {
  const stack: string[] = [];
  const segments = pagePath.split(/[/\\]/);
  segments.pop();

  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') stack.pop();
    else stack.push(segment);
  }

  return stack;
}
