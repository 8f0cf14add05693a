import { createSite, type Site } from '@docsgen/core';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDevServer, type DevServer } from '../src/index.js';

// `prepareHomePage`: the home page's content renders as the server starts, and the first request
// for it waits for that render.

const prepare = suite('dev: the home page prepared at start');

const files = {
  'docs.json': JSON.stringify({ name: 'Prepared', navigation: { pages: ['start', 'other'] } }),
  'start.mdx': '# Start\n\nThe first page.\n',
  'other.mdx': '# Other\n\nAnother page.\n',
};

function writeTempProject(project: Record<string, string>, prefix: string): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  for (const [name, content] of Object.entries(project)) writeFileSync(join(root, name), content);
  return root;
}

/** The site, with each call of `render` recorded (the document a request gets renders inside the site). */
async function recordingSite(root: string, rendered: string[]): Promise<Site> {
  const site = await createSite(root);
  return { ...site, render: (slug) => (rendered.push(slug), site.render(slug)) };
}

function get(server: DevServer, path: string): Promise<{ status: number; body: string }> {
  const { port } = server.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host: `localhost:${port}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

prepare('should render the home page before any request, and serve it', async () => {
  const root = writeTempProject(files, 'docsgen-prepare-');
  const rendered: string[] = [];
  const dev = createDevServer({ site: await recordingSite(root, rendered), prepareHomePage: true });
  try {
    assert.equal(rendered, ['start']);
    await new Promise<void>((resolve) => dev.server.listen(0, '127.0.0.1', resolve));
    const page = await get(dev, '/');
    assert.is(page.status, 200);
    assert.match(page.body, 'The first page.');
    assert.match((await get(dev, '/other')).body, 'Another page.');
    assert.equal(rendered, ['start'], 'requests render through the site, not this entry');
  } finally {
    await dev.close();
    rmSync(root, { recursive: true, force: true });
  }
});

prepare('should render nothing before a request without the option', async () => {
  const root = writeTempProject(files, 'docsgen-prepare-');
  const rendered: string[] = [];
  const dev = createDevServer({ site: await recordingSite(root, rendered) });
  try {
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(rendered, []);
  } finally {
    await dev.close();
    rmSync(root, { recursive: true, force: true });
  }
});

prepare.run();
