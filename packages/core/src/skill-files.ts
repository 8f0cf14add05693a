import type { DocsgenMessage } from '@docsgen/config';
import { isInside } from '@docsgen/util/is-inside';
import { createHash } from 'node:crypto';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { parseFrontmatter } from './frontmatter.js';

// The project's own skill files (agentskills.io `SKILL.md` format): a `skill.md` at the root,
// which takes the place of the generated one, and one folder per skill under
// `.mintlify/skills/` (the hosted platform's place for several). Read from the disk on each
// call: the dev server sees edits at once, and the build reads them once per output.

/** One skill as the discovery files list it. */
export interface SkillFile {
  /** URL-safe name (`acme-payments`): its frontmatter `name` made a slug. */
  name: string;
  /** Frontmatter `description`, at most 1,024 characters. */
  description: string;
  /** The file as written (the generated one: as made). */
  content: string;
  /** `sha256:<hex>` of the content's UTF-8 bytes. */
  digest: string;
}

/** The project's skills: the root `skill.md` (when there is one, listed or not) and every usable skill, root first. */
export interface ProjectSkills {
  /** The root `skill.md` as written, served at `/skill.md` as it is. */
  root: string | undefined;
  /** Skills with a usable name and description, each name once, root first, then folders by name. */
  skills: SkillFile[];
  messages: DocsgenMessage[];
}

const source = '@docsgen/core';
/** Where several skills live, one folder each with a `SKILL.md`, as the hosted platform reads them. */
export const skillsFolder = '.mintlify/skills';
const maxDescription = 1024;
const maxNameLength = 64;

/** `name` as the discovery files name a skill: lower-case letters, digits and single hyphens, at most 64 characters (`''` when nothing is left). */
export function skillSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxNameLength)
    .replace(/^-+|-+$/g, '');
}

/** `sha256:<hex>` of text as UTF-8. */
export function skillDigest(content: string): string {
  return `sha256:${createHash('sha256').update(content, 'utf8').digest('hex')}`;
}

/** A skill from its text and frontmatter name and description. */
export function skillOf(content: string, name: string, description: string): SkillFile {
  return { name: skillSlug(name), description: description.replace(/\s+/g, ' ').trim().slice(0, maxDescription), content, digest: skillDigest(content) };
}

/** Reads the root `skill.md` and the skill folders of the project at `root`. */
export async function loadProjectSkills(root: string): Promise<ProjectSkills> {
  const messages: DocsgenMessage[] = [];
  const realRoot = await realpath(root);
  const skills: SkillFile[] = [];
  const add = (file: string, text: string, isRoot: boolean): void => {
    const skill = readSkill(file, text, messages);
    // A skill for some user groups is for signed-in readers; a docsgen site has none.
    if (!skill || skill.isGrouped) return;
    if (skills.some((other) => other.name === skill.skill.name)) {
      messages.push({ reason: `Not listing the skill in \`${relative(root, file)}\`: another skill is named \`${skill.skill.name}\``, ruleId: 'skill-name-duplicate', source, fatal: false, file, line: 2, column: 1, note: `Give each skill its own \`name\`; ${isRoot ? 'the root skill.md' : 'the first one found'} is listed.` });
      return;
    }
    skills.push(skill.skill);
  };
  const rootFile = join(root, 'skill.md');
  const rootText = await readInside(realRoot, rootFile, messages);
  if (rootText !== undefined) add(rootFile, rootText, true);
  const folder = await skillsFolderOf(realRoot, root, messages);
  if (folder !== undefined) {
    const names = (await readdir(folder, { withFileTypes: true }).catch(() => [])).map((entry) => entry.name).filter((name) => !name.startsWith('.')).sort();
    for (const name of names) {
      const file = join(folder, name, 'SKILL.md');
      const text = await readInside(realRoot, file, messages);
      if (text !== undefined) add(file, text, false);
    }
  }
  return { root: rootText, skills, messages };
}

/**
 * The skills folder: `.mintlify/skills`, a folder or a link to one inside the project. A
 * repository checked out where links are not made (git's `core.symlinks=false`) has a small
 * file holding the link's target (`../skills`) instead: it is followed the same way.
 */
async function skillsFolderOf(realRoot: string, root: string, messages: DocsgenMessage[]): Promise<string | undefined> {
  const path = join(root, skillsFolder);
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return undefined;
  }
  const info = await stat(real);
  if (info.isFile() && info.size < 1024) {
    const target = (await readFile(real, 'utf8')).trim();
    if (target === '' || /[\n\0]/.test(target)) return undefined;
    return skillsFolderAt(realRoot, resolve(dirname(path), target), path, messages);
  }
  return info.isDirectory() ? skillsFolderAt(realRoot, path, path, messages) : undefined;
}

async function skillsFolderAt(realRoot: string, folder: string, named: string, messages: DocsgenMessage[]): Promise<string | undefined> {
  let real: string;
  try {
    real = await realpath(folder);
    if (!(await stat(real)).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  if (isInside(realRoot, real)) return real;
  messages.push({ reason: `Not publishing the skills in \`${skillsFolder}\`: it is a link to a folder outside the project`, ruleId: 'build-link-outside', source, fatal: false, file: named });
  return undefined;
}

/** A regular file whose real path is inside the project, as text; `undefined` when there is none (or it links out, with a warning). */
async function readInside(realRoot: string, file: string, messages: DocsgenMessage[]): Promise<string | undefined> {
  let real: string;
  try {
    real = await realpath(file);
    if (!(await stat(real)).isFile()) return undefined;
  } catch {
    return undefined;
  }
  if (!isInside(realRoot, real)) {
    messages.push({ reason: `Not publishing \`${basename(dirname(file))}/${basename(file)}\`: it is a link to a file outside the project`, ruleId: 'build-link-outside', source, fatal: false, file });
    return undefined;
  }
  return readFile(real, 'utf8');
}

/** The skill a file holds, when its frontmatter has a usable `name` and `description`; a warning otherwise. */
function readSkill(file: string, text: string, messages: DocsgenMessage[]): { skill: SkillFile; isGrouped: boolean } | undefined {
  const parsed = parseFrontmatter(text, { file });
  messages.push(...parsed.messages.map((message) => ({ ...message, fatal: false })));
  if (parsed.messages.some((message) => message.fatal)) return undefined;
  const { name, description, groups } = parsed.data;
  const problem =
    typeof name !== 'string' || skillSlug(name) === ''
      ? '`name` (letters or digits, made a URL-safe slug)'
      : typeof description !== 'string' || description.trim() === ''
        ? '`description` (what the skill does and when to use it)'
        : undefined;
  if (problem !== undefined) {
    messages.push({
      reason: `Not listing the skill in \`${file.split(sep).slice(-2).join('/')}\`: its frontmatter has no ${problem}`,
      ruleId: 'skill-frontmatter-invalid',
      source,
      fatal: false,
      file,
      line: 1,
      column: 1,
      note: 'A skill file starts with YAML frontmatter holding at least `name` and `description` (https://agentskills.io/specification).',
    });
    return undefined;
  }
  return { skill: skillOf(text, name as string, description as string), isGrouped: Array.isArray(groups) && groups.length > 0 };
}
