// The reader's first minute, in real Chromium at 1440x900 and 390x844: the site's own labels in
// the page's language, right-to-left pages, the mobile navigation drawer, the tabs row, steps
// and tables on a phone, the changelog, untitled code blocks, and a sidebar that does not move
// after load. Screenshots of each state go to test-output/screenshots/reader-*.png.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { readerProject } from './reader-project.js';
import { serveProject, type ServedProject } from './site-project.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const screenshots = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));
const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

interface Context {
  site: ServedProject;
  context: BrowserContext;
  close: () => Promise<void>;
}

const reader = suite<Context>('reader layout in Chromium');

reader.before(async (context) => {
  mkdirSync(screenshots, { recursive: true });
  context.site = await serveProject(readerProject());
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
  await context.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: context.site.base });
});

reader.after(async (context) => {
  await context.close?.();
  await context.site?.close();
});

async function open(context: Context, slug: string, size: { width: number; height: number }, mode: 'light' | 'dark' = 'light'): Promise<{ page: Page; errors: string[] }> {
  const page = await context.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) errors.push(`${response.status()} ${response.url()}`);
  });
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: mode });
  await page.goto(`${context.site.base}/${slug}`);
  await page.waitForLoadState('load');
  return { page, errors };
}

/** Serious and critical axe-core violations of the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: Array<{ target: unknown[] }> };
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

const box = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);

reader('should show the site\'s own labels in Spanish on a Spanish page, on the server and in the client', async (context) => {
  const { page, errors } = await open(context, 'es/quickstart', desktop);
  assert.is(await page.evaluate(() => document.documentElement.lang), 'es');
  assert.is((await page.locator('.dg-search-prompt').textContent())?.trim(), 'Buscar…');
  assert.is((await page.locator('.dg-toc-title').textContent())?.trim(), 'En esta página');
  assert.match((await page.locator('.dg-pager').textContent()) ?? '', 'Siguiente');
  assert.match((await page.locator('.dg-reading-time').textContent()) ?? '', 'min de lectura');
  assert.is(await page.locator('[data-dg-theme-toggle]').getAttribute('aria-label'), 'Modo oscuro');
  assert.is(await page.locator('.dg-header-bar summary[data-variant="language"]').getAttribute('aria-label'), 'Idioma: Español');
  assert.is((await page.locator('.dg-footer-edit').textContent())?.trim(), 'Editar esta página');
  // The skip link is the first stop.
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Saltar al contenido');
  // A code block's copy button, used as a reader does: the label and the announcement in Spanish.
  const block = page.locator('.dg-code').first();
  await block.hover();
  const copy = block.locator('.dg-code-copy');
  assert.is(await copy.getAttribute('aria-label'), 'Copiar código');
  await copy.click();
  await page.waitForFunction(() => document.querySelector('.dg-code-copy')?.textContent?.includes('Copiado'));
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), 'npm install docsgen');
  await page.waitForFunction(() => Array.from(document.querySelectorAll('[role="status"]')).some((status) => status.textContent === 'Copiado al portapapeles'));
  await page.screenshot({ path: `${screenshots}reader-es-1440-light.png` });
  assert.equal(await axeViolations(page), []);
  // The "Copy page" menu, opened and used as a reader does: every label in Spanish.
  const copyPage = page.locator('.dg-page-header .dg-contextual-copy');
  assert.is((await copyPage.textContent())?.trim(), 'Copiar página');
  const more = page.getByRole('button', { name: 'Más acciones de la página' });
  await more.click();
  const titles = await page.getByRole('menuitem').locator('.dg-contextual-title').allTextContents();
  assert.equal(titles, ['Copiar enlace de Markdown', 'Ver como Markdown', 'Abrir en ChatGPT', 'Abrir en Claude']);
  const descriptions = await page.getByRole('menuitem').locator('.dg-contextual-description').allTextContents();
  assert.equal(descriptions, ['Copiar la URL de la versión en Markdown', 'Abrir esta página como texto sin formato', 'Hacer preguntas sobre esta página', 'Hacer preguntas sobre esta página']);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => Array.from(document.querySelectorAll('.dg-contextual [role="status"]')).some((status) => status.textContent === 'Enlace de Markdown copiado'));
  await copyPage.click();
  await page.waitForFunction(() => Array.from(document.querySelectorAll('.dg-contextual [role="status"]')).some((status) => status.textContent === 'Página copiada como Markdown'));
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /^# Quickstart/);
  // The search dialog: its labels, hints, states and counts in Spanish.
  await page.keyboard.press('Control+k');
  const dialog = page.locator('dialog.dg-search-dialog[open]');
  await dialog.waitFor();
  assert.is(await dialog.getAttribute('aria-label'), 'Buscar en la documentación');
  assert.is(await dialog.locator('input[role=combobox]').getAttribute('aria-label'), 'Buscar en la documentación');
  assert.is(await dialog.locator('input[role=combobox]').getAttribute('placeholder'), 'Buscar…');
  assert.is(await dialog.locator('.dg-search-close').getAttribute('aria-label'), 'Cerrar búsqueda');
  assert.is((await dialog.locator('.dg-search-footer').innerText()).replace(/\s+/g, ' ').trim(), '↑↓ para navegar ↵ para seleccionar Esc para cerrar');
  await page.waitForFunction(() => document.querySelector('dialog[open] .dg-search-heading')?.textContent === 'Páginas');
  await page.keyboard.type('zzzxqv');
  await page.waitForSelector('dialog[open] .dg-search-results[data-query="zzzxqv"]');
  assert.is(await dialog.locator('.dg-search-status').innerText(), 'No hay resultados para «zzzxqv»');
  await dialog.locator('input').fill('writing');
  await page.waitForSelector('dialog[open] .dg-search-results[data-query="writing"]');
  assert.match(await dialog.locator('.dg-search-status').innerText(), /^Páginas encontradas: \d+$/);
  assert.is(await dialog.locator('.dg-search-results').getAttribute('aria-label'), 'Resultados');
  await page.keyboard.press('Escape');
  await page.locator('dialog.dg-search-dialog:not([open])').waitFor({ state: 'attached' });
  // Nothing of these reads English: the page's text outside the prose, and every label.
  const chrome = await page.evaluate(() => {
    const texts: string[] = [];
    for (const element of Array.from(document.querySelectorAll('body *:not(script):not(style)'))) {
      // The prose and the sidebar's page titles are the project's own text.
      if (element.closest('.dg-prose, .dg-nav-link, .dg-nav-group summary')) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) if (element.getAttribute(name)) texts.push(element.getAttribute(name)!);
      for (const node of Array.from(element.childNodes)) if (node.nodeType === 3 && node.textContent!.trim()) texts.push(node.textContent!.trim());
    }
    return texts;
  });
  const english = /\b(Copy|View as|Open in|Ask questions|Search|Results|No results|matching page|Close|to move|to open|to close|Recent pages|Open navigation|Navigation|On this page|Previous|Next|Dark mode|Language|Edit this page|min read|Skip to)\b/;
  assert.equal(chrome.filter((text) => english.test(text)), []);
  // On a phone, the navigation button too.
  await page.setViewportSize(phone);
  const toggle = page.locator('.dg-nav-toggle');
  assert.is(await toggle.getAttribute('aria-label'), 'Abrir navegación');
  await toggle.click();
  assert.is(await toggle.getAttribute('aria-expanded'), 'true');
  assert.is(await page.locator('[data-dg-drawer-close]').getAttribute('aria-label'), 'Cerrar navegación');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.dg-sidebar-wrap')!).transform === 'none');
  await page.screenshot({ path: `${screenshots}reader-es-drawer-390-dark.png` });
  assert.equal(errors, []);
  await page.close();
});

reader('should show the Spanish menu and search dialog open at 1440x900 and 390x844, light and dark, with no serious accessibility violations', async (context) => {
  for (const size of [desktop, phone]) {
    for (const mode of ['light', 'dark'] as const) {
      const { page, errors } = await open(context, 'es/quickstart', size, mode);
      const label = `${size.width} ${mode}`;
      await page.getByRole('button', { name: 'Más acciones de la página' }).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const box = (await menu.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= size.width, `${label}: the menu fits: ${JSON.stringify(box)}`);
      await page.screenshot({ path: `${screenshots}reader-es-menu-${size.width}-${mode}.png` });
      assert.equal(await axeViolations(page), [], `${label} menu`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+k');
      await page.locator('dialog.dg-search-dialog[open]').waitFor();
      await page.keyboard.type('writing');
      await page.waitForSelector('dialog[open] .dg-search-results[data-query="writing"]');
      await page.screenshot({ path: `${screenshots}reader-es-search-${size.width}-${mode}.png` });
      assert.equal(await axeViolations(page), [], `${label} search`);
      assert.equal(errors, [], label);
      await page.close();
    }
  }
});

reader('should lay out Arabic and Hebrew pages right to left: sidebar on the right, table of contents on the left', async (context) => {
  for (const code of ['ar', 'he']) {
    const { page, errors } = await open(context, `${code}/quickstart`, desktop);
    assert.is(await page.evaluate(() => document.documentElement.dir), 'rtl', code);
    const sidebar = await box(page, '.dg-sidebar-wrap');
    const article = await box(page, '.dg-article');
    const toc = await box(page, '.dg-toc-wrap');
    assert.ok(sidebar.left >= article.right, `${code}: the sidebar is right of the article`);
    assert.ok(toc.right <= article.left, `${code}: the table of contents is left of the article`);
    // Text starts at the right; code still reads left to right.
    const heading = await box(page, '.dg-prose h2');
    assert.ok(Math.abs(heading.right - article.right) < 2, `${code}: headings start at the right edge`);
    assert.is(await page.locator('.dg-code pre').first().evaluate((pre) => getComputedStyle(pre).direction), 'ltr');
    // The Copy page pair mirrored: the toggle on the left, joined to the copy button on its right side.
    const copy = await box(page, '.dg-article .dg-contextual-copy');
    const toggle = await box(page, '.dg-article .dg-contextual-toggle');
    assert.ok(toggle.right <= copy.left + 1, `${code}: the toggle is left of Copy page`);
    const sides = await page.locator('.dg-article .dg-contextual-toggle').evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.borderRightWidth, style.borderLeftWidth, style.borderTopRightRadius === '0px', style.borderTopLeftRadius === '0px'];
    });
    assert.equal(sides, ['0px', '1px', true, false], `${code}: the toggle's open side faces Copy page`);
    assert.is(await page.locator('.dg-article .dg-contextual-copy').evaluate((element) => getComputedStyle(element).borderTopLeftRadius), '0px', `${code}: Copy page's square corners face the toggle`);
    if (code === 'ar') {
      assert.is((await page.locator('.dg-toc-title').textContent())?.trim(), 'في هذه الصفحة');
      await page.screenshot({ path: `${screenshots}reader-ar-1440-light.png` });
      // The drawer slides in from the right on a phone.
      await page.setViewportSize(phone);
      await page.locator('.dg-nav-toggle').click();
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.dg-sidebar-wrap')!).transform === 'none');
      const drawer = await box(page, '.dg-sidebar-wrap');
      assert.ok(Math.abs(drawer.right - phone.width) < 1, 'the drawer sits at the right edge');
      await page.screenshot({ path: `${screenshots}reader-ar-drawer-390-dark.png` });
    }
    assert.equal(await axeViolations(page), [], code);
    assert.equal(errors, []);
    await page.close();
  }
});

reader('should put the navbar links and the call to action in a mobile menu that keeps focus and closes with Escape', async (context) => {
  for (const mode of ['light', 'dark'] as const) {
    const { page, errors } = await open(context, 'quickstart', phone, mode);
    // The header has no room for them on a phone.
    assert.is(await page.locator('.dg-header-end .dg-navbar-link', { hasText: 'Talk to us' }).isVisible(), false);
    assert.is(await page.locator('.dg-header-end .dg-primary').isVisible(), false);
    const toggle = page.locator('.dg-nav-toggle');
    await toggle.click();
    const drawer = page.locator('#dg-sidebar');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.dg-sidebar-wrap')!).transform === 'none');
    assert.is(await drawer.getAttribute('role'), 'dialog');
    assert.is(await drawer.getAttribute('aria-modal'), 'true');
    assert.ok(await drawer.locator('.dg-navbar-link', { hasText: 'Talk to us' }).isVisible());
    assert.ok(await drawer.locator('.dg-primary', { hasText: 'Get started' }).isVisible());
    assert.ok(await page.locator('.dg-backdrop').isVisible(), 'a dimmed backdrop');
    assert.is(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Close navigation', 'focus moves into the menu');
    assert.equal(await axeViolations(page), [], mode);
    await page.screenshot({ path: `${screenshots}reader-drawer-390-${mode}.png` });
    // Tab and Shift+Tab stay inside.
    const stops = await drawer.evaluate(
      (panel) => Array.from(panel.querySelectorAll('a[href], button, summary')).filter((element) => element.checkVisibility({ visibilityProperty: true })).length,
    );
    for (let index = 0; index < stops + 2; index += 1) {
      await page.keyboard.press('Tab');
      assert.ok(await page.evaluate(() => document.getElementById('dg-sidebar')!.contains(document.activeElement)), `Tab ${index + 1} stays in the menu`);
    }
    await page.locator('[data-dg-drawer-close]').focus();
    await page.keyboard.press('Shift+Tab');
    assert.ok(await page.evaluate(() => document.getElementById('dg-sidebar')!.contains(document.activeElement)), 'Shift+Tab from the first stop wraps to the last');
    // Escape closes it and gives focus back to the menu button.
    await page.keyboard.press('Escape');
    assert.is(await page.evaluate(() => document.documentElement.hasAttribute('data-nav-open')), false);
    assert.is(await page.evaluate(() => document.activeElement?.classList.contains('dg-nav-toggle')), true);
    assert.is(await toggle.getAttribute('aria-expanded'), 'false');
    // The backdrop and the close button close it too.
    await toggle.click();
    await page.mouse.click(phone.width - 20, phone.height / 2);
    assert.is(await page.evaluate(() => document.documentElement.hasAttribute('data-nav-open')), false, 'a click on the backdrop closes it');
    await toggle.click();
    await page.locator('[data-dg-drawer-close]').click();
    assert.is(await page.evaluate(() => document.documentElement.hasAttribute('data-nav-open')), false);
    assert.equal(errors, []);
    await page.close();
  }
});

reader('should give a page without a sidebar the same menu for its navbar links on a phone', async (context) => {
  const { page, errors } = await open(context, 'landing', phone);
  await page.locator('.dg-nav-toggle').click();
  await page.locator('#dg-sidebar .dg-primary', { hasText: 'Get started' }).waitFor();
  assert.ok(await page.locator('#dg-sidebar .dg-navbar-link', { hasText: 'Talk to us' }).isVisible());
  assert.is(await page.locator('#dg-sidebar .dg-sidebar').count(), 0, 'no sidebar in it');
  await page.keyboard.press('Escape');
  assert.is(await page.evaluate(() => document.activeElement?.classList.contains('dg-nav-toggle')), true);
  // Wide, neither the button nor the menu shows; the header has the links.
  await page.setViewportSize(desktop);
  assert.is(await page.locator('.dg-nav-toggle').isVisible(), false);
  assert.is(await page.locator('#dg-sidebar').isVisible(), false);
  assert.ok(await page.locator('.dg-header-end .dg-navbar-link', { hasText: 'Talk to us' }).isVisible());
  assert.equal(errors, []);
  await page.close();
});

reader('should let the tabs row scroll on a phone, with a fade on the side that has more tabs', async (context) => {
  const { page } = await open(context, 'quickstart', phone);
  const row = page.locator('.dg-section-tabs');
  assert.is(await row.getAttribute('data-more-right'), '');
  assert.is(await row.getAttribute('data-more-left'), null);
  assert.match(await row.locator('ul').evaluate((list) => getComputedStyle(list).maskImage), 'linear-gradient');
  // No tab is cut to fit: each keeps its whole label on one line.
  const clipped = await row.locator('.dg-section-tab').evaluateAll((tabs) => tabs.filter((tab) => tab.scrollWidth > tab.clientWidth + 1).length);
  assert.is(clipped, 0);
  await page.screenshot({ path: `${screenshots}reader-tabs-390-light.png`, clip: { x: 0, y: 0, width: phone.width, height: 120 } });
  // Scrolled sideways (a swipe, here the wheel), the last tab comes into view and the fade moves.
  await page.mouse.move(200, 80);
  await page.mouse.wheel(600, 0);
  await page.waitForFunction(() => document.querySelector('.dg-section-tabs')!.hasAttribute('data-more-left'));
  await page.waitForFunction(() => !document.querySelector('.dg-section-tabs')!.hasAttribute('data-more-right'));
  const last = await box(page, '.dg-section-tabs li:last-child');
  assert.ok(last.right <= phone.width, 'the last tab is in view');
  await page.locator('.dg-section-tab', { hasText: 'Integrations' }).click();
  await page.waitForURL(/\/tab-5$/);
  await page.close();
});

reader('should use a phone\'s width for steps and keep table columns readable', async (context) => {
  const { page } = await open(context, 'steps', phone);
  const article = await box(page, '.dg-prose');
  const marker = await box(page, '.dg-step-marker');
  const body = await box(page, '.dg-step-body');
  assert.ok(marker.left - article.left < 1, `steps start at the text's edge (${marker.left - article.left}px)`);
  assert.ok(body.left - article.left <= 40, `step text is indented ${body.left - article.left}px`);
  await page.locator('.dg-steps').evaluate((steps) => steps.scrollIntoView());
  await page.screenshot({ path: `${screenshots}reader-steps-390-light.png` });
  // The description column keeps a readable width; the table scrolls sideways in its box instead.
  const table = page.locator('.dg-prose table');
  await table.scrollIntoViewIfNeeded();
  const description = await table.locator('th:last-child').evaluate((cell) => cell.getBoundingClientRect().width);
  assert.ok(description >= 230, `description column ${description}px wide`);
  assert.ok(await page.locator('.dg-prose .dg-table-wrap').evaluate((element) => element.scrollWidth > element.clientWidth), 'the table scrolls in its box');
  await table.hover();
  await page.mouse.wheel(400, 0);
  await page.waitForFunction(() => document.querySelector('.dg-prose .dg-table-wrap')!.scrollLeft > 0);
  await page.screenshot({ path: `${screenshots}reader-table-390-light.png` });
  await page.close();
});

reader('should show a changelog entry\'s date as a small one-line badge and list the dates in the table of contents', async (context) => {
  for (const [size, mode] of [[desktop, 'light'], [desktop, 'dark'], [phone, 'light'], [phone, 'dark']] as const) {
    const { page, errors } = await open(context, 'changelog', size, mode);
    const label = page.locator('.dg-update-label').first();
    const height = await label.evaluate((element) => element.getBoundingClientRect().height);
    const fontSize = await label.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    assert.ok(height < 28, `one line: ${height}px high`);
    assert.ok(fontSize <= 14, `small: ${fontSize}px`);
    assert.ok(await label.evaluate((element) => Number(getComputedStyle(element).fontWeight) <= 500), 'not bold');
    await page.screenshot({ path: `${screenshots}reader-changelog-${size.width}-${mode}.png` });
    if (size === desktop) {
      const entries = (await page.locator('.dg-toc-link').allTextContents()).map((text) => text.trim());
      assert.equal(entries, ['March 3, 2026', 'February 24, 2026', 'February 10, 2026', 'January 27, 2026']);
      await page.locator('.dg-toc-link', { hasText: 'February 10, 2026' }).click();
      await page.waitForURL(/#february-10-2026$/);
      await page.waitForFunction(() => document.querySelector('.dg-toc-link[aria-current="true"]')?.textContent?.trim() === 'February 10, 2026');
      assert.equal(await axeViolations(page), [], mode);
    }
    assert.equal(errors, []);
    await page.close();
  }
});

reader('should float the copy button of an untitled code block, shown on hover and keyboard focus, and keep the bar of titled blocks and groups', async (context) => {
  for (const [size, mode] of [[desktop, 'light'], [desktop, 'dark'], [phone, 'light'], [phone, 'dark']] as const) {
    const { page } = await open(context, 'steps', size, mode);
    if (size === phone) {
      // A phone: a touch screen, without hover.
      const session = await context.context.newCDPSession(page);
      await session.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
      await session.send('Emulation.setEmitTouchEventsForMouse', { enabled: true, configuration: 'mobile' });
      assert.ok(await page.evaluate(() => matchMedia('(hover: none)').matches), 'no hover');
    }
    await page.locator('#code').evaluate((heading) => heading.scrollIntoView());
    const untitled = page.locator('.dg-prose > .dg-code:not([data-bar])').first();
    const titled = page.locator('.dg-code[data-bar]').first();
    assert.is(await untitled.locator('.dg-code-bar').count(), 0, 'no bar on an untitled block');
    assert.ok((await titled.locator('.dg-code-bar').evaluate((bar) => bar.getBoundingClientRect().height)) >= 36, 'titled blocks keep theirs');
    assert.is(await page.locator('.dg-code-group .dg-tabs-list').count(), 1, 'code groups keep their tabs row');
    const copy = untitled.locator('.dg-code-copy');
    if (size === desktop) {
      await page.mouse.move(5, 5);
      await page.waitForFunction((element) => getComputedStyle(element!).opacity === '0', await copy.elementHandle());
      // Keyboard: Tab reaches the button from the block before it, and shows it.
      await titled.locator('.dg-code-copy').focus();
      await page.keyboard.press('Tab');
      assert.is(await page.evaluate(() => document.activeElement?.closest('.dg-code')?.hasAttribute('data-bar')), false, 'focus on the floating button');
      await page.waitForFunction((element) => getComputedStyle(element!).opacity === '1', await copy.elementHandle());
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => navigator.clipboard.readText().then((text) => text === 'echo untitled'));
      await page.mouse.move(5, 5);
      await untitled.hover();
      await page.waitForFunction((element) => getComputedStyle(element!).opacity === '1', await copy.elementHandle());
      // In the corner, over the code.
      const button = await copy.boundingBox();
      const block = await untitled.boundingBox();
      assert.ok(button && block && block.x + block.width - (button.x + button.width) < 12 && button.y - block.y < 12, 'top right corner');
    } else {
      // A touch screen shows the button (once its fade-in has run).
      await page.waitForFunction((element) => getComputedStyle(element!).opacity === '1', await copy.elementHandle());
    }
    await page.screenshot({ path: `${screenshots}reader-code-${size.width}-${mode}.png` });
    await page.close();
  }
});

reader('should keep the sidebar still while the page loads: cumulative layout shift under 0.01', async (context) => {
  for (const slug of ['components/page-8', 'writing/page-12', 'api/g4-p10', 'api/g8-p20']) {
    const page = await context.context.newPage();
    await page.setViewportSize({ width: 1440, height: 600 });
    await page.addInitScript({
      content:
        'window.shifts = []; new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shifts.push(entry.value); }).observe({ type: "layout-shift", buffered: true });',
    });
    await page.goto(`${context.site.base}/${slug}`);
    await page.waitForLoadState('load');
    // Every open group has its entries (filled in from the navigation file where needed).
    await page.waitForFunction(() => Array.from(document.querySelectorAll('details[data-dg-group][open]')).every((group) => group.hasAttribute('data-loaded')));
    await page.waitForTimeout(300);
    const cls = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
    assert.ok(cls < 0.01, `${slug}: cumulative layout shift ${cls}`);
    if (slug === 'components/page-8') {
      // A nested group away from the page opens with its entries from the navigation file.
      await page.locator('summary', { hasText: 'More components' }).click();
      await page.locator('.dg-sidebar a', { hasText: /^More$/ }).waitFor();
    } else if (slug.startsWith('api/')) {
      // Groups beyond the page's budget were filled in where their room was kept.
      assert.is(await page.locator('.dg-nav-spacer').count(), 0);
      assert.is(await page.locator('.dg-sidebar a.dg-nav-link').count(), 160);
    }
    await page.close();
  }
});

reader.run();
