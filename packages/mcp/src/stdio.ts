import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Readable, Writable } from 'node:stream';
import type { DocsMcp } from './docs-mcp.js';

/**
 * Serves `docs` over stdio (one session, for an editor that starts the process) until the
 * input ends. The search index starts being made as soon as the client is connected, so
 * that the first search finds it made or under way. Exported as `@docsgen/mcp/stdio`, apart from the main entry, so a function
 * bundled for a host without Node built-ins (Cloudflare) never reaches `node:process`.
 */
export async function serveMcpStdio(docs: DocsMcp, streams?: { stdin?: Readable; stdout?: Writable } | null): Promise<void> {
  const server = await docs.createServer();
  const transport = new StdioServerTransport(streams?.stdin, streams?.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    (streams?.stdin ?? process.stdin).once('end', () => resolve());
  });
  await server.connect(transport);
  docs.prepare();
  await closed;
  await server.close();
}
