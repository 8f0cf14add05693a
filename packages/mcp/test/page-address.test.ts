import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { resolvePageAddress } from '../src/index.js';
import type { McpPage } from '../src/index.js';

const address = suite('resolvePageAddress');
const pages = new Map<string, McpPage>(['/', '/guides/install', '/guides/index-card'].map((path) => [path, { path, title: path }]));
const origins = ['https://docs.acme.example'];
const found = (input: unknown) => {
  const result = resolvePageAddress(input, pages, origins);
  return result.ok ? result.page.path : undefined;
};

address('should find a page by path, twin path, trailing slash, or full URL on the site', () => {
  assert.is(found('/guides/install'), '/guides/install');
  assert.is(found('guides/install'), '/guides/install');
  assert.is(found('/guides/install.md'), '/guides/install');
  assert.is(found('/guides/install/'), '/guides/install');
  assert.is(found('/guides/install?tab=1#tools'), '/guides/install');
  assert.is(found('https://docs.acme.example/guides/install'), '/guides/install');
  assert.is(found('https://docs.acme.example/'), '/');
  assert.is(found('/index'), '/');
  assert.is(found('/'), '/');
});

address('should refuse paths that leave the site, with a reason an agent can act on', () => {
  const hostile = [
    '../../etc/passwd',
    '/../../etc/passwd',
    '/guides/../../etc/passwd',
    '/guides/%2e%2e/%2e%2e/etc/passwd',
    '/guides/%252e%252e/etc/passwd',
    '%2e%2e%2fetc%2fpasswd',
    '/guides/install%00.md',
    '\\..\\..\\windows\\win.ini',
    '/guides/./install',
    'file:///etc/passwd',
    'https://evil.example/guides/install',
    'https://docs.acme.example.evil.example/guides/install',
    '//evil.example/guides/install',
    'javascript:alert(1)',
    '/guides/%zz',
  ];
  for (const input of hostile) {
    const result = resolvePageAddress(input, pages, origins);
    assert.not.ok(result.ok, input);
    if (!result.ok) assert.match(result.reason, /^Cannot read the page: /, input);
  }
  const outside = resolvePageAddress('../../etc/passwd', pages, origins);
  assert.equal(outside, { ok: false, reason: "Cannot read the page: `../../etc/passwd` leaves the site or is not a page path; only the site's pages can be read (see `list_pages`)" });
  const foreign = resolvePageAddress('https://evil.example/x', pages, origins);
  assert.equal(foreign, { ok: false, reason: 'Cannot read the page: `https://evil.example/x` is not on this site; pass a path such as `/quickstart` or a URL starting with `https://docs.acme.example/`' });
});

address('should refuse what is not an address, and a page that does not exist', () => {
  for (const input of [undefined, 42, '', '   ', 'x'.repeat(3000)]) assert.not.ok(resolvePageAddress(input, pages, origins).ok, String(input).slice(0, 20));
  assert.equal(resolvePageAddress('/nope', pages, origins), { ok: false, reason: 'Cannot read the page: there is no page at `/nope`; `list_pages` lists every page, and `search_docs` finds them by topic' });
});

address.run();
