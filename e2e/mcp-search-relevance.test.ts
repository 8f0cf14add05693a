// Search relevance of the MCP server's `search_docs` tool over docsgen's own docs (docs/), with
// the 20 queries the site's search dialog is held to (search-relevance.test.ts): for each, the
// page that answers it must be among the first three results, for at least 18 of them.
import { createSite, createSiteMcp } from '@docsgen/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { relevanceQueries } from './search-relevance-queries.js';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));

test('should rank the page that answers a query in the top 3 for at least 18 of the 20 queries', async () => {
  const server = await (await createSiteMcp(await createSite(docs))).createServer();
  const client = new Client({ name: 'relevance', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const misses: string[] = [];
  for (const [query, expected] of relevanceQueries) {
    const result = await client.callTool({ name: 'search_docs', arguments: { query, limit: 3 } });
    const top = (result.structuredContent as { results: Array<{ path: string }> }).results.map((entry) => entry.path);
    if (!top.includes(expected)) misses.push(`${query} → ${expected}; got ${top.join(', ')}`);
  }
  console.log(`mcp search relevance: ${relevanceQueries.length - misses.length}/${relevanceQueries.length} in the top 3${misses.length ? `; missed: ${misses.join(' | ')}` : ''}`);
  assert.ok(misses.length <= 2, misses.join('\n'));
  await client.close();
});

test.run();
