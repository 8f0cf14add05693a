import { createCodeBlockHighlighter, type ChangelogEntry, type SampleHighlighter } from '@docsgen/mdx-transforms';
import { renderSpecMarkdown } from '@docsgen/renderer';
import { escapeHtml } from '@docsgen/util/escape-html';
import type { DocsgenMessage } from '@docsgen/config';
import {
  builtinComponents,
  collectContentFacts,
  pageMode,
  RenderContext,
  renderApiOperation,
  renderAsyncApiOperation,
  pageLanguage,
  type ApiReferenceContext,
  type ContentFacts,
  type PlaygroundSettings,
  type RenderMessage,
} from '@docsgen/renderer';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { ApiPageModel } from '@docsgen/openapi-pages';
import { buildMdxApiPage } from '@docsgen/openapi-pages/mdx-api';
import type { MdxApiPage } from './api-mdx-pages.js';
import { playgroundMode, type SiteApiReference } from './api-reference.js';
import { applyExampleSettings, exampleParametersOf } from './api-settings.js';
import type { PageInfo } from './pages.js';
import { renderPageContent, type RenderMode } from './render.js';
import { layoutDataOf, resolveCodeOptions, type SiteModel } from './site-model.js';
import { createLazySampleHighlighter, drawWithSamples } from './sample-highlighter.js';
import type { RenderedPage } from './site.js';

// The page renderer: a page's content as HTML (MDX pages through the module graph, API pages
// from their operation model), with the caches that go with it: rendered pages, the specs each
// page used, the code-sample highlighter. Whole documents, twins and other outputs are made
// from what it renders (`site-derived.ts`).

/** Languages API code samples and examples are highlighted in; others show as plain text. */
const sampleLanguages = ['bash', 'shell', 'javascript', 'typescript', 'python', 'go', 'json', 'yaml', 'xml', 'html', 'ruby', 'php', 'java', 'csharp', 'rust', 'kotlin', 'swift'];

/** Renders the pages of a site model. */
export interface PageRenderer {
  /** The page's content as HTML, kept while the page and what it imports are unchanged; `undefined` for an unknown slug. */
  render(slug: string): Promise<RenderedPage | undefined>;
  /** The page's content rendered now, for `mode` (a twin renders for `markdown`); `undefined` for an unknown slug. */
  renderAs(slug: string, mode: RenderMode): Promise<RenderedPage | undefined>;
  /** A page file's content, without the operation a frontmatter `openapi` binds it to. */
  renderMdx(page: PageInfo, mode: RenderMode): Promise<RenderedPage>;
  /** The page's `<Update>` entries, from its compiled module (linked). */
  changelogOf(page: PageInfo): ChangelogEntry[];
  /** The project files a rendered page depends on, each with its content hash. */
  dependencies(slug: string): Array<{ file: string; hash: string }>;
  /** Forgets what is kept of these pages (they changed). */
  forget(slugs: readonly string[]): void;
  /** Forgets a page and the specs it used, for a build that renders each page once. */
  release(slug: string): void;
}

