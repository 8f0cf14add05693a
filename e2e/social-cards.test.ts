// Social cards through the installed CLI: drawn in worker threads, the same bytes as in one
// thread, taken from the card cache on a rebuild, and the site URL's precedence.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = join(repo, 'node_modules', '.bin', 'docsgen');

function docsgen(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(bin, args, { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', DOCSGEN_SITE_URL: '', ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function project(count: number, docs: Record<string, unknown> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-cards-e2e-'));
  const write = (name: string, content: string): void => {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  };
  const slugs = Array.from({ length: count }, (_, index) => `guides/page-${String(index).padStart(2, '0')}`);
  write('docs.json', JSON.stringify({ name: 'Card test', navigation: { tabs: [{ tab: 'Guides', pages: ['index', ...slugs] }] }, ...docs }));
  write('index.mdx', '---\ntitle: Home\n---\n\nWelcome.\n');
  slugs.forEach((slug, index) => write(`${slug}.mdx`, `---\ntitle: Page ${index}\ndescription: About page ${index}.\n---\n\nBody ${index}.\n`));
  return root;
}

/** Every card of the output: path → bytes. */
function cards(root: string): Record<string, string> {
  const folder = join(root, 'dist', 'og');
  if (!existsSync(folder)) return {};
  const files: Record<string, string> = {};
  for (const name of readdirSync(folder, { recursive: true }) as string[]) {
    if (name.endsWith('.png')) files[name.split('\\').join('/')] = readFileSync(join(folder, name), 'latin1');
  }
  return files;
}

const ogImage = (root: string, page: string): string | undefined =>
  /<meta property="og:image" content="([^"]*)">/.exec(readFileSync(join(root, 'dist', page), 'utf8'))?.[1];

const e2e = suite('docsgen build: social cards');

e2e('should draw the same cards in worker threads as in one thread, and take them from the cache on a rebuild', () => {
  const root = project(40);
  const threaded = docsgen(['build', root, '--workers', '2', '--no-cache', '--site-url', 'https://docs.example.com']);
  assert.is(threaded.code, 0, threaded.stdout + threaded.stderr);
  const withWorkers = cards(root);
  assert.is(Object.keys(withWorkers).length, 41);
  assert.ok('guides/page-07.png' in withWorkers);

  const single = docsgen(['build', root, '--workers', '0', '--no-cache', '--site-url', 'https://docs.example.com']);
  assert.is(single.code, 0, single.stderr);
  assert.equal(cards(root), withWorkers);

  // Cached in the first cached build, then every card comes from `.docsgen/cache/og`.
  assert.is(docsgen(['build', root, '--workers', '2', '--site-url', 'https://docs.example.com']).code, 0);
  const cached = readdirSync(join(root, '.docsgen', 'cache', 'og')).filter((name) => name.endsWith('.png'));
  assert.is(cached.length, 41);
  for (const name of cached) writeFileSync(join(root, '.docsgen', 'cache', 'og', name), `cached ${name}`);
  writeFileSync(join(root, 'guides/page-03.mdx'), '---\ntitle: Page three\ndescription: About page 3.\n---\n\nBody 3.\n');
  const rebuilt = docsgen(['build', root, '--workers', '2', '--site-url', 'https://docs.example.com']);
  assert.is(rebuilt.code, 0, rebuilt.stderr);
  const after = cards(root);
  assert.ok(after['guides/page-04.png']?.startsWith('cached '), 'an unchanged card is copied from the cache');
  assert.ok(after['guides/page-03.png']?.startsWith('\x89PNG'), 'a changed title draws the card again');
});

e2e('should take the site URL from --site-url, then DOCSGEN_SITE_URL, then docs.json', () => {
  const root = project(1, { siteUrl: 'https://json.example.com' });
  assert.is(docsgen(['build', root, '--workers', '0']).code, 0);
  assert.is(ogImage(root, 'guides/page-00.html'), 'https://json.example.com/og/guides/page-00.png');
  assert.is(docsgen(['build', root, '--workers', '0'], { DOCSGEN_SITE_URL: 'https://env.example.com' }).code, 0);
  assert.is(ogImage(root, 'guides/page-00.html'), 'https://env.example.com/og/guides/page-00.png');
  assert.is(docsgen(['build', root, '--workers', '0', '--site-url', 'https://flag.example.com'], { DOCSGEN_SITE_URL: 'https://env.example.com' }).code, 0);
  assert.is(ogImage(root, 'guides/page-00.html'), 'https://flag.example.com/og/guides/page-00.png');

  const none = project(1);
  assert.is(docsgen(['build', none, '--workers', '0']).code, 0);
  assert.equal(cards(none), {});
  assert.is(ogImage(none, 'guides/page-00.html'), undefined);
});

e2e.run();
