import { promisify } from 'node:util';
import * as zlib from 'node:zlib';

/**
 * A PNG whose rows above and below one band are compressed once, so that each image drawn on it
 * only compresses the rows of the band.
 *
 * PNG image data is one zlib stream of rows, each row a filter byte and its pixels. A deflate
 * stream cut with a sync flush ends on a byte boundary and keeps no state the next part needs
 * once the next part is compressed on its own, so the three parts can be compressed separately
 * and laid end to end (RFC 1951 §3.2.3); the zlib checksum of the whole is combined from the
 * checksums of the parts (RFC 1950 §8.2).
 */
export interface PngBands {
  width: number;
  height: number;
  /** First row of the band. */
  top: number;
  /** Rows in the band. */
  rows: number;
  /** The band of the underlying image, filtered rows (filter byte 0, then RGB). */
  band: Buffer;
  /** Rows above the band, raw deflate ending in a sync flush (empty when the band starts at 0). */
  above: Buffer;
  aboveAdler: number;
  aboveLength: number;
  /** Rows below the band, raw deflate ending the stream (empty when the band reaches the end). */
  below: Buffer;
  belowAdler: number;
  belowLength: number;
}

// zlib level 2 with unfiltered rows: a third of the time of libpng's defaults for flat card
// colours, files about 40-80 KB.
const level = 2;
const deflateRawAsync = promisify(zlib.deflateRaw);
const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// CMF 0x78 (deflate, 32 KB window), FLG 0x01: no dictionary, check bits make 0x7801 % 31 === 0.
const zlibHeader = Buffer.from([0x78, 0x01]);

/**
 * Prepare an RGB image (`width * height * 3` bytes) for drawing into rows `top` to
 * `top + rows - 1`.
 */
export function createPngBands(rgb: Buffer, width: number, height: number, top: number, rows: number): PngBands {
  const filtered = filterRows(rgb, width, height);
  const rowBytes = width * 3 + 1;
  const aboveRaw = filtered.subarray(0, top * rowBytes);
  const band = Buffer.from(filtered.subarray(top * rowBytes, (top + rows) * rowBytes));
  const belowRaw = filtered.subarray((top + rows) * rowBytes);
  return {
    width,
    height,
    top,
    rows,
    band,
    above: aboveRaw.length === 0 ? Buffer.alloc(0) : zlib.deflateRawSync(aboveRaw, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    aboveAdler: adler32(aboveRaw),
    aboveLength: aboveRaw.length,
    below: belowRaw.length === 0 ? Buffer.alloc(0) : zlib.deflateRawSync(belowRaw, { level }),
    belowAdler: adler32(belowRaw),
    belowLength: belowRaw.length,
  };
}

/**
 * Encode the image with its band replaced by `pixels`, an RGB rectangle of `width` by
 * `bands.rows` placed at column `left`.
 */
export async function encodePngBands(bands: PngBands, pixels: Buffer, left: number, width: number): Promise<Buffer> {
  const rowBytes = bands.width * 3 + 1;
  const band = Buffer.from(bands.band);
  for (let row = 0; row < bands.rows; row++) {
    pixels.copy(band, row * rowBytes + 1 + left * 3, row * width * 3, (row + 1) * width * 3);
  }

  const isLast = bands.belowLength === 0;
  const middle = await deflateRawAsync(band, {
    level,
    finishFlush: isLast ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
  });
  let adler = combineAdler32(bands.aboveAdler, adler32(band), band.length);
  adler = combineAdler32(adler, bands.belowAdler, bands.belowLength);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler >>> 0);

  const header = Buffer.alloc(13);
  header.writeUInt32BE(bands.width, 0);
  header.writeUInt32BE(bands.height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, filter method 0, no interlace

  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat([zlibHeader, bands.above, middle, bands.below, checksum])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Filter type 0 (none) on every row.
function filterRows(rgb: Buffer, width: number, height: number): Buffer {
  const rowBytes = width * 3;
  const out = Buffer.alloc((rowBytes + 1) * height);
  for (let row = 0; row < height; row++) rgb.copy(out, row * (rowBytes + 1) + 1, row * rowBytes, (row + 1) * rowBytes);
  return out;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(data.length + 12);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, data.length + 8)), data.length + 8);
  return out;
}

// zlib computes Adler-32 natively: a stored (level 0) zlib stream of the data ends with it.
function adler32(data: Buffer): number {
  if (data.length === 0) return 1;
  const stored = zlib.deflateSync(data, { level: 0 });
  return stored.readUInt32BE(stored.length - 4);
}

// adler32_combine from zlib's adler32.c.
function combineAdler32(first: number, second: number, secondLength: number): number {
  const base = 65_521;
  const remainder = secondLength % base;
  let sum1 = first & 0xffff;
  let sum2 = (remainder * sum1) % base;
  sum1 += (second & 0xffff) + base - 1;
  sum2 += ((first >>> 16) & 0xffff) + ((second >>> 16) & 0xffff) + base - remainder;
  if (sum1 >= base) sum1 -= base;
  if (sum1 >= base) sum1 -= base;
  if (sum2 >= base * 2) sum2 -= base * 2;
  if (sum2 >= base) sum2 -= base;
  return (sum1 | (sum2 << 16)) >>> 0;
}

let crcTable: Uint32Array | undefined;

// `zlib.crc32` exists from Node 20.15; earlier 20.x releases get the table version.
function crc32(data: Buffer): number {
  const native = (zlib as { crc32?: (data: Buffer) => number }).crc32;
  if (typeof native === 'function') return native(data) >>> 0;
  crcTable ??= Uint32Array.from({ length: 256 }, (_, index) => {
    let value = index;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    return value >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
