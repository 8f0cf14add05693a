import type { DocsgenMessage } from '@docsgen/config';
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { mayHaveFeed } from './changelog-feed.js';
import type { Site } from './site.js';
import { drawCard } from './social-cards.js';

/** What rendering one page for the build produces; plain data, so it crosses worker threads. */
export interface BuiltPage {
  slug: string;
  html: string;
  markdown: string;
  messages: DocsgenMessage[];
  /** Project files the output depends on (posix, relative to the root) with their content hashes. */
  dependencies: Array<{ file: string; hash: string }>;
  hasMath: boolean;
  hasMermaid: boolean;
  /** The page shows an API operation (`RenderedPage.usesApi`), an embeddable viewer (`apiViewers`), interactive components (`islands`); none when it failed. */
  uses: { api: boolean; apiViewers: string[]; islands: boolean };
  /** The page's class names, for the site's Tailwind stylesheet (`RenderedPage.classCandidates`). */
  classCandidates: string[];
  /**
   * The page's changelog feed, made while its module was at hand (`Site.feed`), for pages that
   * may have one (`mayHaveFeed`); `null` when it has none after all. Absent for other pages.
   */
  feed?: { path: string; xml?: string | undefined } | null | undefined;
  /**
   * The page's social card: its input hash, the PNG when it was drawn now (not when the card
   * cache already held it), and the card's warnings. Absent for pages without a generated card.
   */
  card?: { hash: string; png?: Uint8Array | undefined; messages: DocsgenMessage[] } | undefined;
}

export interface RenderBuiltPageOptions {
  /** Folder of cached cards (`<hash>.png`): a card found there is not drawn again (default: none, always draw). */
  cardFolder?: string | null | undefined;
}

/**
 * Renders one page the way the build writes it: the HTML document, the Markdown twin and the
 * social card, with what the output depends on. The page's messages come once, not once per
 * output.
 */
export async function renderBuiltPage(site: Site, slug: string, options?: RenderBuiltPageOptions | null): Promise<BuiltPage> {
  const document = await site.document(slug);
  const rendered = await site.render(slug);
  const failed = (document?.messages ?? []).some((message) => message.fatal);
  const twin = failed ? undefined : await site.markdown(slug);
  const dependencies = site.dependencies(slug).map(({ file, hash }) => ({ file: relative(site.root, file).split(sep).join('/'), hash }));
  const messages = document?.messages ?? [{ reason: `Cannot render page \`${slug}\`: unknown slug`, ruleId: 'build-unknown-page', source: '@docsgen/core', fatal: true }];
  const built: BuiltPage = {
    slug,
    html: document?.html ?? '',
    markdown: twin?.markdown ?? '',
    messages,
    dependencies,
    hasMath: rendered?.hasMath === true,
    hasMermaid: rendered?.hasMermaid === true,
    uses: failed || !rendered ? { api: false, apiViewers: [], islands: false } : { api: rendered.usesApi, apiViewers: rendered.apiViewers, islands: rendered.islands !== undefined },
    classCandidates: rendered?.classCandidates ?? [],
  };
  // Its feed now, before the build lets go of the compiled page: not compiled again for it.
  const page = site.pages.get(slug);
  if (!failed && page && mayHaveFeed(page)) built.feed = (await site.feed(slug)) ?? null;
  const plan = failed || !document ? undefined : await site.cardPlan(slug);
  if (plan) {
    const folder = options?.cardFolder;
    if (folder && existsSync(join(folder, `${plan.hash}.png`))) {
      built.card = { hash: plan.hash, messages: [] };
    } else {
      try {
        const drawn = await drawCard(plan);
        built.card = { hash: plan.hash, png: drawn.png, messages: drawn.messages };
      } catch (error) {
        messages.push({
          reason: `Cannot draw the social card of \`${slug}\`: ${error instanceof Error ? error.message : String(error)}`,
          ruleId: 'card-render-failed',
          source: '@docsgen/core',
          fatal: true,
          note: 'Check `thumbnails` and `colors` in docs.json, or turn cards off with `thumbnails.enabled: false`.',
        });
      }
    }
  }
  return built;
}
