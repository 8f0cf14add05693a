// The MCP server as agents reach it, each through the official SDK's client: `docsgen mcp` over
// stdio (the built CLI, spawned), `/mcp` over Streamable HTTP from `docsgen dev` and
// `docsgen preview` (real processes), and the Netlify function `docsgen build` writes, run under
// Node. Each lists the tools, searches, reads a page and is refused `../../etc/passwd`; the HTTP
// ones refuse a cross-site `Origin` (and a foreign `Host`, an oversized body, malformed JSON).
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkServer, mcpProject as project } from './mcp-checks.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = join(repo, 'node_modules', '.bin', 'docsgen');

const work = mkdtempSync(join(tmpdir(), 'docsgen-mcp-e2e-'));
const root = join(work, 'project');
for (const [name, content] of Object.entries(project)) {
  mkdirSync(dirname(join(root, name)), { recursive: true });
  writeFileSync(join(root, name), content);
}

const running = new Set<ChildProcess>();
const mcp = suite('docsgen MCP server');
mcp.after(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** A raw HTTP/1.1 request over a socket (nothing normalises it), and the status and body of the answer. */
function sendRaw(port: number, head: string[], body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1]), body: data.split('\r\n\r\n').slice(1).join('\r\n\r\n') }));
    // Written, not ended: a client that half-closes may find the server gone before it answers.
    socket.write(`${[...head, `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close'].join('\r\n')}\r\n\r\n${body}`);
  });
}

const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

/** The refusals of the HTTP endpoint, sent as raw requests. */
async function checkHttpRefusals(port: number): Promise<void> {
  const post = (headers: string[], body = initialize) =>
    sendRaw(port, ['POST /mcp HTTP/1.1', ...headers, 'Content-Type: application/json', 'Accept: application/json, text/event-stream'], body);
  const ok = await post([`Host: 127.0.0.1:${port}`]);
  assert.is(ok.status, 200, ok.body);
  assert.match(ok.body, /"serverInfo"/);
  assert.is((await post([`Host: 127.0.0.1:${port}`, 'Origin: https://evil.example'])).status, 403);
  assert.is((await post([`Host: 127.0.0.1:${port}`, `Origin: http://localhost:${port}`])).status, 403);
  assert.is((await post([`Host: 127.0.0.1:${port}`, `Origin: http://127.0.0.1:${port}`])).status, 200);
  assert.is((await post(['Host: evil.example'])).status, 403);
  assert.is((await post([`Host: 127.0.0.1:${port}`], `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(100_000)}"}}`)).status, 413);
  const malformed = await post([`Host: 127.0.0.1:${port}`], '{"jsonrpc": "2.0", "id": 1,');
  assert.is(malformed.status, 400);
  assert.match(malformed.body, /-32700/);
  assert.is((await post([`Host: 127.0.0.1:${port}`], '{"hello":"world"}')).status, 400);
  assert.is((await sendRaw(port, ['GET /mcp HTTP/1.1', `Host: 127.0.0.1:${port}`])).status, 405);
}

/** Starts `docsgen <command>` and resolves with its port once it says where it listens. */
function startServer(args: string[]): Promise<number> {
  const child = spawn(bin, [...args, '--port', '0', '--host', '127.0.0.1'], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const port = /Local: http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port) resolve(Number(port));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`docsgen ${args[0]} exited:\n${output}`)));
  });
}

mcp('should serve the project over stdio from `docsgen mcp`', async () => {
  await checkServer(new StdioClientTransport({ command: bin, args: ['mcp', root], stderr: 'ignore' }));
});

mcp('should serve /mcp from `docsgen dev`, and refuse cross-site requests', async () => {
  const port = await startServer(['dev', root]);
  await checkServer(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  await checkHttpRefusals(port);
  const card = JSON.parse((await sendRaw(port, ['GET /.well-known/mcp HTTP/1.1', `Host: 127.0.0.1:${port}`])).body) as { url: string; tools: Array<{ name: string }> };
  assert.is(card.url, 'https://docs.acme.example/mcp');
  assert.equal(card.tools.map((tool) => tool.name), ['search_docs', 'read_page', 'list_pages']);
  // The page menu's MCP entries point at the server the card names.
  const html = (await sendRaw(port, ['GET /guides/install HTTP/1.1', `Host: 127.0.0.1:${port}`])).body;
  assert.match(html, `data-mcp-url="${card.url}"`);
  assert.match(html, `<link rel="mcp-server" href="${card.url}">`);
  const cursor = /href="cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?name=[^&"]*&amp;config=([^"]+)"/.exec(html)?.[1] ?? '';
  assert.equal(JSON.parse(Buffer.from(decodeURIComponent(cursor), 'base64').toString('utf8')), { url: card.url });
  const vscode = /href="vscode:mcp\/install\?([^"]+)"/.exec(html)?.[1] ?? '';
  assert.is((JSON.parse(decodeURIComponent(vscode.replace(/&amp;/g, '&'))) as { url: string }).url, card.url);
});

