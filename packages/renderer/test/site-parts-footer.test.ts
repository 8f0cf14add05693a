import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderFooter, resolveEditUrl, socialIcon, socialIconNames } from '../src/index.js';

const page = { relativePath: 'guides/setup.mdx' };

test('should render social links with accessible names and inline icons', () => {
  const html = renderFooter({ config: { footer: { socials: { github: 'https://github.com/acme', x: 'https://x.com/acme', 'hacker-news': 'https://news.ycombinator.com' } } }, page });
  assert.match(html, '<ul class="dg-footer-socials" aria-label="Social links">');
  assert.match(html, /<a class="dg-social" data-social="github" href="https:\/\/github.com\/acme" aria-label="GitHub" title="GitHub" rel="noopener noreferrer"><svg [^>]*aria-hidden="true"/);
  assert.match(html, 'aria-label="X"');
  assert.match(html, 'aria-label="Hacker News"');
});

test('should have a glyph and a label for every common network, and a generic one otherwise', () => {
  for (const name of ['x', 'twitter', 'github', 'linkedin', 'discord', 'slack', 'youtube', 'facebook', 'instagram', 'website', 'bluesky', 'reddit', 'telegram', 'medium', 'threads', 'podcast', 'earth-americas', 'x-twitter', 'hacker-news']) {
    assert.ok(socialIconNames.includes(name), name);
    assert.match(socialIcon(name).svg, /^<svg [^>]+><(?:path|rect|circle)/);
  }
  assert.is(socialIcon('mastodon').label, 'Mastodon');
  assert.is(socialIcon('mastodon').svg, socialIcon('some-other').svg);
  assert.is.not(socialIcon('github').svg, socialIcon('mastodon').svg);
});

test('should leave out social and column links whose URL fails the check, and escape the rest', () => {
  const html = renderFooter({
    config: {
      footer: {
        socials: { github: 'javascript:alert(1)', x: '//evil.example', '"><b>': 'https://ok.example/?a="b"&c' },
        links: [
          {
            header: 'Docs <&>',
            items: [
              { label: 'Start', href: '/start', icon: 'rocket' },
              { label: 'Bad', href: 'JavaScript:alert(1)' },
              { label: 'Download', href: 'https://x.example/setup.exe' },
              { label: 'Logo', href: '/logo.svg' },
              { label: 'Mail <me>', href: 'mailto:a@b.example' },
            ],
          },
          { header: 'Empty', items: [{ label: 'Nope', href: 'vbscript:x' }] },
        ],
      },
    },
    page,
  });
  assert.not.match(html, /javascript|vbscript|evil|setup\.exe|logo\.svg|Empty/i);
  assert.match(html, 'data-social="&quot;&gt;&lt;b&gt;" href="https://ok.example/?a=&quot;b&quot;&amp;c" aria-label="&quot;&gt;&lt;b&gt;"');
  assert.match(html, '<h2 class="dg-footer-heading">Docs &lt;&amp;&gt;</h2>');
  assert.match(html, /<li><a href="\/start"><svg class="dg-icon" data-icon="rocket" [^>]*viewBox="0 0 512 512" fill="currentColor"[^>]*><path [^>]*><\/svg>Start<\/a><\/li>/);
  assert.match(html, '<li><a href="mailto:a@b.example">Mail &lt;me&gt;</a></li>');
  assert.match(html, '<nav class="dg-footer-links" aria-label="Footer">');
});

test('should show the last-updated date only when switched on', () => {
  const lastUpdated = new Date('2024-03-05T10:00:00Z');
  const on = renderFooter({ config: { footer: { lastUpdated: true } }, page: { ...page, lastUpdated } });
  assert.match(on, '<p class="dg-footer-updated">Last updated <time datetime="2024-03-05T10:00:00.000Z">March 5, 2024</time></p>');
  assert.match(renderFooter({ config: { footer: { lastUpdated: true } }, page: { ...page, lastUpdated }, locale: 'de' }), '5. März 2024');
  // `metadata.timestamp` of the hosted platform, and the resolved `lastUpdated` flag.
  assert.match(renderFooter({ config: { metadata: { timestamp: true } }, page: { ...page, lastUpdated } }), 'Last updated');
  assert.match(renderFooter({ config: { lastUpdated: true }, page: { ...page, lastUpdated: lastUpdated.getTime() } }), 'Last updated');
  assert.is(renderFooter({ config: { footer: { lastUpdated: false } }, page: { ...page, lastUpdated } }), '');
  assert.is(renderFooter({ config: { footer: { lastUpdated: true } }, page: { ...page, lastUpdated: 'not a date' } }), '');
  assert.is(renderFooter({ config: {}, page }), '');
});

