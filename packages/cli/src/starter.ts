/**
 * The starter project `docsgen init` writes: a docs.json with tabs and groups and a few
 * pages that explain themselves. `$schema` is filled in by the caller.
 */
export function createStarterFiles(schema: string): Record<string, string> {
  const config = {
    $schema: schema,
    name: 'My project',
    description: 'Documentation for My project.',
    colors: { primary: '#2563eb' },
    navigation: {
      tabs: [
        {
          tab: 'Guides',
          groups: [
            { group: 'Get started', pages: ['index', 'quickstart'] },
            { group: 'Writing', pages: ['writing/pages', 'writing/navigation'] },
          ],
        },
        {
          tab: 'Reference',
          groups: [{ group: 'Reference', pages: ['reference/configuration'] }],
        },
      ],
    },
  };
  return {
    'docs.json': `${JSON.stringify(config, null, 2)}\n`,
    'index.mdx': page(
      'Introduction',
      'Welcome to the documentation of My project.',
      `This site is built with docsgen from the files in this folder.

- \`docs.json\` holds the site's name, colours and navigation.
- Every \`.mdx\` or \`.md\` file is a page; its path is its URL.

Start with the [quickstart](/quickstart).`,
    ),
    'quickstart.mdx': page(
      'Quickstart',
      'Check the project and see it in the browser.',
      `Check the project for mistakes:

\`\`\`bash
npx docsgen check
\`\`\`

Every problem is reported with its file, line and column.`,
    ),
    'writing/pages.mdx': page(
      'Pages',
      'How a page is written.',
      `A page starts with frontmatter between two \`---\` lines: \`title\` and \`description\`
are the ones most pages need. The rest of the file is Markdown with components.`,
    ),
    'writing/navigation.mdx': page(
      'Navigation',
      'How pages appear in the sidebar.',
      `The \`navigation\` object in \`docs.json\` lists pages by path without extension,
inside groups, tabs, anchors, dropdowns, versions and languages.`,
    ),
    'reference/configuration.mdx': page(
      'Configuration',
      'Where to find every docs.json field.',
      `\`docs.json\` points \`$schema\` at the docsgen schema, so editors complete and check
every field as you type.`,
    ),
  };
}

function page(title: string, description: string, body: string): string {
  return `---\ntitle: ${title}\ndescription: ${description}\n---\n\n${body}\n`;
}
