// The built-in 404 page in real Chromium, from `docsgen dev` and from a build served as a static
// host serves it: a reader who mistyped an address sees the closest pages and a search box, and
// gets to the page they meant by a click or by typing. Screenshots go to test-output/screenshots/.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { contentPage, previewBuild, serveProject, type PreviewedBuild, type ServedProject } from './site-project.js';

const screenshots = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));

const files: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Lost and found',
    colors: { primary: '#2563eb' },
    navigation: {
      groups: [
        { group: 'Start', pages: ['index', 'quickstart'] },
        { group: 'Guides', pages: ['guides/navigation', 'guides/migration', 'guides/deploy', 'guides/themes'] },
        { group: 'Reference', pages: ['reference/cli', 'reference/config'] },
      ],
    },
  }),
  'index.mdx': contentPage('Introduction', 'The home page.'),
  'quickstart.mdx': contentPage('Quickstart', 'Start here.'),
  'guides/navigation.mdx': contentPage('Navigation', 'Tabs, groups and pages.'),
  'guides/migration.mdx': contentPage('Migration', 'Coming from elsewhere.'),
  'guides/deploy.mdx': contentPage('Deploying', 'Put it online.'),
  'guides/themes.mdx': contentPage('Themes', 'How it looks.'),
  'reference/cli.mdx': contentPage('Command line', 'Every command.'),
  'reference/config.mdx': contentPage('Configuration', 'Every field.'),
};

interface Context {
  dev: ServedProject;
  preview: PreviewedBuild;
  context: BrowserContext;
  close: () => Promise<void>;
}

const notFound = suite<Context>('404 page in Chromium');

notFound.before(async (context) => {
  context.dev = await serveProject(files);
  context.preview = await previewBuild(context.dev.root);
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
  mkdirSync(screenshots, { recursive: true });
});

notFound.after(async (context) => {
  await context.close?.();
  await context.dev?.close();
  await context.preview?.close();
});

async function openMissing(context: Context, base: string, path: string): Promise<{ page: Page; errors: string[]; status: number | undefined }> {
  const page = await context.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto(`${base}${path}`);
  await page.waitForLoadState('load');
  return { page, errors, status: response?.status() };
}

const closestPages = (page: Page): Promise<string[]> =>
  page.locator('.dg-not-found-pages a').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));

