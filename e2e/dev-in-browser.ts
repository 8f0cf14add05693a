// A project written to a temporary folder, served by a dev session on a free port, and a
// Chromium to open it: what the browser tests of dev-only behaviour share.
import { createSite } from '@docsgen/core';
import { startDevSession, type DevSession } from '@docsgen/dev-server';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from './browser.js';

export interface DevInBrowser {
  root: string;
  session: DevSession;
  base: string;
  context: BrowserContext;
  close: () => Promise<void>;
}

/** Writes `files` (path → content) to a new folder, starts `docsgen dev` on it and a browser; fills `into`. */
export async function startDevInBrowser(into: Partial<DevInBrowser>, prefix: string, files: Record<string, string>): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  into.root = root;
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  const session = await startDevSession({ root, loadSite: () => createSite(root) });
  into.session = session;
  await new Promise<void>((resolve) => session.server.listen(0, '127.0.0.1', resolve));
  into.base = `http://127.0.0.1:${(session.server.address() as AddressInfo).port}`;
  const launched = await launchBrowser();
  into.context = launched.context;
  into.close = launched.close;
}

/** Closes what `startDevInBrowser` started, whatever part of it started. */
export async function stopDevInBrowser(from: Partial<DevInBrowser>): Promise<void> {
  await from.close?.();
  await from.session?.close();
  if (from.root) rmSync(from.root, { recursive: true, force: true });
}
