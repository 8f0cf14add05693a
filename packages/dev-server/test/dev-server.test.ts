import { createSite } from '@docsgen/core';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDevServer } from '../src/index.js';
import { png, sendRaw } from './project.js';

const fixture = fileURLToPath(new URL('../../../fixtures/every-component/', import.meta.url));

async function start(root: string): Promise<{ port: number; server: Server }> {
  const { server } = createDevServer({ site: await createSite(root) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

const stop = (server: Server) => new Promise((resolve) => server.close(resolve));

const dev = suite('dev server');

dev('should serve pages, twins, docsgen assets, project assets and the 404 page with exact statuses', async () => {
  const { port, server } = await start(fixture);
  const cases: Array<[string, number, string, string | RegExp]> = [
    ['GET / HTTP/1.1', 200, 'text/html; charset=utf-8', '<title>Every component</title>'],
    ['GET /callouts HTTP/1.1', 200, 'text/html; charset=utf-8', '<title>Callouts - Every component</title>'],
    ['GET /callouts/ HTTP/1.1', 200, 'text/html; charset=utf-8', 'This is a note.'],
    ['GET /callouts.md HTTP/1.1', 200, 'text/markdown; charset=utf-8', /^# Callouts\n/],
    ['GET /callouts HTTP/1.1\r\nAccept: text/markdown', 200, 'text/markdown; charset=utf-8', '> **Note:** This is a note.'],
    ['GET /code HTTP/1.1', 200, 'text/html; charset=utf-8', '/_docsgen/mermaid.min.js'],
    ['GET /plain-markdown HTTP/1.1', 200, 'text/html; charset=utf-8', 'Raw <strong>HTML</strong> works.'],
    ['GET /_docsgen/content.css HTTP/1.1', 200, 'text/css; charset=utf-8', '.dg-'],
    ['GET /_docsgen/client.js HTTP/1.1', 200, 'text/javascript; charset=utf-8', 'localStorage'],
    ['GET /images/card.png HTTP/1.1', 200, 'image/png', ''],
    ['GET /no/such/page HTTP/1.1', 404, 'text/html; charset=utf-8', 'Page not found'],
    ['GET /no/such/page.md HTTP/1.1', 404, 'text/html; charset=utf-8', 'Page not found'],
    ['GET /_docsgen/nope.js HTTP/1.1', 404, 'text/plain; charset=utf-8', '404 Not Found'],
    ['GET /_docsgen/../docs.json HTTP/1.1', 400, 'text/plain; charset=utf-8', '400 Bad Request'],
    ['GET /_docsgen/fonts/..%2f..%2fkatex.min.css HTTP/1.1', 400, 'text/plain; charset=utf-8', '400 Bad Request'],
    ['GET /images/../docs.json HTTP/1.1', 400, 'text/plain; charset=utf-8', '400 Bad Request'],
    ['GET /%2e%2e/docs.json HTTP/1.1', 400, 'text/plain; charset=utf-8', '400 Bad Request'],
    ['GET /a%zz HTTP/1.1', 400, 'text/plain; charset=utf-8', '400 Bad Request'],
    ['GET /a%00b HTTP/1.1', 400, 'text/plain; charset=utf-8', '400 Bad Request'],
    ['GET /docs.json HTTP/1.1', 404, 'text/html; charset=utf-8', 'Page not found'],
    ['GET /snippets/greeting HTTP/1.1', 404, 'text/html; charset=utf-8', 'Page not found'],
    ['POST /callouts HTTP/1.1\r\nContent-Length: 0', 405, 'text/plain; charset=utf-8', '405 Method Not Allowed'],
  ];
  for (const [line, status, type, body] of cases) {
    const response = await sendRaw(port, line);
    assert.is(response.status, status, line);
    assert.is(response.headers['content-type'], type, line);
    assert.is(response.headers['x-content-type-options'], 'nosniff', line);
    if (typeof body === 'string') assert.ok(response.body.toString('utf8').includes(body), `${line}: ${response.body.toString('utf8').slice(0, 200)}`);
    else assert.match(response.body.toString('utf8'), body, line);
  }
  const image = await sendRaw(port, 'GET /images/card.png HTTP/1.1');
  const etag = image.headers.etag ?? '';
  assert.match(etag, /^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  const revalidated = await sendRaw(port, `GET /images/card.png HTTP/1.1\r\nIf-None-Match: ${etag}`);
  assert.is(revalidated.status, 304);
  assert.is(revalidated.body.length, 0);
  const stale = await sendRaw(port, 'GET /images/card.png HTTP/1.1\r\nIf-None-Match: W/"0-0"');
  assert.is(stale.status, 200);
  const head = await sendRaw(port, 'HEAD /callouts HTTP/1.1');
  assert.is(head.status, 200);
  assert.is(head.body.length, 0, 'HEAD has no body');
  assert.ok(Number(head.headers['content-length']) > 100, 'HEAD gives the length of the GET body');
  await stop(server);
});

dev('should answer hostile raw request lines on the page routes with exact statuses and never leak a file', async () => {
  const { port, server } = await start(fixture);
  const cases: Array<[string, number]> = [
    ['/..%2fdocs.json', 400],
    ['/%2e%2e%2fdocs.json', 400],
    ['/callouts%00', 400],
    ['/callouts%5c..%5cdocs.json', 400],
    ['/%c0%ae%c0%ae/docs.json', 400],
    ['/%252e%252e/docs.json', 404],
    ['/.env', 404],
    ['/.git/config', 404],
    ['/snippets/greeting.mdx', 404],
    ['http://evil.example/callouts', 200],
    [`/${'a'.repeat(5000)}`, 414],
    ['/callouts?x=../../etc/passwd', 200],
    ['/callouts#frag', 400],
    ['/callouts/..', 400],
    ['/images%2f..%2fdocs.json', 400],
    ['/images/./card.png', 400],
    ['/_docsgen%2fcontent.css', 404],
    ['/favicon.ico/..', 400],
    ['/%ff', 400],
    ['/callouts.md%00', 400],
    ['/index.mdx', 404],
    ['/docs.json.md', 404],
    ['/_docsgen/fonts/../../../docs.json', 400],
  ];
  for (const [target, status] of cases) {
    const response = await sendRaw(port, `GET ${target} HTTP/1.1`);
    assert.is(response.status, status, target.slice(0, 80));
    assert.not.match(response.body.toString('utf8'), '"navigation"', `${target.slice(0, 80)} leaks docs.json`);
  }
  await stop(server);
});

dev('should serve 404.mdx, the favicon, and a page whose render fails as a page of messages', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-dev-'));
  const outside = mkdtempSync(join(tmpdir(), 'docsgen-outside-'));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'Site',
      favicon: '/images/icon.svg',
      navigation: { pages: ['start', 'broken'] },
      redirects: [
        { source: '/old/:slug', destination: '/guides/:slug' },
        { source: '/temporary', destination: '/start', permanent: false },
      ],
    }),
    'start.mdx': '---\ntitle: Start\n---\n\nFirst page.\n',
    'broken.mdx': '# Broken\n\nValue: {1 +}\n',
    '404.mdx': '---\ntitle: Lost\n---\n\nNothing here, sorry.\n',
    'images/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'images', 'leak.txt'));
  const { port, server } = await start(root);

  const home = await sendRaw(port, 'GET / HTTP/1.1');
  assert.match(home.body.toString(), 'First page.', '/ is the first navigable page');
  const lost = await sendRaw(port, 'GET /gone HTTP/1.1');
  assert.is(lost.status, 404);
  assert.match(lost.body.toString(), 'Nothing here, sorry.');
  const favicon = await sendRaw(port, 'GET /favicon.ico HTTP/1.1');
  assert.is(favicon.status, 200);
  assert.is(favicon.headers['content-type'], 'image/svg+xml');
  assert.match(favicon.headers['content-security-policy'] ?? '', 'sandbox');
  const leak = await sendRaw(port, 'GET /images/leak.txt HTTP/1.1');
  assert.is(leak.status, 404, 'a symlink out of the project is not followed');
  assert.not.match(leak.body.toString(), 'secret');
  const moved = await sendRaw(port, 'GET /old/intro?tab=a HTTP/1.1');
  assert.equal([moved.status, moved.headers.location], [308, '/guides/intro?tab=a']);
  const temporary = await sendRaw(port, 'POST /temporary HTTP/1.1\r\nContent-Length: 0');
  assert.equal([temporary.status, temporary.headers.location], [307, '/start']);
  const broken = await sendRaw(port, 'GET /broken HTTP/1.1');
  assert.is(broken.status, 200);
  assert.match(broken.body.toString(), 'broken.mdx:3:');
  assert.match(broken.body.toString(), '[mdx-syntax]');
  await stop(server);
  rmSync(root, { recursive: true });
  rmSync(outside, { recursive: true });
});

dev('should send an unknown path to the closest navigable page when errors.404.redirect is on', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-dev-404-'));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Site', errors: { '404': { redirect: true } }, navigation: { pages: ['index', 'guides/install', 'guides/configure'] } }),
    'index.mdx': 'Home.\n',
    'guides/install.mdx': 'Install.\n',
    'guides/configure.mdx': 'Configure.\n',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  const { port, server } = await start(root);
  const typo = await sendRaw(port, 'GET /guides/instal HTTP/1.1');
  assert.equal([typo.status, typo.headers.location], [307, '/guides/install']);
  const elsewhere = await sendRaw(port, 'GET /nothing HTTP/1.1');
  assert.equal([elsewhere.status, elsewhere.headers.location], [307, '/']);
  await stop(server);
  rmSync(root, { recursive: true });
});

