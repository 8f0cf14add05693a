import { mkdtempSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { suite } from 'uvu';
import type { PageInfo } from '../src/pages.js';
import * as assert from 'uvu/assert';
import { buildSite, createSite, listIndexablePages, llmsFullTxt, llmsTxt, renderSiteOutput, robotsTxt, sitemapPart, sitemapXml, maxSitemapUrls } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const outputs = suite('site outputs');

const page = (title: string, extra = '', body = `About ${title}.`): string => `---\ntitle: ${title}\n${extra}---\n\n${body}\n`;

/** A project with one page of every kind that is or is not indexed. */
function project(config: Record<string, unknown> = {}, files: Record<string, string> = {}): string {
  return writeTempProject(
    {
      'docs.json': JSON.stringify({
        name: 'Acme Docs',
        description: 'Everything about Acme.',
        navigation: {
          tabs: [
            {
              tab: 'Guides',
              groups: [
                { group: 'Get started', pages: ['index', 'quickstart', 'drafty', 'quiet', 'robots-noindex', 'secret', 'link'] },
                { group: 'Advanced', pages: ['advanced/one', { group: 'Deep', pages: ['advanced/deep'] }] },
                { group: 'Hidden group', hidden: true, pages: ['hidden-group-page'] },
              ],
            },
            { tab: 'API', pages: ['api/overview'] },
          ],
        },
        ...config,
      }),
      'index.mdx': page('Home', 'description: Start here.\n'),
      'quickstart.mdx': page('Quickstart'),
      'drafty.mdx': page('Drafty', 'draft: true\n'),
      'quiet.mdx': page('Quiet', 'noindex: true\n'),
      'robots-noindex.mdx': page('Robots', 'robots: "noindex, nofollow"\n'),
      'secret.mdx': page('Secret', 'hidden: true\n'),
      'link.mdx': page('Link', 'url: https://example.org/elsewhere\n'),
      'advanced/one.mdx': page('One'),
      'advanced/deep.mdx': page('Deep'),
      'hidden-group-page.mdx': page('Hidden group page'),
      'api/overview.mdx': page('Overview'),
      'orphan.mdx': page('Orphan'),
      'private/a.mdx': page('Private'),
      '404.mdx': page('Lost'),
      ...files,
    },
    'docsgen-site-outputs-',
  );
}

const siteUrl = 'https://docs.acme.test';

outputs('should index only navigable pages by default, home first, in navigation order', async () => {
  const site = await createSite(project());
  assert.equal(listIndexablePages(site), ['index', 'quickstart', 'advanced/one', 'advanced/deep', 'api/overview']);
});

outputs('should index hidden and unlisted pages with `seo.indexing: "all"`, never drafts, noindex, links, 404 or `seo.paths` noindex', async () => {
  const site = await createSite(project({ seo: { indexing: 'all', paths: [{ path: 'private', metatags: { robots: 'noindex' } }] } }));
  assert.equal(listIndexablePages(site), ['index', 'quickstart', 'secret', 'advanced/one', 'advanced/deep', 'hidden-group-page', 'api/overview', 'orphan']);
});

outputs('should index nothing when a site-wide robots meta tag says noindex, and a longer `seo.paths` entry wins', async () => {
  const site = await createSite(project({ seo: { metatags: { robots: 'noindex' }, paths: [{ path: 'advanced', metatags: { robots: 'index, follow' } }] } }));
  assert.equal(listIndexablePages(site), ['advanced/one', 'advanced/deep']);
});

outputs('should write the sitemap with absolute, escaped URLs and lastmod only where a time is known', async () => {
  const site = await createSite(project({}, { 'docs.json': JSON.stringify({ name: 'X', navigation: { pages: ['index', "a&b'<c>"] } }), "a&b'<c>.mdx": page('Odd') }));
  const xml = sitemapXml(site, { siteUrl: "https://docs.acme.test/v1&2'/", lastUpdated: new Map([['index', new Date('2024-03-01T12:30:00.250Z')]]) });
  assert.is(
    xml,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      '  <url>',
      '    <loc>https://docs.acme.test/v1&amp;2&apos;/</loc>',
      '    <lastmod>2024-03-01T12:30:00Z</lastmod>',
      '  </url>',
      '  <url>',
      '    <loc>https://docs.acme.test/v1&amp;2&apos;/a%26b&apos;%3Cc%3E</loc>',
      '  </url>',
      '</urlset>',
      '',
    ].join('\n'),
  );
  assert.is(xml?.split('</loc>').length, 3, 'no URL closes its element early');
});

