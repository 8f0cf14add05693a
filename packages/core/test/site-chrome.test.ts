import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, createSite, outputTable } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const chrome = suite('site chrome: banner, footer, Copy page menu, analytics');

const project = (extra: Record<string, unknown>) =>
  writeTempProject({
    'docs.json': JSON.stringify({ name: 'Chrome', navigation: { pages: ['index', 'guide'] }, ...extra }),
    'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
    'guide.mdx': '---\ntitle: Guide\n---\n\nA guide.\n',
  });

chrome('should put the banner, footer, menu and analytics of docs.json on every page', async () => {
  const root = project({
    banner: { content: 'New: **version 2** is out', dismissible: true, id: 'v2' },
    footer: {
      socials: { github: 'https://github.com/acme/docs' },
      links: [{ header: 'Company', items: [{ label: 'Blog', href: 'https://acme.test/blog' }] }],
      editUrl: 'https://github.com/acme/docs/edit/main/{path}',
    },
    contextual: { options: ['copy', 'claude'] },
    analytics: { plausible: { domain: 'docs.acme.test' } },
  });
  const site = await createSite(root);
  assert.equal(site.messages, []);
  const html = (await site.document('guide'))?.html ?? '';
  assert.match(html, '<strong>version 2</strong>');
  assert.match(html, 'https://github.com/acme/docs/edit/main/guide.mdx');
  assert.match(html, 'https://acme.test/blog');
  assert.match(html, 'https://github.com/acme/docs');
  assert.match(html, 'data-action="copy"');
  assert.match(html, 'claude.ai');
  assert.not.match(html, 'chatgpt.com', 'only the configured options');
  assert.match(html, 'docs.acme.test');
  assert.match(html, '/_docsgen/site-parts.js');
  assert.match(html, '/_docsgen/site-parts.css');
  const notFound = (await site.notFound()).html;
  assert.match(notFound, 'docs.acme.test', 'analytics count not-found pages too');
});

chrome('should report bad analytics settings at their place in docs.json, and load nothing for them', async () => {
  const root = project({ analytics: { ga4: { measurementId: '"><script>alert(1)</script>' } } });
  const site = await createSite(root);
  const warning = site.messages.find((message) => message.ruleId === 'analytics-option-invalid');
  assert.ok(warning, JSON.stringify(site.messages));
  assert.is(warning?.file, join(root, 'docs.json'));
  assert.is(typeof warning?.line, 'number');
  assert.not.match((await site.document('index'))?.html ?? '', 'alert(1)');
});

chrome('should build the site parts assets with the pages', async () => {
  const root = project({ banner: { content: 'Hi' } });
  const result = await buildSite(root, { workers: 0 });
  assert.ok(result.ok, JSON.stringify(result.messages));
  assert.ok(existsSync(join(root, 'dist/_docsgen/site-parts.js')));
  assert.ok(existsSync(join(root, 'dist/_docsgen/site-parts.css')));
});

chrome('should advertise the api.mdx.server agent-protocol servers on every page', async () => {
  const root = project({ api: { mdx: { server: ['https://mcp.example.com/sse', '/mcp', 'javascript:alert(1)', 'https://x.test/"><script>'] } } });
  const site = await createSite(root, { mode: 'build', siteUrl: 'https://docs.example.com/' });
  for (const slug of ['index', 'guide']) {
    const html = (await site.document(slug))?.html ?? '';
    assert.match(html, '<link rel="mcp-server" href="https://mcp.example.com/sse">');
    assert.match(html, '<link rel="mcp-server" href="https://docs.example.com/mcp">', 'a path is taken from the site URL');
    assert.not.match(html, 'javascript:');
    assert.not.match(html, '"><script>', 'escaped (the URL parser encodes it)');
  }
  const withoutUrl = await createSite(project({ api: { mdx: { server: '/mcp' } } }), { mode: 'build' });
  assert.not.match((await withoutUrl.document('index'))?.html ?? '', 'rel="mcp-server"', 'a path without a site URL is left out');
});

const mcpLinks = (html: string): string[] => [...html.matchAll(/<link rel="mcp-server" href="([^"]*)">/g)].map((match) => match[1] as string);

chrome('should link the site\'s own /mcp from every page where it is served: dev, and builds for hosts that run functions', async () => {
  const root = project({});
  // A dev site always serves /mcp; without a site URL the link is root-relative, as the page menu's.
  const dev = await createSite(root);
  assert.ok(dev.hasMcp);
  assert.equal(mcpLinks((await dev.document('guide'))?.html ?? ''), ['/mcp']);
  assert.equal(mcpLinks((await dev.notFound()).html), ['/mcp']);
  assert.equal(mcpLinks((await (await createSite(root, { siteUrl: 'https://docs.example.com/base/' })).document('guide'))?.html ?? ''), ['https://docs.example.com/base/mcp']);
  for (const [adapter, expected] of [['netlify', true], ['vercel', true], ['cloudflare', true], ['static', false], ['github-pages', false], [undefined, false]] as const) {
    const site = await createSite(root, { mode: 'build', siteUrl: 'https://docs.example.com', adapter });
    assert.is(site.hasMcp, expected, String(adapter));
    assert.equal(mcpLinks((await site.document('index'))?.html ?? ''), expected ? ['https://docs.example.com/mcp'] : [], String(adapter));
  }
  // The site's own server and the same URL in api.mdx.server are linked once.
  const both = await createSite(project({ api: { mdx: { server: ['/mcp', 'https://mcp.example.com/sse'] } } }), { mode: 'build', siteUrl: 'https://docs.example.com', adapter: 'vercel' });
  assert.equal(mcpLinks((await both.document('index'))?.html ?? ''), ['https://docs.example.com/mcp', 'https://mcp.example.com/sse']);
});

