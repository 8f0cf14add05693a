import { formatMessageLine } from '@docsgen/config';
import { readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { exitCodes, type MainContext } from './main.js';

export interface McpCommandOptions {
  /** Project folder, relative to the working directory. */
  root: string;
  /** A build output folder to serve instead of the sources, relative to the working directory. */
  out?: string | undefined;
  /** Whether to keep and reuse the pages' Markdown in `.docsgen/cache/mcp` (default: `true`). */
  cache?: boolean | undefined;
  /** Where the client's messages come from (default: `process.stdin`). */
  stdin?: Readable | undefined;
}

/**
 * `docsgen mcp`: an MCP server over stdio for an editor to start, serving the project from its
 * sources (as `dev` renders it) or a build's snapshot with `--out`. Standard output carries only
 * the protocol; the project's messages go to standard error. Ends when the input closes. The
 * search index starts being made at once; from the sources, over the pages' Markdown kept in
 * `.docsgen/cache/mcp` while the project is unchanged.
 */
export async function runMcp(options: McpCommandOptions, context: MainContext): Promise<number> {
  const { createDocsMcp, createSnapshotSource } = await import('@docsgen/mcp');
  const { serveMcpStdio } = await import('@docsgen/mcp/stdio');
  const { createSite, createSiteMcp, mcpSnapshotPath } = await import('@docsgen/core');
  const streams = { stdin: options.stdin ?? process.stdin, stdout: context.stdout as Writable };
  if (options.out !== undefined) {
    const file = join(resolve(context.cwd, options.out), mcpSnapshotPath);
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) {
      context.stderr.write(`docsgen: Cannot serve \`${options.out}\` over MCP: it has no \`${mcpSnapshotPath}\`. Build with \`--adapter netlify\`, \`vercel\` or \`cloudflare\`, or serve the sources (\`docsgen mcp ${options.root}\`).\n`);
      return exitCodes.failure;
    }
    let snapshot;
    try {
      snapshot = createSnapshotSource(JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      context.stderr.write(`docsgen: Cannot read \`${relative(context.cwd, file)}\`: ${(error as Error).message}\n`);
      return exitCodes.failure;
    }
    await serveMcpStdio(createDocsMcp(snapshot), streams);
    return exitCodes.ok;
  }
  const site = await createSite(resolve(context.cwd, options.root), { mode: 'dev', compileCache: true });
  for (const message of site.messages) context.stderr.write(`${formatMessageLine(message, { cwd: context.cwd })}\n`);
  if (!site.config) return exitCodes.failure;
  await serveMcpStdio(await createSiteMcp(site, { cache: options.cache ?? true }), streams);
  return exitCodes.ok;
}
