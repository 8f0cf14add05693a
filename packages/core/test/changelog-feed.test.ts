import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dateOf } from '../src/changelog-feed.js';
import { buildSite, createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const feeds = suite('changelog feeds');

function project(config: Record<string, unknown>, files: Record<string, string>): string {
  return writeTempProject({ 'docs.json': JSON.stringify({ name: 'Acme', navigation: { pages: Object.keys(files).map((name) => name.replace(/\.mdx?$/, '')) }, ...config }), ...files }, 'docsgen-feeds-');
}

const home = '---\ntitle: Home\n---\n\nWelcome.\n';

feeds('should write one item per <Update>, in order, with absolute links, dates and categories', async () => {
  const root = project({ siteUrl: 'https://acme.dev/docs/' }, {
    'index.mdx': home,
    'changelog.mdx': [
      '---',
      'title: Changelog',
      'description: What changed.',
      '---',
      '',
      '<Update label="March 14, 2025" description="v2.0" tags={["API", "UI"]}>',
      'Read [the guide](/guide) and [more](./more), ![a chart](/images/chart.png).',
      '</Update>',
      '',
      '<Update label="v1.9" description="2025-02-01" rss={{ title: "Faster builds", description: "Builds & <caches>" }}>',
      '<Card title="Only a card">x</Card>',
      '</Update>',
    ].join('\n'),
  });
  const site = await createSite(root);
  const feed = await site.feed('changelog');
  assert.is(feed?.path, 'changelog/rss.xml');
  assert.is(
    feed?.xml,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '  <channel>',
      '    <title>Changelog - Acme</title>',
      '    <link>https://acme.dev/docs/changelog</link>',
      '    <description>What changed.</description>',
      '    <atom:link href="https://acme.dev/docs/changelog/rss.xml" rel="self" type="application/rss+xml"/>',
      '    <generator>docsgen</generator>',
      '    <item>',
      '      <title>March 14, 2025</title>',
      '      <link>https://acme.dev/docs/changelog#march-14-2025</link>',
      '      <guid isPermaLink="true">https://acme.dev/docs/changelog#march-14-2025</guid>',
      '      <pubDate>Fri, 14 Mar 2025 00:00:00 GMT</pubDate>',
      '      <category>API</category>',
      '      <category>UI</category>',
      '      <description>&lt;p&gt;Read &lt;a href=&quot;https://acme.dev/docs/guide&quot;&gt;the guide&lt;/a&gt; and &lt;a href=&quot;https://acme.dev/docs/more&quot;&gt;more&lt;/a&gt;, &lt;img src=&quot;https://acme.dev/docs/images/chart.png&quot; alt=&quot;a chart&quot;&gt;.&lt;/p&gt;</description>',
      '    </item>',
      '    <item>',
      '      <title>Faster builds</title>',
      '      <link>https://acme.dev/docs/changelog#v19</link>',
      '      <guid isPermaLink="true">https://acme.dev/docs/changelog#v19</guid>',
      '      <pubDate>Sat, 01 Feb 2025 00:00:00 GMT</pubDate>',
      '      <description>&lt;p&gt;Builds &amp;amp; &amp;lt;caches&amp;gt;&lt;/p&gt;</description>',
      '    </item>',
      '  </channel>',
      '</rss>',
      '',
    ].join('\n'),
  );
  assert.is(await site.feed('index'), undefined, 'a page without entries has no feed');
});

