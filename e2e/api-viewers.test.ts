// The three embeddable API viewers in real Chromium, in a docsgen project served by the dev
// server: fixtures/api-viewers, whose node_modules holds the three npm packages (extracted by
// `node scripts/fetch-viewer-packages.mjs`, which `node scripts/setup.mjs --with-browser`
// runs). Every request to the CDN fails, so a viewer that draws its operation drew it from the
// project's package, served at /_docsgen/vendor/. Also: a page without a viewer loads no
// viewer script, a bundle that cannot load leaves a message in the box, and the vendor route
// serves nothing but its fixed files (raw request lines, nothing normalised on the way).
import { createSite } from '@docsgen/core';
import { createDevServer, type DevServer } from '@docsgen/dev-server';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sendRaw } from '../packages/dev-server/test/project.js';
import { launchBrowser } from './browser.js';
import { serveProject } from './site-project.js';

const fixture = fileURLToPath(new URL('../fixtures/api-viewers/', import.meta.url));

interface Context {
  server: DevServer;
  port: number;
  base: string;
  context: BrowserContext;
  close: () => Promise<void>;
  /** URLs of the CDN requests the browser tried (all refused). */
  cdn: string[];
}

const viewers = suite<Context>('embeddable API viewers in Chromium');

viewers.before(async (context) => {
  if (!existsSync(`${fixture}node_modules/redoc/package.json`)) {
    throw new Error('fixtures/api-viewers/node_modules is missing: run `node scripts/fetch-viewer-packages.mjs` (or `node scripts/setup.mjs --with-browser`)');
  }
  context.server = createDevServer({ site: await createSite(fixture), liveReload: false });
  await new Promise<void>((resolve) => context.server.server.listen(0, '127.0.0.1', resolve));
  context.port = (context.server.server.address() as AddressInfo).port;
  context.base = `http://127.0.0.1:${context.port}`;
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
  context.cdn = [];
  await context.context.route(/^https:\/\/cdn\.jsdelivr\.net\//, async (route) => {
    context.cdn.push(route.request().url());
    await route.abort('blockedbyclient');
  });
  await context.context.route(/^https:\/\/cdn\.redoc\.ly\//, (route) => route.abort('blockedbyclient'));
});

viewers.after(async (context) => {
  await context.close?.();
  await context.server?.close();
});

/** Opens a page and records every URL it requests, and its script errors. */
async function open(context: Context, url: string): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const page = await context.context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { page, requests, errors };
}

// Redoc's menu always shows Redocly's logo from its CDN (no option turns it off); this browser
// refuses it like the jsDelivr CDN, and the viewer draws without it. Nothing else leaves the site.
const cases = [
  { viewer: 'viewer-a', slug: 'viewer-a', bundle: '/_docsgen/vendor/viewer-a/redoc.standalone.js', external: ['https://cdn.redoc.ly/redoc/logo-mini.svg'] },
  { viewer: 'viewer-b', slug: 'viewer-b', bundle: '/_docsgen/vendor/viewer-b/standalone.js', external: [] },
  { viewer: 'viewer-c', slug: 'viewer-c', bundle: '/_docsgen/vendor/viewer-c/web-components.min.js', external: [] },
] as const;

for (const { viewer, slug, bundle, external } of cases) {
  viewers(`should draw the operation with ${viewer} from the project's installed package`, async (context) => {
    const before = context.cdn.length;
    const { page, requests, errors } = await open(context, `${context.base}/${slug}`);
    const box = page.locator(`[data-dg-viewer="${viewer}"]`);
    await box.scrollIntoViewIfNeeded();
    await page.waitForSelector(`[data-dg-viewer="${viewer}"][data-dg-viewer-state="ready"]`, { timeout: 30_000 });
    // The viewer draws asynchronously after it is mounted: wait for its text, not for a time.
    // Only visible text counts (Redoc keeps a hidden menu with the same summary).
    await box.locator('text=Fetch one shelved book >> visible=true').first().waitFor({ timeout: 30_000 });
    await box.locator('text=/\\/books\\/\\{bookId\\}/ >> visible=true').first().waitFor({ timeout: 30_000 });
    const text = (await box.innerText()) ?? '';
    assert.not.match(text, 'List every shelf', 'only the one operation');
    assert.not.match(text, 'could not be shown');
    assert.ok(requests.includes(`${context.base}${bundle}`), `bundle loaded from the site: ${requests.filter((url) => url.includes('vendor')).join(', ')}`);
    assert.is(requests.filter((url) => url === `${context.base}${bundle}`).length, 1, 'loaded once');
    assert.equal(context.cdn.slice(before), [], 'nothing requested from the CDN');
    assert.equal(
      [...new Set(requests.filter((url) => !url.startsWith(context.base) && !url.startsWith('data:') && !url.startsWith('blob:')))],
      external,
      'no other host',
    );
    assert.equal(errors, []);
    await page.close();
  });
}

