import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiPages, loadSpec, type ApiPageModel } from '@docsgen/openapi-pages';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apiOperationMarkdown } from '../src/api-markdown.js';

/** The one operation of a spec that takes and returns `#/components/schemas/<root>`. */
async function operation(root: string, schemas: Record<string, unknown>): Promise<ApiPageModel> {
  const folder = mkdtempSync(join(tmpdir(), 'core-api-markdown-'));
  try {
    const ref = { $ref: `#/components/schemas/${root}` };
    const spec = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: { '/things': { post: { requestBody: { content: { 'application/json': { schema: ref } } }, responses: { '200': { description: 'OK', content: { 'application/json': { schema: ref } } } } } } },
      components: { schemas },
    };
    writeFileSync(join(folder, 'openapi.json'), JSON.stringify(spec));
    return buildOpenApiPages(await loadSpec(folder, 'openapi.json')).pages[0]!;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('should write a cyclic schema in a twin once, naming the cycle instead of expanding it', async () => {
  const page = await operation('Customer', {
    Customer: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        address: { $ref: '#/components/schemas/Address' },
        invoice: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/Invoice' }] },
      },
    },
    Invoice: { type: 'object', properties: { total: { type: 'integer' }, customer: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/Customer' }] }, billing: { $ref: '#/components/schemas/Address' } } },
    Address: { type: 'object', properties: { city: { type: 'string' } } },
  });
  const markdown = apiOperationMarkdown(page);
  // The request body writes Customer's fields; Invoice's under `invoice`; the way back is named.
  assert.match(markdown, '- `id` (string)\n- `address` (Address)\n  - `city` (string)\n- `invoice` (string \\| Invoice)\n  - Any of:\n    - string (`string`)\n    - Invoice (`Invoice`)\n      - `total` (integer)\n      - `customer` (string \\| Customer)\n        - Any of:\n          - string (`string`)\n          - Customer (`Customer`)\n            - Recursive: see `Customer` above');
  // Address is written once per page: its second use points at the first.
  assert.match(markdown, '      - `billing` (Address)\n        - Fields: see `Address` above');
  assert.is(markdown.split('`city`').length - 1, 1);
  // The response (Customer again) points at the request body's fields instead of repeating them.
  assert.is(markdown.split('`total`').length - 1, 1);
});

test('should keep a twin bounded for a deeply nested schema', async () => {
  let deep: Record<string, unknown> = { type: 'string' };
  for (let index = 30; index >= 1; index--) deep = { type: 'object', properties: { [`level${index}`]: deep } };
  const markdown = apiOperationMarkdown(await operation('Deep', { Deep: deep }));
  assert.match(markdown, '`level4`');
  assert.not.match(markdown, '`level6`');
});

test.run();
