import { formatMessageLine, type DocsgenMessage } from '@docsgen/config';
import { isLastUpdatedOn } from '@docsgen/renderer';
import { createSearchService } from '@docsgen/search';
import { lastUpdatedTimes } from './git.js';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import { adapterRunsFunctions, type AdapterName } from './adapters.js';
import { BuildCache, hashSiteKey } from './build-cache.js';
import { capHeapGrowth } from './build-heap.js';
import { CardCache, planCards } from './build-card-cache.js';
import { resolveBuildOptions, type ResolvedBuildOptions } from './build-options.js';
import { emptyTrash, OutputWriter } from './build-output.js';
import { PageIntake } from './build-page-intake.js';
import { earlyWorkerCount, RenderWorkers, schedulePages, type WorkerData } from './build-schedule.js';
import { pruneCompileCache } from './compile-cache.js';
import { ignoredNames } from './discover.js';
import { projectFolderProblem } from './project.js';
import { projectScriptCandidates, withProjectScripts } from './class-candidates.js';
import { tailwindCssOf, tailwindCssPath } from './tailwind-css.js';
import type { PageInfo } from './pages.js';
import { startSearchIndex } from './search-index.js';
import { isSearchIndexFirst, noSearchIndex, SearchRun, writtenPage } from './build-search.js';
import { writeSiteFiles } from './build-site-files.js';
import { listIndexablePages } from './site-outputs.js';
import { createSite, type Site } from './site.js';
import { docsgenCodeKey } from './version.js';

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
  /** The site's Tailwind stylesheet as written: its size in bytes and the class names it was made for; none when no class name is a utility. */
  tailwindCss?: { bytes: number; candidates: number } | undefined;
  durationMs: number;
}

/** The folders copied into the output with the same URL paths, as the dev server serves them. */
export { assetFolders } from './media-files.js';

/** A file in the output folder saying that `docsgen build` owns it (and may replace it). */
export const outputMarker = '.docsgen-output';

const source = '@docsgen/core';

/**
 * Builds the static site: every page's HTML and Markdown twin, the 404 page, the asset folders,
 * docsgen's own stylesheets and scripts, the outputs of the site's output table (favicon,
 * cards, sitemaps, robots.txt, llms files, feeds), the search index and the adapter's files.
 *
 * Three parts do the work: the page scheduler (`schedulePages`: cache, early renders, worker
 * threads), the asset publisher (`publishAssets`) and the output writer (`OutputWriter`). Pages
 * are cached on disk by content hash, so a rebuild after a one-page change renders that page
 * only. The output is written to a staging folder next to `outDir` and swapped in at the end:
 * with any error the previous output stays as it was. Drafts are left out. The same input
 * gives byte-identical output.
 */
export async function buildSite(projectRoot: string, options?: BuildOptions | null): Promise<BuildResult> {
  // Each thread's heap grows to at most twice what it keeps (`build-heap.ts`).
  const liftHeapCap = capHeapGrowth();
  try {
    return await runBuild(projectRoot, options);
  } finally {
    liftHeapCap();
  }
}

/** `buildSite` itself, under the heap cap. */
async function runBuild(projectRoot: string, options: BuildOptions | null | undefined): Promise<BuildResult> {
  const started = performance.now();
  const root = resolve(projectRoot);
  const reading = resolveBuildOptions(root, options);
  // A mistyped path: said plainly, before anything starts (no worker, nothing written).
  const missing = projectFolderProblem(root, 'build');
  if (missing) return { ok: false, outDir: reading.outDir, messages: [missing], pages: 0, cached: 0, files: 0, bytes: 0, durationMs: performance.now() - started };
  // The build's caches under `.docsgen/cache`, none with `cache: false`. Compiled pages are kept
  // across builds (see `cacheCompiler`); entries unused for a week are deleted at the end.
  const cacheFolder = (name: string): string | undefined => (reading.cache ? join(root, '.docsgen', 'cache', name) : undefined);
  // How this thread and the worker threads load the project: whether to cache decides how it
  // is read, so it comes from the options alone; the shared navigation file is kept across
  // builds (and read by the workers, not made again).
  const workerData: WorkerData = { root, siteUrl: reading.siteUrl, adapter: options?.adapter ?? undefined, cardFolder: cacheFolder('og'), compileCache: reading.cache, navigationCache: cacheFolder('navigation') };
  // A build that will render many pages starts its workers now: each loads the project while
  // this thread does, instead of after it (2-3 s sooner on a cold 1,000-page build). Not with
  // a page cache from an earlier build, whose pages most likely need no worker.
  const early = reading.cache && hasEntries(cacheFolder('build')) ? 0 : earlyWorkerCount(root, reading.workers);
  const workers = early > 0 ? new RenderWorkers(early, workerData) : undefined;
  try {
    return await buildLoaded(await loadBuildSite(workerData, options), { started, cacheFolder, workers, workerData });
  } finally {
    await workers?.end();
  }
}

