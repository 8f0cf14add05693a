import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, type KeptIncludes } from '../src/load.js';
import { parseConfig } from '../src/parse-config.js';

const load = suite('load');

let root = '';
load.before.each(() => {
  root = mkdtempSync(join(tmpdir(), 'docsgen-load-'));
});
load.after.each(() => {
  rmSync(root, { recursive: true, force: true });
});

function summary(result: ReturnType<typeof loadConfig>) {
  return result.messages.map((m) => [m.ruleId, m.fatal, m.reason]);
}

load('should load, validate and resolve a valid docs.json', () => {
  writeFileSync(join(root, 'docs.json'), '{\n  "name": "Docs",\n  "navigation": { "pages": ["index"] }\n}\n');
  const result = loadConfig(root);
  assert.equal(result.messages, []);
  assert.is(result.config?.name, 'Docs');
  assert.is(result.config?.theme, 'base');
  assert.equal(result.input, { name: 'Docs', navigation: { pages: ['index'] } });
  assert.equal(result.locate(['navigation', 'pages', 0]), { file: join(root, 'docs.json'), line: 3, column: 29 });
  assert.equal(result.locateKey(['navigation']), { file: join(root, 'docs.json'), line: 3, column: 3 });
});

load('should keep the config when there are only warnings', () => {
  writeFileSync(join(root, 'docs.json'), '{ "name": "Docs", "thme": "pith", "navigation": {} }');
  const result = loadConfig(root);
  assert.equal(summary(result), [['unknown-key', false, 'Unexpected key `thme` in `docs.json`']]);
  assert.ok(result.config);
});

load('should give a group written without `pages` none, with a warning, and keep the config', () => {
  // agno-agi/docs: `{ "group": "Usage" }` inside a nested group; the platform builds the site.
  const text = JSON.stringify({ name: 'Docs', navigation: { groups: [{ group: 'Start', pages: ['index', { group: 'Usage' }] }, { group: 'Later' }] } }, null, 2);
  writeFileSync(join(root, 'docs.json'), text);
  const result = loadConfig(root);
  assert.equal(result.messages.map((m) => [m.ruleId, m.fatal, m.path, m.line]), [
    ['group-pages-missing', false, 'navigation.groups[0].pages[1]', 9],
    ['group-pages-missing', false, 'navigation.groups[1]', 14],
  ]);
  assert.match(result.messages[0]?.reason ?? '', 'group `Usage`');
  assert.ok(result.config, 'the config is kept');
  // A group with pages, or one whose pages come from a spec, is left as written.
  const spec = loadConfig(root, {});
  assert.ok(spec.config);
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Docs', navigation: { groups: [{ group: 'API', openapi: 'openapi.json' }] } }));
  assert.not.ok(loadConfig(root).messages.some((m) => m.ruleId === 'group-pages-missing'));
});

load('should report a missing docs.json without throwing', () => {
  const result = loadConfig(root);
  assert.equal(summary(result), [['config-missing', true, 'Cannot find `docs.json` in the project folder']]);
  assert.is(result.messages[0]?.file, join(root, 'docs.json'));
  assert.is(result.config, undefined);
  assert.is(result.locate(['name']), undefined);
  assert.match(result.messages[0]?.note ?? '', 'docsgen init');
});

load('should say what a legacy mint.json is when docs.json is missing (AgentOps\'s docs)', () => {
  writeFileSync(join(root, 'mint.json'), JSON.stringify({ name: 'Legacy', navigation: [{ group: 'Start', pages: ['index'] }] }));
  const result = loadConfig(root);
  assert.equal(summary(result), [['config-missing', true, 'Cannot find `docs.json` in the project folder']]);
  assert.match(result.messages[0]?.note ?? '', 'The folder has `mint.json`');
  assert.match(result.messages[0]?.note ?? '', '`npx mint@latest upgrade`');
});

load('should report a directory named docs.json', () => {
  mkdirSync(join(root, 'docs.json'));
  assert.equal(summary(loadConfig(root)), [
    ['config-unreadable', true, 'Cannot read `docs.json`: it is a directory, expected a file'],
  ]);
});

