import { listNavigationEntries, type DocsgenMessage, type NavAncestor } from '@docsgen/config';
import { agentInstructionsBlock, agentSpecLinks, inlineText, markdownUrl } from './agent-markdown.js';
import type { PageInfo } from './pages.js';
import { agentServers, defaultVariantFilter, listIndexablePages, normalizeSiteUrl, twinPath, type SiteOutputSite } from './site-outputs.js';
import { loadProjectSkills, skillOf, skillSlug, type SkillFile } from './skill-files.js';

// `skill.md` (https://agentskills.io/specification) and the skills discovery files: what an
// agent is told the product is and how to find answers in its documentation. Generated from
// docs.json and the pages' frontmatter (never their bodies), unless the project has its own.

/** The site fields the skill files read. */
export type SkillSite = Pick<SiteOutputSite, 'root' | 'config' | 'navigation' | 'pages' | 'homeSlug'> & Partial<Pick<SiteOutputSite, 'api'>>;

/** What the site serves to agents as skills. */
export interface SiteSkills {
  /** `/skill.md`: the project's root `skill.md` as written, else the generated one. */
  skillMd: string;
  /** The skills the discovery files list, each at `/.well-known/skills/<name>/SKILL.md`. */
  skills: SkillFile[];
  messages: DocsgenMessage[];
}

export interface GenerateSkillOptions {
  /** Absolute URL of the site; without one, links start with `/` (default: none). */
  siteUrl?: string | null | undefined;
  /** Whether the site serves its own MCP server at `/mcp`, which is then named first (default: `false`). */
  hasMcp?: boolean | null | undefined;
  /** The project's skill folders' skills, named under `## Skills` (default: none). */
  skills?: readonly SkillFile[] | null | undefined;
}

/** Groups of pages and operations listed at most, and entries of each (the rest is in llms.txt). */
const maxGroups = 16;
const maxPagesPerGroup = 5;
const maxOperationsPerGroup = 5;
/** Characters of a page description kept in a list. */
const maxDescription = 160;

/**
 * The site's skills. The project's own files win: a root `skill.md` is `/skill.md`, and it and
 * the `.mintlify/skills/<name>/SKILL.md` files are the skills listed. Without any, the
 * generated skill is both. With skill folders but no root file, `/skill.md` is the generated
 * one, which names the listed skills.
 */
export async function loadSiteSkills(site: SkillSite, options?: Pick<GenerateSkillOptions, 'siteUrl' | 'hasMcp'> | null): Promise<SiteSkills> {
  const project = await loadProjectSkills(site.root);
  if (project.root !== undefined) return { skillMd: project.root, skills: project.skills, messages: project.messages };
  const generated = generateSkill(site, { ...options, skills: project.skills });
  return { skillMd: generated.content, skills: project.skills.length > 0 ? project.skills : [generated], messages: project.messages };
}

/** `/.well-known/skills/index.json`: each skill's name, description and files (the Agent Skills Discovery RFC 0.1 shape the hosted platform serves). */
export function skillsIndexJson(skills: readonly SkillFile[]): string {
  return `${JSON.stringify({ skills: skills.map((skill) => ({ name: skill.name, description: skill.description, files: ['SKILL.md'] })) }, null, 2)}\n`;
}

/** `/.well-known/agent-skills/index.json`: the agent-skills 0.2.0 discovery index, with each file's digest. */
export function agentSkillsIndexJson(skills: readonly SkillFile[]): string {
  const entries = skills.map((skill) => ({ name: skill.name, type: 'skill-md', description: skill.description, url: `/.well-known/agent-skills/${skill.name}/SKILL.md`, digest: skill.digest }));
  return `${JSON.stringify({ $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json', skills: entries }, null, 2)}\n`;
}

/**
 * The generated skill: frontmatter `name` (the site name as a slug) and `description` (docs.json
 * `description`, else the home page's, and when to use the skill); then what the product is,
 * `markdown.instructions`, how to find answers (twins, llms.txt, llms-full.txt, MCP servers),
 * the navigation's top groups with their first pages, and the API reference's groups with
 * their first operations and the specs. Bounded: at most 16 groups of 5 entries each, with
 * descriptions cut to about 160 characters.
 */
