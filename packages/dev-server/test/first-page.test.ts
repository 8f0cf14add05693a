import { createSite } from '@docsgen/core';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevSession, type DevSession } from '../src/index.js';

// The first page a dev server serves is not made to wait for what it does not use (API code
// samples load their languages on first use), and is the same page whatever came before it.

const first = suite('dev: the first page served');

const tinySpec = readFileSync(fileURLToPath(new URL('../../openapi-pages/test/fixtures/specs/tiny/openapi.yaml', import.meta.url)), 'utf8');
const files = {
  'docs.json': JSON.stringify({ name: 'First', navigation: { pages: ['list-users', 'get-user', 'guide'] } }),
  'openapi.yaml': tinySpec,
  'list-users.mdx': '---\nopenapi: GET /users\n---\n\nEvery user, a page at a time.\n',
  'get-user.mdx': '---\nopenapi: GET /users/{id}\n---\n\nOne user.\n',
  'guide.mdx': '# Guide\n\nNo samples here.\n',
};

function writeProject(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-first-page-')));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

async function serve(root: string): Promise<DevSession> {
  const session = await startDevSession({ root, loadSite: ({ loadCache }) => createSite(root, { mode: 'dev', loadCache }) });
  await new Promise<void>((resolve) => session.server.listen(0, '127.0.0.1', resolve));
  return session;
}

function get(session: DevSession, path: string): Promise<string> {
  const { port } = session.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host: `localhost:${port}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve(body) : reject(new Error(`${path}: ${response.statusCode}`))));
    })
      .on('error', reject)
      .end();
  });
}

// The dev server names its navigation file anew each start, and each server has its own port.
const comparable = (html: string): string => html.replace(/navigation-[0-9a-f]+\.json/g, 'navigation.json').replace(/localhost:\d+/g, 'localhost');

/** The languages of the code samples and examples on a page, highlighted and plain. */
function samplesOf(html: string): { highlighted: string[]; plain: number } {
  const highlighted = [...html.matchAll(/<pre class="shiki[^"]*"[^>]*data-language="([^"]+)"/g)].map((match) => match[1]!);
  return { highlighted: [...new Set(highlighted)].sort(), plain: html.split('class="dg-code-plain"').length - 1 };
}

first('should serve a page bound to an OpenAPI operation as the first page with its samples highlighted, as when it comes later', async () => {
  const root = writeProject();
  let firstHtml: string;
  const session = await serve(root);
  try {
    // The home page is the bound page: the server prepares it at start, before any sample language is loaded.
    firstHtml = await get(session, '/');
    const samples = samplesOf(firstHtml);
    assert.ok(['bash', 'go', 'javascript', 'python'].every((language) => samples.highlighted.includes(language)), JSON.stringify(samples));
    assert.is(samples.plain, 0, 'no sample left plain');
    assert.match(firstHtml, 'Every user, a page at a time.');
  } finally {
    await session.close();
  }
  const again = await serve(root);
  try {
    // Another page with samples first, and one without: then the same page again.
    await get(again, '/get-user');
    await get(again, '/guide');
    assert.is(comparable(await get(again, '/list-users')), comparable(firstHtml));
  } finally {
    await again.close();
    rmSync(root, { recursive: true, force: true });
  }
});

first('should serve a page without samples before any sample language is loaded', async () => {
  const root = writeProject();
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'First', navigation: { pages: ['guide', 'list-users'] } }));
  const session = await serve(root);
  try {
    const html = await get(session, '/');
    assert.match(html, 'No samples here.');
    assert.equal(samplesOf(html), { highlighted: [], plain: 0 });
    // The bound page after it still has its samples highlighted.
    const bound = samplesOf(await get(session, '/list-users'));
    assert.ok(bound.highlighted.includes('bash') && bound.plain === 0, JSON.stringify(bound));
  } finally {
    await session.close();
    rmSync(root, { recursive: true, force: true });
  }
});

first('should start again from the pages it kept on disk, reading anew a page changed while it was stopped', async () => {
  const root = writeProject();
  writeFileSync(join(root, 'guide.mdx'), '---\ntitle: Guide before\n---\n\nNo samples here.\n');
  const session = await serve(root);
  let before: string;
  try {
    before = await get(session, '/guide');
    assert.match(before, 'Guide before');
  } finally {
    await session.close();
  }
  const kept = join(root, '.docsgen', 'cache', 'dev', 'pages.json');
  assert.ok(Object.keys((JSON.parse(readFileSync(kept, 'utf8')) as { pages: object }).pages).includes(join(root, 'guide.mdx')), 'the pages are kept when the server stops');
  const again = await serve(root);
  try {
    assert.is(comparable(await get(again, '/guide')), comparable(before), 'the same page from what was kept');
  } finally {
    await again.close();
  }
  // Same size, so only the modification time tells the change.
  writeFileSync(join(root, 'guide.mdx'), '---\ntitle: Guide after!\n---\n\nNo samples here.\n');
  const changed = await serve(root);
  try {
    const html = await get(changed, '/list-users');
    assert.match(html, 'Guide after!', 'the sidebar has the new title');
    assert.not.match(html, 'Guide before');
  } finally {
    await changed.close();
    rmSync(root, { recursive: true, force: true });
  }
});

first.run();
