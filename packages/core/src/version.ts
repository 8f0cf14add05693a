import { readFileSync } from 'node:fs';

let version: string | undefined;

/** docsgen's version (`@docsgen/core`'s): part of every cache key, so an upgrade starts afresh. */
export function docsgenVersion(): string {
  return (version ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version);
}
