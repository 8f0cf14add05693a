import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BundledLanguage, BundledTheme, Highlighter, LanguageRegistration } from 'shiki/bundle/full';
import type { createOnigurumaEngine } from 'shiki/engine/oniguruma';
// The lists of languages and themes alone: Shiki itself (its core, the Oniguruma engine) is
// loaded with the first highlighter, not with this module, so a process that highlights
// nothing (a rebuild after a prose edit, a dev server's first page from the compile cache)
// never loads it.
import { bundledLanguages } from 'shiki/langs';
import { bundledThemes } from 'shiki/themes';
import { type EmbeddingBlock, resolveEmbeddedLanguages } from './highlight-embedded.js';
import { type SharedScannerEngine, shareScanners } from './highlight-scanners.js';

/** The highlighter's default themes, loaded when it is created. */
export const defaultThemes = { light: 'github-light', dark: 'github-dark' } as const;

// Shiki renders these without a grammar.
// `ascii` and `diagram` blocks are drawings in characters (unkey's engineering docs); ClickHouse's
// docs show a query's output in 2,400 `response` blocks (and `result`, `results`). Shiki has no
// grammar for ignore files (`gitignore` in Stagehand's docs) nor for Redis commands (`redis` in
// 287 of Upstash's blocks): shown as written.
const plainLanguages = new Set(['text', 'txt', 'plain', 'plaintext', 'output', 'ascii', 'diagram', 'response', 'result', 'results', 'gitignore', 'dockerignore', 'redis']);

/**
 * Names other highlighters (Prism, highlight.js) and real projects give languages Shiki knows
 * by another name: `markup` is Prism's HTML, `env` a dotenv file, `curl` a shell command.
 */
const otherNames: Readonly<Record<string, string>> = {
  markup: 'html',
  svg: 'xml',
  env: 'dotenv',
  curl: 'shellscript',
  pycon: 'python',
  ndjson: 'jsonl',
  patch: 'diff',
  // highlight.js's Gradle is Groovy's syntax (`build.gradle`); `logs` (Phoenix) is Shiki's `log`.
  gradle: 'groovy',
  logs: 'log',
  // ClickHouse's docs: PostgreSQL, sbt build files, Python 3, Visual Basic .NET.
  pgsql: 'sql',
  sbt: 'scala',
  python3: 'python',
  vbnet: 'vb',
  // Fumadocs' install command block, which novu's docs kept (`npm install @novu/js`).
  'package-install': 'shellscript',
};
const cssVariablesTheme = 'css-variables';

// The one documented piece of module state (STYLE "remark/rehype plugins"): creating a
// highlighter and compiling grammars costs hundreds of milliseconds, so it happens once per
// process and every page, plugin instance and worker of the same thread shares the result.
let highlighter: Promise<Highlighter> | undefined;
let creations = 0;
let engine: SharedScannerEngine | undefined;
const loadingLanguages = new Map<string, Promise<void>>();
const loadingThemes = new Map<string, Promise<void>>();
// Custom grammars by name, so each is registered once per process however many pages, plugin
// instances or sites use it.
const loadingCustomLanguages = new Map<string, Promise<void>>();
let customLanguageLoads = 0;

/**
 * A TextMate grammar given as data (Shiki's `LanguageRegistration`): `name` (what a fence
 * writes), `scopeName`, `patterns`, optional `aliases`, `repository` and `embeddedLangs`.
 */
export type CustomLanguage = Omit<LanguageRegistration, 'repository'> & {
  repository?: LanguageRegistration['repository'] | undefined;
};

/**
 * Get the process-wide Shiki highlighter, creating it on the first call.
 *
 * It starts with the themes `github-light` and `github-dark` and no languages;
 * `rehypeHighlightCode` loads languages and other themes on demand. Every call returns the
 * same promise. Code that uses the highlighter directly should load what it needs with
 * `loadLanguage`/`loadTheme` of the highlighter first.
 *
 * @returns
 *   The shared highlighter.
 */
export function getHighlighter(): Promise<Highlighter> {
  if (!highlighter) {
    creations++;
    highlighter = Promise.all([import('shiki/bundle/full'), import('shiki/engine/oniguruma')]).then(([{ createHighlighter }, { createOnigurumaEngine }]) =>
      createHighlighter({
        themes: [defaultThemes.light, defaultThemes.dark],
        langs: [],
        // Scanners shared by pattern list: vscode-textmate alone compiles the same lists again
        // and again, and compiling is the larger part of highlighting a real site.
        engine: createOnigurumaEngine({ instantiator: instantiateOniguruma }).then((onig) => (engine = shareScanners(onig))),
      }),
    );
    // A failed creation (out of memory, a broken install) is retried on the next call.
    highlighter.catch(() => {
      highlighter = undefined;
    });
  }

  return highlighter;
}

