import * as zlib from 'node:zlib';

/**
 * A PNG whose rows above one band are compressed once, so that each image drawn on it only
 * compresses the rows from the band down.
 *
 * PNG image data is one zlib stream of rows, each row a filter byte and its pixels. A deflate
 * stream cut with a sync flush ends on a byte boundary, and a second stream compressed on its
 * own can follow it (RFC 1951 §3.2.3); the zlib checksum of the whole is combined from the
 * checksums of the two parts (RFC 1950 §8.2). The second part is compressed as a zlib stream, so
 * zlib computes its checksum.
 */
export interface PngBands {
  width: number;
  height: number;
  /** First row of the band. */
  top: number;
  /** Rows in the band. */
  rows: number;
  /** Rows from `top` to the end of the underlying image, filtered (filter byte 0, then RGB). */
  rest: Buffer;
  /** Rows above the band, raw deflate ending in a sync flush (empty when the band starts at 0). */
  above: Buffer;
  aboveAdler: number;
}

// zlib level 2 with unfiltered rows: flat card colours compress to about 40-80 KB in a fraction
// of the time of libpng's defaults.
const level = 2;
// Compression runs on the calling thread: handing 2 MB of rows to the thread pool and waiting for
// it made a card about 2 ms slower here than compressing them in place (about 2.5 ms), and a
// build renders cards on worker threads anyway.
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
  let above = Buffer.alloc(0);
  let aboveAdler = 1;
  if (aboveRaw.length > 0) {
    above = zlib.deflateRawSync(aboveRaw, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    const whole = zlib.deflateSync(aboveRaw, { level: 0 });
    aboveAdler = whole.readUInt32BE(whole.length - 4);
  }
  return { width, height, top, rows, rest: Buffer.from(filtered.subarray(top * rowBytes)), above, aboveAdler };
}

/**
 * Where an RGB rectangle goes inside the band: `top` counts from the band's first row.
 */
export interface BandPlacement {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Encode the image with `pixels`, an RGB rectangle, copied into its band at `placement`.
 */
export async function encodePngBands(bands: PngBands, pixels: Buffer, placement: BandPlacement): Promise<Buffer> {
  const { left, top, width, height } = placement;
  if (left < 0 || top < 0 || left + width > bands.width || top + height > bands.rows || pixels.length !== width * height * 3) {
    throw new RangeError(`Cannot place ${width}x${height} pixels at ${left},${top} in a band of ${bands.width}x${bands.rows}`);
  }

  const rowBytes = bands.width * 3 + 1;
  const png = await encodeOnBand(bands, (rows, touch) => {
    touch(top, top + height);
    for (let row = 0; row < height; row++) {
      pixels.copy(rows, (top + row) * rowBytes + 1 + left * 3, row * width * 3, (row + 1) * width * 3);
    }
    return true;
  });
  return png as Buffer;
}

// Row buffers of finished images, by size, reused by the next ones: a card's rows are about
// 2 MB, and allocating them per card cost more in garbage collection than copying the band into
// a kept buffer. At most `maxSpare` are kept per process (one per card in flight). Each
// remembers the band it was last a copy of and the rows drawn on since, so the next image on
// that band copies back only those rows, not all 2 MB.
interface SpareRows {
  rows: Buffer;
  /** The band's rows it equals outside `first` to `end` (`undefined`: unknown, copy them all). */
  rest: Buffer | undefined;
  first: number;
  end: number;
}
const spare = new Map<number, SpareRows[]>();
let spareCount = 0;
const maxSpare = 2;

/**
 * Rows `first` to `end - 1` (counted from the band's first row) were drawn on.
 */
export type TouchRows = (first: number, end: number) => void;

/**
 * Encode the image after `draw` has drawn on the rows from the band down, or return `undefined`
 * when `draw` returns `false`.
 *
 * `draw` gets those rows as they are in the underlying image: row `n` (from the band's first)
 * starts at `n * (width * 3 + 1)` with its filter byte (0), then RGB. It must pass every row it
 * changes to `touch`: only those rows are copied back from the band before the buffer is drawn
 * on again. The buffer is reused for later images once this one is encoded, so `draw` must not
 * keep it.
 */
export async function encodeOnBand(bands: PngBands, draw: (rows: Buffer, touch: TouchRows) => boolean | Promise<boolean>): Promise<Buffer | undefined> {
  const rowBytes = bands.width * 3 + 1;
  const rowCount = bands.rest.length / rowBytes;
  const kept = spare.get(bands.rest.length)?.pop();
  let rows: Buffer;
  if (kept) {
    spareCount -= 1;
    rows = kept.rows;
    if (kept.rest !== bands.rest) rows.set(bands.rest);
    else if (kept.first < kept.end) rows.set(bands.rest.subarray(kept.first * rowBytes, kept.end * rowBytes), kept.first * rowBytes);
  } else {
    rows = Buffer.allocUnsafe(bands.rest.length);
    rows.set(bands.rest);
  }
  let first = rowCount;
  let end = 0;
  const touch: TouchRows = (from, to) => {
    first = Math.max(0, Math.min(first, Math.floor(from)));
    end = Math.min(rowCount, Math.max(end, Math.ceil(to)));
  };
  let reusable: SpareRows | undefined;
  try {
    if (!(await draw(rows, touch))) {
      // Declined: it may have drawn on any row.
      reusable = { rows, rest: undefined, first: 0, end: rowCount };
      return undefined;
    }
    const png = encodeRows(bands, rows);
    reusable = { rows, rest: bands.rest, first, end };
    return png;
  } finally {
    if (reusable && spareCount < maxSpare) {
      const sized = spare.get(rows.length);
      if (sized) sized.push(reusable);
      else spare.set(rows.length, [reusable]);
      spareCount += 1;
    }
  }
}

const ihdrFlags = Buffer.from([8, 2, 0, 0, 0]); // 8 bits per channel, RGB, deflate, filter method 0, no interlace
let iend: Buffer | undefined;

// The PNG, written into one buffer: signature, IHDR, one IDAT, IEND.
function encodeRows(bands: PngBands, rows: Buffer): Buffer {
  // A complete zlib stream: 2-byte header, deflate data, then the Adler-32 of the rows.
  const stream = zlib.deflateSync(rows, { level });
  const restAdler = stream.readUInt32BE(stream.length - 4);
  const deflated = stream.subarray(2, stream.length - 4);

  const header = Buffer.alloc(13);
  header.writeUInt32BE(bands.width, 0);
  header.writeUInt32BE(bands.height, 4);
  header.set(ihdrFlags, 8);
  const ihdr = chunk('IHDR', header);
  iend ??= chunk('IEND', Buffer.alloc(0));

  const dataLength = zlibHeader.length + bands.above.length + deflated.length + 4;
  const png = Buffer.allocUnsafe(signature.length + ihdr.length + dataLength + 12 + iend.length);
  let at = signature.copy(png, 0);
  at += ihdr.copy(png, at);
  const idat = at;
  png.writeUInt32BE(dataLength, idat);
  png.write('IDAT', idat + 4, 'latin1');
  at = idat + 8;
  at += zlibHeader.copy(png, at);
  at += bands.above.copy(png, at);
  at += deflated.copy(png, at);
  at = png.writeUInt32BE(combineAdler32(bands.aboveAdler, restAdler, rows.length), at);
  at = png.writeUInt32BE(crc32(png.subarray(idat + 4, at)), at);
  iend.copy(png, at);
  return png;
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
