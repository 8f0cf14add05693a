import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { resolveCardOptions, type CardOptions } from './card-options.js';
import { readLogoBytes } from './card-logo.js';
import { fontFingerprint } from './fonts.js';

const require = createRequire(import.meta.url);

// Computed once per process: what, besides the input, decides the pixels.
let fingerprint: string | undefined;

/**
 * A stable hash of everything that changes a card's pixels, so a build can skip cards whose
 * hash it has already rendered.
 *
 * Covers the resolved options (text, theme, appearance, colours), the logo's bytes (read from
 * disk for a path; a missing logo hashes as missing, so adding the file changes the hash), the
 * versions of this package, satori, HarfBuzz, sharp, libvips and the font, and the code of this package
 * itself (so a changed layout changes every hash even without a version bump).
 *
 * @param input
 *   The same options `renderCard` takes.
 * @returns
 *   A hex SHA-256 digest.
 * @throws {TypeError}
 *   When `input` is invalid, like `renderCard`.
 */
export async function cardInputHash(input: CardOptions): Promise<string> {
  const resolved = resolveCardOptions(input);
  const logo = resolved.logo === null ? 'none' : (await readLogoBytes(resolved.logo)).digest;
  const fields = { ...resolved, logo };
  const hash = createHash('sha256');
  hash.update(rendererFingerprint());
  hash.update('\0');
  hash.update(JSON.stringify(fields, Object.keys(fields).sort()));
  return hash.digest('hex');
}

function rendererFingerprint(): string {
  if (fingerprint !== undefined) return fingerprint;

  const hash = createHash('sha256');
  const own = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  const satori = JSON.parse(readFileSync(require.resolve('satori/package.json'), 'utf8')) as { version: string };
  const harfbuzz = JSON.parse(readFileSync(require.resolve('harfbuzzjs/package.json'), 'utf8')) as { version: string };
  hash.update(`@docsgen/og-cards@${own.version} satori@${satori.version} harfbuzzjs@${harfbuzz.version} ${JSON.stringify(sharp.versions)} ${fontFingerprint()}`);

  hash.update(codeFingerprintOf(dirname(fileURLToPath(import.meta.url))));
  fingerprint = hash.digest('hex');
  return fingerprint;
}

/**
 * The hash of the code in `folder`, the folder of this module: `dist/` when installed, `src/` in
 * the repository, and the CLI's `dist/bundle/` when bundled, where the code that draws is in
 * chunks named `*.mjs` among the rest of docsgen's (all are hashed: about 16 MB, 40 ms once
 * per process). Source maps and type declarations are left out. Exported for tests.
 */
export function codeFingerprintOf(folder: string): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(folder).sort()) {
    if (/\.(?:m?js|ts)$/.test(name) && !name.endsWith('.d.ts')) {
      hash.update(`${name}\0`);
      hash.update(readFileSync(join(folder, name)));
    }
  }
  return hash.digest('hex');
}