test('should build the edit link from `editUrl` with `{path}` replaced', () => {
  const html = renderFooter({ config: { footer: { editUrl: 'https://github.com/acme/docs/edit/main/content/{path}' } }, page: { relativePath: 'guides/a b.mdx' } });
  assert.match(html, '<a class="dg-footer-edit" href="https://github.com/acme/docs/edit/main/content/guides/a%20b.mdx" rel="noopener noreferrer">');
  assert.match(html, '<span>Edit this page</span>');
  assert.is(resolveEditUrl({ editUrl: 'https://cms.example/edit?file={path}&x={path}', relativePath: 'a.mdx' }), 'https://cms.example/edit?file=a.mdx&x=a.mdx');
  assert.is(resolveEditUrl({ editUrl: 'https://example.com/edit/main/', relativePath: 'a/b.mdx' }), 'https://example.com/edit/main/a/b.mdx');
  assert.not.match(renderFooter({ config: { footer: { editUrl: 'javascript:alert("{path}")' } }, page }), 'dg-footer-edit');
});

test('should derive the edit link from `repo` for the common hosts', () => {
  const edit = (repo: string): string | undefined => resolveEditUrl({ repo, relativePath: 'guides/setup.mdx' });
  assert.is(edit('https://github.com/acme/docs'), 'https://github.com/acme/docs/edit/main/guides/setup.mdx');
  assert.is(edit('https://github.com/acme/docs.git'), 'https://github.com/acme/docs/edit/main/guides/setup.mdx');
  assert.is(edit('https://github.com/acme/mono/tree/dev/site/docs'), 'https://github.com/acme/mono/edit/dev/site/docs/guides/setup.mdx');
  assert.is(edit('git@github.com:acme/docs.git'), 'https://github.com/acme/docs/edit/main/guides/setup.mdx');
  assert.is(edit('ssh://git@github.com/acme/docs.git'), 'https://github.com/acme/docs/edit/main/guides/setup.mdx');
  assert.is(edit('https://gitlab.com/group/sub/docs'), 'https://gitlab.com/group/sub/docs/-/edit/main/guides/setup.mdx');
  assert.is(edit('https://gitlab.com/group/docs/-/tree/stable/content'), 'https://gitlab.com/group/docs/-/edit/stable/content/guides/setup.mdx');
  assert.is(edit('https://bitbucket.org/acme/docs'), 'https://bitbucket.org/acme/docs/src/main/guides/setup.mdx?mode=edit');
  assert.is(edit('https://codeberg.org/acme/docs'), 'https://codeberg.org/acme/docs/_edit/main/guides/setup.mdx');
  assert.is(edit('not a url'), undefined);
  assert.is(edit('https://github.com/onlyowner'), undefined);
});

test('should fall back to the origin remote, with its branch and the project folder', () => {
  const repository = { remoteUrl: 'git@github.com:acme/mono.git', branch: 'trunk', prefix: 'site/docs/' };
  assert.is(resolveEditUrl({ relativePath: 'a.mdx', repository }), 'https://github.com/acme/mono/edit/trunk/site/docs/a.mdx');
  // `repo` wins; the folder and branch of git only apply when `repo` is the same repository.
  assert.is(resolveEditUrl({ repo: 'https://github.com/ACME/mono', relativePath: 'a.mdx', repository }), 'https://github.com/ACME/mono/edit/trunk/site/docs/a.mdx');
  assert.is(resolveEditUrl({ repo: 'https://github.com/acme/other', relativePath: 'a.mdx', repository }), 'https://github.com/acme/other/edit/main/a.mdx');
  assert.is(resolveEditUrl({ relativePath: 'a.mdx', repository: {} }), undefined);
  assert.match(renderFooter({ config: {}, page: { relativePath: 'a.mdx' }, repository }), 'href="https://github.com/acme/mono/edit/trunk/site/docs/a.mdx"');
});

test.run();