viewers('should load the Elements stylesheet from the site too', async (context) => {
  const { page, requests } = await open(context, `${context.base}/viewer-c`);
  await page.waitForSelector('[data-dg-viewer="viewer-c"][data-dg-viewer-state="ready"]', { timeout: 30_000 });
  assert.ok(requests.includes(`${context.base}/_docsgen/vendor/viewer-c/styles.min.css`));
  await page.close();
});

viewers('should load no viewer script on a page without a viewer', async (context) => {
  const { page, requests } = await open(context, `${context.base}/`);
  await page.waitForLoadState('load');
  assert.ok(await page.getByText('This page uses no viewer').isVisible());
  assert.equal(requests.filter((url) => url.includes('api-viewers') || url.includes('/vendor/') || url.includes('jsdelivr')), []);
  await page.close();
});

viewers('should say so in the box when the bundle cannot be loaded', async (context) => {
  // No node_modules here: the bundle comes from the CDN, which this browser refuses.
  const project = await serveProject({
    'docs.json': JSON.stringify({ name: 'CDN viewers', api: { openapi: 'openapi.json' }, navigation: { groups: [{ group: 'A', pages: ['index'] }] } }),
    'openapi.json': JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/ping': { get: { summary: 'Ping', responses: { '200': { description: 'OK' } } } } } }),
    'index.mdx': '---\ntitle: Home\n---\n\n<OpenApiViewerA method="GET" path="/ping" />\n',
  });
  try {
    const before = context.cdn.length;
    const { page } = await open(context, `${project.base}/`);
    await page.waitForSelector('[data-dg-viewer="viewer-a"][data-dg-viewer-state="error"]', { timeout: 30_000 });
    const status = page.locator('[data-dg-viewer="viewer-a"] .dg-viewer-status');
    assert.ok(await status.isVisible(), 'the message is visible, the box is not blank');
    assert.match((await status.innerText()) ?? '', /Redoc could not be shown: .*cdn\.jsdelivr\.net.*install the viewer's npm package/);
    assert.equal(context.cdn.slice(before), ['https://cdn.jsdelivr.net/npm/redoc@2.5.4/bundles/redoc.standalone.js']);
    await page.close();
  } finally {
    await project.close();
  }
});

/** A project in a temp folder whose node_modules is a link to the fixture's, served by the dev server. */
async function serveLinked(files: Record<string, string>): Promise<{ base: string; close: () => Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-viewers-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(root, name), content);
  symlinkSync(join(fixture, 'node_modules'), join(root, 'node_modules'));
  const server = createDevServer({ site: await createSite(root), liveReload: false });
  await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    async close() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

viewers('should show generated operation pages with the viewer `api.viewer` names', async (context) => {
  const project = await serveLinked({
    'docs.json': JSON.stringify({ name: 'Generated', api: { openapi: 'openapi.yaml', viewer: 'viewer-c' }, navigation: { groups: [{ group: 'A', pages: ['index'] }] } }),
    'openapi.yaml': readFileSync(join(fixture, 'openapi.yaml'), 'utf8'),
    'index.mdx': '---\ntitle: Home\n---\n\nHome.\n',
  });
  try {
    const before = context.cdn.length;
    const home = await open(context, `${project.base}/`);
    const link = home.page.locator('a', { hasText: 'Fetch one shelved book' }).first();
    const href = await link.getAttribute('href');
    assert.ok(href, 'the generated page is in the navigation');
    await home.page.close();
    const { page, requests } = await open(context, new URL(href, project.base).href);
    const box = page.locator('[data-dg-viewer="viewer-c"]');
    await page.waitForSelector('[data-dg-viewer="viewer-c"][data-dg-viewer-state="ready"]', { timeout: 30_000 });
    await box.locator('text=Fetch one shelved book >> visible=true').first().waitFor({ timeout: 30_000 });
    assert.is(await page.locator('[data-dg-api]').count(), 0, 'not the built-in view');
    assert.ok(requests.includes(`${project.base}/_docsgen/vendor/viewer-c/web-components.min.js`));
    assert.equal(context.cdn.slice(before), []);
    await page.close();
  } finally {
    await project.close();
  }
});

viewers('should load a viewer only when its box comes near the viewport', async (context) => {
  const filler = Array.from({ length: 80 }, (_, index) => `Paragraph ${index + 1} of text before the viewer.`).join('\n\n');
  const project = await serveLinked({
    'docs.json': JSON.stringify({ name: 'Lazy', api: { openapi: 'openapi.yaml' }, navigation: { groups: [{ group: 'A', pages: ['index'] }] } }),
    'openapi.yaml': readFileSync(join(fixture, 'openapi.yaml'), 'utf8'),
    'index.mdx': `---\ntitle: Home\n---\n\n${filler}\n\n<OpenApiViewerA method="GET" path="/books/{bookId}" />\n`,
  });
  try {
    const { page, requests } = await open(context, `${project.base}/`);
    await page.waitForLoadState('networkidle');
    assert.ok(requests.includes(`${project.base}/_docsgen/api-viewers.js`), 'the loader is on the page');
    assert.equal(requests.filter((url) => url.includes('/_docsgen/vendor/')), [], 'no bundle before the box is near');
    assert.is(await page.locator('[data-dg-viewer="viewer-a"]').getAttribute('data-dg-viewer-state'), null);
    await page.locator('[data-dg-viewer="viewer-a"]').scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-dg-viewer="viewer-a"][data-dg-viewer-state="ready"]', { timeout: 30_000 });
    assert.equal(requests.filter((url) => url.includes('/_docsgen/vendor/')), [`${project.base}/_docsgen/vendor/viewer-a/redoc.standalone.js`]);
    await page.close();
  } finally {
    await project.close();
  }
});

