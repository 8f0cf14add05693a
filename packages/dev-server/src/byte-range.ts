/** One satisfiable byte range of a file, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * What to do with a `Range` header (RFC 9110 §14): serve the whole file (`'full'`: no header,
 * a unit other than `bytes`, a syntax error, several ranges, an empty file), one slice, or 416
 * (`'unsatisfiable'`: the range starts past the end, or asks for the last 0 bytes).
 *
 * Several ranges are answered with the whole file, which RFC 9110 allows ("a server MAY
 * ignore the Range header field"), rather than with `multipart/byteranges`.
 *
 * @param header
 *   The `Range` request header.
 * @param size
 *   Size of the file in bytes.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'full' | 'unsatisfiable' {
  if (header === undefined || size === 0) return 'full';
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return 'full';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'full';
  if (first === '') {
    // `bytes=-n`: the last n bytes.
    const length = Number(last);
    return length === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  // `last < first` makes the range-spec invalid, and an invalid Range header is ignored.
  if (last !== '' && Number(last) < start) return 'full';
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * Whether `If-Range` lets a range through: its value must be the file's current `ETag`,
 * compared exactly, or an HTTP date equal to `Last-Modified` of a file modified at least a
 * second earlier. RFC 9110 §13.1.5 asks for a strong entity tag; ours is weak only in name:
 * it is built from the size and the modification time, as nginx's strong tag is, and changes
 * with every write.
 */
export function isRangeAllowed(ifRange: string | undefined, etag: string, mtimeMs: number, now: number): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return Number.isFinite(date) && date === Math.floor(mtimeMs / 1000) * 1000 && now - mtimeMs >= 1000;
}
