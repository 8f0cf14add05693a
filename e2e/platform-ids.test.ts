// A project's own CSS and script written for the hosted platform's documented ids, in real
// Chromium, the way the Model Context Protocol's docs use them: section numbers on headings and
// table-of-contents entries (`#content-area h2[id]`, `#table-of-contents li[data-depth="0"]`,
// turned on by an element of the page), a script that puts a notice under the page's title
// (`header#header`) with Tailwind classes the site's stylesheet is made for, and the navbar's
// button restyled (`#topbar-cta-button`). A page with a heading named like one of those ids
// keeps its anchor: a reader following `#footer` lands on it.
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevInBrowser, stopDevInBrowser, type DevInBrowser } from './dev-in-browser.js';

const style = `
#enable-section-numbers { display: none; }
body:has(#enable-section-numbers) {
  #content-area, #table-of-contents { counter-reset: h2-counter h3-counter; }
  #content-area h2[id], #table-of-contents li[data-depth="0"] { counter-increment: h2-counter; counter-set: h3-counter; }
  #content-area h3[id], #table-of-contents li[data-depth="1"] { counter-increment: h3-counter; }
  #content-area h2[id]::before, #table-of-contents li[data-depth="0"] > a::before { content: counter(h2-counter) ". "; }
  #content-area h3[id]::before, #table-of-contents li[data-depth="1"] > a::before { content: counter(h2-counter) "." counter(h3-counter) " "; }
}
#topbar-cta-button { background-color: rgb(58, 91, 255) !important; }
/* ClickHouse's: callouts and code blocks by the platform's part names. */
html:not(.dark) [data-callout-type="note"] { background-color: rgb(1, 2, 3); }
[data-callout-type="note"] [data-component-part="callout-content"] { color: rgb(83, 87, 95) !important; }
[data-component-part="code-block-root"] { border-radius: 4px !important; }
/* Dify's: a page kept out of the sidebar's list by its link. */
#sidebar-content a[href="/layout"] { display: none; }
/* The platform's variables, as its templates and the MCP docs read them. */
.brand-box { border: 1px solid rgb(var(--gray-200)); background-color: rgb(var(--primary) / 0.5); color: rgb(var(--gray-500)); }
`;

// DeepL's tablet-width.css: geometry written for the platform's fixed sidebar, which sits over
// the page while \`#content-area\` is padded to clear it.
const platformGeometry = `
@media (min-width: 880px) {
  #sidebar { display: block; width: 16rem; }
  #content-area { padding-left: 21.5rem; margin-left: -3rem; }
}
/* Cobalt's: the whole body padded by its widened sidebar. */
@media (min-width: 1024px) {
  body:not(:has(.welcome-container)) #body-content { padding-left: 17rem !important; }
}
`;

const script = `
function placeNotice() {
  if (document.querySelector('[data-notice]')) return;
  const area = document.querySelector('#content-area');
  const header = area && (area.querySelector('header#header') || area.querySelector('h1'));
  if (!header) return;
  const notice = document.createElement('div');
  notice.setAttribute('data-notice', '');
  notice.className = 'my-4 px-5';
  notice.textContent = 'You are viewing an older version.';
  // Tailwind classes in the script's own strings: the site's stylesheet has them.
  const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  icon.setAttribute('class', 'flex-none size-5');
  icon.setAttribute('viewBox', '0 0 24 24');
  notice.prepend(icon);
  header.insertAdjacentElement('afterend', notice);
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', placeNotice);
else placeNotice();
`;

// The platform's help-center template: its "popular searches" buttons open the search from
// the navbar's entry and type the term into the search field, both found by their ids.
const popularSearches = `
document.addEventListener('click', function (event) {
  var button = event.target instanceof Element && event.target.closest('[data-popular-search]');
  if (!button) return;
  document.getElementById('search-bar-entry').click();
  (function fill(attempt) {
    var input = document.getElementById('search-input');
    if (input) {
      input.value = button.getAttribute('data-term');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.focus();
    } else if (attempt < 40) setTimeout(function () { fill(attempt + 1); }, 50);
  })(0);
});
`;

