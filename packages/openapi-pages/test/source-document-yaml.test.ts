import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDocument } from 'yaml';
import { parseSourceDocument, yamlPackageOnly } from '../src/source-document.js';
import { specFixtures } from './helpers.js';

// A YAML spec is read by js-yaml when it has none of the shapes `yamlPackageOnly` names, by the
// `yaml` package otherwise; either way its value must be the one the `yaml` package gives.
const test = suite('YAML specs read by js-yaml');

/** The `yaml` package's value of a text, as docsgen read every YAML spec before; `undefined` when it refuses the text. */
function yamlPackageValue(text: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, strict: true, logLevel: 'error' });
  if (doc.errors.length > 0) return undefined;
  try {
    return doc.toJS({ maxAliasCount: 1000 });
  } catch {
    return undefined;
  }
}

/** Deep equality that also compares key order and tells `-0` from `0`. */
function assertSameValue(actual: unknown, expected: unknown, label: string): void {
  const show = (value: unknown) => JSON.stringify(value, (_key, item: unknown) => (typeof item === 'number' ? `number:${Object.is(item, -0) ? '-0' : String(item)}` : item));
  assert.is(show(actual), show(expected), label);
}

const plainSpec = `# A spec with the shapes public specs use, none of which needs the yaml package.
openapi: 3.0.3
info:
  title: "Pets \\u00e9 \\"quoted\\""
  version: '1.0'
  description: |
    Markdown with **bold**, a list:

    - one
    - two

    \`\`\`go
    if err != nil {
    	panic(err)
    }
    \`\`\`
  x-folded: >-
    folded
    text
servers: [{url: 'https://api.example.com/v1'}, {url: "http://localhost:8080"}]
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      parameters:
        - name: petId
          in: path
          required: true
          schema: {type: string, format: uuid, example: 123e4567-e89b-12d3-a456-426614174000}
      responses:
        '200':
          description: ''
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: {type: integer, example: 0x1F}
                  ratio: {type: number, example: -2.5e3}
                  empty: {}
                  list: []
                  flag: {type: boolean, default: false}
                  nothing: {nullable: true, default: null}
                  tilde: ~
                  octal: 0o17
                  big: 12345678901234567890
                  inf: .inf
                  date: 2024-01-31
                  time: 12:30:45
                  text: plain text, with #hash and R&D
`;

test('should read a plain spec with js-yaml and give the yaml package\'s value', () => {
  assert.not.ok(yamlPackageOnly.test(plainSpec), 'the plain spec takes js-yaml');
  const { document, messages } = parseSourceDocument(plainSpec, '/p/spec.yaml', 'spec.yaml');
  assert.equal(messages, []);
  assertSameValue(document.value, yamlPackageValue(plainSpec), 'plain spec');
  const fixtures = readdirSync(specFixtures, { recursive: true, encoding: 'utf8' }).filter((name) => /\.ya?ml$/.test(name));
  assert.ok(fixtures.length >= 10);
  for (const name of fixtures) {
    const text = readFileSync(join(specFixtures, name), 'utf8');
    const expected = yamlPackageValue(text);
    if (expected === undefined) continue;
    assertSameValue(parseSourceDocument(text, `/p/${name}`, name).document.value, expected, name);
  }
});

test('should place keys and values of a spec read by js-yaml', () => {
  const { document } = parseSourceDocument(plainSpec, '/p/spec.yaml', 'spec.yaml');
  const lines = plainSpec.split('\n');
  const getLine = lines.findIndex((line) => line === '    get:') + 1;
  assert.equal(document.locate(['paths', '/pets/{petId}', 'get'], { key: true }), { file: '/p/spec.yaml', line: getLine, column: 5 });
  assert.equal(document.locate(['paths', '/pets/{petId}', 'get', 'operationId']), { file: '/p/spec.yaml', line: getLine + 1, column: 20 });
  assert.is(document.locate(['nope']), undefined);
});

