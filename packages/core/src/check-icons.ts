import type { DocsgenMessage, NavNode } from '@docsgen/config';
import { findUnknownIcon } from '@docsgen/renderer';
import type { LoadedProject } from './project.js';

// The icons a project names outside its pages' bodies, checked against the icon libraries.

const source = '@docsgen/core';

/**
 * Icons of the navigation (groups, tabs, anchors, …) and of pages' frontmatter that the icon
 * library does not have, nor any fallback (`icon-unknown`, warnings): the sidebar shows a placeholder. Icons in
 * page bodies are reported when the pages render. `docsgen check` reports these, and so do the
 * build and the dev server as they load the site.
 */
export function checkProjectIcons(project: Pick<LoadedProject, 'config' | 'navigation' | 'entries' | 'locate'>): DocsgenMessage[] {
  const library = project.config?.icons?.library;
  const messages: DocsgenMessage[] = [];
  const check = (icon: unknown, place: { file?: string | undefined; line?: number | undefined; column?: number | undefined } | undefined, iconType?: unknown): void => {
    const unknown = findUnknownIcon(icon, { library, iconType: typeof iconType === 'string' ? iconType : undefined });
    if (!unknown) return;
    messages.push({
      reason: `Unknown icon \`${unknown.name}\` in icon library \`${unknown.library ?? 'fontawesome'}\``,
      ruleId: 'icon-unknown',
      source,
      fatal: false,
      file: place?.file,
      line: place?.line,
      column: place?.column,
      actual: unknown.name,
      note: 'A dashed-circle placeholder is shown in the sidebar; icon names are those of Font Awesome Free, Lucide or Tabler (in any case), and Font Awesome Pro names docsgen knows are drawn with the closest free icon.',
    });
  };
  // `global` entries sit in every variant: each is checked once.
  const seen = new Set<NavNode>();
  const walk = (nodes: readonly NavNode[]): void => {
    for (const node of nodes) {
      if (seen.has(node)) continue;
      seen.add(node);
      if ('icon' in node && node.icon !== undefined) check(node.icon, project.locate([...node.configPath, 'icon']) ?? project.locate(node.configPath));
      if ('children' in node) walk(node.children);
    }
  };
  if (project.navigation) walk(project.navigation.children);
  for (const page of project.entries) {
    if (page.frontmatter.icon !== undefined) check(page.frontmatter.icon, { file: page.file }, page.frontmatter.iconType);
  }
  return messages;
}
