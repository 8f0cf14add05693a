import { inflateSync } from 'node:zlib';

/**
 * One table of a WOFF 1.0 font (https://www.w3.org/TR/WOFF/), inflated.
 */
export interface WoffTable {
  tag: string;
  /** The checksum the font records for the table. */
  checksum: number;
  data: Buffer;
}

/**
 * Read the tables of a WOFF 1.0 font, or those whose tag `wanted` accepts. Returns an empty list
 * for anything that is not one, and stops at the first table whose directory entry or data lies
 * outside the file.
 */
export function readWoffTables(woff: Uint8Array, wanted: (tag: string) => boolean = () => true): WoffTable[] {
  const file = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (file.length < 44 || file.toString('latin1', 0, 4) !== 'wOFF') return [];

  const tables: WoffTable[] = [];
  const numTables = file.readUInt16BE(12);
  for (let index = 0; index < numTables; index++) {
    const entry = 44 + index * 20;
    if (entry + 20 > file.length) break;
    const offset = file.readUInt32BE(entry + 4);
    const compLength = file.readUInt32BE(entry + 8);
    const origLength = file.readUInt32BE(entry + 12);
    if (offset + compLength > file.length) break;
    const tag = file.toString('latin1', entry, entry + 4);
    if (!wanted(tag)) continue;
    const stored = file.subarray(offset, offset + compLength);
    // WOFF stores a table raw when zlib would not make it smaller.
    tables.push({
      tag,
      checksum: file.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    });
  }
  return tables;
}

/**
 * Unwrap a WOFF 1.0 font into the TrueType/OpenType file it compresses, for a reader that takes
 * only those (HarfBuzz). Returns `undefined` for anything that is not a WOFF 1.0 font.
 */
export function woffToSfnt(woff: Uint8Array): Buffer | undefined {
  const file = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  const tables = readWoffTables(file);
  if (tables.length === 0) return undefined;

  const count = tables.length;
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 2 ** entrySelector * 16;
  let size = 12 + count * 16;
  for (const table of tables) size += (table.data.length + 3) & ~3;

  const out = Buffer.alloc(size);
  file.copy(out, 0, 4, 8); // flavor: the sfnt version
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(count * 16 - searchRange, 10);
  let offset = 12 + count * 16;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    out.write(table.tag, record, 'latin1');
    out.writeUInt32BE(table.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += (table.data.length + 3) & ~3;
  });
  return out;
}
