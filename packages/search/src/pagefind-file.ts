import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { decodeCbor, type Cbor } from './cbor.js';

// Pagefind's files, one by one: how each is packed and named. The format, as Pagefind 1.6
// writes it (see the README's "Pagefind version contract"):
//
//   pagefind-entry.json             {version, languages: {code: {hash, wasm, page_count}}, include_characters}
//   pagefind.<code>_<hash>.pf_meta  [version, pages [[fragment, word count, ""]], chunks [[from, to, hash]], filters [[name, hash]], sorts, meta keys]
//   index/<code>_<hash>.pf_index    [[[word, pages [[page, locations, meta locations]], variants [[original, pages]]]]]
//                                   (each page number as the difference from the one listed before it)
//   filter/<code>_<hash>.pf_filter  [name, [[value, pages]]]
//   fragment/<code>_<hash>.pf_fragment  the page's JSON: url, content, word count, filters, meta, anchors
//
// Each file but the entry is gzip-compressed behind the signature `pagefind_dcd`, and named by
// the SHA-1 of its content (hex digits of each byte without padding: 7 for chunks, filters and
// fragments, longer on a collision; 10 for the meta file). Binary files are CBOR: definite
// arrays, text strings and integers, each in its shortest form.

const signature = Buffer.from('pagefind_dcd');
const gzipAsync = promisify(gzip);

/** One file of a Pagefind index, relative to its folder. */
export interface PagefindFile {
  path: string;
  content: Uint8Array;
  /**
   * For a chunk, filter or meta file compressed by `assemblePagefindIndex`: the SHA-1 (hex) of its
   * bytes before compression, under which a later index can take the compressed bytes as they
   * are (`AssembleOptions.packed`).
   */
  rawHash?: string | undefined;
}

/**
 * Whether two indexes hold the same content: every file by path, binary files compared after
 * decompression (the assembled ones are compressed by zlib, Pagefind's by its own encoder),
 * the entry as JSON. A compressed `a` file with a `rawHash` is compared by that hash, not
 * decompressed; a binary file whose content is the very array of the other's is the same.
 * With `isRaw`, `a`'s chunk, filter and meta files are uncompressed (`AssembleOptions.compress:
 * false`).
 */
export function isSamePagefindIndex(a: readonly PagefindFile[], b: readonly PagefindFile[], options?: { isRaw?: boolean | null | undefined } | null): boolean {
  if (a.length !== b.length) return false;
  const other = new Map(b.map((file) => [file.path, file.content]));
  for (const file of a) {
    const content = other.get(file.path);
    if (!content) return false;
    if (file.path === 'pagefind-entry.json') {
      const [left, right] = [entryKey(parseJson(file.content)), entryKey(parseJson(content))];
      if (left === undefined || right === undefined || left !== right) return false;
    } else if (/\.pf_(meta|index|filter|fragment)$/.test(file.path)) {
      // The very bytes (a fragment kept as Pagefind compressed it): the same content, not read.
      if (file.content === content) continue;
      // `isRaw`: `a` was assembled without compression (fragments are always compressed).
      // A file that does not decompress is not the same as one that does.
      try {
        const right = unpack(content);
        // A compressed assembled file names its raw bytes by their hash: compared by it, not decompressed.
        if (file.rawHash !== undefined && !options?.isRaw && file.content[0] === 0x1f && file.content[1] === 0x8b) {
          if (contentHash(right) !== file.rawHash) return false;
          continue;
        }
        const left = options?.isRaw && !file.path.endsWith('.pf_fragment') ? Buffer.from(file.content) : unpack(file.content);
        if (!left.equals(right)) return false;
      } catch {
        return false;
      }
    } else if (!Buffer.from(file.content).equals(Buffer.from(content))) return false;
  }
  return true;
}

/** Pagefind's name for content: the hex digits of each SHA-1 byte, without padding. */
export function contentHash(content: Uint8Array): string {
  let hex = '';
  for (const byte of createHash('sha1').update(content).digest()) hex += byte.toString(16);
  return hex;
}

/** `<language>_<prefix of hash>`, 7 or more digits: a name already taken gets one more digit. */
export function shortNames(language: string, hashes: readonly string[], length: number): string[] {
  const taken = new Map<string, string>();
  return hashes.map((hash) => {
    let short = hash.slice(0, length);
    while (taken.has(short) && taken.get(short) !== hash && short.length < hash.length) short = hash.slice(0, short.length + 1);
    taken.set(short, hash);
    return `${language}_${short}`;
  });
}

/** The shortest prefixes of `a` and `b` (in code points) that differ. */
export function distinctPrefixes(a: string, b: string): [string, string] {
  const left = [...a];
  const right = [...b];
  let common = 0;
  while (common < left.length && common < right.length && left[common] === right[common]) common += 1;
  return [left.slice(0, common + 1).join(''), right.slice(0, common + 1).join('')];
}

