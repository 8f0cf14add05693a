// Projects for the site-layout browser tests, written to temp folders and served by the dev
// server on a real port.
import { buildSite, createSite } from '@docsgen/core';
import { createDevServer, createPreviewServer, type DevServer } from '@docsgen/dev-server';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const paragraphs = (count: number, topic: string): string =>
  Array.from(
    { length: count },
    (_, index) =>
      `${topic} paragraph ${index + 1}: docsgen renders every page on your own machine, with the navigation, the theme and the appearance settings of docs.json applied to it.`,
  ).join('\n\n');

/** A page with headings, prose, a list, a table, code and a callout. */
export function contentPage(title: string, description: string): string {
  return `---
title: ${title}
description: ${description}
---

${paragraphs(2, title)}

## Install

Run the command in a terminal:

\`\`\`bash
npm install docsgen
\`\`\`

<Note>The [quickstart](/) explains the rest.</Note>

## Configure

| Field | Meaning |
| --- | --- |
| \`name\` | Site name |
| \`theme\` | One of five themes |

- First point with \`inline code\`
- Second point with a [link](/)

${paragraphs(6, 'Configure')}

### Details

${paragraphs(4, 'Details')}

## Deploy

${paragraphs(8, 'Deploy')}
`;
}

/** The docs.json and pages of a versioned site with nested groups, used by most tests. */
export function versionedProject(config: Record<string, unknown> = {}): Record<string, string> {
  const page = (title: string) => contentPage(title, `What ${title.toLowerCase()} is about.`);
  return {
    'docs.json': JSON.stringify({
      name: 'Layout test',
      colors: { primary: '#2563eb' },
      ...config,
      navigation: {
        versions: [
          {
            version: 'v2',
            default: true,
            groups: [
              { group: 'Get started', pages: ['index', 'v2/quickstart', 'v2/only-v2'] },
              { group: 'Reference', icon: 'code', pages: ['v2/ref/alpha', 'v2/ref/beta', { group: 'Nested', pages: ['v2/ref/gamma'] }] },
            ],
          },
          { version: 'v1', groups: [{ group: 'Get started', pages: ['v1/index', 'v1/quickstart'] }] },
        ],
      },
    }),
    'index.mdx': page('Introduction'),
    'v2/quickstart.mdx': page('Quickstart'),
    'v2/only-v2.mdx': page('Only in v2'),
    'v2/ref/alpha.mdx': page('Alpha'),
    'v2/ref/beta.mdx': page('Beta'),
    'v2/ref/gamma.mdx': page('Gamma'),
    'v1/index.mdx': page('Old introduction'),
    'v1/quickstart.mdx': page('Old quickstart'),
  };
}

/** A site with tabs, anchors and a dropdown, for the look of each theme. */
export function showcaseProject(theme: string): Record<string, string> {
  const page = (title: string) => contentPage(title, `How to use ${title.toLowerCase()} in a docsgen project.`);
  return {
    'docs.json': JSON.stringify({
      name: 'Acme Docs',
      theme,
      colors: { primary: '#0d9373', light: '#07c983', dark: '#0d9373', anchors: { from: '#0d9373', to: '#2563eb' } },
      appearance: { readingTime: true },
      navbar: { links: [{ label: 'Support', href: 'mailto:help@example.com', icon: 'envelope' }], primary: { type: 'button', label: 'Sign up', href: 'https://example.com/signup' } },
      navigation: {
        tabs: [
          {
            tab: 'Guides',
            icon: 'book-open',
            anchors: [
              { anchor: 'Community', icon: 'users', href: 'https://example.com/community' },
              { anchor: 'Blog', icon: 'newspaper', href: 'https://example.com/blog' },
            ],
            groups: [
              { group: 'Get started', icon: 'rocket', pages: ['index', 'quickstart'] },
              { group: 'Writing', pages: ['guides/pages', { group: 'Components', pages: ['guides/cards', 'guides/tabs'] }] },
            ],
          },
          { tab: 'API reference', icon: 'code', groups: [{ group: 'Endpoints', pages: ['api/users'] }] },
        ],
      },
    }),
    'index.mdx': page('Introduction'),
    'quickstart.mdx': page('Quickstart').replace('title: Quickstart', 'title: Quickstart\ntag: New\nicon: bolt'),
    'guides/pages.mdx': page('Pages'),
    'guides/cards.mdx': page('Cards'),
    'guides/tabs.mdx': page('Tabs'),
    'api/users.mdx': page('Users'),
  };
}

/** A running dev server over a project written to a temp folder. */
export interface ServedProject {
  root: string;
  base: string;
  server: DevServer;
  close(): Promise<void>;
}

/** Writes `files` to a temp folder and serves it with the dev server on a free port (no live reload). */
export async function serveProject(files: Record<string, string>): Promise<ServedProject> {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-site-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  const server = createDevServer({ site: await createSite(root), liveReload: false });
  await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
  return {
    root,
    server,
    base: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    async close() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A build of the project in a temp folder, served by `docsgen preview` on a real port. */
export interface PreviewedBuild {
  outDir: string;
  base: string;
  close: () => Promise<void>;
}

/** Builds `root` (no cache, this thread only) and serves the output the way `docsgen preview` does. */
export async function previewBuild(root: string): Promise<PreviewedBuild> {
  const outDir = mkdtempSync(join(tmpdir(), 'docsgen-preview-out-'));
  rmSync(outDir, { recursive: true, force: true });
  const built = await buildSite(root, { outDir, workers: 0, cache: false });
  if (!built.ok) throw new Error(`build failed: ${JSON.stringify(built.messages)}`);
  const preview = createPreviewServer({ folder: outDir });
  await new Promise<void>((resolve) => preview.server.listen(0, '127.0.0.1', resolve));
  return {
    outDir,
    base: `http://127.0.0.1:${(preview.server.address() as AddressInfo).port}`,
    async close() {
      await preview.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
