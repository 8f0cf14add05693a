import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDocsMcp, type DocsMcp, type McpSource } from '../src/index.js';

const preparation = suite('search index made in the background');

const markdownOf: Record<string, string> = {
  '/': '# Acme\n\nWidgets for every kitchen.\n',
  '/guides/install': '# Install\n\nDrill two holes for the bracket.\n',
  '/guides/polish': '# Polishing\n\nUse the chrome polish and a soft cloth.\n',
};

/** A source whose `/guides/install` Markdown is held back until `release()`, as a slow page render would be. */
function slowSource() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const reads: string[] = [];
  const source: McpSource = {
    name: 'Acme',
    pages: async () => Object.keys(markdownOf).map((path) => ({ path, title: path === '/' ? 'Acme' : path.slice(8) })),
    async markdown(path) {
      reads.push(path);
      if (path === '/guides/install') await held;
      return markdownOf[path];
    },
  };
  return { source, release, reads };
}

async function connect(docs: DocsMcp): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await (await docs.createServer()).connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

type Found = { results: Array<{ path: string }>; indexing?: { indexedPages: number; totalPages?: number } };

preparation('should answer from the pages indexed so far, saying so, once the wait is over', async () => {
  const { source, release } = slowSource();
  const client = await connect(createDocsMcp(source, { searchWaitMs: 50 }));
  const started = performance.now();
  const partial = await client.callTool({ name: 'search_docs', arguments: { query: 'widgets' } });
  assert.ok(performance.now() - started < 2000, 'the search waits a bounded time');
  assert.not.ok(partial.isError);
  assert.equal((partial.structuredContent as Found).indexing, { indexedPages: 1, totalPages: 3 });
  assert.equal((partial.structuredContent as Found).results.map((result) => result.path), ['/']);
  assert.match((partial.content as Array<{ text: string }>)[0]?.text ?? '', /^The search index is still being made: these results come from 1 of 3 pages\. Search again/);
  // The page not indexed yet is not found yet.
  assert.equal(((await client.callTool({ name: 'search_docs', arguments: { query: 'chrome' } })).structuredContent as Found).results, []);

  release();
  const complete = await client.callTool({ name: 'search_docs', arguments: { query: 'chrome' } });
  assert.is((complete.structuredContent as Found).indexing, undefined);
  assert.equal((complete.structuredContent as Found).results.map((result) => result.path), ['/guides/polish']);
  assert.not.match((complete.content as Array<{ text: string }>)[0]?.text ?? '', /still being made/);
  await client.close();
});

preparation('should list and read pages while the index is being made', async () => {
  const { source, release, reads } = slowSource();
  const docs = createDocsMcp(source, { searchWaitMs: 60_000 });
  const client = await connect(docs);
  docs.prepare();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(reads, ['/', '/guides/install'], 'prepare() starts the index, which waits on the held page');
  const listed = await client.callTool({ name: 'list_pages', arguments: {} });
  assert.equal((listed.structuredContent as { pages: Array<{ path: string }> }).pages.map((page) => page.path), ['/', '/guides/install', '/guides/polish']);
  const read = await client.callTool({ name: 'read_page', arguments: { page: '/guides/polish' } });
  assert.match((read.content as Array<{ text: string }>)[0]?.text ?? '', /soft cloth/);
  // A search made now waits for the index, and finds every page once it is made.
  const search = client.callTool({ name: 'search_docs', arguments: { query: 'bracket' } });
  release();
  assert.equal(((await search).structuredContent as Found).results.map((result) => result.path), ['/guides/install']);
  await client.close();
});

preparation('should stop making the index once closed, and answer from what it has', async () => {
  const { source, release, reads } = slowSource();
  const docs = createDocsMcp(source, { searchWaitMs: 50 });
  const client = await connect(docs);
  docs.prepare();
  await new Promise((resolve) => setTimeout(resolve, 20));
  docs.close();
  release();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(reads, ['/', '/guides/install'], 'no page is read after the one under way');
  const found = await client.callTool({ name: 'search_docs', arguments: { query: 'bracket' } });
  assert.equal((found.structuredContent as Found).indexing, { indexedPages: 2, totalPages: 3 });
  assert.equal((found.structuredContent as Found).results.map((result) => result.path), ['/guides/install']);
  await client.close();
});

preparation('should report a source that cannot list its pages as a failed search, and not crash', async () => {
  const docs = createDocsMcp({ name: 'Broken', pages: async () => [], markdown: async () => undefined }, { searchWaitMs: 50 });
  const broken = createDocsMcp({ name: 'Broken', pages: async () => { throw new Error('Cannot read `docs.json`'); }, markdown: async () => undefined }, { searchWaitMs: 50 });
  broken.prepare();
  const client = await connect(docs);
  assert.equal(((await client.callTool({ name: 'search_docs', arguments: { query: 'x' } })).structuredContent as Found).results, []);
  await client.close();
  // createServer lists the pages too, so a broken source fails there; the background index must not crash the process.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await broken.createServer().then(() => assert.unreachable('should fail'), (error: Error) => assert.match(error.message, /Cannot read `docs.json`/));
});

preparation.run();