/** `buildSite` once the site is loaded: checks, the build's preparation, pages, the rest of the output. */
async function buildLoaded(
  { site, settings }: { site: Site; settings: ResolvedBuildOptions },
  { started, cacheFolder, workers, workerData }: Pick<BuildRun, 'cacheFolder' | 'workers' | 'workerData'> & { started: number },
): Promise<BuildResult> {
  const messages: DocsgenMessage[] = [];
  const result = (ok: boolean, extra?: Partial<BuildResult>): BuildResult => ({
    ok, outDir: settings.outDir, messages, pages: 0, cached: 0, files: 0, bytes: 0, durationMs: performance.now() - started, ...extra,
  });
  const refusal = checkOutDir(site.root, settings.outDir);
  if (refusal) {
    messages.push(refusal);
    return result(false);
  }
  messages.push(...site.messages);
  if (!site.config || messages.some((message) => message.fatal)) return result(false);

  const run = await prepareBuild(site, settings, { cacheFolder, workers, workerData });
  try {
    return await buildPages(run, messages, result);
  } finally {
    run.intake.close();
  }
}

/** The rest of `buildSite` once the build is prepared: pages, the rest of the output, the swap. */
async function buildPages(run: BuildRun, messages: DocsgenMessage[], result: (ok: boolean, extra?: Partial<BuildResult>) => BuildResult): Promise<BuildResult> {
  const { site, settings } = run;
  const cached = await renderPages(run);
  messages.push(...dedupe(run.intake.messagesOf(run.slugs)));
  const notFound = await site.notFound();
  messages.push(...notFound.messages);
  // The project's own 404 page renders here, not with the others: its class names count too.
  for (const candidate of (site.pages.has('404') ? await site.render('404') : undefined)?.classCandidates ?? []) run.intake.classCandidates.add(candidate);
  if (messages.some((message) => message.fatal)) {
    await run.search.end();
    run.writer.discard();
    // The pages that did render are kept for the build after the fix.
    run.cache?.save();
    return result(false, { cached });
  }
  if (!(await finishOutput(run, notFound.html, messages))) return result(false, { cached });
  run.cache?.save();
  run.search.kept?.prune();
  if (settings.cache) pruneCompileCache(site.root);
  run.cards.prune(run.cardHashes.values());
  await run.emptier?.stop();
  // Reported when a class name was a utility (a project's own class names alone give an empty sheet).
  const tailwindBytes = run.writer.written.get(tailwindCssPath);
  const candidates = new Set(withProjectScripts(run.intake.classCandidates, site.root, site.projectFiles));
  const tailwindCss = tailwindBytes !== undefined && (await tailwindCssOf(candidates)).hasUtilities ? { bytes: tailwindBytes, candidates: candidates.size } : undefined;
  return result(true, { pages: run.slugs.length, cached, files: run.writer.written.size, bytes: run.writer.bytes, tailwindCss });
}

/** A build under way: the site, its settings, caches, output writer, search index and pages taken. */
interface BuildRun {
  site: Site;
  settings: ResolvedBuildOptions;
  /** A folder of the build's caches under `.docsgen/cache`; none with `cache: false`. */
  cacheFolder: (name: string) => string | undefined;
  /** The pages built, drafts and the 404 page left out. */
  slugs: string[];
  /** Each page file's last change, from git, when footers show it. */
  lastUpdated: ReadonlyMap<string, Date> | undefined;
  cache: BuildCache | undefined;
  cards: CardCache;
  cardHashes: Awaited<ReturnType<typeof planCards>>;
  writer: OutputWriter;
  /** Deletes the output earlier builds replaced, while this one works. */
  emptier: ReturnType<typeof emptyTrash> | undefined;
  search: SearchRun;
  intake: PageIntake;
  /** Worker threads started before the site was loaded, if any. */
  workers: RenderWorkers | undefined;
  /** What the worker threads load the project with: the options this thread's site was loaded with. */
  workerData: WorkerData;
}