/**
 * Shiki's default engine loads the Oniguruma WebAssembly from gzipped base64 through `Response`
 * and `DecompressionStream`, which makes Node load its fetch implementation too (tens of
 * milliseconds before the first code block). The same module is read from its file instead.
 */
const instantiateOniguruma: OnigurumaInstantiator = async (imports) => {
  const bytes = await readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'));
  return (await webAssembly.instantiate(bytes, imports)).instance as Awaited<ReturnType<OnigurumaInstantiator>>;
};

type OnigurumaInstantiator = Extract<NonNullable<Parameters<typeof createOnigurumaEngine>[0]>, { instantiator: unknown }>['instantiator'];

// The global of every Node release; this package's TypeScript libraries do not declare it.
const webAssembly = (globalThis as unknown as { WebAssembly: { instantiate(bytes: Uint8Array, imports: unknown): Promise<{ instance: object }> } }).WebAssembly;

/**
 * How many times a highlighter was created in this process (internal: for tests).
 *
 * @returns
 *   Count of creations.
 */
export function countHighlighterCreations(): number {
  return creations;
}

/**
 * How many scanners the process highlighter compiled (internal: for tests and benchmarks).
 *
 * @returns
 *   Count of compilations (0 before the highlighter exists).
 */
export function countScannerCompilations(): number {
  return engine?.compilations ?? 0;
}

/**
 * How many patterns the scanners the process highlighter compiled had in all (internal: for
 * benchmarks).
 *
 * @returns
 *   Count of patterns (0 before the highlighter exists).
 */
export function countCompiledPatterns(): number {
  return engine?.compiledPatterns ?? 0;
}

/**
 * Normalise a fence language to a name Shiki knows: lower-cased, `text` for plain text (and
 * `output`), a few other highlighters' names mapped to Shiki's (`otherNames`).
 *
 * @param language
 *   Language as written, or nothing.
 * @param custom
 *   Custom grammars from `indexCustomLanguages`: lower-cased name or alias → name; an alias
 *   wins over a bundled language of the same name (default: none).
 * @returns
 *   `name` to highlight with (`text` when unknown or missing) and whether it is known
 *   (`true` for plain-text names and for a missing language).
 */
export function resolveLanguage(
  language: string | undefined,
  custom?: ReadonlyMap<string, string> | null | undefined,
): { name: string; isKnown: boolean } {
  if (language === undefined || language === '') return { name: 'text', isKnown: true };
  const lower = language.toLowerCase();
  if (plainLanguages.has(lower)) return { name: 'text', isKnown: true };
  const customName = custom?.get(lower);
  if (customName !== undefined) return { name: customName, isKnown: true };
  if (Object.hasOwn(bundledLanguages, lower)) return { name: lower, isKnown: true };
  if (Object.hasOwn(otherNames, lower)) return { name: otherNames[lower]!, isKnown: true };
  return { name: 'text', isKnown: false };
}

/**
 * Names a fence may use as its language (internal: for did-you-mean suggestions).
 *
 * @returns
 *   Bundled language ids and aliases.
 */
export function listLanguages(): string[] {
  return Object.keys(bundledLanguages);
}

/**
 * Whether Shiki ships a theme of this name.
 *
 * @param name
 *   Theme name.
 * @returns
 *   Whether `loadThemes` can load it.
 */
export function isKnownTheme(name: string): boolean {
  return name === cssVariablesTheme || Object.hasOwn(bundledThemes, name);
}

/**
 * Load languages into the highlighter, each once even when pages ask concurrently.
 *
 * @param instance
 *   Highlighter from `getHighlighter`.
 * @param names
 *   Resolved language names (from `resolveLanguage`).
 */
export async function loadLanguages(instance: Highlighter, names: Iterable<string>): Promise<void> {
  const pending: Promise<void>[] = [];

  for (const name of names) {
    if (name === 'text') continue;
    let loading = loadingLanguages.get(name);
    if (!loading) {
      loading = instance.loadLanguage(name as BundledLanguage);
      loadingLanguages.set(name, loading);
      loading.catch(() => loadingLanguages.delete(name));
    }
    pending.push(loading);
  }

  await Promise.all(pending);
}