load('should report an unreadable file with the OS reason', () => {
  const file = join(root, 'docs.json');
  writeFileSync(file, '{}');
  chmodSync(file, 0o000);
  const result = loadConfig(root);
  // As root, chmod does not stop reading; the injected reader below covers that case.
  if (process.getuid?.() !== 0) {
    assert.equal(summary(result), [['config-unreadable', true, 'Cannot read `docs.json`: permission denied (EACCES)']]);
  }
  const injected = loadConfig(root, {
    fileSystem: {
      readFile() {
        throw Object.assign(new Error("EACCES: permission denied, open 'docs.json'"), { code: 'EACCES' });
      },
    },
  });
  assert.equal(summary(injected), [['config-unreadable', true, 'Cannot read `docs.json`: permission denied (EACCES)']]);
  const other = loadConfig(root, {
    fileSystem: {
      readFile() {
        throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
      },
    },
  });
  assert.equal(summary(other), [['config-unreadable', true, 'Cannot read `docs.json`: EIO: i/o error, read']]);
});

load('should refuse a 50 MB file without reading it', () => {
  const file = join(root, 'docs.json');
  writeFileSync(file, '');
  truncateSync(file, 50 * 1024 * 1024);
  const read: string[] = [];
  const result = loadConfig(root, { fileSystem: { readFile: (path) => (read.push(path), readFileSync(path, 'utf8')) } });
  assert.equal(read, []);
  assert.equal(summary(result), [
    ['config-too-large', true, 'Cannot read `docs.json`: the file is 50 MB, more than the 10 MB limit'],
  ]);
  assert.is(statSync(file).size, 50 * 1024 * 1024);
});

load('should refuse an included file over 10 MB without reading it', () => {
  writeFileSync(join(root, 'docs.json'), '{ "name": "Docs", "navigation": { "$ref": "big.json" } }');
  writeFileSync(join(root, 'big.json'), '');
  truncateSync(join(root, 'big.json'), 11 * 1024 * 1024);
  const result = loadConfig(root);
  assert.equal(summary(result), [
    ['include-unreadable', true, 'Cannot include `big.json`: the file is 11 MB, more than the 10 MB limit'],
  ]);
});

load('should report empty files, non-JSON and a top level that is not an object', () => {
  const file = join(root, 'docs.json');
  writeFileSync(file, '');
  assert.equal(summary(loadConfig(root)), [['config-empty', true, 'Cannot parse `docs.json`: the file is empty']]);
  writeFileSync(file, '# Docs\n');
  assert.equal(summary(loadConfig(root)), [['json-syntax', true, 'Unexpected `#` in `docs.json`, expected a value']]);
  writeFileSync(file, '"docs"');
  assert.equal(summary(loadConfig(root)), [['invalid-type', true, 'Unexpected `docs` in `docs.json`, expected an object']]);
  writeFileSync(file, '['.repeat(100_000));
  assert.equal(summary(loadConfig(root)).map(([rule]) => rule), ['json-too-deep']);
});

load('should ignore a byte order mark', () => {
  writeFileSync(join(root, 'docs.json'), '\uFEFF{ "name": "Docs", "navigation": {} }');
  const result = loadConfig(root);
  assert.equal(result.messages, []);
  assert.equal(result.locate(['name']), { file: join(root, 'docs.json'), line: 1, column: 11 });
});