test('should leave texts with anchors, tags and odd keys to the yaml package', () => {
  for (const text of [
    'a: &x {b: 1}\nc: *x\n',
    'a: !!str 1\n',
    'a: !!float 1\n',
    '%YAML 1.2\n---\na: 1\n',
    'a: 0b101\n',
    'a: -0\n',
    'a: -0x1F\n',
    'a: -.5\n',
    'a: 1e400\n',
    'null: a\n',
    '~: a\n',
    'x:\n  [a, b]: c\n',
    '? a\n: b\n',
    'x: {a: 1, ~}\n',
    '- - \n- x\n',
    'a: |2\n   \n',
    'a: "x\\\n\n  y"\n',
  ]) {
    assert.ok(yamlPackageOnly.test(text), JSON.stringify(text));
    assertSameValue(parseSourceDocument(text, '/p/a.yaml', 'a.yaml').document.value, yamlPackageValue(text), JSON.stringify(text));
  }
});

test('should refuse an alias bomb and a cycle as before', () => {
  const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...'bcdefghi'.split('').map((name, index) => `${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[index]}`).join(',')}]`)].join('\n');
  const refused = parseSourceDocument(bomb, '/p/bomb.yaml', 'bomb.yaml');
  assert.is(refused.document.value, undefined);
  assert.equal(refused.messages.map((message) => message.ruleId), ['spec-syntax']);
  const cycle = parseSourceDocument('a: &a\n  b: *a\n', '/p/cycle.yaml', 'cycle.yaml');
  assert.is(cycle.document.value, undefined);
});

// The shapes an earlier form of `yamlPackageOnly` spent minutes on (time growing with the square
// of a line's length): each must be told apart in well under the five seconds allowed, where
// it takes milliseconds.
test('should tell hostile texts apart in time linear in their length', () => {
  const n = 200_000;
  const hostile = {
    'spaces and tabs': `${' \t'.repeat(n)}x\n`,
    'closing brackets, then spaces': `x${']'.repeat(n)}${' '.repeat(n)}x\n`,
    'a line starting with a bracket': `[${' ]'.repeat(n)}\n`,
    'quotes': `"${"x'".repeat(n)}\n`,
    'sequence entries': `${'-    '.repeat(n)}x\n`,
    'spaces before a quote pair': `${' '.repeat(n)}x''\n`,
    'a number without end': ` ${'1.'.repeat(n)}e\n`,
  };
  for (const [name, text] of Object.entries(hostile)) {
    assert.not.throws(() => runInNewContext('pattern.test(text)', { pattern: yamlPackageOnly, text }, { timeout: 5000 }), name);
  }
});

test('should still name line and column of a syntax error', () => {
  const { messages } = parseSourceDocument('openapi: 3.0.0\ninfo:\n  title: a\n  title: b\n', '/p/a.yaml', 'a.yaml');
  assert.equal(messages.map((message) => [message.ruleId, message.line, message.column]), [['spec-syntax', 4, 3]]);
});

// Random texts built from the characters and pieces where the two parsers part ways: whatever
// js-yaml makes of them, the value is the yaml package's wherever the yaml package reads the
// text. (A text starting with `{` or `[` is read as JSON first, so none does.)
test('should give the yaml package\'s value for random YAML', () => {
  let seed = 0x2f6b1d;
  const random = (below: number): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
  const pieces = ['0', '1', '9', '-', '+', '.', 'e', 'x', 'o', 'b', '_', ':', ': ', 'inf', 'nan', 'null', '~', 'true', ' ', '  ', '\n', '\n  ', '\n\n  ', '\t', '\\', '\\n', '\\x41', '\\u00e9', '\\ ', '"', "'", "''", '#', ' #', '- ', '|', '>', '|2', '{', '}', '[', ']', ',', '%', '*', '&', '!', '?', '\r\n', 'é', 'a b'];
  let compared = 0;
  for (let index = 0; index < 6000; index++) {
    let piece = '';
    for (let count = 1 + random(7); count > 0; count--) piece += pieces[random(pieces.length)];
    for (const text of [`k: ${piece}\n`, `k: "${piece}"\n`, `k: '${piece}'\n`, `- ${piece}\n- x\n`, `a:\n  b: ${piece}\n  c: d\n`, `{k: ${piece}}\n`, `${piece}: v\n`]) {
      const expected = /^\s*[{[]/.test(text) ? undefined : yamlPackageValue(text);
      if (expected === undefined) continue;
      compared++;
      assertSameValue(parseSourceDocument(text, '/p/a.yaml', 'a.yaml').document.value, expected, JSON.stringify(text));
    }
  }
  assert.ok(compared > 10_000, `${compared} texts compared`);
});

test.run();