export function generateSkill(site: SkillSite, options?: GenerateSkillOptions | null): SkillFile {
  const base = normalizeSiteUrl(options?.siteUrl) ?? '';
  const name = site.config?.name?.trim() || 'Documentation';
  const home = site.homeSlug === undefined ? undefined : site.pages.get(site.homeSlug);
  const about = site.config?.description?.trim() || home?.description?.trim() || `The documentation of ${name}.`;
  const slugs = listIndexablePages(site).filter(defaultVariantFilter(site));
  const isApi = (slug: string) => site.pages.get(slug)?.api !== undefined || site.api?.bindings.has(slug) === true;
  const hasApi = slugs.some(isApi);
  const description = `${about} Use this skill for any task about ${name}: it says where its ${hasApi ? 'documentation and API reference answer' : 'documentation answers'} questions, and how to read them as Markdown.`;

  const lines = ['---', `name: ${JSON.stringify(skillSlug(name) || 'docs')}`, `description: ${JSON.stringify(skillOf('', name, description).description)}`];
  if (base !== '') lines.push('metadata:', `  url: ${JSON.stringify(base)}`);
  lines.push('---', '', `# ${inlineText(name)}`, '', inlineText(about));
  if (home?.description && home.description.trim() !== about) lines.push('', inlineText(home.description));
  const instructions = agentInstructionsBlock(site.config);
  if (instructions !== undefined) lines.push('', instructions);

  lines.push('', '## Find answers in the documentation', '');
  lines.push(`- Every page is also Markdown: add \`.md\` to its address (${markdownLink(base, site.homeSlug ?? 'index')}), or ask for it with \`Accept: text/markdown\`.`);
  lines.push(`- [llms.txt](${markdownUrl(`${base}/llms.txt`)}) lists every page with a one-line description; [llms-full.txt](${markdownUrl(`${base}/llms-full.txt`)}) holds all of them in one file.`);
  const servers = [...(options?.hasMcp === true ? [`${base}/mcp`] : []), ...agentServers(site.config?.api?.mdx?.server, base)];
  if (servers.length > 0) lines.push(`- MCP (Model Context Protocol) servers with tools for this documentation: ${servers.map((url) => `[${inlineText(url)}](${markdownUrl(url)})`).join(', ')}.`);
  if (options?.skills && options.skills.length > 0) {
    lines.push('', '## Skills', '');
    for (const skill of options.skills) lines.push(`- [${skill.name}](${markdownUrl(`${base}/.well-known/skills/${skill.name}/SKILL.md`)}): ${inlineText(skill.description)}`);
  }

  const groups = topGroups(site, slugs);
  const pageGroups = groups.map((group) => ({ ...group, slugs: group.slugs.filter((slug) => !isApi(slug)) })).filter((group) => group.slugs.length > 0);
  if (pageGroups.length > 0) {
    lines.push('', '## Key pages');
    for (const group of pageGroups.slice(0, maxGroups)) {
      lines.push('', `### ${inlineText(group.title)}`, '');
      for (const slug of group.slugs.slice(0, maxPagesPerGroup)) {
        const page = site.pages.get(slug) as PageInfo;
        lines.push(`- [${inlineText(page.title)}](${markdownLink(base, slug)})${page.description ? `: ${inlineText(shortDescription(page.description))}` : ''}`);
      }
      if (group.slugs.length > maxPagesPerGroup) lines.push(`- ${group.slugs.length - maxPagesPerGroup} more in llms.txt`);
    }
    if (pageGroups.length > maxGroups) lines.push('', `${pageGroups.length - maxGroups} more groups are listed in llms.txt.`);
  }

  if (hasApi) {
    lines.push('', '## API reference');
    const specs = agentSpecLinks(site, slugs, base);
    if (specs.length > 0) lines.push('', ...specs.map((spec) => `- ${spec.kind === 'openapi' ? 'OpenAPI' : 'AsyncAPI'} spec: [${inlineText(spec.label)}](${markdownUrl(spec.url)})`));
    const apiGroups = apiGroupsOf(site, slugs.filter(isApi));
    for (const group of apiGroups.slice(0, maxGroups)) {
      lines.push('', `### ${inlineText(group.title)} (${group.slugs.length} ${group.slugs.length === 1 ? 'operation' : 'operations'})`, '');
      for (const slug of group.slugs.slice(0, maxOperationsPerGroup)) {
        const page = site.pages.get(slug) as PageInfo;
        lines.push(`- ${operationLabel(site, slug)}[${inlineText(page.title)}](${markdownLink(base, slug)})`);
      }
      if (group.slugs.length > maxOperationsPerGroup) lines.push(`- ${group.slugs.length - maxOperationsPerGroup} more in llms.txt`);
    }
    if (apiGroups.length > maxGroups) lines.push('', `${apiGroups.length - maxGroups} more groups are listed in llms.txt.`);
  }
  const skill = skillOf(`${lines.join('\n')}\n`, name, description);
  return skill.name === '' ? { ...skill, name: 'docs' } : skill;
}

