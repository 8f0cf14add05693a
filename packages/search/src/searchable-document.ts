// The document Pagefind reads for a page: only its <article>, marked as the indexed region,
// without the markup that is not the page's own text.

/** Selectors of what Pagefind leaves out of a page (`excludeSelectors` of its index). */
// Inside the indexed <article>: page chrome that is not the page's own text, and the controls
// and labels components draw around it (a code block's "Copy" button and language, text for
// screen readers only, table header rows, field badges), which made excerpts read "…</Tabs>
// Copy ComponentProps…".
export const excludeSelectors = [
  '.dg-eyebrow',
  '.dg-contextual',
  '.dg-reading-time',
  '.dg-pager',
  '.dg-footer',
  'script',
  'style',
  'svg',
  'button',
  '[aria-hidden="true"]',
  '.dg-sr-only',
  'thead',
  // A code block's language label ("bash") and a field's "required" or "deprecated" badge.
  '.dg-code-language',
  '.dg-field-badge',
];

/**
 * The document Pagefind reads for a page: `data-pagefind-body` on the page's `<article>`, and
 * inside it the keywords (weighted, not shown in excerpts) and the version and language filters.
 */
export function searchableDocument(html: string, keywords: readonly string[], variant?: { version?: string | undefined; language?: string | undefined }): string {
  const extra = [
    keywords.length > 0 ? `<p data-pagefind-weight="5" data-pagefind-meta="keywords">${escapeText(keywords.join(', '))}</p>` : '',
    // Filter values are not the page's text: out of its words and excerpts (`data-pagefind-ignore`).
    variant?.version === undefined ? '' : `<span data-pagefind-filter="version" data-pagefind-ignore hidden>${escapeText(variant.version)}</span>`,
    variant?.language === undefined ? '' : `<span data-pagefind-filter="language" data-pagefind-ignore hidden>${escapeText(variant.language)}</span>`,
  ].join('');
  const region = searchableRegion(html);
  const marked = region.replace(/<article\b([^>]*)>/, (_tag, attributes: string) => `<article${attributes} data-pagefind-body>${extra}`);
  // A document without the layout's <article> (a custom layout): index its <body>.
  return marked === region ? region.replace(/<body\b([^>]*)>/, (_tag, attributes: string) => `<body${attributes} data-pagefind-body>${extra}`) : marked;
}

/**
 * The part of a page's document that search reads, as a smaller document: `searchableDocument`
 * gives the same result for it as for the whole page, so a server can keep this instead of the
 * page (a third of its size or less).
 */
export function searchableRegion(html: string): string {
  // Only the page's <article> is indexed: Pagefind gets the document without the header,
  // sidebar and scripts around it (a third of the bytes to send and parse), keeping `<html lang>`
  // (its language) and `<title>`.
  const start = html.search(/<article\b/);
  const end = html.lastIndexOf('</article>');
  if (start !== -1 && end > start) {
    const open = /<html\b[^>]*>/.exec(html)?.[0] ?? '<html>';
    const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? '';
    html = `<!doctype html>\n${open}<head><meta charset="utf-8">${title}</head><body>${html.slice(start, end + '</article>'.length)}</body></html>`;
  }
  // Highlighted code is mostly markup (a span per token) and icons are drawings: Pagefind reads
  // the same text from a third of the bytes, and twice as fast, without them.
  html = html.replace(/<pre\b[^>]*>[\s\S]*?<\/pre>/g, (pre) => pre.replace(/<\/?span\b[^>]*>/g, '')).replace(/<svg\b[\s\S]*?<\/svg>/g, '');
  // Pagefind takes a section's title from its heading's whole text, excluded parts included.
  html = html.replace(/<a [^>]*class="dg-heading-anchor"[^>]*><span aria-hidden="true">#<\/span><\/a>/g, '');
  // The layout's parts carry the ids the hosted platform documents for custom CSS (`#content`,
  // `#page-title`, `#pagination`): Pagefind would make every element with an id an anchor of
  // the page, and the title a section of its own. Only the page's own ids are its anchors.
  return withoutLayoutIds(html);
}

/** The platform's ids on the page parts of docsgen's layout that search reads (`layoutIds` in page-document.tsx of @docsgen/renderer), and the start of such a part's tag. */
const layoutId = / id="(?:content-area|header|page-title|content|pagination|footer)"/g;
const layoutTag = /^<(?:article|header|h1|div|nav|footer)\s[^>]*\bclass="dg-(?:article|page-header|title|prose|pager|footer)(?: [^"]*)?"/;

/** `html` without those ids on the layout's parts; the page's own elements keep theirs. */
function withoutLayoutIds(html: string): string {
  return html.replace(layoutId, (attribute: string, at: number) => (layoutTag.test(html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1)) ? '' : attribute));
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
