import { createSite } from '@docsgen/core';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDevServer } from '../src/index.js';
import { sendRaw } from './project.js';

const routes = suite('dev server: sitemap, robots, llms.txt, changelog feeds');

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-dev-outputs-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

const pages = {
  'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
  'guide.mdx': '---\ntitle: Guide\ndescription: How to.\n---\n\nSteps.\n',
  'drafty.mdx': '---\ntitle: Drafty\ndraft: true\n---\n\nNot yet.\n',
  'llms.txt.mdx': '---\ntitle: A page named like the file\n---\n\nShadowed.\n',
};

async function start(root: string): Promise<{ port: number; server: Server }> {
  const { server } = createDevServer({ site: await createSite(root), liveReload: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

const stop = (server: Server) => new Promise((resolve) => server.close(resolve));

routes('should serve the four files with their types, using the request origin when no site URL is configured', async () => {
  const root = project({ 'docs.json': JSON.stringify({ name: 'Dev', navigation: { pages: ['index', 'guide', 'drafty', 'llms.txt'] } }), ...pages });
  const { port, server } = await start(root);
  try {
    const cases: Array<[string, number, string, string]> = [
      ['GET /sitemap.xml HTTP/1.1', 200, 'application/xml; charset=utf-8', '<loc>http://localhost/guide</loc>'],
      ['GET /robots.txt HTTP/1.1', 200, 'text/plain; charset=utf-8', 'User-agent: *\nAllow: /\n\nSitemap: http://localhost/sitemap.xml\n'],
      ['GET /llms.txt HTTP/1.1', 200, 'text/plain; charset=utf-8', '- [Guide](http://localhost/guide.md): How to.\n'],
      ['GET /llms-full.txt HTTP/1.1', 200, 'text/plain; charset=utf-8', 'Source: http://localhost/guide\n\n# Guide\n\nHow to.\n\nSteps.\n'],
      ['HEAD /llms.txt HTTP/1.1', 200, 'text/plain; charset=utf-8', ''],
      ['POST /llms.txt HTTP/1.1\r\nContent-Length: 0', 405, 'text/plain; charset=utf-8', '405 Method Not Allowed'],
      ['GET /llms.txt/ HTTP/1.1', 200, 'text/html; charset=utf-8', 'Shadowed.'],
      ['GET /robots.txt.md HTTP/1.1', 404, 'text/html; charset=utf-8', 'Page not found'],
    ];
    for (const [line, status, type, body] of cases) {
      const response = await sendRaw(port, line);
      assert.is(response.status, status, line);
      assert.is(response.headers['content-type'], type, line);
      assert.is(response.headers['x-content-type-options'], 'nosniff', line);
      assert.ok(response.body.toString('utf8').includes(body), `${line}: ${response.body.toString('utf8').slice(0, 300)}`);
    }
    const llms = (await sendRaw(port, 'GET /llms.txt HTTP/1.1')).body.toString('utf8');
    assert.not.match(llms, 'Drafty', 'drafts are rendered in dev but never listed');
    assert.not.match(llms, 'Shadowed');
    assert.not.match((await sendRaw(port, 'GET /llms-full.txt HTTP/1.1')).body.toString('utf8'), 'Not yet.');
  } finally {
    await stop(server);
  }
});

routes('should use the configured site URL and a project-root llms.txt as it is', async () => {
  const root = project({
    'docs.json': JSON.stringify({ name: 'Dev', siteUrl: 'https://docs.dev.test/', navigation: { pages: ['index', 'guide'] } }),
    'llms.txt': '# Written by hand\n',
    ...pages,
  });
  const { port, server } = await start(root);
  try {
    const llms = await sendRaw(port, 'GET /llms.txt HTTP/1.1');
    assert.is(llms.status, 200);
    assert.is(llms.body.toString('utf8'), '# Written by hand\n');
    const sitemap = (await sendRaw(port, 'GET /sitemap.xml HTTP/1.1')).body.toString('utf8');
    assert.match(sitemap, '<loc>https://docs.dev.test/</loc>');
    assert.not.match(sitemap, 'localhost');
    assert.match((await sendRaw(port, 'GET /robots.txt HTTP/1.1')).body.toString('utf8'), 'Sitemap: https://docs.dev.test/sitemap.xml\n');
  } finally {
    await stop(server);
  }
});

routes('should serve a changelog page\'s RSS feed at its address + /rss.xml, and follow edits', async () => {
  const changelog = (label: string) => `---\ntitle: Changelog\n---\n\n<Update label="${label}" tags={["API"]}>\nShipped [it](/guide).\n</Update>\n`;
  const root = project({
    'docs.json': JSON.stringify({ name: 'Dev', navigation: { pages: ['changelog', 'guide', 'quiet', 'asked'] } }),
    'changelog.mdx': changelog('2025-01-02'),
    'guide.mdx': pages['guide.mdx'],
    'quiet.mdx': '---\ntitle: Quiet\nrss: false\n---\n\n<Update label="v1">x</Update>\n',
    'asked.mdx': '---\ntitle: Asked\nrss: true\n---\n\nNo entries yet.\n',
  });
  const { port, server } = await start(root);
  try {
    const feed = await sendRaw(port, 'GET /rss.xml HTTP/1.1');
    assert.is(feed.status, 200);
    assert.is(feed.headers['content-type'], 'application/rss+xml; charset=utf-8');
    const xml = feed.body.toString('utf8');
    assert.match(xml, '<atom:link href="http://localhost/rss.xml" rel="self" type="application/rss+xml"/>');
    assert.match(xml, '<link>http://localhost/#2025-01-02</link>');
    assert.match(xml, '<pubDate>Thu, 02 Jan 2025 00:00:00 GMT</pubDate>');
    assert.match(xml, '&lt;a href=&quot;http://localhost/guide&quot;&gt;it&lt;/a&gt;');
    assert.is((await sendRaw(port, 'GET /changelog/rss.xml HTTP/1.1')).body.toString('utf8'), xml, 'the home page answers at its own address too');
    const page = (await sendRaw(port, 'GET / HTTP/1.1')).body.toString('utf8');
    assert.match(page, '<link rel="alternate" type="application/rss+xml" title="Changelog - Dev" href="/rss.xml">');
    assert.not.match((await sendRaw(port, 'GET /guide HTTP/1.1')).body.toString('utf8'), 'application/rss+xml');

    const asked = await sendRaw(port, 'GET /asked/rss.xml HTTP/1.1');
    assert.is(asked.status, 200, 'rss: true gives a feed before the first entry');
    assert.not.match(asked.body.toString('utf8'), '<item>');
    for (const line of ['GET /guide/rss.xml HTTP/1.1', 'GET /quiet/rss.xml HTTP/1.1', 'GET /nope/rss.xml HTTP/1.1']) {
      const response = await sendRaw(port, line);
      assert.is(response.status, 404, line);
      assert.is(response.headers['content-type'], 'text/html; charset=utf-8', line);
    }

    writeFileSync(join(root, 'changelog.mdx'), changelog('v2.0'));
    let updated = '';
    for (let attempt = 0; attempt < 50 && !updated.includes('v2.0'); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      updated = (await sendRaw(port, 'GET /rss.xml HTTP/1.1')).body.toString('utf8');
    }
    assert.match(updated, '<title>v2.0</title>');
    assert.not.match(updated, '<pubDate>', 'a version label is not a date');
  } finally {
    await stop(server);
  }
});

routes.run();
