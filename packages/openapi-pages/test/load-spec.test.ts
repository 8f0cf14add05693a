import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSpec } from '../src/load-spec.js';
import { buildOpenApiPages } from '../src/openapi-pages.js';

const test = suite('loadSpec');

const secret = 'TOP-SECRET-MARKER-7f3a';

/** A temp folder holding `project/` (the root) and, beside it, `secret.yaml` and `secret-dir/`. */
function setup(files: Record<string, string>): { base: string; root: string } {
  const base = mkdtempSync(join(tmpdir(), 'openapi-pages-load-'));
  const root = join(base, 'project');
  mkdirSync(root);
  writeFileSync(join(base, 'secret.yaml'), `type: string\ndescription: ${secret}\nexample: ${secret}\n`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return { base, root };
}

const specWithSchema = (ref: string) => `openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /a:
    get:
      summary: A
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '${ref}'
`;

async function expectRefused(ref: string, ruleId: string, extra?: (root: string, base: string) => void) {
  const { base, root } = setup({ 'openapi.yaml': specWithSchema(ref) });
  try {
    extra?.(root, base);
    const spec = await loadSpec(root, 'openapi.yaml');
    const message = spec.messages.find((m) => m.ruleId === ruleId);
    assert.ok(message, `${ref}: expected ${ruleId}, got ${spec.messages.map((m) => m.ruleId).join(', ')}`);
    assert.is(message.line, 13, 'placed at the $ref');
    const pages = buildOpenApiPages(spec);
    assert.not.ok(JSON.stringify(pages).includes(secret), `${ref}: secret content reached the model`);
    assert.not.ok(JSON.stringify([...spec.documents.keys()]).includes('secret'), 'no secret file was read');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

test('should refuse an absolute $ref outside the root', async () => {
  await expectRefused('/etc/passwd', 'ref-outside-root');
});

test('should refuse a $ref climbing out of the root', async () => {
  await expectRefused('../secret.yaml', 'ref-outside-root');
  await expectRefused('../../secret.yaml', 'ref-outside-root');
  await expectRefused('sub/../../secret.yaml', 'ref-outside-root');
});

test('should refuse a percent-encoded climb out of the root', async () => {
  await expectRefused('%2e%2e/secret.yaml', 'ref-outside-root');
  await expectRefused('..%2fsecret.yaml', 'ref-outside-root');
});

test('should refuse file: URLs and other schemes without reading them', async () => {
  await expectRefused('file:///etc/passwd', 'ref-remote');
  await expectRefused('data:application/json,{"type":"string"}', 'ref-remote');
});

test('should refuse a symlink inside the root that points outside it (real path check)', async () => {
  await expectRefused('./link.yaml', 'ref-outside-root', (root, base) => symlinkSync(join(base, 'secret.yaml'), join(root, 'link.yaml')));
});

test('should refuse a file reached through a symlinked folder that points outside', async () => {
  await expectRefused('./linked/secret.yaml', 'ref-outside-root', (root, base) => symlinkSync(base, join(root, 'linked')));
});

test('should follow a symlink that stays inside the root', async () => {
  const { base, root } = setup({ 'openapi.yaml': specWithSchema('./alias.yaml'), 'schemas/real.yaml': 'type: integer\n' });
  try {
    symlinkSync(join(root, 'schemas/real.yaml'), join(root, 'alias.yaml'));
    const spec = await loadSpec(root, 'openapi.yaml');
    assert.equal(spec.messages, []);
    const page = buildOpenApiPages(spec).pages[0];
    assert.is(page?.responses[0]?.content[0]?.schema?.typeLabel, 'integer');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should refuse an entry spec outside the root', async () => {
  const { base, root } = setup({});
  try {
    const spec = await loadSpec(root, '../secret.yaml');
    assert.is(spec.messages[0]?.ruleId, 'spec-unreadable');
    assert.match(spec.messages[0]?.reason ?? '', 'outside the project folder');
    assert.is(spec.value, undefined);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should never fetch a remote $ref (a local server sees no request)', async () => {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests++;
    response.end('{"type":"string"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const { base, root } = setup({ 'openapi.yaml': specWithSchema(`http://127.0.0.1:${port}/schema.json`) });
  try {
    const spec = await loadSpec(root, 'openapi.yaml');
    const message = spec.messages.find((m) => m.ruleId === 'ref-remote');
    assert.ok(message);
    assert.is(message.fatal, false);
    buildOpenApiPages(spec);
    assert.is(requests, 0);
  } finally {
    server.close();
    rmSync(base, { recursive: true, force: true });
  }
});

test('should name both files of a $ref to a missing file, at the $ref', async () => {
  const { base, root } = setup({
    'openapi.yaml': specWithSchema('./schemas/user.yaml'),
    'schemas/user.yaml': 'type: object\nproperties:\n  team:\n    $ref: ../teams/team.yaml#/Team\n',
  });
  try {
    const spec = await loadSpec(root, 'openapi.yaml');
    assert.is(spec.messages.length, 1);
    const [message] = spec.messages;
    assert.is(message?.ruleId, 'ref-target-missing');
    assert.is(message?.file, join(root, 'schemas/user.yaml'));
    assert.is(message?.line, 4);
    assert.is(message?.column, 11);
    assert.match(message?.reason ?? '', '`schemas/user.yaml`');
    assert.match(message?.reason ?? '', '`teams/team.yaml` does not exist');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should name both files of a $ref to a missing component, with a did-you-mean', async () => {
  const { base, root } = setup({
    'openapi.yaml': specWithSchema('./common.json#/components/schemas/Usr'),
    'common.json': '{\n  "components": {\n    "schemas": {\n      "User": { "type": "object" }\n    }\n  }\n}\n',
  });
  try {
    const spec = await loadSpec(root, 'openapi.yaml');
    const [message] = spec.messages;
    assert.is(message?.ruleId, 'ref-target-missing');
    assert.is(message?.file, join(root, 'openapi.yaml'));
    assert.is(message?.line, 13);
    assert.is(
      message?.reason,
      'Cannot resolve `$ref` `./common.json#/components/schemas/Usr` in `openapi.yaml`: `common.json` has no `/components/schemas/Usr`',
    );
    assert.is(message?.note, 'Did you mean `User`?');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should report every broken $ref site, not only the first', async () => {
  const spec = specWithSchema('#/components/schemas/Nope').replace(
    "              schema:\n                $ref: '#/components/schemas/Nope'\n",
    "              schema:\n                type: array\n                items: {$ref: '#/components/schemas/Nope'}\n                x-other: {$ref: '#/components/schemas/Nope'}\n",
  );
  const { base, root } = setup({ 'openapi.yaml': spec });
  try {
    const loaded = await loadSpec(root, 'openapi.yaml', { validate: false });
    assert.equal(
      loaded.messages.map((m) => [m.ruleId, m.line]),
      [
        ['ref-target-missing', 14],
        ['ref-target-missing', 15],
      ],
    );
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should report each group of cycles once, as a warning, whichever way it is entered', async () => {
  const { base, root } = setup({
    'openapi.yaml': `openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /a:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {$ref: '#/components/schemas/A'}
  /b:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {$ref: '#/components/schemas/B'}
components:
  schemas:
    A: {type: object, properties: {b: {$ref: '#/components/schemas/B'}, self: {$ref: '#/components/schemas/A'}}}
    B: {type: object, properties: {a: {$ref: '#/components/schemas/A'}}}
`,
  });
  try {
    const spec = await loadSpec(root, 'openapi.yaml');
    const cycles = spec.messages.filter((m) => m.ruleId === 'ref-circular');
    // A refers to itself and to B, which refers back: one group, reported by its shortest cycle.
    assert.is(cycles.length, 1);
    assert.ok(cycles.every((m) => m.fatal === false));
    assert.equal(spec.cycles, [['#/components/schemas/A', '#/components/schemas/A']]);
    assert.match(cycles[0]?.reason ?? '', /\(and 1 more schema on cycles with these\)$/);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should name only the file of a warning with placeWarnings: false, and still place errors', async () => {
  const schemas = {
    A: { type: 'object', properties: { self: { $ref: '#/components/schemas/A' }, gone: { $ref: '#/components/schemas/Missing' } } },
  };
  const value = {
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: { '/a': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } } } } } },
    components: { schemas },
  };
  // The same spec as JSON (one value per line) and as YAML: both formats place messages their own way.
  const { base, root } = setup({ 'openapi.json': JSON.stringify(value, null, 1), 'openapi.yaml': JSON.stringify(value, null, 1) });
  try {
    for (const file of ['openapi.json', 'openapi.yaml']) {
      const placed = await loadSpec(root, file);
      const quick = await loadSpec(root, file, { placeWarnings: false });
      const circular = (spec: typeof placed) => spec.messages.find((m) => m.ruleId === 'ref-circular');
      const missing = (spec: typeof placed) => spec.messages.find((m) => m.ruleId === 'ref-target-missing');
      assert.ok((circular(placed)?.line ?? 0) > 1, `${file}: the warning is placed by default`);
      assert.is(circular(quick)?.line, undefined, `${file}: no line without placeWarnings`);
      assert.is(circular(quick)?.file, circular(placed)?.file);
      assert.is(circular(quick)?.reason, circular(placed)?.reason);
      assert.ok((missing(quick)?.line ?? 0) > 1, `${file}: an error is placed all the same`);
      assert.is(missing(quick)?.line, missing(placed)?.line);
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should report a cycle across files', async () => {
  const { base, root } = setup({
    'openapi.yaml': specWithSchema('./a.yaml'),
    'a.yaml': 'type: object\nproperties:\n  b:\n    $ref: ./b.yaml\n',
    'b.yaml': 'type: object\nproperties:\n  a:\n    $ref: ./a.yaml\n',
  });
  try {
    const spec = await loadSpec(root, 'openapi.yaml');
    assert.equal(spec.cycles, [['a.yaml#', 'b.yaml#', 'a.yaml#']]);
    const schema = buildOpenApiPages(spec).pages[0]?.responses[0]?.content[0]?.schema;
    assert.ok(schema?.properties?.[0]?.schema.properties?.[0]?.schema === schema, 'b.a is the model of a.yaml itself');
    assert.is(schema?.refName, 'a');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should report every YAML syntax error with its place', async () => {
  const { base, root } = setup({ 'openapi.yaml': 'openapi: 3.0.3\ninfo:\n  title: A\n  title: B\npaths:\n  /a: {get: [}\n' });
  try {
    const spec = await loadSpec(root, 'openapi.yaml');
    assert.ok(spec.messages.length >= 2, spec.messages.map((m) => m.reason).join('\n'));
    assert.ok(spec.messages.every((m) => m.ruleId === 'spec-syntax' && m.file === join(root, 'openapi.yaml') && typeof m.line === 'number'));
    assert.is(spec.messages[0]?.line, 4);
    assert.is(spec.value, undefined);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should report a syntax error in a referenced file once, in that file', async () => {
  const { base, root } = setup({
    'openapi.yaml': specWithSchema('./broken.json').replace("paths:", "x-also: {$ref: './broken.json'}\npaths:"),
    'broken.json': '{\n  "type": "string",\n  "format": \n}\n',
  });
  try {
    const spec = await loadSpec(root, 'openapi.yaml', { validate: false });
    assert.equal(
      spec.messages.map((m) => [m.ruleId, m.file, m.line]),
      [['json-syntax', join(root, 'broken.json'), 4]],
    );
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should refuse YAML aliases that contain themselves and alias bombs', async () => {
  const { base, root } = setup({
    'loop.yaml': "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\nx-loop: &a [*a]\n",
    'bomb.yaml':
      "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n",
  });
  try {
    for (const name of ['loop.yaml', 'bomb.yaml']) {
      const spec = await loadSpec(root, name);
      assert.is(spec.messages[0]?.ruleId, 'spec-syntax', name);
      assert.is(spec.value, undefined, name);
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should refuse JSON nested deeper than the limit without overflowing the stack', async () => {
  const { base, root } = setup({ 'deep.json': '{"openapi":"3.0.3","x":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}' });
  try {
    const spec = await loadSpec(root, 'deep.json');
    assert.is(spec.messages[0]?.ruleId, 'spec-syntax');
    assert.match(spec.messages[0]?.reason ?? '', 'nested deeper than');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should keep __proto__ keys as data', async () => {
  const { base, root } = setup({
    'openapi.json': '{"openapi":"3.0.3","info":{"title":"T","version":"1"},"paths":{},"__proto__":{"polluted":true}}',
    'openapi.yaml': "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\n__proto__: {polluted: true}\n",
  });
  try {
    await loadSpec(root, 'openapi.json');
    await loadSpec(root, 'openapi.yaml');
    assert.is(({} as Record<string, unknown>).polluted, undefined);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should report an unknown version and a missing version field', async () => {
  const { base, root } = setup({ 'a.yaml': "openapi: '4.0.0'\n", 'b.yaml': 'info: {title: x}\n' });
  try {
    const a = await loadSpec(root, 'a.yaml');
    assert.is(a.messages[0]?.reason, 'Unexpected version `4.0.0` in `openapi`, expected `3.0.x` or `3.1.x`');
    assert.is(a.messages[0]?.line, 1);
    const b = await loadSpec(root, 'b.yaml');
    assert.is(b.messages[0]?.ruleId, 'spec-version');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('should report a missing entry file', async () => {
  const { base, root } = setup({});
  try {
    const spec = await loadSpec(root, 'nope.yaml');
    assert.equal(
      spec.messages.map((m) => [m.ruleId, m.reason]),
      [['spec-unreadable', 'Cannot read `nope.yaml`: the file does not exist']],
    );
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test.run();
