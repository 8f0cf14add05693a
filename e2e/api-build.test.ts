// `docsgen build` of an API reference through the installed CLI: the spec's schema file (made by
// the first worker thread when there are workers) and every page are the same bytes however the
// build is split across threads; a circular `$ref` does not stop the build.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = join(repo, 'node_modules', '.bin', 'docsgen');

/** A spec of `count` operations whose bodies nest a cyclic `Customer` two levels down: enough pages for a worker. */
function specOf(count: number): string {
  const paths: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) {
    paths[`/things/t${index}`] = {
      post: {
        operationId: `createThing${index}`,
        summary: `Create thing ${index}`,
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    };
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Things', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    components: {
      schemas: {
        Thing: { type: 'object', properties: { name: { type: 'string', description: 'The *name*.' }, owner: { anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/Customer' }] } } },
        Customer: { type: 'object', properties: { id: { type: 'string' }, referrer: { $ref: '#/components/schemas/Customer' }, address: { type: 'object', properties: { city: { type: 'string' } } } } },
      },
    },
  });
}

function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'latin1');
    }
  };
  walk(dir);
  return files;
}

const build = suite('docsgen build (API reference)');

build('should write the same schema file and pages with a worker thread as in one thread', () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-api-build-e2e-'));
  try {
    writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'API build test', navigation: { pages: ['index'] }, api: { openapi: 'openapi.json' } }));
    writeFileSync(join(root, 'index.mdx'), '# Home\n');
    writeFileSync(join(root, 'openapi.json'), specOf(40));
    const run = (workers: string) => {
      const result = spawnSync(bin, ['build', root, '--workers', workers, '--no-cache'], { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      assert.is(result.status, 0, result.stdout + result.stderr);
      return tree(join(root, 'dist'));
    };
    const threaded = run('2');
    const schemaFiles = Object.keys(threaded).filter((path) => /^_docsgen\/api-schemas-[0-9a-f]{16}\.json$/.test(path));
    assert.is(schemaFiles.length, 1);
    const fragments = (JSON.parse(threaded[schemaFiles[0]!]!) as { fragments: Record<string, string> }).fragments;
    // Thing's owner option (Customer) and Customer's own nested fields each have a fragment.
    assert.ok(Object.values(fragments).some((html) => html.includes('referrer') && html.includes('address')), 'Customer has its fragment');
    assert.ok(Object.keys(threaded).filter((path) => path.endsWith('.html')).length > 40);
    const single = run('0');
    assert.equal(Object.keys(single).sort(), Object.keys(threaded).sort());
    for (const path of Object.keys(single)) assert.ok(single[path] === threaded[path], `${path} differs between one thread and two`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

build.run();
