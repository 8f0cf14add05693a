import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMessageLine } from '../src/format.js';
import { loadConfig } from '../src/load.js';

const fixtures = suite('fixtures');

// Each `fixtures/invalid/<case>/` holds a docs.json (plus included files) and `messages.txt`,
// the exact `docsgen check` lines. `UPDATE=1` rewrites `messages.txt`; a file written for
// the first time still fails once, so that someone reads it.
const base = fileURLToPath(new URL('../../../fixtures/invalid/', import.meta.url));
const cases = readdirSync(base, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

fixtures('should have the required cases', () => {
  for (const name of [
    'not-json',
    'empty',
    'misspelt-keys',
    'bad-hex',
    'bad-enum',
    'wrong-types',
    'missing-required',
    'union-group-missing-pages',
    'include-missing',
    'include-circular',
    'include-outside-root',
    'too-deep',
  ]) {
    assert.ok(cases.includes(name), name);
  }
});

for (const name of cases) {
  fixtures(`should report \`${name}\` as in its messages.txt`, () => {
    const folder = join(base, name);
    const result = loadConfig(folder);
    const actual = result.messages.map((message) => `${formatMessageLine(message, { cwd: folder })}\n`).join('');
    const expectedFile = join(folder, 'messages.txt');
    const isNew = !existsSync(expectedFile);
    if (process.env.UPDATE || isNew) writeFileSync(expectedFile, actual);
    if (isNew) assert.unreachable(`wrote ${expectedFile}; read it, then run again`);
    assert.fixture(actual, readFileSync(expectedFile, 'utf8'));
    assert.is(result.config === undefined, result.messages.some((message) => message.fatal), 'config only without errors');
  });
}

fixtures.run();