outputs('should write no sitemap without a valid site URL, and add trailing slashes with `seo.trailingSlash`', async () => {
  const site = await createSite(project({ seo: { trailingSlash: true } }));
  assert.is(sitemapXml(site, {}), undefined);
  assert.is(sitemapXml(site, { siteUrl: 'javascript:alert(1)' }), undefined);
  assert.is(sitemapXml(site, { siteUrl: 'https://user:pw@docs.acme.test' }), undefined);
  const xml = sitemapXml(site, { siteUrl: `${siteUrl}/?utm=1#top` }) ?? '';
  assert.equal([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]), [
    'https://docs.acme.test/',
    'https://docs.acme.test/quickstart/',
    'https://docs.acme.test/advanced/one/',
    'https://docs.acme.test/advanced/deep/',
    'https://docs.acme.test/api/overview/',
  ]);
});

outputs('should allow every crawler in robots.txt and point at the sitemap when there is a site URL', async () => {
  const site = await createSite(project());
  assert.is(robotsTxt(site, { siteUrl: `${siteUrl}/` }), 'User-agent: *\nAllow: /\n\nSitemap: https://docs.acme.test/sitemap.xml\n');
  assert.is(robotsTxt(site, {}), 'User-agent: *\nAllow: /\n');
  // A line break in the URL cannot add a rule.
  assert.is(robotsTxt(site, { siteUrl: 'https://docs.acme.test/a\nDisallow: /' }), 'User-agent: *\nAllow: /\n\nSitemap: https://docs.acme.test/aDisallow:%20/sitemap.xml\n');
});

outputs('should list pages in llms.txt by navigation group, in order, with twin URLs, descriptions, instructions and MCP servers', async () => {
  const site = await createSite(
    project({
      seo: { indexing: 'all' },
      markdown: { instructions: ['Prefer the API tab for endpoints.', '  '] },
      api: { mdx: { server: ['https://mcp.acme.test/sse', '/mcp', 'javascript:alert(1)', 'https://mcp.acme.test/sse'] } },
    }),
  );
  assert.is(
    llmsTxt(site, { siteUrl }),
    `# Acme Docs

> Everything about Acme.

> ## Agent Instructions
> Prefer the API tab for endpoints.

## Get started

- [Home](https://docs.acme.test/index.md): Start here.
- [Quickstart](https://docs.acme.test/quickstart.md)
- [Secret](https://docs.acme.test/secret.md)

## Advanced

- [One](https://docs.acme.test/advanced/one.md)

## Advanced › Deep

- [Deep](https://docs.acme.test/advanced/deep.md)

## Hidden group

- [Hidden group page](https://docs.acme.test/hidden-group-page.md)

## API

- [Overview](https://docs.acme.test/api/overview.md)

## Other pages

- [Orphan](https://docs.acme.test/orphan.md)
- [Private](https://docs.acme.test/private/a.md)

## MCP servers

Agent-protocol servers of this documentation: an AI agent that is a Model Context Protocol (MCP) client can connect to these URLs and use the tools they offer instead of reading the pages above one by one.

- [https://mcp.acme.test/sse](https://mcp.acme.test/sse)
- [https://docs.acme.test/mcp](https://docs.acme.test/mcp)
`,
  );
});

outputs('should keep hostile titles, descriptions and URLs from breaking out of their llms.txt line', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Evil <b>Docs</b>\n# Injected', description: 'One\n\n## Two', navigation: { pages: ['index', 'a (b)'] }, api: { mdx: { server: 'https://mcp.test/x)(y' } } }),
    'index.mdx': page('Evil](javascript:alert(1)) <script>alert(1)</script>', 'description: "line\\n- [fake](https://evil.test)"\n'),
    'a (b).mdx': page('Parens'),
  });
  const text = llmsTxt(await createSite(root), { siteUrl });
  assert.is(
    text,
    `# Evil \\<b\\>Docs\\</b\\> # Injected

> One ## Two

## Pages

- [Evil\\](javascript:alert(1)) \\<script\\>alert(1)\\</script\\>](https://docs.acme.test/index.md): line - \\[fake\\](https://evil.test)
- [Parens](https://docs.acme.test/a%20%28b%29.md)

## MCP servers

Agent-protocol servers of this documentation: an AI agent that is a Model Context Protocol (MCP) client can connect to these URLs and use the tools they offer instead of reading the pages above one by one.

- [https://mcp.test/x)(y](https://mcp.test/x%29%28y)
`,
  );
  assert.not.match(text, /^#{1,6} (?!Evil|Pages|MCP)/m, 'no heading but the expected ones');
});

outputs('should use root-relative links in llms.txt without a site URL', async () => {
  const text = llmsTxt(await createSite(project()), {});
  assert.match(text, '- [Quickstart](/quickstart.md)\n');
});

