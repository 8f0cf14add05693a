import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Script } from 'node:vm';
import { rankClosestPages, rankClosestPagesSource } from '../src/closest-pages.js';

const test = suite('rankClosestPages');
const paths = ['/index', '/guides/install', '/guides/configure', '/api/users', '/reference/deploy'];

test('should rank by shared leading folders, then spelling, then order', () => {
  assert.equal(rankClosestPages('/guides/instal', paths, { count: 2, isNameCompared: true }), ['/guides/install', '/guides/configure']);
  assert.equal(rankClosestPages('/api/users/42', paths, { count: 1, isNameCompared: true }), ['/api/users']);
  assert.equal(rankClosestPages('/indx', paths, { count: 1, isNameCompared: false }), ['/index']);
  assert.equal(rankClosestPages('/x', [], { count: 3, isNameCompared: true }), []);
});

test('should find a page moved to another folder by its last segment, when asked to', () => {
  assert.equal(rankClosestPages('/deploy', paths, { count: 1, isNameCompared: true }), ['/reference/deploy']);
  assert.equal(rankClosestPages('/deploy', paths, { count: 1, isNameCompared: false }), ['/index'], 'by the whole path, the shortest spelling is nearer');
});

test('should ignore case, slashes at the ends and a .html ending', () => {
  assert.equal(rankClosestPages('/Guides/Install.html/', paths, { count: 1, isNameCompared: false }), ['/guides/install']);
});

test('should give every entry when asked for more than there are, closest first', () => {
  assert.equal(rankClosestPages('/guides/configur', paths, { count: 10, isNameCompared: true }), ['/guides/configure', '/guides/install', '/index', '/api/users', '/reference/deploy']);
});

test('should cost no more for a hostile address than for a 200-character one', () => {
  const many = Array.from({ length: 2000 }, (_, index) => `/section-${index % 40}/page-${'x'.repeat(150)}-${index}`);
  const started = performance.now();
  for (const hostile of [`/${'a/'.repeat(500_000)}`, `${'/'.repeat(1_000_000)}a${'/'.repeat(1_000_000)}`]) {
    const [closest] = rankClosestPages(hostile, many, { count: 1, isNameCompared: true });
    assert.type(closest, 'string');
  }
  // Bounded by 200 characters of each side: a megabyte of address is not read through.
  assert.ok(performance.now() - started < 5_000, `${performance.now() - started} ms`);
});

test('should be a classic script the 404 page can carry', () => {
  // Parsed as a browser would parse the page's inline script; a syntax error fails here.
  assert.not.throws(() => new Script(`(() => { ${rankClosestPagesSource}\n})();`));
  assert.not.match(rankClosestPagesSource, /<\/script|<!--/i);
});

test.run();
