import { utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isRangeAllowed, parseByteRange } from '../src/byte-range.js';
import { createStaticServer } from '../src/index.js';
import { createProject, sendRaw } from './project.js';

const project = createProject();
const text = '0123456789abcdef';
const big = Buffer.alloc(1024 * 1024 + 7, 0);
for (let index = 0; index < big.length; index += 1) big[index] = (index * 31) % 251;
writeFileSync(join(project.root, 'images/range.txt'), text);
writeFileSync(join(project.root, 'images/big.bin'), big);
// Last-Modified has whole seconds; an If-Range date only counts for a file older than a second.
const modified = new Date('2024-05-01T10:00:00Z');
utimesSync(join(project.root, 'images/range.txt'), modified, modified);
const server = createStaticServer({ root: project.root });
let port = 0;

const ranges = suite('ranges');

ranges.before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

ranges.after(async () => {
  await new Promise((resolve) => server.close(resolve));
  project.remove();
});

const get = (headers: string, method = 'GET', path = '/images/range.txt') => sendRaw(port, `${method} ${path} HTTP/1.1${headers ? `\r\n${headers}` : ''}`);

ranges('should announce byte ranges on whole files', async () => {
  const response = await get('');
  assert.is(response.status, 200);
  assert.is(response.headers['accept-ranges'], 'bytes');
  assert.is(response.body.toString(), text);
});

const partial: Array<[string, string, string]> = [
  ['bytes=0-3', 'bytes 0-3/16', '0123'],
  ['bytes=10-', 'bytes 10-15/16', 'abcdef'],
  ['bytes=-4', 'bytes 12-15/16', 'cdef'],
  ['bytes=-100', 'bytes 0-15/16', text],
  ['bytes=5-100', 'bytes 5-15/16', '56789abcdef'],
  ['bytes=15-15', 'bytes 15-15/16', 'f'],
  ['BYTES = 2 - 3', 'bytes 2-3/16', '23'],
];

for (const [range, contentRange, body] of partial) {
  ranges(`should answer \`Range: ${range}\` with 206 and only that slice`, async () => {
    const response = await get(`Range: ${range}`);
    assert.is(response.status, 206);
    assert.is(response.headers['content-range'], contentRange);
    assert.is(response.headers['content-length'], String(body.length));
    assert.is(response.headers['content-type'], 'text/plain; charset=utf-8');
    assert.is(response.headers['accept-ranges'], 'bytes');
    assert.is(response.body.toString(), body);
  });
}

for (const range of ['bytes=16-', 'bytes=99999999999999999999-', 'bytes=-0']) {
  ranges(`should answer \`Range: ${range}\` with 416 and the size`, async () => {
    const response = await get(`Range: ${range}`);
    assert.is(response.status, 416);
    assert.is(response.headers['content-range'], 'bytes */16');
    assert.is(response.body.toString(), '416 Range Not Satisfiable\n');
  });
}

for (const range of ['bytes=0-1,4-5', 'bytes=5-2', 'items=0-1', 'bytes=abc', 'bytes=-', 'bytes=1-2-3', 'bytes=0x1-2']) {
  ranges(`should answer \`Range: ${range}\` with the whole file`, async () => {
    const response = await get(`Range: ${range}`);
    assert.is(response.status, 200);
    assert.is(response.headers['content-range'], undefined);
    assert.is(response.body.toString(), text);
  });
}

ranges('should honour If-Range only with the current ETag or Last-Modified', async () => {
  const { headers } = await get('');
  const etag = headers.etag ?? '';
  const lastModified = headers['last-modified'] ?? '';
  assert.is(lastModified, modified.toUTCString());
  assert.is((await get(`Range: bytes=0-1\r\nIf-Range: ${etag}`)).status, 206);
  assert.is((await get(`Range: bytes=0-1\r\nIf-Range: ${lastModified}`)).status, 206);
  const stale = await get('Range: bytes=0-1\r\nIf-Range: W/"10-1"');
  assert.is(stale.status, 200);
  assert.is(stale.body.toString(), text);
  assert.is((await get(`Range: bytes=0-1\r\nIf-Range: ${new Date('2024-05-01T10:00:01Z').toUTCString()}`)).status, 200);
  assert.is((await get('Range: bytes=0-1\r\nIf-Range: "not-it"')).status, 200);
  assert.is((await get(`Range: bytes=0-1\r\nIf-Range: ${etag}\r\nIf-Range: ${etag}`)).status, 200, 'a repeated If-Range');
});

ranges('should answer HEAD with the whole-file headers and no body, range or not', async () => {
  for (const headers of ['', 'Range: bytes=0-3', 'Range: bytes=99-']) {
    const response = await get(headers, 'HEAD');
    assert.is(response.status, 200, headers);
    assert.is(response.headers['content-length'], '16', headers);
    assert.is(response.headers['accept-ranges'], 'bytes', headers);
    assert.is(response.headers['content-range'], undefined, headers);
    assert.is(response.body.length, 0, headers);
  }
});

ranges('should prefer 304 to a range when If-None-Match matches', async () => {
  const { headers } = await get('');
  const response = await get(`Range: bytes=0-3\r\nIf-None-Match: ${headers.etag}`);
  assert.is(response.status, 304);
  assert.is(response.body.length, 0);
});

ranges('should read a slice from the middle of a large file exactly', async () => {
  const start = 500_000;
  const end = 900_123;
  const response = await get(`Range: bytes=${start}-${end}`, 'GET', '/images/big.bin');
  assert.is(response.status, 206);
  assert.is(response.headers['content-range'], `bytes ${start}-${end}/${big.length}`);
  assert.ok(response.body.equals(big.subarray(start, end + 1)));
  const tail = await get('Range: bytes=-7', 'GET', '/images/big.bin');
  assert.ok(tail.body.equals(big.subarray(big.length - 7)));
});

ranges('should send an empty file whole whatever the range', async () => {
  const response = await get('Range: bytes=0-', 'GET', '/images/empty.txt');
  assert.is(response.status, 200);
  assert.is(response.headers['content-length'], '0');
});

ranges('should keep rejecting hostile paths before looking at a range', async () => {
  assert.is((await get('Range: bytes=0-3', 'GET', '/images/../docs.json')).status, 400);
  assert.is((await get('Range: bytes=0-3', 'GET', '/images/.env')).status, 404);
});

ranges('should parse ranges as RFC 9110 says', () => {
  assert.equal(parseByteRange(undefined, 10), 'full');
  assert.equal(parseByteRange('bytes=0-0', 10), { start: 0, end: 0 });
  assert.equal(parseByteRange('bytes=9-', 10), { start: 9, end: 9 });
  assert.equal(parseByteRange('bytes=10-', 10), 'unsatisfiable');
  assert.equal(parseByteRange('bytes=-0', 10), 'unsatisfiable');
  assert.equal(parseByteRange('bytes=0-', 0), 'full');
  assert.is(isRangeAllowed(undefined, 'W/"a"', 0, 0), true);
  assert.is(isRangeAllowed('W/"a"', 'W/"a"', 0, 0), true);
  assert.is(isRangeAllowed('"a"', 'W/"a"', 0, 0), false);
  // A file saved within the last second may change again with the same Last-Modified.
  assert.is(isRangeAllowed(new Date(5000).toUTCString(), 'W/"a"', 5400, 5900), false);
  assert.is(isRangeAllowed(new Date(5000).toUTCString(), 'W/"a"', 5400, 6400), true);
});

ranges.run();
