import { listNavigationPages } from '@docsgen/config';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkProject } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const check = suite('checkProject');
const fixtures = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

const project = (files: Record<string, string>): string => writeTempProject(files, 'docsgen-check-');

const summary = (messages: { ruleId: string; line?: number | undefined; column?: number | undefined; fatal: boolean }[]) =>
  messages.map((m) => `${m.line}:${m.column} ${m.fatal ? 'error' : 'warning'} ${m.ruleId}`);

for (const [name, pages] of [
  ['minimal', 1],
  ['navigation-all', 11],
  ['all-fields', undefined],
  ['compat-mintlify', 11],
] as const) {
  check(`should find no problems in the \`${name}\` fixture`, async () => {
    const result = await checkProject(join(fixtures, name));
    assert.equal(summary(result.messages), []);
    assert.ok(result.config, 'a resolved config');
    assert.ok(result.navigation, 'a navigation model');
    if (pages !== undefined) assert.is(result.pages.length, pages);
  });
}

check('should load a project written for the hosted platform unchanged', async () => {
  const result = await checkProject(join(fixtures, 'compat-mintlify'));
  const config = result.config;
  assert.ok(config && result.navigation);
  assert.is(config.theme, 'base');
  assert.is(config.themeInput, 'almond');
  // Analytics given under `integrations` are read as analytics providers.
  assert.equal((config.analytics as Record<string, unknown>).ga4, { measurementId: 'G-ABC123' });
  assert.is(config.lastUpdated, true);
  // The French navigation comes from a `$ref` include.
  assert.equal(listNavigationPages(result.navigation, { language: 'fr' }), ['fr/index', 'fr/quickstart']);
  assert.equal(result.navigation.languages, ['en', 'fr']);
  assert.is(result.pages.find((page) => page.slug === 'index')?.frontmatter['og:title'], 'index');
});

check('should report every missing navigation page at its place, with a did-you-mean', async () => {
  const root = project({
    'docs.json': JSON.stringify({ name: 'X', navigation: { groups: [{ group: 'G', root: 'overview', pages: ['guides/intro', 'guides/setp', 'GET /users'] }] } }, null, 2),
    'guides/intro.mdx': '# Intro',
    'guides/setup.md': '# Setup',
  });
  const result = await checkProject(root);
  assert.equal(summary(result.messages), ['7:17 error nav-page-missing', '10:11 error nav-page-missing']);
  const [root404, typo] = result.messages;
  assert.match(root404?.reason ?? '', 'Cannot find page `overview`');
  assert.is(typo?.note, 'Did you mean `guides/setup`?');
  assert.is(typo?.file, join(root, 'docs.json'));
  rmSync(root, { recursive: true });
});

check('should report frontmatter problems of every page, not only listed ones', async () => {
  const root = project({
    'docs.json': JSON.stringify({ name: 'X', navigation: { pages: ['index'] } }),
    'index.mdx': '---\ntitle: ok\n---\n',
    'orphan.md': '---\ntitle: [broken\n---\n',
  });
  const result = await checkProject(root);
  assert.equal(
    result.messages.map((m) => [m.ruleId, m.file, m.line]),
    [['frontmatter-yaml', join(root, 'orphan.md'), 2]],
  );
  rmSync(root, { recursive: true });
});

check('should report the redirects a build would refuse, at their place', async () => {
  const text = JSON.stringify({
    name: 'Redirects',
    navigation: { pages: ['index'] },
    redirects: [
      { source: 'old', destination: '/index' },
      { source: '/evil', destination: 'javascript:alert(1)' },
      { source: '/a/../b', destination: '/index' },
    ],
  }, null, 2);
  const root = project({ 'docs.json': text, 'index.mdx': '---\ntitle: Home\n---\n\nHi.\n' });
  const lineOf = (needle: string): number => text.split('\n').findIndex((line) => line.includes(needle)) + 1;
  const result = await checkProject(root, { compile: false });
  const refused = result.messages.filter((message) => message.ruleId === 'adapter-redirect-invalid');
  // `old` (no leading slash) is the path `/old`: not refused.
  assert.equal(refused.map((message) => [message.path, message.fatal, message.line]), [
    ['redirects[1].destination', true, lineOf('javascript:')],
    ['redirects[2].source', true, lineOf('/a/../b')],
  ]);
  rmSync(root, { recursive: true, force: true });
});

