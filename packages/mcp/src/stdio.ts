import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Readable, Writable } from 'node:stream';
import type { DocsMcp } from './docs-mcp.js';

/**
 * Serves `docs` over stdio (one session, for an editor that starts the process) until the
 * input ends.
 */
export async function serveMcpStdio(docs: DocsMcp, streams?: { stdin?: Readable; stdout?: Writable } | null): Promise<void> {
  const server = await docs.createServer();
  const transport = new StdioServerTransport(streams?.stdin, streams?.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    (streams?.stdin ?? process.stdin).once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
