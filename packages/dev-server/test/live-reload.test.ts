import { createSite } from '@docsgen/core';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevSession, type DevSession, type ReloadEvent } from '../src/index.js';

const live = suite<{ root: string; session: DevSession; port: number; events: ReloadEvent[] }>('live reload');

live.before.each(async (context) => {
  context.root = mkdtempSync(join(tmpdir(), 'docsgen-live-'));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Live', navigation: { pages: ['index', 'other', 'alone'] } }),
    'index.mdx': "import S from '/snippets/s.mdx';\n\n# Home\n\n<S />\n",
    'other.mdx': "import S from '/snippets/s.mdx';\n\n# Other\n\n<S />\n",
    'alone.mdx': '# Alone\n\nVersion one.\n',
    'snippets/s.mdx': 'Snippet one.\n',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(context.root, name)), { recursive: true });
    writeFileSync(join(context.root, name), content);
  }
  context.session = await startDevSession({ root: context.root, loadSite: () => createSite(context.root) });
  await new Promise<void>((resolve) => context.session.server.listen(0, '127.0.0.1', resolve));
  context.port = (context.session.server.address() as AddressInfo).port;
  context.events = [];
  await new Promise<void>((resolve) => {
    get({ host: '127.0.0.1', port: context.port, path: '/_docsgen/events' }, (response) => {
      assert.is(response.headers['content-type'], 'text/event-stream; charset=utf-8');
      let buffer = '';
      response.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('data: ')) context.events.push(JSON.parse(block.slice(6)));
        }
      });
      resolve();
    });
  });
  // Every page renders once, as an open browser tab would have made it.
  for (const slug of ['index', 'other', 'alone']) await context.session.site.render(slug);
});

live.after.each(async (context) => {
  await context.session.close();
  rmSync(context.root, { recursive: true });
});

async function waitFor(events: ReloadEvent[], count: number): Promise<void> {
  for (let waited = 0; events.length < count && waited < 5000; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
}

live('should give every page a reload script and an events stream', async (context) => {
  assert.is(context.session.listeners, 1);
  const page = await fetch(`http://127.0.0.1:${context.port}/alone`);
  assert.match(await page.text(), "new EventSource(\"/_docsgen/events\")");
});

live('should update exactly the pages that import an edited snippet', async (context) => {
  writeFileSync(join(context.root, 'snippets/s.mdx'), 'Snippet two.\n');
  await waitFor(context.events, 1);
  const [event] = context.events;
  assert.is(event?.type, 'update');
  assert.equal(event?.type === 'update' ? [...event.slugs].sort() : [], ['index', 'other']);
  assert.match(await (await fetch(`http://127.0.0.1:${context.port}/other`)).text(), 'Snippet two.');
});

live('should update one page when its own file is saved', async (context) => {
  writeFileSync(join(context.root, 'alone.mdx'), '# Alone\n\nVersion two.\n');
  await waitFor(context.events, 1);
  assert.equal(context.events, [{ type: 'update', slugs: ['alone'] }]);
  assert.match(await (await fetch(`http://127.0.0.1:${context.port}/alone`)).text(), 'Version two.');
});

live('should reload everything and serve the new navigation after docs.json changes', async (context) => {
  writeFileSync(join(context.root, 'docs.json'), JSON.stringify({ name: 'Renamed', navigation: { pages: ['alone', 'index'] } }));
  await waitFor(context.events, 1);
  assert.equal(context.events, [{ type: 'full-reload' }]);
  assert.is(context.session.site.config?.name, 'Renamed');
  // The sidebar lists the pages in the new order.
  const home = await (await fetch(`http://127.0.0.1:${context.port}/`)).text();
  const links = [...home.matchAll(/class="dg-nav-link[^"]*"[^>]*href="([^"]*)"|href="([^"]*)"[^>]*class="dg-nav-link/g)].map((match) => match[1] ?? match[2]);
  assert.equal(links.slice(0, 2), ['/alone', '/'], 'alone before the home page');
});

live('should reload everything when a page is added, and serve it', async (context) => {
  writeFileSync(join(context.root, 'new.mdx'), '# New\n\nFresh page.\n');
  await waitFor(context.events, 1);
  assert.equal(context.events, [{ type: 'full-reload' }]);
  const page = await fetch(`http://127.0.0.1:${context.port}/new`);
  assert.is(page.status, 200);
  assert.match(await page.text(), 'Fresh page.');
});

live('should watch build/ and dist/ below the root: folders of pages there (Dify\'s use-dify/build/)', async (context) => {
  mkdirSync(join(context.root, 'use/build'), { recursive: true });
  writeFileSync(join(context.root, 'use/build/workflow.mdx'), '# Workflow\n\nStep one.\n');
  await waitFor(context.events, 1);
  assert.equal(context.events, [{ type: 'full-reload' }]);
  assert.match(await (await fetch(`http://127.0.0.1:${context.port}/use/build/workflow`)).text(), 'Step one.');
  writeFileSync(join(context.root, 'use/build/workflow.mdx'), '# Workflow\n\nStep two.\n');
  await waitFor(context.events, 2);
  assert.equal(context.events.slice(1), [{ type: 'update', slugs: ['use/build/workflow'] }]);
  assert.match(await (await fetch(`http://127.0.0.1:${context.port}/use/build/workflow`)).text(), 'Step two.');
  // At the root, build/ stays a build tool's output: nothing in it is watched.
  mkdirSync(join(context.root, 'build'), { recursive: true });
  writeFileSync(join(context.root, 'build/out.mdx'), '# Out\n');
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.is(context.events.length, 2);
});

live('should survive a page saved broken, show its problem, and recover', async (context) => {
  writeFileSync(join(context.root, 'alone.mdx'), '# Alone\n\nValue: {1 +}\n');
  await waitFor(context.events, 1);
  assert.match(await (await fetch(`http://127.0.0.1:${context.port}/alone`)).text(), '[mdx-syntax]');
  writeFileSync(join(context.root, 'alone.mdx'), '# Alone\n\nFixed.\n');
  await waitFor(context.events, 2);
  assert.match(await (await fetch(`http://127.0.0.1:${context.port}/alone`)).text(), 'Fixed.');
});

live.run();