const files: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Ids',
    navbar: { primary: { type: 'button', label: 'Sign in', href: 'https://example.com' } },
    footer: { socials: { github: 'https://github.com/acme' } },
    colors: { primary: '#166E3F' },
    navigation: { pages: ['index', 'layout'] },
  }),
  'style.css': style,
  'tablet-width.css': platformGeometry,
  'notice.js': script,
  'search.js': popularSearches,
  'card.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160"><rect width="320" height="160" fill="#334"/></svg>',
  'index.mdx': '---\ntitle: Lifecycle\n---\n\n<div id="enable-section-numbers" />\n\n<div className="brand-box">Brand</div>\n\n<Note>Mind the gap.</Note>\n\n<Card title="Quick start" img="/card.svg" href="/layout">Run it.</Card>\n\n```bash\necho hi\n```\n\n<button type="button" data-popular-search data-term="timeouts">TIMEOUTS</button>\n\n<div className="kb-card"><Icon icon="key-round" library="lucide" size={36} className="!bg-white" /></div>\n\n## Phases\n\nText.\n\n### Initialization\n\nText.\n\n### Operation\n\nText.\n\n## Timeouts\n\nText.\n',
  'layout.mdx': `---\ntitle: Layout\n---\n\n## Header\n\nThe top.\n\n${'Filler paragraph.\n\n'.repeat(40)}## Footer\n\nThe bottom.\n\n${'More filler.\n\n'.repeat(40)}`,
};

type Context = DevInBrowser & { page: Page };
const ids = suite<Context>('the platform\'s ids in Chromium');

ids.before(async (context) => {
  await startDevInBrowser(context, 'docsgen-platform-ids-', files);
  context.page = await context.context.newPage();
  await context.page.setViewportSize({ width: 1440, height: 900 });
});

ids.after(async (context) => {
  await stopDevInBrowser(context);
});

ids('should number headings and their table-of-contents entries with the project\'s CSS', async ({ base, page }) => {
  await page.goto(`${base}/`);
  // The counters the project's rules set on each (a rule that does not match leaves `none`).
  const counters = (selector: string) => page.locator(selector).evaluate((element) => getComputedStyle(element).counterIncrement);
  const before = (selector: string) => page.locator(selector).evaluate((element) => getComputedStyle(element, '::before').content);
  assert.is(await counters('h2#phases'), 'h2-counter 1');
  assert.is(await counters('h3#operation'), 'h3-counter 1');
  assert.is(await counters('#table-of-contents li:has(> a[href="#phases"])'), 'h2-counter 1');
  assert.is(await counters('#table-of-contents li:has(> a[href="#operation"])'), 'h3-counter 1');
  assert.is(await before('h2#timeouts'), 'counter(h2-counter) ". "');
  assert.is(await before('#table-of-contents a[href="#initialization"]'), 'counter(h2-counter) "." counter(h3-counter) " "');
});

ids('should let the project\'s script find the page header and put its notice under it', async ({ base, page }) => {
  await page.goto(`${base}/`);
  const notice = page.locator('[data-notice]');
  await notice.waitFor();
  assert.is(await notice.evaluate((element) => element.previousElementSibling?.id), 'header');
  assert.is(await notice.evaluate((element) => element.previousElementSibling?.querySelector('h1')?.id), 'page-title');
  // Shown between the title and the text.
  const [title, shown, text] = await Promise.all([page.locator('#page-title').boundingBox(), notice.boundingBox(), page.locator('#content').boundingBox()]);
  assert.ok(title && shown && text && title.y < shown.y && shown.y < text.y);
  // Sized by the classes the script gives it (an SVG without them fills the column).
  assert.equal(await notice.locator('svg').evaluate((element) => [getComputedStyle(element).width, getComputedStyle(element).height]), ['20px', '20px']);
  assert.is(await notice.evaluate((element) => getComputedStyle(element).paddingLeft), '20px');
});