/** Code point order, the order Pagefind sorts words, filters and meta fields in. */
export function compareCodePoints(a: string, b: string): number {
  // UTF-16 order differs from code point order only around surrogates: compare those by code point.
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let position = 0; position < length; position += 1) {
    const left = a.codePointAt(position)!;
    const right = b.codePointAt(position)!;
    if (left !== right) return left < right ? -1 : 1;
    if (left > 0xffff) position += 1;
  }
  return a.length - b.length;
}

/** `files` sorted by path, in place. */
export function sortFiles<T extends { path: string }>(files: T[]): T[] {
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A file's content as Pagefind writes it: the signature, then the raw bytes, compressed (on the thread pool). */
export function pack(raw: Buffer): Promise<Buffer> {
  return gzipAsync(Buffer.concat([signature, raw]), { level: 6 });
}

/**
 * An entry's languages in the order of their codes. The order means nothing to Pagefind, whose
 * own is its hash map's: an index docsgen puts together names them this way, and two entries
 * are compared this way.
 */
export function languagesByCode<T>(languages: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(languages).sort(([a], [b]) => compareCodePoints(a, b)));
}

/** An entry's language: its meta file's name, its stemmer's wasm file, its page count. */
export interface EntryLanguage {
  hash: string;
  wasm: string | null;
  page_count: number;
}

/** `pagefind-entry.json` as docsgen writes it: languages in the order of their codes. */
export function entryFile(version: string, languages: Record<string, EntryLanguage>, includeCharacters: unknown): PagefindFile {
  const entry = { version, languages: languagesByCode(languages), include_characters: includeCharacters };
  return { path: 'pagefind-entry.json', content: Buffer.from(JSON.stringify(entry)) };
}

/**
 * The files of an index made in parts, each a Pagefind index of the pages of other languages (in
 * a Pagefind process of its own): Pagefind makes each language's files from that language's
 * pages alone, so the index of every page is each part's files, the files they have in common
 * (Pagefind's client) once, and an entry naming every part's languages. `undefined` when the
 * parts are not of that shape: a language in two parts, a file two parts have with other bytes,
 * entries that do not parse or differ in version or characters.
 */
export function mergeLanguageParts(parts: readonly (readonly PagefindFile[])[]): PagefindFile[] | undefined {
  const byPath = new Map<string, PagefindFile>();
  const languages: Record<string, EntryLanguage> = {};
  let first: { version: string; includeCharacters: unknown; characters: string } | undefined;
  for (const files of parts) {
    for (const file of files) {
      if (file.path !== 'pagefind-entry.json') {
        const kept = byPath.get(file.path);
        if (kept && Buffer.compare(kept.content, file.content) !== 0) return undefined;
        byPath.set(file.path, file);
        continue;
      }
      const entry = parseJson(file.content) as { version?: unknown; languages?: unknown; include_characters?: unknown } | null | undefined;
      if (!entry || typeof entry.version !== 'string' || !entry.languages || typeof entry.languages !== 'object') return undefined;
      const characters = JSON.stringify(entry.include_characters) ?? '';
      first ??= { version: entry.version, includeCharacters: entry.include_characters, characters };
      if (first.version !== entry.version || first.characters !== characters) return undefined;
      for (const [code, language] of Object.entries(entry.languages as Record<string, EntryLanguage>)) {
        if (Object.hasOwn(languages, code)) return undefined;
        languages[code] = language;
      }
    }
  }
  if (!first) return undefined;
  return sortFiles([...byPath.values(), entryFile(first.version, languages, first.includeCharacters)]);
}

/** An entry file's content with its languages in the order of their codes. */
function entryKey(entry: unknown): string | undefined {
  if (entry === undefined) return undefined;
  const languages = (entry as { languages?: unknown }).languages;
  if (!languages || typeof languages !== 'object') return JSON.stringify(entry);
  return JSON.stringify({ ...(entry as object), languages: languagesByCode(languages as Record<string, unknown>) });
}

/** A JSON file's value; `undefined` for one that does not parse. */
function parseJson(content: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(content).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** A file's content: decompressed, without the signature. */
export function unpack(content: Uint8Array): Buffer {
  const raw = gunzipSync(content);
  if (!raw.subarray(0, signature.length).equals(signature)) throw new Error('signature');
  return raw.subarray(signature.length);
}

/** A file's content (`unpack`); throws when there is none. */
export function unpackFile(content: Uint8Array | undefined): Buffer {
  if (!content) throw new Error('missing file');
  return unpack(content);
}

/** A packed file's CBOR value. */
export function decodeFile(content: Uint8Array | undefined): Cbor {
  return decodeCbor(unpackFile(content));
}
