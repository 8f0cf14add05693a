import { runInNewContext } from 'node:vm';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  adapterFiles,
  adapterNames,
  matchRedirect,
  notFoundRedirectScript,
  readAdapterRedirects,
  type AdapterName,
  type RedirectRule,
} from '../src/index.js';
import { checkRedirectRules, fragmentRedirects } from '../src/adapter-rules.js';

const adapters = suite('adapters');

/** One rule of each shape docsgen supports. */
const rules: RedirectRule[] = [
  { source: '/old', destination: '/new' },
  { source: '/temp/', destination: '/elsewhere', permanent: false },
  { source: '/docs/:slug', destination: '/guides/:slug' },
  { source: '/api/:path*', destination: '/reference/:path*', permanent: false },
  { source: '/blog/article-*', destination: '/posts/article-*' },
  { source: '/external/:slug', destination: 'https://example.com/kb/:slug?from=docs' },
];

const noFiles = new Set<string>(['index.html', '404.html', 'guides/intro.html']);
const filesOf = (adapter: AdapterName, redirects: RedirectRule[] = rules, files: Set<string> = noFiles) =>
  adapterFiles(adapter, { redirects, files });
const contentOf = (adapter: AdapterName, path: string, redirects: RedirectRule[] = rules) =>
  filesOf(adapter, redirects).files.find((file) => file.path === path)?.content ?? '';
const ids = (output: { messages: Array<{ ruleId: string; fatal: boolean }> }) =>
  output.messages.map((message) => `${message.fatal ? 'error' : 'warning'} ${message.ruleId}`);

/** Paths each rule set is probed with: every shape, trailing slashes, hostile captures. */
const probes = [
  '/old', '/old/', '/temp', '/docs/intro', '/docs/a/b', '/docs/%3Fq', '/api', '/api/users/get', '/api/x/..%2f',
  '/blog/article-42', '/blog/article-a/b', '/external/faq', '/external/@evil.com', '/nothing', '/',
];

adapters('should list the five adapters', () => {
  assert.equal([...adapterNames], ['static', 'netlify', 'cloudflare', 'vercel', 'github-pages']);
  assert.throws(() => adapterFiles('apache' as AdapterName, { redirects: [], files: new Set() }), /Cannot write adapter files for `apache`, expected `static`/);
});

