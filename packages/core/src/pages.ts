import type { ApiPageSource } from './api-reference.js';
import type { Frontmatter } from './frontmatter.js';
import type { PageFile } from './discover.js';

/** What the site knows about a page before compiling it: from the file and its frontmatter. */
export interface PageInfo extends PageFile {
  frontmatter: Frontmatter;
  /** `title`, else the first `# Heading` of the body, else the file name made readable. */
  title: string;
  /** Where `title` came from; a title from the body's heading is already on the page. */
  titleSource: 'frontmatter' | 'heading' | 'file';
  /** `sidebarTitle`, else the label `_meta.json` `titles` gives the page, else `title`. */
  sidebarTitle: string;
  description: string | undefined;
  /** `draft: true`: rendered in dev, left out of the build and of `virtual:docsgen/routes` there. */
  isDraft: boolean;
  /** `noindex: true` (or `robots` containing `noindex`): kept out of search engines and search. */
  isNoindex: boolean;
  /** `hidden: true`: published, but never listed in the sidebar. */
  isHidden: boolean;
  /** `url`: the page is a link to this address instead of content. */
  externalUrl: string | undefined;
  /**
   * The text has `<Update` somewhere (a code block counts too): the page may have a changelog
   * feed (`mayHaveFeed`), which compiling it tells for sure (default: `false`).
   */
  hasUpdates?: boolean | undefined;
  /** The operation's method (`GET`) or AsyncAPI action (`send`) of a generated page or a page bound with frontmatter `openapi` (default: none). */
  method?: string | undefined;
  /** A page generated from an API spec: its operation; `file` is then the spec (default: none, a page file). */
  api?: ApiPageSource | undefined;
  /**
   * `hashSource` of the file's text as the project was loaded (`loadProject` with
   * `hashSources`, as a build loads it), so the build need not read the file again to tell
   * whether its cached render is current (default: none).
   */
  sourceHash?: string | undefined;
}

export interface DescribePageOptions {
  /** Sidebar label from the folder's `_meta.json` `titles`, used when the frontmatter has no `sidebarTitle` (default: none). */
  folderLabel?: string | null | undefined;
}

/**
 * What `describePage` reads of a page's body: the first heading (only when the frontmatter has
 * no title) and whether `<Update` occurs. Small and JSON-safe: a dev server keeps it across
 * restarts instead of the body (`SiteLoadCache`).
 */
export interface PageBodyFacts {
  heading?: string | undefined;
  hasUpdates: boolean;
}

/** What `describePage` reads of `body`, given the page's frontmatter (pure). */
export function pageBodyFacts(frontmatter: Frontmatter, body: string): PageBodyFacts {
  const heading = frontmatterText(frontmatter, 'title') === undefined ? firstHeading(body) : undefined;
  return { ...(heading === undefined ? {} : { heading }), hasUpdates: /<Update[\s/>]/.test(body) };
}

/**
 * Builds a page's metadata from its frontmatter and body, or what `pageBodyFacts` read of it
 * (pure). What it keeps is copied out of the page's text: parsed values are slices of the whole
 * file to V8, and a site keeps its pages' metadata for its life (a build's threads, every page).
 */
export function describePage(page: PageFile, parsedFrontmatter: Frontmatter, body: string | PageBodyFacts, options?: DescribePageOptions | null): PageInfo {
  const frontmatter = structuredClone(parsedFrontmatter);
  const text = (key: string): string | undefined => frontmatterText(frontmatter, key);
  const facts = typeof body === 'string' ? pageBodyFacts(frontmatter, body) : body;
  const heading = text('title') === undefined ? copyOf(facts.heading) : undefined;
  const title = text('title') ?? heading ?? readableName(page.slug);
  const titleSource = text('title') !== undefined ? 'frontmatter' : heading !== undefined ? 'heading' : 'file';
  const robots = text('robots') ?? '';
  return {
    ...page,
    frontmatter,
    title,
    titleSource,
    sidebarTitle: text('sidebarTitle') ?? (options?.folderLabel || undefined) ?? title,
    description: text('description'),
    isDraft: frontmatter.draft === true,
    isNoindex: frontmatter.noindex === true || /\bnoindex\b/i.test(robots),
    isHidden: frontmatter.hidden === true,
    externalUrl: text('url'),
    ...(facts.hasUpdates ? { hasUpdates: true } : {}),
  };
}

/** A string of its own, not a slice that keeps a longer one (the page's text) alive. */
function copyOf(text: string | undefined): string | undefined {
  return text === undefined ? undefined : structuredClone(text);
}

/** A frontmatter text field, trimmed; `undefined` when absent or blank. */
function frontmatterText(frontmatter: Frontmatter, key: string): string | undefined {
  const value = frontmatter[key];
  // `title: 2026` is a number to YAML, and a title to the writer.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The text of the first `# Heading` outside fenced code, without inline markup. */
export function firstHeading(body: string): string | undefined {
  let fence: string | undefined;
  for (const line of body.split(/\r?\n/)) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === undefined) fence = marker[0];
      else if (marker[0] === fence) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^\s{0,3}#\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading) return heading.replace(/[*_`]/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim();
  }
  return undefined;
}

/** `guides/getting-started` → `Getting started`. */
export function readableName(slug: string): string {
  const name = slug.split('/').at(-1) ?? slug;
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : slug;
}
