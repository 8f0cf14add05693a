import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { locateInTree, parseJsonSource } from '../src/json-source.js';
import { docsSchema } from '../src/schema.js';
import type { SchemaNode } from '../src/schema-tools.js';
import { explainErrors, getSchemaValidator, validateConfig } from '../src/validate.js';

const validate = suite('validate');
const file = '/p/docs.json';

/** Validates JSON text; each message as `line:column severity rule reason`. */
function check(text: string): string[] {
  return messagesOf(text).map(
    (m) => `${m.line}:${m.column} ${m.fatal ? 'error' : 'warning'} ${m.ruleId} ${m.reason}`,
  );
}

function messagesOf(text: string) {
  const parsed = parseJsonSource(text, { file });
  assert.equal(parsed.messages, [], 'test input is JSON');
  return validateConfig(parsed.value, {
    file,
    locate: (path) => locateInTree(parsed.locations, path),
    locateKey: (path) => locateInTree(parsed.locations, path, { key: true }),
  });
}

/** A valid config as text with `extra` lines added at the top level (one key per line). */
function config(...extra: string[]): string {
  return ['{', '  "name": "Docs",', '  "navigation": { "pages": ["index"] },', ...extra.map((line) => `  ${line},`), '  "$schema": "x"', '}'].join('\n');
}

validate('should accept a valid config', () => {
  assert.equal(check(config()), []);
});

validate('should accept `global` in a language, a version and a tab, as the hosted platform does', () => {
  const global = { anchors: [{ anchor: 'Blog', href: 'https://example.com/blog' }] };
  const config = { name: 'X', navigation: { languages: [{ language: 'en', global, versions: [{ version: 'v1', global, tabs: [{ tab: 'Docs', global, pages: ['index'] }] }] }] } };
  assert.equal(check(JSON.stringify(config)), []);
});

validate('should compile the schema once and reuse it', () => {
  const schema = docsSchema as unknown as SchemaNode;
  assert.is(getSchemaValidator(schema), getSchemaValidator(schema));
  assert.is(getSchemaValidator(schema).validate, getSchemaValidator(schema).validate);
});

validate('should warn about unknown keys at the key, with did-you-mean', () => {
  const messages = messagesOf(config('"thme": "pith"', '"colors": { "primry": "#0d9373" }'));
  assert.equal(
    messages.map((m) => [m.line, m.column, m.ruleId, m.fatal, m.reason, m.note, m.path]),
    [
      [4, 3, 'unknown-key', false, 'Unexpected key `thme` in `docs.json`', 'Did you mean `theme`?', 'thme'],
      [5, 15, 'unknown-key', false, 'Unexpected key `primry` in `colors`', 'Did you mean `primary`?', 'colors.primry'],
    ],
  );
  assert.is(messages[0]?.source, '@docsgen/config');
  assert.is(messages[0]?.file, file);
  assert.is(messages[0]?.actual, 'thme');
  assert.ok(messages[0]?.expected?.includes('theme'));
});

validate('should report a missing required key at the object', () => {
  assert.equal(check('{\n  "name": "Docs"\n}'), ['1:1 error missing-key Missing required key `navigation` in `docs.json`']);
});

validate('should report wrong types with what was expected', () => {
  assert.equal(check(config('"description": 5', '"appearance": { "strict": "yes" }', '"redirects": {}')), [
    '4:18 error invalid-type Unexpected `5` in `description`, expected a string',
    '5:29 error invalid-type Unexpected `yes` in `appearance.strict`, expected a boolean',
    '6:16 error invalid-type Unexpected object in `redirects`, expected an array of objects',
  ]);
});

validate('should report enum values with did-you-mean and one message when the type is wrong too', () => {
  const messages = messagesOf(config('"appearance": { "default": "drak" }', '"api": { "viewer": 5 }'));
  assert.equal(
    messages.map((m) => [m.line, m.column, m.ruleId, m.reason, m.note]),
    [
      [4, 30, 'invalid-enum', 'Unexpected `drak` in `appearance.default`, expected `system`, `light` or `dark`', 'Did you mean `dark`?'],
      [5, 22, 'invalid-type', 'Unexpected `5` in `api.viewer`, expected `docsgen`, `viewer-a`, `viewer-b` or `viewer-c`', undefined],
    ],
  );
  assert.equal(messages[0]?.expected, ['system', 'light', 'dark']);
  assert.is(messages[0]?.actual, 'drak');
});