function markdownLink(base: string, slug: string): string {
  return markdownUrl(base + twinPath(slug));
}

/** `` `GET /things` `` (or `` `send channel` ``) for an API page, with a space after; `''` for others. */
function operationLabel(site: SkillSite, slug: string): string {
  const api = site.pages.get(slug)?.api;
  const model = api?.kind === 'openapi' ? api.model : site.api?.bindings.get(slug);
  if (model && 'method' in model) return `\`${model.method} ${model.path}\`: `;
  if (api?.kind === 'asyncapi') return `\`${api.model.action} ${api.model.channel}\`: `;
  return '';
}

/** The slugs under each top-level group of the navigation (else their tab, else `Pages`), in navigation order. */
function topGroups(site: SkillSite, slugs: readonly string[]): Array<{ title: string; slugs: string[] }> {
  const wanted = new Set(slugs);
  const groups = new Map<string, string[]>();
  const placed = new Set<string>();
  const add = (title: string, slug: string): void => {
    placed.add(slug);
    const list = groups.get(title);
    if (list) list.push(slug);
    else groups.set(title, [slug]);
  };
  const entries = site.navigation ? listNavigationEntries(site.navigation).filter((entry) => entry.node.kind === 'page') : [];
  // A home page the navigation does not list leads, as in llms.txt.
  if (site.homeSlug !== undefined && wanted.has(site.homeSlug) && !entries.some((entry) => entry.slug === site.homeSlug)) add('Pages', site.homeSlug);
  for (const entry of entries) if (wanted.has(entry.slug) && !placed.has(entry.slug)) add(topTitle(entry.trail), entry.slug);
  for (const slug of slugs) if (!placed.has(slug)) add('Other pages', slug);
  return [...groups].map(([title, list]) => ({ title, slugs: list }));
}

function topTitle(trail: readonly NavAncestor[]): string {
  const group = trail.find((node) => node.kind === 'group' && node.title.trim() !== '');
  return group?.title.trim() ?? trail.findLast((node) => node.title.trim() !== '')?.title.trim() ?? 'Pages';
}

/**
 * API pages by the navigation group that lists them (for generated pages, their tag's group),
 * else by tag, in the order of their first page.
 */
function apiGroupsOf(site: SkillSite, slugs: readonly string[]): Array<{ title: string; slugs: string[] }> {
  const listedIn = new Map<string, string>();
  for (const entry of site.navigation ? listNavigationEntries(site.navigation) : []) {
    const group = entry.trail.findLast((node) => node.kind === 'group' && node.title.trim() !== '');
    if (group && !listedIn.has(entry.slug)) listedIn.set(entry.slug, group.title.trim());
  }
  const groups = new Map<string, string[]>();
  for (const slug of slugs) {
    const api = site.pages.get(slug)?.api;
    const title = listedIn.get(slug) ?? (api?.model ?? site.api?.bindings.get(slug))?.tag ?? (api?.kind === 'asyncapi' ? 'Channels' : 'Endpoints');
    const list = groups.get(title);
    if (list) list.push(slug);
    else groups.set(title, [slug]);
  }
  return [...groups].map(([title, list]) => ({ title, slugs: list }));
}

/** A description cut to about 160 characters, at a word. */
function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxDescription) return flat;
  const cut = flat.slice(0, maxDescription);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), maxDescription / 2)).replace(/[\s,;:.]+$/, '')}…`;
}
