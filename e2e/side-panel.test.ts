// Panel, RequestExample and ResponseExample in real Chromium: in the right-hand column in place
// of the table of contents on wide screens (sticky, scrollable when taller than the window),
// in the flow after the page header on narrow ones. Screenshots go to test-output/screenshots/.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.js';
import { contentPage, serveProject, type ServedProject } from './site-project.js';

const screenshots = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const requestLines = Array.from({ length: 40 }, (_, index) => `  -d 'field${index + 1}=value'`).join(' \\\n');

const examplesPage = `${contentPage('Create a user', 'Creates a user and returns it.')}

<RequestExample>

\`\`\`bash cURL
curl -X POST https://api.example.com/users \\
${requestLines}
\`\`\`

\`\`\`js JavaScript
await fetch('https://api.example.com/users', { method: 'POST' });
\`\`\`

</RequestExample>

<ResponseExample>

\`\`\`json 201
{ "id": "usr_1", "name": "Ada" }
\`\`\`

</ResponseExample>
`;

const panelPage = `${contentPage('Get a user', 'Returns one user.')}

<Panel>
  <p id="panel-intro">Everything about the user object.</p>
  <RequestExample>

\`\`\`bash cURL
curl https://api.example.com/users/usr_1
\`\`\`

  </RequestExample>
</Panel>
`;

interface Context {
  site: ServedProject;
  context: BrowserContext;
  close: () => Promise<void>;
}

const side = suite<Context>('side panel in Chromium');

side.before(async (context) => {
  mkdirSync(screenshots, { recursive: true });
  context.site = await serveProject({
    'docs.json': JSON.stringify({ name: 'Side panel', navigation: { groups: [{ group: 'API', pages: ['index', 'users/create', 'users/get'] }] } }),
    'index.mdx': contentPage('Introduction', 'The API.'),
    'users/create.mdx': examplesPage,
    'users/get.mdx': panelPage,
  });
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
});

side.after(async (context) => {
  await context.close?.();
  await context.site?.close();
});

async function open(context: Context, slug: string, width: number, height: number): Promise<Page> {
  const page = await context.context.newPage();
  await page.setViewportSize({ width, height });
  const response = await page.goto(`${context.site.base}/${slug}`);
  assert.is(response?.status(), 200);
  return page;
}

async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  assert.ok(box, `${selector} has a box`);
  return box;
}

side('should put the examples in the right-hand column in place of the table of contents at 1400px', async (context) => {
  const page = await open(context, 'users/create', 1400, 800);
  assert.is(await page.locator('.dg-toc-wrap, .dg-toc').count(), 0);
  assert.is(await page.locator('.dg-side-panel').count(), 1);
  assert.is(await page.locator('[data-example="request"]').count(), 1);
  const body = await boxOf(page, '.dg-article-body');
  const panel = await boxOf(page, '.dg-side-panel');
  assert.ok(panel.x >= body.x + body.width, `panel at ${panel.x}, content ends at ${body.x + body.width}`);
  assert.ok(panel.x + panel.width <= 1400, 'panel inside the window');
  const title = await boxOf(page, '.dg-title');
  assert.ok(Math.abs(panel.y - title.y) < 80, `panel starts beside the title (${panel.y} / ${title.y})`);
  // Request example order: the request comes first, then the response.
  const request = await boxOf(page, '[data-example="request"]');
  const response = await boxOf(page, '[data-example="response"]');
  assert.ok(response.y > request.y);
  // Taller than the window: it scrolls on its own, within the window.
  const sizes = await page.locator('.dg-side-panel').evaluate((element) => ({ scroll: element.scrollHeight, client: element.clientHeight }));
  assert.ok(sizes.scroll > sizes.client, `panel scrolls (${sizes.scroll} > ${sizes.client})`);
  assert.ok(panel.y + panel.height <= 800, 'panel fits in the window');
  await page.screenshot({ path: `${screenshots}side-panel-1400.png` });
  // Sticky: still in view after scrolling the page to its end.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const scrolled = await boxOf(page, '.dg-side-panel');
  assert.ok(scrolled.y >= 0 && scrolled.y < 200, `panel still at the top of the window (${scrolled.y})`);
  await page.screenshot({ path: `${screenshots}side-panel-1400-scrolled.png` });
  await page.close();
});

side('should show the examples in the flow after the page header at 800px', async (context) => {
  const page = await open(context, 'users/create', 800, 900);
  assert.ok(await page.locator('.dg-side-panel').isVisible());
  assert.ok(await page.locator('[data-example="response"]').isVisible());
  const header = await boxOf(page, '.dg-page-header');
  const panel = await boxOf(page, '.dg-side-panel');
  const body = await boxOf(page, '.dg-article-body');
  assert.ok(panel.y >= header.y + header.height, 'below the page header');
  assert.ok(body.y >= panel.y + panel.height, 'above the content');
  assert.ok(Math.abs(panel.x - body.x) < 1 && Math.abs(panel.width - body.width) < 1, 'as wide as the content');
  await page.screenshot({ path: `${screenshots}side-panel-800.png`, fullPage: true, clip: { x: 0, y: 0, width: 800, height: 1700 } });
  await page.close();
});

side('should move a Panel with the example inside it, once', async (context) => {
  const page = await open(context, 'users/get', 1400, 800);
  assert.is(await page.locator('.dg-toc').count(), 0);
  assert.is(await page.locator('#panel-intro').count(), 1);
  assert.is(await page.locator('.dg-side-panel .dg-panel [data-example="request"]').count(), 1);
  assert.is(await page.locator('.dg-article-body [data-example], .dg-article-body .dg-panel').count(), 0);
  const body = await boxOf(page, '.dg-article-body');
  const panel = await boxOf(page, '.dg-side-panel');
  assert.ok(panel.x >= body.x + body.width);
  await page.screenshot({ path: `${screenshots}side-panel-panel-1400.png` });
  await page.close();
});

side('should have no serious accessibility problems in the side panel, wide and narrow', async (context) => {
  for (const [slug, width] of [['users/create', 1400], ['users/get', 1400], ['users/create', 800]] as const) {
    const page = await open(context, slug, width, 800);
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      type Violation = { id: string; impact: string | null; nodes: Array<{ target: unknown[] }> };
      const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<{ violations: Violation[] }> } }).axe;
      const result = await axe.run({ include: [['.dg-side-panel']] }, { resultTypes: ['violations'] });
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    });
    assert.equal(violations, [], `/${slug} at ${width}px`);
    await page.close();
  }
});

side('should keep the table of contents on pages without side content', async (context) => {
  const page = await open(context, '', 1400, 800);
  assert.ok(await page.locator('.dg-toc').isVisible());
  assert.is(await page.locator('.dg-side-panel').count(), 0);
  await page.close();
});

side.run();