for (const [where, baseOf] of [
  ['`docsgen dev`', (context: Context) => context.dev.base],
  ['a built site', (context: Context) => context.preview.base],
] as const) {
  notFound(`should offer the closest pages to a mistyped address in ${where}, and follow one with a click`, async (context) => {
    const { page, errors, status } = await openMissing(context, baseOf(context), '/guides/navigaton');
    assert.is(status, 404);
    assert.is(await page.locator('h1').innerText(), 'Page not found');
    await page.locator('.dg-not-found-closest').waitFor();
    const closest = await closestPages(page);
    assert.is(closest[0], '/guides/navigation', closest.join(', '));
    assert.ok(closest.length <= 5);
    // A page moved to another folder is found by its name.
    const moved = await openMissing(context, baseOf(context), '/deploy');
    await moved.page.locator('.dg-not-found-closest').waitFor();
    assert.is((await closestPages(moved.page))[0], '/guides/deploy');
    await moved.page.close();

    await page.locator('.dg-not-found-pages a').first().click();
    await page.waitForURL(/\/guides\/navigation$/);
    assert.is(await page.locator('h1').innerText(), 'Navigation');
    assert.equal(errors, []);
    await page.close();
  });

  notFound(`should search from the 404 page in ${where}`, async (context) => {
    const { page } = await openMissing(context, baseOf(context), '/reference/cfg');
    await page.getByRole('button', { name: /Search the documentation/ }).click();
    await page.locator('dialog[open] input[role=combobox]').waitFor();
    await page.keyboard.type('every field');
    await page.waitForSelector('dialog[open] .dg-search-results[data-query="every field"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/reference\/config$/);
    await page.close();
  });
}

notFound('should speak the site\'s default language: a Spanish site gets a Spanish 404 page', async (context) => {
  const site = await serveProject({
    'docs.json': JSON.stringify({ name: 'Sitio', navigation: { languages: [{ language: 'es', default: true, groups: [{ group: 'Inicio', pages: ['es/index', 'es/guias/navegacion'] }] }, { language: 'en', groups: [{ group: 'Start', pages: ['index'] }] }] } }),
    'index.mdx': contentPage('Introduction', 'The home page.'),
    'es/index.mdx': contentPage('Introducción', 'La página de inicio.'),
    'es/guias/navegacion.mdx': contentPage('Navegación', 'Pestañas y grupos.'),
  });
  try {
    const page = await context.context.newPage();
    await page.goto(`${site.base}/es/guias/navegacon`);
    await page.locator('.dg-not-found-closest').waitFor();
    assert.is(await page.evaluate(() => document.documentElement.lang), 'es');
    assert.is(await page.locator('h1').innerText(), 'Página no encontrada');
    assert.is(await page.locator('.dg-not-found-text').innerText(), 'No hay ninguna página en esta dirección.');
    assert.is(await page.locator('#dg-not-found-closest').innerText(), '¿Buscabas alguna de estas páginas?');
    assert.is(await page.locator('.dg-not-found-link').first().evaluate((link) => link.firstChild?.textContent), 'Navegación');
    assert.is(await page.locator('.dg-not-found a:not(.dg-not-found-link)').innerText(), 'Ir a la página de inicio');
    // The search box opens the dialog, in Spanish too.
    await page.getByRole('button', { name: /Buscar en la documentación/ }).click();
    const dialog = page.locator('dialog.dg-search-dialog[open]');
    await dialog.waitFor();
    assert.is(await dialog.locator('.dg-search-close').getAttribute('aria-label'), 'Cerrar búsqueda');
    const english = await page.evaluate(() => /Page not found|There is no page|Were you looking|Go to the|Search the documentation|Close search/.test(document.body.innerText + Array.from(document.querySelectorAll('[aria-label]')).map((element) => element.getAttribute('aria-label')).join(' ')));
    assert.is(english, false, 'nothing in English');
    await page.close();
  } finally {
    await site.close();
  }
});

notFound('should send a reader to the closest page with `errors.404.redirect`, in `docsgen dev` and a built site, after docs.json\'s own redirects', async (context) => {
  const docs = JSON.parse(files['docs.json']!) as Record<string, unknown>;
  const project = { ...files, 'docs.json': JSON.stringify({ ...docs, errors: { '404': { redirect: true } }, redirects: [{ source: '/legacy/:slug', destination: '/quickstart' }] }) };
  const dev = await serveProject(project);
  const built = await previewBuild(dev.root);
  try {
    for (const base of [dev.base, built.base]) {
      const page = await context.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${base}/guides/navigaton#tabs`);
      await page.waitForURL(/\/guides\/navigation(#tabs)?$/);
      assert.is(await page.locator('h1').innerText(), 'Navigation', base);
      await page.goto(`${base}/legacy/navigation`);
      await page.waitForURL(/\/quickstart$/);
      assert.is(await page.locator('h1').innerText(), 'Quickstart', `${base}: the redirect rule wins`);
      assert.equal(errors, []);
      await page.close();
    }
  } finally {
    await built.close();
    await dev.close();
  }
});

notFound('should send a reader on from the project\'s own 404.mdx with `errors.404.redirect` in a built site', async (context) => {
  const docs = JSON.parse(files['docs.json']!) as Record<string, unknown>;
  const project = { ...files, 'docs.json': JSON.stringify({ ...docs, errors: { '404': { redirect: true } } }), '404.mdx': contentPage('Nothing here', 'Our own page.') };
  const dev = await serveProject(project);
  const built = await previewBuild(dev.root);
  try {
    const page = await context.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${built.base}/guides/deplyo`);
    await page.waitForURL(/\/guides\/deploy$/);
    assert.is(await page.locator('h1').innerText(), 'Deploying');
    assert.equal(errors, []);
    await page.close();
  } finally {
    await built.close();
    await dev.close();
  }
  const kept = await serveProject({ ...files, '404.mdx': contentPage('Nothing here', 'Our own page.') });
  const keptBuild = await previewBuild(kept.root);
  try {
    const page = await context.context.newPage();
    await page.goto(`${keptBuild.base}/guides/deplyo`);
    assert.is(await page.locator('h1').innerText(), 'Nothing here');
    await page.waitForTimeout(300);
    assert.match(page.url(), /\/guides\/deplyo$/);
    await page.close();
  } finally {
    await keptBuild.close();
    await kept.close();
  }
});

notFound('should keep a hostile address harmless', async (context) => {
  const { page, errors } = await openMissing(context, context.preview.base, `/${'%3Cimg%20src=x%20onerror=alert(1)%3E/'.repeat(40)}${'a'.repeat(2000)}`);
  await page.locator('.dg-not-found-closest').waitFor();
  assert.is(await page.locator('.dg-not-found img').count(), 0);
  assert.is(await closestPages(page).then((pages) => pages.length), 5);
  assert.equal(errors, []);
  await page.close();
});

notFound('should look right at 1440x900 and 390x844 in both modes, with no serious accessibility violations', async (context) => {
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await context.context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      await page.goto(`${context.preview.base}/guides/navigaton`);
      await page.locator('.dg-not-found-closest').waitFor();
      await page.screenshot({ path: `${screenshots}not-found-${width}-${scheme}.png` });
      await page.addScriptTag({ content: axe });
      const violations = (await page.evaluate(
        `axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ') + ' ' + (n.any[0] ? n.any[0].message : '')).join(', ')))`,
      )) as string[];
      assert.equal(violations, [], `${width} ${scheme}`);
      await page.close();
    }
  }
});

notFound.run();
