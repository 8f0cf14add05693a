/**
 * The MCP server (`/mcp`) as a serverless function for the hosts that run one, written by
 * `docsgen build` as the try-it proxy is: one self-contained file per host, bundled with esbuild
 * from `@docsgen/mcp` and the official MCP SDK, with the site's pages and their Markdown (the
 * snapshot `_docsgen/mcp.json`) inlined, so the function reads no file at run time.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { docsgenVersion } from './version.js';

/**
 * The URL path of the MCP endpoint (`@docsgen/mcp`'s `mcpRoute`, which a test checks it
 * equals): written here so `@docsgen/core/adapters` loads without the MCP SDK.
 */
export const mcpRoute = '/mcp';

/** Hosts `docsgen build` writes an MCP function for. */
export type FunctionPlatform = 'netlify' | 'vercel' | 'cloudflare';

/** Where each host looks for the function, relative to the output folder. */
export const mcpFunctionPaths: Readonly<Record<FunctionPlatform, string>> = {
  // Functions v2: the path comes from the file's `config` export.
  netlify: 'netlify/functions/docsgen-mcp.mjs',
  // Served at /api/docsgen-mcp; vercel.json rewrites `mcpRoute` to it.
  vercel: 'api/docsgen-mcp.mjs',
  // Pages Functions route by file path.
  cloudflare: 'functions/mcp.js',
};

/**
 * The function's code before its export, serving `snapshot` (JSON text). The values are written
 * in as literals, not put in place of names afterwards: a page's text may hold any name.
 */
function commonLines(snapshot: string, version: string): string[] {
  return [
    "import { createDocsMcp, createSnapshotSource, handleMcpHttpRequest } from '@docsgen/mcp';",
    `const docs = createDocsMcp(createSnapshotSource(JSON.parse(${JSON.stringify(snapshot)})), { version: ${JSON.stringify(version)} });`,
    'const handle = (request) => handleMcpHttpRequest(request, docs);',
  ];
}

const exportsOf: Record<FunctionPlatform, string> = {
  netlify: 'export default handle;',
  // Every method reaches the handler, which answers all but POST with its own 405.
  vercel: 'export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };',
  cloudflare: 'export const onRequest = (context) => handle(context.request);',
};

/**
 * The MCP function for `platform`, serving `snapshot` (the JSON text of `_docsgen/mcp.json`).
 *
 * @returns
 *   One file (posix path relative to the output folder, and its text).
 */
export function mcpFunctionFiles(platform: FunctionPlatform, snapshot: string): Array<{ path: string; content: string }> {
  const isNode = platform !== 'cloudflare';
  const here = dirname(fileURLToPath(import.meta.url));
  // Required here, not imported at start-up: only a build for a host with functions needs esbuild.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const entry = [...commonLines(snapshot, docsgenVersion()), exportsOf[platform]].join('\n');
  const result = buildSync({
    stdin: { contents: entry, loader: 'js', resolveDir: here, sourcefile: 'docsgen-mcp.js' },
    absWorkingDir: here,
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: isNode ? 'node' : 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['import', 'worker', 'default'],
    target: isNode ? 'node20' : 'es2022',
    legalComments: 'none',
    banner: { js: `// The MCP server of this docs site (${mcpRoute}), written by \`docsgen build\`: search, read and list its pages.` },
    // Netlify reads the route from a literal `export const config`, which bundling would rewrite.
    footer: platform === 'netlify' ? { js: `export const config = { path: ${JSON.stringify(mcpRoute)} };` } : undefined,
  });
  return [{ path: mcpFunctionPaths[platform], content: result.outputFiles[0]?.text ?? '' }];
}
