import { resolveProjectPath, type DocsgenMessage } from '@docsgen/config';
import type { Root } from 'hast';
import { init as initLexer, parse as parseImports } from 'es-module-lexer';
import { createHash } from 'node:crypto';
import { scriptCandidates } from './class-candidates.js';
import type { TreeImport } from './mdx-tree.js';
import { snippetFolder } from './remark-snippet-files.js';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';

/** Turns a project file into ES module JavaScript (MDX pages and snippets go through the page pipeline). */
export type CompileToEsm = (input: { file: string; source: string }) => Promise<{
  code: string;
  /** A syntax tree to render instead of code (`.md` pages). */
  tree?: Root | undefined;
  /** The body as written, when it is its own Markdown twin (plain Markdown). */
  markdown?: string | undefined;
  messages: DocsgenMessage[];
  data: Record<string, unknown>;
}>;

export interface ProjectModulesOptions {
  /** Project root; every project import must resolve inside it. */
  root: string;
  /** Compiles `.mdx` and `.md` files to ESM. */
  compileMdx: CompileToEsm;
  /** Modules served by name (`virtual:docsgen/*`, `preact`, `react` aliases), as ES namespaces. */
  namedModules: Record<string, Record<string, unknown>>;
  /** Values every module sees as free variables (React hooks), without importing them. */
  globals?: Record<string, unknown> | null | undefined;
  /** Renders a module that is a syntax tree (a `.md` page) with the component map, and the components it imports (`scope`). */
  renderTree: (tree: Root, components?: Record<string, unknown> | undefined, scope?: Record<string, unknown> | undefined) => unknown;
  /** Told the exports of each module that runs code, once per evaluation (default: none). */
  onEvaluated?: ((file: string, exports: Record<string, unknown>) => void) | null | undefined;
  /**
   * Whether project files may change while the graph is kept (default: `true`, the dev server).
   * A build's files do not change while it runs: each is read once, however many pages import
   * it, and a module loaded once counts as unchanged for the graph's life.
   */
  filesChange?: boolean | null | undefined;
  /**
   * Compiled modules to start from, by content hash (`ProjectModules.compilations` of the graph
   * before, made with the same `compileMdx`): a dev server's reload after a docs.json edit does
   * not compile its pages again (default: none).
   */
  compiled?: ReadonlyMap<string, CompiledRecord> | null | undefined;
}

/** A compiled module without its path: what a content hash gives. */
export type CompiledRecord = Omit<ModuleRecord, 'file'>;

/** One compiled project module. */
export interface ModuleRecord {
  file: string;
  hash: string;
  /** CommonJS code evaluated with a project-scoped `require`. */
  code: string;
  /** Project files this module imports (resolved, absolute). */
  imports: string[];
  /** Each project import specifier as written, mapped to the file it resolved to. */
  resolved: Record<string, string>;
  /**
   * Imports the module uses whose file is missing, each with the paths where it would be found
   * (see `missingModule`): the module builds without them, with a warning, and is compiled
   * again once one of those files appears.
   */
  absent?: Record<string, string[]> | undefined;
  messages: DocsgenMessage[];
  /** Data from compilation (table of contents, reading time, …). */
  data: Record<string, unknown>;
  /** A `.md` page's syntax tree, rendered instead of running code. */
  tree?: Root | undefined;
  /** The page's body as written, when it is plain Markdown: its twin (see `CompiledModule.markdown`). */
  markdown?: string | undefined;
}

const source = '@docsgen/core';
// esbuild is imported with the first module that has code (an `.mdx` page with JavaScript, a
// component): a site of `.md` pages never loads it.
const extensions = ['.mdx', '.md', '.tsx', '.jsx', '.ts', '.js'];

/**
 * Gives a compiled file's component the title, language and icon of its own code blocks
 * (`codeBlocks`), read by a `<CodeGroup>` that shows the file as an imported snippet.
 */
function withCodeBlocks<T extends object>(component: T, data: Record<string, unknown>): T {
  if (Array.isArray(data.codeBlocks) && data.codeBlocks.length > 0) Object.defineProperty(component, 'codeBlocks', { value: data.codeBlocks, configurable: true });
  return component;
}

