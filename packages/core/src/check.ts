import {
  compareMessages,
  type DocsgenMessage,
  type NavigationModel,
  type ResolvedDocsConfig,
} from '@docsgen/config';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { checkRedirectRules } from './adapter-rules.js';
import { checkProjectIcons } from './check-icons.js';
import type { PageFile } from './discover.js';
import { placeOnFrontmatter, type Frontmatter } from './frontmatter.js';
import { loadCustomLanguages } from './custom-languages.js';
import { checkNavigationPages, loadProject, projectFolderProblem, type LoadedProject } from './project.js';
import { loadProjectSkills } from './skill-files.js';

/** What `checkProject` found. */
export interface CheckResult {
  /** Every message, errors and warnings, sorted by file, line and column. */
  messages: DocsgenMessage[];
  /** The resolved configuration, unless docs.json has errors. */
  config: ResolvedDocsConfig | undefined;
  /** The navigation model, unless docs.json has errors. */
  navigation: NavigationModel | undefined;
  /** Every page file with its frontmatter. */
  pages: CheckedPage[];
}

export interface CheckedPage extends PageFile {
  frontmatter: Frontmatter;
}

const source = '@docsgen/core';

export interface CheckProjectOptions {
  /** Compile and render every page, reporting MDX, import and component errors (default: `true`). */
  compile?: boolean | null | undefined;
}

/**
 * Validates a project: docs.json (schema, includes, navigation), that every page the
 * navigation lists exists as `<slug>.mdx` or `<slug>.md`, every page's frontmatter, and (unless
 * `compile: false`) that every page compiles and renders. Never throws for bad project
 * content; problems come back as messages.
 */
export async function checkProject(root: string, options?: CheckProjectOptions | null): Promise<CheckResult> {
  const messages: DocsgenMessage[] = [];
  const empty: CheckResult = { messages, config: undefined, navigation: undefined, pages: [] };
  const missing = projectFolderProblem(root, 'check');
  if (missing) {
    messages.push(missing);
    return empty;
  }

  const project = await loadProject(root);
  const { files, navigation } = project;
  messages.push(...project.messages);
  if (navigation) messages.push(...checkNavigationPages(navigation, files, project.locate));
  messages.push(...findDuplicateSources(files));
  messages.push(...checkProjectIcons(project));
  // The redirects every adapter writes: what would stop `docsgen build` is an error here too.
  if (project.config) messages.push(...checkRedirectRules(project.config.redirects ?? [], project.locate).messages);
  messages.push(...(await checkApiSpecs(root, project)));
  messages.push(...(await loadCustomLanguages({ root, config: project.config, locate: project.locate })).messages);
  // The project's skill files (`skill.md`, `.mintlify/skills`), as build and dev report them.
  messages.push(...(await loadProjectSkills(root)).messages);
  if (options?.compile !== false) messages.push(...(await compilePages(root, [...new Set(files.map((file) => file.slug))])));
  return { messages: messages.sort(compareMessages), config: project.config, navigation, pages: project.entries };
}

/**
 * Compiles and renders every page; returns only what compiling adds (frontmatter and config
 * messages are already in). Large projects are split across worker threads, one per core (at
 * most 4), each with a site of its own; small ones, and runs from TypeScript sources (tests),
 * stay in this thread.
 */
async function compilePages(root: string, slugs: string[]): Promise<DocsgenMessage[]> {
  const workerFile = new URL('./check-worker.js', import.meta.url);
  const threads = Math.min(4, availableParallelism(), Math.ceil(slugs.length / 100));
  let results: DocsgenMessage[][];
  if (threads > 1 && existsSync(workerFile)) {
    const chunks = Array.from({ length: threads }, (_, index) => slugs.filter((_, at) => at % threads === index));
    results = await Promise.all(chunks.map((chunk) => runWorker(workerFile, { root, slugs: chunk })));
  } else {
    results = [await compileSlugs(root, slugs)];
  }
  const messages: DocsgenMessage[] = [];
  const seen = new Set<string>();
  for (const message of results.flat()) {
    // A snippet's problem is found once per page that imports it; report it once.
    const key = `${message.file}:${message.line}:${message.column}:${message.ruleId}:${message.reason}`;
    if (!seen.has(key)) seen.add(key), messages.push(message);
  }
  return messages;
}

/** Renders `slugs` of the project in this thread and returns their messages. */
export async function compileSlugs(root: string, slugs: readonly string[]): Promise<DocsgenMessage[]> {
  // Loaded on demand: the compilers, Shiki and Preact take most of a second to load, which a
  // `--config-only` check should not pay.
  const { createSite } = await import('./site.js');
  const site = await createSite(root);
  const messages: DocsgenMessage[] = [];
  const { findBrokenLinks } = await import('./check-links.js');
  for (const slug of slugs) {
    const rendered = await site.render(slug);
    messages.push(...(rendered?.messages ?? []));
    if (rendered && !rendered.messages.some((message) => message.fatal)) messages.push(...findBrokenLinks(site, slug, rendered.links));
    // Nothing is kept of a checked page: memory stays flat however many pages a thread checks.
    site.release(slug);
  }
  return messages;
}

function runWorker(file: URL, data: { root: string; slugs: string[] }): Promise<DocsgenMessage[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: data });
    worker.once('message', (messages: DocsgenMessage[]) => resolve(messages));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`Cannot check pages: a worker thread stopped with exit code ${code}`));
    });
  });
}

/**
 * The API specs docs.json names (`api.openapi`, `api.asyncapi`, a division's `openapi`) and the
 * operations the navigation and frontmatter bind to: parse, `$ref`, schema and lookup problems.
 * The spec tooling is loaded only for projects that have specs.
 */
async function checkApiSpecs(root: string, project: Awaited<ReturnType<typeof loadProject>>): Promise<DocsgenMessage[]> {
  const bindings = project.entries
    .filter((page) => typeof page.frontmatter.openapi === 'string')
    .map((page) => ({ value: page.frontmatter.openapi as string, place: { file: page.file } }));
  if (!project.config || (bindings.length === 0 && !/"(?:openapi|asyncapi)"\s*:/.test(JSON.stringify(project.config)))) return [];
  const { checkSpecs } = await import('@docsgen/openapi-pages');
  const result = await checkSpecs(root, project.config, { locate: project.locate, frontmatter: bindings, isIgnored: project.isIgnored });
  return placeOnFrontmatter(result.messages, new Set(bindings.map((binding) => binding.place.file)), 'openapi');
}

function findDuplicateSources(files: PageFile[]): DocsgenMessage[] {
  const messages: DocsgenMessage[] = [];
  for (let index = 1; index < files.length; index += 1) {
    const previous = files[index - 1];
    const page = files[index];
    if (!previous || !page || previous.slug !== page.slug) continue;
    messages.push({
      reason: `Unexpected second source \`${page.relativePath}\` for page \`${page.slug}\`, \`${previous.relativePath}\` is used`,
      ruleId: 'page-duplicate-source',
      source,
      fatal: false,
      file: page.file,
      note: 'Keep one of the two files.',
    });
  }
  return messages;
}
