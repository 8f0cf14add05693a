import { createRequire } from 'node:module';

/** The version of the docsgen package, read from its package.json. */
export const version: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;
