import { createSite } from '@docsgen/core';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDevServer } from '../src/index.js';
import { sendBytes } from './project.js';

const proxy = suite('dev server api proxy');

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one request byte for byte (head lines, then `body`) and reads the whole answer. */
async function sendRaw(port: number, head: string[], body = ''): Promise<Raw> {
  const withLength = body ? [...head, `Content-Length: ${Buffer.byteLength(body)}`] : head;
  const response = await sendBytes(port, Buffer.from(`${[...withLength, 'Connection: close'].join('\r\n')}\r\n\r\n${body}`));
  return { ...response, body: response.body.toString('utf8') };
}

const post = (port: number, envelope: unknown, extra: string[] = []) =>
  sendRaw(port, ['POST /_docsgen/proxy HTTP/1.1', `Host: localhost:${port}`, 'Content-Type: application/json', ...extra], JSON.stringify(envelope));

/** A mock API on 127.0.0.1 that echoes what reached it and sets a cookie. */
async function startApi(): Promise<{ origin: string; server: Server; seen: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> }> {
  const seen: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'api=1' });
      response.end(JSON.stringify({ ok: true, path: request.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, seen };
}

async function startDocs(api: Record<string, unknown>): Promise<{ port: number; server: Server; root: string }> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-dev-proxy-')));
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Proxy', navigation: { pages: ['index'] }, api }));
  writeFileSync(join(root, 'index.mdx'), '# Home\n');
  const { server } = createDevServer({ site: await createSite(root), liveReload: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server, root };
}

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

proxy('should forward a try-it request to a local API origin of the site, without cookies', async () => {
  const api = await startApi();
  const docs = await startDocs({ baseUrl: api.origin, playground: { proxy: true } });
  try {
    const response = await post(docs.port, { method: 'POST', url: `${api.origin}/users?id=1`, headers: { authorization: 'Bearer dev', cookie: 'x=1' }, body: Buffer.from('{"name":"a"}').toString('base64') }, [
      `Origin: http://localhost:${docs.port}`,
      'Cookie: docs_session=reader',
    ]);
    assert.is(response.status, 200, response.body);
    assert.is(response.headers['x-docsgen-proxy'], 'upstream');
    assert.is(response.headers['set-cookie'], undefined);
    assert.equal(JSON.parse(response.body), { ok: true, path: '/users?id=1' });
    assert.is(api.seen.length, 1);
    assert.is(api.seen[0]?.method, 'POST');
    assert.is(api.seen[0]?.body, '{"name":"a"}');
    assert.is(api.seen[0]?.headers.authorization, 'Bearer dev');
    assert.is(api.seen[0]?.headers.cookie, undefined);
  } finally {
    await stop(docs.server);
    await stop(api.server);
    rmSync(docs.root, { recursive: true, force: true });
  }
});

proxy('should refuse other origins, other sites\' pages, other methods and bad envelopes', async () => {
  const api = await startApi();
  const docs = await startDocs({ baseUrl: api.origin, playground: { proxy: true } });
  const code = (response: Raw) => `${response.status} ${(JSON.parse(response.body) as { error: { code: string } }).error.code}`;
  try {
    assert.is(code(await post(docs.port, { method: 'GET', url: 'http://127.0.0.1:1/' })), '403 proxy-target-refused');
    assert.is(code(await post(docs.port, { method: 'GET', url: `${api.origin}/x` }, ['Origin: https://evil.example'])), '403 proxy-origin-refused');
    assert.is(code(await post(docs.port, { method: 'GET', url: `${api.origin}/x` }, ['Sec-Fetch-Site: cross-site'])), '403 proxy-origin-refused');
    assert.is(code(await post(docs.port, '{"method":')), '400 proxy-request-invalid');
    const get = await sendRaw(docs.port, ['GET /_docsgen/proxy HTTP/1.1', `Host: localhost:${docs.port}`]);
    assert.is(code(get), '405 proxy-method-not-allowed');
    assert.is(get.headers.allow, 'POST');
    assert.is(get.headers['x-docsgen-proxy'], 'error');
    assert.is(api.seen.length, 0);
  } finally {
    await stop(docs.server);
    await stop(api.server);
    rmSync(docs.root, { recursive: true, force: true });
  }
});

proxy('should proxy when api.playground.proxy is not written, as the hosted platform does by default', async () => {
  const api = await startApi();
  const docs = await startDocs({ baseUrl: api.origin });
  try {
    const response = await post(docs.port, { method: 'GET', url: `${api.origin}/x` }, [`Origin: http://localhost:${docs.port}`]);
    assert.is(response.status, 200, response.body);
    assert.is(response.headers['x-docsgen-proxy'], 'upstream');
    assert.is(api.seen.length, 1);
  } finally {
    await stop(docs.server);
    await stop(api.server);
    rmSync(docs.root, { recursive: true, force: true });
  }
});

proxy('should answer 404 when api.playground.proxy is off', async () => {
  const api = await startApi();
  const docs = await startDocs({ baseUrl: api.origin, playground: { proxy: false } });
  try {
    const response = await post(docs.port, { method: 'GET', url: `${api.origin}/x` });
    assert.is(response.status, 404);
    assert.is((JSON.parse(response.body) as { error: { code: string } }).error.code, 'proxy-disabled');
    assert.is(api.seen.length, 0);
  } finally {
    await stop(docs.server);
    await stop(api.server);
    rmSync(docs.root, { recursive: true, force: true });
  }
});

proxy.run();