/** The page renderer of a loaded site. */
export function createPageRenderer(site: SiteModel): PageRenderer {
  const { config, pages, api, modules, overrides } = site;
  const userComponents = site.userConfig.config.components ?? {};
  const rendered = new Map<string, RenderedPage>();
  // The page's docs.json language, for the labels content components write themselves.
  const languageOf = (slug: string) => pageLanguage(layoutDataOf(site), slug);
  // Code samples load their languages on first use: a page without samples never waits for them.
  const samples = createLazySampleHighlighter(() => resolveCodeOptions(config).themes, sampleLanguages);
  // `<CodeBlock>{PyUsage}</CodeBlock>`: code known only as the page renders, highlighted as the
  // compiler highlights literal code (same themes and grammars), the page drawn again once done.
  const codeBlocks = createCodeBlockHighlighter({ themes: site.code.themes, languages: site.code.languages });
  const specsUsed = new Map<string, Set<string>>();
  const playgroundOf = (page: PageInfo | undefined): PlaygroundSettings => pagePlayground(api, page);
  // What `<OpenApiEndpoint>` and the viewers read; records the specs each page uses.
  const apiContext = (slug: string, highlight: SampleHighlighter | undefined): ApiReferenceContext => {
    const used = specsUsed.get(slug) ?? new Set<string>();
    specsUsed.set(slug, used);
    return createApiContext({ api, page: pages.get(slug), used, highlight });
  };

  async function render(slug: string, renderMode: RenderMode): Promise<RenderedPage | undefined> {
    const page = pages.get(slug);
    if (!page) return undefined;
    if (page.api) return renderApiPage(page, renderMode);
    let result = await renderMdx(page, renderMode);
    const bound = api.bindings.get(slug);
    const mdxPage = bound ? undefined : api.mdxPages.get(slug);
    if (bound && !result.messages.some((message) => message.fatal)) {
      specsUsed.get(slug)?.add(bound.spec);
      const proseHtml = result.html;
      const operation = await drawWithSamples(samples, (highlight) =>
        renderApiOperation({
          page: bound,
          proseHtml,
          playground: playgroundOf(page),
          expandParameters: api.expandParameters,
          parameterPills: api.parameterPills,
          mode: renderMode,
          highlight,
          schemaFile: api.schemaFileOf(bound.spec),
          moveSideContent: movesSideContent(page, renderMode),
          // The page's own `<RequestExample>`/`<ResponseExample>` replace the operation's.
          pageExamples: result.exampleKinds,
        }),
      );
      // The page's prose comes first in the operation: its side blocks and links too.
      result = withFacts({ ...result, html: operation.html, toc: [...result.toc, ...operation.toc] }, operation.facts);
    } else if (mdxPage && !result.messages.some((message) => message.fatal)) {
      const proseHtml = result.html;
      const model = mdxApiModel(page, mdxPage, result);
      const playground: PlaygroundSettings = { ...playgroundOf(page), auth: mdxPage.auth };
      // A path with no base URL (`api-page-base-missing`) has nowhere to go: no Try it that cannot send.
      if (model.baseUrls.length === 0 && playground.mode === 'interactive') playground.mode = 'hide';
      const operation = await drawWithSamples(samples, (highlight) =>
        renderApiOperation({
          page: model,
          proseHtml,
          playground,
          mode: renderMode,
          highlight,
          moveSideContent: movesSideContent(page, renderMode),
          pageExamples: result.exampleKinds,
          // The page's own fields document the parameters: generated sections would repeat them.
          shouldDrawSections: false,
        }),
      );
      // The generated request sample above the page's own `<ResponseExample>`, as the platform stacks them.
      const sideBlocks = [...operation.facts.sideBlocks, ...result.sideBlocks];
      result = { ...withFacts({ ...result, html: operation.html, toc: [...result.toc, ...operation.toc] }, operation.facts), sideBlocks };
    } else if (!bound && typeof page.frontmatter.openapi === 'string' && site.options.mode === 'dev' && renderMode === 'html') {
      result = { ...result, html: unboundNotice(page.frontmatter.openapi, api.messages.find((message) => message.file === page.file)) + result.html };
    }
    return result;
  }

  /** A page file's content, without the operation a frontmatter `openapi` binds it to. */
  async function renderMdx(page: PageInfo, renderMode: RenderMode): Promise<RenderedPage> {
    const slug = page.slug;
    // Only `<OpenApiEndpoint>` highlights samples in a page file, and only on a site with an API reference.
    const hasSamples = api.pages.size > 0 || api.bindings.size > 0;
    const renderOnce = () =>
      codeBlocks.draw((highlightCode) =>
        drawWithSamples(samples, (highlight) =>
          renderPageContent({ page, modules, overrides, components: userComponents, mode: renderMode, iconLibrary: config?.icons?.library, apiReference: apiContext(slug, hasSamples ? highlight : undefined), language: languageOf(slug), moveSideContent: movesSideContent(page, renderMode), highlightCode }),
        ),
      );
    const apiMessagesBefore = api.messages.length;
    let result = await renderOnce();
    // A component named a spec docs.json does not: read it, then render again.
    for (let pass = 0; pass < 2; pass += 1) {
      const pending = api.pending();
      if (!pending) break;
      await pending;
      result = await renderOnce();
    }
    // Problems reading those specs (a failed download) belong to the page that asked.
    for (const message of api.messages.slice(apiMessagesBefore)) result.messages.push({ ...message, file: message.file ?? page.file });
    return result;
  }

  async function renderApiPage(page: PageInfo, renderMode: RenderMode): Promise<RenderedPage> {
    const source = page.api!;
    return drawWithSamples(samples, (highlight) => drawApiPage(page, source, highlight, renderMode));
  }

  function drawApiPage(page: PageInfo, source: NonNullable<PageInfo['api']>, highlight: SampleHighlighter, renderMode: RenderMode): RenderedPage {
    const result: RenderedPage = { page, html: '', toc: [], readingTime: undefined, hasMermaid: false, hasMath: false, links: [], sideBlocks: [], usesApi: false, apiViewers: [], exampleKinds: [], classCandidates: [], messages: [] };
    if (source.kind === 'asyncapi') {
      const drawn = renderAsyncApiOperation({ page: source.model, mode: renderMode, highlight });
      return withFacts({ ...result, html: drawn.html, toc: drawn.toc }, drawn.facts);
    }
    const model = source.model;
    if (api.viewer !== 'docsgen' && renderMode === 'html') {
      const Viewer = builtinComponents[api.viewer === 'viewer-a' ? 'OpenApiViewerA' : api.viewer === 'viewer-b' ? 'OpenApiViewerB' : 'OpenApiViewerC']!;
      const value = { mode: renderMode, apiReference: apiContext(page.slug, highlight), onMessage: (message: RenderMessage) => result.messages.push({ ...message, file: page.file }) };
      const drawn = collectContentFacts(() => renderToString(h(RenderContext.Provider, { value }, h(Viewer, { spec: model.spec, method: model.method, path: model.path }))));
      return withFacts({ ...result, html: drawn.html }, drawn.facts);
    }
    // `x-mint.content`: the spec's own Markdown before the reference (sanitised: spec text).
    const proseHtml = model.content ? renderSpecMarkdown(model.content) : undefined;
    const drawn = renderApiOperation({ page: model, proseHtml, playground: playgroundOf(page), expandParameters: api.expandParameters, parameterPills: api.parameterPills, mode: renderMode, highlight, schemaFile: api.schemaFileOf(model.spec), moveSideContent: movesSideContent(page, renderMode) });
    return withFacts({ ...result, html: drawn.html, toc: drawn.toc }, drawn.facts);
  }

  /** The operation model of a hand-written API page, from its endpoint and the `<ParamField>`s its render found. */
  function mdxApiModel(page: PageInfo, mdxPage: MdxApiPage, result: RenderedPage): ApiPageModel {
    const model = buildMdxApiPage({ slug: page.slug, title: page.title, endpoint: mdxPage.endpoint, baseUrls: mdxPage.baseUrls, fields: result.paramFields, auth: mdxPage.auth, exampleParameters: exampleParametersOf(config) });
    applyExampleSettings([model], config);
    return model;
  }

  async function renderKept(slug: string): Promise<RenderedPage | undefined> {
    const cached = rendered.get(slug);
    // A spec change reloads the whole site: a generated page stays valid for the site's life.
    if (cached && (cached.page.api !== undefined || !(await modules.hasChanged(cached.page.file)))) return cached;
    const result = await render(slug, 'html');
    if (result && !result.messages.some((message) => message.fatal)) rendered.set(slug, result);
    return result;
  }

  return {
    render: renderKept,
    renderAs: render,
    renderMdx,
    changelogOf(page) {
      const entries = page.api === undefined ? modules.recordOf(page.file)?.data.changelog : undefined;
      return Array.isArray(entries) ? (entries as ChangelogEntry[]) : [];
    },
    dependencies(slug) {
      const page = pages.get(slug);
      if (!page) return [];
      const seen = new Map<string, string>();
      const specs = page.api ? [page.api.model.spec] : [...(specsUsed.get(slug) ?? [])];
      for (const dependency of api.dependencies(specs)) seen.set(dependency.file, dependency.hash);
      if (page.api) return [...seen].map(([file, hash]) => ({ file, hash }));
      const files = [page.file, ...overrides.values()];
      for (const file of files) for (const dependency of modules.dependenciesOf(file)) seen.set(dependency.file, dependency.hash);
      return [...seen].map(([file, hash]) => ({ file, hash }));
    },
    forget(slugs) {
      for (const slug of slugs) rendered.delete(slug);
    },
    release(slug) {
      rendered.delete(slug);
      specsUsed.delete(slug);
    },
  };
}