check('should warn about navigation and frontmatter icons the icon library does not have, at their place', async () => {
  const text = JSON.stringify({
    name: 'Icons',
    icons: { library: 'lucide' },
    navigation: {
      global: { anchors: [{ anchor: 'Blog', href: 'https://example.com', icon: 'no-such-anchor-icon' }] },
      versions: [
        { version: 'v2', groups: [{ group: 'Start', icon: 'rocket', pages: ['index'] }, { group: 'More', icon: { name: 'no-such-group-icon' }, pages: ['more'] }] },
        { version: 'v1', groups: [{ group: 'Old', icon: '/images/old.svg', pages: ['old'] }] },
      ],
    },
  }, null, 2);
  const root = project({
    'docs.json': text,
    'index.mdx': '---\ntitle: Home\nicon: house\n---\n',
    'more.mdx': '---\ntitle: More\nicon: no-such-page-icon\n---\n',
    'old.mdx': '---\ntitle: Old\nicon: https://example.com/old.png\n---\n',
  });
  const lineOf = (needle: string): number => text.split('\n').findIndex((line) => line.includes(needle)) + 1;
  const result = await checkProject(root, { compile: false });
  const icons = result.messages.filter((message) => message.ruleId === 'icon-unknown');
  assert.equal(icons.map((message) => [message.actual, message.file?.slice(root.length + 1), message.line, message.fatal]), [
    ['no-such-anchor-icon', 'docs.json', lineOf('no-such-anchor-icon'), false],
    ['no-such-group-icon', 'docs.json', lineOf('no-such-group-icon') - 1, false],
    ['no-such-page-icon', 'more.mdx', undefined, false],
  ]);
  assert.match(icons[0]!.reason, 'in icon library `lucide`');
  rmSync(root, { recursive: true, force: true });
});

check('should warn about two source files for one page', async () => {
  const root = project({
    'docs.json': JSON.stringify({ name: 'X', navigation: { pages: ['a'] } }),
    'a.mdx': '',
    'a.md': '',
  });
  const result = await checkProject(root);
  assert.equal(
    result.messages.map((m) => [m.ruleId, m.fatal, m.file]),
    [['page-duplicate-source', false, join(root, 'a.md')]],
  );
  rmSync(root, { recursive: true });
});

check('should still check pages when docs.json is broken', async () => {
  const root = project({ 'docs.json': '{ "name": ', 'index.mdx': '---\n- a\n---\n' });
  const result = await checkProject(root);
  assert.equal(
    result.messages.map((m) => m.ruleId),
    ['json-syntax', 'frontmatter-not-mapping'],
  );
  assert.is(result.config, undefined);
  rmSync(root, { recursive: true });
});

check('should report a project folder that does not exist or is a file', async () => {
  const missing = await checkProject('/no/such/project');
  assert.equal(missing.messages.map((m) => m.ruleId), ['project-missing']);
  const root = project({ 'file.txt': 'x' });
  const file = await checkProject(join(root, 'file.txt'));
  assert.match(file.messages[0]?.reason ?? '', 'it is a file');
  rmSync(root, { recursive: true });
});