load('should not repeat schema errors about a `$ref` that could not be included', () => {
  writeFileSync(join(root, 'docs.json'), '{\n  "name": "Docs",\n  "navigation": { "$ref": "./nav.json" },\n  "colors": { "primary": "red" }\n}');
  const result = loadConfig(root);
  assert.equal(
    result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`),
    ['3:27 include-missing', '4:26 invalid-hex-color'],
  );
  assert.is(result.config, undefined);
});

load('should validate included content and point at the included file', () => {
  mkdirSync(join(root, 'nav'));
  writeFileSync(join(root, 'docs.json'), '{\n  "name": "Docs",\n  "navigation": { "$ref": "./nav/main.json" }\n}');
  writeFileSync(join(root, 'nav', 'main.json'), '{\n  "groups": [\n    { "pages": ["a"] },\n    { "group": "B" }\n  ]\n}');
  const result = loadConfig(root);
  assert.equal(
    result.messages.map((m) => [m.file, m.line, m.column, m.ruleId, m.fatal]),
    [
      [join(root, 'nav', 'main.json'), 3, 5, 'missing-key', true],
      [join(root, 'nav', 'main.json'), 4, 5, 'group-pages-missing', false],
    ],
  );
  assert.is(result.messages[0]?.reason, 'Missing required key `group` in `navigation.groups[0]`');
});

load('should parse text without touching the disk', () => {
  const calls: string[] = [];
  const result = parseConfig({
    file: '/virtual/docs.json',
    root: '/virtual',
    text: '{ "name": "Docs", "navigation": { "pages": ["a"] } }',
    readFile: (path) => (calls.push(path), ''),
    realpath: (path) => (calls.push(path), path),
  });
  assert.equal(result.messages, []);
  assert.is(result.config?.navigation.pages?.[0], 'a');
  assert.ok(calls.every((path) => path.startsWith('/virtual')));
});

/** The parts of a load a cache keeps, and where some values were written. */
function kept(result: ReturnType<typeof loadConfig>, paths: Array<Array<string | number>>) {
  return {
    input: result.input,
    config: result.config,
    messages: result.messages,
    places: paths.map((path) => [result.locate(path), result.locateKey(path)]),
  };
}

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures');

load('should give from the cache what a load without one gives, for every fixture', () => {
  // fixtures/invalid holds one broken project per folder.
  const projects = readdirSync(fixtures).flatMap((name) => (name === 'invalid' ? readdirSync(join(fixtures, name)).map((each) => join(name, each)) : [name]));
  assert.ok(projects.length > 10);
  for (const name of projects) {
    const cache = { folder: join(root, name), salt: 'test' };
    const paths = [['navigation'], ['name'], ['navigation', 'groups', 0], ['navigation', 'tabs', 0, 'groups', 0, 'pages', 0]];
    const fresh = kept(loadConfig(join(fixtures, name)), paths);
    const first = kept(loadConfig(join(fixtures, name), { cache }), paths);
    assert.ok(readdirSync(cache.folder).includes('docs-json.bin'), name);
    const second = kept(loadConfig(join(fixtures, name), { cache }), paths);
    assert.equal(first, fresh, name);
    assert.equal(second, fresh, name);
  }
});

load('should use the kept result while docs.json and its includes are the same, and only then', () => {
  const cache = { folder: join(root, '.cache'), salt: 'one' };
  mkdirSync(join(root, 'nav'));
  writeFileSync(join(root, 'nav', 'pages.json'), '["a", "b"]');
  writeFileSync(join(root, 'docs.json'), '{ "name": "Docs", "navigation": { "pages": { "$ref": "./nav/pages.json" } } }');
  assert.equal(loadConfig(root, { cache }).config?.navigation.pages, ['a', 'b']);
  // A kept result is used as it is: one changed by hand in the cache comes back.
  const file = join(cache.folder, 'docs-json.bin');
  // The file: the key (64 hex digits), then the entry serialised by node:v8.
  const stored = readFileSync(file);
  const key = stored.subarray(0, 64);
  assert.match(key.toString('latin1'), /^[0-9a-f]{64}$/);
  const entry = deserialize(stored.subarray(64)) as { result: { config: { name: string } } };
  entry.result.config.name = 'From the cache';
  const rewritten = Buffer.concat([key, serialize(entry)]);
  writeFileSync(file, rewritten);
  assert.is(loadConfig(root, { cache }).config?.name, 'From the cache');
  // Another salt (docsgen's version) does not use it.
  assert.is(loadConfig(root, { cache: { ...cache, salt: 'two' } }).config?.name, 'Docs');
  writeFileSync(file, rewritten);
  // An included file changed: parsed again.
  writeFileSync(join(root, 'nav', 'pages.json'), '["a", "c"]');
  const included = loadConfig(root, { cache });
  assert.is(included.config?.name, 'Docs');
  assert.equal(included.config?.navigation.pages, ['a', 'c']);
  // docs.json changed: parsed again, and kept anew.
  writeFileSync(join(root, 'docs.json'), '{ "name": "Renamed", "navigation": { "pages": { "$ref": "./nav/pages.json" } } }');
  assert.is(loadConfig(root, { cache }).config?.name, 'Renamed');
  assert.is(loadConfig(root, { cache }).config?.name, 'Renamed');
  // An include that now leads outside the root through a link: the same text, another outcome.
  const outside = mkdtempSync(join(tmpdir(), 'docsgen-load-outside-'));
  try {
    writeFileSync(join(outside, 'pages.json'), '["a", "c"]');
    rmSync(join(root, 'nav', 'pages.json'));
    symlinkSync(join(outside, 'pages.json'), join(root, 'nav', 'pages.json'));
    assert.equal(summary(loadConfig(root, { cache })).map(([ruleId]) => ruleId), ['include-outside-root']);
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
  // A missing include is an error each time, from the cache too.
  rmSync(join(root, 'nav', 'pages.json'));
  assert.equal(summary(loadConfig(root, { cache })).map(([ruleId]) => ruleId), ['include-missing']);
  const again = loadConfig(root, { cache });
  assert.equal(summary(again).map(([ruleId]) => ruleId), ['include-missing']);
  assert.equal(again.locate(['navigation', 'pages']), loadConfig(root).locate(['navigation', 'pages']));
  assert.ok(again.locate(['navigation', 'pages']));
  // A cache file that is not an entry is ignored (and replaced).
  writeFileSync(file, 'not an entry');
  writeFileSync(join(root, 'nav', 'pages.json'), '["d"]');
  assert.equal(loadConfig(root, { cache }).config?.navigation.pages, ['d']);
  assert.equal(loadConfig(root, { cache }).config?.navigation.pages, ['d']);
});

load('should write a new result when `defer` says, and read it back then', () => {
  writeFileSync(join(root, 'docs.json'), '{ "name": "Docs", "navigation": { "pages": ["index"] } }');
  const writes: Array<() => void> = [];
  const cache = { folder: join(root, '.deferred'), salt: 'x', defer: (write: () => void) => writes.push(write) };
  const file = join(cache.folder, 'docs-json.bin');
  assert.is(loadConfig(root, { cache }).config?.name, 'Docs');
  assert.is(writes.length, 1);
  assert.not.ok(existsSync(file), 'nothing written before the deferred write runs');
  writes[0]!();
  const written = readFileSync(file);
  // Kept: read back, with nothing more to write.
  assert.is(loadConfig(root, { cache }).config?.name, 'Docs');
  assert.is(writes.length, 1);
  // Another docs.json: parsed, and its write deferred again; the kept file is still the old one's.
  writeFileSync(join(root, 'docs.json'), '{ "name": "Renamed", "navigation": { "pages": ["index"] } }');
  assert.is(loadConfig(root, { cache }).config?.name, 'Renamed');
  assert.is(writes.length, 2);
  assert.equal(readFileSync(file), written);
  writes[1]!();
  assert.is(loadConfig(root, { cache }).config?.name, 'Renamed');
  assert.is(writes.length, 2);
});

load('should parse an included file again only when its text changed, with the result a load without `includes` gives', () => {
  mkdirSync(join(root, 'nav'), { recursive: true });
  // A duplicate key: a warning that points into the included file.
  writeFileSync(join(root, 'nav', 'pages.json'), '{ "pages": ["a", "b"], "pages": ["a", "b"] }');
  const docs = (name: string) => writeFileSync(join(root, 'docs.json'), `{ "name": "${name}", "navigation": { "$ref": "./nav/pages.json" } }`);
  docs('One');
  const includes: KeptIncludes = new Map();
  const first = loadConfig(root, { includes });
  assert.equal(kept(first, [['navigation', 'pages']]), kept(loadConfig(root), [['navigation', 'pages']]));
  const entry = includes.get(join(root, 'nav', 'pages.json'));
  assert.ok(entry);
  // docs.json edited: the include is taken as parsed, its warning placed as before.
  docs('Two');
  const second = loadConfig(root, { includes });
  assert.is(includes.get(join(root, 'nav', 'pages.json')), entry);
  assert.is(second.config?.name, 'Two');
  assert.equal(kept(second, [['navigation', 'pages'], ['navigation', 'pages', 1]]), kept(loadConfig(root), [['navigation', 'pages'], ['navigation', 'pages', 1]]));
  assert.equal(second.messages.map((message) => message.ruleId), ['duplicate-key']);
  // A message changed by a caller does not change the kept one.
  second.messages[0]!.reason = 'changed';
  assert.is.not(loadConfig(root, { includes }).messages[0]?.reason, 'changed');
  // The include edited: parsed again.
  writeFileSync(join(root, 'nav', 'pages.json'), '{ "pages": ["c"] }');
  const third = loadConfig(root, { includes });
  assert.equal(third.config?.navigation.pages, ['c']);
  assert.equal(third.messages, []);
  assert.is.not(includes.get(join(root, 'nav', 'pages.json')), entry);
});

load('should load as usual when the cache folder cannot be written', () => {
  writeFileSync(join(root, 'docs.json'), '{ "name": "Docs", "navigation": { "pages": ["index"] } }');
  writeFileSync(join(root, 'blocked'), 'a file where the cache folder would be');
  const cache = { folder: join(root, 'blocked', 'cache'), salt: 'x' };
  assert.is(loadConfig(root, { cache }).config?.name, 'Docs');
  assert.is(loadConfig(root, { cache }).config?.name, 'Docs');
});

load.run();
