// The files the site layout links besides docsgen's own assets: the shared navigation file
// and the project's root .css/.js files, served by the dev server (raw requests on a real
// port) and written by the build (byte-identical on a rebuild, the page's link matching the
// file written).
import { buildSite } from '@docsgen/core';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serveProject, versionedProject, type ServedProject } from './site-project.js';

const files = suite<{ site: ServedProject }>('site files');

const project = (): Record<string, string> => ({
  ...versionedProject({ theme: 'pith' }),
  'custom.css': '.dg-title { color: rebeccapurple; }\n',
  'extra.js': 'window.extra = true;\n',
  'site-scripts/hubspot.js': 'window.hubspot = true;\n',
  'snippets/counter.js': 'export const Counter = () => null;\n',
  'docsgen.config.js': 'export default {};\n',
});

files.before(async (context) => {
  context.site = await serveProject(project());
});

files.after(async (context) => {
  await context.site?.close();
});

/** A raw GET on the dev server: status, content type and body. */
function get(site: ServedProject, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(site.base);
    const outgoing = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

files('should serve the navigation file a page links to, and the project’s root .css and .js', async (context) => {
  const page = await get(context.site, '/v2/quickstart');
  const src = /data-nav-src="([^"]+)"/.exec(page.body)?.[1] ?? '';
  // The part of the file with the groups of the page's version.
  assert.match(src, /^\/_docsgen\/navigation-[0-9a-f]{16}\.versions\.0\.json$/);
  const navigation = await get(context.site, src);
  assert.is(navigation.status, 200);
  assert.is(navigation.type, 'application/json; charset=utf-8');
  const ids = Object.keys(JSON.parse(navigation.body).groups);
  assert.ok(ids.length >= 3);
  assert.ok(ids.every((id) => id.startsWith('versions.0.')), ids.join(' '));
  const whole = await get(context.site, src.replace('.versions.0.json', '.json'));
  assert.is(whole.status, 200);
  assert.ok(Object.keys(JSON.parse(whole.body).groups).some((id) => id.startsWith('versions.1.')), 'the whole file has every version');
  assert.is((await get(context.site, '/_docsgen/navigation-0000000000000000.json')).status, 404);
  assert.is((await get(context.site, src.replace('.versions.0.json', '.versions.9.json'))).status, 404);

  assert.match(page.body, '<link rel="stylesheet" href="/custom.css">');
  assert.match(page.body, '<script src="/extra.js" defer></script>');
  // In a content folder too, as the platform loads them; a snippet is a module pages import.
  assert.match(page.body, '<script src="/site-scripts/hubspot.js" defer></script>');
  assert.not.match(page.body, 'snippets/counter.js');
  assert.is((await get(context.site, '/site-scripts/hubspot.js')).body, 'window.hubspot = true;\n');
  assert.not.match(page.body, 'docsgen.config.js');
  const css = await get(context.site, '/custom.css');
  assert.is(css.status, 200);
  assert.match(css.type, 'text/css');
  assert.is(css.body, '.dg-title { color: rebeccapurple; }\n');
  assert.is((await get(context.site, '/extra.js')).status, 200);
  assert.is((await get(context.site, '/docsgen.config.js')).status, 404, 'the config file is not served');
  assert.is((await get(context.site, '/docs.json')).status, 404);
  assert.is((await get(context.site, '/_docsgen/theme-pith.css')).status, 200);
});

files('should write the navigation file, the theme stylesheet and the project files, the same bytes on every build', async (context) => {
  const root = context.site.root;
  const first = await buildSite(root, { outDir: '.out-a', workers: 0, cache: false });
  assert.ok(first.ok, JSON.stringify(first.messages));
  const second = await buildSite(root, { outDir: '.out-b', workers: 0, cache: false });
  assert.ok(second.ok);
  try {
    const html = readFileSync(join(first.outDir, 'v2/quickstart.html'), 'utf8');
    const src = /data-nav-src="\/([^"]+)"/.exec(html)?.[1] ?? '';
    assert.match(readFileSync(join(first.outDir, src), 'utf8'), '"groups"');
    const assets = readdirSync(join(first.outDir, '_docsgen')).sort();
    assert.ok(assets.includes('theme-pith.css'));
    assert.not.ok(assets.includes('theme-base.css'), 'only the theme in use is copied');
    assert.is(readFileSync(join(first.outDir, 'custom.css'), 'utf8'), '.dg-title { color: rebeccapurple; }\n');
    assert.is(readFileSync(join(first.outDir, 'extra.js'), 'utf8'), 'window.extra = true;\n');
    assert.is(readFileSync(join(first.outDir, 'site-scripts/hubspot.js'), 'utf8'), 'window.hubspot = true;\n');
    for (const name of [src, 'v2/quickstart.html', 'index.html', '404.html']) {
      assert.is(readFileSync(join(second.outDir, name), 'utf8'), readFileSync(join(first.outDir, name), 'utf8'), name);
    }
  } finally {
    rmSync(first.outDir, { recursive: true, force: true });
    rmSync(second.outDir, { recursive: true, force: true });
  }
});

files.run();
