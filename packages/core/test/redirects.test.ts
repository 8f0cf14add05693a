import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findClosestPage, matchRedirect } from '../src/index.js';

const redirects = suite('matchRedirect');

redirects('should match exact sources, permanent by default', () => {
  const rules = [{ source: '/old', destination: '/new' }, { source: '/temp', destination: '/other', permanent: false }];
  assert.equal(matchRedirect('/old', rules), { location: '/new', status: 308 });
  assert.equal(matchRedirect('/old/', rules), { location: '/new', status: 308 });
  assert.equal(matchRedirect('/temp', rules), { location: '/other', status: 307 });
  assert.is(matchRedirect('/older', rules), undefined);
  assert.is(matchRedirect('/', rules), undefined);
});

redirects('should substitute named segments, multi-segment names and a trailing wildcard', () => {
  const rules = [
    { source: '/docs/:slug', destination: '/guides/:slug' },
    { source: '/api/:path*', destination: '/reference/:path*' },
    { source: '/old/article-*', destination: '/new/article-*' },
  ];
  assert.equal(matchRedirect('/docs/intro', rules)?.location, '/guides/intro');
  assert.is(matchRedirect('/docs/a/b', rules), undefined, '`:slug` is one segment');
  assert.equal(matchRedirect('/api/users/get', rules)?.location, '/reference/users/get');
  assert.equal(matchRedirect('/old/article-42', rules)?.location, '/new/article-42');
});

redirects('should keep captured values from adding a host, query or fragment', () => {
  const rules = [{ source: '/go/:slug', destination: '/to/:slug' }, { source: '/x/:rest*', destination: 'https://example.com/:rest*' }];
  assert.equal(matchRedirect('/go/a?b#c', rules)?.location, '/to/a%3Fb%23c');
  assert.equal(matchRedirect('/x/@evil.com', rules)?.location, 'https://example.com/%40evil.com');
  assert.equal(matchRedirect('/x/a//b', rules)?.location, 'https://example.com/a//b');
  assert.equal(matchRedirect('/y//evil.com', [{ source: '/y/:rest*', destination: '/:rest*' }])?.location, '/evil.com');
});

redirects('should escape regular-expression characters in sources', () => {
  assert.is(matchRedirect('/aXb', [{ source: '/a.b', destination: '/c' }]), undefined);
  assert.equal(matchRedirect('/a.b', [{ source: '/a.b', destination: '/c' }])?.location, '/c');
});

redirects('should find the closest page by shared folders, then by spelling', () => {
  const slugs = ['index', 'guides/install', 'guides/configure', 'api/users'];
  assert.is(findClosestPage('/guides/instal', slugs), 'guides/install');
  assert.is(findClosestPage('/guides/nothing-alike', slugs), 'guides/install', 'inside the shared folder, the nearer spelling wins');
  assert.is(findClosestPage('/api/users/42', slugs), 'api/users');
  assert.is(findClosestPage('/indx', slugs), 'index');
  assert.is(findClosestPage('/x', []), undefined);
});

redirects.run();