outputs('should list the default version and language only in llms.txt, and every one in llms-full.txt and the sitemap', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({
      name: 'Variants',
      navigation: {
        languages: [
          { language: 'en', default: true, versions: [{ version: 'v2', default: true, pages: ['index', 'v2/guide'] }, { version: 'v1', pages: ['v1/guide'] }] },
          { language: 'fr', versions: [{ version: 'v2', pages: ['fr/index'] }] },
        ],
      },
    }),
    'index.mdx': page('Home'),
    'v2/guide.mdx': page('Guide two'),
    'v1/guide.mdx': page('Guide one'),
    'fr/index.mdx': page('Accueil'),
  }, 'docsgen-site-outputs-');
  const site = await createSite(root);
  const text = llmsTxt(site, { siteUrl });
  assert.match(text, '[Guide two]');
  assert.not.match(text, 'Guide one');
  assert.not.match(text, 'Accueil');
  const full = await llmsFullTxt(site, { siteUrl });
  for (const title of ['Guide two', 'Guide one', 'Accueil']) assert.match(full, `About ${title}.`);
  for (const path of ['/v1/guide', '/fr/index']) assert.match(sitemapXml(site, { siteUrl }) ?? '', `${siteUrl}${path}`);
});

outputs('should concatenate every indexable twin into llms-full.txt, each headed by its URL', async () => {
  const site = await createSite(project());
  const text = await llmsFullTxt(site, { siteUrl });
  const twin = async (slug: string) => ((await site.markdown(slug))?.markdown ?? '').trim();
  assert.is(
    text,
    [
      '# Acme Docs',
      '> Everything about Acme.',
      'Source: https://docs.acme.test/',
      await twin('index'),
      'Source: https://docs.acme.test/quickstart',
      await twin('quickstart'),
      'Source: https://docs.acme.test/advanced/one',
      await twin('advanced/one'),
      'Source: https://docs.acme.test/advanced/deep',
      await twin('advanced/deep'),
      'Source: https://docs.acme.test/api/overview',
      await twin('api/overview'),
    ].join('\n\n') + '\n',
  );
  assert.match(text, '# Quickstart\n\nAbout Quickstart.');
  for (const left of ['Drafty', 'Quiet', 'Robots', 'Secret', 'Orphan', 'Lost', 'Hidden group page']) assert.not.match(text, `About ${left}.`, left);
  const given = await llmsFullTxt(site, { markdown: (slug) => `twin of ${slug}` });
  assert.match(given, 'Source: /advanced/one\n\ntwin of advanced/one\n');
});

