import { existsSync, linkSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeNew, writeWhole } from '../src/write-whole.js';

test('writeNew should write a new file in place, and replace an existing one whole, never writing into it', () => {
  const folder = mkdtempSync(join(tmpdir(), 'docsgen-write-new-'));
  const file = join(folder, 'entry.html');
  writeNew(file, 'first');
  assert.is(readFileSync(file, 'utf8'), 'first');
  // A link to the file (an output folder sharing it) keeps the old content.
  linkSync(file, join(folder, 'linked.html'));
  const before = statSync(file).ino;
  writeNew(file, 'second, longer');
  assert.is(readFileSync(file, 'utf8'), 'second, longer');
  assert.is.not(statSync(file).ino, before, 'a new file took its place');
  assert.is(readFileSync(join(folder, 'linked.html'), 'utf8'), 'first');
  assert.equal(readdirSync(folder).sort(), ['entry.html', 'linked.html'], 'no temporary file is left');
  // A write that fails throws and leaves no file.
  assert.throws(() => writeNew(join(folder, 'missing', 'entry.html'), 'x'), /ENOENT/);
  assert.not.ok(existsSync(join(folder, 'missing')));
});

test('writeWhole should replace a file through a temporary one, leaving a link to the old content alone', () => {
  const folder = mkdtempSync(join(tmpdir(), 'docsgen-write-whole-'));
  const file = join(folder, 'index.bin');
  writeFileSync(file, 'old');
  linkSync(file, join(folder, 'old.bin'));
  writeWhole(file, Buffer.from('new'));
  assert.is(readFileSync(file, 'utf8'), 'new');
  assert.is(readFileSync(join(folder, 'old.bin'), 'utf8'), 'old');
  assert.equal(readdirSync(folder).sort(), ['index.bin', 'old.bin']);
  assert.throws(() => writeWhole(join(folder, 'missing', 'index.bin'), 'x'), /ENOENT/);
  assert.equal(readdirSync(folder).sort(), ['index.bin', 'old.bin'], 'a failed write leaves no temporary file');
});

test.run();
