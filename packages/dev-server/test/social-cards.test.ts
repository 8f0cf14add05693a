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

const cards = suite('dev server: social cards');

function project(docs: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-dev-cards-'));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Dev', navigation: { pages: ['index', 'guide', 'quiet', 'drafty', 'own'] }, ...docs }),
    'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
    'guide.mdx': '---\ntitle: Guide\ndescription: How to.\n---\n\nSteps.\n',
    'quiet.mdx': '---\ntitle: Quiet\nnoindex: true\n---\n\nHush.\n',
    'drafty.mdx': '---\ntitle: Drafty\ndraft: true\n---\n\nNot yet.\n',
    'own.mdx': '---\ntitle: Own\nseo:\n  ogImage: https://cdn.example.com/own.png\n---\n\nMine.\n',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

async function start(root: string): Promise<{ port: number; server: Server }> {
  const { server } = createDevServer({ site: await createSite(root), liveReload: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

const stop = (server: Server) => new Promise((resolve) => server.close(resolve));
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

cards('should draw a page card at /og/<slug>.png with its type and ETag, answer HEAD and If-None-Match', async () => {
  const { port, server } = await start(project({}));
  try {
    const response = await sendRaw(port, 'GET /og/guide.png HTTP/1.1');
    assert.is(response.status, 200);
    assert.is(response.headers['content-type'], 'image/png');
    assert.is(response.headers['x-content-type-options'], 'nosniff');
    assert.ok(response.body.subarray(0, 8).equals(pngSignature));
    assert.is(response.body.readUInt32BE(16), 1200, 'IHDR width');
    assert.is(response.body.readUInt32BE(20), 630, 'IHDR height');
    assert.is(Number(response.headers['content-length']), response.body.length);
    const etag = response.headers.etag ?? '';
    assert.match(etag, /^"[0-9a-f]{32}"$/);

    const head = await sendRaw(port, 'HEAD /og/guide.png HTTP/1.1');
    assert.is(head.status, 200);
    assert.is(head.headers['content-type'], 'image/png');
    assert.is(head.headers['content-length'], response.headers['content-length']);
    assert.is(head.body.length, 0);

    const fresh = await sendRaw(port, `GET /og/guide.png HTTP/1.1\r\nIf-None-Match: ${etag}`);
    assert.is(fresh.status, 304);
    assert.is(fresh.body.length, 0);

    const home = await sendRaw(port, 'GET /og/index.png HTTP/1.1');
    assert.is(home.status, 200);
    assert.not.ok(home.body.equals(response.body), 'each page has its own card');
  } finally {
    await stop(server);
  }
});

cards('should answer 404 for unknown slugs and pages without a card', async () => {
  const { port, server } = await start(project({}));
  try {
    for (const path of ['/og/missing.png', '/og/quiet.png', '/og/drafty.png', '/og/own.png', '/og/.png', '/og/guide.jpg']) {
      const response = await sendRaw(port, `GET ${path} HTTP/1.1`);
      assert.is(response.status, 404, path);
      assert.is.not(response.headers['content-type'], 'image/png', path);
    }
    assert.is((await sendRaw(port, 'GET /og/../guide.png HTTP/1.1')).status, 400);
  } finally {
    await stop(server);
  }
  const off = await start(project({ thumbnails: { enabled: false } }));
  try {
    assert.is((await sendRaw(off.port, 'GET /og/guide.png HTTP/1.1')).status, 404);
  } finally {
    await stop(off.server);
  }
});

cards('should point og:image at the request origin without a site URL, and at the site URL with one', async () => {
  const ogImage = (html: string) => /<meta property="og:image" content="([^"]*)">/.exec(html)?.[1];
  const local = await start(project({}));
  try {
    const page = await sendRaw(local.port, 'GET /guide HTTP/1.1');
    assert.is(ogImage(page.body.toString()), 'http://localhost/og/guide.png');
    assert.is(ogImage((await sendRaw(local.port, 'GET /own HTTP/1.1')).body.toString()), 'https://cdn.example.com/own.png');
  } finally {
    await stop(local.server);
  }
  const deployed = await start(project({ siteUrl: 'https://docs.example.com' }));
  try {
    const page = await sendRaw(deployed.port, 'GET /guide HTTP/1.1');
    assert.is(ogImage(page.body.toString()), 'https://docs.example.com/og/guide.png');
    assert.is((await sendRaw(deployed.port, 'GET /og/guide.png HTTP/1.1')).status, 200);
  } finally {
    await stop(deployed.server);
  }
});

cards.run();