/** An import's file, or why it has none (with the paths looked at, when it is missing). */
type Resolution = string | (Pick<DocsgenMessage, 'reason' | 'ruleId' | 'note'> & { looked?: string[] | undefined });

/**
 * What a module gets for an import whose file is missing: every name it imports (`default` or
 * any other) is a component that renders its children, or nothing, as an unknown component
 * does. The hosted platform builds a page whose snippet was deleted, so docsgen does too, and
 * warns (`module-not-found`).
 */
const missingComponent = (props?: { children?: unknown } | null): unknown => props?.children ?? null;
const missingModule: Record<string, unknown> = new Proxy({} as Record<string, unknown>, {
  get: (_target, name) => (name === '__esModule' ? true : typeof name === 'string' ? missingComponent : undefined),
  has: () => true,
  // esbuild's interop (`__toESM`) copies a module's own names: `default` is one.
  ownKeys: () => ['__esModule', 'default'],
  getOwnPropertyDescriptor: (_target, name) =>
    name === '__esModule' || name === 'default' ? { value: name === '__esModule' ? true : missingComponent, enumerable: true, configurable: true, writable: false } : undefined,
});

/**
 * The module graph of a project: pages, snippets and components, compiled once per content
 * hash and evaluated with `new Function` and a project-scoped `require`, never through Node's
 * ESM loader (whose cache would grow with every edit). It knows which modules import which, so
 * an edited snippet invalidates exactly the modules that depend on it.
 */
export class ProjectModules {
  readonly #options: ProjectModulesOptions;
  readonly #records = new Map<string, ModuleRecord>();
  readonly #compiled: Map<string, CompiledRecord>;
  readonly #instances = new Map<string, Record<string, unknown>>();
  readonly #importers = new Map<string, Set<string>>();
  /** Modules by a path where a file they import would be found if it existed (`ModuleRecord.absent`). */
  readonly #waiting = new Map<string, Set<string>>();
  readonly #requireFromProject: NodeJS.Require;

  constructor(options: ProjectModulesOptions) {
    this.#options = options;
    this.#compiled = new Map(options.compiled);
    this.#requireFromProject = createRequire(join(options.root, 'package.json'));
  }

