// A spec for the try-it form tests: built into page models through @docsgen/openapi-pages
// (tests may load the package root; the renderer's own code never does).
import { buildOpenApiPages, loadSpec, type ApiPageModel } from '@docsgen/openapi-pages';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { Playground } from '../src/api/playground.js';
import type { PlaygroundSettings } from '../src/api/types.js';

/** An OpenAPI 3.1 document with path, query and header parameters and JSON, form and multipart bodies. */
export function playgroundSpec(servers: { url: string; variables?: Record<string, { default: string; enum?: string[] }> }[]): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Playground API', version: '1.0.0' },
    servers,
    paths: {
      '/users/{id}': {
        get: {
          operationId: 'getUser',
          summary: 'Get a user',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' }, example: 'a b/c' },
            { name: 'fields', in: 'query', schema: { type: 'string', default: 'name' } },
            { name: 'order', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } },
            { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', example: 'trace-1' } },
          ],
          responses: { '200': { description: 'OK' } },
        },
      },
      '/users': {
        post: {
          operationId: 'createUser',
          summary: 'Create a user',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', properties: { name: { type: 'string' } } },
                examples: { ada: { value: { name: 'Ada </script><script>alert(1)</script>' } } },
              },
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', default: 'Grace' }, id: { type: 'string', readOnly: true } } },
              },
              'multipart/form-data': {
                schema: { type: 'object', properties: { caption: { type: 'string' }, photo: { type: 'string', format: 'binary' } } },
              },
            },
          },
          responses: { '201': { description: 'Created' } },
        },
      },
    },
  };
}

/** Page models of `playgroundSpec(servers)` by operation id. */
export async function playgroundPages(spec: Record<string, unknown>, baseUrl?: string | string[]): Promise<Record<string, ApiPageModel>> {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-playground-spec-'));
  try {
    writeFileSync(join(root, 'openapi.json'), JSON.stringify(spec));
    const loaded = await loadSpec(root, 'openapi.json');
    const pages = buildOpenApiPages(loaded, { baseUrl });
    return Object.fromEntries(pages.pages.map((page) => [page.operationId ?? page.slug, page]));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The form of `page` as HTML, for tests outside this package (which cannot resolve Preact). */
export function renderPlaygroundHtml(page: ApiPageModel, settings: PlaygroundSettings, idPrefix = 'op-'): string {
  return renderToString(h(Playground, { page, settings, idPrefix }));
}
