import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocsgenMessage } from '@docsgen/config';
import type { AssetsUsed } from './build-assets.js';
import type { CachedPage, PageFacts, PageFiles } from './build-cache.js';
import type { OutputWriter } from './build-output.js';
import type { BuiltPage } from './build-render.js';
import type { SearchIndexer } from './search-index.js';
import type { Site } from './site.js';

// Where each built page goes, cached or rendered: the search index, the output folder (its HTML
// and Markdown twin, at its slug and at `index` for the home page), and what it uses (which
// decides the assets published), as the render recorded it. Of the page itself only its
// messages are kept (when it has some) and where its Markdown twin is on disk (read again for
// llms-full.txt): what the build holds per page does not grow with the pages' text.

/** Takes the site's pages as the page scheduler hands them over. */
export class PageIntake {
  /** What the pages taken so far use. */
  readonly used: AssetsUsed = { math: false, mermaid: false, api: false, apiViewer: false, islands: false };
  /** The embeddable API viewers the pages show. */
  readonly viewers = new Set<string>();
  /** The class names of the pages taken, for the site's Tailwind stylesheet. */
  readonly classCandidates = new Set<string>();
  /** The first error writing a page's files; the build fails with it at the end. */
  writeError: Error | undefined;
  readonly #site: Site;
  readonly #writer: OutputWriter;
  readonly #indexer: SearchIndexer;
  // The slugs the search index takes: any other page's HTML is never read for it.
  readonly #indexed: ReadonlySet<string>;
  // The messages of the pages that have some (their own, then their card's), by slug.
  readonly #messages = new Map<string, DocsgenMessage[]>();
  // Where each page's Markdown twin is, read again only for llms-full.txt: a cache entry, or
  // (a page rendered without a cache) a stretch of a file of this build's own. Not the output
  // folder's copy: a project file copied there later may take its place.
  readonly #twinFiles = new Map<string, string>();
  readonly #spilledTwins = new Map<string, SpilledText>();
  #spill: TextSpill | undefined;

  constructor(site: Site, writer: OutputWriter, indexer: SearchIndexer) {
    this.#site = site;
    this.#writer = writer;
    this.#indexer = indexer;
    this.#indexed = new Set(indexer.slugs);
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
    // A page the index does not take (hidden, or search is off) goes to it not at all: a cached
    // one's HTML would be read from disk for nothing (half a second for 1,000 pages).
    const searchHash = !this.#indexed.has(page.slug)
      ? undefined
      : this.#indexer.add(page.slug, failed ? undefined : isCached && page.facts.searchHash !== undefined ? { hash: page.facts.searchHash, html } : html());
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
    const messages = [...page.messages, ...(page.card?.messages ?? [])];
    if (messages.length > 0) this.#messages.set(page.slug, messages);
    const twinFile = isCached ? page.files.markdownFile : kept?.markdownFile;
    if (twinFile !== undefined) this.#twinFiles.set(page.slug, twinFile);
    else if (!isCached) this.#spilledTwins.set(page.slug, (this.#spill ??= new TextSpill()).write(page.markdown));
    return facts;
  }

  /** Deletes the file of the twins kept for the end of the build; call once the build is done with them. */
  close(): void {
    this.#spill?.close();
    this.#spill = undefined;
  }

  /** The messages of the pages in `slugs` taken so far, in that order: each page's own, then its card's. */
  messagesOf(slugs: readonly string[]): DocsgenMessage[] {
    return slugs.flatMap((slug) => this.#messages.get(slug) ?? []);
  }

  /** A page's Markdown twin as it was written. */
  twinOf(slug: string): string | undefined {
    const file = this.#twinFiles.get(slug);
    if (file !== undefined) return readFileSync(file, 'utf8');
    const spilled = this.#spilledTwins.get(slug);
    return spilled && this.#spill?.read(spilled);
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

/** Where a text written to a `TextSpill` is: its first byte and its length in bytes. */
interface SpilledText {
  start: number;
  bytes: number;
}

/**
 * Texts kept on disk instead of in memory until the end of a build, one after the other in a
 * temporary file of their own (created with the first one, deleted by `close`).
 */
export class TextSpill {
  readonly #folder: string;
  readonly #fd: number;
  #size = 0;

  constructor() {
    this.#folder = mkdtempSync(join(tmpdir(), 'docsgen-build-'));
    this.#fd = openSync(join(this.#folder, 'texts'), 'w+');
  }

  write(text: string): SpilledText {
    const bytes = Buffer.from(text, 'utf8');
    writeFullSync(this.#fd, bytes, this.#size);
    const spilled = { start: this.#size, bytes: bytes.length };
    this.#size += bytes.length;
    return spilled;
  }

  read(spilled: SpilledText): string {
    const bytes = Buffer.allocUnsafe(spilled.bytes);
    let done = 0;
    while (done < bytes.length) {
      const read = readSync(this.#fd, bytes, done, bytes.length - done, spilled.start + done);
      if (read === 0) throw new Error('a kept Markdown twin was cut short');
      done += read;
    }
    return bytes.toString('utf8');
  }

  close(): void {
    closeSync(this.#fd);
    rmSync(this.#folder, { recursive: true, force: true });
  }
}

function writeFullSync(fd: number, bytes: Buffer, position: number): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}
