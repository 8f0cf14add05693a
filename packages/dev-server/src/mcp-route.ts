import { createSiteMcp, type Site } from '@docsgen/core';
import type { DocsMcp, McpSnapshot } from '@docsgen/mcp';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAllowedHost } from './allowed-host.js';
import { sendWebResponse, toWebRequest } from './web-bridge.js';

/** The live site's MCP server, made again after each change (its search index is then stale). */
const live = new WeakMap<Site, { changes: number; docs: Promise<DocsMcp> }>();

/**
 * `/mcp` in `docsgen dev`: the MCP server over the live site (`handleMcpHttpRequest` of
 * @docsgen/mcp checks the request: host, cross-site origin, method, size, JSON).
 *
 * @param changes
 *   The server's change count: a new one makes a new server, with a new search index.
 */
export async function serveLiveMcp(site: Site, changes: number, allowedHosts: readonly string[], request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { handleMcpHttpRequest } = await import('@docsgen/mcp');
  let entry = live.get(site);
  if (!entry || entry.changes !== changes) {
    // The index of the site as it was is not finished: it would only cost time.
    entry?.docs.then((docs) => docs.close(), () => undefined);
    live.set(site, (entry = { changes, docs: createSiteMcp(site) }));
  }
  await sendWebResponse(request, response, await handleMcpHttpRequest(toWebRequest(request), await entry.docs, { isAllowedHost: (host) => isAllowedHost(host ?? undefined, allowedHosts) }));
}

/** The snapshot servers of `docsgen preview`, by snapshot file, while the file is unchanged. */
const snapshots = new Map<string, { signature: string; docs: DocsMcp }>();

/**
 * `/mcp` in `docsgen preview`: the MCP server over the snapshot the build wrote
 * (`_docsgen/mcp.json`), as the adapters' functions serve it; 404 when the build has none
 * (the `static` and `github-pages` adapters).
 */
export async function serveSnapshotMcp(file: string, allowedHosts: readonly string[], request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const { createDocsMcp, createSnapshotSource, handleMcpHttpRequest } = await import('@docsgen/mcp');
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return false;
  const signature = `${info.ino}:${info.size}:${info.mtimeMs}`;
  let entry = snapshots.get(file);
  if (!entry || entry.signature !== signature) {
    const snapshot = JSON.parse(await readFile(file, 'utf8')) as McpSnapshot;
    snapshots.set(file, (entry = { signature, docs: createDocsMcp(createSnapshotSource(snapshot)) }));
  }
  await sendWebResponse(request, response, await handleMcpHttpRequest(toWebRequest(request), entry.docs, { isAllowedHost: (host) => isAllowedHost(host ?? undefined, allowedHosts) }));
  return true;
}
