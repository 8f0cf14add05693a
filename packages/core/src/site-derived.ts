import { formatCodeFrame, type DocsgenMessage } from '@docsgen/config';
import { pageLanguage, renderNavigationFile, renderPageDocument, renderProblemsOverlay, serializeJsonForScript, type NavigationFile, type SiteLayoutData } from '@docsgen/renderer';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { agentInstructionsBlock, appendAgentInstructions } from './agent-markdown.js';
import { changelogFeed, feedHref, feedPath, hasFeed } from './changelog-feed.js';
import { cachedNavigationFile } from './navigation-file-cache.js';
import { notFoundRedirectHtml, renderNotFoundPage } from './not-found-page.js';
import type { PageRenderer } from './page-renderer.js';
import type { PageInfo } from './pages.js';
import { layoutDataOf, type SiteModel } from './site-model.js';
import type { Site, SiteOptions } from './site.js';
import { drawCard } from './social-cards.js';
import { tailwindCssPath } from './tailwind-css.js';
import { projectScriptCandidates } from './class-candidates.js';
import { twinTree } from './twin-tree.js';

// What a site derives from its rendered pages: the whole page document (in the theme's layout,
// or a page of messages), the Markdown twin, the changelog feed, the social card, the 404 page
// and the shared navigation file. Kept (twins, cards) while their inputs are unchanged.

/** The derived outputs of a site: the `Site` members of the same names. */
export type DerivedOutputs = Pick<Site, 'document' | 'markdown' | 'feed' | 'keepFeed' | 'cardPlan' | 'card' | 'notFound' | 'navigationFile'> & {
  /** Forgets what is kept of these pages (they changed). */
  forget(slugs: readonly string[]): void;
};