  /** Compiles `file` and everything it imports; returns every message of the graph. */
  async link(file: string): Promise<DocsgenMessage[]> {
    const messages: DocsgenMessage[] = [];
    const done = new Set<string>();
    // A file's imports start loading together as soon as it is read; they are then visited in
    // order (the messages and any error come as before). Loaded one after the other, each waited
    // for a turn of a thread busy with its other page.
    const loading = new Map<string, Promise<ModuleRecord>>();
    const load = (target: string): Promise<ModuleRecord> => {
      let record = loading.get(target);
      if (!record) loading.set(target, (record = this.load(target)));
      return record;
    };
    const visit = async (current: string, stack: string[]): Promise<void> => {
      if (stack.includes(current)) {
        const cycle = [...stack.slice(stack.indexOf(current)), current].map((f) => relative(this.#options.root, f));
        const importer = stack.at(-1) ?? current;
        messages.push(await this.#placeImport(importer, current, {
          reason: `Cannot import \`${relative(this.#options.root, current)}\`: import cycle ${cycle.map((f) => `\`${f}\``).join(' → ')}`,
          ruleId: 'module-import-cycle',
          note: 'Snippets may not import each other in a circle; move the shared part into a third file.',
        }));
        return;
      }
      if (done.has(current)) return;
      done.add(current);
      const record = await load(current);
      // Awaited in the visits below; a failure is thrown there.
      for (const dependency of record.imports) if (!done.has(dependency)) load(dependency).catch(() => undefined);
      messages.push(...record.messages);
      for (const dependency of record.imports) await visit(dependency, [...stack, current]);
    };
    await visit(file, []);
    return messages;
  }

  /** Whether `file` or anything it imports differs on disk from what was compiled. */
  async hasChanged(file: string, seen = new Set<string>()): Promise<boolean> {
    if (seen.has(file)) return false;
    seen.add(file);
    const record = this.#records.get(file);
    if (!record) return true;
    if (this.#options.filesChange !== false) {
      const text = await readFile(file, 'utf8').catch(() => undefined);
      if (text === undefined || hashSource(file, text) !== record.hash) return true;
    }
    for (const dependency of record.imports) if (await this.hasChanged(dependency, seen)) return true;
    return this.#options.filesChange !== false && record.absent !== undefined && isAnyFound(record);
  }

  /** Reads and compiles one file (cached by content hash); imports are resolved but not loaded. */
  async load(file: string): Promise<ModuleRecord> {
    if (this.#options.filesChange === false) {
      const known = this.#records.get(file);
      if (known) return known;
    }
    // Not `readFileSync`, though a build reads each file once and a synchronous read costs a
    // third of the CPU (33 against 111 ms for 1,106 files): a thread that never waits for a read
    // takes in what the other threads send it later, and a 5,000-page build's memory then grew
    // with its pages (459 to 961 MB against a flat 440-610 MB).
    const text = await readFile(file, 'utf8');
    const hash = hashSource(file, text);
    const known = this.#records.get(file);
    let compiled = this.#compiled.get(hash);
    // Compiled while a file it imports was missing, which is there now: resolved again.
    if (compiled?.absent && (await isAnyFound(compiled))) compiled = undefined;
    if (compiled && known?.hash === hash) return known;
    if (!compiled) {
      compiled = await this.#compile(file, text, hash);
      this.#compiled.set(hash, compiled);
    }
    const record = { file, ...compiled };
    if (known) {
      // Only the current version of a file is kept, so memory stays flat across edits.
      this.#compiled.delete(known.hash);
      this.invalidate(file);
    }
    this.#records.set(file, record);
    for (const dependency of record.imports) {
      let importers = this.#importers.get(dependency);
      if (!importers) this.#importers.set(dependency, (importers = new Set()));
      importers.add(file);
    }
    for (const path of absentPaths(record)) {
      let waiting = this.#waiting.get(path);
      if (!waiting) this.#waiting.set(path, (waiting = new Set()));
      waiting.add(file);
    }
    return record;
  }

  /** Evaluates a linked module and returns its exports (cached until invalidated). */
  evaluate(file: string): Record<string, unknown> {
    const cached = this.#instances.get(file);
    if (cached) return cached;
    const record = this.#records.get(file);
    if (!record) throw new Error(`Cannot evaluate \`${file}\`: it was not linked`);
    const tree = record.tree;
    if (tree) {
      // `__esModule`: a page importing this one (`import S from './s.mdx'`) gets `default`.
      const exports: Record<string, unknown> = { __esModule: true };
      this.#instances.set(file, exports);
      let scope: Record<string, unknown> | undefined;
      try {
        scope = this.#treeScope(file, record.data.treeImports as TreeImport[] | undefined);
      } catch (error) {
        this.#instances.delete(file);
        throw error;
      }
      exports.default = withCodeBlocks((props: { components?: Record<string, unknown> }) => this.#options.renderTree(tree, props.components, scope), record.data);
      return exports;
    }
    const module = { exports: {} as Record<string, unknown> };
    // Set before running, so a cycle that slipped through sees a partial module, not a loop.
    this.#instances.set(file, module.exports);
    const require = (specifier: string): unknown => this.#require(file, specifier);
    const globals = this.#options.globals ?? {};
    try {
      // Globals are parameters and the code runs in a block of its own, so a module may still
      // import or declare a name such as `useState` itself.
      new Function('require', 'module', 'exports', ...Object.keys(globals), `'use strict';{\n${record.code}\n}`)(
        require,
        module,
        module.exports,
        ...Object.values(globals),
      );
    } catch (error) {
      this.#instances.delete(file);
      throw error;
    }
    if (typeof module.exports.default === 'function') withCodeBlocks(module.exports.default, record.data);
    this.#options.onEvaluated?.(file, module.exports);
    this.#instances.set(file, module.exports);
    return module.exports;
  }

  /**
   * The code a browser needs to run `file`'s exports: the module and every project module it
   * imports, by path from the root (posix), each with its CommonJS code (`null` for a `.md`
   * page, whose content the browser does not need) and its imports as specifier → path.
   * `undefined` when one of them is not linked or failed to compile.
   */
  clientModules(file: string): Record<string, { code: string | null; deps: Record<string, string> }> | undefined {
    const idOf = (path: string): string => relative(this.#options.root, path).split(sep).join('/');
    const modules: Record<string, { code: string | null; deps: Record<string, string> }> = {};
    const queue = [file];
    for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
      const id = idOf(current);
      if (id in modules) continue;
      const record = this.#records.get(current);
      if (!record || (!record.tree && record.code === '')) return undefined;
      modules[id] = { code: record.tree ? null : record.code, deps: Object.fromEntries(Object.entries(record.resolved).map(([specifier, path]) => [specifier, idOf(path)])) };
      queue.push(...record.imports);
    }
    return modules;
  }

  /**
   * Forgets `file` and every module that imports it, directly or not, and every module that
   * imports it while it was missing (`ModuleRecord.absent`: it may be there now); returns them all.
   */
  invalidate(file: string): string[] {
    const waiting = [...(this.#waiting.get(file) ?? [])].filter((importer) => importer !== file);
    const affected = [file, ...this.dependentsOf(file)];
    for (const importer of waiting) for (const path of [importer, ...this.dependentsOf(importer)]) if (!affected.includes(path)) affected.push(path);
    for (const path of affected) this.#instances.delete(path);
    // The compiled output goes too (an `.md` page's is its whole syntax tree): without this,
    // every edit of a page would keep one more version of it. A module waiting for `file` is
    // compiled again, so its import is resolved again.
    for (const target of [file, ...waiting]) {
      const record = this.#records.get(target);
      if (!record) continue;
      this.#compiled.delete(record.hash);
      this.#records.delete(target);
      for (const path of absentPaths(record)) this.#waiting.get(path)?.delete(target);
    }
    return affected;
  }

  /** Project files that import `file`, directly or not. */
  dependentsOf(file: string): string[] {
    const seen = new Set<string>();
    const queue = [file];
    for (let current = queue.shift(); current; current = queue.shift()) {
      for (const importer of this.#importers.get(current) ?? []) {
        if (importer === file || seen.has(importer)) continue;
        seen.add(importer);
        queue.push(importer);
      }
    }
    return [...seen];
  }

  /**
   * `file` and every project file it imports, directly or not, each with the content hash it
   * was compiled from (after `link`): what a cached render of `file` depends on. A file a module
   * imports that is missing is listed where it would be found, with the hash `absent`.
   */
  dependenciesOf(file: string): Array<{ file: string; hash: string }> {
    const found = new Map<string, string>();
    const queue = [file];
    for (let current = queue.shift(); current; current = queue.shift()) {
      const record = this.#records.get(current);
      if (!record || found.has(current)) continue;
      found.set(current, record.hash);
      queue.push(...record.imports);
      // A file that would be imported if it existed: a cached render is not used once it does.
      for (const path of absentPaths(record)) if (!found.has(path)) found.set(path, absentHash);
    }
    return [...found].map(([path, hash]) => ({ file: path, hash }));
  }

  /**
   * The compiled modules of the current files, by content hash, for a graph made after this one
   * with the same `compileMdx` (`ProjectModulesOptions.compiled`). Those with messages are left
   * out: a missing import may be found now, and its message placed anew.
   */
  compilations(): Map<string, CompiledRecord> {
    const compilations = new Map<string, CompiledRecord>();
    for (const { file: _file, ...record } of this.#records.values()) if (record.messages.length === 0) compilations.set(record.hash, record);
    return compilations;
  }

  /** How many compiled versions are kept: one per current file (for tests of memory use). */
  get compiledCount(): number {
    return this.#compiled.size;
  }

  /** Compile-time data of a loaded module (table of contents, reading time, …). */
  recordOf(file: string): ModuleRecord | undefined {
    return this.#records.get(file);
  }

  /**
   * The components an `.mdx` tree imports, by local name, evaluated as a compiled page's
   * imports are (esbuild's interop: `default` of an ES module); `undefined` when it imports none.
   */
  #treeScope(file: string, imports: TreeImport[] | undefined): Record<string, unknown> | undefined {
    if (!imports) return undefined;
    const scope: Record<string, unknown> = {};
    for (const entry of imports) {
      const exports = this.#require(file, entry.source) as Record<string, unknown>;
      for (const binding of entry.bindings) scope[binding.local] = binding.imported === 'default' && !exports.__esModule ? exports : exports[binding.imported];
    }
    return scope;
  }

  #require(importer: string, specifier: string): unknown {
    const named = this.#options.namedModules[specifier];
    if (named) return named;
    if (isProjectPath(specifier)) {
      const record = this.#records.get(importer);
      const resolved = record?.resolved[specifier];
      if (!resolved && record?.absent && Object.hasOwn(record.absent, specifier)) return missingModule;
      if (!resolved) throw new Error(`Cannot find module \`${specifier}\` imported by \`${relative(this.#options.root, importer)}\``);
      return this.evaluate(resolved);
    }
    // npm packages resolve from the project's own node_modules.
    if (this.#records.get(importer)?.absent?.[specifier]) return missingModule;
    return this.#requireFromProject(specifier);
  }

  async #compile(file: string, text: string, hash: string): Promise<Omit<ModuleRecord, 'file'>> {
    const messages: DocsgenMessage[] = [];
    let esm: string;
    let data: Record<string, unknown> = {};
    // An `.mdx` page kept as a tree may import components (`TreeImport`): resolved as code's are.
    let tree: { tree: Root; markdown: string | undefined } | undefined;
    const extension = extname(file).toLowerCase();
    if (extension === '.mdx' || extension === '.md') {
      const result = await this.#options.compileMdx({ file, source: text });
      messages.push(...result.messages);
      esm = result.code;
      data = result.data;
      if (result.tree && data.treeImports === undefined && data.unusedImports === undefined) return { hash, code: '', tree: result.tree, markdown: result.markdown, imports: [], resolved: {}, messages, data };
      if (result.tree) tree = { tree: result.tree, markdown: result.markdown };
      else if (messages.some((message) => message.fatal)) return { hash, code: '', imports: [], resolved: {}, messages, data };
    } else {
      // A component's classes: the words of its strings, as Tailwind's scanner reads them.
      data = { classCandidates: [...new Set(scriptCandidates(text))].sort() };
      try {
        const loader = extension === '.ts' ? 'ts' : extension === '.tsx' ? 'tsx' : 'jsx';
        esm = (await (await import('esbuild')).transform(text, { loader, format: 'esm', jsx: 'automatic', jsxImportSource: 'preact', sourcefile: file })).code;
      } catch (error) {
        messages.push(esbuildMessage(file, error));
        return { hash, code: '', imports: [], resolved: {}, messages, data };
      }
    }
    const imports: string[] = [];
    const resolvedSpecifiers: Record<string, string> = {};
    const absent: Record<string, string[]> = {};
    let found: ReadonlyArray<{ n: string | undefined; d: number }>;
    if (tree) found = ((data.treeImports ?? []) as TreeImport[]).map((entry) => ({ n: entry.source, d: -1 }));
    else {
      await initLexer;
      [found] = parseImports(esm);
    }
    // Resolved all at once, used in order: one after the other, each look at the disk waited for
    // a turn of a thread busy with its other page (a page importing a dozen snippets: 2 s).
    const isResolved = (specifier: string | undefined): specifier is string => specifier !== undefined && !this.#options.namedModules[specifier] && isProjectPath(specifier);
    const unused = Array.isArray(data.unusedImports) ? (data.unusedImports as string[]) : [];
    const resolutions = new Map<string, Promise<Resolution>>();
    const resolveImport = (specifier: string): Promise<Resolution> => {
      let resolved = resolutions.get(specifier);
      if (!resolved) resolutions.set(specifier, (resolved = this.#resolve(file, specifier)));
      return resolved;
    };
    for (const entry of found) if (entry.d === -1 && isResolved(entry.n)) resolveImport(entry.n);
    for (const specifier of unused) resolveImport(specifier);
    await Promise.all(resolutions.values());
    for (const entry of found) {
      const specifier = entry.n;
      if (entry.d > -1 || specifier === undefined) {
        messages.push(await this.#placeImport(file, undefined, {
          reason: 'Unexpected dynamic `import()`, expected a static `import … from` at the top of the file',
          ruleId: 'module-dynamic-import',
          note: 'Import snippets and components with a static import statement.',
        }, text.indexOf('import(')));
        continue;
      }
      if (this.#options.namedModules[specifier]) continue;
      if (!isProjectPath(specifier)) {
        if (isPackageFound(this.#requireFromProject, specifier)) continue;
        // A package the project does not have (`@theme/Tabs`, left from a Docusaurus site): the
        // page builds without it, as without a missing snippet, and is compiled again once it
        // is installed.
        const message = await this.#placeImport(file, undefined, {
          reason: `Cannot find package \`${specifier}\` imported by \`${relative(this.#options.root, file)}\`; the page builds without it, and what it imports renders only its children`,
          ruleId: 'module-not-found',
          note: `It is not installed in the project's \`node_modules\`.${specifier.startsWith('@theme/') ? ' `@theme/…` modules are Docusaurus\'s; docsgen\'s own components, such as `<Tabs>`, need no import.' : ''} Install it, or remove the import and what uses it.`,
        }, findSpecifier(text, specifier));
        messages.push({ ...message, fatal: false });
        absent[specifier] = [join(this.#options.root, 'node_modules', packageName(specifier), 'package.json')];
        continue;
      }
      const resolved = await resolveImport(specifier);
      if (typeof resolved === 'string') {
        if (!imports.includes(resolved)) imports.push(resolved);
        resolvedSpecifiers[specifier] = resolved;
      } else if (resolved.ruleId === 'module-not-found') {
        // The hosted platform builds a page whose snippet is gone: so does docsgen, and warns.
        const message = await this.#placeImport(file, undefined, resolved, findSpecifier(text, specifier));
        messages.push({
          ...message,
          reason: `${message.reason}; the page builds without it, and what it imports renders only its children`,
          fatal: false,
          note: `${resolved.note ?? ''} Restore the file, or remove the import and what uses it.`.trim(),
        });
        absent[specifier] = resolved.looked ?? [];
      } else messages.push(await this.#placeImport(file, undefined, resolved, findSpecifier(text, specifier)));
    }
    // Imports the page never uses are not loaded (`recmaUnusedImports`); a missing one is only
    // a warning, as the hosted platform builds such a page.
    for (const specifier of unused) {
      const resolved = await resolveImport(specifier);
      if (typeof resolved === 'string') continue;
      const message = await this.#placeImport(file, undefined, resolved, findSpecifier(text, specifier));
      messages.push({
        ...message,
        reason: `${message.reason}; the page does not use it, so it builds without it`,
        fatal: false,
        note: 'Remove the import, or restore the file.',
      });
    }
    const missing = Object.keys(absent).length > 0 ? { absent } : {};
    if (tree) return { hash, code: '', tree: tree.tree, markdown: tree.markdown, imports, resolved: resolvedSpecifiers, ...missing, messages, data };
    const code = (await (await import('esbuild')).transform(esm, { loader: 'js', format: 'cjs', sourcefile: file })).code;
    return { hash, code, imports, resolved: resolvedSpecifiers, ...missing, messages, data };
  }

  async #resolve(importer: string, specifier: string): Promise<Resolution> {
    const root = this.#options.root;
    // `/snippets/x` is from the project root, `./x` from the importing file.
    const reference = specifier.startsWith('/') ? specifier.replace(/^\/+/, '') || '.' : specifier;
    const base = specifier.startsWith('/') ? root : dirname(importer);
    const candidatesOf = (path: string): string[] => [path, ...extensions.map((ext) => path + ext), ...extensions.map((ext) => `${path}/index${ext}`)];
    // `<Snippet file>` (`remarkSnippetFiles`) names a file of `_snippets/`; projects that moved
    // their snippets to `snippets/` and kept the tags find them there.
    const candidates = specifier.startsWith(snippetFolder) ? [...candidatesOf(reference), ...candidatesOf(`snippets/${specifier.slice(snippetFolder.length)}`)] : candidatesOf(reference);
    const looked: string[] = [];
    for (const candidate of candidates) {
      // The one check of a project path (`@docsgen/config`): outside the root as written is
      // refused before the disk is touched, then the real path must stay inside too.
      const resolved = resolveProjectPath(root, candidate, { base });
      if (!resolved.ok && (resolved.reason === 'outside-root' || resolved.reason === 'remote')) {
        return { reason: `Cannot import \`${specifier}\`: the path is outside the project root`, ruleId: 'module-outside-root', note: 'Imports may only reach files inside the project folder.' };
      }
      if (!resolved.ok && resolved.reason === 'link-outside-root') {
        return { reason: `Cannot import \`${specifier}\`: it links to a file outside the project root`, ruleId: 'module-outside-root', note: 'Imports may only reach files inside the project folder.' };
      }
      if (!resolved.ok) {
        // Not there (or not readable): where it would be found once it is.
        if (resolved.reason === 'missing') looked.push(resolved.file);
        continue;
      }
      const info = await stat(resolved.real).catch(() => undefined);
      if (info?.isFile()) return resolved.file;
      looked.push(resolved.file);
    }
    return {
      reason: `Cannot find \`${specifier}\` imported by \`${relative(root, importer)}\``,
      ruleId: 'module-not-found',
      note: `Looked for ${relative(root, resolve(base, reference)) || '.'} with the extensions ${extensions.join(', ')}.`,
      looked,
    };
  }

  async #placeImport(
    file: string,
    target: string | undefined,
    fields: Pick<DocsgenMessage, 'reason' | 'ruleId' | 'note'>,
    offset?: number,
  ): Promise<DocsgenMessage> {
    const text = await readFile(file, 'utf8').catch(() => '');
    let index = offset ?? -1;
    if (index < 0 && target) {
      const name = target.slice(dirname(target).length + 1).replace(/\.[^.]+$/, '');
      index = text.search(new RegExp(`from\\s+['"][^'"]*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
    const place = index >= 0 ? offsetToPlace(text, index) : undefined;
    return { ...fields, source, fatal: true, file, line: place?.line, column: place?.column };
  }
}

/** The content hash `ProjectModules` keys a file's compilation by (its path and text). */
export function hashSource(file: string, text: string): string {
  return createHash('sha256').update(file).update('\0').update(text).digest('hex');
}

function findSpecifier(text: string, specifier: string): number {
  for (const quote of ["'", '"']) {
    const index = text.indexOf(`${quote}${specifier}${quote}`);
    if (index >= 0) return index;
  }
  // A `<Snippet file="…">` tag's file, which `remarkSnippetFiles` made the import.
  if (specifier.startsWith(snippetFolder)) {
    const file = specifier.slice(snippetFolder.length).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return text.search(new RegExp(`<Snippet\\s[^>]*?file=["'](?:\\.?/)*${file}["']`));
  }
  return -1;
}

function offsetToPlace(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function esbuildMessage(file: string, error: unknown): DocsgenMessage {
  const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
  return {
    reason: `Cannot compile \`${file.split(sep).at(-1)}\`: ${first?.text ?? (error as Error).message}`,
    ruleId: 'module-syntax',
    source,
    fatal: true,
    file,
    line: first?.location?.line,
    column: first?.location ? first.location.column + 1 : undefined,
  };
}

/** The hash a missing file is listed with among a module's dependencies (`dependenciesOf`). */
export const absentHash = 'absent';

/** Whether an import names a project file (`/snippets/x`, `./x`), not a package. */
function isProjectPath(specifier: string): boolean {
  return specifier.startsWith('/') || specifier.startsWith('.');
}

/** Whether `require` finds a package import (`react-player`, `@scope/name/sub`). */
function isPackageFound(require: NodeJS.Require, specifier: string): boolean {
  try {
    require.resolve(specifier);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND';
  }
}

/** The package a package import names: `@scope/name` or `name`, without a path inside it. */
function packageName(specifier: string): string {
  const segments = specifier.split('/');
  return (specifier.startsWith('@') ? segments.slice(0, 2) : segments.slice(0, 1)).join('/');
}

/** Where the files `record` imports and that were missing would be found. */
function absentPaths(record: Pick<ModuleRecord, 'absent'>): string[] {
  return record.absent ? Object.values(record.absent).flat() : [];
}

/** Whether a file that `record` imports and was missing is there now. */
async function isAnyFound(record: Pick<ModuleRecord, 'absent'>): Promise<boolean> {
  for (const path of absentPaths(record)) if ((await stat(path).catch(() => undefined))?.isFile()) return true;
  return false;
}
