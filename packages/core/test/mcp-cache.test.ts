import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSite, siteMcpSource } from '../src/index.js';
import { mcpCacheFile, projectStateKey } from '../src/mcp-cache.js';
import { writeTempProject } from './temp-project.js';

const cache = suite('the MCP server\'s kept Markdown (.docsgen/cache/mcp)');
const roots: string[] = [];
cache.after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function project(): string {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Acme', navigation: { pages: ['index', 'guides/polish'] } }),
    'index.mdx': '---\ntitle: Acme\n---\n\nWidgets for every kitchen.\n',
    'guides/polish.mdx': '---\ntitle: Polishing\n---\n\nUse the chrome polish.\n',
    'snippets/unused.mdx': 'A snippet.\n',
  }, 'docsgen-mcp-cache-');
  roots.push(root);
  return root;
}

/** Every page's Markdown, read through a new site's MCP source, as one index does. */
async function readAll(root: string, options = { cache: true }): Promise<Record<string, string | undefined>> {
  const source = siteMcpSource(await createSite(root, { mode: 'dev' }), options);
  const read: Record<string, string | undefined> = {};
  for (const page of await source.pages()) read[page.path] = await source.markdown(page.path);
  return read;
}

/** Rewrites one kept page, so that a read from the cache can be told from a render. */
function markKept(root: string, path: string): void {
  const file = mcpCacheFile(root);
  const kept = JSON.parse(readFileSync(file, 'utf8')) as { key: string; pages: Record<string, string> };
  kept.pages[path] = 'KEPT\n';
  writeFileSync(file, JSON.stringify(kept));
}

cache('should keep every page\'s Markdown once all are read, and read it back while nothing changed', async () => {
  const root = project();
  const first = await readAll(root);
  assert.match(first['/guides/polish'] ?? '', /chrome polish/);
  const kept = JSON.parse(readFileSync(mcpCacheFile(root), 'utf8')) as { key: string; pages: Record<string, string> };
  assert.equal(kept.pages, first);
  markKept(root, '/guides/polish');
  assert.is((await readAll(root))['/guides/polish'], 'KEPT\n');
});

cache('should write the Markdown anew when any project file changed, was added or removed', async () => {
  const root = project();
  await readAll(root);
  const edits: Array<() => void> = [
    () => writeFileSync(join(root, 'guides/polish.mdx'), '---\ntitle: Polishing\n---\n\nUse the new chrome polish.\n'),
    () => writeFileSync(join(root, 'snippets/unused.mdx'), 'A snippet, longer now.\n'),
    () => writeFileSync(join(root, 'snippets/new.mdx'), 'New.\n'),
    () => rmSync(join(root, 'snippets/new.mdx')),
    () => writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Acme Co', navigation: { pages: ['index', 'guides/polish'] } })),
  ];
  for (const edit of edits) {
    markKept(root, '/guides/polish');
    const before = projectStateKey(root, '');
    edit();
    assert.is.not(projectStateKey(root, ''), before, edit.toString());
    assert.match((await readAll(root))['/guides/polish'] ?? '', /chrome polish/, edit.toString());
  }
  assert.match((await readAll(root))['/guides/polish'] ?? '', /new chrome polish/);
});

cache('should neither read nor write the cache when asked not to, nor count its own folder as a change', async () => {
  const root = project();
  await readAll(root, { cache: false });
  assert.not.ok(existsSync(mcpCacheFile(root)));
  const key = projectStateKey(root, '');
  await readAll(root);
  assert.ok(existsSync(mcpCacheFile(root)));
  assert.is(projectStateKey(root, ''), key, 'the .docsgen folder is not part of the key');
  markKept(root, '/');
  assert.match((await readAll(root, { cache: false }))['/'] ?? '', /every kitchen/);
});

cache('should list the pages and resources once per source, which every HTTP request\'s server reads', async () => {
  const source = siteMcpSource(await createSite(project(), { mode: 'dev' }));
  const [pages, resources] = [await source.pages(), await source.resources?.()];
  assert.equal(pages.map((page) => page.path), ['/', '/guides/polish']);
  assert.ok(pages === (await source.pages()), 'listed once');
  assert.ok(resources !== undefined && resources === (await source.resources?.()), 'listed once');
  assert.match((await source.markdown('/guides/polish')) ?? '', /chrome polish/);
  assert.is(await source.markdown('/guides/missing'), undefined);
});

cache.run();
