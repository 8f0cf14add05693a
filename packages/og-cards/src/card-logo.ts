import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import type { CardMessage } from './card-message.js';
import { logoMaxHeight, logoMaxWidth, type CardLogoImage } from './layouts.js';

/**
 * The bytes of a logo, or why there are none.
 */
export type LogoBytes =
  | { ok: true; bytes: Uint8Array; digest: string; file: string | undefined }
  | { ok: false; digest: string; message: CardMessage };

/**
 * A logo ready to draw, or the message saying why the card has none.
 */
export type LogoImageResult = { image: CardLogoImage; message?: undefined } | { image: null; message: CardMessage };

// Logo files are read again only when their size or modification time changes, and each
// distinct logo is rasterised once: every card of a site shares one logo. Both caches live for
// the process and are bounded, oldest entry out first.
const maxCached = 64;
const fileCache = new Map<string, { stamp: string; bytes: Uint8Array; digest: string }>();
const imageCache = new Map<string, Promise<CardLogoImage | Error>>();

/**
 * Read a logo given as a path (resolved against the working folder) or as bytes.
 * Never throws: a file that cannot be read gives a `card-logo-unreadable` message.
 */
export async function readLogoBytes(source: string | Uint8Array): Promise<LogoBytes> {
  if (typeof source !== 'string') {
    return { ok: true, bytes: source, digest: digest(source), file: undefined };
  }

  const file = resolve(source);
  try {
    // Every card checks its logo; a synchronous stat costs microseconds, an asynchronous one a
    // round trip through the thread pool, which the card's rendering is waiting on.
    const info = statSync(file, { bigint: true });
    const stamp = `${info.size}:${info.mtimeNs}:${info.ino}`;
    const cached = fileCache.get(file);
    if (cached?.stamp === stamp) return { ok: true, bytes: cached.bytes, digest: cached.digest, file };

    const bytes = await readFile(file);
    const entry = { stamp, bytes, digest: digest(bytes) };
    remember(fileCache, file, entry);
    return { ok: true, bytes, digest: entry.digest, file };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (code ?? String(error));
    return {
      ok: false,
      digest: `unreadable:${file}:${code ?? ''}`,
      message: {
        reason: `Cannot read logo \`${source}\`: ${why}; the card is drawn without a logo`,
        ruleId: 'card-logo-unreadable',
        source: '@docsgen/og-cards',
        fatal: false,
        file,
        note: 'Check the logo path (docs.json `logo`): it must name an image file in the project.',
      },
    };
  }
}

/**
 * Read and rasterise a logo at the size it is drawn (at most 280x56, aspect kept), as a PNG
 * data URI. SVG logos are rendered at that size directly, so they stay sharp. Never throws.
 */
export async function loadLogoImage(source: string | Uint8Array): Promise<LogoImageResult> {
  const read = await readLogoBytes(source);
  if (!read.ok) return { image: null, message: read.message };

  let pending = imageCache.get(read.digest);
  if (!pending) {
    pending = rasterise(read.bytes).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    remember(imageCache, read.digest, pending);
  }

  const image = await pending;
  if (!(image instanceof Error)) return { image };

  const name = typeof source === 'string' ? `\`${source}\`` : `(${source.byteLength} bytes)`;
  return {
    image: null,
    message: {
      reason: `Cannot draw logo ${name}: ${image.message}; the card is drawn without a logo`,
      ruleId: 'card-logo-invalid',
      source: '@docsgen/og-cards',
      fatal: false,
      file: read.file,
      note: 'Use an SVG, PNG, JPEG, WebP or GIF file.',
    },
  };
}

async function rasterise(bytes: Uint8Array): Promise<CardLogoImage> {
  const meta = await sharp(bytes).metadata();
  const width = meta.width;
  const height = meta.height;
  if (!width || !height) throw new Error('the image has no size');

  const scale = Math.min(logoMaxWidth / width, logoMaxHeight / height);
  const target = {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
  // Vector input is rendered at the target size (density is dots per inch; 72 is 1:1), so the
  // resize below only fixes rounding instead of scaling a blurry raster. A very thin logo is
  // rendered with its narrow side at least a pixel, which libvips needs.
  const density = 72 * Math.max(scale, 1 / Math.min(width, height));
  const input = meta.format === 'svg' ? sharp(bytes, { density: Math.min(2400, Math.max(1, density)) }) : sharp(bytes);
  const png = await input.resize(target.width, target.height, { fit: 'fill' }).png().toBuffer();
  return { src: `data:image/png;base64,${png.toString('base64')}`, ...target };
}

function digest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function remember<T>(cache: Map<string, T>, key: string, value: T): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > maxCached) cache.delete(cache.keys().next().value as string);
}
