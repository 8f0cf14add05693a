// A project for the reader-layout browser tests: four languages (two written right to left),
// navbar links and a call to action, more tabs than a phone shows, steps, a wide table, a
// changelog, titled and untitled code blocks, and sidebar groups long enough to move if they
// were filled in after load.
import { contentPage } from './site-project.js';

const stepsPage = `---
title: Install with steps
description: Three steps and a table of options.
---

<Steps>
  <Step title="Install the CLI">
    The CLI needs Node.js 20 or later.

    \`\`\`bash
    npm i -g docsgen
    \`\`\`
  </Step>
  <Step title="Write a page">
    Every \`.mdx\` file is a page.
  </Step>
  <Step title="Preview">
    Run the dev server and open the address it prints.
  </Step>
</Steps>

## Options

| Option | Identifier | Description |
| --- | --- | --- |
| Copy page | \`copy\` | Copies the current page as Markdown for pasting as context into AI tools and chat assistants. |
| View as Markdown | \`view\` | Opens the current page as Markdown in a new browser tab, for reading or saving. |
| Download spec | \`download-spec\` | Downloads the OpenAPI specification that the current page documents, as a file. |

## Code

\`\`\`js title="app.js"
export const answer = 42;
\`\`\`

\`\`\`bash
echo untitled
\`\`\`

<CodeGroup>
\`\`\`bash npm
npm i docsgen
\`\`\`
\`\`\`bash pnpm
pnpm add docsgen
\`\`\`
</CodeGroup>
`;

const update = (label: string, body: string) => `<Update label="${label}" tags={["New releases", "Bug fixes"]}>
## Improvements

${body}

## Bug fixes

- Fixed a thing that readers hit now and then, in ${label}.
</Update>`;

const changelog = `---
title: Product updates
description: New features and fixes.
---

${['March 3, 2026', 'February 24, 2026', 'February 10, 2026', 'January 27, 2026'].map((label) => update(label, `Paragraph about ${label}: ${'docsgen got better in many small ways. '.repeat(6)}`)).join('\n\n')}
`;

const tabs = ['Documentation', 'API reference', 'Changelog', 'Contributing', 'Community', 'Integrations'];

/** Eight groups of twenty pages: more than a page renders in full (see the sidebar's budget). */
function apiGroups(): Array<{ group: string; pages: string[] }> {
  return Array.from({ length: 8 }, (_, group) => ({ group: `Endpoints ${group + 1}`, pages: Array.from({ length: 20 }, (_, index) => `api/g${group + 1}-p${index + 1}`) }));
}

/** docs.json navigation of one language: tabs (the first with three long groups), or plain groups. */
function languageNavigation(code: string, prefix: string, isDefault: boolean, hasTabs: boolean): Record<string, unknown> {
  const pages = (names: string[]) => names.map((name) => `${prefix}${name}`);
  const guides = [
    { group: 'Get started', pages: pages(['index', 'quickstart', 'steps']) },
    { group: 'Writing', pages: pages(Array.from({ length: 12 }, (_, index) => `writing/page-${index + 1}`)) },
    { group: 'Components', pages: [...pages(Array.from({ length: 8 }, (_, index) => `components/page-${index + 1}`)), { group: 'More components', pages: pages(['components/more']) }] },
  ];
  const base = { language: code, ...(isDefault ? { default: true } : {}) };
  if (!hasTabs) return { ...base, groups: guides };
  return {
    ...base,
    tabs: tabs.map((tab, index) =>
      index === 0
        ? { tab, groups: guides }
        : index === 1 && prefix === ''
          ? { tab, groups: apiGroups() }
          : index === 2
            ? { tab, pages: pages(['changelog']) }
            : { tab, pages: pages([`tab-${index}`]) },
    ),
  };
}

/** The files of the project. */
export function readerProject(): Record<string, string> {
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'Reader',
      colors: { primary: '#0d9373' },
      navbar: {
        links: [{ label: 'Talk to us', href: 'https://example.com/contact' }],
        primary: { type: 'button', label: 'Get started', href: 'https://example.com/start' },
      },
      appearance: { readingTime: true },
      footer: { editUrl: 'https://example.com/edit/{path}' },
      navigation: {
        languages: [languageNavigation('en', '', true, true), languageNavigation('es', 'es/', false, true), languageNavigation('ar', 'ar/', false, false), languageNavigation('he', 'he/', false, false)],
      },
    }),
  };
  files['landing.mdx'] = '---\ntitle: Landing\nmode: custom\n---\n\n# Welcome\n\nA landing page without a sidebar.\n';
  for (const { group, pages } of apiGroups()) for (const [index, slug] of pages.entries()) files[`${slug}.mdx`] = `---\ntitle: ${group} endpoint ${index + 1}\n---\n\nAn endpoint.\n`;
  for (const prefix of ['', 'es/', 'ar/', 'he/']) {
    files[`${prefix}index.mdx`] = contentPage('Introduction', 'What docsgen is.');
    files[`${prefix}quickstart.mdx`] = contentPage('Quickstart', 'From nothing to a site.');
    files[`${prefix}steps.mdx`] = stepsPage;
    files[`${prefix}changelog.mdx`] = changelog;
    files[`${prefix}components/more.mdx`] = contentPage('More', 'More components.');
    for (let index = 1; index <= 12; index += 1) files[`${prefix}writing/page-${index}.mdx`] = contentPage(`Writing ${index}`, 'About writing.');
    for (let index = 1; index <= 8; index += 1) files[`${prefix}components/page-${index}.mdx`] = contentPage(`Component ${index}`, 'About a component.');
    for (let index = 1; index < tabs.length; index += 1) files[`${prefix}tab-${index}.mdx`] = contentPage(tabs[index]!, `The ${tabs[index]} tab.`);
  }
  return files;
}