/** The derived outputs of a loaded site, made with its page renderer. */
export function createDerivedOutputs(model: SiteModel, renderer: PageRenderer, options?: Pick<SiteOptions, 'navigationCache'> | null): DerivedOutputs {
  const { root, config, navigation, pages, modules, chrome, cards, siteUrl, mode, messages } = model;
  const { changelogOf } = renderer;
  const twins = new Map<string, Twin>();
  // Feeds a build made where their pages rendered (`keepFeed`): not compiled again here.
  const keptFeeds = new Map<string, { path: string; xml: string | undefined } | undefined>();
  const drawnCards = new Map<string, { hash: string; card: Promise<{ png: Buffer; messages: DocsgenMessage[] }> }>();
  let navigationFile: NavigationFile | undefined;
  const devNavigationFileName = mode === 'dev' ? `navigation-${randomBytes(8).toString('hex')}.json` : undefined;
  const layoutData = (): SiteLayoutData => layoutDataOf(model);
  // Pages link the navigation file by name: a build's is made (or read from its cache) once per site.
  const layout = (): SiteLayoutData & { projectFiles: string[]; navigationFileName: string } => ({ ...layoutData(), projectFiles: model.projectFiles, navigationFileName: devNavigationFileName ?? derived.navigationFile().name });

  const writeTwin = createTwinWriter(model, renderer);

  const derived: DerivedOutputs = {
    // The navigation does not change for the life of a site: every page links the same file.
    // A build names it by its content; a dev server by a name of its own, so that its first
    // page is not held up rendering every group of a large sidebar (the file is rendered when
    // the client asks for it).
    navigationFile: () => {
      if (navigationFile) return navigationFile;
      if (devNavigationFileName) return (navigationFile = { ...renderNavigationFile(layoutData()), name: devNavigationFileName });
      const data = layoutData();
      return (navigationFile = options?.navigationCache ? cachedNavigationFile(options.navigationCache, data) : renderNavigationFile(data));
    },
    async markdown(slug) {
      const page = pages.get(slug);
      // Kept while the page and what it imports are unchanged (llms-full.txt asks for every page).
      const kept = twins.get(slug);
      if (kept && page && (page.api !== undefined || !(await modules.hasChanged(page.file)))) return kept;
      const twin = await writeTwin(slug);
      if (twin && page && !twin.messages.some((message) => message.fatal)) twins.set(slug, twin);
      return twin;
    },
    async document(slug, documentOptions) {
      const result = await renderer.render(slug);
      if (!result) return undefined;
      // A broken docs.json is shown on every page, with the page's own problems.
      const failed = [...messages.filter((message) => message.fatal), ...result.messages.filter((message) => message.fatal)];
      const contentHtml = failed.length > 0 ? renderProblems(root, failed) : result.html;
      const parts = await chrome.forPage(result.page, slug, pageLanguage(layoutData(), slug));
      const html = renderPageDocument({
        ...layout(),
        ...parts,
        title: failed.length > 0 ? `Cannot render ${result.page.relativePath}` : result.page.title,
        description: result.page.description,
        frontmatter: result.page.frontmatter,
        isNoindex: result.page.isNoindex,
        contentHtml,
        toc: failed.length > 0 ? [] : result.toc,
        readingTime: result.readingTime,
        hasMath: result.hasMath,
        hasMermaid: result.hasMermaid,
        hasApi: failed.length === 0 && result.usesApi,
        hasApiViewer: failed.length === 0 && result.apiViewers.length > 0,
        // Pages with class names, or every page when the project's scripts have some, link the
        // site's Tailwind stylesheet (written whenever there are class names).
        generatedCss:
          failed.length === 0 && (result.classCandidates.length > 0 || projectScriptCandidates(root, model.projectFiles).length > 0)
            ? [tailwindCssPath.slice(tailwindCssPath.indexOf('/') + 1)]
            : undefined,
        sideBlocks: failed.length > 0 ? [] : result.sideBlocks,
        showTitle: failed.length > 0 || result.page.titleSource !== 'heading',
        bodyEnd: parts.bodyEnd + (documentOptions?.bodyEnd ?? ''),
        slug,
        siteUrl,
        socialImage: cards.imageOf(result.page, siteUrl ?? documentOptions?.origin),
        islands: failed.length === 0 && result.islands ? serializeJsonForScript({ modules: result.islands }) : undefined,
        feed: failed.length === 0 && hasFeed(result.page, changelogOf(result.page)) ? feedHref(model, slug) : undefined,
      });
      return { html, messages: result.messages };
    },
    async feed(slug, feedOptions) {
      const page = pages.get(slug);
      if (!page || slug === '404' || page.api !== undefined) return undefined;
      // Kept with the site's own URL, or none: another origin makes the feed again.
      if (keptFeeds.has(slug) && (siteUrl !== undefined || feedOptions?.origin === undefined)) return keptFeeds.get(slug);
      // The page's own problems are reported where it renders.
      if ((await modules.link(page.file)).some((message) => message.fatal)) return undefined;
      const entries = changelogOf(page);
      if (!hasFeed(page, entries)) return undefined;
      const base = siteUrl ?? feedOptions?.origin;
      return { path: feedPath(model, slug), xml: base === undefined ? undefined : changelogFeed({ site: model, page, entries, siteUrl: base }) };
    },
    async cardPlan(slug, cardOptions) {
      const page = pages.get(slug);
      return page && (mode === 'dev' || !page.isDraft) ? cards.planOf(page, siteUrl ?? cardOptions?.origin) : undefined;
    },
    async card(slug, cardOptions) {
      const plan = await derived.cardPlan(slug, cardOptions);
      if (!plan) return undefined;
      let drawn = drawnCards.get(slug);
      if (drawn?.hash !== plan.hash) {
        drawn = { hash: plan.hash, card: drawCard(plan) };
        drawnCards.set(slug, drawn);
        drawn.card.catch(() => drawnCards.delete(slug));
      }
      return { ...(await drawn.card), hash: plan.hash };
    },
    async notFound(documentOptions) {
      const custom = pages.has('404') ? await derived.document('404', documentOptions) : undefined;
      // The project's own page, sending the reader on as the built-in one does with `errors.404.redirect`.
      if (custom && config?.errors?.['404']?.redirect === true) {
        const redirect = notFoundRedirectHtml({ layout: layout(), navigablePages: model.navigablePages, pages });
        return { ...custom, html: custom.html.includes('</body>') ? custom.html.replace('</body>', () => `${redirect}</body>`) : custom.html + redirect };
      }
      if (custom) return custom;
      const parts = await chrome.forPage(undefined, '404');
      const html = renderNotFoundPage({
        layout: layout(),
        siteName: config?.name ?? 'docsgen',
        navigablePages: model.navigablePages,
        pages,
        errors: config?.errors?.['404'],
        headEnd: parts.headEnd,
        bodyEnd: parts.bodyEnd + (documentOptions?.bodyEnd ?? ''),
      });
      return { html, messages: [] };
    },
    keepFeed(slug, feed) {
      keptFeeds.set(slug, feed);
    },
    forget(slugs) {
      for (const slug of slugs) {
        twins.delete(slug);
        keptFeeds.delete(slug);
      }
    },
  };
  return derived;
}

