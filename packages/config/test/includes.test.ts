import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { resolveIncludes } from '../src/includes.js';
import { locateInTree, parseJsonSource } from '../src/json-source.js';
import { loadConfig } from '../src/load.js';

const includes = suite('includes');

/** Resolves includes of `/p/docs.json` over an in-memory file system. */
function run(files: Record<string, string>, root = '/p') {
  const file = '/p/docs.json';
  const readFile = (path: string) => {
    if (!(path in files)) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return files[path] as string;
  };
  const realpath = (path: string) => {
    if (path === root || path in files) return path;
    throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
  };
  const parsed = parseJsonSource(files[file] as string, { file });
  const result = resolveIncludes(parsed.value, parsed.locations, { file, root, readFile, realpath });
  const at = (path: (string | number)[], key = false) => {
    const found = locateInTree(result.locations, path, { key });
    return found && `${found.file}:${found.line}:${found.column}`;
  };
  const messages = result.messages.map((m) => `${m.file}:${m.line}:${m.column} ${m.ruleId} ${m.reason}`);
  return { ...result, at, lines: messages };
}

includes('should replace `$ref` objects anywhere, recursively, relative to the including file', () => {
  const result = run({
    '/p/docs.json': '{\n  "name": "X",\n  "navigation": { "$ref": "./nav/main.json" }\n}',
    '/p/nav/main.json': '{\n  "groups": [\n    { "$ref": "./group.json" }\n  ]\n}',
    '/p/nav/group.json': '{ "group": "A", "pages": ["a"] }',
  });
  assert.equal(result.lines, []);
  assert.equal(result.value, { name: 'X', navigation: { groups: [{ group: 'A', pages: ['a'] }] } });
});

includes('should point positions inside included content at the included file', () => {
  const result = run({
    '/p/docs.json': '{\n  "name": "X",\n  "navigation": { "$ref": "./nav/main.json" }\n}',
    '/p/nav/main.json': '{\n  "groups": [\n    { "$ref": "./group.json" }\n  ]\n}',
    '/p/nav/group.json': '{\n  "group": "A",\n  "pages": ["a", "b"]\n}',
  });
  assert.is(result.at(['name']), '/p/docs.json:2:11');
  assert.is(result.at(['navigation'], true), '/p/docs.json:3:3');
  assert.is(result.at(['navigation']), '/p/nav/main.json:1:1');
  assert.is(result.at(['navigation', 'groups'], true), '/p/nav/main.json:2:3');
  assert.is(result.at(['navigation', 'groups', 0]), '/p/nav/group.json:1:1');
  assert.is(result.at(['navigation', 'groups', 0, 'pages', 1]), '/p/nav/group.json:3:18');
});

includes('should merge keys next to `$ref` over the included object', () => {
  const result = run({
    '/p/docs.json': '{\n  "navigation": {\n    "$ref": "./nav.json",\n    "pages": ["over"]\n  }\n}',
    '/p/nav.json': '{ "pages": ["a"], "groups": [] }',
  });
  assert.equal(result.value, { navigation: { pages: ['over'], groups: [] } });
  assert.is(result.at(['navigation', 'pages', 0]), '/p/docs.json:4:15');
  assert.is(result.at(['navigation', 'groups']), '/p/nav.json:1:29');
});

includes('should include arrays and warn about keys next to a `$ref` to a non-object', () => {
  const result = run({
    '/p/docs.json': '{\n  "redirects": { "$ref": "redirects.json", "x": 1 }\n}',
    '/p/redirects.json': '[{ "source": "/a", "destination": "/b" }]',
  });
  assert.equal(result.value, { redirects: [{ source: '/a', destination: '/b' }] });
  assert.equal(result.lines, [
    '/p/docs.json:2:44 include-siblings-ignored Unexpected key `x` next to `$ref` in `redirects`: `redirects.json` is not an object, so keys next to `$ref` are ignored',
  ]);
  assert.is(result.messages[0]?.fatal, false);
});

includes('should report a missing file at the `$ref` value', () => {
  const result = run({ '/p/docs.json': '{\n  "navigation": { "$ref": "./nav/missing.json" }\n}' });
  assert.equal(result.lines, [
    '/p/docs.json:2:27 include-missing Cannot include `./nav/missing.json`: file `nav/missing.json` does not exist',
  ]);
  assert.equal(result.failed, [['navigation']]);
});

includes('should report a circular include and name the cycle', () => {
  const result = run({
    '/p/docs.json': '{ "navigation": { "$ref": "./a.json" } }',
    '/p/a.json': '{ "groups": [{ "$ref": "./b.json" }] }',
    '/p/b.json': '{ "group": "B", "pages": [{ "$ref": "./a.json" }] }',
  });
  assert.equal(result.lines, [
    '/p/b.json:1:37 include-circular Cannot include `./a.json`: circular include `a.json` → `b.json` → `a.json`',
  ]);
  assert.ok(result.messages[0]?.fatal);
});

includes('should report an include of docs.json itself as circular', () => {
  const result = run({ '/p/docs.json': '{ "navigation": { "$ref": "docs.json" } }' });
  assert.equal(result.lines, [
    '/p/docs.json:1:27 include-circular Cannot include `docs.json`: circular include `docs.json` → `docs.json`',
  ]);
});

