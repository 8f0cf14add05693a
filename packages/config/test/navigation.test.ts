import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  buildNavigation,
  findNavigationTrail,
  findOrphanPages,
  isNavigablePage,
  listNavigationEntries,
  listNavigationPages,
  normalizePageSlug,
  parseOperationEntry,
} from '../src/index.js';

const navigation = suite('navigation');

const everyForm = JSON.parse(
  readFileSync(new URL('../../../fixtures/navigation-all/docs.json', import.meta.url), 'utf8'),
).navigation;

navigation('should list pages of plain `pages` and `groups` in order', () => {
  const { navigation: model, messages } = buildNavigation({
    pages: ['index', '/quickstart.mdx'],
    groups: [{ group: 'Guides', pages: ['guides/a', { group: 'Nested', pages: ['guides/b.md'] }] }],
  });
  assert.equal(messages, []);
  // Divisions come before groups and pages; within groups, order is kept.
  assert.equal(listNavigationPages(model), ['guides/a', 'guides/b', 'index', 'quickstart']);
});

navigation('should normalise page slugs', () => {
  assert.is(normalizePageSlug('/guides/intro.mdx'), 'guides/intro');
  assert.is(normalizePageSlug('./a/b.md'), 'a/b');
  assert.is(normalizePageSlug('folder/'), 'folder');
  assert.is(normalizePageSlug('./x.mdx/'), 'x');
});

navigation('should recognise operation entries but keep page slugs that look like words', () => {
  assert.equal(parseOperationEntry('GET /users/{id}'), { spec: undefined, method: 'GET', path: '/users/{id}' });
  assert.equal(parseOperationEntry('openapi.json post /users'), { spec: 'openapi.json', method: 'POST', path: '/users' });
  assert.equal(parseOperationEntry('webhook plant/created'), { spec: undefined, method: 'WEBHOOK', path: 'plant/created' });
  assert.is(parseOperationEntry('get started'), undefined);
  assert.is(parseOperationEntry('guides/get'), undefined);
});

navigation('should build every navigation form into one tree', () => {
  const { navigation: model, messages } = buildNavigation(everyForm);
  assert.equal(messages, []);
  assert.equal(model.languages, ['en', 'fr']);
  assert.equal(model.versions, ['v2', 'v1']);
  assert.is(model.defaultLanguage, 'en');
  assert.is(model.defaultVersion, 'v2');
  assert.equal(listNavigationPages(model), [
    'index',
    'v2/quickstart',
    'v2/install/npm',
    'v2/install/docker',
    'v2/internals',
    'v2/api/users',
    'v1/index',
    'v1/quickstart',
    'fr/index',
    'fr/quickstart',
  ]);
});

navigation('should merge `global` entries into every version and language', () => {
  const { navigation: model } = buildNavigation(everyForm);
  const en = model.children[0];
  const fr = model.children[1];
  assert.ok(en && en.kind === 'language' && fr && fr.kind === 'language');
  // en has versions: globals go to each version (the innermost variants), not to en itself.
  for (const version of en.children) {
    assert.ok(version.kind === 'version');
    const globalTitles = version.children.filter((node) => node.isGlobal).map((node) => 'title' in node && node.title);
    assert.equal(globalTitles, ['Blog', 'Community'], `globals in ${version.title}`);
  }
  assert.equal(
    fr.children.filter((node) => node.isGlobal).map((node) => 'title' in node && node.title),
    ['Blog', 'Community'],
  );
});

navigation('should append `global` entries at the top when there are no variants', () => {
  const { navigation: model } = buildNavigation({
    global: { anchors: [{ anchor: 'Blog', href: 'https://example.com' }] },
    pages: ['index'],
  });
  assert.equal(
    model.children.map((node) => node.kind),
    ['page', 'anchor'],
  );
});

navigation('should merge a language\'s, a version\'s or a tab\'s own `global` into the variants below it only', () => {
  const anchor = (title: string) => ({ anchors: [{ anchor: title, href: `https://example.com/${title}` }] });
  const { navigation: model, messages } = buildNavigation({
    global: anchor('Site'),
    languages: [
      { language: 'en', global: anchor('English'), versions: [{ version: 'v2', pages: ['index'] }, { version: 'v1', global: anchor('Old'), pages: ['v1/index'] }] },
      { language: 'fr', pages: ['fr/index'] },
    ],
  });
  assert.equal(messages, []);
  type Node = { kind: string; title?: string; isGlobal: boolean; configPath: unknown; children?: Node[] };
  const childrenOf = (node: unknown): Node[] => (node as Node).children ?? [];
  const globalsOf = (node: unknown) => childrenOf(node).filter((child) => child.isGlobal).map((child) => child.title);
  const [en, fr] = model.children;
  const [v2, v1] = childrenOf(en);
  assert.equal(globalsOf(v2), ['English', 'Site']);
  assert.equal(globalsOf(v1), ['Old', 'English', 'Site']);
  assert.equal(globalsOf(fr), ['Site']);
  assert.equal(childrenOf(v1).find((child) => child.title === 'English')?.configPath, ['navigation', 'languages', 0, 'global', 'anchors', 0]);
  const tabbed = buildNavigation({ tabs: [{ tab: 'Docs', global: anchor('Help'), pages: ['index'] }] }).navigation;
  assert.equal(globalsOf(tabbed.children[0]), ['Help']);
});