/**
 * Load what blocks need: their languages and, for a language that embeds others lazily
 * (Markdown, MDX), the embedded languages the block can reach (`resolveEmbeddedLanguages`), so
 * a block's HTML never depends on what the thread highlighted before.
 *
 * @param instance
 *   Highlighter from `getHighlighter`.
 * @param blocks
 *   Blocks to highlight: resolved language and code.
 * @param exclude
 *   Names not to load here (custom grammars, registered with `loadCustomLanguages`).
 */
export async function loadBlockLanguages(
  instance: Highlighter,
  blocks: Iterable<EmbeddingBlock>,
  exclude?: ReadonlySet<string> | ReadonlyMap<string, unknown> | null | undefined,
): Promise<void> {
  // The engine exists once the highlighter does.
  const { languages, embedders } = await resolveEmbeddedLanguages(engine!, blocks);
  const isWanted = (name: string) => !exclude?.has(name);
  await loadLanguages(instance, languages.filter(isWanted));
  // One by one and last: Shiki recreates such a grammar for each lazy language loaded after it.
  for (const name of embedders.filter(isWanted)) await loadLanguages(instance, [name]);
}

/**
 * Load themes into the highlighter, each once.
 *
 * @param instance
 *   Highlighter from `getHighlighter`.
 * @param names
 *   Theme names (checked with `isKnownTheme`).
 */
export async function loadThemes(instance: Highlighter, names: Iterable<string>): Promise<void> {
  const pending: Promise<void>[] = [];

  for (const name of names) {
    if (instance.getLoadedThemes().includes(name)) continue;
    let loading = loadingThemes.get(name);
    if (!loading) {
      loading =
        name === cssVariablesTheme
          ? import('shiki/bundle/full').then(({ createCssVariablesTheme }) => instance.loadTheme(createCssVariablesTheme({ name: cssVariablesTheme })))
          : instance.loadTheme(name as BundledTheme);
      loadingThemes.set(name, loading);
      loading.catch(() => loadingThemes.delete(name));
    }
    pending.push(loading);
  }

  await Promise.all(pending);
}

/**
 * Map each custom grammar's lower-cased name and aliases to its name, for `resolveLanguage`.
 *
 * @param languages
 *   Custom grammars.
 * @returns
 *   Lower-cased name or alias → name.
 */
export function indexCustomLanguages(languages: readonly CustomLanguage[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const language of languages) {
    for (const alias of language.aliases ?? []) index.set(alias.toLowerCase(), language.name);
  }
  // Names win over another grammar's alias.
  for (const language of languages) index.set(language.name.toLowerCase(), language.name);
  return index;
}

/**
 * Hash of a custom grammar: part of the highlight cache key of blocks in its language, so a
 * changed grammar never serves output of the old one.
 *
 * @param language
 *   Custom grammar.
 * @returns
 *   Hex SHA-1 of its JSON.
 */
export function hashCustomLanguage(language: CustomLanguage): string {
  return createHash('sha1').update(JSON.stringify(language)).digest('hex');
}

/**
 * Register custom grammars with the highlighter, each once per process. Shiki keeps the first
 * grammar of a name for the life of the highlighter, so a grammar edited while the process
 * runs takes effect after a restart. Aliases are left out (`resolveLanguage` maps them), so
 * one can never shadow a bundled language inside Shiki. Bundled languages a grammar lists in
 * `embeddedLangs` are loaded first.
 *
 * @param instance
 *   Highlighter from `getHighlighter`.
 * @param languages
 *   Custom grammars.
 */
export async function loadCustomLanguages(instance: Highlighter, languages: readonly CustomLanguage[]): Promise<void> {
  const pending: Promise<void>[] = [];

  for (const language of languages) {
    let loading = loadingCustomLanguages.get(language.name);
    if (!loading) {
      const embedded = (language.embeddedLangs ?? []).filter((name) => Object.hasOwn(bundledLanguages, name));
      customLanguageLoads++;
      loading = loadLanguages(instance, embedded).then(() => instance.loadLanguage({ ...language, repository: language.repository ?? {}, aliases: [] }));
      loadingCustomLanguages.set(language.name, loading);
      loading.catch(() => loadingCustomLanguages.delete(language.name));
    }
    pending.push(loading);
  }

  await Promise.all(pending);
}

/**
 * How many times a custom grammar was registered in this process (internal: for tests).
 *
 * @returns
 *   Count of registrations.
 */
export function countCustomLanguageLoads(): number {
  return customLanguageLoads;
}
