// CBOR (RFC 8949), the part Pagefind writes: unsigned and negative integers, text strings and
// definite arrays, each in its shortest form. The reader and writer work on bytes in place: a
// Pagefind chunk is read entry by entry and written back with its locations copied as bytes.

/** A CBOR value as Pagefind's files hold them. */
export type Cbor = number | string | Cbor[];

/** `value` encoded. */
export function encodeCbor(value: Cbor): Buffer {
  const writer = new CborWriter();
  writer.value(value);
  return writer.done();
}

/** `bytes` decoded as one value; throws on trailing bytes or a type Pagefind does not write. */
export function decodeCbor(bytes: Buffer): Cbor {
  const reader = new CborReader(bytes);
  const value = reader.value();
  if (reader.offset !== reader.bytes.length) throw new Error('trailing bytes');
  return value;
}

export function isCborArray(value: unknown): value is Cbor[] {
  return Array.isArray(value);
}

/** `source[start..end]` into `target` at `at`: a loop for the few bytes of one entry, cheaper than `Buffer#copy`'s checks. */
export function copyBytes(source: Uint8Array, start: number, end: number, target: Uint8Array, at: number): void {
  if (end - start > 64) target.set(source.subarray(start, end), at);
  else for (let index = start; index < end; index += 1) target[at++] = source[index]!;
}

export class CborReader {
  offset = 0;
  constructor(readonly bytes: Buffer) {}

  value(): Cbor {
    const major = this.bytes[this.offset]! >> 5;
    const argument = this.#argument();
    if (major === 0) return argument;
    if (major === 1) return -1 - argument;
    if (major === 3) return this.#text(argument);
    if (major === 4) return Array.from({ length: argument }, () => this.value());
    throw new Error(`unsupported CBOR type ${major}`);
  }

  arrayLength(): number {
    return this.#expect(4);
  }

  text(): string {
    return this.#text(this.#expect(3));
  }

  unsigned(): number {
    return this.#expect(0);
  }

  integer(): number {
    const major = this.bytes[this.offset]! >> 5;
    if (major > 1) throw new Error('not an integer');
    const argument = this.#argument();
    return major === 0 ? argument : -1 - argument;
  }

  /** Skips an array of integers; returns its length. */
  skipArray(): number {
    const length = this.#expect(4);
    for (let index = 0; index < length; index += 1) {
      if (this.bytes[this.offset]! >> 5 > 1) throw new Error('not an integer');
      this.#argument();
    }
    return length;
  }

  #expect(major: number): number {
    if (this.bytes[this.offset]! >> 5 !== major) throw new Error(`expected CBOR type ${major}`);
    return this.#argument();
  }

  #text(length: number): string {
    const text = this.bytes.toString('utf8', this.offset, this.offset + length);
    this.offset += length;
    return text;
  }

  #argument(): number {
    const bytes = this.bytes;
    const info = bytes[this.offset]! & 31;
    this.offset += 1;
    if (info < 24) return info;
    let argument: number;
    if (info === 24) argument = bytes[this.offset]!;
    else if (info === 25) argument = bytes.readUInt16BE(this.offset);
    else if (info === 26) argument = bytes.readUInt32BE(this.offset);
    else throw new Error(`unsupported CBOR argument ${info}`);
    this.offset += info === 24 ? 1 : info === 25 ? 2 : 4;
    return argument;
  }
}

export class CborWriter {
  #buffer: Buffer;
  #length = 0;

  /** `capacity`: bytes to start with, when about that many are to be written (default: 64 KB). */
  constructor(capacity = 64 * 1024) {
    this.#buffer = Buffer.allocUnsafe(capacity);
  }

  value(value: Cbor): void {
    if (typeof value === 'number') {
      if (value >= 0) this.header(0, value);
      else this.header(1, -1 - value);
    } else if (typeof value === 'string') this.text(value);
    else {
      this.header(4, value.length);
      for (const item of value) this.value(item);
    }
  }

  text(value: string): void {
    const size = Buffer.byteLength(value);
    this.header(3, size);
    this.#reserve(size);
    this.#length += this.#buffer.write(value, this.#length, 'utf8');
  }

  /**
   * One page's entry of a word: `[page, locations, meta locations]`, the locations copied from
   * `source[start..end]`; with `noMeta`, an empty third array, else only its start is left to write.
   */
  pageEntry(page: number, source: Uint8Array, start: number, end: number, noMeta: boolean): void {
    this.#reserve(end - start + 12);
    const buffer = this.#buffer;
    buffer[this.#length++] = 0x83;
    if (page < 24) buffer[this.#length++] = page;
    else this.header(0, page);
    copyBytes(source, start, end, buffer, this.#length);
    this.#length += end - start;
    if (noMeta) buffer[this.#length++] = 0x80;
  }

  /** The start of a page entry, `[` and the page (difference): its locations and meta locations are written next. */
  pageEntryStart(page: number): void {
    this.#reserve(1);
    this.#buffer[this.#length++] = 0x83;
    this.header(0, page);
  }

  /** `source[start..end]` as it is. */
  bytes(source: Uint8Array, start: number, end: number): void {
    this.#reserve(end - start);
    this.#buffer.set(source.subarray(start, end), this.#length);
    this.#length += end - start;
  }

  /** Bytes written so far. */
  get length(): number {
    return this.#length;
  }

  /** The bytes written, not copied: the writer is not to be written to after. */
  done(): Buffer {
    return this.#buffer.subarray(0, this.#length);
  }

  header(major: number, argument: number): void {
    this.#reserve(5);
    const buffer = this.#buffer;
    const type = major << 5;
    if (argument < 24) buffer[this.#length++] = type | argument;
    else if (argument < 0x100) {
      buffer[this.#length++] = type | 24;
      buffer[this.#length++] = argument;
    } else if (argument < 0x10000) {
      buffer[this.#length++] = type | 25;
      buffer.writeUInt16BE(argument, this.#length);
      this.#length += 2;
    } else {
      buffer[this.#length++] = type | 26;
      buffer.writeUInt32BE(argument, this.#length);
      this.#length += 4;
    }
  }

  #reserve(size: number): void {
    if (this.#length + size <= this.#buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.#buffer.length * 2, this.#length + size));
    this.#buffer.copy(grown, 0, 0, this.#length);
    this.#buffer = grown;
  }
}
