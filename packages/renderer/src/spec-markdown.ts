import { toHtml } from 'hast-util-to-html';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { safeLinkProtocols } from '@docsgen/util/safe-url';
import { renderPlainMarkdown } from './spec-markdown-fast.js';

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