includes('should refuse paths outside the root, via `..` and absolute paths, before reading', () => {
  const read: string[] = [];
  const file = '/p/docs.json';
  const text = '{\n  "a": { "$ref": "../secret.json" },\n  "b": { "$ref": "/etc/passwd" },\n  "c": { "$ref": "nav/../../p2/x.json" }\n}';
  const parsed = parseJsonSource(text, { file });
  const result = resolveIncludes(parsed.value, parsed.locations, {
    file,
    root: '/p',
    readFile: (path) => (read.push(path), '{}'),
    realpath: (path) => path,
  });
  assert.equal(read, []);
  assert.equal(
    result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.reason}`),
    [
      '2:18 include-outside-root Cannot include `../secret.json`: the path is outside the project root',
      '3:18 include-outside-root Cannot include `/etc/passwd`: the path is outside the project root',
      '4:18 include-outside-root Cannot include `nav/../../p2/x.json`: the path is outside the project root',
    ],
  );
});

includes('should report invalid JSON inside an included file at its own line and column', () => {
  const result = run({
    '/p/docs.json': '{\n  "navigation": { "$ref": "./nav.json" }\n}',
    '/p/nav.json': '{\n  "pages": [\n    "a"\n    "b"\n  ]\n}',
  });
  assert.equal(result.lines, ['/p/nav.json:4:5 include-invalid Cannot parse `nav.json`: missing comma']);
  assert.is(result.messages[0]?.note, 'Included from `docs.json:2:27`.');
});

includes('should report an empty included file and a `$ref` that is not a path', () => {
  const result = run({
    '/p/docs.json': '{\n  "a": { "$ref": "./empty.json" },\n  "b": { "$ref": 5 },\n  "c": { "$ref": "https://example.com/x.json" }\n}',
    '/p/empty.json': '\n',
  });
  assert.equal(result.lines, [
    '/p/empty.json:1:1 include-invalid Cannot parse `empty.json`: the file is empty',
    '/p/docs.json:3:18 include-invalid Unexpected `5` in `b.$ref`, expected a relative path to a JSON file',
    '/p/docs.json:4:18 include-invalid Unexpected `https://example.com/x.json` in `c.$ref`, expected a relative path to a JSON file',
  ]);
});

includes('should report unreadable includes with the OS reason', () => {
  const file = '/p/docs.json';
  const parsed = parseJsonSource('{ "a": { "$ref": "x.json" } }', { file });
  const result = resolveIncludes(parsed.value, parsed.locations, {
    file,
    root: '/p',
    realpath: (path) => path,
    readFile: () => {
      throw Object.assign(new Error('EACCES: permission denied, open'), { code: 'EACCES' });
    },
  });
  assert.equal(result.messages.map((m) => [m.line, m.column, m.ruleId, m.reason]), [
    [1, 18, 'include-unreadable', 'Cannot include `x.json`: permission denied (EACCES)'],
  ]);
});

includes('should stop repeated includes that would multiply without end', () => {
  const files: Record<string, string> = { '/p/docs.json': '{ "a": { "$ref": "f0.json" } }' };
  for (let index = 0; index < 20; index++) {
    files[`/p/f${index}.json`] = `[{ "$ref": "f${index + 1}.json" }, { "$ref": "f${index + 1}.json" }]`;
  }
  files['/p/f20.json'] = '1';
  const result = run(files);
  assert.ok(result.messages.some((m) => m.ruleId === 'include-too-many'));
});

includes('should keep values from nested includes within twice the depth limit', () => {
  const nest = (depth: number, inner: string) => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
  const result = run({
    '/p/docs.json': nest(200, '{ "$ref": "deep.json" }'),
    '/p/deep.json': nest(100, '{ "$ref": "leaf.json" }'),
    '/p/leaf.json': '1',
  });
  assert.equal(result.lines, [
    '/p/deep.json:1:511 json-too-deep Cannot include `leaf.json`: values would be nested deeper than 256 levels',
  ]);
});

includes('should refuse a symbolic link that leads outside the root, on a real file system', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-includes-')));
  try {
    const root = join(base, 'project');
    mkdirSync(join(root, 'nav'), { recursive: true });
    writeFileSync(join(base, 'outside.json'), '{ "pages": ["secret"] }');
    symlinkSync(join(base, 'outside.json'), join(root, 'nav', 'link.json'));
    writeFileSync(join(root, 'docs.json'), '{\n  "name": "X",\n  "navigation": { "$ref": "./nav/link.json" }\n}');
    const loaded = loadConfig(root);
    assert.equal(
      loaded.messages.map((m) => `${m.file}:${m.line}:${m.column} ${m.ruleId} ${m.reason}`),
      [
        `${join(root, 'docs.json')}:3:27 include-outside-root Cannot include \`./nav/link.json\`: the path leads outside the project root through a symbolic link`,
      ],
    );
    assert.is(loaded.config, undefined);
    // A link that stays inside the root is fine.
    writeFileSync(join(root, 'nav', 'real.json'), '{ "pages": ["index"] }');
    rmSync(join(root, 'nav', 'link.json'));
    symlinkSync(join(root, 'nav', 'real.json'), join(root, 'nav', 'link.json'));
    const inside = loadConfig(root);
    assert.equal(inside.messages, []);
    assert.equal(inside.config?.navigation, { pages: ['index'] });
    assert.is(dirname(inside.locate(['navigation', 'pages', 0])?.file ?? ''), join(root, 'nav'));
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

includes.run();
