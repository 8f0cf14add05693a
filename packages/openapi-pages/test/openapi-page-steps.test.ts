import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { groupAsyncApiPages, type AsyncApiPageModel } from '../src/asyncapi-pages.js';
import { groupOpenApiPages, ownHrefOf } from '../src/openapi-pages.js';
import type { ApiPageModel } from '../src/page-model.js';
import { collectConfigSources, readSpecSources } from '../src/spec-sources.js';

const test = suite('page builder steps');

test('should take x-mint.href only when it is made of plain path segments', () => {
  assert.is(ownHrefOf({ href: ' /guides/Users.v2/ ' }), 'guides/Users.v2');
  for (const href of ['../etc/passwd', 'a/../b', 'a/./b', 'a//b', '.hidden', 'a/b?c', 'https://evil.example', 'a\\b', '', 42]) {
    assert.is(ownHrefOf({ href }), undefined, String(href));
  }
});

test('should group OpenAPI pages: declared tags, then tags as used, then untagged operations and webhooks', () => {
  const page = (slug: string, tag: string | undefined, fields: Partial<ApiPageModel> = {}) => ({ slug, tag, kind: 'operation', isHidden: false, ...fields }) as ApiPageModel;
  const declared = new Map([
    ['b', { title: 'Bee', description: 'About b' }],
    ['unused', { title: 'Unused', description: '' }],
  ]);
  const groups = groupOpenApiPages(
    [page('1', 'a'), page('2', undefined), page('3', 'b'), page('4', undefined, { kind: 'webhook' }), page('5', 'a', { isHidden: true }), page('6', 'b', { kind: 'webhook' })],
    declared,
  );
  assert.equal(
    groups.map((group) => [group.title, group.tag, group.pages]),
    [
      ['Bee', 'b', ['3', '6']],
      ['a', 'a', ['1']],
      ['Endpoints', undefined, ['2']],
      ['Webhooks', undefined, ['4']],
    ],
  );
});

test('should group AsyncAPI pages by tag in order of use, untagged ones last', () => {
  const page = (slug: string, tag: string | undefined, isHidden = false) => ({ slug, tag, isHidden }) as AsyncApiPageModel;
  assert.equal(
    groupAsyncApiPages([page('1', undefined), page('2', 'b'), page('3', 'a'), page('4', 'b'), page('5', 'a', true)]).map((group) => [group.title, group.pages]),
    [
      ['b', ['2', '4']],
      ['a', ['3']],
      ['Operations', ['1']],
    ],
  );
});

test('should read the specs docs.json names, and the operations of its navigation with their scope', () => {
  assert.equal(readSpecSources([' a.yaml ', { source: 'b.json', directory: 'v2' }, '', 7], ['api', 'openapi']), [
    { source: 'a.yaml', directory: undefined, path: ['api', 'openapi', 0] },
    { source: 'b.json', directory: 'v2', path: ['api', 'openapi', 1, 'source'] },
  ]);
  const config = {
    api: { openapi: 'main.yaml', asyncapi: 'events.yaml' },
    navigation: {
      tabs: [
        { tab: 'A', pages: ['GET /a'] },
        { tab: 'B', openapi: 'b.yaml', groups: [{ group: 'G', pages: ['intro', 'POST /b'] }] },
      ],
    },
  };
  const located: unknown[] = [];
  const found = collectConfigSources(config, (path) => (located.push(path), { file: 'docs.json', line: 1, column: 1 }));
  assert.equal(found.sources.map((source) => [source.source, source.path.join('.')]), [
    ['main.yaml', 'api.openapi'],
    ['events.yaml', 'api.asyncapi'],
    ['b.yaml', 'navigation.tabs.1.openapi'],
  ]);
  assert.equal(found.references.map((reference) => [reference.value, reference.scope, reference.path]), [
    ['GET /a', ['main.yaml'], 'navigation.tabs[0].pages[0]'],
    ['POST /b', ['b.yaml'], 'navigation.tabs[1].groups[0].pages[1]'],
  ]);
  assert.equal(located, [], 'places in docs.json are found only when a message needs one');
  assert.equal(found.references[1]!.place, { file: 'docs.json', line: 1, column: 1 });
});

test.run();
