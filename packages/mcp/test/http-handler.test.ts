import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDocsMcp, createSnapshotSource, handleMcpHttpRequest } from '../src/index.js';

const http = suite('handleMcpHttpRequest');
const docs = createDocsMcp(createSnapshotSource({
  name: 'Acme',
  pages: [
    { path: '/', title: 'Acme', markdown: '# Acme\n\nWidgets.\n' },
    { path: '/guides/polish', title: 'Polishing', markdown: '# Polishing\n\nUse the chrome polish.\n' },
  ],
  resources: [{ uri: 'https://docs.acme.example/skill.md', name: 'skill', mimeType: 'text/markdown', text: '# Acme skill\n' }],
}));
const base = 'http://localhost:3000/mcp';
const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const message = (method: string, params: Record<string, unknown> = {}) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

async function send(init: RequestInit & { headers?: Record<string, string> }, options?: Parameters<typeof handleMcpHttpRequest>[2]): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await handleMcpHttpRequest(new Request(base, { method: 'POST', ...init, headers: { ...jsonHeaders, ...init.headers } }), docs, options);
  return { status: response.status, body: await response.text(), headers: response.headers };
}

http('should answer a JSON-RPC call in JSON, with no session and no caching', async () => {
  const answer = await send({ body: message('tools/call', { name: 'read_page', arguments: { page: '/guides/polish' } }) });
  assert.is(answer.status, 200);
  assert.match(answer.body, /Use the chrome polish/);
  assert.is(answer.headers.get('mcp-session-id'), null);
  assert.is(answer.headers.get('cache-control'), 'no-store');
});

http('should list and read the pages and the snapshot\'s own resources', async () => {
  const listed = await send({ body: message('resources/list') });
  assert.match(listed.body, /"uri":"docs:\/\/page\/guides\/polish"/);
  assert.match(listed.body, /"uri":"https:\/\/docs\.acme\.example\/skill\.md"/);
  assert.match((await send({ body: message('resources/read', { uri: 'https://docs.acme.example/skill.md' }) })).body, /# Acme skill/);
  assert.match((await send({ body: message('resources/read', { uri: 'docs://page/guides/polish' }) })).body, /Use the chrome polish/);
  assert.match((await send({ body: message('resources/read', { uri: 'docs://page/../../etc/passwd' }) })).body, /"error".*Cannot read the page/);
});

http('should refuse cross-site browser requests and foreign hosts (DNS rebinding)', async () => {
  for (const origin of ['https://evil.example', 'null', 'http://localhost:3001', 'http://127.0.0.1:3000']) {
    const answer = await send({ headers: { Origin: origin }, body: message('tools/list') });
    assert.is(answer.status, 403, origin);
    assert.match(answer.body, /"jsonrpc":"2\.0"/, origin);
  }
  assert.is((await send({ headers: { Origin: 'http://localhost:3000' }, body: message('tools/list') })).status, 200);
  assert.is((await send({ headers: { 'Sec-Fetch-Site': 'cross-site' }, body: message('tools/list') })).status, 403);
  assert.is((await send({ headers: { Origin: 'HTTP://LOCALHOST:3000' }, body: message('tools/list') })).status, 200, 'hosts compare without regard to case');
  const isAllowedHost = (host: string | null) => host === 'localhost:3000';
  assert.is((await send({ headers: { Host: 'evil.example' }, body: message('tools/list') }, { isAllowedHost })).status, 403);
});

http('should refuse a page of a sibling subdomain (`Sec-Fetch-Site: same-site`), as the try-it proxy does', async () => {
  const answer = await send({ headers: { 'Sec-Fetch-Site': 'same-site' }, body: message('tools/list') });
  assert.is(answer.status, 403);
  assert.match(answer.body, /Requests from another site may not use this MCP server/);
  assert.is((await send({ headers: { 'Sec-Fetch-Site': 'same-site', Origin: 'https://blog.acme.example' }, body: message('tools/list') })).status, 403);
  // The browser's own page, and a client that is no browser, are served.
  assert.is((await send({ headers: { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost:3000' }, body: message('tools/list') })).status, 200);
  assert.is((await send({ headers: { 'Sec-Fetch-Site': 'none' }, body: message('tools/list') })).status, 200);
});

http('should refuse other methods, other types, oversized and malformed bodies', async () => {
  assert.is((await send({ method: 'GET' })).status, 405);
  assert.is((await send({ method: 'DELETE' })).status, 405);
  assert.is((await send({ headers: { 'Content-Type': 'text/plain' }, body: message('tools/list') })).status, 415);
  assert.is((await send({ body: `{"pad":"${'x'.repeat(70_000)}"}` })).status, 413);
  assert.is((await send({ body: message('tools/list') }, { maxBodyBytes: 10 })).status, 413);
  // A body streamed without Content-Length is counted as it arrives.
  const chunks = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let index = 0; index < 100; index += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(1000)));
      controller.close();
    },
  });
  assert.is((await send({ body: chunks, duplex: 'half' } as RequestInit & { headers?: Record<string, string> })).status, 413);
  const malformed = await send({ body: '{"jsonrpc":' });
  assert.is(malformed.status, 400);
  assert.match(malformed.body, /"code":-32700/);
  for (const body of ['{"hello":"world"}', '[]', '42', '{"jsonrpc":"1.0","id":1,"method":"tools/list"}']) {
    const answer = await send({ body });
    assert.is(answer.status, 400, body);
    assert.match(answer.body, /"error"/, body);
  }
  const unknownTool = await send({ body: message('tools/call', { name: 'rm_rf', arguments: {} }) });
  assert.match(unknownTool.body, /"isError":true/);
  assert.match(unknownTool.body, /Tool rm_rf not found/);
});

http('should refuse bad tool arguments with an error, not a crash', async () => {
  const answer = await send({ body: message('tools/call', { name: 'search_docs', arguments: { query: 42 } }) });
  assert.is(answer.status, 200);
  assert.match(answer.body, /"isError":true/);
  const long = await send({ body: message('tools/call', { name: 'read_page', arguments: { page: 'x'.repeat(5000) } }) });
  assert.match(long.body, /Cannot read the page: the page address is longer than 2048 characters/);
});

http.run();