adapters('should write Netlify `_redirects` in docs.json order, forced, with 301 and 302', () => {
  const output = filesOf('netlify');
  assert.equal(output.messages, []);
  assert.equal(output.files.map((file) => file.path), ['_redirects']);
  const lines = contentOf('netlify', '_redirects').split('\n').filter((line) => line && !line.startsWith('#'));
  assert.equal(lines, [
    '/old /new 301!',
    '/temp /elsewhere 302!',
    '/docs/:slug /guides/:slug 301!',
    '/api/* /reference/:splat 302!',
    '/blog/article-* /posts/article-:splat 301!',
    '/external/:slug https://example.com/kb/:slug?from=docs 301!',
  ]);
  assert.match(contentOf('netlify', '_redirects'), /^# Redirects from docs\.json, written by docsgen build for Netlify\.\n/);
});

adapters('should write Cloudflare `_redirects` with 308 and 307, static rules first where no earlier pattern matches them', () => {
  const redirects: RedirectRule[] = [
    { source: '/docs/:slug', destination: '/guides/:slug' },
    { source: '/docs/special', destination: '/special' },
    { source: '/moved', destination: '/here', permanent: false },
    { source: '/api/:path*', destination: '/reference/:path*' },
  ];
  const output = filesOf('cloudflare', redirects);
  assert.equal(output.messages, []);
  const lines = contentOf('cloudflare', '_redirects', redirects).split('\n').filter((line) => line && !line.startsWith('#'));
  // `/docs/special` stays after `/docs/:slug`, which matches it first in docsgen dev too.
  assert.equal(lines, ['/moved /here 307', '/docs/:slug /guides/:slug 308', '/docs/special /special 308', '/api/* /reference/:splat 308']);
});

adapters('should write vercel.json with clean URLs, no trailing slash and path-to-regexp sources', () => {
  const output = filesOf('vercel', [...rules, { source: '/a(b)/:id', destination: '/c/:id' }, { source: '/x/:splat/*', destination: '/y/:splat/*' }]);
  assert.equal(output.messages, []);
  const config = JSON.parse(output.files[0]!.content);
  assert.is(output.files[0]!.path, 'vercel.json');
  assert.is(config.cleanUrls, true);
  assert.is(config.trailingSlash, false);
  assert.equal(config.redirects, [
    { source: '/old', destination: '/new', permanent: true },
    { source: '/temp', destination: '/elsewhere', permanent: false },
    { source: '/docs/:slug', destination: '/guides/:slug', permanent: true },
    { source: '/api/:path(.*)', destination: '/reference/:path', permanent: false },
    { source: '/blog/article-:splat(.*)', destination: '/posts/article-:splat', permanent: true },
    { source: '/external/:slug', destination: 'https://example.com/kb/:slug?from=docs', permanent: true },
    { source: '/a\\(b\\)/:id', destination: '/c/:id', permanent: true },
    // `:splat` is taken by the source, so the wildcard gets another name.
    { source: '/x/:splat/:splat1(.*)', destination: '/y/:splat/:splat1', permanent: true },
  ]);
});

adapters('should write a redirect page per static source for static and github-pages, and .nojekyll for github-pages', () => {
  const output = filesOf('static');
  assert.equal(output.messages, []);
  assert.equal(output.files.map((file) => file.path), ['old.html', 'temp.html']);
  const page = output.files[0]!.content;
  assert.match(page, '<meta http-equiv="refresh" content="0; url=/new">');
  assert.match(page, '<link rel="canonical" href="/new">');
  assert.match(page, '<meta name="robots" content="noindex">');
  assert.match(page, '<a href="/new">/new</a>');
  assert.match(page, "location.replace(d+(d.indexOf('?')===-1?location.search:'')");
  const github = filesOf('github-pages');
  assert.equal(github.files.map((file) => file.path), ['old.html', 'temp.html', '.nojekyll']);
  assert.is(github.files[2]!.content, '');
});

adapters('should send a static source where docsgen dev sends it, also when an earlier pattern matches it', () => {
  const redirects: RedirectRule[] = [
    { source: '/docs/:slug', destination: '/guides/:slug' },
    { source: '/docs/intro', destination: '/never' },
    { source: '/old.html', destination: '/new page' },
    { source: '/', destination: '/start' },
  ];
  const output = adapterFiles('static', { redirects, files: new Set(['404.html', 'index.html']) });
  const byPath = new Map(output.files.map((file) => [file.path, file.content]));
  assert.match(byPath.get('docs/intro.html') ?? '', 'url=/guides/intro"');
  assert.match(byPath.get('old.html') ?? '', 'url=/new%20page"', 'a space is percent-encoded');
  assert.not.ok(byPath.has('index.html'), 'the home page is never replaced');
  assert.equal(ids(output), ['warning adapter-redirect-shadowed']);
  assert.match(output.messages[0]!.reason, 'Not writing a redirect page for `/`: the site already has `index.html`');
});

adapters('should leave a source with a #fragment to the page, with no message, in every adapter', () => {
  const rules: RedirectRule[] = [
    { source: '/docs/event-types#link-created', destination: '/docs/events/link-created' },
    { source: '/docs/event-types/#link-deleted', destination: '/docs/events/link-deleted' },
    { source: '/docs/old', destination: '/docs/new' },
  ];
  for (const adapter of adapterNames) assert.equal(ids(filesOf(adapter, rules)), [], adapter);
  assert.equal(checkRedirectRules(rules, undefined).rules.map((rule) => rule.source), ['/docs/old']);
  assert.equal(Object.fromEntries(fragmentRedirects(rules)), {
    '/docs/event-types': { 'link-created': '/docs/events/link-created', 'link-deleted': '/docs/events/link-deleted' },
  });
  // Unsafe or pattern sources are not taken.
  assert.equal(fragmentRedirects([{ source: '/a#x', destination: 'javascript:alert(1)' }, { source: '/:s#x', destination: '/y' }]).size, 0);
});

adapters('should never replace a page the build wrote', () => {
  const output = adapterFiles('github-pages', { redirects: [{ source: '/guides/intro', destination: '/x' }, { source: '/guides/intro.html', destination: '/y' }], files: noFiles });
  assert.equal(output.files.map((file) => file.path), ['.nojekyll']);
  assert.equal(ids(output), ['warning adapter-redirect-shadowed', 'warning adapter-redirect-shadowed']);
  assert.is(output.messages[0]!.path, 'redirects[0].source');
});

adapters('should refuse unsafe sources and destinations in every adapter', () => {
  const hostile: RedirectRule[] = [
    { source: '/a', destination: 'javascript:alert(1)' },
    { source: '/b', destination: 'data:text/html,<script>alert(1)</script>' },
    { source: '/c', destination: '//evil.example/x' },
    { source: '/d', destination: '/\\evil.example' },
    { source: '/e', destination: 'https://user:pass@example.com/' },
    { source: '/f', destination: 'relative/path' },
    { source: '/g', destination: '/x\r\nSet-Cookie: a=b' },
    { source: '/h\n/i', destination: '/x' },
    { source: 'no-slash', destination: '/x' },
    { source: '//host', destination: '/x' },
    { source: '/a/../b', destination: '/x' },
    { source: '/a/../b#frag', destination: '/x' },
    { source: '/frag#ok', destination: 'javascript:alert(1)' },
    { source: '/:slug#frag', destination: '/x' },
    { source: '/frag#two#hashes', destination: '/x' },
    { source: '/s', destination: '/bad\ud800' },
  ];
  for (const adapter of adapterNames) {
    const output = filesOf(adapter, hostile);
    assert.equal(ids(output), hostile.map(() => 'error adapter-redirect-invalid'), adapter);
    for (const file of output.files) {
      assert.not.match(file.content, /javascript:|evil|Set-Cookie|data:|user:pass/, `${adapter} ${file.path}`);
      assert.not.match(file.content, /^\/(a|g|h|s) /m, `${adapter} ${file.path}`);
    }
  }
  assert.match(filesOf('static', hostile).messages[0]!.reason, 'Cannot redirect to `javascript:alert(1)`: expected a path starting with `/` or an absolute `http://` or `https://` URL');
  assert.is(notFoundRedirectScript([{ source: '/x/:y', destination: 'javascript:alert(1)' }]), '');
});

adapters('should leave out a plain path redirected to itself, with a warning, in every adapter', () => {
  const loops: RedirectRule[] = [
    { source: '/same', destination: '/same' },
    { source: '/slash/', destination: '/slash' },
    { source: '/kept', destination: '/kept#section' },
    { source: '/docs/:slug', destination: '/docs/:slug' },
  ];
  for (const adapter of adapterNames) {
    const output = filesOf(adapter, loops);
    assert.equal(ids(output), ['warning adapter-redirect-loop', 'warning adapter-redirect-loop'], adapter);
    assert.equal(output.messages.map((message) => message.path), ['redirects[0].destination', 'redirects[1].destination'], adapter);
    for (const file of output.files) assert.not.match(file.content, /\/same|\/slash/, `${adapter} ${file.path}`);
  }
  assert.match(filesOf('static', loops).messages[0]!.reason, 'Cannot redirect `/same` to itself');
});

adapters('should leave out a source with a query, with a warning, in every adapter; a hostile one stays an error', () => {
  const rules: RedirectRule[] = [
    { source: '/models?ref=portkey.ai', destination: 'https://portkey.ai/models' },
    { source: '/demo?utm_source=x&b=2', destination: '/demo' },
    { source: '/q?x=1', destination: 'javascript:alert(1)' },
    { source: '/../q?x=1', destination: '/x' },
    { source: '/kept', destination: '/elsewhere' },
  ];
  for (const adapter of adapterNames) {
    const output = filesOf(adapter, rules);
    assert.equal(ids(output), ['warning adapter-redirect-query', 'warning adapter-redirect-query', 'error adapter-redirect-invalid', 'error adapter-redirect-invalid'], adapter);
    assert.equal(output.messages.slice(0, 2).map((message) => message.path), ['redirects[0].source', 'redirects[1].source'], adapter);
    for (const file of output.files) assert.not.match(file.content, /portkey|utm_source|javascript:/, `${adapter} ${file.path}`);
    if (adapter !== 'static' && adapter !== 'github-pages') assert.ok(output.files.some((file) => file.content.includes('/kept')), `${adapter}: the other rules stay`);
  }
  const [query] = filesOf('netlify', rules).messages;
  assert.is(query?.reason, 'Cannot redirect `/models?ref=portkey.ai`: hosts match a source against the path only, without its `?` query');
  assert.is(query?.note, 'The rule is left out. Redirect `/models` itself, or remove the rule.');
});

adapters('should escape quotes and markup in every format', () => {
  const redirects: RedirectRule[] = [
    { source: '/q"<x>', destination: '/a"b<c>\'d&e' },
    { source: '/p/:id', destination: '/t/</script><script>alert(1)</script>/:id' },
  ];
  const page = contentOf('static', 'q.html', [{ source: '/q', destination: redirects[0]!.destination }]);
  assert.match(page, 'url=/a%22b%3Cc%3E&#39;d&amp;e"');
  assert.match(page, '("/a%22b%3Cc%3E\'d\\u0026e")</script>');
  assert.not.match(page, /<c>|"b</);
  // A source that cannot be a file name everywhere gets no page; the 404 script covers it.
  assert.equal(filesOf('static', redirects).files, []);
  assert.is(runScript(notFoundRedirectScript(redirects), 'https://docs.example/q%22%3Cx%3E'), 'https://docs.example/a%22b%3Cc%3E\'d&e');
  const script = notFoundRedirectScript(redirects);
  assert.ok(script.startsWith('<script>') && script.endsWith('</script>'));
  const body = script.slice('<script>'.length, -'</script>'.length);
  assert.not.match(body, /[<$]/, 'no `<` (no `</script>`, no `<!--`) and no `$` (safe in String.replace)');
  const vercel = JSON.parse(contentOf('vercel', 'vercel.json', redirects));
  assert.is(vercel.redirects[0].destination, '/a%22b%3Cc%3E\'d&e');
  const lines = contentOf('netlify', '_redirects', redirects).split('\n').filter((line) => line && !line.startsWith('#'));
  assert.equal(lines, ['/q"<x> /a%22b%3Cc%3E\'d&e 301!', '/p/:id /t/%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E/:id 301!']);
});

adapters('should reject what `_redirects` and Vercel cannot express, and keep the rest', () => {
  const redirects: RedirectRule[] = [
    { source: '/with space', destination: '/x' },
    { source: '/a/:one*/b/:two*', destination: '/x' },
    { source: '/a/:rest*/edit', destination: '/x' },
    { source: '/s/:splat/*', destination: '/x' },
    { source: '/two/*/*', destination: '/x' },
    { source: '/u/:_id', destination: '/x/:_id' },
    { source: '/fine', destination: '/x' },
  ];
  for (const adapter of ['netlify', 'cloudflare'] as const) {
    const output = filesOf(adapter, redirects);
    assert.equal(ids(output), Array(6).fill('error adapter-redirect-unsupported'), adapter);
    assert.equal(output.files[0]!.content.split('\n').filter((line) => line && !line.startsWith('#')), [`/fine /x ${adapter === 'netlify' ? '301!' : '308'}`]);
  }
  assert.match(filesOf('netlify', redirects).messages[0]!.reason, 'Cannot write redirect `/with space` for Netlify: the `_redirects` format separates fields with spaces');
  const vercel = filesOf('vercel', redirects);
  assert.equal(ids(vercel), ['error adapter-redirect-unsupported']);
  assert.is(JSON.parse(vercel.files[0]!.content).redirects.length, 6);
});

adapters('should warn past the Cloudflare and Vercel limits', () => {
  const many = (count: number, dynamic: boolean) =>
    Array.from({ length: count }, (_, index) => ({ source: dynamic ? `/d${index}/:x` : `/s${index}`, destination: '/to' }));
  assert.equal(ids(filesOf('cloudflare', many(2000, false))), []);
  assert.equal(ids(filesOf('cloudflare', many(2001, false))), ['warning adapter-redirect-limit']);
  assert.equal(ids(filesOf('cloudflare', many(100, true))), []);
  const dynamic = filesOf('cloudflare', many(101, true));
  assert.equal(ids(dynamic), ['warning adapter-redirect-limit']);
  assert.match(dynamic.messages[0]!.reason, '101 dynamic rules (limit 100)');
  const long = filesOf('cloudflare', [{ source: `/${'a'.repeat(1000)}`, destination: '/to' }]);
  assert.match(long.messages[0]!.reason, '1 rule longer than 1000 characters');
  assert.equal(ids(filesOf('vercel', many(2045, false))), []);
  assert.equal(ids(filesOf('vercel', many(2046, false))), ['warning adapter-redirect-limit']);
  assert.equal(ids(filesOf('netlify', many(5000, false))), [], 'Netlify documents no count limit');
});

adapters('should place limit warnings at `redirects` when given `locate`', () => {
  const redirects = Array.from({ length: 101 }, (_, index) => ({ source: `/d${index}/:x`, destination: '/to' }));
  const output = adapterFiles('cloudflare', { redirects, files: new Set(), locate: (path) => (path.join('.') === 'redirects' ? { file: '/p/docs.json', line: 3, column: 16 } : undefined) });
  assert.equal(output.messages.map(({ file, line, column }) => `${file}:${line}:${column}`), ['/p/docs.json:3:16']);
});

adapters('should place messages where docs.json has the rule when given `locate`', () => {
  const output = adapterFiles('static', {
    redirects: [{ source: '/ok', destination: '/x' }, { source: '/bad', destination: 'ftp://x' }],
    files: new Set(),
    locate: (path) => (path.join('.') === 'redirects.1.destination' ? { file: '/p/docs.json', line: 7, column: 22 } : undefined),
  });
  assert.equal(
    output.messages.map(({ file, line, column, path, ruleId }) => ({ file, line, column, path, ruleId })),
    [{ file: '/p/docs.json', line: 7, column: 22, path: 'redirects[1].destination', ruleId: 'adapter-redirect-invalid' }],
  );
});

adapters('should read every server adapter back into the redirects docsgen dev applies', () => {
  const expected = (path: string) => matchRedirect(path, rules);
  for (const adapter of ['netlify', 'cloudflare', 'vercel'] as const) {
    const file = filesOf(adapter).files[0]!;
    const read = readAdapterRedirects(file.path as '_redirects' | 'vercel.json', file.content);
    for (const path of probes) {
      const index = read.findIndex((rule) => matchRedirect(path, [rule]) !== undefined);
      const got = index === -1 ? undefined : { location: matchRedirect(path, [read[index]!])!.location, status: read[index]!.status };
      const want = expected(path);
      const status = want && adapter === 'netlify' ? (want.status === 308 ? 301 : 302) : want?.status;
      assert.equal(got, want && { location: want.location, status }, `${adapter} ${path}`);
    }
  }
});

adapters('should read hand-written `_redirects` as hosts do', () => {
  const text = ['# comment', '', '/a /b', '/c  /d  302  # trailing', '/spa/* /index.html 200', '/q id=:id /x 301', 'https://x.example/* /y 301', '/e https://e.example/:splat', '/f/* /g/:splat 307!'].join('\n');
  assert.equal(readAdapterRedirects('_redirects', text), [
    { source: '/a', destination: '/b', status: 301 },
    { source: '/c', destination: '/d', status: 302 },
    { source: '/e', destination: 'https://e.example/:splat', status: 301 },
    { source: '/f/*', destination: '/g/*', status: 307 },
  ]);
  assert.equal(readAdapterRedirects('vercel.json', '{"redirects":[{"source":"/a/:id(\\\\d+)","destination":"/b"},{"source":"/c","destination":"/d","statusCode":301}]}'), [
    { source: '/c', destination: '/d', status: 301 },
  ]);
  assert.equal(readAdapterRedirects('vercel.json', 'not json'), []);
});

/** Runs the 404 script against an address and returns where it navigates, if anywhere. */
function runScript(script: string, address: string): string | undefined {
  const url = new URL(address);
  let target: string | undefined;
  const location = {
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    href: url.href,
    origin: url.origin,
    replace: (next: string) => {
      target = next;
    },
  };
  // A browser's global object: the script marks on it that it sends the reader on.
  const window: { dgRedirected?: number } = {};
  runInNewContext(script.slice('<script>'.length, -'</script>'.length), { location, URL, window });
  assert.is(window.dgRedirected, target === undefined ? undefined : 1, 'marked when it redirects, for the 404 page\'s own redirect');
  return target;
}

adapters('should make the 404 script redirect exactly as docsgen dev does', () => {
  const script = notFoundRedirectScript(rules);
  for (const path of probes) {
    const want = matchRedirect(decodeURIComponent(path), rules);
    const got = runScript(script, `https://docs.example${path}?v=1#top`);
    if (!want || rules.slice(0, 2).some((rule) => matchRedirect(decodeURIComponent(path), [rule]))) {
      // No rule, or a static rule: its page answers, so the 404 script never runs for it.
      if (!want) assert.is(got, undefined, path);
      continue;
    }
    const expected = new URL(want.location, 'https://docs.example/');
    if (!want.location.includes('?')) expected.search = '?v=1';
    expected.hash = '#top';
    assert.is(got, expected.href, path);
  }
});

adapters('should keep the 404 script on the origin its rule names', () => {
  const script = notFoundRedirectScript([
    { source: '/x/:rest*', destination: '/:rest*' },
    { source: '/y/:slug', destination: 'https://help.example/:slug' },
  ]);
  assert.is(runScript(script, 'https://docs.example/x//evil.example/p'), 'https://docs.example/evil.example/p');
  assert.is(runScript(script, 'https://docs.example/x/%2F%2Fevil.example'), 'https://docs.example/evil.example');
  assert.is(runScript(script, 'https://docs.example/y/a%40evil.example'), 'https://help.example/a%40evil.example');
  assert.is(runScript(script, 'https://docs.example/x/%E0%A4%A'), undefined, 'malformed encoding: no redirect');
});

adapters('should leave the 404 script out when every rule has a page, and handle static sources that cannot have one', () => {
  assert.is(notFoundRedirectScript([]), '');
  assert.is(notFoundRedirectScript([{ source: '/old', destination: '/new' }]), '');
  const script = notFoundRedirectScript([{ source: '/.well-known/x', destination: '/x' }]);
  assert.is(runScript(script, 'https://docs.example/.well-known/x'), 'https://docs.example/x');
  assert.equal(filesOf('static', [{ source: '/.well-known/x', destination: '/x' }]).files, []);
});

adapters.run();
