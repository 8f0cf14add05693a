// Redirects whose source has a `#fragment` in real Chromium: hosts never see a fragment, so the
// page at the source's path (or the 404 page) sends the reader on, in `docsgen dev` and in a
// build served by `docsgen preview`.
import type { BrowserContext } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { previewBuild, serveProject, type PreviewedBuild, type ServedProject } from './site-project.js';

interface Context {
  dev: ServedProject;
  preview: PreviewedBuild;
  context: BrowserContext;
  close: () => Promise<void>;
}

const fragments = suite<Context>('redirects with a #fragment in Chromium');

const files = {
  'docs.json': JSON.stringify({
    name: 'Fragments',
    navigation: { pages: ['index', 'webhooks/event-types', 'webhooks/events/link-created', 'webhooks/events/sale-created'] },
    redirects: [
      { source: '/webhooks/event-types#link-created', destination: '/webhooks/events/link-created' },
      { source: '/webhooks/event-types#sale-created', destination: '/webhooks/events/sale-created' },
      { source: '/retired#part', destination: '/webhooks/events/sale-created' },
    ],
  }),
  'index.mdx': '---\ntitle: Home\n---\n\n[Link created](/webhooks/event-types#link-created)\n',
  'webhooks/event-types.mdx': '---\ntitle: Event types\n---\n\n## Other\n\nStill here.\n',
  'webhooks/events/link-created.mdx': '---\ntitle: Link created\n---\n\nThe event.\n',
  'webhooks/events/sale-created.mdx': '---\ntitle: Sale created\n---\n\nThe event.\n',
};

fragments.before(async (context) => {
  context.dev = await serveProject(files);
  context.preview = await previewBuild(context.dev.root);
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

fragments.after(async (context) => {
  await context.close?.();
  await context.dev?.close();
  await context.preview?.close();
});

async function follow(context: Context, base: string): Promise<void> {
  const page = await context.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    // Clicked from another page, as a reader follows an old link.
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Link created' }).first().click();
    await page.waitForURL(`${base}/webhooks/events/link-created`);
    assert.is(await page.locator('h1').first().textContent(), 'Link created');
    // Typed in the address bar, and a fragment changed on the page itself.
    await page.goto(`${base}/webhooks/event-types#other`);
    assert.is(new URL(page.url()).pathname, '/webhooks/event-types', 'a fragment without a rule stays');
    await page.evaluate(() => (location.hash = 'sale-created'));
    await page.waitForURL(`${base}/webhooks/events/sale-created`);
    // A path with no page: the 404 page sends the reader on.
    await page.goto(`${base}/retired#part`);
    await page.waitForURL(`${base}/webhooks/events/sale-created`);
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
}

fragments('should follow a redirect with a #fragment in docsgen dev', async (context) => {
  await follow(context, context.dev.base);
});

fragments('should follow a redirect with a #fragment in a build', async (context) => {
  await follow(context, context.preview.base);
});

fragments.run();