/** Whether the page's side content goes to the right-hand column: on the web page, in the default page mode. */
function movesSideContent(page: PageInfo, renderMode: RenderMode): boolean {
  return renderMode === 'html' && pageMode(page.frontmatter) === 'default';
}

/** The page with what a render of (more of) its content found added to what it has. */
function withFacts(result: RenderedPage, facts: ContentFacts): RenderedPage {
  const seen = new Set(result.links.map((link) => `${link.attribute}\0${link.value}`));
  return {
    ...result,
    links: [...result.links, ...facts.links.filter((link) => !seen.has(`${link.attribute}\0${link.value}`))],
    sideBlocks: [...result.sideBlocks, ...facts.sideBlocks],
    usesApi: result.usesApi || facts.usesApi,
    apiViewers: [...new Set([...result.apiViewers, ...facts.apiViewers])],
    exampleKinds: [...new Set([...result.exampleKinds, ...facts.exampleKinds])],
  };
}

/** The try-it settings of a page: docs.json's, with the page's frontmatter `playground` mode when it sets one. */
function pagePlayground(api: SiteApiReference, page: PageInfo | undefined): PlaygroundSettings {
  const mode = playgroundMode(page?.frontmatter.playground);
  return mode ? { ...api.playground, mode } : api.playground;
}