navigation('should filter pages by version and language', () => {
  const { navigation: model } = buildNavigation(everyForm);
  assert.equal(listNavigationPages(model, { version: 'v1', language: 'en' }), ['v1/index', 'v1/quickstart']);
  assert.equal(listNavigationPages(model, { language: 'fr' }), ['fr/index', 'fr/quickstart']);
  assert.equal(listNavigationPages(model, { version: 'v2', includeHidden: false }), [
    'index',
    'v2/quickstart',
    'v2/install/npm',
    'v2/install/docker',
    'v2/api/users',
    'fr/index',
    'fr/quickstart',
  ]);
});

navigation('should give the trail of tabs, groups and variants to a page', () => {
  const { navigation: model } = buildNavigation(everyForm);
  const trail = findNavigationTrail(model, 'v2/install/npm');
  assert.equal(
    trail?.map((node) => `${node.kind}:${node.title}`),
    ['language:en', 'version:v2', 'tab:Guides', 'group:Get started', 'group:Install'],
  );
  assert.equal(
    findNavigationTrail(model, 'v2/api/users')?.map((node) => `${node.kind}:${node.title}`),
    ['language:en', 'version:v2', 'tab:API reference', 'dropdown:REST', 'group:Users'],
  );
  assert.is(findNavigationTrail(model, 'orphan'), undefined);
});

navigation('should report which pages are navigable and which are orphans', () => {
  const { navigation: model } = buildNavigation(everyForm);
  assert.ok(isNavigablePage(model, 'v2/quickstart'));
  assert.not.ok(isNavigablePage(model, 'v2/internals'), 'a page in a hidden group is not navigable');
  assert.not.ok(isNavigablePage(model, 'orphan'));
  assert.equal(findOrphanPages(model, ['index', 'orphan', 'v2/internals', 'v2/api/users']), ['orphan']);
});

navigation('should keep operations as entries of their own', () => {
  const { navigation: model } = buildNavigation(everyForm);
  const operations = listNavigationEntries(model).filter((entry) => entry.node.kind === 'operation');
  assert.equal(
    operations.map((entry) => entry.slug),
    ['GET /users', 'openapi.json POST /users'],
  );
  assert.equal(operations[0]?.node.configPath, [
    'navigation', 'languages', 0, 'versions', 0, 'tabs', 1, 'dropdowns', 0, 'groups', 0, 'pages', 0,
  ]);
});

navigation('should warn about a page listed twice in one scope, not across versions', () => {
  const { messages } = buildNavigation({
    versions: [
      { version: 'v1', pages: ['index', 'a', 'index'] },
      { version: 'v2', pages: ['index'] },
    ],
  });
  assert.equal(
    messages.map((message) => [message.ruleId, message.fatal, message.path]),
    [['nav-duplicate-page', false, 'navigation.versions[0].pages[2]']],
  );
  assert.match(messages[0]?.reason ?? '', 'Unexpected duplicate page `index` in the navigation of version `v1`');
});

navigation('should let two products share a page, and warn about one listed twice in a product', () => {
  // Dify's docs: a Cloud and a Self-Host product, each with the same Learn tab.
  const learn = { tab: 'Learn', pages: ['learn/key-concepts', 'learn/tutorial'] };
  const { navigation: model, messages } = buildNavigation({
    languages: [
      {
        language: 'en',
        products: [
          { product: 'Cloud', tabs: [{ tab: 'Use', pages: ['cloud/intro'] }, learn] },
          { product: 'Self-Host', tabs: [{ tab: 'Deploy', pages: ['self-host/deploy', 'self-host/deploy'] }, learn] },
        ],
      },
    ],
  });
  assert.equal(
    messages.map((message) => [message.ruleId, message.path]),
    [['nav-duplicate-page', 'navigation.languages[0].products[1].tabs[0].pages[1]']],
  );
  assert.match(messages[0]?.reason ?? '', 'Unexpected duplicate page `self-host/deploy` in the navigation of language `en`, product `Self-Host`');
  assert.equal(
    listNavigationEntries(model).filter((entry) => entry.slug === 'learn/key-concepts').map((entry) => entry.product),
    ['Cloud', 'Self-Host'],
  );
});

navigation('should point messages at the place in docs.json through `locate`', () => {
  const { messages } = buildNavigation(
    { anchors: [{ anchor: 'Empty' }] },
    { locate: (path) => ({ file: '/p/docs.json', line: path.length, column: 7 }) },
  );
  assert.equal(
    messages.map((m) => [m.ruleId, m.fatal, m.file, m.line, m.column, m.path]),
    [['nav-anchor-empty', true, '/p/docs.json', 4, 7, 'navigation.anchors[0].anchor']],
  );
});

navigation('should leave out another repository\'s navigation (`sourceRef`) with a warning where it is written', () => {
  const { navigation: model, messages } = buildNavigation(
    {
      tabs: [
        { tab: 'SDKs', pages: ['sdks/overview', { group: 'TypeScript', pages: [{ sourceRef: 'acme/ts-sdk' }, 'sdks/ts'] }] },
        { sourceRef: 'acme/api-docs' },
      ],
      groups: [{ sourceRef: 'acme/guides' }],
    },
    { locate: (path) => ({ file: '/p/docs.json', line: path.length, column: 3 }) },
  );
  assert.equal(listNavigationPages(model), ['sdks/overview', 'sdks/ts']);
  assert.equal(
    messages.map((m) => [m.ruleId, m.fatal, m.path]),
    [
      ['nav-source-ref', false, 'navigation.tabs[0].pages[1].pages[0].sourceRef'],
      ['nav-source-ref', false, 'navigation.tabs[1].sourceRef'],
      ['nav-source-ref', false, 'navigation.groups[0].sourceRef'],
    ],
  );
  assert.match(messages[0]!.reason, '`acme/ts-sdk`');
  assert.is(messages[0]!.file, '/p/docs.json');
});

navigation.run();
