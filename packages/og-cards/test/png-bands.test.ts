import { crc32, inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPngBands, encodeOnBand, encodePngBands } from '../src/png-bands.js';

const width = 40;
const height = 30;

// A background with a different colour on every row, so a misplaced row shows.
function background(): Buffer {
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rgb.set([y * 8, x * 6, 200], (y * width + x) * 3);
  return rgb;
}

function rectangle(w: number, h: number, colour: [number, number, number]): Buffer {
  const rgb = Buffer.alloc(w * h * 3);
  for (let at = 0; at < w * h; at++) rgb.set(colour, at * 3);
  return rgb;
}

// What the PNG should show: the background with the rectangle copied in.
function expected(top: number, left: number, w: number, h: number, colour: [number, number, number]): Buffer {
  const rgb = background();
  for (let y = top; y < top + h; y++) for (let x = left; x < left + w; x++) rgb.set(colour, (y * width + x) * 3);
  return rgb;
}

// Reads every chunk, checking each CRC, and inflates the image data, which checks its Adler-32.
function checkStructure(png: Buffer): void {
  assert.equal([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const types: string[] = [];
  const data: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    assert.is(png.readUInt32BE(at + 8 + length), crc32(png.subarray(at + 4, at + 8 + length)) >>> 0, `${type} CRC`);
    types.push(type);
    if (type === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  assert.equal(types, ['IHDR', 'IDAT', 'IEND']);
  assert.is(inflateSync(Buffer.concat(data)).length, height * (width * 3 + 1));
}

for (const [name, top, rows] of [
  ['a band in the middle', 10, 12],
  ['a band at the top', 0, 7],
  ['a band at the bottom', 20, 10],
  ['a band of the whole image', 0, height],
] as const) {
  test(`should encode ${name} into a valid PNG with the right pixels`, async () => {
    const bands = createPngBands(background(), width, height, top, rows);
    const colour: [number, number, number] = [255, 0, 128];
    const png = await encodePngBands(bands, rectangle(20, rows, colour), { left: 5, top: 0, width: 20, height: rows });
    checkStructure(png);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    assert.equal([info.width, info.height, info.channels], [width, height, 3]);
    assert.ok(data.equals(expected(top, 5, 20, rows, colour)));
  });
}

test('should place a rectangle lower in the band', async () => {
  const bands = createPngBands(background(), width, height, 10, 12);
  const png = await encodePngBands(bands, rectangle(3, 4, [1, 2, 3]), { left: 30, top: 6, width: 3, height: 4 });
  checkStructure(png);
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  assert.ok(data.equals(expected(16, 30, 3, 4, [1, 2, 3])));
});

test('should refuse a rectangle outside the band', async () => {
  const bands = createPngBands(background(), width, height, 10, 12);
  for (const placement of [
    { left: 38, top: 0, width: 3, height: 1 },
    { left: 0, top: 10, width: 1, height: 3 },
  ]) {
    try {
      await encodePngBands(bands, rectangle(placement.width, placement.height, [0, 0, 0]), placement);
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.instance(error, RangeError);
    }
  }
});

test('should leave the prepared band untouched for the next image', async () => {
  const bands = createPngBands(background(), width, height, 10, 12);
  await encodePngBands(bands, rectangle(20, 12, [0, 0, 0]), { left: 5, top: 0, width: 20, height: 12 });
  const png = await encodePngBands(bands, rectangle(1, 12, [9, 9, 9]), { left: 0, top: 0, width: 1, height: 12 });
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  assert.ok(data.equals(expected(10, 0, 1, 12, [9, 9, 9])));
});

test('should draw on clean rows each time, though it reuses them', async () => {
  const bands = createPngBands(background(), width, height, 10, 12);
  const rowBytes = width * 3 + 1;
  const red = await encodeOnBand(bands, (rows, touch) => {
    rows.fill(255, 1, rows.length);
    touch(0, 20);
    return true;
  });
  assert.ok(red);
  assert.is(
    await encodeOnBand(bands, (rows) => {
      rows.fill(7);
      return false;
    }),
    undefined,
    'nothing is encoded when the drawing declines',
  );
  const plain = await encodeOnBand(bands, (rows, touch) => {
    rows.set([1, 2, 3], 2 * rowBytes + 1);
    touch(2, 3);
    return true;
  });
  assert.ok(plain);
  checkStructure(plain);
  const { data } = await sharp(plain).raw().toBuffer({ resolveWithObject: true });
  assert.ok(data.equals(expected(12, 0, 1, 1, [1, 2, 3])), 'none of the earlier drawings shows');
});

test('should not reuse rows a failed drawing left behind', async () => {
  const bands = createPngBands(background(), width, height, 10, 12);
  try {
    await encodeOnBand(bands, (rows) => {
      rows.fill(9);
      throw new Error('drawing failed');
    });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.match(String(error), /drawing failed/);
  }
  const png = await encodeOnBand(bands, () => true);
  const { data } = await sharp(png as Buffer).raw().toBuffer({ resolveWithObject: true });
  assert.ok(data.equals(background()));
});

test('should draw each of several images in flight on its own rows', async () => {
  const bands = createPngBands(background(), width, height, 10, 12);
  const rowBytes = width * 3 + 1;
  const colours: [number, number, number][] = [[1, 1, 1], [2, 2, 2], [3, 3, 3], [4, 4, 4]];
  const pngs = await Promise.all(
    colours.map((colour, index) =>
      encodeOnBand(bands, async (rows) => {
        rows.set(colour, index * rowBytes + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return true;
      }),
    ),
  );
  for (const [index, png] of pngs.entries()) {
    const { data } = await sharp(png as Buffer).raw().toBuffer({ resolveWithObject: true });
    assert.ok(data.equals(expected(10 + index, 0, 1, 1, colours[index]!)), `image ${index}`);
  }
});

test('should copy back the rows an image drew on, and only those, before the next image', async () => {
  const bands = createPngBands(background(), width, height, 10, 12);
  const rowBytes = width * 3 + 1;
  const row = (buffer: Buffer, index: number): Buffer => buffer.subarray(index * rowBytes, (index + 1) * rowBytes);
  await encodeOnBand(bands, (drawn, touch) => {
    drawn.fill(9, 3 * rowBytes, 5 * rowBytes);
    touch(3, 5);
    // Drawn on without saying so: a broken drawing, to see which rows are copied back.
    drawn.fill(9, 0, rowBytes);
    return true;
  });
  await encodeOnBand(bands, (drawn) => {
    for (const index of [3, 4, 5]) assert.ok(row(drawn, index).equals(row(bands.rest, index)), `row ${index} is clean again`);
    assert.not.ok(row(drawn, 0).equals(row(bands.rest, 0)), 'a row the drawing did not name is left as it was');
    return false;
  });
  const png = await encodeOnBand(bands, (drawn) => {
    assert.ok(drawn.equals(bands.rest), 'after a drawing that declined, every row is copied back');
    return true;
  });
  const { data } = await sharp(png as Buffer).raw().toBuffer({ resolveWithObject: true });
  assert.ok(data.equals(background()));
});

test.run();