/**
 * Loads the site for a build, as its worker threads do (`workerData`), and resolves the build's
 * options once: docsgen.config's `build` field, read with the project, completes them.
 */
async function loadBuildSite(workerData: WorkerData, options: BuildOptions | null | undefined): Promise<{ site: Site; settings: ResolvedBuildOptions }> {
  const { root, siteUrl, adapter, compileCache, navigationCache } = workerData;
  const site = await createSite(root, { mode: 'build', siteUrl, adapter, compileCache, navigationCache });
  return { site, settings: resolveBuildOptions(root, options, site.userConfig.build) };
}

/** Opens the caches, the staging folder and the search index of a build of a loaded site. */
async function prepareBuild(site: Site, settings: ResolvedBuildOptions, threads: Pick<BuildRun, 'cacheFolder' | 'workers' | 'workerData'>): Promise<BuildRun> {
  const { cacheFolder } = threads;
  const slugs = [...site.pages.values()].filter((page) => !page.isDraft && page.slug !== '404').map((page) => page.slug);
  // One `git log` for the whole build: the cache key and the sitemap's <lastmod> both use it.
  const lastUpdated = site.config && isLastUpdatedOn(site.config) ? await lastUpdatedTimes(site.root, [...site.pages.values()].map((page) => page.file)) : undefined;
  const cache = await openBuildCache(site, cacheFolder('build'), lastUpdated);
  // Social cards, by input hash: a page whose card is not at hand renders again, with its card.
  const cards = new CardCache({ folder: cacheFolder('og') });
  const cardHashes = await planCards(site, slugs);
  // The output a build replaces goes to `.docsgen/trash/` (when that is on the same file system)
  // and is deleted by the next build while it works: deleting thousands of files can take a
  // while (on file systems that discard freed blocks at once, half a second for 3,000 files).
  const trash = settings.cache ? join(site.root, '.docsgen', 'trash') : undefined;
  const emptier = trash ? emptyTrash(trash) : undefined;
  const writer = new OutputWriter({ outDir: settings.outDir, trash });
  // Full-text search: Pagefind indexes pages while the others render. With search off
  // (docsgen.config `search: false`), nothing is indexed and Pagefind never starts. Pages whose
  // searchable text did not change keep their share of the stored index; the index reads a
  // page again from the output only when it cannot use the stored shares after all.
  const searchService = createSearchService();
  const search: SearchRun = new SearchRun(
    searchService,
    site.hasSearch
      ? startSearchIndex(site, {
          service: searchService,
          storeFolder: cacheFolder('search'),
          document: (slug) => writtenPage(writer, site, slug),
          // The pages not indexed render last (`renderPages`), while Pagefind writes the index.
          pagesAfter: slugs.length - listIndexablePages(site).length,
          // Its files most likely final are written while pages render, unless project files win over them.
          onFiles: isSearchIndexFirst(site.root) ? (files) => search.writeEarly(writer, files) : undefined,
        })
      : noSearchIndex,
    cacheFolder('search-files'),
  );
  return { site, settings, ...threads, slugs, lastUpdated, cache, cards, cardHashes, writer, emptier, search, intake: new PageIntake(site, writer, search.indexer) };
}

/**
 * Renders (or takes from the cache) every page into the staging folder, in the search index's
 * order (search results first), so each can go to Pagefind as soon as it is ready. Pages are
 * written as they arrive and only their twins kept (for llms-full.txt), so memory does not grow
 * with the site. Returns how many pages came from the cache.
 */
async function renderPages(run: BuildRun): Promise<number> {
  const { site, settings, writer, search, intake } = run;
  const searchOrder = new Map(search.indexer.slugs.map((slug, position) => [slug, position]));
  const bySearchOrder = (a: string, b: string): number => (searchOrder.get(a) ?? Infinity) - (searchOrder.get(b) ?? Infinity);
  writer.open();
  try {
    writer.write(outputMarker, 'Written by `docsgen build`, which replaces this folder on every build.\n');
  } catch (error) {
    intake.writeError = error as Error;
  }
  let cached: number;
  try {
    cached = await schedulePages(site, {
      slugs: [...run.slugs].sort(bySearchOrder),
      cache: run.cache,
      cards: run.cards,
      cardHashes: run.cardHashes,
      threads: settings.workers,
      isThreadsDefault: settings.isWorkersDefault,
      workerData: run.workerData,
      workers: run.workers,
      takePage: (page, files) => intake.takePage(page, files),
      onProgress: (done, fromCache) => settings.onProgress({ done, total: run.slugs.length, cached: fromCache }),
    });
  } catch (error) {
    await search.end();
    writer.discard();
    throw error;
  }
  search.finish();
  return cached;
}

