import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createPageSearch } from '../src/index.js';

const search = suite('createPageSearch');
const documents = [
  { page: { path: '/', title: 'Acme' }, markdown: '# Acme\n\nWidgets for every kitchen.\n' },
  { page: { path: '/v1/install', title: 'Install', version: 'v1' }, markdown: '# Install\n\nOld bracket, three screws.\n' },
  { page: { path: '/v2/install', title: 'Install', version: 'v2' }, markdown: '# Install\n\nNew bracket, two screws.\n' },
  { page: { path: '/fr/installer', title: 'Installer', language: 'fr' }, markdown: '# Installer\n\nDeux vis.\n' },
  { page: { path: '/polish', title: 'Polishing', keywords: ['shine'] }, markdown: '---\ntitle: x\n---\n# Polishing\n\nIntro.\n\n## Chrome\n\nUse a soft cloth on the chrome.\n' },
];
const paths = (query: string, options?: Parameters<ReturnType<typeof createPageSearch>['search']>[1]) => createPageSearch(documents).search(query, options).map((result) => result.path);

search('should rank a title match first, and find keywords and words being typed', () => {
  assert.is(paths('polishing')[0], '/polish');
  assert.is(paths('shine')[0], '/polish');
  assert.is(paths('polis')[0], '/polish');
  assert.is(paths('brackt')[0]?.endsWith('/install'), true);
  assert.equal(paths('zzzxqv'), []);
});

search('should keep pages of other versions and languages out when asked', () => {
  assert.equal(paths('bracket', { version: 'v2' }), ['/v2/install']);
  assert.equal(paths('bracket').sort(), ['/v1/install', '/v2/install']);
  assert.is(paths('installer', { language: 'fr' })[0], '/fr/installer');
  assert.not.ok(paths('install', { language: 'en' }).includes('/fr/installer'));
});

search('should give the line that matched as the snippet, and respect the limit', () => {
  const [result] = createPageSearch(documents).search('soft cloth');
  assert.is(result?.snippet, 'Use a soft cloth on the chrome.');
  assert.is(createPageSearch(documents).search('install', { limit: 1 }).length, 1);
});

search.run();