feeds('should escape hostile labels and drop unsafe links and images', async () => {
  const root = project({ siteUrl: 'https://acme.dev' }, {
    'index.mdx': [
      '---',
      'title: "News </title><script>x</script>"',
      '---',
      '',
      '<Update label="]]></title><script>alert(1)</script>" tags={["<b>"]}>',
      '[click](javascript:alert(1)) [data](data:text/html,x) ![pixel](javascript:alert(2)) <img src="x" onerror="alert(3)" />',
      '',
      '<div onclick="alert(4)">raw</div>',
      '</Update>',
    ].join('\n'),
  });
  const xml = (await (await createSite(root)).feed('index'))?.xml ?? '';
  assert.not.match(xml, '<script>');
  assert.not.match(xml, '<b>');
  assert.match(xml, '<title>]]&gt;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
  assert.match(xml, '<category>&lt;b&gt;</category>');
  assert.not.match(xml, 'javascript');
  assert.not.match(xml, 'data:');
  assert.not.match(xml, 'onerror');
  assert.not.match(xml, 'onclick');
  assert.match(xml, '&lt;a&gt;click&lt;/a&gt;');
});

feeds('should follow frontmatter rss: false (no feed) and rss: true (a feed before the first entry)', async () => {
  const root = project({ siteUrl: 'https://acme.dev' }, {
    'index.mdx': home,
    'off.mdx': '---\ntitle: Off\nrss: false\n---\n\n<Update label="v1">x</Update>\n',
    'on.mdx': '---\ntitle: On\nrss: true\n---\n\nSoon.\n',
    'code.mdx': '---\ntitle: Docs of Update\n---\n\n```mdx\n<Update label="v1">x</Update>\n```\n',
  });
  const site = await createSite(root);
  assert.is(await site.feed('off'), undefined);
  assert.is(await site.feed('code'), undefined, '<Update> in a code block is not an entry');
  const on = await site.feed('on');
  assert.is(on?.path, 'on/rss.xml');
  assert.match(on?.xml ?? '', '<title>On - Acme</title>');
  assert.not.match(on?.xml ?? '', '<item>');
  assert.match((await site.document('on'))?.html ?? '', '<link rel="alternate" type="application/rss+xml" title="On - Acme" href="/on/rss.xml">');
  assert.not.match((await site.document('off'))?.html ?? '', 'application/rss+xml');
  assert.not.match((await site.document('code'))?.html ?? '', 'application/rss+xml');
});

feeds('should have the build write each feed, the home page\'s at /rss.xml too', async () => {
  const root = project({ siteUrl: 'https://acme.dev' }, {
    'changelog.mdx': '---\ntitle: Changelog\n---\n\n<Update label="2025-01-01">Hello.</Update>\n',
    'guides/news.mdx': '---\ntitle: News\n---\n\n<Update label="2025-02-01">World.</Update>\n',
    'off.mdx': '---\ntitle: Off\nrss: false\n---\n\n<Update label="v1">x</Update>\n',
  });
  const result = await buildSite(root, { workers: 0, cache: false });
  assert.ok(result.ok, JSON.stringify(result.messages));
  const out = join(root, 'dist');
  assert.match(readFileSync(join(out, 'rss.xml'), 'utf8'), '<link>https://acme.dev/#2025-01-01</link>');
  assert.is(readFileSync(join(out, 'changelog', 'rss.xml'), 'utf8'), readFileSync(join(out, 'rss.xml'), 'utf8'));
  assert.match(readFileSync(join(out, 'guides', 'news', 'rss.xml'), 'utf8'), '<link>https://acme.dev/guides/news#2025-02-01</link>');
  assert.match(readFileSync(join(out, 'guides', 'news.html'), 'utf8'), 'href="/guides/news/rss.xml"');
  assert.not.ok(existsSync(join(out, 'off')));
});

feeds('should warn at the page and write no feed when the site URL is not known', async () => {
  const root = project({}, { 'index.mdx': home, 'changelog.mdx': '---\ntitle: Changelog\n---\n\n<Update label="v1">x</Update>\n' });
  const result = await buildSite(root, { workers: 0, cache: false });
  assert.ok(result.ok);
  const warning = result.messages.find((message) => message.ruleId === 'rss-site-url-missing');
  assert.is(warning?.fatal, false);
  assert.is(warning?.file, join(root, 'changelog.mdx'));
  assert.not.ok(existsSync(join(root, 'dist', 'changelog', 'rss.xml')));
});

feeds('should read dates in the documented forms only', () => {
  const cases: Array<[string, string | undefined]> = [
    ['2025-03-14', '2025-03-14'],
    ['March 14, 2025', '2025-03-14'],
    ['Mar 14 2025', '2025-03-14'],
    ['Sept. 3, 2024', '2024-09-03'],
    ['14 March 2025', '2025-03-14'],
    ['3rd Feb, 2024', '2024-02-03'],
    ['March 2025', '2025-03-01'],
    ['  June 2024 ', '2024-06-01'],
    ['2025-02-30', undefined],
    ['February 30, 2025', undefined],
    ['v1.2.3', undefined],
    ['Version 2025', undefined],
    ['Ma 2025', undefined],
    ['2025', undefined],
    ['March 14', undefined],
    ['', undefined],
  ];
  for (const [text, expected] of cases) assert.is(dateOf(text)?.toISOString().slice(0, 10), expected, text);
});

feeds.run();
