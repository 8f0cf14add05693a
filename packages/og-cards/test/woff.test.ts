import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readWoffCodePoints } from '../src/woff-cmap.js';
import { readWoffTables, woffToSfnt } from '../src/woff.js';

const require = createRequire(import.meta.url);
const woff = readFileSync(require.resolve('@fontsource/inter/files/inter-latin-ext-700-normal.woff'));

test('should unwrap a WOFF font into the TrueType file HarfBuzz reads', async () => {
  const sfnt = woffToSfnt(woff);
  assert.ok(sfnt);
  const tables = readWoffTables(woff);
  assert.is(sfnt.readUInt16BE(4), tables.length);
  assert.is(sfnt.readUInt32BE(0), woff.readUInt32BE(4), 'the flavour');
  for (const [index, table] of tables.entries()) {
    const record = 12 + index * 16;
    assert.is(sfnt.toString('latin1', record, record + 4), table.tag);
    const offset = sfnt.readUInt32BE(record + 8);
    assert.is(offset % 4, 0);
    assert.ok(sfnt.subarray(offset, offset + table.data.length).equals(table.data), table.tag);
  }

  const hb = await (require('harfbuzzjs') as Promise<any>);
  const face = hb.createFace(hb.createBlob(sfnt), 0);
  assert.is(face.upem, 2048);
  assert.equal([...face.collectUnicodes()].sort((a, b) => a - b), readWoffCodePoints(woff).sort((a, b) => a - b));
});

test('should read only the tables asked for', () => {
  assert.equal(
    readWoffTables(woff, (tag) => tag === 'cmap').map((table) => table.tag),
    ['cmap'],
  );
});

test('should refuse what is not a WOFF file, and stop at a table past the end', () => {
  assert.is(woffToSfnt(Buffer.from('not a font at all, just some text that is long enough to have a header')), undefined);
  assert.is(woffToSfnt(Buffer.alloc(0)), undefined);
  const cut = woff.subarray(0, 400);
  assert.not.throws(() => woffToSfnt(cut));
  assert.ok(readWoffTables(cut).length < readWoffTables(woff).length);
});

test.run();
