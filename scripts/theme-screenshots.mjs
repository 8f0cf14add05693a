#!/usr/bin/env node
// Takes the screenshots of the themes guide (docs/guides/themes-and-appearance.mdx): docsgen's
// own docs (docs/) copied to a temp folder with `theme` changed, served by the dev server, one
// page shot in Chromium in light and dark mode. Not run by the tests; rerun it after changing a
// theme's stylesheet. Needs `npm run build` first and Chromium (DOCSGEN_CHROMIUM or /usr/bin/chromium).
//
//   node scripts/theme-screenshots.mjs [theme...] [--out dir] [--page slug] [--size 1440x900]
//
// Writes `<out>/themes-<theme>-<light|dark>.png` (default out: docs/images) as 256-colour PNGs
// and prints each file's size.
import { createRequire } from 'node:module';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createSite } from '@docsgen/core';
import { createDevServer } from '@docsgen/dev-server';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
// sharp comes with @docsgen/og-cards (it draws the social cards); the screenshots borrow it.
const sharp = createRequire(join(root, 'packages/og-cards/package.json'))('sharp');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string', default: join(root, 'docs/images') }, page: { type: 'string', default: 'quickstart' }, size: { type: 'string', default: '1440x900' } },
});
const themes = positionals.length > 0 ? positionals : ['maple', 'linden', 'aspen', 'luma'];
const [width, height] = values.size.split('x').map(Number);

const project = mkdtempSync(join(tmpdir(), 'docsgen-theme-shots-'));
const profile = mkdtempSync(join(tmpdir(), 'docsgen-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.DOCSGEN_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const theme of themes) {
    rmSync(project, { recursive: true, force: true });
    cpSync(join(root, 'docs'), project, { recursive: true });
    const config = JSON.parse(readFileSync(join(project, 'docs.json'), 'utf8'));
    writeFileSync(join(project, 'docs.json'), JSON.stringify({ ...config, theme }, null, 2));
    const server = createDevServer({ site: await createSite(project, { compileCache: false }), liveReload: false });
    await new Promise((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    const page = await context.newPage();
    try {
      await page.setViewportSize({ width, height });
      for (const mode of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
        await page.goto(`http://127.0.0.1:${server.server.address().port}/${values.page}`);
        await page.waitForLoadState('load');
        const file = join(values.out, `themes-${theme}-${mode}${values.size === '1440x900' ? '' : `-${values.size}`}.png`);
        const shot = await page.screenshot();
        await sharp(shot).png({ palette: true, colours: 256, effort: 10 }).toFile(file);
        console.log(`${file}  ${(statSync(file).size / 1024).toFixed(0)} KB`);
      }
    } finally {
      await page.close();
      await server.close();
    }
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
}