interface ApiContextInput {
  api: SiteApiReference;
  page: PageInfo | undefined;
  /** The specs the page uses, added to as it renders. */
  used: Set<string>;
  highlight: SampleHighlighter | undefined;
}

/** What `<OpenApiEndpoint>` and the viewers of one page read, recording the specs they use. */
function createApiContext({ api, page, used, highlight }: ApiContextInput): ApiReferenceContext {
  const claimed = new Map<string, number>();
  const record = <T>(found: T): T => {
    if (found && typeof found === 'object' && 'spec' in found && typeof found.spec === 'string') used.add(found.spec);
    return found;
  };
  return {
    findOperation: (spec, method, path) => record(api.findOperation(spec, method, path)),
    operationDocument: (spec, method, path) => {
      const model = api.findOperation(spec, method, path);
      if (model && model !== 'loading') used.add(model.spec);
      return api.operationDocument(spec, method, path);
    },
    playground: pagePlayground(api, page),
    expandParameters: api.expandParameters,
    parameterPills: api.parameterPills,
    claimIdPrefix: (key) => {
      const count = (claimed.get(key) ?? 0) + 1;
      claimed.set(key, count);
      return count === 1 ? key : `${key}${count}-`;
    },
    highlight,
    get viewerBundles() {
      return api.viewerBundles;
    },
    schemaFileOf: api.schemaFileOf,
  };
}

/**
 * What `docsgen dev` shows at the top of a page whose frontmatter `openapi` names no operation
 * (`docsgen check` reports it as an error): without it, the page would quietly show its title
 * and prose only.
 */
function unboundNotice(value: string, message: DocsgenMessage | undefined): string {
  const why = message ? ` ${escapeHtml(message.reason)}.` : '';
  return `<div class="dg-callout callout" data-type="danger" role="note" data-dg-dev-notice><span class="dg-callout-icon" aria-hidden="true"></span><div class="dg-callout-content"><p class="dg-callout-title">No API reference</p><p>This page's <code>openapi: ${escapeHtml(value)}</code> matches no operation, so it is shown without one.${why} <code>docsgen check</code> reports it as an error; this notice shows in <code>docsgen dev</code> only.</p></div></div>`;
}
