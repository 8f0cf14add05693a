import type { DocsgenMessage } from '@docsgen/config';
import { relative, sep } from 'node:path';
import type { Site } from './site.js';

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
}

/**
 * Renders one page the way the build writes it: the HTML document and the Markdown twin, with
 * what the output depends on. The page's messages come once, not once per output.
 */
export async function renderBuiltPage(site: Site, slug: string): Promise<BuiltPage> {
  const document = await site.document(slug);
  const rendered = await site.render(slug);
  const failed = (document?.messages ?? []).some((message) => message.fatal);
  const twin = failed ? undefined : await site.markdown(slug);
  const dependencies = site.dependencies(slug).map(({ file, hash }) => ({ file: relative(site.root, file).split(sep).join('/'), hash }));
  return {
    slug,
    html: document?.html ?? '',
    markdown: twin?.markdown ?? '',
    messages: document?.messages ?? [{ reason: `Cannot render page \`${slug}\`: unknown slug`, ruleId: 'build-unknown-page', source: '@docsgen/core', fatal: true }],
    dependencies,
    hasMath: rendered?.hasMath === true,
    hasMermaid: rendered?.hasMermaid === true,
  };
}
