import { formatMessageLine, resolveProjectPath, type DocsgenMessage } from '@docsgen/config';
import { isInside } from '@docsgen/util/is-inside';
import { documentAssetFiles, documentAssetNames, islandAssetNames, isLastUpdatedOn, rendererAssets, themeStylesheetName } from '@docsgen/renderer';
import { lastUpdatedTimes } from './git.js';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { basename, dirname, extname, isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import { adapterFiles, notFoundRedirectScript, type AdapterName } from './adapters.js';
import { usedViewerFiles } from './api-viewers.js';
import { BuildCache, hashSiteKey, type CachedPage, type PageFacts, type PageFiles } from './build-cache.js';
import { CardCache, planCards } from './build-card-cache.js';
import { mayHaveFeed } from './changelog-feed.js';
import { assetFolders, isMediaFolder, isMediaPath } from './media-files.js';
import { renderBuiltPage, type BuiltPage } from './build-render.js';
import { ignoredNames } from './discover.js';
import { KeptOutputFiles, OutputLinker } from './kept-output-files.js';
import type { PageInfo } from './pages.js';
import { createSite, type Site } from './site.js';
import { renderSiteOutputs, sitemapPart } from './site-outputs.js';
import { closeSearchIndexer, searchFolder, startSearchIndex, type SearchIndexer } from './search-index.js';
import { docsgenVersion } from './version.js';
import { writeWhole } from './write-whole.js';
import { pruneCompileCache } from './compile-cache.js';

export interface BuildOptions {
  /** Output folder (default: `build.outDir` of docsgen.config, else `dist`; relative to the root). */
  outDir?: string | null | undefined;
  /** Where redirects and clean URLs are written for (default: `build.adapter` of docsgen.config, else `static`). */
  adapter?: AdapterName | null | undefined;
  /** Absolute URL of the deployed site (default: `build.siteUrl` of docsgen.config, else docs.json `siteUrl`). */
  siteUrl?: string | null | undefined;
  /** Threads rendering pages: this one and `workers - 1` worker threads (default: `build.workers` of docsgen.config, else one per core, at most 8; `0` or `1` renders in this thread). */
  workers?: number | null | undefined;
  /** Reuse and update the disk cache under `<root>/.docsgen/cache` (default: `true`). */
  cache?: boolean | null | undefined;
  /** Called as pages finish. */
  onProgress?: ((progress: BuildProgress) => void) | null | undefined;
}

export interface BuildProgress {
  /** Pages finished (rendered or taken from the cache). */
  done: number;
  total: number;
  /** Pages taken from the cache so far. */
  cached: number;
}

export interface BuildResult {
  /** Whether the output was written (no errors). */
  ok: boolean;
  outDir: string;
  /** Every message: project loading, pages, adapter; errors make `ok` false. */
  messages: DocsgenMessage[];
  /** Pages written. */
  pages: number;
  /** Pages taken from the cache instead of rendering. */
  cached: number;
  /** Files written and their total size in bytes. */
  files: number;
  bytes: number;
  durationMs: number;
}

/** The folders copied into the output with the same URL paths, as the dev server serves them. */
export { assetFolders } from './media-files.js';

/** A file in the output folder saying that `docsgen build` owns it (and may replace it). */
export const outputMarker = '.docsgen-output';

const source = '@docsgen/core';
const batchSize = 8;
const youngGenerationMb = 96;
// Pages a build with a cache starts rendering on this thread while it reads the cached ones.
const earlyRenders = 4;

/**
 * Builds the static site: every page's HTML and Markdown twin, the 404 page, the asset folders,
 * docsgen's own stylesheets and scripts, the favicon, and the adapter's redirect files.
 *
 * Pages render in worker threads (each loads the project once) and are cached on disk by
 * content hash, so a rebuild after a one-page change renders that page only. The output is
 * written to a temporary folder next to `outDir` and swapped in at the end: with any error the
 * previous output stays as it was. Drafts are left out. The same input gives byte-identical
 * output.
 */
export async function buildSite(projectRoot: string, options?: BuildOptions | null): Promise<BuildResult> {
  const started = performance.now();
  const root = resolve(projectRoot);
  let outDir = resolve(root, options?.outDir ?? 'dist');
  const messages: DocsgenMessage[] = [];
  const result = (ok: boolean, extra?: Partial<BuildResult>): BuildResult => ({
    ok, outDir, messages, pages: 0, cached: 0, files: 0, bytes: 0, durationMs: performance.now() - started, ...extra,
  });

  // The build's caches under `.docsgen/cache`, none with `cache: false`. Compiled pages are kept
  // across builds (see `cacheCompiler`); entries unused for a week are deleted at the end.
  const isCaching = options?.cache !== false;
  const cacheFolder = (name: string): string | undefined => (isCaching ? join(root, '.docsgen', 'cache', name) : undefined);
  // The command line wins over docsgen.config, which wins over the defaults.
  // The shared navigation file is kept across builds (and read by the workers, not made again).
  const navigationCache = cacheFolder('navigation');
  const site = await createSite(root, { mode: 'build', siteUrl: options?.siteUrl, compileCache: isCaching, navigationCache });
  const configured = site.userConfig.build ?? {};
  outDir = resolve(root, options?.outDir ?? configured.outDir ?? 'dist');
  const adapter = options?.adapter ?? configured.adapter ?? 'static';
  // `--site-url`, then docsgen.config, then docs.json: resolved once, by the site.
  const siteUrl = site.siteUrl;
  const refusal = checkOutDir(root, outDir);
  if (refusal) {
    messages.push(refusal);
    return result(false);
  }
  messages.push(...site.messages);
  if (!site.config || messages.some((message) => message.fatal)) return result(false);

  const slugs = [...site.pages.values()].filter((page) => !page.isDraft && page.slug !== '404').map((page) => page.slug);
  // One `git log` for the whole build: the cache key and the sitemap's <lastmod> both use it.
  const lastUpdated = isLastUpdatedOn(site.config) ? await lastUpdatedTimes(root, [...site.pages.values()].map((page) => page.file)) : undefined;
  const siteKey = hashSiteKey([
    docsgenVersion(), site.config, site.manifest, site.navigation, siteUrl ?? null, site.configFiles.map(readText),
    // Pages link the shared navigation file by its hash, and the project's root .css/.js by name.
    site.navigationFile().name, site.projectFiles,
    // Footers show each page's last change (from version control) when that is on, and an edit
    // link made from the repository's remote, branch and folder unless docs.json names one.
    lastUpdated ? [...lastUpdated].map(([file, date]) => [relative(root, file), date.getTime()]) : null,
    await site.repository(),
  ]);
  const buildCacheFolder = cacheFolder('build');
  const knownHashes = new Map([...site.pages.values()].flatMap((page) => (page.sourceHash ? [[relative(root, page.file).split(sep).join('/'), page.sourceHash] as const] : [])));
  const cache = buildCacheFolder ? new BuildCache({ root, folder: buildCacheFolder, siteKey, knownHashes }) : undefined;

  // Social cards, by input hash: a page whose card is not at hand renders again, with its card.
  const cards = new CardCache({ folder: cacheFolder('og') });
  const cardHashes = await planCards(site, slugs);

  // Full-text search: Pagefind indexes pages while the others render. Pages render in the
  // index's order (search results first), so each can go to Pagefind as soon as it is ready.
  // With search off (docsgen.config `search: false`), nothing is indexed and Pagefind never starts.
  // When no page's searchable text changed since the last build, its stored index is reused.
  // The output is written next to the old one, then swapped in. Pages are written as they
  // arrive and only their twins kept (for llms-full.txt), so memory does not grow with the site.
  const temporary = join(dirname(outDir), `.${basename(outDir)}.docsgen-${process.pid}`);
  // The output a build replaces goes to `.docsgen/trash/` (when that is on the same file system)
  // and is deleted by the next build while it works: deleting thousands of files can take a
  // while (on file systems that discard freed blocks at once, half a second for 3,000 files).
  const trash = isCaching ? join(root, '.docsgen', 'trash') : undefined;
  const emptier = trash ? emptyTrash(trash) : undefined;
  // Pages whose searchable text did not change keep their share of the stored index; the index
  // reads a page again from the output only when it cannot use the stored shares after all.
  const writtenPage = (slug: string): string | undefined => {
    for (const name of [`${slug}.html`, ...(slug === site.homeSlug ? ['index.html'] : [])]) {
      try {
        return readFileSync(join(temporary, name), 'utf8');
      } catch {
        // Not written under this name.
      }
    }
    return undefined;
  };
  const indexer = site.hasSearch ? startSearchIndex(site, { storeFolder: cacheFolder('search'), document: writtenPage }) : noSearchIndex;
  const searchOrder = new Map(indexer.slugs.map((slug, position) => [slug, position]));

  rmSync(temporary, { recursive: true, force: true });
  const written = new Map<string, number>();
  const folders = new Set<string>();
  const fileOf = (path: string): string => {
    const file = join(temporary, path);
    const folder = dirname(file);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    return file;
  };
  // The output file for `path`, counted as `bytes`. A file written twice is replaced, not
  // written into: it may be a link to a cache entry.
  const claim = (path: string, bytes: number): string => {
    const file = fileOf(path);
    if (written.has(path)) rmSync(file, { force: true });
    written.set(path, bytes);
    return file;
  };
  const write = (path: string, content: string | Buffer): void => {
    writeFileSync(claim(path, typeof content === 'string' ? Buffer.byteLength(content) : content.length), content);
  };
  // Cached pages and the search index's files are linked into the output, not written again
  // (a tenth of the time for 1,000 pages).
  const linker = new OutputLinker();
  const searchFilesFolder = cacheFolder('search-files');
  const keptSearchFiles = searchFilesFolder ? new KeptOutputFiles(searchFilesFolder) : undefined;
  const place = (path: string, bytes: number, from: string): void => linker.place(from, claim(path, bytes));
  let writeError: Error | undefined;
  const uses = { math: false, mermaid: false, api: false, apiViewer: false, islands: false };
  const viewerPages: string[] = [];
  const built = new Map<string, BuiltPage>();
  // Cached pages' Markdown twins, read again only for llms-full.txt.
  const twinFiles = new Map<string, string>();
  /**
   * Takes a rendered or cached page: search index, output folder, what it uses; keeps the rest.
   * A page whose files are in the cache (`files`: a rendered page kept there just now) is
   * placed from them; a cached page's HTML is not read.
   */
  const accept = (page: BuiltPage | CachedPage, kept?: PageFiles): PageFacts => {
    const failed = page.messages.some((message) => message.fatal);
    const isCached = 'files' in page;
    const files = isCached ? page.files : kept;
    const html = (): string => (isCached ? readFileSync(page.files.htmlFile, 'utf8') : page.html);
    const searchHash = indexer.add(page.slug, failed ? undefined : isCached && page.facts.searchHash !== undefined ? { hash: page.facts.searchHash, html } : html());
    if (!failed && !writeError) {
      try {
        const names = [...(page.slug !== 'index' || site.homeSlug === 'index' ? [page.slug] : []), ...(page.slug === site.homeSlug && site.homeSlug !== 'index' ? ['index'] : [])];
        for (const name of names) {
          if (files) {
            place(`${name}.html`, files.html.bytes, files.htmlFile);
            place(`${name}.md`, files.markdown.bytes, files.markdownFile);
          } else if (!isCached) {
            write(`${name}.html`, page.html);
            write(`${name}.md`, page.markdown);
          }
        }
      } catch (error) {
        writeError = error as Error;
      }
    }
    const facts = isCached ? page.facts : {
      searchHash,
      usesApi: page.html.includes(`/_docsgen/${documentAssetNames.apiCss}`),
      usesApiViewer: page.html.includes(`/_docsgen/${documentAssetNames.apiViewersJs}`),
      usesIslands: page.html.includes(`/_docsgen/${documentAssetNames.islandsJs}`),
    };
    uses.math ||= page.hasMath;
    uses.mermaid ||= page.hasMermaid;
    uses.api ||= facts.usesApi;
    uses.islands ||= facts.usesIslands === true;
    if (facts.usesApiViewer) {
      uses.apiViewer = true;
      viewerPages.push(html());
    }
    const { files: _files, facts: _facts, ...rest } = page as Partial<CachedPage> & BuiltPage;
    built.set(page.slug, { ...rest, html: '', markdown: isCached ? '' : page.markdown });
    if (isCached) twinFiles.set(page.slug, page.files.markdownFile);
    return facts;
  };
  const misses: string[] = [];
  try {
    write(outputMarker, 'Written by `docsgen build`, which replaces this folder on every build.\n');
  } catch (error) {
    writeError = error as Error;
  }
  // This thread, which has the site loaded already, renders too: one worker fewer to load.
  const local = async (slug: string): Promise<BuiltPage> => {
    const page = await renderBuiltPage(site, slug, { cardFolder: cards.folder });
    site.release(slug);
    return page;
  };
  // Cached pages are read in the index's order, letting Pagefind's process index them while
  // the rest are read. The index waits for every page before one still to render, so the first
  // few pages to render (a rebuild after an edit has only those) start at once, between reads.
  const bySearchOrder = (a: string, b: string): number => (searchOrder.get(a) ?? Infinity) - (searchOrder.get(b) ?? Infinity);
  const early = new Map<string, Promise<BuiltPage>>();
  let yielded = performance.now();
  for (const slug of [...slugs].sort(bySearchOrder)) {
    const hit = cache?.read(slug);
    if (hit && cards.has(cardHashes.get(slug))) accept(hit);
    else {
      misses.push(slug);
      if (cache && early.size < earlyRenders) {
        const pending = local(slug);
        // Awaited below; a failure is thrown there, not reported as unhandled here.
        pending.catch(() => undefined);
        early.set(slug, pending);
      }
    }
    if (performance.now() - yielded > 20) {
      await new Promise((resolve) => setImmediate(resolve));
      yielded = performance.now();
    }
  }
  const cached = built.size;
  const progress = (): void => options?.onProgress?.({ done: built.size, total: slugs.length, cached });
  progress();

  const rest = misses.filter((slug) => !early.has(slug));
  const threads = Math.min(options?.workers ?? configured.workers ?? Math.min(8, availableParallelism()), Math.ceil(rest.length / (batchSize * 2)));
  const workerFile = new URL('./build-worker.js', import.meta.url);
  const onPage = (rendered: BuiltPage): void => {
    const page = cards.take(rendered);
    const kept = cache?.keepFiles(page);
    const facts = accept(page, kept);
    if (kept) cache?.write(page, kept, facts);
    progress();
  };
  // The index is finished on every path, and Pagefind's process closed, or it would keep the
  // process alive.
  let searchIndex: ReturnType<typeof indexer.finish> | undefined;
  const endSearch = async (): Promise<Awaited<ReturnType<typeof indexer.finish>>> => {
    const index = await (searchIndex ??= indexer.finish());
    await closeSearchIndexer();
    return index;
  };
  try {
    // The workers start now, not after the early pages; every render settles before any error
    // is thrown, so nothing writes to the output folder once it is removed.
    const settled = await Promise.allSettled([
      ...[...early.values()].map(async (pending) => onPage(await pending)),
      threads > 1 && existsSync(workerFile)
        ? renderInWorkers(workerFile, { root, siteUrl, cardFolder: cards.folder, compileCache: isCaching, navigationCache }, rest, threads - 1, onPage, local)
        : (async () => {
            for (const slug of rest) onPage(await local(slug));
          })(),
    ]);
    const failure = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failure) throw failure.reason;
  } catch (error) {
    await endSearch();
    rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
  searchIndex = indexer.finish();

  const pageMessages = slugs.flatMap((slug) => [...(built.get(slug)?.messages ?? []), ...(built.get(slug)?.card?.messages ?? [])]);
  messages.push(...dedupe(pageMessages));
  const notFound = await site.notFound();
  messages.push(...notFound.messages);
  if (messages.some((message) => message.fatal)) {
    await endSearch();
    rmSync(temporary, { recursive: true, force: true });
    // The pages that did render are kept for the build after the fix.
    cache?.save();
    return result(false, { cached });
  }

  // Everything is rendered and the pages written: the rest of the output, then the swap.
  try {
    if (writeError) throw writeError;
    for (const [slug, hash] of cardHashes) write(`og/${slug}.png`, cards.read(hash));
    const redirects = site.config.redirects ?? [];
    const script = adapter === 'static' || adapter === 'github-pages' ? notFoundRedirectScript(redirects) : '';
    write('404.html', script ? notFound.html.replace('</body>', () => `${script}\n</body>`) : notFound.html);

    const { math: usesMath, mermaid: usesMermaid, api: usesApi, apiViewer: usesApiViewer, islands: usesIslands } = uses;
    // Loaded when first needed: `docsgen dev` and `check` do not minify, nor does a build whose
    // minified assets are all in the cache.
    let esbuild: typeof import('esbuild') | undefined;
    const assets = new MinifiedAssets(cacheFolder('assets'));
    for (const [name, file] of Object.entries(documentAssetFiles)) {
      if (!usesMath && name === documentAssetNames.katexCss) continue;
      if (!usesMermaid && (name === documentAssetNames.mermaidJs || name === documentAssetNames.mermaidLoaderJs)) continue;
      if (!usesApi && (name === documentAssetNames.apiCss || name === documentAssetNames.apiPlaygroundJs)) continue;
      if (!usesApiViewer && name === documentAssetNames.apiViewersJs) continue;
      if (!usesIslands && islandAssetNames.includes(name)) continue;
      if (name.startsWith('theme-') && name !== themeStylesheetName(site.config.theme)) continue;
      const content = readFileSync(file);
      write(`_docsgen/${name}`, assets.read(name, content) ?? assets.write(name, content, minifyAsset((esbuild ??= await import('esbuild')), name, content)));
    }
    assets.prune();
    write(`_docsgen/${site.navigationFile().name}`, site.navigationFile().content);
    // The embeddable API viewers' bundles from the project's node_modules, for the viewers pages use.
    for (const vendor of usedViewerFiles(site.api.viewerFiles, viewerPages)) write(vendor.path, readFileSync(vendor.file));
    for (const name of site.projectFiles) write(name, readFileSync(join(root, name)));
    if (usesMath) copyTree(rendererAssets.katexFonts, rendererAssets.katexFonts, join(temporary, '_docsgen', 'fonts'), messages, written, '_docsgen/fonts');
    for (const folder of assetFolders) {
      copyTree(root, join(root, folder), join(temporary, folder), messages, written, folder);
    }
    // Images and other media in any other folder, at the same paths (`guides/images/a.png`).
    // Not the asset folders (copied whole above), installed packages, or output (`checkOutDir`
    // keeps the output folder in one of those or in a dot-folder).
    copyTree(root, root, temporary, messages, written, '', (path, isDirectory) =>
      isDirectory ? isMediaFolder(path) && !(assetFolders as readonly string[]).includes(path) : isMediaPath(path));
    const favicon = faviconFile(site);
    if (favicon) write('favicon.ico', readFileSync(favicon));
    // sitemap.xml, robots.txt, llms.txt, llms-full.txt: from the twins rendered above, not again.
    const lastUpdatedBySlug = lastUpdated && new Map(slugs.flatMap((slug) => {
      const date = lastUpdated.get((site.pages.get(slug) as PageInfo).file);
      return date ? [[slug, date] as const] : [];
    }));
    const twinOf = (slug: string): string | undefined => {
      const file = twinFiles.get(slug);
      return file === undefined ? built.get(slug)?.markdown : readFileSync(file, 'utf8');
    };
    const outputs = await renderSiteOutputs(site, { siteUrl, lastUpdated: lastUpdatedBySlug, markdown: twinOf });
    messages.push(...outputs.messages);
    for (const output of outputs.outputs) {
      write(output.name, output.content);
      // More pages than one sitemap may list: sitemap.xml is an index of numbered parts.
      if (output.name !== 'sitemap.xml' || output.isOverride || !output.content.includes('<sitemapindex')) continue;
      for (let part = 1; ; part += 1) {
        const xml = sitemapPart(site, part, { siteUrl, lastUpdated: lastUpdatedBySlug });
        if (xml === undefined) break;
        write(`sitemap-${part}.xml`, xml);
      }
    }
    // Changelog feeds, `<page>/rss.xml`: for pages with `<Update>` entries (found in the text
    // first, so other pages are not compiled again here). The home page's is `rss.xml` too.
    for (const slug of slugs) {
      const page = site.pages.get(slug) as PageInfo;
      const feed = mayHaveFeed(page) ? await site.feed(slug) : undefined;
      if (!feed) continue;
      if (feed.xml === undefined) {
        messages.push({
          reason: `Cannot write the RSS feed of \`${page.relativePath}\`: the site URL is not known`,
          ruleId: 'rss-site-url-missing',
          source,
          fatal: false,
          file: page.file,
          note: 'A feed links its entries with absolute URLs. Set `siteUrl` in docs.json (or pass `--site-url`, or set `DOCSGEN_SITE_URL`), or turn the feed off with `rss: false` in the page\'s frontmatter.',
        });
        continue;
      }
      write(feed.path, feed.xml);
      if (feed.path === 'rss.xml' && slug !== 'index') write(`${slug}/rss.xml`, feed.xml);
    }
    // Full-text search: Pagefind's chunked index, built from the pages as they rendered.
    const index = await endSearch();
    messages.push(...index.messages);
    for (const file of index.files) {
      const path = `${searchFolder}/${file.path}`;
      if (keptSearchFiles) place(path, file.content.length, keptSearchFiles.keep(path, file.content));
      else write(path, Buffer.from(file.content));
    }

    const apiProxy = site.api.playground.proxy ? { allowedOrigins: site.apiOrigins } : undefined;
    const adapted = adapterFiles(adapter, { redirects, files: new Set(written.keys()), apiProxy });
    messages.push(...adapted.messages);
    for (const file of adapted.files) write(file.path, file.content);
    if (messages.some((message) => message.fatal)) throw new Error('adapter');

    swapIn(temporary, outDir, trash);
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    await endSearch().catch(() => undefined);
    if (!(error instanceof Error && error.message === 'adapter')) {
      messages.push({ reason: `Cannot write the output to \`${outDir}\`: ${(error as Error).message}`, ruleId: 'build-write-failed', source, fatal: true, file: outDir });
    }
    cache?.save();
    return result(false, { cached });
  }
  cache?.save();
  keptSearchFiles?.prune();
  if (isCaching) pruneCompileCache(root);
  cards.prune(cardHashes.values());
  let bytes = 0;
  for (const size of written.values()) bytes += size;
  await emptier?.stop();
  return result(true, { pages: slugs.length, cached, files: written.size, bytes });
}

/** The indexer of a site without search: it takes nothing and writes no file. */
const noSearchIndex: SearchIndexer = {
  slugs: [],
  add: () => undefined,
  drained: async () => undefined,
  finish: async () => ({ files: [], slugs: [], messages: [] }),
};

/** Why `outDir` may not be written (the project itself, `/`, a folder holding the project, a pages folder, someone else's folder). */
function checkOutDir(root: string, outDir: string): DocsgenMessage | undefined {
  const refuse = (reason: string, note: string): DocsgenMessage => ({ reason, ruleId: 'build-output-refused', source, fatal: true, file: outDir, note });
  if (outDir === parse(outDir).root) return refuse(`Refusing to build into \`${outDir}\`: it is the file-system root`, 'Choose an output folder of its own, such as `dist`.');
  if (outDir === root) return refuse('Refusing to build into the project root', 'The build replaces its output folder; choose one of its own, such as `dist`.');
  const fromOut = relative(outDir, root);
  if (fromOut === '' || (!fromOut.startsWith('..') && !isAbsolute(fromOut))) {
    return refuse(`Refusing to build into \`${outDir}\`: it contains the project`, 'The build replaces its output folder; choose one inside or next to the project, such as `dist`.');
  }
  const fromRoot = relative(root, outDir);
  const first = fromRoot.split(sep)[0] ?? '';
  if (!fromRoot.startsWith('..') && !isAbsolute(fromRoot) && !ignoredNames.has(first) && !first.startsWith('.')) {
    return refuse(
      `Refusing to build into \`${fromRoot}\`: pages would be found in it`,
      `Inside the project, the output folder must be one docsgen never reads pages from: ${[...ignoredNames].filter((name) => !['snippets', 'theme'].includes(name)).map((name) => `\`${name}\``).join(', ')} or a folder starting with \`.\`.`,
    );
  }
  if (existsSync(outDir)) {
    if (!statSync(outDir).isDirectory()) return refuse(`Refusing to build into \`${outDir}\`: it is a file`, 'Remove it or choose another output folder.');
    if (readdirSync(outDir).length > 0 && !existsSync(join(outDir, outputMarker))) {
      return refuse(
        `Refusing to build into \`${outDir}\`: it holds files docsgen did not write`,
        `The build replaces its output folder as a whole. Empty it first, or choose another folder; a folder written by \`docsgen build\` holds \`${outputMarker}\`.`,
      );
    }
  }
  return undefined;
}

