import { toHtml } from 'hast-util-to-html';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { renderPlainMarkdown } from './markdown-fast.js';

/** Schemes a link in spec content may use. */
export const safeLinkProtocols: readonly string[] = ['http', 'https', 'mailto'];

/**
 * GitHub's sanitisation schema (what rehype-sanitize uses by default), with links narrowed to
 * `safeLinkProtocols` and images to http(s): no `javascript:`, `data:`, `vbscript:` anywhere.
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...safeLinkProtocols], src: ['http', 'https'], cite: ['http', 'https'], longDesc: ['http', 'https'] },
};

// Raw HTML in descriptions is dropped by remark-rehype (no `allowDangerousHtml`), and what
// Markdown itself produces passes the sanitizer: two independent layers.
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, schema).freeze();

const cache = new Map<string, string>();
const maxCacheEntries = 20_000;

/**
 * Renders spec Markdown (CommonMark + GFM: a `description`, a server or tag description) to
 * HTML safe to insert into a page: raw HTML is dropped, the result is sanitised (no scripts,
 * no event handlers, no `style`), and links and images keep only http(s) and mailto URLs.
 * Specs repeat descriptions a lot (shared schemas), so results are memoised.
 *
 * @param text
 *   Markdown from the spec; anything that is not a string renders to `''`.
 * @returns
 *   Sanitised HTML.
 */
export function renderSpecMarkdown(text: unknown): string {
  if (typeof text !== 'string' || text.trim() === '') return '';
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const html = renderPlainMarkdown(text) ?? toHtml(processor.runSync(processor.parse(text)));
  if (cache.size >= maxCacheEntries) cache.clear();
  cache.set(text, html);
  return html;
}

export interface SafeUrlOptions {
  /** Schemes accepted, without the colon (default: `['http', 'https', 'mailto']`). */
  protocols?: readonly string[] | null | undefined;
  /** Accepts URLs without a scheme, such as `/v1` or `docs/intro` (default: `true`). */
  allowRelative?: boolean | null | undefined;
}

/**
 * The one check every URL from a spec passes before it becomes a link or a request target
 * (`termsOfService`, `contact.url`, `license.url`, `externalDocs.url`, server URLs). Tabs and
 * line breaks are removed first, as browsers do (`java\tscript:` is `javascript:` to them).
 *
 * @returns
 *   The URL, trimmed and without tabs or line breaks, or `undefined` when it is not a string,
 *   holds other control characters or HTML character references, or uses a scheme outside
 *   `protocols`.
 */
export function safeUrl(url: unknown, options?: SafeUrlOptions | null): string | undefined {
  if (typeof url !== 'string') return undefined;
  const cleaned = url.replace(/[\t\n\r]/g, '').trim();
  // Other control characters (and the ones browsers strip at the ends) have no place in a URL.
  if (cleaned === '' || /[\u0000-\u001f\u007f]/.test(cleaned)) return undefined;
  // A character reference (`&#x09;`, `&colon;`) is harmless only until something decodes it.
  if (/&(#|[a-z\d]+;)/i.test(cleaned)) return undefined;
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(cleaned)?.[1];
  if (scheme === undefined) {
    // `\\evil` and `/\evil` are read as `//evil` by browsers: still an http(s) link, and fine.
    return (options?.allowRelative ?? true) ? cleaned : undefined;
  }
  const protocols = options?.protocols ?? safeLinkProtocols;
  return protocols.includes(scheme.toLowerCase()) ? cleaned : undefined;
}

/**
 * A description as the page models keep it: the spec's Markdown, untrusted, `''` when absent
 * or not a string. Models do not hold HTML: rendering every description of a large spec up
 * front costs seconds, and a page shows only its own. Render with `renderSpecMarkdown`.
 */
export function markdownOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

// The renderer loads only this entry (not the parser behind the package root): the try-it form
// needs the samples' credential placeholders too.
export { sampleCredentials } from './sample-credentials.js';
export type { SampleCredentials } from './sample-credentials.js';
