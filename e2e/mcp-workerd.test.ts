// The Cloudflare Pages function `docsgen build --adapter cloudflare` writes (`functions/mcp.js`),
// run on workerd, the open-source runtime of Cloudflare Workers (the `workerd` devDependency,
// whose binary ships in a registry package for each platform), as Pages runs it: an ES module
// whose `onRequest` gets a context with the request. Served twice, with no compatibility flag and
// with `nodejs_compat`, it must answer the official SDK's client (tools, search, read, the
// refusal of `../../etc/passwd`) and refuse a cross-site `Origin`. When workerd cannot start on
// this machine the test fails and says why: it is never skipped.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkServer, mcpProject } from './mcp-checks.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = join(repo, 'node_modules', '.bin', 'docsgen');
const work = mkdtempSync(join(tmpdir(), 'docsgen-mcp-workerd-'));
const root = join(work, 'project');
const out = join(work, 'dist');
for (const [name, content] of Object.entries(mcpProject)) {
  mkdirSync(dirname(join(root, name)), { recursive: true });
  writeFileSync(join(root, name), content);
}

let runtime: ChildProcess | undefined;
const workerd = suite('the Cloudflare MCP function on workerd');
workerd.after(() => {
  runtime?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** The workerd binary of this platform, from the `workerd` package. */
function workerdBinary(): string {
  try {
    // The package has no types: required, its main module gives the binary's path.
    const binary = (createRequire(import.meta.url)('workerd') as { default: string }).default;
    assert.ok(existsSync(binary), `no file at ${binary}`);
    return binary;
  } catch (error) {
    throw new Error(`Cannot find the workerd binary (devDependency \`workerd\`, whose binary comes from \`@cloudflare/workerd-${process.platform}-…\`): ${(error as Error).message}. Run \`npm run setup\`; workerd runs on Linux, macOS and Windows, x64 and arm64.`);
  }
}

/** A port free now on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// Pages Functions call `onRequest` with a context; this worker gives it the fields Pages does
// that a function may read, and routes `/mcp` to it as Pages' file-based routing would.
const entry = `import { onRequest } from './functions/mcp.js';
export default {
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname !== '/mcp') return new Response('Not found', { status: 404 });
    return onRequest({ request, env, params: {}, data: {}, waitUntil: (promise) => ctx.waitUntil(promise), next: () => new Response('Not found', { status: 404 }) });
  },
};
`;

/** workerd's configuration: the function as two services, without and with `nodejs_compat`, one socket each. */
function workerdConfig(ports: { plain: number; node: number }): string {
  const worker = (flags: string[]) => `(
  modules = [
    (name = "entry.mjs", esModule = embed "entry.mjs"),
    (name = "functions/mcp.js", esModule = embed "dist/functions/mcp.js"),
  ],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = [${flags.map((flag) => JSON.stringify(flag)).join(', ')}],
)`;
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "plain", worker = .plain), (name = "node", worker = .node) ],
  sockets = [
    (name = "plain", address = "127.0.0.1:${ports.plain}", http = (), service = "plain"),
    (name = "node", address = "127.0.0.1:${ports.node}", http = (), service = "node"),
  ],
);
const plain :Workerd.Worker = ${worker([])};
const node :Workerd.Worker = ${worker(['nodejs_compat'])};
`;
}

/** Starts workerd and resolves once both sockets answer; rejects with its output if it exits or does not answer in 20 s. */
async function startWorkerd(binary: string, ports: { plain: number; node: number }): Promise<void> {
  writeFileSync(join(work, 'entry.mjs'), entry);
  writeFileSync(join(work, 'config.capnp'), workerdConfig(ports));
  const child = spawn(binary, ['serve', 'config.capnp', '--verbose'], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
  runtime = child;
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `workerd exited (${code ?? signal})`));
  child.once('error', (error) => (exited = `workerd could not start: ${error.message}`));
  const deadline = Date.now() + 20_000;
  for (const port of [ports.plain, ports.node]) {
    for (;;) {
      if (exited) throw new Error(`${exited}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`workerd did not answer on 127.0.0.1:${port} within 20 s:\n${output}`);
      const answer = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
      if (answer?.status === 404) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const ports = { plain: 0, node: 0 };

workerd('should build the function and start it on workerd', async () => {
  const built = spawnSync(bin, ['build', root, '--out', out, '--adapter', 'cloudflare', '--no-cache'], { cwd: work, encoding: 'utf8' });
  assert.is(built.status, 0, built.stderr);
  assert.ok(existsSync(join(out, 'functions/mcp.js')));
  const binary = workerdBinary();
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  assert.is(version.status, 0, `\`workerd --version\` failed: ${version.stderr || version.error?.message}`);
  Object.assign(ports, { plain: await freePort(), node: await freePort() });
  await startWorkerd(binary, ports);
});

for (const flavour of ['plain', 'node'] as const) {
  const name = flavour === 'plain' ? 'without compatibility flags' : 'with nodejs_compat';
  workerd(`should answer the SDK's client ${name}`, async () => {
    assert.ok(ports[flavour] > 0, 'workerd was started by the first test');
    await checkServer(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${ports[flavour]}/mcp`)));
  });

  workerd(`should refuse a cross-site Origin and a sibling site's page ${name}`, async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${ports[flavour]}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
    const crossSite = await post({ Origin: 'https://evil.example' });
    assert.is(crossSite.status, 403);
    assert.match(await crossSite.text(), /Requests from another site \(https:\/\/evil\.example\) may not use this MCP server/);
    assert.is((await post({ 'Sec-Fetch-Site': 'same-site' })).status, 403);
    assert.is((await post({ Origin: 'null' })).status, 403);
    assert.is((await post({})).status, 200);
  });
}

workerd.run();