dev('should send a folder\'s own address to its first page, after docs.json\'s redirects', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-dev-folder-'));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Site', navigation: { pages: ['index', 'cli/install', 'cli/usage', 'sdk/setup'] }, redirects: [{ source: '/sdk', destination: '/' }] }),
    'index.mdx': 'Home.\n',
    'cli/install.mdx': 'Install.\n',
    'cli/usage.mdx': 'Usage.\n',
    'sdk/setup.mdx': 'Setup.\n',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  const { port, server } = await start(root);
  for (const path of ['/cli', '/cli/']) {
    const folder = await sendRaw(port, `GET ${path} HTTP/1.1`);
    assert.equal([folder.status, folder.headers.location], [307, '/cli/install'], path);
  }
  const own = await sendRaw(port, 'GET /sdk HTTP/1.1');
  assert.equal([own.status, own.headers.location], [308, '/'], 'the project\'s rule');
  assert.is((await sendRaw(port, 'GET /nothing HTTP/1.1')).status, 404);
  await stop(server);
  rmSync(root, { recursive: true });
});

dev('should serve images and other media from any folder of the project at their own path, and nothing else', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-dev-media-'));
  const outside = mkdtempSync(join(tmpdir(), 'docsgen-dev-media-outside-'));
  const write = (path: string, content: string | Buffer) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  write('docs.json', JSON.stringify({ name: 'Media', logo: '/icons/logo.svg', navigation: { pages: ['guides/setup'] } }));
  write('guides/setup.mdx', '---\ntitle: Setup\n---\n\n![Step one](./shots/step-1.png)\n');
  write('guides/shots/step-1.png', png);
  write('icons/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('downloads/guide.pdf', '%PDF-1.4');
  write('videos/Intro.MP4', 'mp4');
  write('guides/notes.txt', 'not media');
  write('guides/spec.json', '{}');
  write('.hidden/a.png', png);
  write('guides/.drafts/b.png', png);
  write('node_modules/pkg/c.png', png);
  write('guides/node_modules/pkg/d.png', png);
  write('dist/e.png', png);
  writeFileSync(join(outside, 'secret.png'), 'outside');
  symlinkSync(join(outside, 'secret.png'), join(root, 'guides', 'leak.png'));
  symlinkSync('step-1.png', join(root, 'guides', 'shots', 'alias.png'));
  const { port, server } = await start(root);
  try {
    const cases: Array<[string, number, string]> = [
      ['GET /guides/shots/step-1.png HTTP/1.1', 200, 'image/png'],
      ['GET /guides/shots/alias.png HTTP/1.1', 200, 'image/png'],
      ['GET /icons/logo.svg HTTP/1.1', 200, 'image/svg+xml'],
      ['GET /downloads/guide.pdf HTTP/1.1', 200, 'application/pdf'],
      ['GET /videos/Intro.MP4 HTTP/1.1', 200, 'video/mp4'],
      ['GET /guides/shots/missing.png HTTP/1.1', 404, 'text/html; charset=utf-8'],
      ['GET /guides/notes.txt HTTP/1.1', 404, 'text/html; charset=utf-8'],
      ['GET /guides/spec.json HTTP/1.1', 404, 'text/html; charset=utf-8'],
      ['GET /guides/setup.mdx HTTP/1.1', 404, 'text/html; charset=utf-8'],
      ['GET /docs.json HTTP/1.1', 404, 'text/html; charset=utf-8'],
      ['GET /.hidden/a.png HTTP/1.1', 404, 'text/html; charset=utf-8'],
      ['GET /%2ehidden/a.png HTTP/1.1', 404, 'text/html; charset=utf-8'],
      ['GET /guides/.drafts/b.png HTTP/1.1', 404, 'text/html; charset=utf-8'],
      ['GET /node_modules/pkg/c.png HTTP/1.1', 404, 'text/html; charset=utf-8'],
      ['GET /guides/node_modules/pkg/d.png HTTP/1.1', 404, 'text/html; charset=utf-8'],
      ['GET /dist/e.png HTTP/1.1', 404, 'text/html; charset=utf-8'],
      ['GET /guides/leak.png HTTP/1.1', 404, 'text/html; charset=utf-8'],
      ['GET /guides/shots/../../docs.json HTTP/1.1', 400, 'text/plain; charset=utf-8'],
      ['GET /guides/%2e%2e/guides/shots/step-1.png HTTP/1.1', 400, 'text/plain; charset=utf-8'],
      ['GET /guides%2fshots%2fstep-1.png HTTP/1.1', 400, 'text/plain; charset=utf-8'],
      ['GET /guides/shots/step-1.png%00.png HTTP/1.1', 400, 'text/plain; charset=utf-8'],
    ];
    for (const [line, status, type] of cases) {
      const response = await sendRaw(port, line);
      assert.is(response.status, status, line);
      assert.is(response.headers['content-type'], type, line);
      assert.not.match(response.body.toString('utf8'), 'outside', line);
    }
    assert.equal((await sendRaw(port, 'GET /guides/shots/step-1.png HTTP/1.1')).body, png);
  } finally {
    await stop(server);
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  }
});