/** Renders `slugs` across `threads` workers and this thread (`local`), handing out small batches as each frees up. */
async function renderInWorkers(
  workerFile: URL,
  data: { root: string; siteUrl: string | undefined; cardFolder: string | undefined; compileCache: boolean; navigationCache: string | undefined },
  slugs: string[],
  threads: number,
  onPage: (page: BuiltPage) => void,
  local: (slug: string) => Promise<BuiltPage>,
): Promise<void> {
  let next = 0;
  // Batches for this thread, between the workers' messages.
  const runLocal = async (): Promise<void> => {
    while (next < slugs.length) {
      const batch = slugs.slice(next, (next += batchSize));
      for (const slug of batch) onPage(await local(slug));
      // Let the workers' finished batches in before the next one.
      await new Promise<void>((resolvePromise) => setImmediate(resolvePromise));
    }
  };
  const runOne = (): Promise<void> =>
    new Promise((resolvePromise, reject) => {
      // A young generation of 96 MB (V8's default is 16 to 32 MB): rendering makes many
      // short-lived objects (syntax trees, tokens), and collecting them less often cut a cold
      // 1,000-page build's CPU time by about a tenth. This thread's heap is set when Node starts.
      const worker = new Worker(workerFile, { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } });
      let finished = false;
      const send = (): void => {
        if (finished) return;
        if (next >= slugs.length) {
          finished = true;
          worker.postMessage(null);
          return;
        }
        worker.postMessage(slugs.slice(next, (next += batchSize)));
      };
      // Two batches queued: the worker starts the second while this thread, busy rendering a
      // batch of its own, has not yet read the first one's pages.
      worker.on('message', (message: 'ready' | BuiltPage[]) => {
        if (message === 'ready') send();
        else for (const page of message) onPage(page);
        send();
      });
      worker.once('error', reject);
      worker.once('exit', (code) => {
        if (finished) resolvePromise();
        else reject(new Error(`a worker thread stopped with exit code ${code}`));
      });
    });
  await Promise.all([...Array.from({ length: threads }, runOne), runLocal()]);
}

