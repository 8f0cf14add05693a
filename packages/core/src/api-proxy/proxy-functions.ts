/**
 * The try-it proxy as a serverless function for the hosts that run one, written by
 * `docsgen build`: one self-contained file per host, bundled from this folder with the allowed
 * origins baked in.
 */
import type { DocsgenMessage } from '@docsgen/config';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locate } from '../adapter-rules.js';

/** The URL path of the proxy, in `docsgen dev` and on every host that runs it. */
export const proxyRoute = '/_docsgen/proxy';

/** Hosts `docsgen build` writes a proxy function for. */
export type ProxyPlatform = 'netlify' | 'vercel' | 'cloudflare';

/** Where each host looks for the function, relative to the output folder. */
export const proxyFunctionPaths: Readonly<Record<ProxyPlatform, string>> = {
  // Functions v2: the path comes from the file's `config` export.
  netlify: 'netlify/functions/docsgen-proxy.mjs',
  // Served at /api/docsgen-proxy; vercel.json rewrites `proxyRoute` to it.
  vercel: 'api/docsgen-proxy.mjs',
  // Pages Functions route by file path.
  cloudflare: 'functions/_docsgen/proxy.js',
};

/** The entry module of each function, bundled with esbuild; `ORIGINS` is replaced by the allowed origins. */
const entries: Record<ProxyPlatform, string> = {
  netlify: [
    "import { handleProxyRequest } from './handle-proxy-request.js';",
    "import { createNodeSend } from './node-send.js';",
    'const options = { allowedOrigins: ORIGINS, send: createNodeSend() };',
    'export default (request) => handleProxyRequest(request, options);',
  ].join('\n'),
  vercel: [
    "import { handleProxyRequest } from './handle-proxy-request.js';",
    "import { createNodeSend } from './node-send.js';",
    'const options = { allowedOrigins: ORIGINS, send: createNodeSend() };',
    'const handle = (request) => handleProxyRequest(request, options);',
    // Every method reaches the handler, which answers all but POST with its own 405.
    'export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };',
  ].join('\n'),
  cloudflare: [
    "import { handleProxyRequest } from './handle-proxy-request.js';",
    "import { createFetchSend } from './fetch-send.js';",
    'const options = { allowedOrigins: ORIGINS, send: createFetchSend() };',
    'export const onRequest = (context) => handleProxyRequest(context.request, options);',
    'export const onRequestPost = onRequest;',
  ].join('\n'),
};

/**
 * The proxy function for `platform`, forwarding only to `allowedOrigins`.
 *
 * @returns
 *   One file (posix path relative to the output folder, and its text).
 */
export function proxyFunctionFiles(platform: ProxyPlatform, allowedOrigins: readonly string[]): Array<{ path: string; content: string }> {
  const origins = JSON.stringify([...allowedOrigins]);
  const isNode = platform !== 'cloudflare';
  const here = dirname(fileURLToPath(import.meta.url));
  // Required here, not imported at start-up: only a build with the proxy on needs esbuild.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const result = buildSync({
    stdin: { contents: entries[platform].replace('ORIGINS', () => origins), loader: 'ts', resolveDir: here, sourcefile: 'docsgen-proxy.ts' },
    // Paths in the bundle's comments are relative to this folder, whatever the working directory.
    absWorkingDir: here,
    bundle: true,
    write: false,
    format: 'esm',
    platform: isNode ? 'node' : 'neutral',
    target: isNode ? 'node20' : 'es2022',
    legalComments: 'none',
    banner: { js: `// The try-it CORS proxy of this docs site, written by \`docsgen build\`; it forwards only to ${allowedOrigins.join(', ') || 'no origin'}.` },
    // Netlify reads the route from a literal `export const config`, which bundling would rewrite.
    footer: platform === 'netlify' ? { js: `export const config = { path: ${JSON.stringify(proxyRoute)} };` } : undefined,
  });
  return [{ path: proxyFunctionPaths[platform], content: result.outputFiles[0]?.text ?? '' }];
}

/** The warning for `api.playground.proxy` with an adapter whose host cannot run a function. */
export function proxyUnsupportedMessage(adapter: string, locate: Locate | undefined): DocsgenMessage {
  const place = locate?.(['api', 'playground', 'proxy']);
  return {
    ...(place ? { file: place.file, line: place.line, column: place.column } : {}),
    reason: `The \`${adapter}\` adapter cannot run the try-it proxy (\`api.playground.proxy\`): a static host has no server code, so try-it requests to \`${proxyRoute}\` will fail`,
    ruleId: 'api-proxy-unsupported',
    source: '@docsgen/core',
    fatal: false,
    path: 'api.playground.proxy',
    note: 'Build with `--adapter netlify`, `vercel` or `cloudflare`, serve the site behind a proxy of your own at `/_docsgen/proxy`, or set `api.playground.proxy` to `false` (the API must then allow CORS).',
  };
}