validate('should report hex colours in every colour field as `invalid-hex-color`', () => {
  assert.equal(
    check(
      config(
        '"colors": { "primary": "red", "light": "#12345", "dark": "#0d9373", "background": "blue", "anchors": { "from": "#fff", "to": "#ggg" } }',
        '"background": { "color": { "dark": "000000" } }',
        '"thumbnails": { "accent": "#1234" }',
      ),
    ),
    [
      '4:26 error invalid-hex-color Unexpected `red` in `colors.primary`, expected a hex colour: `#` followed by 3, 6 or 8 hex digits',
      '4:42 error invalid-hex-color Unexpected `#12345` in `colors.light`, expected a hex colour: `#` followed by 3, 6 or 8 hex digits',
      '4:85 error invalid-hex-color Unexpected `blue` in `colors.background`, expected a hex colour: `#` followed by 3, 6 or 8 hex digits',
      '4:128 error invalid-hex-color Unexpected `#ggg` in `colors.anchors.to`, expected a hex colour: `#` followed by 3, 6 or 8 hex digits',
      '5:38 error invalid-hex-color Unexpected `000000` in `background.color.dark`, expected a hex colour: `#` followed by 3, 6 or 8 hex digits',
      '6:29 error invalid-hex-color Unexpected `#1234` in `thumbnails.accent`, expected a hex colour: `#` followed by 3, 6 or 8 hex digits',
    ],
  );
});

validate('should accept 3, 6 and 8 hex digits', () => {
  assert.equal(check(config('"colors": { "primary": "#abc", "light": "#AABBCC", "dark": "#0d937380" }')), []);
});

validate('should report other constraints as `invalid-value`', () => {
  assert.equal(check(config('"siteUrl": "docs.example.com"', '"contextual": { "options": ["copy", "view", "copy"] }')), [
    '4:14 error invalid-value Unexpected `docs.example.com` in `siteUrl`, expected a string matching `^https?://[^\\s/]+`',
    '5:47 error invalid-value Unexpected duplicate `copy` in `contextual.options`, expected unique items',
  ]);
  assert.equal(check('{\n  "name": "",\n  "navigation": {}\n}'), [
    '2:11 error invalid-value Unexpected empty string in `name`, expected a non-empty string',
  ]);
});

validate('should report a group without `pages` as one missing key, not every branch', () => {
  assert.equal(check(config('"$comment": 1').replace('["index"]', '["index", { "group": "A" }]')), [
    '3:38 error missing-key Missing required key `pages` in `navigation.pages[1]`',
    '4:3 warning unknown-key Unexpected key `$comment` in `docs.json`',
  ]);
});

validate('should accept a group without `pages` that has `openapi`, `asyncapi` or `sdk`, whose pages fill it', () => {
  for (const spec of ['"openapi": "openapi.yaml"', '"asyncapi": "asyncapi.yaml"', '"openapi": { "source": "store.yaml", "directory": "api" }']) {
    assert.equal(check(config().replace('["index"]', `["index", { "group": "API", ${spec} }]`)), [], spec);
  }
  assert.equal(check(config().replace('["index"]', '["index", { "group": "A", "icon": "code" }]')), ['3:38 error missing-key Missing required key `pages` in `navigation.pages[1]`']);
});

validate('should explain nested unions by their innermost likely branch', () => {
  const text = config().replace('["index"]', '[{ "group": "A", "pages": ["a", { "group": "B", "pages": [{ "grup": "C", "pages": [] }] }] }]');
  assert.equal(check(text), [
    '3:86 error missing-key Missing required key `group` in `navigation.pages[0].pages[1].pages[0]`',
    '3:88 warning unknown-key Unexpected key `grup` in `navigation.pages[0].pages[1].pages[0]`',
  ]);
});

validate('should report a value that fits no branch type as one `invalid-type`', () => {
  assert.equal(check(config('"api": { "baseUrl": 5 }', '"theme": 5')), [
    '4:23 error invalid-type Unexpected `5` in `api.baseUrl`, expected a string or an array of strings',
    '5:12 error invalid-type Unexpected `5` in `theme`, expected a string',
  ]);
  assert.equal(check(config().replace('["index"]', '[true]')), [
    '3:29 error invalid-type Unexpected `true` in `navigation.pages[0]`, expected a string or an object',
  ]);
});

validate('should treat a union as satisfied when the likely branch only has unknown keys', () => {
  const messages = messagesOf(config().replace('["index"]', '[{ "group": "A", "pages": [], "colour": "red" }]'));
  assert.equal(
    messages.map((m) => [m.line, m.column, m.ruleId, m.fatal, m.reason]),
    [[3, 58, 'unknown-key', false, 'Unexpected key `colour` in `navigation.pages[0]`']],
  );
});

validate('should report an enum branch of a union with the other branches as alternatives', () => {
  const messages = messagesOf(config('"styling": { "codeblocks": "drak" }'));
  assert.equal(
    messages.map((m) => [m.line, m.column, m.ruleId, m.reason, m.note]),
    [[4, 30, 'invalid-enum', 'Unexpected `drak` in `styling.codeblocks`, expected `system`, `dark` or an object', 'Did you mean `dark`?']],
  );
});

validate('should pick the branch of a discriminated union by its discriminator', () => {
  assert.equal(check(config('"navbar": { "primary": { "type": "gthub", "href": "https://github.com/x" } }')), [
    '4:36 error invalid-enum Unexpected `gthub` in `navbar.primary.type`, expected `button`, `github` or `discord`',
  ]);
});

validate('should report every problem at once, sorted by position', () => {
  const lines = check('{\n  "thme": 1,\n  "colors": { "primary": "red" },\n  "navigation": { "pages": [5] }\n}');
  assert.equal(
    lines.map((line) => line.split(' ').slice(0, 3).join(' ')),
    ['1:1 error missing-key', '2:3 warning unknown-key', '3:26 error invalid-hex-color', '4:29 error invalid-type'],
  );
});

