import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { locateInTree, parseJsonSource } from '../src/json-source.js';

const jsonSource = suite('json-source');
const file = '/project/docs.json';

function place(text: string, path: (string | number)[], key = false) {
  const parsed = parseJsonSource(text, { file });
  assert.equal(parsed.messages, []);
  const found = locateInTree(parsed.locations, path, { key });
  return found && [found.line, found.column];
}

function syntax(text: string) {
  return parseJsonSource(text, { file }).messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.reason}`);
}

const nested = `{
  "name": "Docs",
  "navigation": {
    "tabs": [
      { "tab": "Guides", "groups": [
        { "group": "A", "pages": ["a", "b"] },
        {
          "group": "B",
          "pages": [
            "c",
            "d"
          ]
        }
      ] }
    ]
  }
}`;

jsonSource('should parse into plain values', () => {
  const parsed = parseJsonSource(nested, { file });
  assert.equal(parsed.messages, []);
  assert.equal(parsed.value, JSON.parse(nested));
});

jsonSource('should give the 1-based line and column of values in nested objects and arrays', () => {
  assert.equal(place(nested, []), [1, 1]);
  assert.equal(place(nested, ['name']), [2, 11]);
  assert.equal(place(nested, ['navigation']), [3, 17]);
  assert.equal(place(nested, ['navigation', 'tabs', 0]), [5, 7]);
  assert.equal(place(nested, ['navigation', 'tabs', 0, 'groups', 0, 'pages', 1]), [6, 40]);
  assert.equal(place(nested, ['navigation', 'tabs', 0, 'groups', 1]), [7, 9]);
  assert.equal(place(nested, ['navigation', 'tabs', 0, 'groups', 1, 'pages', 1]), [11, 13]);
});

jsonSource('should give the line and column of keys', () => {
  assert.equal(place(nested, ['name'], true), [2, 3]);
  assert.equal(place(nested, ['navigation', 'tabs', 0, 'groups', 1, 'pages'], true), [9, 11]);
  assert.is(place(nested, ['navigation', 'tabs', 0], true), undefined, 'array items have no key');
});

jsonSource('should accept string segments for array indices and report unknown paths as undefined', () => {
  assert.equal(place(nested, ['navigation', 'tabs', '0', 'tab']), [5, 16]);
  assert.is(place(nested, ['navigation', 'nope']), undefined);
  assert.is(place(nested, ['name', 'deeper']), undefined);
});

jsonSource('should count CRLF and CR line endings as one line break', () => {
  assert.equal(place('{\r\n  "a": 1,\r\n  "b": 2\r\n}', ['b']), [3, 8]);
  assert.equal(place('{\r  "a": 1,\r  "b": 2\r}', ['b']), [3, 8]);
});

jsonSource('should keep `__proto__` as a plain key without touching the prototype', () => {
  const parsed = parseJsonSource('{"__proto__": {"polluted": true}}', { file });
  const value = parsed.value as Record<string, unknown>;
  assert.is(Object.getPrototypeOf(value), Object.prototype);
  assert.equal(Object.keys(value), ['__proto__']);
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

jsonSource('should warn about duplicate keys at the second key', () => {
  const parsed = parseJsonSource('{\n  "name": "A",\n  "name": "B"\n}', { file });
  assert.equal((parsed.value as { name: string }).name, 'B');
  assert.equal(
    parsed.messages.map((m) => [m.line, m.column, m.ruleId, m.fatal, m.reason]),
    [[3, 3, 'duplicate-key', false, 'Unexpected duplicate key `name` in `docs.json`']],
  );
});

jsonSource('should report a missing value with its position', () => {
  assert.equal(syntax('{\n  "name": }'), ['2:11 json-syntax Unexpected `}` in `docs.json`, expected a value']);
});

jsonSource('should report a missing comma', () => {
  assert.equal(syntax('{\n  "a": 1\n  "b": 2\n}'), ['3:3 json-syntax Cannot parse `docs.json`: missing comma']);
});

jsonSource('should report each independent syntax error', () => {
  assert.equal(syntax('{\n  "a": 1\n  "b": 2\n  "c": 3\n}'), [
    '3:3 json-syntax Cannot parse `docs.json`: missing comma',
    '4:3 json-syntax Cannot parse `docs.json`: missing comma',
  ]);
});

jsonSource('should report trailing commas at the comma', () => {
  assert.equal(syntax('{\n  "a": [1, 2,],\n  "b": 1,\n}'), [
    '2:13 json-syntax Cannot parse `docs.json`: trailing comma before `]`',
    '3:9 json-syntax Cannot parse `docs.json`: trailing comma before `}`',
  ]);
});

jsonSource('should report unquoted keys, comments and unterminated strings', () => {
  assert.equal(syntax('{\n  "name": "X",\n  navigation: {}\n}'), [
    '3:3 json-syntax Unexpected `navigation` in `docs.json`, expected a key in double quotes',
  ]);
  assert.equal(syntax('{\n  // note\n  "a": 1\n}'), ['2:3 json-syntax Cannot parse `docs.json`: comments are not allowed in JSON']);
  assert.equal(syntax('{"a": "b'), ['1:7 json-syntax Cannot parse `docs.json`: unterminated string']);
  assert.equal(syntax('{"a": 1'), ['1:8 json-syntax Unexpected end of file in `docs.json`, expected `,` or `}`']);
});

jsonSource('should name the file by its label', () => {
  const parsed = parseJsonSource('[', { file: '/project/nav/en.json', label: 'nav/en.json' });
  assert.equal(parsed.messages.map((m) => [m.file, m.reason]), [
    ['/project/nav/en.json', 'Unexpected end of file in `nav/en.json`, expected `,` or `]`'],
  ]);
});

jsonSource('should report empty and whitespace-only text as `config-empty`', () => {
  assert.equal(syntax(''), ['1:1 config-empty Cannot parse `docs.json`: the file is empty']);
  assert.equal(syntax(' \n\t\n'), ['1:1 config-empty Cannot parse `docs.json`: the file is empty']);
});

jsonSource('should reject 100000 nested brackets at the 257th without overflowing the stack', () => {
  assert.equal(syntax('['.repeat(100_000)), [
    '1:257 json-too-deep Cannot parse `docs.json`: arrays and objects are nested deeper than 256 levels',
  ]);
  const objects = '{"a":'.repeat(300);
  assert.equal(syntax(`\n${objects}`).map((line) => line.split(' ').slice(0, 2).join(' ')), ['2:1281 json-too-deep']);
});

jsonSource('should accept nesting of exactly 256 levels and ignore brackets inside strings', () => {
  const deep = `${'['.repeat(256)}${']'.repeat(256)}`;
  assert.equal(parseJsonSource(deep, { file }).messages, []);
  const text = `{"a": "${'['.repeat(1000)}\\"${'{'.repeat(1000)}"}`;
  assert.equal(parseJsonSource(text, { file }).messages, []);
});

jsonSource.run();
