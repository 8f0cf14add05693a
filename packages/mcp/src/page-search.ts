import MiniSearch from 'minisearch';
import type { McpPage } from './types.js';

/** A page with the text search reads. */
export interface SearchDocument {
  page: McpPage;
  /** The page's Markdown. */
  markdown: string;
}

/** Filters and size of a search. */
export interface PageSearchOptions {
  /** Only pages of this version, or of none (default: every version). */
  version?: string | undefined;
  /** Only pages in this language, or in none (default: every language). */
  language?: string | undefined;
  /** Most results (default: 5). */
  limit?: number | undefined;
}

/** One result: the page, and the passage that matched best. */
export interface PageSearchResult {
  title: string;
  path: string;
  description?: string | undefined;
  snippet: string;
  score: number;
}

/** A search over a set of pages, which may grow. */
export interface PageSearch {
  search(query: string, options?: PageSearchOptions | null): PageSearchResult[];
  /** Adds a page (a search made after finds it). */
  add(document: SearchDocument): void;
  /** How many pages are indexed. */
  readonly size: number;
}

interface IndexedPage {
  id: number;
  title: string;
  headings: string;
  lead: string;
  keywords: string;
  body: string;
}

// Why MiniSearch and not the site's Pagefind index: the server must run where Pagefind's
// browser client cannot (a Cloudflare or Netlify function, a stdio process, with no fetch of
// index chunks), MiniSearch is plain JavaScript without dependencies, and it ranks with BM25+
// per field, so a page's title and headings can count more than its body.
const fieldBoosts = { title: 6, keywords: 4, headings: 3, lead: 2, body: 1 };
const snippetLength = 240;

/**
 * A full-text index of `documents` (each page's title, frontmatter keywords, headings, first
 * paragraph and Markdown), ranked with BM25+ per field; prefix matching for the last word
 * typed, and fuzzy matching (one edit in five characters) for words of five letters or more.
 */
export function createPageSearch(initial?: readonly SearchDocument[] | null): PageSearch {
  const documents: SearchDocument[] = [];
  const index = new MiniSearch<IndexedPage>({
    fields: Object.keys(fieldBoosts),
    idField: 'id',
    processTerm: (term) => term.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || null,
    tokenize: (text) => text.split(/[\s\-_/,;:!?()[\]{}<>"'`|*#=+]+/u),
  });
  const add = (document: SearchDocument): void => {
    index.add(indexedPage(documents.length, document));
    documents.push(document);
  };
  for (const document of initial ?? []) add(document);
  return {
    add,
    get size() {
      return documents.length;
    },
    search(query, options) {
      const limit = Math.max(1, Math.min(50, Math.trunc(options?.limit ?? 5)));
      const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
      const hits = index.search(query, {
        boost: fieldBoosts,
        prefix: (term) => term === terms.at(-1) && term.length >= 3,
        fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
        combineWith: 'OR',
        filter: (hit) => {
          const page = documents[hit.id as number]?.page;
          return Boolean(page) && matchesVariant(page?.version, options?.version) && matchesVariant(page?.language, options?.language);
        },
      });
      return hits.slice(0, limit).map((hit) => {
        const document = documents[hit.id as number] as SearchDocument;
        return {
          title: document.page.title,
          path: document.page.path,
          ...(document.page.description ? { description: document.page.description } : {}),
          snippet: snippetOf(document.markdown, hit.terms),
          score: Math.round(hit.score * 1000) / 1000,
        };
      });
    },
  };
}

function matchesVariant(value: string | undefined, wanted: string | undefined): boolean {
  return wanted === undefined || wanted === '' || value === undefined || value.toLowerCase() === wanted.toLowerCase();
}

function indexedPage(id: number, { page, markdown }: SearchDocument): IndexedPage {
  const body = stripFrontmatter(markdown);
  const headings = [...body.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => match[1]).join('\n');
  const lead = body.split(/\n\s*\n/).find((block) => block.trim() !== '' && !block.startsWith('#')) ?? '';
  return { id, title: page.title, headings, lead: `${page.description ?? ''}\n${lead}`, keywords: (page.keywords ?? []).join(' '), body };
}

function stripFrontmatter(markdown: string): string {
  return markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
}

/** The stretch of text around the line that holds most matched terms, on one line. */
function snippetOf(markdown: string, terms: readonly string[]): string {
  const text = stripFrontmatter(markdown);
  const lines = text.split('\n').filter((line) => line.trim() !== '' && !/^\s*(?:```|---|\|[-: |]+\|)/.test(line));
  const lowered = terms.map((term) => term.toLowerCase());
  // The paragraph line holding the most of the matched terms (the first of equals).
  let line = '';
  let best = -1;
  for (const candidate of lines) {
    if (candidate.startsWith('#')) continue;
    const text = candidate.toLowerCase();
    const count = lowered.filter((term) => text.includes(term)).length;
    if (count > best) [line, best] = [candidate, count];
  }
  const flat = line.replace(/\s+/g, ' ').trim();
  if (flat.length <= snippetLength) return flat;
  const at = Math.max(0, Math.min(flat.length - snippetLength, (lowered.map((term) => flat.toLowerCase().indexOf(term)).find((found) => found >= 0) ?? 0) - 60));
  return `${at > 0 ? '…' : ''}${flat.slice(at, at + snippetLength).trim()}${at + snippetLength < flat.length ? '…' : ''}`;
}