/**
 * Copies the regular files of `from` (inside `within`) to `to`, recording each as
 * `<prefix>/<path>`; `include` (given the path from `from`, and whether it is a folder) leaves
 * entries out. Dotfiles are skipped, and anything whose real path leaves `within` (a symlink
 * pointing out of the project is reported, never published).
 */
function copyTree(within: string, from: string, to: string, messages: DocsgenMessage[], written: Map<string, number>, prefix: string, include?: (path: string, isDirectory: boolean) => boolean, base = ''): void {
  let entries;
  try {
    entries = readdirSync(from, { withFileTypes: true });
  } catch {
    return;
  }
  const realWithin = realpathSync(within);
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.')) continue;
    const relativePath = base === '' ? entry.name : `${base}/${entry.name}`;
    // A plain file left out needs no look at the disk (pages, in a walk of the whole project).
    if (include && entry.isFile() && !include(relativePath, false)) continue;
    const path = join(from, entry.name);
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      continue;
    }
    if (!isInside(realWithin, real)) {
      if (include && !include(relativePath, statSync(real).isDirectory())) continue;
      messages.push({
        reason: `Not publishing \`${relative(within, path)}\`: it is a link to a file outside the project`,
        ruleId: 'build-link-outside',
        source,
        fatal: false,
        file: path,
      });
      continue;
    }
    const stats = lstatSync(real);
    const key = prefix === '' ? relativePath : `${prefix}/${relativePath}`;
    if (include && !include(relativePath, stats.isDirectory())) continue;
    if (stats.isDirectory()) copyTree(within, path, join(to, entry.name), messages, written, prefix, include, relativePath);
    else if (stats.isFile()) {
      mkdirSync(to, { recursive: true });
      // Never into a page placed at the same path: it may be a link to a cache entry.
      if (written.has(key)) rmSync(join(to, entry.name), { force: true });
      copyFileSync(real, join(to, entry.name));
      written.set(key, stats.size);
    }
  }
}

