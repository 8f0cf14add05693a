import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mcpRoute as packageRoute } from '@docsgen/mcp';
import { adapterFiles, mcpFunctionFiles, mcpFunctionPaths, mcpRoute } from '../src/index.js';

const functions = suite('mcp functions');
const folder = join(tmpdir(), `docsgen-mcp-functions-${process.pid}`);
functions.after(() => rmSync(folder, { recursive: true, force: true }));

const snapshot = JSON.stringify({
  name: 'Acme',
  siteUrl: 'https://docs.acme.example',
  pages: [
    { path: '/', title: 'Acme', markdown: '# Acme\n\nWidgets.\n' },
    { path: '/guides/polish', title: 'Polishing', description: 'Keep it bright.', markdown: '# Polishing\n\nUse the chrome polish.\n' },
  ],
});

/** Writes an emitted function file to disk and imports it, as the host would. */
async function importEmitted(path: string, content: string): Promise<Record<string, unknown>> {
  const file = join(folder, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

function call(method: string, params: Record<string, unknown>, headers: Record<string, string> = {}): Request {
  return new Request('https://docs.acme.example/mcp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
}

functions('should write the function at each host\'s path with the snapshot inside, and vercel\'s rewrite', () => {
  const input = { redirects: [], files: new Set<string>(), mcpSnapshot: snapshot };
  assert.equal(adapterFiles('netlify', input).files.map((file) => file.path), ['_redirects', mcpFunctionPaths.netlify, '_headers']);
  assert.equal(adapterFiles('cloudflare', input).files.map((file) => file.path), ['_redirects', 'functions/mcp.js', '_headers']);
  const vercel = adapterFiles('vercel', input).files;
  assert.equal(vercel.map((file) => file.path), ['vercel.json', 'api/docsgen-mcp.mjs']);
  assert.equal(JSON.parse(vercel[0]?.content ?? '{}').rewrites, [{ source: '/mcp', destination: '/api/docsgen-mcp' }]);
  assert.equal(adapterFiles('static', input).files, []);
  assert.equal(adapterFiles('github-pages', input).files.map((file) => file.path), ['.nojekyll']);
  for (const platform of ['netlify', 'vercel', 'cloudflare'] as const) assert.ok(mcpFunctionFiles(platform, snapshot)[0]?.content.includes('Use the chrome polish'), platform);
});

functions('should give the server card its JSON type on each host, keeping a project\'s own _headers', () => {
  const input = { redirects: [], files: new Set<string>(), mcpSnapshot: snapshot };
  for (const adapter of ['netlify', 'cloudflare'] as const) {
    const headers = adapterFiles(adapter, input).files.find((file) => file.path === '_headers');
    assert.match(headers?.content ?? '', /^\/\.well-known\/mcp\n  Content-Type: application\/json; charset=utf-8$/m, adapter);
    const kept = adapterFiles(adapter, { ...input, files: new Set(['_headers']) });
    assert.not.ok(kept.files.some((file) => file.path === '_headers'), `${adapter}: the project's _headers is not replaced`);
    assert.equal(kept.messages.map((message) => message.ruleId), ['adapter-headers-kept']);
  }
  const vercel = JSON.parse(adapterFiles('vercel', input).files[0]?.content ?? '{}');
  assert.equal(vercel.headers, [{ source: '/.well-known/mcp', headers: [{ key: 'Content-Type', value: 'application/json; charset=utf-8' }] }]);
  // Without the MCP server there is no card, and no header for it.
  assert.not.ok(adapterFiles('netlify', { redirects: [], files: new Set() }).files.some((file) => file.path === '_headers'));
  assert.is(JSON.parse(adapterFiles('vercel', { redirects: [], files: new Set() }).files[0]?.content ?? '{}').headers, undefined);
});

functions('should route /mcp as @docsgen/mcp does', () => {
  assert.is(mcpRoute, packageRoute);
});

functions('should bundle no Node built-in into the cloudflare function', () => {
  assert.not.match(mcpFunctionFiles('cloudflare', snapshot)[0]?.content ?? '', /["']node:/);
});

functions('should answer tools/call with the cloudflare and vercel functions, and refuse a cross-site Origin', async () => {
  const [cloudflare] = mcpFunctionFiles('cloudflare', snapshot);
  const [vercel] = mcpFunctionFiles('vercel', snapshot);
  const { onRequest } = (await importEmitted('cloudflare/functions/mcp.js', cloudflare?.content ?? '')) as { onRequest: (context: { request: Request }) => Promise<Response> };
  const { POST } = (await importEmitted('vercel/api/docsgen-mcp.mjs', vercel?.content ?? '')) as { POST: (request: Request) => Promise<Response> };
  for (const handle of [(request: Request) => onRequest({ request }), POST]) {
    const answer = await handle(call('tools/call', { name: 'search_docs', arguments: { query: 'chrome' } }));
    assert.is(answer.status, 200);
    const body = (await answer.json()) as { result: { structuredContent: { results: Array<{ path: string; url: string }> } } };
    assert.equal(body.result.structuredContent.results.map((result) => result.url), ['https://docs.acme.example/guides/polish']);
    assert.is((await handle(call('tools/list', {}, { Origin: 'https://evil.example' }))).status, 403);
  }
});

functions('should bundle pages whose text names the entry\'s values (VERSION, SNAPSHOT)', async () => {
  // The Model Context Protocol's own docs write `LATEST_PROTOCOL_VERSION`: the version once went
  // into the page's text instead of its place, and the netlify build failed.
  const named = JSON.stringify({
    name: 'Protocol',
    siteUrl: 'https://docs.protocol.example',
    pages: [{ path: '/versioning', title: 'Versioning', markdown: '# Versioning\n\nSend `LATEST_PROTOCOL_VERSION`, never a SNAPSHOT or "VERSION".\n' }],
  });
  for (const platform of ['netlify', 'vercel', 'cloudflare'] as const) assert.ok(mcpFunctionFiles(platform, named)[0]?.content.includes('LATEST_PROTOCOL_VERSION'), platform);
  const [vercel] = mcpFunctionFiles('vercel', named);
  const { POST } = (await importEmitted('named/api/docsgen-mcp.mjs', vercel?.content ?? '')) as { POST: (request: Request) => Promise<Response> };
  const answer = await POST(new Request('https://docs.protocol.example/mcp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_docs', arguments: { query: 'LATEST_PROTOCOL_VERSION' } } }),
  }));
  const body = (await answer.json()) as { result: { structuredContent: { results: Array<{ url: string }> } } };
  assert.equal(body.result.structuredContent.results.map((result) => result.url), ['https://docs.protocol.example/versioning']);
});

functions.run();
