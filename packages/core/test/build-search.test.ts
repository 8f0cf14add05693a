import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchIndexFile, SearchIndexResult, SearchService } from '@docsgen/search';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OutputWriter } from '../src/build-output.js';
import { SearchRun, writeSearchIndex } from '../src/build-search.js';
import type { SearchIndexer } from '../src/search-index.js';

const early = suite('search files written early');

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A search run whose index finishes, when `release` is called, with `files`. */
function runOf(files: SearchIndexFile[], keptFolder?: string): { search: SearchRun; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const indexer: SearchIndexer = {
    slugs: [],
    add: () => undefined,
    drained: async () => undefined,
    finish: async (): Promise<SearchIndexResult> => {
      await released;
      return { files, slugs: [], messages: [] };
    },
  };
  const service = { close: async () => undefined } as unknown as SearchService;
  return { search: new SearchRun(service, indexer, keptFolder), release };
}

function writerIn(work: string): OutputWriter {
  const writer = new OutputWriter({ outDir: join(work, 'dist') });
  writer.open();
  return writer;
}

early('should keep the files written early that the index has, and replace or delete the others', async () => {
  const work = mkdtempSync(join(tmpdir(), 'docsgen-search-early-'));
  const writer = writerIn(work);
  const { search, release } = runOf([
    { path: 'fragment/en_same.pf_fragment', content: bytes('same') },
    { path: 'fragment/en_differs.pf_fragment', content: bytes('final') },
    { path: 'pagefind-entry.json', content: bytes('{}') },
  ]);
  search.writeEarly(writer, [
    { path: 'fragment/en_same.pf_fragment', content: bytes('same') },
    { path: 'fragment/en_differs.pf_fragment', content: bytes('early') },
    // A name a collision lengthened in the finished index.
    { path: 'fragment/en_short.pf_fragment', content: bytes('gone') },
  ]);
  const staged = (path: string): string => join(writer.staging, '_docsgen', 'search', ...path.split('/'));
  // Written on libuv's threads: awaited by the time the index is finished.
  const written = writeSearchIndex(writer, search);
  release();
  await written;
  assert.is(readFileSync(staged('fragment/en_same.pf_fragment'), 'utf8'), 'same');
  assert.is(readFileSync(staged('fragment/en_differs.pf_fragment'), 'utf8'), 'final', 'replaced by the index\'s bytes');
  assert.not.ok(existsSync(staged('fragment/en_short.pf_fragment')), 'a file the index does not have is deleted');
  assert.is(readFileSync(staged('pagefind-entry.json'), 'utf8'), '{}');
  assert.equal([...writer.written.keys()].sort(), ['_docsgen/search/fragment/en_differs.pf_fragment', '_docsgen/search/fragment/en_same.pf_fragment', '_docsgen/search/pagefind-entry.json']);
  assert.is(writer.bytes, 4 + 5 + 2, 'the output\'s size counts the files it has');
  rmSync(work, { recursive: true, force: true });
});

early('should not write the same file again at the end', async () => {
  const work = mkdtempSync(join(tmpdir(), 'docsgen-search-early-once-'));
  const writer = writerIn(work);
  const { search, release } = runOf([{ path: 'fragment/en_a.pf_fragment', content: bytes('a') }]);
  search.writeEarly(writer, [{ path: 'fragment/en_a.pf_fragment', content: bytes('a') }]);
  const file = join(writer.staging, '_docsgen', 'search', 'fragment', 'en_a.pf_fragment');
  for (let tries = 0; readFileSafe(file) !== 'a' && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  // Marked, to tell whether the end writes the file again.
  appendFileSync(file, ' (early)');
  const written = writeSearchIndex(writer, search);
  release();
  await written;
  assert.is(readFileSync(file, 'utf8'), 'a (early)', 'left as written early');
  rmSync(work, { recursive: true, force: true });
});

function readFileSafe(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

early('should link files written early from the kept copies, like the others, when caching', async () => {
  const work = mkdtempSync(join(tmpdir(), 'docsgen-search-early-kept-'));
  const writer = writerIn(work);
  const kept = join(work, 'kept');
  const { search, release } = runOf([{ path: 'fragment/en_a.pf_fragment', content: bytes('a') }], kept);
  search.writeEarly(writer, [{ path: 'fragment/en_a.pf_fragment', content: bytes('a') }]);
  const file = join(writer.staging, '_docsgen', 'search', 'fragment', 'en_a.pf_fragment');
  const keptFile = join(kept, '_docsgen', 'search', 'fragment', 'en_a.pf_fragment');
  assert.ok(existsSync(file), 'in the output before the index is finished');
  assert.is(statSync(file).ino, statSync(keptFile).ino, 'a link to the kept copy');
  const written = writeSearchIndex(writer, search);
  release();
  await written;
  assert.is(statSync(file).ino, statSync(keptFile).ino);
  search.kept?.prune();
  assert.ok(existsSync(keptFile), 'the kept copy counts as used');
  rmSync(work, { recursive: true, force: true });
});

early('should write every file again at the end when a write made early failed', async () => {
  const calls: string[] = [];
  let writes = 0;
  const writer = {
    writeAll: async (files: Array<{ path: string }>) => {
      writes += 1;
      calls.push(`write ${files.map((file) => file.path).join(' ')}`);
      if (writes === 1) throw new Error('ENOSPC');
    },
    remove: (path: string) => calls.push(`remove ${path}`),
  } as unknown as OutputWriter;
  const { search, release } = runOf([{ path: 'fragment/en_a.pf_fragment', content: bytes('a') }]);
  search.writeEarly(writer, [
    { path: 'fragment/en_a.pf_fragment', content: bytes('a') },
    { path: 'fragment/en_b.pf_fragment', content: bytes('b') },
  ]);
  const written = writeSearchIndex(writer, search);
  release();
  await written;
  assert.equal(calls, [
    'write _docsgen/search/fragment/en_a.pf_fragment _docsgen/search/fragment/en_b.pf_fragment',
    'remove _docsgen/search/fragment/en_b.pf_fragment',
    'write _docsgen/search/fragment/en_a.pf_fragment',
  ]);
});

early('should write nothing more once the index is finished', async () => {
  const work = mkdtempSync(join(tmpdir(), 'docsgen-search-early-late-'));
  const writer = writerIn(work);
  const { search, release } = runOf([]);
  release();
  await search.end();
  search.writeEarly(writer, [{ path: 'fragment/en_late.pf_fragment', content: bytes('late') }]);
  assert.is(writer.written.size, 0);
  assert.not.ok(existsSync(join(writer.staging, '_docsgen', 'search', 'fragment', 'en_late.pf_fragment')));
  rmSync(work, { recursive: true, force: true });
});

early.run();