dev('should serve a folder\'s index page at the folder\'s path, as a static host does with the build', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-dev-folder-index-'));
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  write('docs.json', JSON.stringify({ name: 'Folders', navigation: { pages: ['index', 'integrations/index', 'integrations/vscode', 'tools'] } }));
  write('index.mdx', '---\ntitle: Home\n---\n\nSee [integrations](/integrations).\n');
  write('integrations/index.mdx', '---\ntitle: Integrations\n---\n\nAll of them.\n');
  write('integrations/vscode.mdx', '---\ntitle: VS Code\n---\n\nEditor.\n');
  write('tools.mdx', '---\ntitle: Tools page\n---\n\nThe page.\n');
  write('tools/index.mdx', '---\ntitle: Tools folder\n---\n\nThe folder.\n');
  const { port, server } = await start(root);
  try {
    const cases: Array<[string, number, string, string]> = [
      ['GET /integrations HTTP/1.1', 200, 'text/html; charset=utf-8', 'All of them.'],
      ['GET /integrations/ HTTP/1.1', 200, 'text/html; charset=utf-8', 'All of them.'],
      ['GET /integrations/index HTTP/1.1', 200, 'text/html; charset=utf-8', 'All of them.'],
      ['GET /integrations.md HTTP/1.1', 200, 'text/markdown; charset=utf-8', 'All of them.'],
      ['GET /integrations/vscode HTTP/1.1', 200, 'text/html; charset=utf-8', 'Editor.'],
      ['GET /tools HTTP/1.1', 200, 'text/html; charset=utf-8', 'The page.'],
      ['GET /vscode HTTP/1.1', 404, 'text/html; charset=utf-8', 'Page not found'],
    ];
    for (const [line, status, type, body] of cases) {
      const response = await sendRaw(port, line);
      assert.is(response.status, status, line);
      assert.is(response.headers['content-type'], type, line);
      assert.match(response.body.toString('utf8'), body, line);
    }
  } finally {
    await stop(server);
    rmSync(root, { recursive: true, force: true });
  }
});

dev.run();