/** Writes pages' Markdown twins: from their API model, their syntax tree, or their rendered HTML. */
function createTwinWriter(model: SiteModel, renderer: PageRenderer): (slug: string) => Promise<Twin | undefined> {
  const { pages, api, modules, siteUrl } = model;
  const { renderMdx } = renderer;
  const render = renderer.renderAs;
  const instructions = agentInstructionsBlock(model.config);
  const twinOf = (page: PageInfo, body: string, messages: DocsgenMessage[], via: TwinPath): Twin => ({ ...writeTwinOf(page, body, messages, instructions), via });

  /** The page's Markdown twin, written now. */
  async function writeTwin(slug: string): Promise<Twin | undefined> {
    const page = pages.get(slug);
    if (!page) return undefined;
    // The HTML-to-Markdown stack (about a hundred modules) and the API twin writers load with
    // the first twin that needs them, not at start-up: a dev server serves its first page
    // without them, and a site of plain Markdown never loads them.
    // API pages are written as Markdown from their model: far faster than from their HTML.
    if (page.api) {
      const { apiOperationMarkdown, asyncOperationMarkdown } = await import('./api-markdown.js');
      return twinOf(page, page.api.kind === 'openapi' ? apiOperationMarkdown(page.api.model, { parameterPills: api.parameterPills }) : asyncOperationMarkdown(page.api.model), [], 'api');
    }
    const bound = api.bindings.get(slug);
    if (bound) {
      const [{ apiOperationMarkdown }, { toMarkdownTwin }] = await Promise.all([import('./api-markdown.js'), import('@docsgen/mdx-transforms/markdown-twin')]);
      const result = await renderMdx(page, 'markdown');
      if (result.messages.some((message) => message.fatal)) return twinOf(page, toMarkdownTwin(result.html, { siteUrl }), result.messages, 'bound');
      const proseMarkdown = toMarkdownTwin(result.html, { siteUrl });
      return twinOf(page, apiOperationMarkdown(bound, { proseMarkdown, parameterPills: api.parameterPills, pageExamples: result.exampleKinds }), result.messages, 'bound');
    }
    const mdxPage = api.mdxPages.get(slug);
    if (mdxPage) {
      const { toMarkdownTwin } = await import('@docsgen/mdx-transforms/markdown-twin');
      const result = await renderMdx(page, 'markdown');
      const prose = toMarkdownTwin(result.html, { siteUrl });
      if (result.messages.some((message) => message.fatal)) return twinOf(page, prose, result.messages, 'bound');
      // The endpoint line first, as a bound page's twin starts (`apiOperationMarkdown`).
      const base = (mdxPage.baseUrls[0] ?? '').replace(/\/+$/, '');
      const line = `\`${mdxPage.endpoint.method} ${(base + mdxPage.endpoint.path).replace(/`/g, '%60')}\``;
      return twinOf(page, prose.trim() === '' ? line : `${line}\n\n${prose.trim()}`, result.messages, 'bound');
    }
    // Plain Markdown is its own twin; a page without components but code blocks gets its twin
    // straight from its tree.
    const direct = await twinFromTree(page);
    if (direct) return direct;
    const result = (await render(slug, 'markdown'))!;
    const { toMarkdownTwin } = await import('@docsgen/mdx-transforms/markdown-twin');
    return twinOf(page, toMarkdownTwin(result.html, { siteUrl }), result.messages, 'html');
  }

  /** The twin of a page whose compiled tree has no component but code blocks (`twinTree`); `undefined` otherwise. */
  async function twinFromTree(page: PageInfo): Promise<Twin | undefined> {
    const messages = await modules.link(page.file);
    const record = modules.recordOf(page.file);
    const tree = record?.tree;
    if (messages.some((message) => message.fatal) || !tree) return undefined;
    // Plain Markdown is its own twin.
    if (record.markdown !== undefined) return twinOf(page, record.markdown, messages, 'source');
    const twinnable = twinTree(tree);
    if (!twinnable) return undefined;
    const { hastToMarkdownTwin } = await import('@docsgen/mdx-transforms/markdown-twin');
    return twinOf(page, hastToMarkdownTwin(twinnable, { siteUrl }), messages, 'tree');
  }

  return writeTwin;
}

/**
 * How a twin was written: from the page's API model (`api`), its rendered prose and the bound
 * operation (`bound`), its own Markdown source (`source`), its syntax tree (`tree`) or its
 * Markdown-mode HTML (`html`). Not part of `Site.markdown`'s type: `bench/twin.mjs` reads it.
 */
type TwinPath = 'api' | 'bound' | 'source' | 'tree' | 'html';

/** A page's Markdown twin and the messages of writing it. */
type Twin = { markdown: string; messages: DocsgenMessage[]; via?: TwinPath };

/**
 * The twin of `page` from its body: its title (unless the body starts with it) and description
 * above, docs.json's `markdown.instructions` block (`instructions`) below.
 */
function writeTwinOf(page: PageInfo, body: string, messages: DocsgenMessage[], instructions: string | undefined): Twin {
  const title = page.titleSource === 'heading' ? undefined : `# ${page.title}`;
  const head = [title, page.description].filter(Boolean).join('\n\n');
  return { markdown: appendAgentInstructions([head, body].filter((part) => part.trim() !== '').join('\n\n').trimEnd() + '\n', instructions), messages };
}


function renderProblems(root: string, messages: DocsgenMessage[]): string {
  const sources = new Map<string, string | undefined>();
  const frameOf = (message: DocsgenMessage): string => {
    if (!message.file || message.line === undefined) return '';
    if (!sources.has(message.file)) {
      let text: string | undefined;
      try {
        text = readFileSync(message.file, 'utf8');
      } catch {
        text = undefined;
      }
      sources.set(message.file, text);
    }
    const text = sources.get(message.file);
    return text === undefined ? '' : formatCodeFrame(text, message.line, message.column);
  };
  return renderProblemsOverlay(
    messages.map((message) => {
      let location = message.file ? relative(root, message.file).split(sep).join('/') || '.' : '';
      if (message.line !== undefined) location += `:${message.line}:${message.column ?? 1}`;
      return {
        location,
        severity: message.fatal ? 'error' : 'warning',
        reason: message.note ? `${message.reason}. ${message.note}` : message.reason,
        ruleId: message.ruleId,
        frame: frameOf(message),
      };
    }),
  );
}
