import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adapterFiles, buildSite, proxyFunctionFiles, proxyRoute } from '../src/index.js';
import { errorOf, proxyRequest, startMockApi, type MockApi } from './api-proxy-mock.js';
import { writeTempProject } from './temp-project.js';

const functions = suite('api proxy functions');

let api: MockApi;
let other: MockApi;
const folder = join(tmpdir(), `docsgen-proxy-functions-${process.pid}`);
functions.before(async () => {
  api = await startMockApi();
  other = await startMockApi();
});
functions.after(async () => {
  await api.close();
  await other.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Writes an emitted function file to disk and imports it, as the host would. */
async function importEmitted(path: string, content: string): Promise<Record<string, unknown>> {
  const file = join(folder, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

type Handler = (request: Request) => Promise<Response>;

functions('should write the function at each host\'s path, and vercel\'s rewrite', () => {
  const input = { redirects: [], files: new Set<string>(), apiProxy: { allowedOrigins: ['https://api.example.com'] } };
  const paths = (adapter: 'netlify' | 'vercel' | 'cloudflare') => adapterFiles(adapter, input).files.map((file) => file.path);
  assert.equal(paths('netlify'), ['_redirects', 'netlify/functions/docsgen-proxy.mjs']);
  assert.equal(paths('vercel'), ['vercel.json', 'api/docsgen-proxy.mjs']);
  assert.equal(paths('cloudflare'), ['_redirects', 'functions/_docsgen/proxy.js']);
  const vercel = JSON.parse(adapterFiles('vercel', input).files[0]?.content ?? '{}') as { rewrites?: unknown };
  assert.equal(vercel.rewrites, [{ source: '/_docsgen/proxy', destination: '/api/docsgen-proxy' }]);
  // Without the proxy, nothing changes.
  assert.equal(adapterFiles('netlify', { redirects: [], files: new Set() }).files.map((file) => file.path), ['_redirects']);
  assert.is((JSON.parse(adapterFiles('vercel', { redirects: [], files: new Set() }).files[0]?.content ?? '{}') as { rewrites?: unknown }).rewrites, undefined);
  for (const adapter of ['netlify', 'vercel', 'cloudflare'] as const) {
    const content = adapterFiles(adapter, input).files[1]?.content ?? '';
    assert.ok(content.includes('"https://api.example.com"'), adapter);
    // Self-contained: nothing but the platform's own modules is imported.
    assert.equal([...content.matchAll(/^import .* from "([^"]+)"/gm)].map((match) => match[1]).filter((name) => !name?.startsWith('node:')), [], adapter);
  }
  assert.not.match(adapterFiles('cloudflare', input).files[1]?.content ?? '', /node:/);
});

functions('should warn api-proxy-unsupported and write no function for the static hosts', () => {
  for (const adapter of ['static', 'github-pages'] as const) {
    const output = adapterFiles(adapter, { redirects: [], files: new Set(), apiProxy: { allowedOrigins: ['https://api.example.com'] } });
    assert.equal(output.messages.map((message) => `${message.fatal ? 'error' : 'warning'} ${message.ruleId}`), ['warning api-proxy-unsupported'], adapter);
    assert.ok(output.messages[0]?.note?.includes('netlify'));
    assert.not.ok(output.files.some((file) => /docsgen-proxy|functions\//.test(file.path)), adapter);
  }
  assert.equal(adapterFiles('static', { redirects: [], files: new Set() }).messages, []);
});

functions('should run the emitted netlify function in Node against a local API', async () => {
  const [file] = proxyFunctionFiles('netlify', [api.origin]);
  const module = await importEmitted(file?.path ?? '', file?.content ?? '');
  assert.equal(module.config, { path: proxyRoute });
  assert.match(file?.content ?? '', /^export const config = \{ path: "\/_docsgen\/proxy" \};$/m);
  const handler = module.default as Handler;
  const response = await handler(proxyRequest({ method: 'POST', url: `${api.origin}/echo`, headers: { authorization: 'Bearer n', cookie: 'a=1' }, body: Buffer.from('{"a":1}').toString('base64') }));
  assert.is(response.status, 201);
  assert.is(response.headers.get('x-docsgen-proxy'), 'upstream');
  assert.is(response.headers.get('set-cookie'), null);
  const seen = api.seen.at(-1);
  assert.is(seen?.headers.authorization, 'Bearer n');
  assert.is(seen?.headers.cookie, undefined);
  assert.is(seen?.body.toString(), '{"a":1}');
  // The origins are baked in: another one is refused.
  assert.is(await errorOf(await handler(proxyRequest({ method: 'GET', url: `${other.origin}/echo` }))), '403 proxy-target-refused');
  assert.is(other.seen.length, 0);
});

functions('should run the emitted vercel function in Node against a local API', async () => {
  const [file] = proxyFunctionFiles('vercel', [api.origin]);
  const module = await importEmitted(file?.path ?? '', file?.content ?? '');
  const post = module.POST as Handler;
  const response = await post(proxyRequest({ method: 'GET', url: `${api.origin}/echo?from=vercel` }));
  assert.is(response.status, 201);
  assert.is(api.seen.at(-1)?.url, '/echo?from=vercel');
  assert.is(await errorOf(await (module.GET as Handler)(new Request('http://docs.localhost/_docsgen/proxy'))), '405 proxy-method-not-allowed');
  assert.is(await errorOf(await post(proxyRequest({ method: 'GET', url: `${api.origin}/redirect?to=${encodeURIComponent(`${other.origin}/echo`)}` }))), '403 proxy-target-refused');
});

functions('should run the emitted cloudflare function with fetch', async () => {
  const [file] = proxyFunctionFiles('cloudflare', [api.origin]);
  const module = await importEmitted(file?.path ?? '', file?.content ?? '');
  assert.is(module.onRequestPost, module.onRequest);
  const onRequest = module.onRequest as (context: { request: Request }) => Promise<Response>;
  const response = await onRequest({ request: proxyRequest({ method: 'GET', url: `${api.origin}/echo?from=cloudflare` }) });
  assert.is(response.status, 201);
  assert.is(api.seen.at(-1)?.url, '/echo?from=cloudflare');
});

functions('should emit the function from docsgen build when api.playground.proxy is on', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Proxy', navigation: { pages: ['index'] }, api: { baseUrl: api.origin, playground: { proxy: true } } }),
    'index.mdx': '# Home\n',
  });
  try {
    const netlify = await buildSite(root, { adapter: 'netlify', outDir: '.out-netlify', cache: false, workers: 0 });
    assert.ok(netlify.ok, netlify.messages.map((message) => message.reason).join('\n'));
    const emitted = join(root, '.out-netlify', 'netlify/functions/docsgen-proxy.mjs');
    assert.ok(existsSync(emitted));
    assert.ok(readFileSync(emitted, 'utf8').includes(JSON.stringify(api.origin)));
    const vercel = await buildSite(root, { adapter: 'vercel', outDir: '.out-vercel', cache: false, workers: 0 });
    assert.ok(existsSync(join(root, '.out-vercel', 'api/docsgen-proxy.mjs')));
    assert.ok(readFileSync(join(root, '.out-vercel', 'vercel.json'), 'utf8').includes('/api/docsgen-proxy'));
    assert.ok(vercel.ok);
    const cloudflare = await buildSite(root, { adapter: 'cloudflare', outDir: '.out-cloudflare', cache: false, workers: 0 });
    assert.ok(cloudflare.ok);
    assert.ok(existsSync(join(root, '.out-cloudflare', 'functions/_docsgen/proxy.js')));
    const plain = await buildSite(root, { adapter: 'static', outDir: '.out-static', cache: false, workers: 0 });
    assert.ok(plain.ok);
    assert.ok(plain.messages.some((message) => message.ruleId === 'api-proxy-unsupported' && !message.fatal));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

functions.run();
