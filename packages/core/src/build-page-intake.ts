import { readFileSync } from 'node:fs';
import type { AssetsUsed } from './build-assets.js';
import type { CachedPage, PageFacts, PageFiles } from './build-cache.js';
import type { OutputWriter } from './build-output.js';
import type { BuiltPage } from './build-render.js';
import type { SearchIndexer } from './search-index.js';
import type { Site } from './site.js';

// Where each built page goes, cached or rendered: the search index, the output folder (its HTML
// and Markdown twin, at its slug and at `index` for the home page), and what it uses (which
// decides the assets published), as the render recorded it. The rest of the page is kept small for the end of the build.

/** Takes the site's pages as the page scheduler hands them over. */
export class PageIntake {
  /** What the pages taken so far use. */
  readonly used: AssetsUsed = { math: false, mermaid: false, api: false, apiViewer: false, islands: false };
  /** The embeddable API viewers the pages show. */
  readonly viewers = new Set<string>();
  /** The class names of the pages taken, for the site's Tailwind stylesheet. */
  readonly classCandidates = new Set<string>();
  /** Every page taken, without its HTML (and, for a cached page, its twin, read again from `twinFiles`). */
  readonly built = new Map<string, BuiltPage>();
  /** The first error writing a page's files; the build fails with it at the end. */
  writeError: Error | undefined;
  readonly #site: Site;
  readonly #writer: OutputWriter;
  readonly #indexer: SearchIndexer;
  // Cached pages' Markdown twins, read again only for llms-full.txt.
  readonly #twinFiles = new Map<string, string>();

  constructor(site: Site, writer: OutputWriter, indexer: SearchIndexer) {
    this.#site = site;
    this.#writer = writer;
    this.#indexer = indexer;
  }

  /**
   * Takes a rendered or cached page: search index, output folder, what it uses; keeps the rest.
   * A page whose files are in the cache (`kept`: a rendered page kept there just now) is
   * placed from them; a cached page's HTML is not read.
   */
  takePage(page: BuiltPage | CachedPage, kept?: PageFiles): PageFacts {
    const failed = page.messages.some((message) => message.fatal);
    const isCached = 'files' in page;
    const html = (): string => (isCached ? readFileSync(page.files.htmlFile, 'utf8') : page.html);
    const searchHash = this.#indexer.add(page.slug, failed ? undefined : isCached && page.facts.searchHash !== undefined ? { hash: page.facts.searchHash, html } : html());
    if (!failed) this.#writePage(page, isCached ? page.files : kept);
    // A viewer's box takes the API reference's styles too.
    const facts: PageFacts = isCached ? page.facts : { searchHash, usesApi: page.uses.api || page.uses.apiViewers.length > 0, apiViewers: page.uses.apiViewers, usesIslands: page.uses.islands };
    const used = this.used;
    used.math ||= page.hasMath;
    used.mermaid ||= page.hasMermaid;
    used.api ||= facts.usesApi;
    used.islands ||= facts.usesIslands;
    used.apiViewer ||= facts.apiViewers.length > 0;
    for (const viewer of facts.apiViewers) this.viewers.add(viewer);
    for (const candidate of page.classCandidates ?? []) this.classCandidates.add(candidate);
    // A feed made where the page rendered (or kept in the cache) is not made again.
    if (!failed && page.feed !== undefined) this.#site.keepFeed(page.slug, page.feed ? { path: page.feed.path, xml: page.feed.xml } : undefined);
    const { files: _files, facts: _facts, ...rest } = page as Partial<CachedPage> & BuiltPage;
    this.built.set(page.slug, { ...rest, html: '', markdown: isCached ? '' : page.markdown });
    if (isCached) this.#twinFiles.set(page.slug, page.files.markdownFile);
    return facts;
  }

  /** A page's Markdown twin as it was written. */
  twinOf(slug: string): string | undefined {
    const file = this.#twinFiles.get(slug);
    return file === undefined ? this.built.get(slug)?.markdown : readFileSync(file, 'utf8');
  }

  /** Writes the page's HTML and twin at its slug, and at `index` for a home page of another name; linked from `files` when the cache has them. */
  #writePage(page: BuiltPage | CachedPage, files: PageFiles | undefined): void {
    if (this.writeError) return;
    const homeSlug = this.#site.homeSlug;
    try {
      const names = [...(page.slug !== 'index' || homeSlug === 'index' ? [page.slug] : []), ...(page.slug === homeSlug && homeSlug !== 'index' ? ['index'] : [])];
      for (const name of names) {
        if (files) {
          this.#writer.linkFrom(`${name}.html`, files.html.bytes, files.htmlFile);
          this.#writer.linkFrom(`${name}.md`, files.markdown.bytes, files.markdownFile);
        } else if (!('files' in page)) {
          this.#writer.write(`${name}.html`, page.html);
          this.#writer.write(`${name}.md`, page.markdown);
        }
      }
    } catch (error) {
      this.writeError = error as Error;
    }
  }
}
