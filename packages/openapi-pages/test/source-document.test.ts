import { parseJsonSource } from '@docsgen/config';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { indexShallowJson } from '../src/json-locator.js';
import { parseSourceDocument } from '../src/source-document.js';
import { specFixtures } from './helpers.js';

const test = suite('source documents');

const tricky = `{
  "a\\"b": { "x/y": [1, -2.5e3, "s,]}", {"deep": {"deeper": true}}] },
  "~tilde": null,  "é😀": "v",
  "arr": [[], {}, "", false]
}`;

/** Every path down to `depth` in a value. */
function paths(value: unknown, depth: number, prefix: (string | number)[] = []): (string | number)[][] {
  if (depth === 0 || typeof value !== 'object' || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...paths(child, depth - 1, [...prefix, key])]);
}

test('should place JSON keys and values as the full position tree does', () => {
  for (const [file, text] of [
    ['tricky.json', tricky],
    ['swagger.json', readFileSync(join(specFixtures, 'swagger2/swagger.json'), 'utf8')],
  ] as const) {
    const { document, messages } = parseSourceDocument(text, `/p/${file}`, file);
    assert.equal(messages, []);
    const full = parseJsonSource(text, { file: `/p/${file}` }).locations;
    const all = paths(document.value, 4);
    assert.ok(all.length > 10);
    for (const path of all) {
      let node = full;
      for (const segment of path) node = node?.children?.get(segment);
      assert.equal(document.locate(path), node?.value, `${file} ${JSON.stringify(path)}`);
      if (typeof path.at(-1) === 'string') assert.equal(document.locate(path, { key: true }), node?.key, `${file} key ${JSON.stringify(path)}`);
    }
    // Deeper than the shallow index: the full tree answers.
    assert.ok(document.locate(['a"b', 'x/y', 3, 'deep', 'deeper']) || file !== 'tricky.json');
  }
});

test('should index nothing below the depth asked for', () => {
  const index = indexShallowJson(tricky, 2);
  assert.ok(index.has('/a"b/x~1y'));
  assert.not.ok(index.has('/a"b/x~1y/0'));
  assert.ok(index.has('/~0tilde'));
});

test('should place YAML keys and values, through aliases', () => {
  const text = 'a: &x\n  b: 1\nc: *x\nd:\n  - e\n  - f: g\n';
  const { document } = parseSourceDocument(text, '/p/a.yaml', 'a.yaml');
  assert.equal(document.locate(['d', 1, 'f']), { file: '/p/a.yaml', line: 6, column: 8 });
  assert.equal(document.locate(['d', 1, 'f'], { key: true }), { file: '/p/a.yaml', line: 6, column: 5 });
  assert.equal(document.locate(['c', 'b']), { file: '/p/a.yaml', line: 2, column: 6 });
  assert.is(document.locate(['nope']), undefined);
  const deep = parseSourceDocument('a:\n  b:\n    c:\n      d:\n        e:\n          - f\n', '/p/b.yaml', 'b.yaml').document;
  assert.equal(deep.locate(['a', 'b', 'c', 'd', 'e', 0]), { file: '/p/b.yaml', line: 6, column: 13 }, 'deeper than the shallow index');
  assert.equal(deep.locate(['a', 'b', 'c', 'd', 'e'], { key: true }), { file: '/p/b.yaml', line: 5, column: 9 });
});

test('should report an empty file', () => {
  const { messages } = parseSourceDocument(' \n', '/p/a.yaml', 'a.yaml');
  assert.equal(messages.map((m) => [m.ruleId, m.reason, m.line]), [['spec-syntax', 'Cannot parse `a.yaml`: the file is empty', 1]]);
});

test.run();