viewers('should run no script from a hostile spec in any viewer', async (context) => {
  const hostile = [
    'Hostile <img src="x" onerror="window.__pwned = 1"> text',
    '<script>window.__pwned = 2</script>',
    '[click](javascript:window.__pwned=3) <a href="javascript:window.__pwned=4">link</a>',
    '<iframe srcdoc="<script>parent.__pwned = 5</script>"></iframe>',
  ].join('\n\n');
  const spec = {
    openapi: '3.0.3',
    info: { title: 'Hostile', version: '1', description: hostile },
    paths: {
      '/ping': {
        get: {
          summary: 'Ping the hostile API',
          description: hostile,
          parameters: [{ name: 'q', in: 'query', description: hostile, schema: { type: 'string' } }],
          responses: { '200': { description: hostile } },
        },
      },
    },
  };
  const project = await serveLinked({
    'docs.json': JSON.stringify({ name: 'Hostile', api: { openapi: 'openapi.json' }, navigation: { groups: [{ group: 'A', pages: ['a', 'b', 'c'] }] } }),
    'openapi.json': JSON.stringify(spec),
    'a.mdx': '---\ntitle: A\n---\n\n<OpenApiViewerA method="GET" path="/ping" />\n',
    'b.mdx': '---\ntitle: B\n---\n\n<OpenApiViewerB method="GET" path="/ping" />\n',
    'c.mdx': '---\ntitle: C\n---\n\n<OpenApiViewerC method="GET" path="/ping" />\n',
  });
  try {
    for (const [slug, viewer] of [['a', 'viewer-a'], ['b', 'viewer-b'], ['c', 'viewer-c']] as const) {
      const { page } = await open(context, `${project.base}/${slug}`);
      await page.waitForSelector(`[data-dg-viewer="${viewer}"][data-dg-viewer-state="ready"]`, { timeout: 30_000 });
      const box = page.locator(`[data-dg-viewer="${viewer}"]`);
      await box.locator('text=Ping the hostile API >> visible=true').first().waitFor({ timeout: 30_000 });
      await box.locator('text=/Hostile .*text/ >> visible=true').first().waitFor({ timeout: 30_000 });
      // Click every link the viewer drew from the spec's Markdown, as a curious reader would.
      for (const link of await box.locator('a:text-matches("click|link")').all()) await link.click({ timeout: 2_000 }).catch(() => undefined);
      assert.is(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined, viewer);
      assert.is(await box.locator('img[onerror], script:not([type="application/json"]), iframe[srcdoc]').count(), 0, `${viewer}: no live markup`);
      await page.close();
    }
  } finally {
    await project.close();
  }
});

viewers('should serve only the fixed vendor files, refusing every other name', async (context) => {
  const ok = await sendRaw(context.port, 'GET /_docsgen/vendor/viewer-a/redoc.standalone.js HTTP/1.1');
  assert.is(ok.status, 200);
  assert.match(ok.headers['content-type'] ?? '', 'javascript');
  const css = await sendRaw(context.port, 'GET /_docsgen/vendor/viewer-c/styles.min.css HTTP/1.1');
  assert.is(css.status, 200);
  assert.match(css.headers['content-type'] ?? '', 'text/css');
  const refusals: Array<[string, number]> = [
    ['/_docsgen/vendor/viewer-a/..%2f..%2fpackage.json', 400],
    ['/_docsgen/vendor/viewer-a/..%2F..%2F..%2F..%2Fdocs.json', 400],
    ['/_docsgen/vendor/viewer-a/../../package.json', 400],
    ['/_docsgen/vendor/viewer-a/%2e%2e/package.json', 400],
    ['/_docsgen/vendor/viewer-a/package.json', 404],
    ['/_docsgen/vendor/viewer-a/redoc.standalone.js.map', 404],
    ['/_docsgen/vendor/viewer-a/%72edoc.standalone.js', 404],
    ['/_docsgen/vendor/viewer-a/standalone.js', 404],
    ['/_docsgen/vendor/viewer-z/redoc.standalone.js', 404],
    ['/_docsgen/vendor/viewer-a/', 404],
    ['/_docsgen/vendor/redoc/bundles/redoc.standalone.js', 404],
    ['/_docsgen/vendor/viewer-b/standalone.js/', 404],
  ];
  for (const [target, status] of refusals) {
    const response = await sendRaw(context.port, `GET ${target} HTTP/1.1`);
    assert.is(response.status, status, target);
    assert.not.match(response.body.toString('latin1'), '"version"', `${target}: no package.json content`);
  }
});

viewers.run();
