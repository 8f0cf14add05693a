import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { KnownPage, SearchIndexer } from '@docsgen/search';
import type { CachedPage } from '../src/build-cache.js';
import type { OutputWriter } from '../src/build-output.js';
import { PageIntake } from '../src/build-page-intake.js';
import type { Site } from '../src/site.js';

const intake = suite('page intake');

/** An index of `slugs` that records what it was handed, reading a known page's HTML as it would. */
function recordingIndexer(slugs: string[]): SearchIndexer & { handed: Array<[string, string | undefined]> } {
  const handed: Array<[string, string | undefined]> = [];
  return {
    slugs,
    handed,
    add(slug: string, page: string | undefined | KnownPage) {
      handed.push([slug, typeof page === 'object' ? page.html() : page]);
      return typeof page === 'object' ? page.hash : undefined;
    },
    drained: async () => undefined,
    finish: async () => ({ files: [], slugs: [], messages: [] }),
  };
}

/** A cached page whose files are in `folder` (its HTML file only when `html` is given). */
function cachedPage(folder: string, slug: string, options: { html?: string; searchHash?: string }): CachedPage {
  const htmlFile = join(folder, `${slug}.html`);
  const markdownFile = join(folder, `${slug}.md`);
  if (options.html !== undefined) writeFileSync(htmlFile, options.html);
  writeFileSync(markdownFile, `# ${slug}\n`);
  const kept = { bytes: 1, mtime: '0' };
  return {
    slug, messages: [], dependencies: [], hasMath: false, hasMermaid: false, uses: { api: false, apiViewers: [], islands: false }, classCandidates: [],
    files: { htmlFile, markdownFile, html: kept, markdown: kept },
    facts: { searchHash: options.searchHash, usesApi: false, apiViewers: [], usesIslands: false },
  };
}

const site = { homeSlug: 'index', keepFeed: () => undefined } as unknown as Site;
const linked: string[] = [];
const writer = { linkFrom: (path: string) => linked.push(path), write: (path: string) => linked.push(path) } as unknown as OutputWriter;

intake('should not read a cached page the search index does not take', () => {
  const folder = mkdtempSync(join(tmpdir(), 'docsgen-intake-'));
  try {
    const indexer = recordingIndexer(['guide']);
    const pages = new PageIntake(site, writer, indexer);
    linked.length = 0;
    // A hidden page (or any page of a site with search off) has no HTML file to read here: reading it would throw.
    const hidden = cachedPage(folder, 'hidden', {});
    const facts = pages.takePage(hidden);
    assert.is(facts.searchHash, undefined);
    assert.equal(linked, ['hidden.html', 'hidden.md']);
    assert.is(pages.writeError, undefined);
    // An indexed page still goes to the index, read when its stored hash is unknown.
    pages.takePage(cachedPage(folder, 'guide', { html: '<article>Guide</article>' }));
    assert.equal(indexer.handed, [['guide', '<article>Guide</article>']]);
    assert.is(pages.twinOf('hidden'), '# hidden\n');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

intake('should hand an indexed cached page over with its kept hash', () => {
  const folder = mkdtempSync(join(tmpdir(), 'docsgen-intake-'));
  try {
    const indexer = recordingIndexer(['guide']);
    const pages = new PageIntake(site, writer, indexer);
    const facts = pages.takePage(cachedPage(folder, 'guide', { html: '<article>Kept</article>', searchHash: 'abc' }));
    assert.is(facts.searchHash, 'abc');
    assert.equal(indexer.handed, [['guide', '<article>Kept</article>']]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

intake.run();