ids('should restyle the navbar\'s button by its id', async ({ base, page }) => {
  await page.goto(`${base}/`);
  assert.is(await page.locator('#topbar-cta-button').evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(58, 91, 255)');
  assert.is(await page.locator('#topbar-cta-button').textContent(), 'Sign in');
});

ids('should take a reader following a link to a heading named "Footer" to that heading', async ({ base, page }) => {
  await page.goto(`${base}/layout`);
  await page.locator('#table-of-contents a[href="#footer"]').click();
  await page.waitForFunction(() => location.hash === '#footer');
  const heading = page.locator('h2#footer');
  assert.match((await heading.textContent()) ?? '', /^Footer/);
  // Scrolled there (smoothly, maybe): wait until it stops near the top.
  await page.waitForFunction(() => {
    const top = document.querySelector('h2#footer')!.getBoundingClientRect().top;
    return top >= 0 && top < 300;
  });
  const box = await heading.boundingBox();
  assert.ok(box && box.y >= 0 && box.y < 450, `the heading is in view at the top (y ${box?.y})`);
  assert.is(await page.locator('[id="footer"]').count(), 1, 'one element with the id: the heading');
  assert.is(await page.locator('footer.dg-footer').count(), 1, 'the site footer is there, without the id');
  assert.is(await page.locator('[id="header"]').count(), 1);
  assert.is(await page.locator('[id="header"]').evaluate((element) => element.tagName), 'H2');
});

ids('should keep the page beside the sidebar when the project\'s CSS moves `#content-area` or `#body-content` to clear the platform\'s', async ({ base, page }) => {
  for (const width of [1440, 950]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${base}/`);
    const area = page.locator('#content-area');
    assert.equal(await area.evaluate((element) => [getComputedStyle(element).paddingLeft, getComputedStyle(element).marginLeft]), ['0px', '0px']);
    const [sidebar, title] = await Promise.all([page.locator('#sidebar').boundingBox(), page.locator('#page-title').boundingBox()]);
    assert.ok(sidebar && title, 'both shown');
    // The sidebar at the left of the page, not a padded 17rem further (Cobalt's rule).
    assert.ok(sidebar!.x < 40, `sidebar at ${sidebar!.x} px at ${width} px`);
    // The title starts right after the sidebar (docsgen's own gap), not 21.5rem further.
    const gap = title!.x - (sidebar!.x + sidebar!.width);
    assert.ok(gap >= 0 && gap < 120, `gap of ${gap} px at ${width} px`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
});

ids('should let the project\'s CSS hide a sidebar link through `#sidebar-content`', async ({ base, page }) => {
  await page.goto(`${base}/`);
  assert.is(await page.locator('#sidebar #sidebar-content').count(), 1);
  assert.not.ok(await page.locator('#sidebar-content a[href="/layout"]').isVisible(), 'hidden by the project\'s rule');
  assert.ok(await page.locator('#sidebar-content a[href="/"]').isVisible(), 'the other link shown');
});

ids('should style callouts and code blocks by the platform\'s part names', async ({ base, page }) => {
  await page.goto(`${base}/`);
  const note = page.locator('.dg-callout', { hasText: 'Mind the gap.' });
  assert.is(await note.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(1, 2, 3)');
  assert.is(await note.locator('[data-component-part="callout-content"]').evaluate((element) => getComputedStyle(element).color), 'rgb(83, 87, 95)');
  assert.is(await page.locator('figure.dg-code').first().evaluate((element) => getComputedStyle(element).borderTopLeftRadius), '4px');
});

ids('should draw a card\'s image edge to edge, as Trigger.dev\'s home page shows four', async ({ base, page }) => {
  await page.goto(`${base}/`);
  const card = page.locator('a.dg-card', { hasText: 'Quick start' });
  const [box, image] = await Promise.all([card.boundingBox(), card.locator('img.dg-card-img').boundingBox()]);
  assert.ok(box && image, 'both shown');
  // Inside the card's 1 px border on both sides, at its top.
  assert.ok(Math.abs(image.x - (box.x + 1)) <= 1 && Math.abs(image.x + image.width - (box.x + box.width - 1)) <= 1, `image ${image.x}..${image.x + image.width}, card ${box.x}..${box.x + box.width}`);
  assert.ok(Math.abs(image.y - (box.y + 1)) <= 1, 'at the top');
});

ids('should give CSS written for the platform its colour variables, as channels', async ({ base, page }) => {
  await page.goto(`${base}/`);
  const box = page.locator('.brand-box');
  assert.equal(await box.evaluate((element) => [getComputedStyle(element).borderTopColor, getComputedStyle(element).backgroundColor, getComputedStyle(element).color]), ['rgb(229, 231, 235)', 'rgba(22, 110, 63, 0.5)', 'rgb(107, 114, 128)']);
});

ids('should open the search with the term a reader picked, from the project\'s own buttons (the platform\'s help-center template)', async ({ base, page }) => {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'TIMEOUTS' }).click();
  const input = page.locator('#search-input');
  await input.waitFor();
  await page.waitForFunction(() => (document.getElementById('search-input') as HTMLInputElement | null)?.value === 'timeouts');
  assert.ok(await input.evaluate((element) => element === document.activeElement), 'the field has the focus');
  assert.ok(await input.evaluate((element) => element.closest('dialog')?.open === true), 'in the open search dialog');
  await page.keyboard.press('Escape');
});

ids('should paint an icon\'s glyph with its background colour class, as the platform does', async ({ base, page }) => {
  await page.goto(`${base}/`);
  const icon = page.locator('.kb-card [data-icon="key-round"]');
  assert.is(await icon.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(255, 255, 255)');
  assert.match(await icon.evaluate((element) => getComputedStyle(element).maskImage || getComputedStyle(element).webkitMaskImage), /^url\("data:image\/svg\+xml,/);
  const box = await icon.boundingBox();
  assert.ok(box && Math.round(box.width) === 36 && Math.round(box.height) === 36, `36 px square, ${box?.width}×${box?.height}`);
});

ids.run();
