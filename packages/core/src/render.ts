import type { DocsgenMessage } from '@docsgen/config';
import { builtinComponents, collectContentFacts, RenderContext, resolveComponents, type ApiReferenceContext, type ContentHeading, type HighlightCode, type RenderMessage } from '@docsgen/renderer';
import { h, type ComponentType } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { readFileSync } from 'node:fs';
import type { ProjectModules } from './modules.js';
import { browserModuleNames, withIslands, withPageComponents } from './runtime.js';
import type { PageInfo } from './pages.js';
import type { RenderedPage } from './site.js';
import { moduleCandidates } from './tailwind-css.js';

/** `html` renders the web page; `markdown` renders the simple HTML the Markdown twin is made from. */
export type RenderMode = 'html' | 'markdown';

export interface RenderPageContentInput {
  page: PageInfo;
  modules: ProjectModules;
  /** Component name → file of a project override under `theme/`. */
  overrides: Map<string, string>;
  /** Components from `docsgen.config.ts`: above the built-ins, below `theme/` overrides (default: none). */
  components?: Record<string, ComponentType<any>> | null | undefined;
  mode: RenderMode;
  /** `icons.library` of docs.json: the icon set of named icons (default: Font Awesome). */
  iconLibrary?: string | null | undefined;
  /** The site's API specs for `<OpenApiEndpoint>` and the viewers (default: none). */
  apiReference?: ApiReferenceContext | null | undefined;
  /** docs.json language code of the page, for the components' own labels (default: English). */
  language?: string | null | undefined;
  /** Take side content out of the HTML into `sideBlocks`, for a page in the default page mode (default: `false`). */
  moveSideContent?: boolean | null | undefined;
  /** Highlights `<CodeBlock>` elements whose code is a value known at render time (default: none: plain text). */
  highlightCode?: HighlightCode | null | undefined;
}

const source = '@docsgen/core';

/**
 * Compiles (or reuses) a page and everything it imports, then renders it with the component
 * map: project overrides from `theme/`, then components from `docsgen.config.ts`, then the built-ins. A page that fails to compile or
 * whose components throw comes back with messages and no HTML; it never throws.
 */
export async function renderPageContent(input: RenderPageContentInput): Promise<RenderedPage> {
  const { page, modules, mode } = input;
  const messages = await modules.link(page.file);
  const project: Record<string, ComponentType<any>> = { ...input.components };
  for (const [name, file] of input.overrides) {
    const overrideMessages = await modules.link(file);
    messages.push(...overrideMessages);
    if (overrideMessages.some((message) => message.fatal)) continue;
    try {
      const exports = modules.evaluate(file);
      const component = exports.default ?? exports[name];
      if (typeof component === 'function') project[name] = component as ComponentType<any>;
    } catch (error) {
      messages.push(renderError(file, `Cannot load the override of \`${name}\``, error));
    }
  }
  const data = modules.recordOf(page.file)?.data ?? {};
  const result: RenderedPage = {
    page,
    html: '',
    toc: Array.isArray(data.toc) ? (data.toc as RenderedPage['toc']) : [],
    readingTime: data.readingTime,
    hasMermaid: data.hasMermaid === true,
    hasMath: data.hasMath === true,
    links: [],
    sideBlocks: [],
    usesApi: false,
    apiViewers: [],
    exampleKinds: [],
    classCandidates: [...moduleCandidates(modules, [page.file, ...input.overrides.values()])].sort(),
    messages,
  };
  if (messages.some((message) => message.fatal)) return result;
  try {
    const exports = modules.evaluate(page.file);
    const Content = exports.default as ComponentType<{ components: Record<string, unknown> }>;
    const components = resolveComponents({ builtins: builtinComponents, project });
    const seen = new Set<string>();
    // Components' own warnings (an unknown icon name) belong to the page that uses them.
    const onMessage = (message: RenderMessage): void => {
      const key = `${message.ruleId}:${message.reason}`;
      if (seen.has(key)) return;
      seen.add(key);
      messages.push({ ...message, ...locateActual(message.actual, [page.file, ...modules.dependenciesOf(page.file).map((dependency) => dependency.file)]) });
    };
    const value = { mode, iconLibrary: input.iconLibrary ?? undefined, onMessage, apiReference: input.apiReference ?? undefined, language: input.language ?? undefined, highlightCode: input.highlightCode ?? undefined };
    // Interactive components: the module of each island rendered, with what it imports, goes to
    // the page (a module asked about but not rendered as an island adds nothing).
    const closures = new Map<string, RenderedPage['islands']>();
    const moduleOf = (file: string): string | undefined => {
      if (!closures.has(file)) closures.set(file, runsInBrowser(modules.clientModules(file)));
      const closure = closures.get(file);
      return closure && Object.keys(closure)[0];
    };
    const rendered = (file: string): void => {
      result.islands = { ...result.islands, ...closures.get(file) };
    };
    const render = () => withPageComponents(components, () => renderToString(h(RenderContext.Provider, { value }, h(Content, { components }))));
    const { html, facts } = collectContentFacts(() => (mode === 'html' ? withIslands({ moduleOf, rendered }, render) : render()), { moveSideContent: input.moveSideContent });
    result.html = html;
    Object.assign(result, { links: facts.links, sideBlocks: facts.sideBlocks, usesApi: facts.usesApi, apiViewers: facts.apiViewers, exampleKinds: facts.exampleKinds });
    if (facts.paramFields.length > 0) result.paramFields = facts.paramFields;
    // A changelog's table of contents lists its entries' labels (dates), not their headings.
    result.toc = facts.updates.length > 0 ? facts.updates : withDrawnHeadings(result.toc, facts.headings);
  } catch (error) {
    messages.push(renderError(page.file, `Cannot render page \`${page.slug}\``, error));
  }
  return result;
}

