// Real Chromium for tests that click: Debian's /usr/bin/chromium driven by playwright-core
// (installed by `node scripts/setup.mjs --with-browser`, which `npm test` runs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const chromiumPath = process.env.DOCSGEN_CHROMIUM ?? '/usr/bin/chromium';

/** A fresh browser profile; close it with the returned function. */
export async function launchBrowser(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  // Playwright refuses `--user-data-dir`; a fresh folder per launch is the profile.
  const profile = mkdtempSync(join(tmpdir(), 'docsgen-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