const out = join(work, 'dist');

mcp('should build the MCP function for netlify, and serve it from `docsgen preview`', async () => {
  const built = spawnSync(bin, ['build', root, '--out', out, '--adapter', 'netlify', '--no-cache'], { cwd: work, encoding: 'utf8' });
  assert.is(built.status, 0, built.stderr);
  assert.ok(existsSync(join(out, 'netlify/functions/docsgen-mcp.mjs')));
  assert.match(readFileSync(join(out, 'llms.txt'), 'utf8'), /## MCP servers[\s\S]*https:\/\/docs\.acme\.example\/mcp/);
  const port = await startServer(['preview', root, '--out', out]);
  await checkServer(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  await checkHttpRefusals(port);
  const card = await sendRaw(port, ['GET /.well-known/mcp HTTP/1.1', `Host: 127.0.0.1:${port}`]);
  assert.is(card.status, 200);
  assert.is((JSON.parse(card.body) as { servers: Array<{ url: string }> }).servers[0]?.url, 'https://docs.acme.example/mcp');
});

mcp('should answer with the netlify function run under Node, and refuse a cross-site Origin', async () => {
  assert.ok(existsSync(join(out, 'netlify/functions/docsgen-mcp.mjs')), 'the build of the previous test wrote the function');
  const fn = (await import(pathToFileURL(join(out, 'netlify/functions/docsgen-mcp.mjs')).href)) as { default: (request: Request) => Promise<Response>; config: { path: string } };
  assert.equal(fn.config, { path: '/mcp' });
  await checkServer(new StreamableHTTPClientTransport(new URL('https://docs.acme.example/mcp'), { fetch: (url, init) => fn.default(new Request(url, init)) }));
  const crossSite = await fn.default(new Request('https://docs.acme.example/mcp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Origin: 'https://evil.example' },
    body: initialize,
  }));
  assert.is(crossSite.status, 403);
  const large = await fn.default(new Request('https://docs.acme.example/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'x'.repeat(70_000) }));
  assert.is(large.status, 413);
});

mcp('should link /mcp from the head of every page built for a host that serves it, by worker threads too', () => {
  // Twenty pages with two threads: a worker renders some of them.
  const many = join(work, 'many');
  const names = Array.from({ length: 20 }, (_, index) => `page-${index + 1}`);
  mkdirSync(many, { recursive: true });
  writeFileSync(join(many, 'docs.json'), JSON.stringify({ name: 'Many', siteUrl: 'https://docs.many.example', navigation: { pages: names } }));
  for (const name of names) writeFileSync(join(many, `${name}.mdx`), `---\ntitle: ${name}\n---\n\nAbout ${name}.\n`);
  const linksOf = (folder: string) => names.map((name) => [...readFileSync(join(folder, `${name}.html`), 'utf8').matchAll(/<link rel="mcp-server" href="([^"]*)">/g)].map((match) => match[1]));
  const cloudflare = join(work, 'many-cloudflare');
  const built = spawnSync(bin, ['build', many, '--out', cloudflare, '--adapter', 'cloudflare', '--workers', '2', '--no-cache'], { cwd: work, encoding: 'utf8' });
  assert.is(built.status, 0, built.stderr);
  assert.equal(linksOf(cloudflare), names.map(() => ['https://docs.many.example/mcp']));
  const plain = join(work, 'many-static');
  const builtStatic = spawnSync(bin, ['build', many, '--out', plain, '--workers', '2', '--no-cache'], { cwd: work, encoding: 'utf8' });
  assert.is(builtStatic.status, 0, builtStatic.stderr);
  assert.equal(linksOf(plain), names.map(() => []));
});

mcp('should write no MCP function, card or llms.txt line for the static adapter', () => {
  const staticOut = join(work, 'static');
  const built = spawnSync(bin, ['build', root, '--out', staticOut, '--no-cache'], { cwd: work, encoding: 'utf8' });
  assert.is(built.status, 0, built.stderr);
  assert.not.ok(existsSync(join(staticOut, '_docsgen/mcp.json')));
  assert.not.ok(existsSync(join(staticOut, '.well-known/mcp')));
  assert.not.match(readFileSync(join(staticOut, 'llms.txt'), 'utf8'), /\/mcp/);
});

mcp.run();