/**
 * The table of contents with the headings the page's components drew (the sections of each
 * `<OpenApiEndpoint>`: the compiled outline knows only the page's own), placed where they were
 * rendered.
 */
function withDrawnHeadings(toc: RenderedPage['toc'], headings: readonly ContentHeading[]): RenderedPage['toc'] {
  const drawn = headings.filter((heading) => heading.text !== undefined);
  if (drawn.length === 0) return toc;
  const order = new Map<string, number>();
  headings.forEach((heading, index) => {
    if (!order.has(heading.id)) order.set(heading.id, index);
  });
  const placed = [
    ...toc.map((entry) => ({ entry, at: order.get(entry.id) ?? -1 })),
    ...drawn.map((heading) => ({ entry: { depth: heading.depth, id: heading.id, text: heading.text! }, at: order.get(heading.id)! })),
  ];
  return placed.sort((a, b) => a.at - b.at).map(({ entry }) => entry);
}

/**
 * Where a component's warning points: the value it is about (`actual`: an icon name, an
 * operation's path) as written in the page or a file it imports, first place found, so the
 * message has a line and column like compile-time ones. The page file when it is nowhere.
 */
function locateActual(actual: string | undefined, files: string[]): { file: string; line?: number; column?: number } {
  return locateInFiles(actual ? [actual, actual.split(/\s+/).at(-1) ?? actual] : [], files);
}

/**
 * The first place one of `needles` (tried in order) is written in `files` (tried in order),
 * inside quotes first, then anywhere: `{ file, line, column }`, or the first file alone.
 */
export function locateInFiles(needles: readonly string[], files: readonly string[]): { file: string; line?: number; column?: number } {
  for (const needle of needles.filter((text) => text.trim() !== '')) {
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      // Inside quotes first (an attribute value), then anywhere.
      let at = text.search(new RegExp(`["'\`]${escapeRegExp(needle)}["'\`]`));
      at = at === -1 ? text.indexOf(needle) : at + 1;
      if (at === -1) continue;
      const before = text.slice(0, at);
      const line = before.split('\n').length;
      return { file, line, column: at - before.lastIndexOf('\n') };
    }
  }
  return { file: files[0] as string };
}

/**
 * `modules` when every one of them imports only project modules and what the browser has
 * (`browserModuleNames`); a module that imports an npm package or `virtual:docsgen/manifest`
 * keeps its components static.
 */
function runsInBrowser(modules: RenderedPage['islands']): RenderedPage['islands'] {
  if (!modules) return undefined;
  for (const module of Object.values(modules)) {
    for (const match of (module.code ?? '').matchAll(/\brequire\(\s*(["'])([^"'\n]+)\1\s*\)/g)) {
      const specifier = match[2]!;
      if (!(specifier in module.deps) && !browserModuleNames.has(specifier)) return undefined;
    }
  }
  return modules;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function renderError(file: string, what: string, error: unknown): DocsgenMessage {
  const text = error instanceof Error ? error.message : String(error);
  return {
    reason: `${what}: ${text}`,
    ruleId: 'render-error',
    source,
    fatal: true,
    file,
    note: 'A component threw while rendering; the stack trace shows which one (run with --verbose).',
    actual: error instanceof Error ? error.stack : undefined,
  };
}
