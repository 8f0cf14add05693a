import { readWoffTables } from './woff.js';

/**
 * List the code points a WOFF 1.0 font maps to a glyph (its `cmap` table).
 *
 * Reads format 12 (full Unicode) when present, else format 4 (BMP). Only used to decide which
 * characters the card font can draw; a font without a usable `cmap` gives an empty list.
 *
 * @param woff
 *   The bytes of a `.woff` file (https://www.w3.org/TR/WOFF/).
 * @returns
 *   Code points with a glyph other than `.notdef`.
 */
export function readWoffCodePoints(woff: Uint8Array): number[] {
  const [cmap] = readWoffTables(woff, (tag) => tag === 'cmap');
  return cmap ? readCmap(cmap.data) : [];
}

function readCmap(table: Buffer): number[] {
  const count = table.readUInt16BE(2);
  let format4: number | undefined;
  for (let index = 0; index < count; index++) {
    const record = 4 + index * 8;
    const platform = table.readUInt16BE(record);
    const encoding = table.readUInt16BE(record + 2);
    const offset = table.readUInt32BE(record + 4);
    const format = table.readUInt16BE(offset);
    if (format === 12 && (platform === 0 || (platform === 3 && encoding === 10))) return readFormat12(table, offset);
    if (format === 4 && (platform === 0 || (platform === 3 && encoding === 1))) format4 ??= offset;
  }

  return format4 === undefined ? [] : readFormat4(table, format4);
}

function readFormat12(table: Buffer, offset: number): number[] {
  const points: number[] = [];
  const groups = table.readUInt32BE(offset + 12);
  for (let group = 0; group < groups; group++) {
    const at = offset + 16 + group * 12;
    const start = table.readUInt32BE(at);
    const end = table.readUInt32BE(at + 4);
    const glyph = table.readUInt32BE(at + 8);
    for (let point = start; point <= end; point++) {
      if (glyph + (point - start) !== 0) points.push(point);
    }
  }
  return points;
}

function readFormat4(table: Buffer, offset: number): number[] {
  const points: number[] = [];
  const segments = table.readUInt16BE(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;

  for (let segment = 0; segment < segments; segment++) {
    const start = table.readUInt16BE(starts + segment * 2);
    const end = table.readUInt16BE(ends + segment * 2);
    const delta = table.readInt16BE(deltas + segment * 2);
    const rangeAt = rangeOffsets + segment * 2;
    const rangeOffset = table.readUInt16BE(rangeAt);

    for (let point = start; point <= end && point !== 0xffff; point++) {
      let glyph: number;
      if (rangeOffset === 0) {
        glyph = (point + delta) & 0xffff;
      } else {
        const at = rangeAt + rangeOffset + (point - start) * 2;
        const raw = at + 2 <= table.length ? table.readUInt16BE(at) : 0;
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) points.push(point);
    }
  }
  return points;
}