/** The file `favicon` names in docs.json, when it lies inside the project. */
function faviconFile(site: Site): string | undefined {
  const favicon = site.config?.favicon;
  const name = typeof favicon === 'string' ? favicon : favicon?.light;
  if (!name) return undefined;
  // `/favicon.svg` names a file at the project root, as on the site.
  const resolved = resolveProjectPath(site.root, name.replace(/^\/+/, ''));
  if (!resolved.ok) return undefined;
  try {
    return statSync(resolved.real).isFile() ? resolved.real : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces `outDir` with `temporary`: two renames, so readers never see a half-written site. */
function swapIn(temporary: string, outDir: string, trash: string | undefined): void {
  if (!existsSync(outDir)) {
    mkdirSync(dirname(outDir), { recursive: true });
    renameSync(temporary, outDir);
    return;
  }
  if (trash) {
    try {
      mkdirSync(trash, { recursive: true });
      if (statSync(trash).dev === statSync(outDir).dev) {
        renameSync(outDir, join(trash, `${Date.now()}-${process.pid}`));
        renameSync(temporary, outDir);
        return;
      }
    } catch {
      // The old output is deleted here instead, below.
    }
  }
  const old = join(dirname(outDir), `.${basename(outDir)}.docsgen-old-${process.pid}`);
  rmSync(old, { recursive: true, force: true });
  renameSync(outDir, old);
  renameSync(temporary, outDir);
  rmSync(old, { recursive: true, force: true });
}

/**
 * Deletes what earlier builds put in the trash folder (oldest output first) on a thread of its
 * own: deleting thousands of files one request at a time costs the build's thread tens of
 * milliseconds, and waits on it between requests. `stop` ends it when the build is done: a
 * build waits for the deletion only when it has few files left to delete (at most
 * `trashLeftOver`); more (a large output, after a quick build) are left for the next build.
 * `undefined` when the trash is empty. Never throws, and `stop` never rejects.
 */
function emptyTrash(trash: string): { stop(): Promise<void> } | undefined {
  let worker: Worker;
  try {
    // Listed now: the output this build replaces goes there too, when it ends.
    const names = readdirSync(trash);
    if (names.length === 0) return undefined;
    worker = new Worker(trashWorkerCode, { eval: true, workerData: names.sort().map((name) => join(trash, name)) });
  } catch {
    return undefined;
  }
  // A file that cannot be deleted (permissions) stops the worker; it is tried again next time.
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolvePromise) => worker.once('exit', () => resolvePromise()));
  // How many files the trash holds, once the worker has counted them.
  const counted = new Promise<number>((resolvePromise) => {
    worker.once('message', (count: number) => resolvePromise(count));
    void exited.then(() => resolvePromise(0));
  });
  return {
    stop: async () => {
      if ((await counted) > trashLeftOver) await worker.terminate();
      await exited;
    },
  };
}