check('should report links and images that lead nowhere, where they are written', async () => {
  const root = project({
    'docs.json': JSON.stringify({ name: 'Links', redirects: [{ source: '/old/:slug', destination: '/guides/:slug' }], navigation: { pages: ['index', 'guides/setup', 'guides/usage'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nHi.\n',
    'guides/usage.mdx': '---\ntitle: Usage\n---\n\nUse.\n',
    'tools/index.mdx': '---\ntitle: Tools\n---\n\nAll tools, linked as [the folder](/tools).\n',
    'guides/shots/step.png': 'png',
    'images/logo.png': 'png',
    'snippets/footer.mdx': 'See [the missing page](/gone/page).\n',
    'guides/setup.mdx': [
      '---',
      'title: Setup',
      '---',
      "import Footer from '/snippets/footer.mdx';",
      '',
      '[home](/) [usage](/guides/usage) [twin](/guides/usage.md) [relative](./usage) [up](../index) [anchor](#setup) [section](/guides/usage#use)',
      '[mail](mailto:a@b.c) [web](https://example.com/nope) [moved](/old/usage) [llms](/llms.txt) [query](/guides/usage?x=1) [skill](/skill.md) [skills](/.well-known/skills/index.json)',
      '![step](./shots/step.png) ![logo](/images/logo.png) <Card title="Card" href="/guides/usage">x</Card>',
      '',
      'Broken: [typo](/guides/usge) and [file](./usage.mdx) and ![missing](/images/none.png).',
      '',
      '<Card title="Nowhere" href="/nowhere">y</Card>',
      '',
      '[hidden](/%2e%2e/secret.png) [dots](/.env)',
      '',
      '<Footer />',
    ].join('\n'),
  });
  const result = await checkProject(root);
  const broken = result.messages.filter((message) => message.ruleId === 'link-broken');
  assert.equal(
    broken.map((message) => [message.file?.slice(root.length + 1), message.line, message.column, message.actual, message.fatal]),
    [
      ['guides/setup.mdx', 10, 16, '/guides/usge', false],
      ['guides/setup.mdx', 10, 43, '/guides/usage.mdx', false],
      ['guides/setup.mdx', 10, 69, '/images/none.png', false],
      ['guides/setup.mdx', 12, 29, '/nowhere', false],
      ['guides/setup.mdx', 14, 10, '/%2e%2e/secret.png', false],
      ['guides/setup.mdx', 14, 37, '/.env', false],
      ['snippets/footer.mdx', 1, 24, '/gone/page', false],
    ],
  );
  assert.match(broken[0]!.note ?? '', 'Did you mean `/guides/usage`?');
  assert.match(broken[1]!.note ?? '', 'without `.mdx`');
});

check('should find the links of every source: Markdown, component props, raw HTML, side content, API pages; none in code samples', async () => {
  const spec = {
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: {
      '/ping': {
        get: {
          summary: 'Ping',
          description: 'Read [the guide](/api-gone) first.',
          externalDocs: { url: '/docs-gone' },
          responses: { '200': { description: 'OK' } },
        },
      },
    },
  };
  const root = project({
    'docs.json': JSON.stringify({ name: 'Sources', api: { openapi: 'openapi.json' }, navigation: { pages: ['index', 'raw', 'bound'] } }),
    'openapi.json': JSON.stringify(spec),
    'index.mdx': [
      '---',
      'title: Home',
      '---',
      '',
      '[markdown](/markdown-gone)',
      '',
      '<Card title="Card" href="/card-gone">x</Card>',
      '',
      '<a href="/raw-gone">raw</a> <img src="/raw-image-gone.png" alt="" />',
      '',
      '<RequestExample>',
      '[sample docs](/side-gone)',
      '</RequestExample>',
      '',
      // Addresses in code samples are text: plain text keeps its quotes, highlighted code splits them.
      '```text',
      '<a href="/text-sample-gone">x</a>',
      '```',
      '',
      '```',
      '<img src="/plain-sample-gone.png">',
      '```',
      '',
      '```html',
      '<a href="/html-sample-gone">x</a>',
      '```',
    ].join('\n'),
    'raw.md': '---\ntitle: Raw\n---\n\n<p>Raw HTML in Markdown: <a href="/md-raw-gone">here</a>.</p>\n\n```text\n<a href="/md-sample-gone">x</a>\n```\n',
    'bound.mdx': '---\ntitle: Bound\nopenapi: GET /ping\n---\n\nSee [prose](/prose-gone).\n',
  });
  try {
    const result = await checkProject(root);
    const broken = result.messages.filter((message) => message.ruleId === 'link-broken');
    const found = broken.map((message) => `${message.file?.slice(root.length + 1)} ${message.actual}`).sort();
    assert.equal(found, [
      'bound.mdx /prose-gone',
      'index.mdx /card-gone',
      'index.mdx /markdown-gone',
      'index.mdx /raw-gone',
      'index.mdx /raw-image-gone.png',
      'index.mdx /side-gone',
      'openapi.json /api-gone',
      'openapi.json /docs-gone',
      'raw.md /md-raw-gone',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

check.run();