/**
 * Everything is rendered and the pages written: the rest of the output, then the swap. Returns
 * whether the output was swapped in; on failure the staging folder is discarded (with a
 * `build-write-failed` error unless the adapter said why) and the page cache saved.
 */
async function finishOutput(run: BuildRun, notFoundHtml: string, messages: DocsgenMessage[]): Promise<boolean> {
  const { site, writer, intake } = run;
  try {
    if (intake.writeError) throw intake.writeError;
    await writeSiteFiles(site, writer, {
      adapter: run.settings.adapter,
      notFoundHtml,
      intake,
      search: run.search,
      context: { siteUrl: site.siteUrl, markdown: (slug) => intake.twinOf(slug), cards: { hashes: run.cardHashes, read: (hash) => run.cards.read(hash) }, classCandidates: intake.classCandidates, lastUpdated: lastUpdatedBySlug(site, run.slugs, run.lastUpdated), hasMcp: adapterRunsFunctions(run.settings.adapter) },
      cacheFolder: run.cacheFolder,
      messages,
    });
    writer.swapIn();
    return true;
  } catch (error) {
    writer.discard();
    await run.search.end().catch(() => undefined);
    if (!(error instanceof Error && error.message === 'adapter')) {
      messages.push({ reason: `Cannot write the output to \`${run.settings.outDir}\`: ${(error as Error).message}`, ruleId: 'build-write-failed', source, fatal: true, file: run.settings.outDir });
    }
    run.cache?.save();
    return false;
  }
}

/** The build's page cache in `folder` (none without one), for pages as they are now and the site as a whole. */
async function openBuildCache(site: Site, folder: string | undefined, lastUpdated: ReadonlyMap<string, Date> | undefined): Promise<BuildCache | undefined> {
  if (!folder) return undefined;
  const knownHashes = new Map([...site.pages.values()].flatMap((page) => (page.sourceHash ? [[relative(site.root, page.file).split(sep).join('/'), page.sourceHash] as const] : [])));
  return new BuildCache({ root: site.root, folder, siteKey: await siteKeyOf(site, lastUpdated), knownHashes });
}

/** What every cached page depends on besides its own files: a change to any of it renders every page again. */
async function siteKeyOf(site: Site, lastUpdated: ReadonlyMap<string, Date> | undefined): Promise<string> {
  return hashSiteKey([
    docsgenCodeKey(), site.config, site.manifest, site.navigation, site.siteUrl ?? null, site.configFiles.map(readText),
    // Pages link the site's own `/mcp` when the adapter serves one.
    site.hasMcp,
    // Pages link the shared navigation file by its hash, and the project's root .css/.js by name.
    site.navigationFile().name, site.projectFiles,
    // Every page links the Tailwind stylesheet once the project's scripts have class names.
    projectScriptCandidates(site.root, site.projectFiles).length > 0,
    // Footers show each page's last change (from version control) when that is on, and an edit
    // link made from the repository's remote, branch and folder unless docs.json names one.
    lastUpdated ? [...lastUpdated].map(([file, date]) => [relative(site.root, file), date.getTime()]) : null,
    await site.repository(),
  ]);
}

/** The last change of each page in `slugs` by slug, from the times by file. */
function lastUpdatedBySlug(site: Site, slugs: readonly string[], byFile: ReadonlyMap<string, Date> | undefined): Map<string, Date> | undefined {
  return byFile && new Map(slugs.flatMap((slug) => {
    const date = byFile.get((site.pages.get(slug) as PageInfo).file);
    return date ? [[slug, date] as const] : [];
  }));
}

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

function dedupe(messages: DocsgenMessage[]): DocsgenMessage[] {
  const seen = new Set<string>();
  return messages.filter((message) => {
    const key = formatMessageLine(message);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether `folder` is there and holds anything. */
function hasEntries(folder: string | undefined): boolean {
  try {
    return folder !== undefined && readdirSync(folder).length > 0;
  } catch {
    return false;
  }
}

/** A file's text, or empty when it cannot be read (it is hashed into the site key). */
function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
