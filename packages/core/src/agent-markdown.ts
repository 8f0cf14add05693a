import type { NavNode, ResolvedDocsConfig } from '@docsgen/config';
import { statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { assetFolders } from './media-files.js';
import type { PageInfo } from './pages.js';
import { publishedSpecFiles } from './spec-downloads.js';

// What the Markdown served to agents shares (twins, llms.txt, llms-full.txt, skill.md): the
// docs.json `markdown.instructions` block, the links to the API specs and out of the
// navigation, and text made safe for one Markdown line.

/**
 * docs.json `markdown.instructions` as the hosted platform writes it: a quote headed
 * `## Agent Instructions`, the instructions one per line (a list is joined with line breaks).
 * `undefined` when there are none (unset, empty, or only blank strings).
 */
export function agentInstructionsBlock(config: Pick<ResolvedDocsConfig, 'markdown'> | undefined): string | undefined {
  const value = config?.markdown?.instructions;
  const texts = (typeof value === 'string' ? [value] : (value ?? [])).map((text) => text.replace(/\r\n?/g, '\n').trim()).filter((text) => text !== '');
  if (texts.length === 0) return undefined;
  const lines = texts.join('\n').split('\n');
  return ['> ## Agent Instructions', ...lines.map((line) => (line.trim() === '' ? '>' : `> ${line.trimEnd()}`))].join('\n');
}

/** Markdown with the instructions block after it (`block` from `agentInstructionsBlock`); unchanged without one. */
export function appendAgentInstructions(markdown: string, block: string | undefined): string {
  if (block === undefined) return markdown;
  return `${markdown.trimEnd()}\n\n${block}\n`;
}

/** Markdown without the instructions block `appendAgentInstructions` put at its end. */
export function withoutAgentInstructions(markdown: string, block: string | undefined): string {
  if (block === undefined) return markdown;
  const trimmed = markdown.trimEnd();
  return trimmed.endsWith(block) ? trimmed.slice(0, -block.length).trimEnd() : markdown;
}

/** One API spec an agent can download: its name as llms.txt lists it (`openapi`) and its URL. */
export interface AgentSpecLink {
  kind: 'openapi' | 'asyncapi';
  /** The file name without its extension, as the hosted platform labels it (`openapi` for `api/openapi.json`). */
  label: string;
  /** Absolute URL, or a root-relative path without a site URL. */
  url: string;
}

/**
 * The specs behind the pages in `slugs` (generated API pages and pages bound to an operation),
 * each once, in the order of their first page: a remote spec at its URL, a local one only
 * where the site publishes it (for `download-spec`, or in an asset folder such as `public/`),
 * so no link leads nowhere.
 */
export function agentSpecLinks(
  site: { root: string; config: ResolvedDocsConfig | undefined; pages: ReadonlyMap<string, PageInfo>; api?: { bindings: ReadonlyMap<string, { spec: string }> } | undefined },
  slugs: readonly string[],
  base: string,
): AgentSpecLink[] {
  const published = publishedSpecFiles(site.root, site.config, site.pages.values());
  const seen = new Set<string>();
  const links: AgentSpecLink[] = [];
  for (const slug of slugs) {
    const page = site.pages.get(slug);
    const spec = page?.api?.model.spec ?? site.api?.bindings.get(slug)?.spec;
    if (spec === undefined || seen.has(spec)) continue;
    seen.add(spec);
    const kind = page?.api?.kind === 'asyncapi' ? 'asyncapi' : 'openapi';
    const url = specUrl(site.root, spec, published, base);
    if (url !== undefined) links.push({ kind, label: posix.basename(spec.split(/[?#]/)[0]!).replace(/\.[^.]*$/, '') || spec, url });
  }
  return links;
}

function specUrl(root: string, spec: string, published: ReadonlyMap<string, string>, base: string): string | undefined {
  if (/^https?:\/\//i.test(spec)) return spec;
  const path = spec.replace(/\\/g, '/').replace(/^(?:\.?\/)+/, '');
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment === '..' || segment.startsWith('.'))) return undefined;
  const isInAssetFolder = segments.length > 1 && (assetFolders as readonly string[]).includes(segments[0]!) && isFile(join(root, ...segments));
  if (!published.has(path) && !isInAssetFolder) return undefined;
  return `${base}/${segments.map(encodeURIComponent).join('/')}`;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The navigation's divisions (tabs, anchors, …) that link to an absolute http(s) URL, each URL once, in order. */
export function externalNavigationLinks(nodes: readonly NavNode[]): Array<{ title: string; href: string }> {
  const links = new Map<string, string>();
  const visit = (list: readonly NavNode[]): void => {
    for (const node of list) {
      if (node.kind === 'page' || node.kind === 'operation' || node.isHidden) continue;
      if (node.kind !== 'group' && node.href !== undefined && /^https?:\/\//i.test(node.href) && node.title.trim() !== '' && !links.has(node.href)) links.set(node.href, node.title);
      visit(node.children);
    }
  };
  visit(nodes);
  return [...links].map(([href, title]) => ({ title, href }));
}

/** Text on one Markdown line: whitespace collapsed, characters that would start links, HTML or code escaped. */
export function inlineText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/[\\[\]<>`]/g, '\\$&');
}

/** A URL as a Markdown link destination: characters that would end it percent-encoded. */
export function markdownUrl(url: string): string {
  return url.replace(/[\s()<>]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