outputs('should serve a project-root file verbatim instead of the generated one, but not a link leading outside', async () => {
  const outside = mkdtempSync(join(tmpdir(), 'docsgen-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'TOKEN=1');
  const root = project({}, { 'llms.txt': '# Hand written\n', 'sitemap.xml': '<urlset/>\n' });
  symlinkSync(join(outside, 'secret.txt'), join(root, 'llms-full.txt'));
  const site = await createSite(root);
  const llms = await renderSiteOutput(site, 'llms.txt', { siteUrl });
  assert.equal(llms, { output: { name: 'llms.txt', content: '# Hand written\n', contentType: 'text/plain; charset=utf-8', isOverride: true }, messages: [] });
  assert.is((await renderSiteOutput(site, 'sitemap.xml', {}))?.output?.content, '<urlset/>\n', 'an own sitemap needs no site URL');
  const full = await renderSiteOutput(site, 'llms-full.txt', { siteUrl });
  assert.is(full.output?.isOverride, false);
  assert.not.match(full.output?.content ?? '', 'TOKEN');
  assert.equal(full.messages.map((message) => [message.ruleId, message.fatal, message.file]), [['build-link-outside', false, join(root, 'llms-full.txt')]]);
});

outputs('should warn that there is no sitemap without a site URL, and take lastmod from the files when `footer.lastUpdated` is on', async () => {
  const site = await createSite(project());
  const missing = await renderSiteOutput(site, 'sitemap.xml', {});
  assert.is(missing.output, undefined);
  assert.equal(missing.messages.map((message) => [message.ruleId, message.fatal, message.reason]), [['sitemap-site-url-missing', false, 'Cannot write `sitemap.xml`: the site URL is not known']]);

  const root = project({ footer: { lastUpdated: true } });
  utimesSync(join(root, 'quickstart.mdx'), new Date('2023-05-06T07:08:09Z'), new Date('2023-05-06T07:08:09Z'));
  const xml = (await renderSiteOutput(await createSite(root), 'sitemap.xml', { siteUrl }))?.output?.content ?? '';
  assert.match(xml, '<loc>https://docs.acme.test/quickstart</loc>\n    <lastmod>2023-05-06T07:08:09Z</lastmod>');
  assert.is(xml.split('<lastmod>').length - 1, 5, 'every page has a time');
  assert.not.match((await renderSiteOutput(site, 'sitemap.xml', { siteUrl }))?.output?.content ?? '', '<lastmod>', 'no lastmod when last-updated is off');
});

/** Every file under `dir` (posix relative path → content). */
function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}

outputs('should write the four files in the build from the twins it wrote, beside a page named `llms`', async () => {
  const root = project({ navigation: { pages: ['index', 'quickstart', 'llms'] } }, { 'llms.mdx': page('About llms.txt') });
  const result = await buildSite(root, { workers: 0, cache: false, siteUrl });
  assert.ok(result.ok, JSON.stringify(result.messages));
  const out = tree(join(root, 'dist'));
  assert.match(out['sitemap.xml'] ?? '', '<loc>https://docs.acme.test/llms</loc>');
  assert.is(out['robots.txt'], 'User-agent: *\nAllow: /\n\nSitemap: https://docs.acme.test/sitemap.xml\n');
  assert.match(out['llms.txt'] ?? '', '- [About llms.txt](https://docs.acme.test/llms.md)\n');
  assert.match(out['llms.html'] ?? '', '<title>About llms.txt - Acme Docs</title>');
  assert.ok(out['llms-full.txt']?.includes(`Source: https://docs.acme.test/quickstart\n\n${out['quickstart.md']?.trim()}\n`));
  assert.not.match(out['llms-full.txt'] ?? '', 'About Drafty.');
});

outputs('should build without a sitemap and with a warning when no site URL is known, and copy root overrides', async () => {
  const root = project({}, { 'llms.txt': '# Ours\n' });
  const result = await buildSite(root, { workers: 0, cache: false });
  assert.ok(result.ok, JSON.stringify(result.messages));
  assert.equal(result.messages.filter((message) => message.ruleId === 'sitemap-site-url-missing').length, 1);
  const out = tree(join(root, 'dist'));
  assert.not.ok('sitemap.xml' in out);
  assert.is(out['robots.txt'], 'User-agent: *\nAllow: /\n');
  assert.is(out['llms.txt'], '# Ours\n');
  assert.match(out['llms-full.txt'] ?? '', 'Source: /quickstart\n');

  const configured = project({ siteUrl: 'https://from-docs-json.test' });
  assert.ok((await buildSite(configured, { workers: 0, cache: false })).ok);
  assert.match(readFileSync(join(configured, 'dist', 'sitemap.xml'), 'utf8'), '<loc>https://from-docs-json.test/</loc>');
});

outputs('should split a sitemap of more than 50,000 pages into an index and numbered parts', () => {
  const count = maxSitemapUrls * 2 + 3;
  const pages = new Map<string, PageInfo>();
  for (let index = 0; index < count; index += 1) {
    const slug = `p/${index}`;
    pages.set(slug, { slug, file: `/x/${slug}.md`, relativePath: `${slug}.md`, format: 'md', isSection: false, frontmatter: {}, title: slug, titleSource: 'file', sidebarTitle: slug, description: undefined, isDraft: false, isNoindex: false, isHidden: false, externalUrl: undefined });
  }
  const site = { config: { name: 'Big', navigation: {}, seo: { indexing: 'all' } } as never, navigation: undefined, pages, homeSlug: 'p/0' };
  const index = sitemapXml(site, { siteUrl })!;
  assert.match(index, '<sitemapindex');
  assert.equal([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]), [1, 2, 3].map((part) => `${siteUrl}/sitemap-${part}.xml`));
  const parts = [1, 2, 3].map((part) => sitemapPart(site, part, { siteUrl })!);
  assert.equal(parts.map((xml) => (xml.match(/<url>/g) ?? []).length), [maxSitemapUrls, maxSitemapUrls, 3]);
  assert.match(parts[0]!, `<loc>${siteUrl}/</loc>`, "the home page first, at the root");
  assert.match(parts[0]!, `<loc>${siteUrl}/p/1</loc>`);
  assert.match(parts[2]!, `<loc>${siteUrl}/p/${count - 1}</loc>`);
  assert.is(sitemapPart(site, 4, { siteUrl }), undefined);
  assert.is(sitemapPart(site, 0, { siteUrl }), undefined);
  // Below the limit: one urlset, no parts.
  const small = { ...site, pages: new Map([...pages].slice(0, 10)) };
  assert.match(sitemapXml(small, { siteUrl })!, '<urlset');
  assert.is(sitemapPart(small, 1, { siteUrl }), undefined);
});

outputs.run();
