import { formatMessageLine } from '@docsgen/config';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildAsyncApiPages } from '../src/asyncapi-pages.js';
import { loadSpec } from '../src/load-spec.js';
import { buildOpenApiPages } from '../src/openapi-pages.js';

const fixtures = suite('fixtures');

// Each `fixtures/specs/<case>/` holds one entry spec (`openapi.*`, `swagger.*` or
// `asyncapi.*`, plus the files it refers to) and `expected.txt`: the messages as
// `docsgen check` prints them, then each page as `slug  title  [hidden]`, then the navigation
// groups. `UPDATE=1` rewrites `expected.txt`; a file written for the first time still fails
// once, so that someone reads it.
const base = fileURLToPath(new URL('fixtures/specs/', import.meta.url));
const cases = readdirSync(base, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

fixtures('should have the required cases', () => {
  for (const name of ['tiny', 'swagger2', 'openapi31', 'circular', 'multi-file', 'asyncapi26', 'asyncapi30', 'hostile', 'yaml-syntax', 'json-syntax', 'invalid-openapi']) {
    assert.ok(cases.includes(name), name);
  }
});

for (const name of cases) {
  fixtures(`should load and build \`${name}\` as in its expected.txt`, async () => {
    const folder = join(base, name);
    const entry = readdirSync(folder).find((file) => /^(openapi|swagger|asyncapi)\.(ya?ml|json)$/.test(file));
    assert.ok(entry, 'entry spec');
    const spec = await loadSpec(folder, entry as string);
    const built = spec.kind === 'openapi' ? buildOpenApiPages(spec) : spec.kind === 'asyncapi' ? buildAsyncApiPages(spec) : undefined;
    const lines = [
      '# messages',
      ...[...spec.messages, ...(built?.messages ?? [])].map((message) => formatMessageLine(message, { cwd: folder })),
      '# pages',
      ...(built?.pages ?? []).map((page) => `${page.slug}  ${page.title}${page.isHidden ? '  [hidden]' : ''}`),
      '# groups',
      ...(built?.groups ?? []).map((group) => `${group.title}: ${group.pages.join(', ')}`),
    ];
    const actual = lines.join('\n') + '\n';
    const expectedFile = join(folder, 'expected.txt');
    const isNew = !existsSync(expectedFile);
    if (process.env.UPDATE || isNew) writeFileSync(expectedFile, actual);
    if (isNew) assert.unreachable(`wrote ${expectedFile}; read it, then run again`);
    assert.fixture(actual, readFileSync(expectedFile, 'utf8'));
  });
}

fixtures.run();