const trashLeftOver = 200;

// Counts the files of the outputs given (for `stop`), then deletes them.
const trashWorkerCode = `
const { readdirSync, rmSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
let count = 0;
for (const folder of workerData) {
  try {
    count += readdirSync(folder, { recursive: true }).length;
  } catch {}
}
parentPort.postMessage(count);
for (const folder of workerData) rmSync(folder, { recursive: true, force: true });
`;

function dedupe(messages: DocsgenMessage[]): DocsgenMessage[] {
  const seen = new Set<string>();
  return messages.filter((message) => {
    const key = formatMessageLine(message);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Minified assets by name and content (`.docsgen/cache/assets/`), so a build does not minify
 * what the last one did; entries the build did not use are deleted. Without a folder, none kept.
 */
class MinifiedAssets {
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
function minifyAsset(esbuild: typeof import('esbuild'), name: string, content: Buffer): Buffer {
  const loader = name.endsWith('.js') ? 'js' : name.endsWith('.css') ? 'css' : undefined;
  if (!loader || name.includes('.min.')) return content;
  const result = esbuild.transformSync(content.toString('utf8'), { loader, minify: true, legalComments: 'none', target: 'es2020' });
  return Buffer.from(result.code);
}

/** A file's text, or empty when it cannot be read (it is hashed into the site key). */
function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
