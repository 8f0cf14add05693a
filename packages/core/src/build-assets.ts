import type { DocsgenMessage } from '@docsgen/config';
import { documentAssetFiles, documentAssetNames, islandAssetNames, navigationFileParts, rendererAssets, themeStylesheetName } from '@docsgen/renderer';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { usedViewerFiles } from './api-viewers.js';
import type { OutputWriter } from './build-output.js';
import { assetFolders, isMediaFolder, isMediaPath } from './media-files.js';
import type { Site } from './site.js';
import { docsgenVersion } from './version.js';
import { writeWhole } from '@docsgen/util/write-whole';

// The build's asset publisher: docsgen's own scripts and stylesheets (minified, only those the
// pages use), the shared navigation file, the API viewers' bundles, the project's root .css/.js
// files, math fonts, the asset folders and media anywhere in the project.

/** What the site's pages use, gathered as they are built: docsgen publishes only those assets. */
export interface AssetsUsed {
  math: boolean;
  mermaid: boolean;
  api: boolean;
  apiViewer: boolean;
  islands: boolean;
}

export interface PublishAssetsOptions {
  /** What the pages use. */
  used: AssetsUsed;
  /** The embeddable API viewers the pages show (`viewer-a`): their local bundles are published. */
  viewers: Iterable<string>;
  /** Folder of minified assets kept across builds (default: none, minified every build). */
  minifiedCache?: string | null | undefined;
  /** Where warnings (a link out of the project) go. */
  messages: DocsgenMessage[];
}

/** Copies every asset the site's pages use into the output. */
export async function publishAssets(site: Site, writer: OutputWriter, options: PublishAssetsOptions): Promise<void> {
  const { used, messages } = options;
  const root = site.root;
  // Loaded when first needed: `docsgen dev` and `check` do not minify, nor does a build whose
  // minified assets are all in the cache.
  let esbuild: Promise<typeof import('esbuild')> | undefined;
  const assets = new MinifiedAssets(options.minifiedCache ?? undefined);
  // Minified all at once, in esbuild's process, not one after another on this thread.
  const published = await Promise.all(
    Object.entries(documentAssetFiles)
      .filter(([name]) => isAssetUsed(name, used, site.config?.theme))
      .map(async ([name, file]) => {
        const content = readFileSync(file);
        return [name, assets.read(name, content) ?? assets.write(name, content, await minifyAsset(await (esbuild ??= import('esbuild')), name, content))] as const;
      }),
  );
  for (const [name, content] of published) writer.write(`_docsgen/${name}`, content);
  assets.prune();
  // The whole file, and a part per version or language, which pages of that variant link.
  for (const part of navigationFileParts(site.navigationFile())) writer.write(`_docsgen/${part.name}`, part.content);
  // Nested API fields readers open on demand: one file per spec, pages draw the top level.
  if (used.api) for (const file of site.api.schemaFiles()) writer.write(`_docsgen/${file.name}`, file.content());
  // The embeddable API viewers' bundles from the project's node_modules, for the viewers pages use.
  for (const vendor of usedViewerFiles(site.api.viewerFiles, options.viewers)) writer.write(vendor.path, readFileSync(vendor.file));
  for (const name of site.projectFiles) writer.write(name, readFileSync(join(root, name)));
  if (used.math) writer.copyTree({ within: rendererAssets.katexFonts, from: rendererAssets.katexFonts, prefix: '_docsgen/fonts', messages });
  // What `.mintignore` leaves out is not published.
  for (const folder of assetFolders) writer.copyTree({ within: root, from: join(root, folder), prefix: folder, messages, include: (path, isDirectory) => !site.isIgnored(`${folder}/${path}`, isDirectory) });
  // Images and other media in any other folder, at the same paths (`guides/images/a.png`).
  // Not the asset folders (copied whole above), installed packages, or output (`checkOutDir`
  // keeps the output folder in one of those or in a dot-folder).
  writer.copyTree({
    within: root,
    from: root,
    prefix: '',
    messages,
    include: (path, isDirectory) => !site.isIgnored(path, isDirectory) && (isDirectory ? isMediaFolder(path) && !(assetFolders as readonly string[]).includes(path) : isMediaPath(path)),
  });
}

/** Whether docsgen's asset `name` is published: the pages use what it serves, and a theme stylesheet is the site's theme's. */
export function isAssetUsed(name: string, used: AssetsUsed, theme: string | undefined): boolean {
  if (!used.math && name === documentAssetNames.katexCss) return false;
  if (!used.mermaid && (name === documentAssetNames.mermaidJs || name === documentAssetNames.mermaidLoaderJs)) return false;
  if (!used.api && (name === documentAssetNames.apiCss || name === documentAssetNames.apiPlaygroundJs || name === documentAssetNames.apiSamplesJs || name === documentAssetNames.apiSchemaJs)) return false;
  if (!used.apiViewer && name === documentAssetNames.apiViewersJs) return false;
  if (!used.islands && islandAssetNames.includes(name)) return false;
  return !name.startsWith('theme-') || (theme !== undefined && name === themeStylesheetName(theme));
}

/**
 * Minified assets by name and content (`.docsgen/cache/assets/`), so a build does not minify
 * what the last one did; entries the build did not use are deleted. Without a folder, none kept.
 */
export class MinifiedAssets {
  readonly #folder: string | undefined;
  readonly #used = new Set<string>();

  constructor(folder: string | undefined) {
    this.#folder = folder;
  }

  read(name: string, content: Buffer): Buffer | undefined {
    if (!this.#folder) return undefined;
    const key = this.#key(name, content);
    try {
      const minified = readFileSync(join(this.#folder, key));
      this.#used.add(key);
      return minified;
    } catch {
      return undefined;
    }
  }

  write(name: string, content: Buffer, minified: Buffer): Buffer {
    if (!this.#folder) return minified;
    const key = this.#key(name, content);
    try {
      mkdirSync(this.#folder, { recursive: true });
      writeWhole(join(this.#folder, key), minified);
      this.#used.add(key);
    } catch {
      // A cache that cannot be written only costs the next build time.
    }
    return minified;
  }

  prune(): void {
    if (!this.#folder) return;
    try {
      for (const name of readdirSync(this.#folder)) if (!this.#used.has(name)) rmSync(join(this.#folder, name), { force: true });
    } catch {
      // Nothing kept.
    }
  }

  #key(name: string, content: Buffer): string {
    // docsgen's version stands for the minify settings.
    return createHash('sha256').update(`${docsgenVersion()}\0${esbuildVersion()}\0${name}\0`).update(content).digest('hex').slice(0, 40) + extname(name);
  }
}

let esbuildVersionRead: string | undefined;
function esbuildVersion(): string {
  try {
    esbuildVersionRead ??= (JSON.parse(readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    esbuildVersionRead = `unknown-${process.pid}-${Date.now()}`;
  }
  return esbuildVersionRead;
}

/**
 * docsgen's own scripts and stylesheets, minified with esbuild for the published site (dev
 * serves them as written). Classic scripts keep their top-level names; files that are minified
 * already (`*.min.*`) and anything else pass through unchanged.
 */
export async function minifyAsset(esbuild: typeof import('esbuild'), name: string, content: Buffer): Promise<Buffer> {
  const loader = name.endsWith('.js') ? 'js' : name.endsWith('.css') ? 'css' : undefined;
  if (!loader || name.includes('.min.')) return content;
  const result = await esbuild.transform(content.toString('utf8'), { loader, minify: true, legalComments: 'none', target: 'es2020' });
  return Buffer.from(result.code);
}
