import { docsMcpTools } from './docs-mcp.js';
import { mcpRoute } from './http-handler.js';

/** What the server card says about the site. */
export interface ServerCardInput {
  name: string;
  description?: string | undefined;
  /** Absolute URL of the site, else the card gives the endpoint's path only. */
  siteUrl?: string | undefined;
  /** The server's version (default: `1.0.0`). */
  version?: string | undefined;
}

/**
 * `/.well-known/mcp`: the discovery document of the site's MCP server, in the hosted
 * platform's shape (`version`, `transport`, `url`, `servers`), with the server card's `name`,
 * `description` and `tools`, so a client can show the tools without connecting.
 */
export function mcpServerCard(input: ServerCardInput): string {
  const url = `${input.siteUrl?.replace(/\/+$/, '') ?? ''}${mcpRoute}`;
  const card = {
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    version: input.version ?? '1.0.0',
    transport: 'http',
    url,
    servers: [{ name: 'public', url, transport: 'http', authentication: 'none' }],
    tools: docsMcpTools.map((tool) => ({ ...tool, annotations: { readOnlyHint: true, idempotentHint: true } })),
  };
  return `${JSON.stringify(card, null, 2)}\n`;
}