chrome('should take the adapter from docsgen.config, and render cached pages again when it changes', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Chrome', siteUrl: 'https://docs.example.com', navigation: { pages: ['index', 'guide'] } }),
    'docsgen.config.mjs': "export default { build: { adapter: 'netlify' } };\n",
    'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
    'guide.mdx': '---\ntitle: Guide\n---\n\nA guide.\n',
  });
  const page = () => readFileSync(join(root, 'dist/guide.html'), 'utf8');
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.equal(mcpLinks(page()), ['https://docs.example.com/mcp'], 'build.adapter of docsgen.config');
  assert.ok((await buildSite(root, { workers: 0, adapter: 'static' })).ok);
  assert.equal(mcpLinks(page()), [], 'the cached page is not reused for a host without /mcp');
  assert.ok((await buildSite(root, { workers: 0, adapter: 'cloudflare' })).ok);
  assert.equal(mcpLinks(page()), ['https://docs.example.com/mcp']);
});

chrome("should let a page's frontmatter `contextual` replace the site's menu, and offer an API page's published spec", async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({
      name: 'Chrome',
      contextual: { options: ['copy', 'claude', 'download-spec'] },
      navigation: { tabs: [{ tab: 'Docs', groups: [{ group: 'Docs', pages: ['index', 'terms', 'landing'] }] }, { tab: 'API', openapi: 'public/openapi.json' }] },
    }),
    'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
    'terms.mdx': '---\ntitle: Terms\ncontextual:\n  options: ["view"]\n---\n\nTerms.\n',
    'landing.mdx': '---\ntitle: Landing\ncontextual:\n  options: []\n---\n\nWelcome.\n',
    'public/openapi.json': JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1' },
      paths: { '/pets': { get: { summary: 'List pets', operationId: 'listPets', responses: { '200': { description: 'OK' } } } } },
    }),
  });
  const site = await createSite(root);
  assert.equal(site.messages, []);
  const actions = async (slug: string) => [...((await site.document(slug))?.html ?? '').matchAll(/data-action="([^"]+)"/g)].map((match) => match[1]);
  assert.equal(await actions('index'), ['copy', 'assistant-b'], 'no spec on a page that is not an API page');
  assert.equal(await actions('terms'), ['view']);
  assert.equal(await actions('landing'), []);
  const apiSlug = [...site.pages.values()].find((page) => page.api)?.slug;
  assert.ok(apiSlug, 'the spec made a page');
  const api = (await site.document(apiSlug!))?.html ?? '';
  assert.match(api, 'data-action="download-spec" href="/public/openapi.json" download');
});

chrome('should publish a local spec for `download-spec` at its own path, only while a page offers the entry', async () => {
  const spec = 'openapi: 3.1.0\ninfo: { title: Pets, version: "1" }\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      responses: { "200": { description: OK } }\n';
  const files = (options: unknown[]) => ({
    'docs.json': JSON.stringify({ name: 'Specs', contextual: { options }, navigation: { tabs: [{ tab: 'Docs', pages: ['index'] }, { tab: 'API', openapi: 'specs/pets.yaml' }] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
    'specs/pets.yaml': spec,
  });
  const downloads = outputTable.find((kind) => kind.name === 'spec-download')!;

  const offered = await createSite(writeTempProject(files(['copy', 'download-spec'])));
  const apiSlug = [...offered.pages.values()].find((page) => page.api)?.slug as string;
  assert.match((await offered.document(apiSlug))?.html ?? '', 'data-action="download-spec" href="/specs/pets.yaml" download');
  assert.equal(await downloads.list(offered, { siteUrl: undefined }), ['specs/pets.yaml']);
  const produced = await downloads.produce(offered, 'specs/pets.yaml', { siteUrl: undefined });
  assert.equal(produced.body && 'file' in produced.body ? readFileSync(produced.body.file, 'utf8') : undefined, spec);
  assert.is((await downloads.produce(offered, 'docs.json', { siteUrl: undefined })).body, undefined, 'only specs API pages use');
  assert.is((await downloads.produce(offered, '../specs/pets.yaml', { siteUrl: undefined })).body, undefined);

  const notOffered = await createSite(writeTempProject(files(['copy', 'view'])));
  assert.equal(await downloads.list(notOffered, { siteUrl: undefined }), [], 'not published without the entry');
  assert.is((await downloads.produce(notOffered, 'specs/pets.yaml', { siteUrl: undefined })).body, undefined);
});

chrome.run();
