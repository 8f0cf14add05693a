import { createSite } from '@docsgen/core';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevSession, type DevSession } from '../src/index.js';

// `.mintignore` in `docsgen dev`: what it leaves out is not served, and an edit of it (a
// dot-file, which the watcher otherwise skips) reloads the site.
type Change = { files: string[]; reload: 'full' | 'pages'; slugs: string[] };
const test = suite<{ root: string; session: DevSession; changes: Change[]; base: string }>('dev: .mintignore');

test.before.each(async (context) => {
  context.root = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-mintignore-')));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Ignore', navigation: { pages: ['index'] } }),
    '.mintignore': 'drafts/\n*.txt\n',
    'llms.txt': 'Our own, left out.\n',
    'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
    'drafts/plan.mdx': '---\ntitle: Plan\n---\n\nSecret plan.\n',
    'drafts/shot.png': 'png',
    'notes/todo.mdx': '---\ntitle: Todo\n---\n\nTodo list.\n',
    'notes/shot.png': 'png',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(context.root, name)), { recursive: true });
    writeFileSync(join(context.root, name), content);
  }
  context.changes = [];
  context.session = await startDevSession({
    root: context.root,
    loadSite: ({ loadCache }) => createSite(context.root, { mode: 'dev', loadCache }),
    onChange: (change) => context.changes.push(change),
  });
  await new Promise<void>((done) => context.session.server.listen(0, '127.0.0.1', done));
  context.base = `http://127.0.0.1:${(context.session.server.address() as AddressInfo).port}`;
});

test.after.each(async (context) => {
  await context.session.close();
  rmSync(context.root, { recursive: true });
});

const status = async (base: string, path: string): Promise<number> => (await fetch(`${base}${path}`)).status;

test('should not serve ignored pages or media, and serve them again once the pattern is gone', async (context) => {
  assert.is(await status(context.base, '/drafts/plan'), 404);
  assert.is(await status(context.base, '/drafts/shot.png'), 404);
  assert.is(await status(context.base, '/notes/todo'), 200);
  assert.is(await status(context.base, '/notes/shot.png'), 200);
  // The site's own llms.txt is served, not the project file `*.txt` leaves out.
  const llms = await (await fetch(`${context.base}/llms.txt`)).text();
  assert.match(llms, /^# Ignore/);

  const before = context.changes.length;
  writeFileSync(join(context.root, '.mintignore'), 'notes/\n');
  for (let waited = 0; context.changes.length === before && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.is(context.changes.at(-1)?.reload, 'full', 'the edit reloads the site');
  assert.is(await status(context.base, '/drafts/plan'), 200);
  assert.is(await status(context.base, '/drafts/shot.png'), 200);
  assert.is(await status(context.base, '/notes/todo'), 404);
  assert.is(await status(context.base, '/notes/shot.png'), 404);
});

test.run();
