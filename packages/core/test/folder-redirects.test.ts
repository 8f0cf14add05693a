import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { folderRedirects } from '../src/folder-redirects.js';
import { checkProject } from '../src/index.js';
import { writeTempProject } from './temp-project.js';
import { rmSync } from 'node:fs';

const test = suite('folder redirects');
const pathOf = (slug: string): string => `/${slug}`;

test('should send each folder without a page of its own to its first navigable page, in navigation order', () => {
  const pages = new Set(['index', 'cli/install', 'cli/usage', 'sdk/js/setup', 'sdk/python', 'guides/index', 'guides/a', 'api/index', 'api/users/list']);
  const navigable = ['index', 'cli/usage', 'cli/install', 'sdk/js/setup', 'sdk/python', 'guides/a', 'api/users/list'];
  assert.equal(folderRedirects(navigable, (slug) => pages.has(slug), [], pathOf), [
    { source: '/cli', destination: '/cli/usage', permanent: false },
    { source: '/sdk', destination: '/sdk/js/setup', permanent: false },
    { source: '/sdk/js', destination: '/sdk/js/setup', permanent: false },
    // `guides` has `guides/index`, `api` has `api/index`: only the deeper folder.
    { source: '/api/users', destination: '/api/users/list', permanent: false },
  ]);
});

test('should leave a folder to the project\'s own rule, and skip folders no adapter could write', () => {
  const navigable = ['cli/usage', 'my folder/page', 'a:b/page', 'ok/50%/page'];
  const rules = [{ source: '/cli/', destination: '/elsewhere' }];
  assert.equal(folderRedirects(navigable, () => false, rules, pathOf), [{ source: '/ok', destination: '/ok/50%/page', permanent: false }]);
});

test('should count a link to a folder as served, as the reader is sent on', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Folders', navigation: { pages: ['index', 'cli/install'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nSee [the CLI](/cli) and [the SDK](/sdk).\n',
    'cli/install.mdx': '---\ntitle: Install\n---\n\nRun it.\n',
  }, 'docsgen-folder-redirects-');
  try {
    const result = await checkProject(root);
    assert.equal(result.messages.filter((message) => message.ruleId === 'link-broken').map((message) => message.actual), ['/sdk']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