validate('should report a top level that is not an object', () => {
  assert.equal(check('[1, 2]'), ['1:1 error invalid-type Unexpected array in `docs.json`, expected an object']);
});

validate('should accept another repository\'s navigation (`sourceRef`) in navigation arrays, and nothing else beside it', () => {
  const text = (entry: string) => ['{', '  "name": "Docs",', `  "navigation": { "tabs": [{ "tab": "A", "pages": ["index", { "group": "SDK", "pages": [${entry}] }] }, ${entry}] }`, '}'].join('\n');
  // OpenRouter's docs: a build failed on `{ "sourceRef": "OpenRouterTeam/typescript-sdk" }` (missing `group` and `pages`).
  assert.equal(check(text('{ "sourceRef": "acme/sdk" }')), []);
  assert.ok(check(text('{ "sourceRef": "acme/sdk", "extra": 1 }')).length > 0);
});

validate('should work without positions', () => {
  const messages = validateConfig({ name: 'X' });
  assert.equal(messages.map((m) => [m.ruleId, m.path, m.line, m.file]), [['missing-key', '', undefined, undefined]]);
});

/** Every docs.json of the repository's fixture projects, parsed. */
function fixtureConfigs(): Array<{ name: string; value: unknown }> {
  const root = fileURLToPath(new URL('../../../fixtures/', import.meta.url));
  const found: Array<{ name: string; value: unknown }> = [];
  (function walk(folder: string): void {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'docs.json') {
        const parsed = parseJsonSource(readFileSync(path, 'utf8'), { file: path });
        if (parsed.messages.length === 0) found.push({ name: path.slice(root.length), value: parsed.value });
      }
    }
  })(root);
  return found;
}

/** A seeded copy of `value` with one change at every `step`-th object or array: an unknown key, a wrong type, a wrong value. */
function mutate(value: unknown, seed: number): unknown {
  let state = seed;
  const next = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) copy[key] = visit(child);
    const keys = Object.keys(copy);
    const roll = next();
    if (roll < 0.15) copy[`x${Math.floor(next() * 100)}`] = true;
    else if (roll < 0.3 && keys.length > 0) copy[keys[Math.floor(next() * keys.length)]!] = [5, 'oops', {}, [], true, null][Math.floor(next() * 6)];
    else if (roll < 0.35 && keys.length > 0) delete copy[keys[Math.floor(next() * keys.length)]!];
    return copy;
  };
  return visit(value);
}

validate('should explain a docs.json as the compiled schema does, with or without a failed union', () => {
  const schema = docsSchema as unknown as SchemaNode;
  const compiled = getSchemaValidator(schema);
  const configs = fixtureConfigs();
  assert.ok(configs.length >= 10, 'the fixtures have docs.json files');
  let withUnion = 0;
  let withoutUnion = 0;
  for (const { name, value } of configs) {
    for (let seed = 1; seed <= 40; seed++) {
      const mutated = mutate(value, seed);
      const expected = compiled.validate(mutated)
        ? []
        : explainErrors([...(compiled.validate.errors ?? [])], mutated, [], { validator: compiled, root: schema, label: 'docs.json', file: undefined, locate: () => undefined, locateKey: () => undefined });
      const actual = validateConfig(mutated);
      const strip = (messages: typeof actual): string[] => [...new Set(messages.map((m) => JSON.stringify(m)))].sort();
      assert.equal(strip(actual), strip(expected), `${name}, seed ${seed}`);
      if (!compiled.validate(mutated)) {
        if (compiled.validate.errors?.some((error) => error.keyword === 'anyOf')) withUnion++;
        else withoutUnion++;
      }
    }
  }
  // Both paths were taken: the precompiled validator's errors, and the compiled schema's.
  assert.ok(withUnion > 20 && withoutUnion > 20, `${withUnion} with a failed union, ${withoutUnion} without`);
});

validate('should explain an unknown key without compiling the schema', () => {
  // In a process of its own: ajv's compiler is not loaded (the precompiled code needs only its runtime helpers).
  const code = `
    const { validateConfig } = await import(${JSON.stringify(new URL('../src/validate.ts', import.meta.url).href)});
    const messages = validateConfig({ name: 'X', navigation: { pages: ['index'] }, thme: 'x', colors: { primry: '#000000' } });
    const { createRequire } = await import('node:module');
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => /[\\\\/]ajv[\\\\/]dist[\\\\/](core|ajv|compile)/.test(path));
    console.log(JSON.stringify({ rules: messages.map((m) => m.ruleId), loaded }));
  `;
  const child = spawnSync(process.execPath, [...process.execArgv, '--input-type=module', '-e', code], { encoding: 'utf8' });
  assert.is(child.status, 0, child.stderr);
  assert.equal(JSON.parse(child.stdout.trim().split('\n').at(-1)!), { rules: ['unknown-key', 'unknown-key'], loaded: [] });
});

validate.run();
