import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** A content coding the servers send: Brotli or gzip (`identity` is no coding at all). */
export type ContentCoding = 'br' | 'gzip';

// Text formats: HTML, CSS, JavaScript, JSON, Markdown, XML, SVG, plain text. Images, fonts and
// Pagefind's index files (already gzip inside) are not worth compressing again.
const compressible = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)\b|image\/svg\+xml\b)/i;
// Below this, the coding's own header and the lost `Content-Length` are not worth it.
const minimumSize = 1024;
// Compressed in memory, so bounded: a larger file (a data dump in `public/`) is streamed as it is.
const maximumSize = 16 * 1024 * 1024;
// On-the-fly settings close to what hosts use for dynamic compression: fast, most of the gain.
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliQuality = 5;
const gzipLevel = 6;

/**
 * The coding to answer `Accept-Encoding` with (RFC 9110 §12.5.3): Brotli when the client
 * accepts it, else gzip, else none. A coding with `q=0` is refused; `*` stands for any coding
 * not named.
 */
export function negotiateCoding(acceptEncoding: string | string[] | undefined): ContentCoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding).split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: ContentCoding): boolean => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/** Whether a response of this type and size is sent compressed when the client accepts it (text from 1 KB to 16 MB). */
export function isCompressible(contentType: string, size: number): boolean {
  return size >= minimumSize && size <= maximumSize && compressible.test(contentType);
}

// Compressed files by path, validator and coding: a preview serves the same files again and
// again. Bounded by total bytes, oldest out first.
const maxCachedBytes = 32 * 1024 * 1024;
const cache = new Map<string, Buffer>();
let cachedBytes = 0;

/**
 * `content` compressed with `coding`, from a cache keyed by `key` (the file and its
 * validator, so a changed file is compressed again).
 */
export async function compressCached(key: string, coding: ContentCoding, content: () => Promise<Buffer>): Promise<Buffer> {
  const id = `${coding}\0${key}`;
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  const input = await content();
  const output =
    coding === 'br'
      ? await brotliAsync(input, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: input.length } })
      : await gzipAsync(input, { level: gzipLevel });
  cache.set(id, output);
  cachedBytes += output.length;
  for (const [oldest, buffer] of cache) {
    if (cachedBytes <= maxCachedBytes) break;
    cache.delete(oldest);
    cachedBytes -= buffer.length;
  }
  return output;
}
