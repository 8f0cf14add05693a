// A project's own CSS written for the hosted platform's documented class names ("element
// selectors": `.callout`, `.card`, `.nav-tabs-item[data-active]`, …), in real Chromium: eleven of
// the real projects tried style components and layout parts by them (e2b's notes, ClickHouse's
// cards and code blocks, Arize's and ComfyUI's active tab, ollama's eyebrow, hydra-db's
// `.mdx-content`). Each rule below sets a custom property the test reads back where the platform
// puts the class.
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevInBrowser, stopDevInBrowser, type DevInBrowser } from './dev-in-browser.js';

const classes = [
  ['.callout[data-callout-type="note"]', '.dg-callout[data-type="note"]'],
  ['.card', '.dg-card'],
  ['.card-group', '.dg-card-group'],
  ['.columns', '.dg-columns:not(.dg-card-group)'],
  ['.code-group', '.dg-code-group'],
  ['.code-block', '.dg-code'],
  ['.tabs', '.dg-tabs:not(.dg-code-group)'],
  ['.accordion-group', '.dg-accordion-group'],
  ['.accordion', '.dg-accordion'],
  ['.expandable', '.dg-expandable'],
  ['.steps', '.dg-steps'],
  ['.step', '.dg-step'],
  ['.frame', '.dg-frame'],
  ['.tile', '.dg-tile'],
  ['.tooltip', '.dg-tooltip'],
  ['.update', '.dg-update'],
  ['.mdx-content', '#content'],
  ['.eyebrow', '.dg-eyebrow'],
  ['.toc', '#table-of-contents'],
  ['.toc-item', '#table-of-contents li'],
  ['.nav-logo', '.dg-header-bar .dg-logo'],
  ['.navbar-link', '.dg-header-bar .dg-navbar-links > li'],
  ['.nav-tabs', '.dg-section-tabs ul'],
  ['.nav-tabs-item[data-active]', '.dg-section-tab[aria-current="true"]'],
  ['.sidebar-group-header', '#sidebar .dg-nav-group-title'],
  ['.sidebar-group', '#sidebar .dg-nav-group > details > .dg-nav-list'],
  ['.pagination-next', '.dg-pager-next'],
  ['.pagination-title', '.dg-pager-next .dg-pager-title'],
] as const;

const style = classes.map(([selector], index) => `${selector} { --platform-class: "${index}"; }`).join('\n');

const files: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Classes',
    navbar: { links: [{ label: 'Blog', href: 'https://example.com/blog' }] },
    navigation: {
      tabs: [
        { tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'next'] }] },
        { tab: 'Reference', groups: [{ group: 'API', pages: ['reference'] }] },
      ],
    },
  }),
  'style.css': style,
  'index.mdx': [
    '---',
    'title: Components',
    '---',
    '',
    '<Note>Mind the gap.</Note>',
    '',
    '<CardGroup cols={2}>',
    '  <Card title="One">A</Card>',
    '  <Card title="Two">B</Card>',
    '</CardGroup>',
    '',
    '<Columns cols={2}>',
    '  <div>Left</div>',
    '  <div>Right</div>',
    '</Columns>',
    '',
    '<CodeGroup>',
    '```bash npm',
    'npm i',
    '```',
    '```bash pnpm',
    'pnpm i',
    '```',
    '</CodeGroup>',
    '',
    '<Tabs>',
    '  <Tab title="First">One</Tab>',
    '  <Tab title="Second">Two</Tab>',
    '</Tabs>',
    '',
    '<AccordionGroup>',
    '  <Accordion title="Question">Answer</Accordion>',
    '</AccordionGroup>',
    '',
    '<Expandable title="details">Inside</Expandable>',
    '',
    '<Steps>',
    '  <Step title="Install">Run it.</Step>',
    '</Steps>',
    '',
    '<Frame>',
    '  <img src="/x.png" alt="x" />',
    '</Frame>',
    '',
    '<Tile href="/next" title="Tile">Preview</Tile>',
    '',
    'A <Tooltip tip="A hint">word</Tooltip>.',
    '',
    '<Update label="v1">Released.</Update>',
    '',
    '## Section',
    '',
    'Text.',
    '',
  ].join('\n'),
  'next.mdx': '---\ntitle: Next\n---\n\nNext page.\n',
  'reference.mdx': '---\ntitle: Reference\n---\n\nReference.\n',
};

type Context = DevInBrowser & { page: Page };
const browser = suite<Context>('the platform\'s class names in Chromium');

browser.before(async (context) => {
  await startDevInBrowser(context, 'docsgen-platform-classes-', files);
  context.page = await context.context.newPage();
  await context.page.setViewportSize({ width: 1440, height: 900 });
});

browser.after(async (context) => {
  await stopDevInBrowser(context);
});

browser('should apply CSS written for the platform\'s class names to the parts that carry them there', async ({ base, page }) => {
  await page.goto(`${base}/`);
  await page.locator('#content').waitFor();
  const missing: string[] = [];
  for (const [index, [selector, part]] of classes.entries()) {
    const found = await page.locator(part).first().evaluate((element) => getComputedStyle(element).getPropertyValue('--platform-class').trim()).catch(() => 'no such part');
    if (found !== `"${index}"`) missing.push(`${selector} on ${part}: ${found}`);
  }
  assert.equal(missing, []);
  // Only the current tab is active.
  assert.is(await page.locator('.nav-tabs-item[data-active]').count(), 1);
  assert.is(await page.locator('.nav-tabs-item[data-active]').textContent(), 'Guides');
});

browser.run();
